"""The Xero-G board, driven headless as a person's clicks would: flights leg by leg, boosts and reprograms,
illegal steps explained and marked, the set-up by clicks and the quick start."""
import random

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.views.xerog import CHOOSE, DROP, FLY, GATE_RED, Entry, Frame, XeroGView  # noqa: E402
from xlib.views.xerog.drawing import MAX_FRAMES  # noqa: E402
from xlib.games.xerog import BASE, NORTH, Fly, sq_name  # noqa: E402
from xlib.lessons import xerog as L  # noqa: E402
from xlib.board.calls import Recorder  # noqa: E402


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
    calls = canvas.ops
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
    assert [sq_name(s) for s in flight.squares] == ["a1", "a2", "b2", "c2", "c3", "c4", "c5", "d5", "e5", "f5"]
    steps = [f.step for f in frames]           # nine steps in at most four pictures, the last on f5
    assert len(steps) == MAX_FRAMES and steps == sorted(set(steps)) and steps[-1] == 9


def test_the_seed_gate_example_by_clicks_draws_red_gates_and_refuses_a_closed_one():
    b = board_at(L.GATES)
    for step in ("c5", "d5", "Rocket Boost", "d4", "Rocket Boost", "d5", "Rocket Boost"):
        click(b, step)
    entry = b.selection
    n = 3 + 3 + 1
    assert entry.witness.gate_names()[:n] == ["c5|c6", "c6|d6", "d5|d6", "c5|d5", "c4|c5", "c4|d4", "d4|d5"]
    canvas = Recorder()
    b.view.draw(canvas, b.state, Overlay(selection=entry))
    assert red_bars(canvas) == n                      # one red bar per gate crossed so far
    # every square some flight through these landings reaches is ringed: on the route drawn only the east gate
    # of d5 is open (d4, d6, e3, f4, f6); the second leg flown east of d4 instead leaves the west open
    assert ringed(b) == {"d4", "d6", "e3", "f4", "f6"} | {"a5", "b4", "b6", "c3"}
    click(b, "c5")
    assert "would cross the gate between c5 and d5 (red) again" in message(b) and "|" not in message(b)
    assert b.marks == (b.view.index_of("c5"),)
    assert b.selection.landings == entry.landings and b.selection.mode == FLY and b.state.ply == 0
    click(b, "f4")
    assert flown(b) == "c5-d5-d4-d5-f4"


def test_any_landing_some_flight_reaches_is_taken_and_the_route_found_by_itself():
    """c1-d3-a3>b3 by clicks: the route first drawn to d3 (c2, c3) closes the way west, another (c2, d2) does not."""
    b = Board(state=xlib.game("xerog").position("000300/101002/000201/100330/200000/003200 S"), animate=0)
    click(b, "c1")
    click(b, "d3")
    first = b.selection.witness
    click(b, "Rocket Boost")
    assert "a3" in ringed(b)
    click(b, "a3")
    assert "✗" not in message(b) and b.selection.mode == CHOOSE and b.selection.landings[-1] == b.view.index_of("a3")
    assert b.selection.witness.squares[:4] != first.squares[:4]          # the board took the route that goes on
    assert [x.label for x in b.view.buttons(b.state, b.selection)] == ["Rocket Boost", "Reprogram", "Step back",
                                                                       "Cancel flight"]
    click(b, "Reprogram")
    before = b.state
    click(b, "b3")
    assert flown(b) == "c1-d3-a3>b3" and b.state.pips("b3") == 1 and b.state.pips("a3") == 3
    flight = b.view.flight_of(before, b.state.last_move)
    assert [sq_name(s) for s in flight.squares] == ["c1", "c2", "d2", "d3", "c3", "b3", "a3"]   # drawn as flown


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
    """Every legal move's first landing is ringed for its ship, then its second whatever route the board drew to
    the first, and every ringed square begins a legal flight."""
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
        for m in moves[:40]:
            if len(m.flight.landings) > 1:
                start, (one, two) = m.flight.squares[0], m.flight.landings[:2]
                drawn = view.targets(state, Entry(start))[one]
                on = view.targets(state, Entry(start, (one,), FLY, drawn))
                assert two in on, (state.position_text(), str(m))
                assert all(state.explain(w.notation()) is None for w in on.values())
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
        canvas = Recorder()
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


