"""The XATS board, driven headless as a person's clicks would: tiles played from the tray, Destroy,
forced-stacking highlights, illegal choices explained with the bare spike marked, the race per player."""
import math
import re

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, Tutorial, palette  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.views.xats.view import TABLE, TRAY_R, XatsView, best_turn, hexagon, spike, tiles_of  # noqa: E402
from xlib.games.xats import edges, spikes  # noqa: E402
from xlib.lessons import xats as lesson  # noqa: E402
from xlib.board.calls import Recorder  # noqa: E402

FIT = "W:1,2,3,4,5,6,7,8,9,10,11 R:1,2,3,4,5,6,8,9,11,12,13 | s1:13W,10R s2:12W,7R | x:- | next 3 | to W"
MUST = ("W:3,5,7,8,10,11,13 R:1,3,5,6,7,8,9,10,11 | s1:12R,9W,6W s2:12W,4R,2R s3:13R,4W,1W | x:2W | next 4 "
        "| to W")
DESTROY = "W:1,2,3,4,5,6,8,10,11,12 R:1,2,3,4,5,6,7,8,9,11,13 | s1:13W,12R,9W s2:10R,7W | x:- | next 3 | to W"


def board_at(position: str, players: int = 2) -> Board:
    return Board(state=xlib.game("xats", players=players).position(position), animate=0)


def click_tile(b: Board, player: int, tile: int) -> None:
    b.click(*b.view.tray_tile_centre(b.state, player, tile))


def click_stack(b: Board, name: str) -> None:
    b.click(*b.view.stack_point(b.state, name))


def buttons(b: Board) -> list[str]:
    return [c.description for c in b.choice_box.children]


def test_a_tile_is_played_by_clicking_it_then_the_empty_table_then_a_stack():
    b = Board("xats", animate=0, seed=0)
    click_tile(b, 0, 13)
    assert b.selection == ("tile", 13) and b.state.ply == 0
    b.click(*b.view.table_point(b.state))
    assert b.state.moves_played() == ["13"] and [k for k, _ in b.state.stack_list] == [1]
    assert "White starts s1 with tile 13" in b.log.value
    click_tile(b, 1, 12)
    assert "fits on s1" in b.message.value
    click_stack(b, "s1")
    assert b.state.moves_played() == ["13", "12>s1"]
    assert b.state.stacks == [("s1", [(13, "white"), (12, "red")])]
    b.undo()
    assert b.state.moves_played() == ["13"] and b.selection is None


def test_a_stack_chosen_first_takes_the_tile_clicked_next():
    b = board_at(FIT)
    click_stack(b, "s1")
    assert b.selection == ("stack", 1) and "(tiles 1, 2, 3, 4, 5, 6, 7, 8 fit)" in b.message.value
    click_tile(b, 0, 7)
    assert b.state.moves_played() == ["7>s1"]


def test_destroy_by_choosing_a_stack_then_a_button_sends_the_tiles_home():
    b = board_at(DESTROY)
    click_stack(b, "s1")
    assert buttons(b) == ["Destroy s1 with tile 6", "Destroy s1 with tile 8"]
    b.choose("Destroy s1 with tile 6")
    s = b.state
    assert s.moves_played() == ["s1x6"] and [k for k, _ in s.stack_list] == [2]
    assert {13, 9} <= set(s.reserve(0)) and 6 not in s.reserve(0) and 12 in s.reserve(1)
    assert (6, 0) in s.discarded and "destroys s1 (3 high), discarding tile 6" in b.log.value


def test_a_tile_chosen_first_offers_the_stacks_it_can_destroy():
    b = board_at(DESTROY)
    click_tile(b, 0, 3)       # 2 spikes: s2 is 2 high
    assert buttons(b) == ["Destroy s2 with tile 3"] and "destroy s2" in b.message.value
    b.choose("Destroy s2")
    assert b.state.moves_played() == ["s2x3"]


