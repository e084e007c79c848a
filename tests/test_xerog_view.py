"""The Xero-G board, driven headless as a person's clicks would: flights leg by leg, boosts and reprograms,
illegal steps explained and marked, the set-up by clicks and the quick start."""
import random

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.views.xerog import CHOOSE, DROP, FLY, GATE_RED, Entry, Frame, XeroGView  # noqa: E402
from xlib.games.xerog import BASE, NORTH, Fly, sq_name  # noqa: E402
from xlib.lessons import xerog as L  # noqa: E402


class _Canvas:
    """Records drawing calls, standing in for ipycanvas."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *a, **k: self.calls.append((name, a))

    def __setattr__(self, name, value):
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append((name, value))


def board_at(scene, step=0, **kw):
    return Board(state=scene.states()[step], animate=0, **kw)


def click(b, name):
    """Click a square ("c3"), a base ("N", "S") or one of the board's own buttons ("Rocket Boost")."""
    v = b.view
    if name in ("N", "S"):
        b.click(*v.base_centre(name))
    elif len(name) == 2 and name[0] in "abcdef" and name[1] in "123456":
        b.click(*v.cell_centre(name))
    else:
        b.click(*v.button_centre(b.state, b.selection, name))


def ringed(b):
    """The squares the board rings as clickable now, by name."""
    v = b.view
    v._shown = (b.state, Overlay(selection=b.selection))
    try:
        return {sq_name(i) for i in v.legal_cells(b.state)}
    finally:
        v._shown = None


def red_bars(canvas):
    """How many red gate bars the first red drawing holds (the legend's sample comes later)."""
    calls = canvas.calls
    k = calls.index(("stroke_style", GATE_RED))
    bars = 0
    for c in calls[k + 1:]:
        if c[0] == "stroke_style":
            break
        bars += c[0] == "stroke_line"
    return bars


def flown(b):
    """The last flight as the log shows it: the route entered, which the engine may list under another."""
    return b.view.log(b.state)[-1][0]


def message(b):
    return b.message.value


# ---- a flight by clicks ------------------------------------------------------------------------------
def test_a_boosted_flight_is_entered_click_by_click():
    b = board_at(L.BOOST)
    assert ringed(b) == {"a1", "b1", "c1", "d1", "e1", "f1"}      # the home row's ships
    click(b, "c1")
    assert isinstance(b.selection, Entry) and b.selection.mode == FLY
    assert "c3" in ringed(b) and "c4" not in ringed(b)            # exactly 2 steps from c1
    click(b, "c3")
    assert b.selection.mode == CHOOSE and b.selection.landings == (b.view.index_of("c3"),)
    assert "Rocket Boost" in message(b) and ringed(b) == set()
    assert [x.label for x in b.view.buttons(b.state, b.selection)][:2] == ["Rocket Boost", "Reprogram"]
    click(b, "e3")                                                  # a square before choosing: asked to choose
    assert "First choose" in message(b) and b.state.ply == 0
    click(b, "Rocket Boost")
    assert b.selection.mode == FLY and "2 more steps" in message(b)
    assert {"e3", "c5", "a3", "c1"} - ringed(b) == {"c1"}           # back to the start: the board would not change
    click(b, "e3")
    assert flown(b) == "c1-c3-e3" and b.state.pips("e3") == 2 and b.state.pips("c3") == 2
    assert "boosts off c3, lands on e3" in b.log.value and b.selection is None


def test_four_successive_boosts_by_clicks_then_the_animation_follows_the_path():
    b = board_at(L.CHAIN)
    for step in ("a1", "a2", "Rocket Boost", "c2", "Rocket Boost", "c5", "Rocket Boost", "d5", "Rocket Boost"):
        click(b, step)
        assert "✗" not in message(b), (step, message(b))
    assert len(b.selection.landings) == 4 and "f5" in ringed(b)
    before = b.state
    click(b, "f5")
    assert flown(b) == "a1-a2-c2-c5-d5-f5"
    frames = b.view.frames(before, b.state.last_move)
    flight = frames[0].flight
    assert [f.step for f in frames] == list(range(1, len(flight.squares)))
    assert [sq_name(s) for s in flight.squares] == ["a1", "a2", "b2", "c2", "c3", "c4", "c5", "d5", "e5", "f5"]


