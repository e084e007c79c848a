"""Boards where no thread can start (a browser's Pyodide), played under CPython: computer turns and animations
run as asyncio tasks on the page's event loop, pausing between frames and between slices of the search, so
clicks that come meanwhile are answered and dropped, never played later."""
import asyncio
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from xlib import threads  # noqa: E402
from xlib.board import Board, Tutorial  # noqa: E402
from xlib.lessons import Scene  # noqa: E402
from xlib.views.x.view import XView  # noqa: E402
from xlib.views.xallies.view import well_centre  # noqa: E402

from .loops import run, where_no_loop_runs  # noqa: E402

pytestmark = pytest.mark.usefixtures("no_threads")


class Held:
    """A computer player that searches in slices until released, so clicks can come while it thinks."""

    def __init__(self) -> None:
        self.release = False
        self.pauses = 0

    def steps(self, state):
        while not self.release:
            self.pauses += 1
            yield
        return state.moves()[0]

    def choose(self, state):
        raise AssertionError("where threads cannot start, the board asks for the search in slices")


async def thinking(held: Held) -> None:
    """Let the loop run until the held player has started thinking."""
    for _ in range(20_000):
        if held.pauses:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the computer never started thinking")


async def idle(board: Board) -> int:
    """Let the loop run until the board has finished its job; how many times the test got to run meanwhile."""
    turns = 0
    while board.busy is not None:
        turns += 1
        assert turns < 20_000, "the board never finished its job"
        await asyncio.sleep(0.005)
    await asyncio.sleep(0)
    return turns


def test_no_thread_starts_here():
    assert not threads.available()


def test_the_computer_replies_as_a_task_and_clicks_meanwhile_are_answered_and_dropped(monkeypatch):
    monkeypatch.setenv("XLIB_CANVAS", "web")
    view = XView(size=5)

    async def play() -> None:
        b = Board("x", size=5, seed=2, seats={1: "medium", 2: "easy"}, animate=0, background=True)
        held = Held()
        b._agents[1] = held
        assert b.canvas.busy is False
        b.click(*view.cell_centre("c3"))
        assert b.busy is not None   # the person's move and the computer's turn run beside the page
        assert b.canvas.busy is True   # the page knows: it answers clicks without playing them
        await thinking(held)           # the move is in, and Yellow searches: between its slices the page answers
        assert b.state.ply == 1 and "Yellow is thinking" in b.busy
        b.click(*view.cell_centre("a1"))
        b.click(*view.cell_centre("e5"))
        assert b.ignored_clicks == 2 and "is thinking" in b.message.value and "not played" in b.message.value
        assert b.undo_button.disabled and b.entry.disabled
        held.release = True
        assert await idle(b) >= 1
        assert b.busy is None and b.canvas.busy is False and b.state.ply == 3 and b.state.to_move == 0
        assert str(b.state.history()[1].last_move) == "c3"   # two computer moves after it, and none of the clicks
        assert "placed" in b.message.value or "played" in b.message.value   # the computer's move in words
        assert not b.undo_button.disabled

    run(play())


def test_the_first_click_after_a_new_game_a_person_starts_is_played(monkeypatch):
    """X against two computers: New game, then Yes, new game, and a click at once (before the page's loop runs
    again). Red, a person, starts: no computer turn marks the board busy, so the click is played; and a click the
    board does drop keeps its answer when the board is free again."""
    monkeypatch.setenv("XLIB_CANVAS", "web")
    view = XView(size=5)

    async def play() -> None:
        b = Board("x", size=5, seed=2, seats={1: "easy", 2: "easy"}, animate=0, background=True, keep=None)
        b.click(*view.cell_centre("c3"))
        await idle(b)
        b.new_game_from_controls()
        b.new_game_from_controls()   # Yes, new game
        assert b.state.ply == 0 and b.busy is None and b.canvas.busy is False and "New game" in b.message.value
        b.click(*view.cell_centre("c3"))
        await idle(b)
        assert b.ignored_clicks == 0 and str(b.state.history()[1].last_move) == "c3"
        b._run(lambda: iter(()), "The computer is thinking…")   # a job that says nothing when it is done
        b.click(*view.cell_centre("a1"))
        await idle(b)
        assert b.ignored_clicks == 1 and "not played" in b.message.value   # the answer to the click stays

    run(play())


