"""An exercise as pure data: a position, a task in plain words, and a goal the library checks.

Two kinds. A *move* exercise: the student plays a whole turn on the board, and `goal(start, end)`
says whether the position reached solves the task (a predicate over the public API, so every right
answer counts, not one cell). A *choice* exercise: the student picks one of `choices` (moves in
notation, such as "which of these is illegal?"), and `answer` is the right one; each pick is
answered with why it is not the answer to that question. Either way a right answer gets `why`, a wrong one
what it did and why that does not do the task (`miss` for a move; for a choice `reasons`, `because` worked out
on the position, or the rules), two misses the `hint`, and "Show me" plays `solution` with its sentence."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

from .. import registry
from ..core import Move, State

#: (the exercise's position, the position after the student's turn) -> solved?
Goal = Callable[[State, State], bool]
#: (the exercise's position, the position after a wrong turn) -> what the turn did and why that misses the task
Miss = Callable[[State, State], str]
#: (the exercise's position, a wrong choice) -> why that choice is not the answer, worked out on the position
Reason = Callable[[State, str], str]
#: a turn's moves as the student entered them (in notation)
Entered = tuple[str, ...]
T = TypeVar("T")

#: the most decisions one turn may take in an exercise (XAllies sows, then drops, then shoots)
MAX_TURN_STEPS = 40


@dataclass(frozen=True)
class Exercise:
    """A checked task on a position: `task` in plain words, `goal` (move kind) or `answer` (choice kind).

    `solution` holds the moves of one right answer (the whole turn); `illegal` is a mistake a student
    might make there, which the rules refuse with a sentence; `before` holds moves played from `position`
    before the student's turn (the history a rule such as superko looks back on); `miss` (every move exercise has
    one) says what a legal wrong turn did in this exercise's terms and why that does not do the task, from what
    the goal found missing; `reasons` gives a wrong choice the reason it is not the answer to this question
    (where none is given, `because` works one out on the position, or else a choice whose legality differs from
    the answer's is answered by the rules)."""

    task: str
    why: str
    hint: str
    solution: tuple[str, ...]
    illegal: str
    position: str | None = None
    goal: Goal | None = None
    choices: tuple[str, ...] = ()
    answer: str | None = None
    miss: Miss | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    before: tuple[str, ...] = ()
    reasons: dict[str, str] = field(default_factory=dict)
    because: Reason | None = None

    def __post_init__(self) -> None:
        if (self.goal is None) == (not self.choices):
            raise ValueError(f"exercise {self.task!r}: give a goal (the student plays) or choices (the student "
                             f"picks one), not both or neither")
        if self.choices and self.answer not in self.choices:
            raise ValueError(f"exercise {self.task!r}: its answer {self.answer!r} is not one of its choices")
        if not self.solution:
            raise ValueError(f"exercise {self.task!r}: give the moves of one right answer (for Show me)")
        if self.goal is not None and self.miss is None:
            raise ValueError(f"exercise {self.task!r}: say why a wrong turn misses the task (miss)")
        stray = set(self.reasons) - set(self.choices) | ({self.answer} & set(self.reasons))
        if stray:
            raise ValueError(f"exercise {self.task!r}: reasons given for {sorted(map(str, stray))}, which are not "
                             f"wrong choices")
        if self.because is not None and not self.choices:
            raise ValueError(f"exercise {self.task!r}: only a choice exercise works out why a choice is wrong")

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "move"

    def start(self, game: str, options: dict[str, Any] | None = None) -> State:
        """The exercise's position, in `game` with the scene's options and the exercise's own on top."""
        g = registry.game(game, **{**(options or {}), **self.options})
        s = g.position(self.position, seed=self.seed) if self.position else g.start(seed=self.seed)
        for m in self.before:   # moves played before the student's turn: a rule that looks back needs them
            s = s.play(m)
        return s

    def check(self, start: State, end: State, entered: Entered = ()) -> bool:
        """True when the position the student's turn reached solves the task (move kind); `entered`, when given, is
        the turn as the student entered it (see AsEntered)."""
        if self.goal is None:
            raise ValueError("a choice exercise is checked by its answer, not by a position")
        return bool(_judged(self.goal, start, end, entered))

    def solved_by_choice(self, choice: str) -> bool:
        return self.answer is not None and choice == self.answer

    def missed_because(self, start: State, end: State, entered: Entered = ()) -> str:
        """What a wrong turn did and why that does not do the task (move kind); `entered`, when given, is the turn
        as the student entered it (see AsEntered)."""
        if self.miss is None:
            raise ValueError("a choice exercise is answered by its choices' reasons")
        return _judged(self.miss, start, end, entered).strip()

    def why_not(self, start: State, choice: str) -> str:
        """Why `choice` is not the answer to this question: its own reason, one worked out on the position, or
        what the rules say of it where the rules refuse it and allow the answer ('' when none says it)."""
        if choice in self.reasons:
            return self.reasons[choice]
        worked_out = self.because(start, choice) if self.because is not None else ""
        if worked_out:
            return worked_out
        refused = _refusal(start, choice)
        if refused and not _refusal(start, str(self.answer)):
            return f"The rules refuse it: {refused}"
        return ""

    def solution_end(self, start: State) -> State:
        """The position the solution reaches (its moves must be legal: a lesson test plays them)."""
        s = start
        for m in self.solution:
            s = s.play(m)
        return s


@dataclass(frozen=True)
class AsEntered(Generic[T]):
    """A goal or a miss that reads the turn as the student entered it: `judge(start, end, entered)`.

    A game may keep a move under another notation with the same result (Xero-G lists one flight per board it
    leaves), so what the student did, such as where their ship landed, is read from what they entered. Called as
    a plain goal or miss, it reads the moves the game kept."""

    judge: Callable[[State, State, Entered], T]

    def __call__(self, start: State, end: State) -> T:
        return self.judge(start, end, tuple(str(m) for m in turn_moves(start, end)))


def _judged(judge: Callable[[State, State], T], start: State, end: State, entered: Entered) -> T:
    """A goal's or a miss's answer, on the turn as entered where it reads that (AsEntered) and it was given."""
    if entered and isinstance(judge, AsEntered):
        return judge.judge(start, end, tuple(entered))
    return judge(start, end)


def _refusal(start: State, choice: str) -> str:
    """The rules' sentence refusing `choice` at `start`, or '' when it is a legal move there; without the move's
    own notation where the rules begin with it ("a6-a4: a6 is not…"): the answer names the choice already."""
    reason = start.explain(choice) or ""
    named = f"{choice.strip()}:"
    return reason[len(named):].strip() if reason.lower().startswith(named.lower()) else reason


def turn_over(start: State, now: State) -> bool:
    """Whether the mover of `start` has finished the turn in `now` (another player to move, or the game over)."""
    return now.over or now.to_move != start.to_move or len(now.history()) - len(start.history()) >= MAX_TURN_STEPS


# ---- goals every game can use ----------------------------------------------------------------------
def mover_wins(start: State, end: State) -> bool:
    """The player who was to move has won, alone (a shared win or a draw is not a win here)."""
    return end.over and tuple(end.winners) == (start.to_move,)


def played(*moves: str) -> Goal:
    """The turn began with one of these moves (as the game writes them): for tasks with one right move."""
    wanted = set(moves)

    def goal(start: State, end: State) -> bool:
        first = turn_moves(start, end)
        return bool(first) and str(first[0]) in wanted
    return goal


def turn_moves(start: State, end: State) -> list[Move]:
    """The moves played from `start` to `end` (end must be reached from start)."""
    history = end.history()
    depth = len(start.history())
    return [s.last_move for s in history[depth:] if s.last_move is not None]