def test_the_seed_gate_example_by_clicks_draws_red_gates_and_refuses_a_closed_one():
    b = board_at(L.GATES)
    for step in ("c5", "d5", "Rocket Boost", "d4", "Rocket Boost", "d5", "Rocket Boost"):
        click(b, step)
    entry = b.selection
    n = 3 + 3 + 1
    assert entry.witness.gate_names()[:n] == ["c5|c6", "c6|d6", "d5|d6", "c5|d5", "c4|c5", "c4|d4", "d4|d5"]
    canvas = _Canvas()
    b.view.draw(canvas, b.state, Overlay(selection=entry))
    assert red_bars(canvas) == n                      # one red bar per gate crossed so far
    assert ringed(b) == {"d4", "d6", "e3", "f4", "f6"}      # only the east gate of d5 is open on this route
    click(b, "b6")                                           # reached by the other route of the second leg
    assert "press Other route" in message(b) and b.selection == entry
    click(b, "Other route")
    assert "c6, d6, d5, e5, e4, d4, d5" in message(b) and "b6" in ringed(b) and "f4" not in ringed(b)
    click(b, "Other route")
    assert b.selection.witness.squares[:n + 1] == entry.witness.squares[:n + 1]   # back to the first route
    click(b, "c5")
    assert "gate already crossed" in message(b) and b.marks == (b.view.index_of("c5"),)
    assert b.selection.landings == entry.landings and b.selection.mode == FLY and b.state.ply == 0
    click(b, "f4")
    assert flown(b) == "c5-d5-d4-d5-f4"


def test_a_reprogram_then_its_drop_square():
    b = board_at(L.REPROGRAM)
    click(b, "d1")
    click(b, "d3")
    click(b, "Reprogram")
    assert b.selection.mode == DROP and "not rank 6: beyond North's home row" in message(b)
    drops = ringed(b)
    assert "d1" in drops and "c4" in drops and not drops & {"a6", "b6", "c6", "d6", "e6", "f6"}
    assert not drops & {"d3", "c5"}                                 # the ship's square and occupied squares
    click(b, "c6")
    assert "beyond the opponent's home row" in message(b) and b.marks == (b.view.index_of("c6"),)
    assert b.selection.mode == DROP and b.state.ply == 0
    click(b, "c4")
    assert flown(b) == "d1-d3>c4" and b.state.pips("c4") == 3 and b.state.pips("d3") == 2
    assert "reprograms d3 to c4" in b.log.value


def test_step_back_and_cancel_undo_the_entry_not_the_game():
    b = board_at(L.BOOST)
    click(b, "c1")
    click(b, "c3")
    click(b, "Reprogram")
    click(b, "Step back")
    assert b.selection.mode == CHOOSE
    click(b, "Step back")
    assert b.selection.mode == FLY and b.selection.landings == ()
    click(b, "Cancel flight")
    assert b.selection is None and b.state.ply == 0


def test_the_highlights_agree_with_the_engine_on_random_positions():
    """Every legal move's first landing is ringed for its ship, and every ringed square begins a legal flight."""
    rng = random.Random(3)
    view = XeroGView()
    state = xlib.game("xerog", quick_start=True).start()
    for _ in range(14):
        moves = state.moves()
        if state.over or not isinstance(moves[0], Fly):
            break
        firsts = {}
        for m in moves:
            firsts.setdefault(m.flight.squares[0], set()).add(m.flight.landings[0])
        for start, landings in firsts.items():
            targets = view.targets(state, Entry(start))
            assert landings <= set(targets), (state.position_text(), sq_name(start))
            for flight in targets.values():
                assert state.explain(flight.notation()) is None
            for z, flight in targets.items():      # one boost further: by the route drawn, or by another
                if z >= 0 and state.board[z] and z != start:
                    entry = Entry(start, (z,), FLY, flight)
                    drawn = flight.squares[:state.board[start] + 1]
                    on = view.targets(state, entry)
                    assert all(w.squares[:len(drawn)] == drawn for w in on.values())
                    assert set(on) <= set(view.reachable(state, entry))
                    for w in view.routes(state, entry):
                        assert state.explain(w.notation()) is None
        state = state.play(rng.choice(moves))


