"""The board's moves in time: a person's move animated, then the computer seats' moves, run beside the kernel's
message loop (on a thread, or where threads cannot start, as an asyncio task that pauses between animation frames
and slices of the search), so that clicks meanwhile are answered and dropped, never played later."""
from __future__ import annotations

import asyncio
import functools
import html
import threading
import time
from typing import Any, Callable, Generator

from .. import threads
from ..core import Move, State
from ..live import BY_COMPUTER, HERE, PERSON, LocalGame, MoveRefused
from . import canvas as canvases
from .access import reduced_motion
from .shown import Shown
from .words import Words

#: a job of the board (animations, computer moves): it yields the pauses it asks for, in seconds
Steps = Generator[float, None, None]

#: the longest a move's animation takes, in seconds: its frames share it, each shown for at most the board's
#: `animate`, so that a long sowing or flight reads as one quick gesture and the player is soon to move again. A
#: computer's turn of several decisions (an XAllies sowing and the order of its drops) shares it too
MOVE_SECONDS = 0.3


def frame_pause(animate: float, frames: int, budget: float = MOVE_SECONDS) -> float:
    """How long each of a move's `frames` pictures is shown: `animate`, or less where they would take longer
    than `budget` together."""
    return min(animate, budget / frames) if frames else animate


def run_through(steps: Steps) -> None:
    """Run a job to its end where it stands, sleeping through the pauses it asks for (animation frames)."""
    for pause in steps:
        if pause > 0:
            time.sleep(pause)


