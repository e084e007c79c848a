"""The Alea Evangelion board, driven headless as a person's clicks would: place, convert, refusals, status, Pass."""
import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, palette  # noqa: E402
from xlib.views.alea.view import PROTECTED, AleaView, number  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.lessons import alea as L  # noqa: E402
from xlib.board import calls  # noqa: E402


class Recorder(calls.Recorder):
    """The recording canvas, with what these tests read from it."""

    def strokes(self, style):
        """Centres of the circles stroked in `style`."""
        current, out = None, []
        for name, args in self.ops:
            if name == "stroke_style":
                current = args
            elif name == "stroke_circle" and current == style:
                out.append((round(args[0], 3), round(args[1], 3)))
        return out

    def letters(self):
        return [args[0] for name, args in self.ops if name == "fill_text" and args[0] in ("B", "W")]


def board_at(state, **kw):
    return Board(state=state, animate=0, **kw)


def click(board, cell):
    board.click(*board.view.cell_centre(cell))


def cells(view, *names):
    return tuple(view.index_of(n) for n in names)


def buttons(board):
    return [b.description for b in board.choice_box.children]


def centre(view, name):
    x, y = view.cell_centre(name)
    return round(x, 3), round(y, 3)


# ---- clicks that play -----------------------------------------------------------------------------
def test_a_click_on_an_empty_cell_places_a_stone():
    b = Board("alea", animate=0, seed=0)
    click(b, "d4")
    assert b.state.stone("d4") == 0 and b.state.to_move == 1 and b.state.protected == {"d4"}
    assert "1. <code>d4</code> Black places a stone" in b.log.value


def test_a_click_on_your_stone_converts_every_enemy_stone_around_it():
    b = board_at(L.CONVERTING.start())
    click(b, "c3")
    assert [b.state.stone(c) for c in ("b3", "c4", "d3", "d4")] == [0, 0, 0, 1]
    assert b.state.last_move == "xc3" and "Black flips b3, c4, d3" in b.log.value
    b.undo()
    assert b.state.stone("b3") == 1 and b.state.ply == 0


def test_a_conversion_is_shown_first_outlined_then_flipped():
    state = L.CONVERTING.start()
    view = AleaView(size=5)
    frames = view.frames(state, state.parse("xc3"))
    flips = set(cells(view, "b3", "c4", "d3"))
    assert frames[0].done is False and frames[-1].done is True
    assert all(set(f.cells) == flips and f.source == view.index_of("c3") for f in frames)
    ahead, done = Recorder(), Recorder()
    view.draw(ahead, state, Overlay(frame=frames[0]))
    view.draw(done, state, Overlay(frame=frames[-1]))
    outlined = {centre(view, n) for n in ("b3", "c4", "d3")}
    assert outlined <= set(ahead.strokes(palette.HIGHLIGHT))
    assert sorted(ahead.letters()) == ["B", "W", "W", "W", "W"]   # not flipped yet
    assert sorted(done.letters()) == ["B", "B", "B", "B", "W"]    # flipped: only d4 stays White
    assert view.frames(state, state.parse("a1")) == []             # a placement is not animated


def test_the_board_paints_each_frame_before_the_move_lands():
    b = Board(state=L.CONVERTING.start(), animate=0.001, background=False)
    before = b.paint_count
    b.play("xc3")
    assert b.paint_count - before >= len(b.view.frames(L.CONVERTING.start(), L.CONVERTING.start().parse("xc3"))) + 1
    assert b.state.stone("c4") == 0


# ---- clicks that are refused ---------------------------------------------------------------------
def test_a_conversion_touching_a_protected_stone_is_refused_and_the_stones_are_marked():
    state = L.PROTECTED_FLIPPED.states()[1]     # White just flipped c3; Black's d3 would flip it back
    b = board_at(state)
    click(b, "d3")
    assert "d3 cannot convert" in b.message.value and "c3 is protected" in b.message.value
    assert b.marks == cells(b.view, "d3", "c3") and b.state is state


def test_superko_refusal_marks_the_stones_that_would_flip():
    state = L.SUPERKO.states()[-1]
    b = board_at(state)
    click(b, "c1")
    assert "superko" in b.message.value and b.marks == cells(b.view, "c1", "b1") and b.state is state
    assert "c1 cannot convert: it would bring back a board that occurred earlier in this game, with Black to " \
           "move (superko)." in b.message.value


def test_streak_refusal_says_a_stone_must_be_placed():
    state = L.STREAK.states()[1]
    b = board_at(state)
    click(b, "a3")
    assert "8 conversions in a row" in b.message.value and "must be placed" in b.message.value
    assert b.marks == cells(b.view, "a3", "b3") and b.state is state
    assert b.view.legal_cells(state) == set()   # no stone is outlined as able to convert


def test_clicks_on_an_enemy_stone_or_a_lonely_stone_explain_themselves():
    b = board_at(L.CONVERTING.start())
    click(b, "d4")
    assert "d4 is a White stone" in b.message.value and b.marks == cells(b.view, "d4") and b.state.ply == 0
    lonely = xlib.game("alea", size=5).position("...../...../..B../...../..... B -")
    b = board_at(lonely)
    click(b, "c3")
    assert "nothing to convert" in b.message.value and b.marks == cells(b.view, "c3") and b.state.ply == 0


