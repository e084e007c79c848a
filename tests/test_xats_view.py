"""The XATS board, driven headless as a person's clicks would: tiles played from the tray, Destroy,
forced-stacking highlights, illegal choices explained with the bare spike marked, the race per player."""
import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, Tutorial, palette  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.views.xats.view import TABLE, XatsView, best_turn, tiles_of  # noqa: E402
from xlib.games.xats import edges, spikes  # noqa: E402
from xlib.lessons import xats as lesson  # noqa: E402

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


class Recorder:
    """Records drawing calls, standing in for ipycanvas."""

    def __init__(self):
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name):
        return lambda *a, **k: self.calls.append((name, a))

    def __setattr__(self, name, value):
        self.calls.append((name, value))

    def texts(self) -> list[str]:
        return [a[0] for name, a in self.calls if name == "fill_text"]


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


def test_forced_stacking_highlights_the_tiles_that_fit_and_their_stacks():
    state = xlib.game("xats").position(MUST)
    view = XatsView()
    assert view.targets(state, None) == {("tray", 0, 3), ("stack", 1)}
    assert view.targets(state, ("tile", 3)) == {("stack", 1)}
    on, off = Recorder(), Recorder()
    view.draw(on, state, Overlay(interactive=True))
    view.draw(off, state, Overlay(interactive=False))
    assert on.calls.count(("stroke_style", palette.HIGHLIGHT)) == 2
    assert ("stroke_style", palette.HIGHLIGHT) not in off.calls
    assert "no new stack" in on.texts()
    # when nothing fits, the chosen tile's target is the table
    free = xlib.game("xats").start()
    assert view.targets(free, None) == set() and view.targets(free, ("tile", 8)) == {("new",)}


def test_a_new_stack_while_a_tile_fits_is_explained_and_the_targets_marked():
    b = board_at(MUST)
    click_tile(b, 0, 7)       # fits nowhere, but may destroy a 3-high stack: it stays chosen
    assert b.selection == ("tile", 7) and "you must stack" in b.message.value
    assert buttons(b) == ["Destroy s1 with tile 7", "Destroy s2 with tile 7", "Destroy s3 with tile 7"]
    b.click(*b.view.table_point(b.state))
    assert b.state.ply == 0 and "✗" in b.message.value and "must stack" in b.message.value
    assert set(b.marks) == {("tray", 0, 3), ("stack", 1)}


def test_a_tile_with_no_use_now_is_explained_at_once():
    b = board_at(MUST)
    click_tile(b, 0, 13)      # six spikes: fits nowhere and destroys nothing, while tile 3 must be stacked
    assert b.selection is None and "✗" in b.message.value and "you must stack that one" in b.message.value
    assert set(b.marks) == {("tray", 0, 3), ("stack", 1)}


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
    assert ("fill_style", palette.MARK) in canvas.calls and any(n == "stroke_circle" for n, _ in canvas.calls)
    click_stack(b, "s1")                                       # the same tile, on a stack it fits
    assert b.state.moves_played() == ["3>s1"]


def test_a_tile_with_too_many_spikes_is_explained_by_the_engine():
    b = board_at(FIT)
    click_tile(b, 0, 8)       # fits on s1, but has as many spikes as tile 7 on s2
    click_stack(b, "s2")
    assert "it needs fewer spikes" in b.message.value and b.state.ply == 0


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


def test_what_a_move_made_happen_is_told_with_its_marks():
    view = XatsView()
    before = xlib.game("xats").position(DESTROY)
    text, marks = view.news(before, before.play("s1x6"))
    assert text == ("s1 destroyed, its tiles back home (13 and 9 to White, 12 to Red); tile 6 has left the game.")
    assert set(marks) == {("tray", 0, 13), ("tray", 0, 9), ("tray", 1, 12), ("tray", 0, 6)}
    assert view.news(before, before.play("2>s2")) == ("", ())
    lose = lesson.LOSE.start()
    assert view.news(lose, lose.play("1>s2"))[0] == ("White loses: a turn ended with no tiles and no win. "
                                                    "Red wins, the last player left.")
    three = lesson.ELIMINATION.start()
    assert view.news(three, three.play("1>s2"))[0] == "White is out: a turn ended with no tiles and no win."
    b = Board(state=lesson.WIN.start(), animate=0)
    b.play("9")
    assert "Blue wins." in b.message.value and ("stack", 5) in b.marks


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
    assert view.race(after, 1) == "8 spikes, 6 tiles: wins, the last player left"
    assert view.race(after, 0) == "out of the game"
    canvas = Recorder()
    view.draw(canvas, after, Overlay())
    assert "White lost: no tiles and no win" in canvas.texts()
    assert view.status(after) == "Game over: Red wins, the last player left."
