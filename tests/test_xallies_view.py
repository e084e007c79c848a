"""The XAllies board's words and drawing, driven headless: where the next drop goes, the result of a game, the
shooting line, the region names and the well numbers drawn where they stay readable."""
import math

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, palette  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.board.calls import Recorder  # noqa: E402
from xlib.agents.chance import chance_move  # noqa: E402
from xlib.views.xallies.view import (CHIP_R, CX, CY, NUMBER_R, RING, WELL_R, XAlliesView, next_well,  # noqa: E402
                                     supply_y, well_centre)

VIEW = XAlliesView()


def drawn(state):
    canvas = Recorder()
    VIEW.draw(canvas, state, Overlay(interactive=True))
    return canvas.ops


def texts(ops):
    return [a[0] for name, a in ops if name == "fill_text"]


def in_hand():
    """Blue has sown well 1 clockwise (blue, blue, green in hand) and dropped nothing yet."""
    s = xlib.game("xallies").position("0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* ; to b")
    return s.play("1+")


def test_the_next_drop_goes_where_the_engine_drops_it():
    s = in_hand()
    assert next_well(s) == 2
    after = s.play("b")
    assert after.in_turn and after.at == 2 and next_well(after) == 3
    assert next_well(xlib.game("xallies").start()) is None
    back = xlib.game("xallies").position("0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* "
                                         "; to b").play("0-")
    assert next_well(back) == 11


def test_the_hand_names_the_well_and_that_well_is_outlined():
    s = in_hand()
    ops = drawn(s)
    assert "Next drop into well 2: click a colour" in texts(ops)
    x, y = well_centre(2)
    assert ("stroke_circle", (x, y, WELL_R + 5)) in ops
    message = VIEW.click(s, *well_centre(7)).message
    assert message.startswith("Choose the colour to drop into well 2")
    assert VIEW.status(s) == "Turn 1: blue chooses the colour to drop into well 2."


def test_the_hand_sits_below_the_supply_line_with_three_and_four_players():
    for players, position in ((3, "0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* ; to b"),
                              (4, "0:bb* 1:bb* 2:* 3:pp* 4:pp* 5:* 6:g* 7:bbppg* 8:ggg* 9:yy* 10:yy* 11:gyy* ; to g")):
        s = xlib.game("xallies", players=players).position(position)
        s = s.play(next(str(m) for m in s.moves() if s.play(m).in_turn))
        chips = VIEW.chip_positions(s)
        assert chips and all(y - CHIP_R > supply_y(players) + 12 for _, _, y in chips)
        assert all((x - CX) ** 2 + (y - CY) ** 2 < (RING - WELL_R - CHIP_R) ** 2 for _, x, y in chips)


def test_region_names_in_dark_text_and_well_numbers_clear_of_the_outline_of_a_well():
    ops = drawn(xlib.game("xallies").start())
    labels = [k for k, (name, a) in enumerate(ops) if name == "fill_text" and a[0].startswith("blue (b)")]
    style = [a for name, a in ops[:labels[0]] if name == "fill_style"][-1]
    assert style == palette.TEXT   # a light seat colour on its own tint is hard to read
    # the dashed ring round the well sown from reaches RING - WELL_R - 6 from the centre; numbers sit inside it
    assert NUMBER_R < RING - WELL_R - 6 - 6
    number = next(a for name, a in ops if name == "fill_text" and a[0] == "0")
    assert math.isclose(math.dist((number[1], number[2]), (CX, CY)), NUMBER_R)


def test_the_result_names_the_winner_first_and_shares_a_tie():
    g = xlib.game("xallies", shooting="expected")
    s = g.position("0:bb 1:bb 2:bpp 3:bb 4:bgg* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11: ; to b ; points 12 12 9 ; "
                   "whites 2 4 0 ; supply 6 ; turn 60")
    won = s.play("3+")
    assert VIEW.status(won) == "Game over: blue wins with 16.5 (purple 14, green 12)."
    tie = g.position("0:bb 1:bb 2:bpp 3:bb 4:bgg* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11: ; to b ; points 12 16 9 ; "
                     "whites 1 0 0 ; supply 11 ; turn 60").play("3+")
    assert VIEW.status(tie) == "Game over: blue and purple share the win with 16 (green 12)."