def test_a_real_search_in_slices_plays_within_its_budget():
    async def play() -> None:
        b = Board("x", size=5, seed=2, seats={1: "medium", 2: "medium"}, animate=0, background=True)
        b.play("c3")
        await idle(b)
        assert b.state.ply == 3 and b.state.to_move == 0 and b._agents[1].stopped in ("budget", "clear", "sure")

    run(play())


def test_a_click_the_page_made_while_busy_is_answered_even_when_it_arrives_after_the_move(monkeypatch):
    monkeypatch.setenv("XLIB_CANVAS", "web")
    view = XView(size=5)
    b = Board("x", size=5, seed=2, animate=0)
    x, y = view.cell_centre("c3")
    z = b.zoom
    b.canvas._on_event(b.canvas, {"event": "mouse_down", "x": x * z, "y": y * z, "busy": True}, [])
    assert b.state.ply == 0 and b.ignored_clicks == 1 and "not played" in b.message.value
    b.canvas._on_event(b.canvas, {"event": "touch_start", "touches": [{"x": x * z, "y": y * z}], "busy": False}, [])
    assert b.state.ply == 1 and str(b.state.last_move) == "c3"   # a tap plays like a click


def test_animations_show_every_frame_as_a_task():
    async def play() -> None:
        b = Board("xallies", seed=0, animate=0.01, background=True)
        shown: list[object] = []
        real = b.repaint

        def repaint(frame: object = None) -> None:
            shown.append(frame)
            real(frame)
        b.repaint = repaint  # type: ignore[method-assign]
        frames = b.view.frames(b.state, b.state.parse("3+"))
        b.click(*well_centre(3))
        b.click(*well_centre(4))   # blue sows 3+ clockwise
        assert b.busy is not None and b.state.ply == 0   # the sowing is shown before the move lands
        b.click(*well_centre(5))
        assert b.ignored_clicks == 1 and "moving" in b.message.value
        await idle(b)
        assert b.state.turns() == ["3+:bb"] and b.busy is None
        assert [f for f in shown if f is not None] == frames

    run(play())


def test_a_tutorial_shows_the_next_move_and_then_its_sentence():
    scene = Scene("xallies", "An alliance", ["Start.", "Blue sows.", "Purple sows."], ["3+:bb", "7+:pp"])

    async def play() -> None:
        t = Tutorial(scene, animate=0.01, background=True)
        t.next()
        assert t.board.busy is not None and ">Blue sows." not in t.sentence.value   # the move is being shown
        t.next()                                                                    # a second press waits its turn
        await idle(t.board)
        assert t.board.state.turns() == ["3+:bb"] and ">Blue sows." in t.sentence.value
        t.next()
        await idle(t.board)
        assert t.board.state.turns() == ["3+:bb", "7+:pp"] and ">Purple sows." in t.sentence.value

    run(play())


def test_a_new_position_stops_the_computer_at_once_and_nothing_lands_on_it_later():
    async def play() -> None:
        b = Board("x", size=5, seed=4, seats={1: "hard", 2: "hard"}, animate=0, background=True)
        held = Held()
        b._agents[1] = held
        b.play("c3")
        await thinking(held)
        assert b.busy is not None and b.state.ply == 1
        start = b.state.game.start(seed=4)
        b.reset(start)
        assert b.busy is None and b.state is start and "xlib-busy" not in b.widget._dom_classes
        held.release = True
        for _ in range(40):   # the search that was under way is gone: no move of it lands on the new position
            await asyncio.sleep(0.01)
        assert b.state is start and b.busy is None

    run(play())


def test_without_a_running_loop_the_board_plays_where_it_stands():
    where_no_loop_runs(plays_where_it_stands)


def plays_where_it_stands() -> None:
    b = Board("x", size=5, seed=2, seats={1: "easy", 2: "easy"}, animate=0, background=True)
    b.play("c3")
    assert b.busy is None and b.state.ply == 3 and b.state.to_move == 0