# ---- illegal steps say why ---------------------------------------------------------------------------
@pytest.mark.parametrize("scene, step, clicks, words", [
    (L.EMPTY, 0, ["a1", "c2"], "a square in the way is occupied (b2)"),
    (L.BASE_LAST, 0, ["a1", "a4", "Rocket Boost", "N"], "only with the last step of a leg"),
    (L.GOAL, 0, ["c4", "S"], "own base is never entered"),
    (L.CHANGE, 0, ["c1", "d1", "Rocket Boost", "c1"], "the board must have changed"),
    (L.HOME_ROW, 2, ["c2"], "c2 is not in South's home row"),
    (L.FALLBACK, 0, ["b1"], "b1 is not in South's home row"),
    (L.FALLBACK, 0, ["c3"], "c3 is empty"),
])
def test_illegal_steps_are_explained_and_marked(scene, step, clicks, words):
    b = board_at(scene, step)
    before = b.state
    for name in clicks:
        click(b, name)
    assert words in message(b) and "✗" in message(b)
    last = clicks[-1]
    assert b.marks == ((last,) if last in ("N", "S") else (b.view.index_of(last),))
    assert b.state is before



# ---- set-up by clicks, quick start ---------------------------------------------------------------------
def test_setup_by_clicks_with_the_stash_then_the_quick_row():
    b = Board("xerog", animate=0, seed=0)
    assert b.state.in_setup and "arranges the back row (rank 1)" in b.status.value
    assert ringed(b) == {"a1", "b1", "c1", "d1", "e1", "f1"}
    click(b, "c3")
    assert "click a square of rank 1" in message(b) and b.marks == (b.view.index_of("c3"),)
    click(b, "Small")
    for sq in ("a1", "b1"):                     # two small pyramids; the stash then offers the large ones
        click(b, sq)
    assert b.selection.row[:2] == (1, 1) and b.selection.size == 3
    click(b, "b1")                              # take one back
    assert b.selection.row[:2] == (1, 0)
    for sq in ("b1", "c1", "d1", "e1"):
        click(b, sq)
    assert b.state.in_setup and b.selection.row == (1, 1, 3, 3, 2, 0)
    click(b, "f1")
    assert str(b.state.last_move) == "setup 113322" and b.state.mover == NORTH and b.state.in_setup
    b.choose("Quick row")
    assert str(b.state.last_move) == "setup 321123" and not b.state.in_setup
    assert b.state.position_text() == "321123/000000/000000/000000/000000/113322 S"


def test_quick_start_is_an_option_in_plain_words():
    b = Board("xerog", animate=0, seed=0)
    field = b.option_fields.fields["quick_start"]
    assert field.label == "Quick start: skip the set-up"
    field.control.value = True
    b.new_game_from_controls()
    assert not b.state.in_setup and b.state.position_text() == "321123/000000/000000/000000/000000/321123 S"
    assert Board("xerog", quick_start=True, animate=0).state.home_row_squares()[0] == "a1"


# ---- drawing, animation and a whole game ---------------------------------------------------------------
def test_frames_walk_the_witness_then_drop_and_every_frame_draws():
    before = L.REPROGRAM.states()[0]
    view = XeroGView()
    frames = view.frames(before, before.parse("d1-d3>c4"))
    assert [(f.step, f.dropped) for f in frames] == [(1, False), (2, False), (2, True)]
    for f in frames:
        canvas = _Canvas()
        view.draw(canvas, before, Overlay(frame=f, interactive=False))
        assert red_bars(canvas) == f.step
    assert isinstance(frames[-1], Frame) and frames[-1].flight.drop == view.index_of("c4")
    setup = xlib.game("xerog").start()
    assert view.frames(setup, setup.parse("setup 321123")) == []


def test_the_bases_are_drawn_and_clickable_as_the_last_step():
    b = board_at(L.GOAL)
    click(b, "c4")
    v = b.view
    assert BASE[NORTH] in v.targets(b.state, b.selection)
    click(b, "N")
    assert b.state.over and b.state.winners == (0,) and "South wins" in b.status.value


def test_two_computer_seats_play_a_whole_game_on_the_board():
    b = Board("xerog", animate=0, seed=1, quick_start=True, max_plies=40, seats={0: "random", 1: "random"})
    b.computer_turns()
    assert b.state.over and len(b.view.log(b.state)) == len(b.state.moves_played())


def test_a_flight_entered_by_another_route_animates_and_logs_as_flown():
    b = board_at(L.GATES)
    for step in ("c5", "d5", "Rocket Boost", "d4", "Other route", "Reprogram"):
        click(b, step)
    before = b.state
    click(b, "c3")
    flight = b.view.flight_of(before, b.state.last_move)
    assert [sq_name(s) for s in flight.squares] == ["c5", "c6", "d6", "d5", "e5", "e4", "d4"]   # east, south, west
    assert flown(b) == "c5-d5-d4>c3" and b.view.frames(before, b.state.last_move)[-1].dropped
