"""An exercise as pure data: a position, a task in plain words, and a goal the library checks.

Two kinds. A *move* exercise: the student plays a whole turn on the board, and `goal(start, end)`
says whether the position reached solves the task (a predicate over the public API, so every right
answer counts, not one cell). A *choice* exercise: the student picks one of `choices` (moves in
notation, such as "which of these is illegal?"), and `answer` is the right one; each pick is
answered with what the rules say of it. Either way a right answer gets `why`, a wrong one what
actually happened, two misses the `hint`, and "Show me" plays `solution` with its sentence."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .. import registry
from ..core import Move, State

#: (the exercise's position, the position after the student's turn) -> solved?
Goal = Callable[[State, State], bool]
#: (the exercise's position, the position after the student's turn) -> what happened, in the game's words
Miss = Callable[[State, State], str]

#: the most decisions one turn may take in an exercise (XAllies sows, then drops, then shoots)
MAX_TURN_STEPS = 40


@dataclass(frozen=True)
class Exercise:
    """A checked task on a position: `task` in plain words, `goal` (move kind) or `answer` (choice kind).

    `solution` holds the moves of one right answer (the whole turn); `illegal` is a mistake a student
    might make there, which the rules refuse with a sentence; `before` holds moves played from `position`
    before the student's turn (the history a rule such as superko looks back on); `miss`, when given, says what a legal
    wrong answer did in this exercise's terms (the board says it in general words otherwise)."""

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

    def __post_init__(self) -> None:
        if (self.goal is None) == (not self.choices):
            raise ValueError(f"exercise {self.task!r}: give a goal (the student plays) or choices (the student "
                             f"picks one), not both or neither")
        if self.choices and self.answer not in self.choices:
            raise ValueError(f"exercise {self.task!r}: its answer {self.answer!r} is not one of its choices")
        if not self.solution:
            raise ValueError(f"exercise {self.task!r}: give the moves of one right answer (for Show me)")

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

    def check(self, start: State, end: State) -> bool:
        """True when the position the student's turn reached solves the task (move kind)."""
        if self.goal is None:
            raise ValueError("a choice exercise is checked by its answer, not by a position")
        return bool(self.goal(start, end))

    def solved_by_choice(self, choice: str) -> bool:
        return self.answer is not None and choice == self.answer

    def solution_end(self, start: State) -> State:
        """The position the solution reaches (its moves must be legal: a lesson test plays them)."""
        s = start
        for m in self.solution:
            s = s.play(m)
        return s


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