def test_the_news_of_the_last_turn_says_what_happened_and_leaves_the_result_to_the_status_line():
    g = xlib.game("xallies", shooting="expected")
    s = g.position("0:bb 1:bb 2:bpp 3:bb 4:bgg* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11: ; to b ; points 12 12 9 ; "
                   "whites 2 4 0 ; supply 6 ; turn 60")
    end = s.play("3+")
    said, marks = VIEW.news(s, end)
    assert said.startswith("Blue and green formed an alliance in well 4") and "Game over" not in said
    assert marks == (4,) and VIEW.status(end).startswith("Game over: blue wins")


def test_shooting_is_said_in_one_short_line():
    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    assert VIEW.status(b.state) == "Shooting: blue shoots, shot 1 of 1."
    b.choose("Hit")
    assert VIEW.status(b.state) == "Shooting: purple shoots, shot 1 of 1."


def test_a_computer_seats_real_shot_is_drawn_by_chance_with_its_skill():
    import xlib
    from xlib.board import Board

    hits = misses = 0
    for seed in range(40):
        s = xlib.game("xallies", shooting="manual", skill=0.5).start(seed=seed)
        while not s.over and sorted(str(m) for m in s.moves()) != ["hit", "miss"]:
            s = s.play(s.moves()[0])
        if s.over:
            continue
        b = Board(state=s, animate=0, seed=seed, background=False,
                  seats={p: "greedy" for p in range(len(s.players))})
        b.computer_turns()
        shots = [str(x.last_move) for x in b.state.history() if str(x.last_move) in ("hit", "miss")]
        hits += shots.count("hit")
        misses += shots.count("miss")
        if hits and misses:
            break
    assert hits and misses   # a computer choosing would never choose a miss; chance gives some of each


def test_a_computer_seats_shot_is_said_with_its_hits_so_far():
    """The board keeps only a seat's latest sentence, so each shot's sentence counts the seat's hits so far: at the
    end of the game it tells all its shots, not the last one alone."""
    import random

    state = xlib.game("xallies", shooting="manual").start(seed=0)   # shots entered one by one, as a board does
    pick = random.Random(0)
    while state.phase != "shoot":
        state = state.play(pick.choice(state.moves()))
    seat, dice = state.to_move, random.Random(1)
    counted = 0
    while state.to_move == seat:
        move, said = chance_move(state, dice)
        counted += 1
        hits = sum(state.ledger.shots[seat]) + (move == "hit")
        assert said.endswith(f"{'a hit' if move == 'hit' else 'a miss'}; {hits} of {counted} shots hit so far."), said
        state = state.play(move)
    assert counted >= 1


def test_a_forced_pass_is_said_in_the_status_and_a_click_names_the_pass_button_where_it_stands():
    """Blue's wells hold no coloured piece: the status says blue must pass (not that blue sows a well), and a click
    on a well says where the Pass button stands: beside the board, under Undo, with the board's other buttons."""
    s = xlib.game("xallies").position("0:* 1:* 2:* 3:* 4:bbbbpppp* 5:bbbbpppp* 6:* 7:* 8:gggg* 9:gggg* 10:* 11:* "
                                      "; to b ; turn 33")
    assert s.moves() == ["pass"]
    assert VIEW.status(s) == "Turn 34: blue must pass: no well of their region holds a coloured piece."
    board = Board(state=s, animate=0, keep=None)
    board.click(*well_centre(1))
    assert "press Pass, to the right of the board under Undo" in board.message.value
    assert "below" not in board.message.value and board.state is s
    side = board.side.children
    row = next(c for c in side if board.undo_button in getattr(c, "children", ()))
    assert side.index(board.choice_box) == side.index(row) + 1   # the Pass button stands right under Undo's row
    assert [b.description for b in board.choice_box.children] == ["Pass"]
    board.choose("Pass")
    assert board.state.turns() == ["pass"] and "sows a well of their region" in board.status.value