def test_forced_stacking_is_said_without_naming_the_tile_and_a_chosen_tile_shows_where_it_fits():
    state = xlib.game("xats").position(MUST)
    view = XatsView()
    status = view.status(state)
    assert "must stack" in status and not re.search(r"\d", status)        # no tile or stack named
    assert view.targets(state, None) == set()                             # nothing outlined before a choice
    assert view.targets(state, ("tile", 3)) == {("stack", 1)}
    on, off, chosen = Recorder(), Recorder(), Recorder()
    view.draw(on, state, Overlay(interactive=True))
    view.draw(off, state, Overlay(interactive=False, selection=("tile", 3)))
    view.draw(chosen, state, Overlay(interactive=True, selection=("tile", 3)))
    assert ("stroke_style", palette.HIGHLIGHT) not in on.ops + off.ops
    assert chosen.ops.count(("stroke_style", palette.HIGHLIGHT)) == 1
    assert "no new stack" in on.texts()
    # when nothing fits, the status says a new stack is allowed, and the chosen tile's target is the table
    free = xlib.game("xats").start()
    assert view.targets(free, None) == set() and view.targets(free, ("tile", 8)) == {("new",)}
    assert "nothing fits, so a new stack" in view.status(lesson.NEW_STACK.start())
    assert all(len(view.status(scene.start())) <= 60 for scene in lesson.SCENES)   # one line over the board


def test_a_targets_outline_lies_behind_the_top_tile_so_its_spikes_stay_seen():
    state = xlib.game("xats").position(FIT)
    view = XatsView()
    canvas = Recorder()
    view.draw(canvas, state, Overlay(selection=("tile", 3)))           # tile 3 fits on s1, whose top is tile 10
    lay = view.layout(state)
    tower = lay.tower(1)
    x, y = tower.x, lay.level_y(tower, 1)
    top_spikes = [spike(x, y, lay.radius, e) for e in edges(10, *state.orientation("s1", 1))]
    drawn = [k for k, (name, args) in enumerate(canvas.ops) if name == "fill_polygon" and args[0] in top_spikes]
    ring = canvas.ops.index(("stroke_style", palette.HIGHLIGHT))
    assert len(drawn) == 4 and ring < min(drawn)
    # in the tray too: the outline of a tile that fits on a chosen stack is drawn before the tile
    canvas = Recorder()
    view.draw(canvas, state, Overlay(selection=("stack", 1)))
    tx, ty = view.tray_tile_centre(state, 0, 8)
    tile8 = [k for k, (name, args) in enumerate(canvas.ops)
             if name == "fill_polygon" and args[0] == hexagon(tx, ty, TRAY_R)]
    rings = [k for k, (name, args) in enumerate(canvas.ops)
             if name == "stroke_polygon" and args[0] == hexagon(tx, ty, TRAY_R + 4)]
    assert tile8 and rings and rings[0] < tile8[0]


@pytest.mark.parametrize("tile, says", [
    (3, "fits on s1: click a highlighted stack"),
    (7, "It can only destroy s1, s2 and s3 (3 tiles high)"),
    (13, "it has no use this turn"),
])
def test_choosing_any_tile_of_the_tray_is_quiet_and_says_where_it_may_go(tile, says):
    b = board_at(MUST)          # White must stack (tile 3 fits on s1)
    click_tile(b, 0, tile)
    assert b.selection == ("tile", tile) and b.state.ply == 0
    assert says in b.message.value and "✗" not in b.message.value and b.marks == ()
    if tile != 3:
        assert "another tile of yours fits on a stack" in b.message.value and "tile 3" not in b.message.value


def test_a_tile_that_fits_nowhere_may_start_a_new_stack_when_no_tile_fits():
    b = Board(state=lesson.NEW_STACK.start(), animate=0)
    click_tile(b, 0, 5)
    assert b.selection == ("tile", 5) and "✗" not in b.message.value
    assert "fits on no stack, and no tile of yours does: click the empty table" in b.message.value
    b.click(*b.view.table_point(b.state))
    assert b.state.moves_played() == ["5"]