def test_a_second_click_where_a_pressed_button_was_never_cancels_the_flight():
    b = board_at(L.BOOST)
    click(b, "c1")
    click(b, "c3")
    v = b.view
    for label, mode in (("Reprogram", DROP), ("Rocket Boost", FLY)):
        entry = b.selection
        x, y = v.button_centre(b.state, entry, label)
        b.click(x, y)
        b.click(x, y)                              # a quick double click
        assert isinstance(b.selection, Entry) and b.selection.mode == mode and b.state.ply == 0
        click(b, "Step back")
        assert b.selection.mode == CHOOSE
    cancel = [x for x in v.buttons(b.state, b.selection) if x.label == "Cancel flight"][0]
    for other in v.buttons(b.state, b.selection)[:2]:
        assert cancel.y > other.y + other.h        # Cancel flight sits below Rocket Boost and Reprogram


def test_a_greyed_rocket_boost_says_why_in_the_lessons_words():
    # a1 flies a2, a3 onto the medium on a3, boosts to b4, boosts back onto a3: all three gates of a3 are closed
    b = Board(state=xlib.game("xerog").position("333311/112000/020000/200000/000000/200000 S"), animate=0)
    for step in ("a1", "a3", "Rocket Boost", "b4", "Rocket Boost", "a3"):
        click(b, step)
    assert b.selection.mode == CHOOSE
    boost, reprogram = b.view.buttons(b.state, b.selection)[:2]
    assert not boost.enabled and reprogram.enabled
    click(b, "Rocket Boost")
    text = message(b)
    assert "✗" in text and "Rocket Boost is not possible here: every gate of a3 is closed (red)" in text
    assert "not possible here." not in text and b.marks == (b.view.index_of("a3"),)
    # one gate of a3 closed, the other two lead through pyramids
    b = Board(state=xlib.game("xerog").position("333321/120000/100000/210000/000000/200000 S"), animate=0)
    click(b, "a1")
    click(b, "a3")
    click(b, "Rocket Boost")
    assert ("Rocket Boost is not possible here: a boost of 2 from a3 cannot get out: the gate between a2 and a3 is "
            "closed (red), and the ship passes only through empty squares, not the pyramids on a4 and b3") in message(b)


def test_a_greyed_reprogram_says_why():
    # ranks 1 and 2 are full: the small pyramid lifted from a2 could only go back to a1, leaving the board as it was
    b = Board(state=xlib.game("xerog").position("000000/000000/000000/000000/123123/132132 S"), animate=0)
    click(b, "a1")
    click(b, "a2")
    boost, reprogram = b.view.buttons(b.state, b.selection)[:2]
    assert boost.enabled and not reprogram.enabled
    click(b, "Reprogram")
    assert "Reprogram is not possible here: the only square it may go to is a1, where the ship started" in message(b)


def test_a_drawn_game_says_it_is_a_draw():
    b = board_at(L.DRAW, len(L.DRAW.moves))
    assert b.state.over and "a draw" in b.status.value and "win" not in b.status.value
    assert "third time" in b.status.value


def test_a_ship_on_a_pyramid_is_drawn_large_beside_it_and_the_winner_at_its_file_in_the_base():
    b = board_at(L.BOOST)
    click(b, "c1")
    click(b, "c3")
    v = b.view
    canvas = Recorder()
    v.draw(canvas, b.state, Overlay(selection=b.selection))
    cx, cy = v.cell_centre("c3")
    labels = numbers_drawn(canvas, "2", cx, cy)
    assert len(labels) == 2                                      # the ship and the pyramid it stands on
    assert labels[0][0] > cx > labels[1][0]                      # the pyramid on the right, the ship on the left
    assert all(px >= 12 for _, px in labels)                     # both numbers readable
    won = L.GOAL.states()[-1]
    canvas = Recorder()
    v.draw(canvas, won, Overlay(interactive=False))
    bx, by, bw, bh = v.base_rect(BASE[NORTH])
    in_base = [(x, px) for x, px in numbers_drawn(canvas, "3", bx + bw / 2, by + bh / 2, far=bw)]
    assert len(in_base) == 1 and abs(in_base[0][0] - v.cell_centre("c6")[0]) < 1   # file c, not the middle


def numbers_drawn(canvas, text, x, y, far=None):
    """(x, font px) of each `text` drawn within `far` (a cell) of (x, y), in drawing order."""
    far = far or 40
    out, font = [], 0
    for name, args in canvas.ops:
        if name == "font":
            font = int(args.split("px")[0].split()[-1])
        elif name == "fill_text" and args[0] == text and abs(args[1] - x) < far and abs(args[2] - y) < 40:
            out.append((args[1], font))
    return out