def in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Turns:
    """Runs the board's jobs: a person's moves (`play_moves`) and the computer's turns (`computer_turns`).

    It holds the job under way (a thread or a task) and what waits for it; `shown.busy` says what it does
    meanwhile. It is given the canvas (told when the board is busy), the words, and callables: `refresh` and
    `repaint` (a frame of an animation), `mark` (a class on the board's widget), `report` (an error shown)."""

    def __init__(self, shown: Shown, words: Words, canvas: Any, *, animate: float, background: bool,
                 refresh: Callable[[], None], repaint: Callable[[Any], None], mark: Callable[[str, bool], None],
                 report: Callable[[], None]) -> None:
        self.shown, self.words, self.canvas = shown, words, canvas
        self.animate = animate
        self.background = background
        self.refresh, self.repaint, self.mark, self.report = refresh, repaint, mark, report
        #: told the position after a person's move, and what the board said it made happen
        self.played_listeners: list[Callable[[State, str], None]] = []
        self._busy_lock = threading.Lock()   # a turn starts only while no other runs (kernel and turn threads)
        self.worker: threading.Thread | None = None
        self.task: asyncio.Task[None] | None = None   # the job beside the page where threads cannot start
        self._jobs = 0                                  # how many such jobs have started
        self._after: list[Callable[[], None]] = []      # what waits for that job to end
        self.stopped = False
        #: what the board does once a job is done and a computer seat is to move (it lets it play)
        self.then: Callable[[], None] | None = None
        #: how long the last move's animation took, in seconds
        self.animated = 0.0

    def loop(self, lead: str = "") -> Steps:
        """The computer seats' moves, one after another, until a person is to move (or the board moved on)."""
        # each computer's sentence on its latest turn, in the order they moved: with two computers, both are read;
        # a turn of several decisions keeps the sentence of its first, which tells the whole turn. `lead` is what
        # the board said before the computer moved (a game loaded): it stays in front of their sentences
        shown, words = self.shown, self.words
        spoken: dict[int, str] = {}
        last: int | None = None
        animated = 0.0   # the seconds this seat's turn has been animated so far
        game = shown.game
        while not self.stopped and game is shown.game and game.computer_to_move():
            p = shown.state.to_move
            assert p is not None
            if shown.busy is not None:
                shown.busy = f"{shown.who(p)} is thinking…"
                words.say_busy()
            decision = yield from game.computer_move()
            if decision is None or self.stopped or game is not shown.game:
                return   # another device plays this seat's move (a class table), or the board moved on
            move = decision.move
            words.news, words.news_marks = [], ()
            if p != last:
                animated = 0.0
            left = MOVE_SECONDS - animated
            if not (yield from self.advance(move, BY_COMPUTER, left)):   # the move lands at once; its words come after
                return
            animated += self.animated
            said: str | None = decision.words()
            if said and p == last and p in spoken and not decision.thrown:
                said = None   # the same turn goes on: its first sentence stands
            if said:
                spoken.pop(p, None)
                spoken[p] = html.escape(said)
            last = p
            told = " ".join(([lead] if lead else []) + list(spoken.values()))
            if told and shown.state.over:   # the banner says the result: the sentence need not repeat it
                words.say(told, "good")
            elif told:
                words.tell_news(told)
            elif self.background or words.news:
                words.tell_news(f"{lead} {shown.mover(p)} played <code>{html.escape(str(move))}</code>.".strip())

    def computer_turns(self, lead: str = "", loop: Callable[..., Steps] | None = None) -> None:
        """Let computer seats move until a person is to move or the game is over (`loop`, the board's way of
        running them: `loop` here unless the board was given another)."""
        if self.shown.game.computer_to_move():
            self.run(functools.partial(loop or self.loop, lead), "The computer is thinking…")

    def play_moves(self, moves: list[Move], then: Callable[[str], Steps] | None = None) -> None:
        """Play a person's moves (animated where the board animates), then let the computer seats move."""
        shown, words = self.shown, self.words
        if isinstance(shown.game, LocalGame):
            shown.game.redo_stack.clear()
        shown.marks = ()
        words.say("")

        def job() -> Steps:
            words.news, words.news_marks = [], ()
            for m in moves:
                if not (yield from self.advance(m)):
                    return
            told = " ".join(words.news[-3:])
            if words.news:
                words.tell_news()
            for listener in self.played_listeners:
                listener(shown.state, told)
            yield from (then or self.loop)("")

        animated = (self.animate > 0 and bool(moves) and not reduced_motion()
                    and bool(shown.view.frames(shown.state, moves[0])))
        to_move = shown.state.to_move
        self.run(job, f"{shown.who(to_move)} is moving…" if to_move is not None else "", animated)

    def run(self, job: Callable[[], Steps], busy: str, animated: bool = False) -> None:
        """Run `job` (animations and computer moves): beside the kernel's message loop inside a notebook (on a
        thread, or where threads cannot start, as an asyncio task that pauses between frames and between slices
        of the computer's search), else at once. `job` yields the pauses it asks for, in seconds."""
        shown = self.shown
        needs_time = animated or any(shown.game.seat(p) != PERSON for p in range(len(shown.state.players)))
        loop = None if threads.available() else threads.event_loop()
        if not self.background or not needs_time or (loop is None and not threads.available()):
            self.stopped = False   # a job stopped before (`halt`) does not stop this one
            run_through(job())
            return
        with self._busy_lock:
            if shown.busy is not None:   # a turn started a moment ago on another thread: it plays on
                return
            shown.busy = busy or "The board is busy."
        canvases.set_busy(self.canvas, True)
        self.stopped = False
        self.words.say_busy()
        self.mark("xlib-busy", True)   # for the eye of a test: the board is working
        self.refresh()
        if loop is not None:
            self._jobs += 1
            self.task = loop.create_task(self._run_task(job(), self._jobs))
            return

        def target() -> None:
            try:
                run_through(job())
            except Exception:
                self.report()
            finally:
                self.finished()

        self.worker = threading.Thread(target=target, daemon=True)
        self.worker.start()

    async def _run_task(self, steps: Steps, number: int) -> None:
        """A job as an asyncio task: each pause lets the page's messages in (a click is answered, not played)."""
        try:
            for pause in steps:
                await asyncio.sleep(pause)
            await asyncio.sleep(0)   # clicks that came during the last step are answered while still busy
        except asyncio.CancelledError:
            steps.close()
            raise
        except Exception:
            self.report()
        finally:
            if self._jobs == number and self.task is not None:   # still the board's job: not stopped by `halt`
                self.task = None
                self.finished()

    def finished(self) -> None:
        """The job under way is done: the board is free, and what waited for it runs."""
        if self.words.busy_said:
            self.words.say("")   # nothing more to say than that the move is done (a dropped click's answer stays)
        with self._busy_lock:
            self.shown.busy = None
        canvases.set_busy(self.canvas, False)
        self.mark("xlib-busy", False)
        try:
            self.refresh()
            if not self.stopped and self.shown.game.computer_to_move() and self.then is not None:
                self.then()   # a seat handed to the computer as this turn ended: it plays now
        except Exception:
            self.report()
        if self.task is None:
            waiting, self._after = self._after, []
            for fn in waiting:
                try:
                    fn()
                except Exception:
                    self.report()

    def wait(self, timeout: float = 60.0) -> None:
        """Wait until the computer's moves and animations on a thread have finished (a task beside the page
        cannot be waited for: `after` runs what must follow it)."""
        if self.worker is not None:
            self.worker.join(timeout)

    def after(self, fn: Callable[[], None]) -> None:
        """Call `fn` once the moves and animations under way have finished: at once when there are none, when
        the task beside the page ends where threads cannot start."""
        if self.task is not None:
            self._after.append(fn)
            return
        self.wait()
        fn()

    def halt(self) -> None:
        """Stop the moves and animations under way (a new position is shown): the board is free at once."""
        self.stopped = True
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
            self._after.clear()
            self.finished()
        self.wait()

    def advance(self, move: Move, source: str = HERE, budget: float = MOVE_SECONDS) -> Generator[float, None, bool]:
        """Show the move's animation within `budget` seconds (none when nothing is left of it), then play it in
        the live game (the board shows it when told); False when the game refused it (a class table that stored
        another move first). `animated` says how long the animation took."""
        shown = self.shown
        animate = self.animate > 0 and budget > 0.01 and not reduced_motion()
        frames = shown.view.frames(shown.state, move) if animate else []
        pause = frame_pause(self.animate, len(frames), budget)
        self.animated = pause * len(frames)
        for frame in frames:
            self.repaint(frame)
            yield pause
        try:
            shown.game.play(move, source)
        except MoveRefused as exc:   # the class table's database stored another move first, or none
            self.words.say(html.escape(str(exc)), "illegal")
            self.refresh()
            return False
        return True