def test_an_error_comes_only_when_a_target_is_picked_always_with_a_cross():
    for tile in (7, 13):                      # one tile that may destroy, one with no use this turn
        b = board_at(MUST)
        click_tile(b, 0, tile)
        assert "✗" not in b.message.value
        b.click(*b.view.table_point(b.state))
        assert b.state.ply == 0 and "✗" in b.message.value and "must stack" in b.message.value
        assert set(b.marks) == {("tray", 0, 3), ("stack", 1)}            # shown once the student has tried
        assert b.selection == ("tile", tile)
        click_stack(b, "s2")
        assert b.state.ply == 0 and "✗" in b.message.value
    b = board_at(MUST)
    click_tile(b, 0, 7)
    assert buttons(b) == ["Destroy s1 with tile 7", "Destroy s2 with tile 7", "Destroy s3 with tile 7"]


def test_an_illegal_tile_is_explained_and_drawn_with_the_spike_that_has_nothing_under_it():
    b = board_at(FIT)
    click_tile(b, 0, 3)
    click_stack(b, "s2")
    assert b.state.ply == 0 and b.selection == ("tile", 3)      # nothing played; the tile stays chosen
    assert "Tile 3 does not fit on s2" in b.message.value and "✗" in b.message.value
    ghost = next(m for m in b.marks if m[0] == "ghost")
    _, stack, tile, rotation, flipped, missing = ghost
    top = tiles_of(b.state, 2)[-1]
    under = edges(top[0], top[2], top[3])
    laid = edges(tile, rotation, flipped)
    assert (stack, tile) == (2, 3) and missing and not set(missing) & under
    assert laid - set(missing) <= under                        # the other spike lies on a spike
    canvas = Recorder()
    b.view.draw(canvas, b.state, Overlay(selection=b.selection, marks=b.marks))
    lay = b.view.layout(b.state)
    x, y = lay.tower(2).x, lay.level_y(lay.tower(2), 1)
    body = max(k for k, call in enumerate(canvas.ops) if call == ("fill_polygon", (hexagon(x, y, lay.radius),)))
    assert [v for name, v in canvas.ops[:body] if name == "fill_style"][-1] == palette.WHITE   # White's tile 3
    alpha = [v for name, v in canvas.ops[:body] if name == "global_alpha"][-1]
    assert 0.5 <= alpha < 1                                    # the held tile is solid but dimmed
    after = canvas.ops[body:]
    assert after.index(("stroke_style", palette.MARK)) < after.index(("stroke_polygon", (hexagon(x, y, lay.radius),)))
    big = [args[0] for name, args in after
           if name == "fill_polygon" and args[0] == spike(x, y, lay.radius, missing[0], grow=1.7)]
    assert big and ("fill_style", palette.MARK) in after      # the bare spike, large and red
    tip = math.dist(big[0][1], (x, y))
    assert tip > math.dist(spike(x, y, lay.radius, 0)[1], (x, y)) * 1.2
    assert "✗ tile 3" in canvas.texts()
    click_stack(b, "s1")                                       # the same tile, on a stack it fits
    assert b.state.moves_played() == ["3>s1"]


def test_a_tile_with_too_many_spikes_is_explained_by_the_engine_and_drawn_as_a_misfit():
    b = board_at(FIT)
    click_tile(b, 0, 8)       # fits on s1, but has as many spikes as tile 7 on s2
    click_stack(b, "s2")
    assert "it needs fewer spikes" in b.message.value and b.state.ply == 0 and "✗" in b.message.value
    click_tile(b, 0, 8)
    click_tile(b, 0, 7)       # a tripod like tile 7 on s2: every spike on a spike, but not fewer spikes
    click_stack(b, "s2")
    assert "it needs fewer spikes" in b.message.value and b.state.ply == 0
    canvas = Recorder()
    b.view.draw(canvas, b.state, Overlay(selection=b.selection, marks=b.marks))
    lay = b.view.layout(b.state)
    x, y = lay.tower(2).x, lay.level_y(lay.tower(2), 1)         # over the top tile, not above it
    red = [k for k, call in enumerate(canvas.ops) if call == ("stroke_style", palette.MARK)]
    assert any(("stroke_polygon", (hexagon(x, y, lay.radius),)) in canvas.ops[k:k + 3] for k in red)
    above = hexagon(x, lay.level_y(lay.tower(2), 2), lay.radius)
    assert ("fill_polygon", (above,)) not in canvas.ops and "✗ tile 7" in canvas.texts()