def test_a_typed_refused_conversion_marks_the_same_stones():
    b = board_at(L.PROTECTED_FLIPPED.states()[1])
    b.type_move("xd3")
    assert "protected" in b.message.value and b.marks == cells(b.view, "d3", "c3")


# ---- what the board shows -------------------------------------------------------------------------------
def test_protected_stones_are_ringed_and_only_they():
    for scene, step in ((L.CONVERTING, 1), (L.BLACK_DEFENDS, 2), (L.BLACK_DEFENDS, 5), (L.PLACING, 0)):
        state = scene.states()[step]
        rec = Recorder()
        view = AleaView(size=state.game.options["size"])
        view.draw(rec, state, Overlay())
        on_board = {c for c in rec.strokes(PROTECTED) if c[1] < view.board_height}
        assert on_board == {centre(view, n) for n in state.protected}


def test_stones_that_may_convert_are_outlined_for_the_player_to_move():
    view = AleaView(size=5)
    assert view.legal_cells(L.CONVERTING.start()) == set(cells(view, "c3"))
    assert view.legal_cells(L.SAME_FLIPS.start()) == set(cells(view, "c3", "d2"))  # both give the one move
    assert view.legal_cells(L.PROTECTED_FLIPPED.states()[1]) == set()


def test_status_line_counts_komi_streak_and_final_turns():
    view = AleaView(size=5)
    assert view.status(L.CONVERTING.start()) == "Black to move · Black 1, White 4"
    assert view.status(L.SUPERKO.states()[-1]).endswith("· streak 5 of 8")
    assert view.status(L.SUPERKO.states()[1]) == "White to move · Black 5, White 4"   # a streak of 1 is no news
    assert view.status(L.STREAK.states()[1]) == "White must place a stone · Black 5, White 4"
    assert view.status(L.THE_END.states()[1]) == "White's final turn (1 of 2) · Black 10, White 6"
    assert view.status(L.THE_END.states()[-1]) == "Game over: a draw, 8 to 8."
    assert view.status(L.KOMI.start()) == "White's final turn (1 of 2) · Black 10, White 6 + ½"
    assert view.status(L.KOMI.states()[-1]) == "Game over: White wins, 8½ to 8."
    assert "komi ½" in view.rule_now(L.KOMI.states()[-1])
    assert "a stone must be placed" in view.rule_now(L.STREAK.states()[1])
    assert "final turn" in view.rule_now(L.THE_END.states()[1])
    assert [number(x) for x in (0, 7, 0.5, 6.5, -1.5, 0.25)] == ["0", "7", "½", "6½", "−1½", "0.25"]


def test_the_board_shows_the_status_line():
    b = board_at(L.THE_END.states()[2])
    assert "Black's final turn (2 of 2)" in b.status.value


def test_pass_is_offered_only_in_the_final_turns():
    assert buttons(board_at(L.THE_END.start())) == []
    b = board_at(L.THE_END.states()[2])   # Black's final turn: every conversion touches a protected stone
    assert buttons(b) == ["Pass"]
    b.choose("Pass")
    assert b.state.over and "draw" in b.status.value


def test_pass_while_a_conversion_is_possible_does_what_the_rules_engine_says():
    state = L.THE_END.states()[1]          # White's final turn, with conversions available
    b = board_at(state)
    assert buttons(b) == ["Pass"]
    reason = state.explain("pass")
    b.choose("Pass")
    if reason is None:
        assert b.state.last_move == "pass" and b.state.to_move == 0
    else:
        assert b.state is state and reason in b.message.value


def test_a_refused_conversion_in_the_final_turns_points_to_pass_when_passing_is_allowed():
    b = board_at(L.THE_END.states()[2])
    click(b, "c2")
    assert "protected" in b.message.value and "Pass" in b.message.value


def test_options_speak_plain_words_and_the_view_follows_the_board_size():
    b = Board("alea", animate=0, seed=0)
    fields = b.option_fields.fields
    assert fields["size"].label.startswith("Board size") and fields["komi"].label.startswith("Komi")
    labels = [label for label, _ in fields["adjacency"].control.options]
    assert labels == ["4: left, right, above, below", "8: also the diagonals"]
    fields["size"].control.value = 6
    b.new_game_from_controls()
    assert b.state.game.options["size"] == 6 and b.view.size == 6
    click(b, "f6")
    assert b.state.stone("f6") == 0


def test_eight_neighbours_convert_along_the_diagonals_by_clicks():
    b = board_at(L.EIGHT_NEIGHBOURS.start())
    click(b, "c3")
    assert b.state.stone("b2") == 0 and b.state.stone("d4") == 0


def test_the_text_description_names_protected_stones():
    b = board_at(L.BLACK_DEFENDS.states()[2])
    assert "protected (lower case): b3" in b.text_board.value