def test_a_typed_illegal_move_marks_the_same_bare_spike():
    b = board_at(FIT)
    b.type_move("3>s2")
    assert b.state.ply == 0 and any(m[0] == "ghost" and m[5] for m in b.marks)


def test_best_turn_finds_a_fit_when_there_is_one_and_names_bare_spikes_otherwise():
    for tile in range(1, 13):
        for below in range(tile + 1, 14):
            _, _, missing = best_turn(tile, (below, 0, 0, False))
            fits = xlib.games.xats.fits(tile, below)
            assert (not missing) == fits or spikes(tile) >= spikes(below)


def test_clicks_on_other_trays_and_on_tiles_away_from_the_tray_are_answered():
    b = board_at(DESTROY)
    click_tile(b, 1, 5)
    assert "Red's tray" in b.message.value and b.state.ply == 0
    click_tile(b, 0, 9)
    assert "on the table, in s1" in b.message.value
    b.play("s1x6")
    b.play("4>s2")      # red
    click_tile(b, 0, 6)
    assert "discarded" in b.message.value


def test_the_race_of_every_player_is_drawn_and_follows_the_game():
    b = Board(state=lesson.WIN.start(), animate=0)
    view = b.view
    assert [view.race(b.state, p) for p in range(3)] == ["1 spike, 9 tiles", "1 spike, 6 tiles", "1 spike, 9 tiles"]
    b.click(*view.tray_tile_centre(b.state, 1, 9))
    b.click(*view.table_point(b.state))
    assert view.race(b.state, 1) == "5 spikes, 5 tiles: wins"
    canvas = Recorder()
    view.draw(canvas, b.state, Overlay())
    assert "5 spikes, 5 tiles: wins" in canvas.texts() and "1 spike, 9 tiles" in canvas.texts()
    assert b.status.value == "<b>Game over: Blue wins with 5 spikes, 5 tiles.</b>"


def test_colours_follow_the_number_of_players_and_stay_apart_on_the_table():
    assert [XatsView(players=2).seat_colour(p) for p in range(2)] == [palette.WHITE, palette.VERMILLION]
    assert [XatsView(players=3).seat_colour(p) for p in range(3)] == [palette.WHITE, palette.BLUE, palette.VERMILLION]
    gap, a, c, vision = palette.distinct([palette.WHITE, palette.BLUE, palette.VERMILLION, TABLE])
    assert gap >= 20, f"{a} and {c} are only ΔE {gap:.1f} apart under {vision}"
    canvas = Recorder()
    XatsView().draw(canvas, xlib.game("xats").start(), Overlay())
    assert "13W" in canvas.texts() and "13R" in canvas.texts()   # a letter on every tile


def test_every_lesson_scene_steps_through_with_its_marks_and_hands_over_the_board():
    t = Tutorial(lesson.SCENES, pixels=520)
    for i, scene in enumerate(lesson.SCENES):
        t.goto(i)
        for step in range(len(scene.moves) + 1):
            assert t.board.marks == t.board.view.marks_of_names(t.board.state, scene.marks_at(step))
            assert len(t.board.marks) >= len(scene.marks_at(step))
            t.next()
        t.your_turn()
        assert "Your turn" in t.sentence.value and not t.board.errors.outputs


@pytest.mark.parametrize("players", [2, 3])
def test_computer_players_finish_a_game_drawn_after_every_move(players):
    b = Board("xats", players=players, seed=players, animate=0.0001,
              seats={p: "random" for p in range(players)})
    b.computer_turns()
    assert b.state.over and not b.errors.outputs and b.paint_count > len(b.state.moves_played())
    assert b.status.value.startswith("<b>Game over:")


def test_what_a_move_made_happen_is_told_with_its_marks_and_the_result_only_by_the_status():
    view = XatsView()
    before = xlib.game("xats").position(DESTROY)
    text, marks = view.news(before, before.play("s1x6"))
    assert text == ("s1 destroyed, its tiles back home (13 and 9 to White, 12 to Red); tile 6 has left the game.")
    assert set(marks) == {("tray", 0, 13), ("tray", 0, 9), ("tray", 1, 12), ("tray", 0, 6)}
    assert view.news(before, before.play("2>s2")) == ("", ())
    lose = lesson.LOSE.start()
    assert view.news(lose, lose.play("1>s2")) == ("", ())        # the status says who won, and why
    three = lesson.ELIMINATION.start()
    assert view.news(three, three.play("1>s2"))[0] == ("White is out of the game: a turn ended with no tiles and "
                                                       "no win. Those tiles stay where they are and count for nobody.")
    b = Board(state=lesson.WIN.start(), animate=0)
    b.play("9")
    assert "wins" not in b.message.value and "Blue's top tiles on s1 (1), s2 (0) and s5 (4)" in b.message.value
    assert ("stack", 5) in b.marks and "Blue wins with 5 spikes, 5 tiles" in b.status.value


def test_a_computers_winning_move_is_said_to_win_once():
    win = ("W:8,9,11,12,13 R:3,6,8,9,11,12 | s8:10R,1R s10:7R,4W s11:13R,5R,1W | "
           "x:2R,5W,4R,7W,2W,10W,3W,6W | next 12 | to R")
    b = Board(state=xlib.game("xats").position(win), animate=0, seats={1: "easy"})
    b.computer_turns()
    assert b.state.over and b.state.winners == (1,)
    said = b.message.value + " " + b.status.value
    assert said.count("wins") == 2 and "wins at once" in b.message.value    # the reason, then the status
    assert "Red wins." not in said


def test_no_student_reads_reserve_the_app_says_tray():
    view = XatsView()
    for scene in lesson.SCENES:
        state = scene.start()
        assert "reserve" not in view.describe(state) + view.status(state) and "tray" in view.describe(state)
    s = xlib.game("xats").position(FIT)
    assert s.explain("12>s1") == "Tile 12 is not in White's tray (it holds 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)."


def test_a_three_player_game_from_the_options_gets_three_trays_and_colours():
    b = Board("xats", animate=0, seed=0, seats={1: "random"})
    b.option_fields.fields["players"].control.value = 3
    b.new_game_from_controls()
    assert b.state.game.n == 3 and len(b.seat_widgets) == 3
    assert [b.view.seat_colour(p) for p in range(3)] == [palette.WHITE, palette.BLUE, palette.VERMILLION]
    canvas = Recorder()
    b.view.draw(canvas, b.state, Overlay())
    assert sum(text.endswith(", tray") for text in canvas.texts()) == 3


def test_a_win_by_elimination_is_not_shown_as_a_win_by_the_count():
    lose = lesson.LOSE.start()
    after = lose.play("1>s2")
    view = XatsView()
    assert view.race(after, 1) == "8 spikes, 6 tiles: wins, White has no tiles left"
    assert view.race(after, 0) == "out of the game"
    canvas = Recorder()
    view.draw(canvas, after, Overlay())
    assert "White lost: no tiles and no win" in canvas.texts()
    assert view.status(after) == "Game over: Red wins: White has no tiles left."
    assert "last player left" not in view.status(after) + view.race(after, 1)


def test_three_players_the_last_player_left_wins_with_the_others_named():
    three = xlib.game("xats", players=3).position("W:1 B:2 R:5,6 | s1:13R,9W s2:12B | x:- | next 3 | to B | out W")
    after = three.play("2>s1")
    view = XatsView(players=3)
    assert after.winners == (2,)
    assert view.status(after) == "Game over: Red wins, the last one in: White and Blue are out."
    assert view.race(after, 2).endswith(": wins, the last player left")
