"""XAllies personas for the classroom: one greedy player, five ways of valuing the others.

Each persona looks one decision ahead, like GreedyAgent, but weighs the outcome its own way.
A player's worth is their points plus the expected worth of their white pieces (skill × whites).
The weights are a social value orientation: how much the others' worth counts."""
from __future__ import annotations

from typing import Any, ClassVar

from ..core import Move, State
from .simple import GreedyAgent

SHARED_BLACK = 6.0  # what a black piece is worth to the group when two players share it


def _worth(state: State) -> tuple[float, ...]:
    return state.values()


class _Before:
    """The position a persona chooses from, and what its ledger holds, read once for all the moves it weighs.

    Only a black piece's going (claimed or wasted) adds to the claims and wastes: a position after one move
    with as many black pieces as before has the same ones, so its ledger need not be read again."""

    __slots__ = ("state", "black", "_ledger")

    def __init__(self, state: State) -> None:
        self.state = state
        self.black: int = state.black_left  # type: ignore[attr-defined]
        self._ledger: Any = None

    def ledger(self, after: State) -> Any:
        """The ledger of `after`, the position after one of the moves weighed (its own when a black piece went)."""
        if after.parent is not self.state or after.black_left != self.black:  # type: ignore[attr-defined]
            return after.ledger  # type: ignore[attr-defined]
        if self._ledger is None:
            self._ledger = self.state.ledger  # type: ignore[attr-defined]
        return self._ledger


def _leading(state: State, me: int) -> bool:
    """Whether `me` is worth more than every other player in `state` (the Spoiler's test)."""
    worth = _worth(state)
    return worth[me] > max(v for i, v in enumerate(worth) if i != me)


class Persona(GreedyAgent):
    """A greedy XAllies player with its own way of valuing the others' worth."""

    classifier: ClassVar[dict[str, Any]] = {"games": {"xallies"}, "stochastic": True, "long_run_time": False}

    #: why its move is best to it, in a clause: "it cares only about its own score, and ..."
    aim = "this move is worth the most to it"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self._before: _Before | None = None

    def choose(self, state: State) -> Move:
        self._before = _Before(state)
        try:
            return super().choose(state)
        finally:
            self._before = None

    def ledger(self, state: State) -> Any:
        """The ledger of `state`: read once for the moves weighed from one position (see _Before)."""
        before = self._before
        return state.ledger if before is None else before.ledger(state)  # type: ignore[attr-defined]

    def motive(self, state: State, me: int) -> str:
        """Its way of valuing the others, and that this move is best that way (the reason's "Why")."""
        return self.aim

    def no_motive(self, state: State, me: int) -> str:
        """The reason when its way of valuing finds every move alike."""
        return "every move is worth the same to it right now, so it picked one at random"


class Selfish(Persona):
    """Counts only its own score."""

    name = "selfish"
    label = "Selfish"
    description = "cares only about its own score"
    aim = "it cares only about its own score, and this move adds the most to it"


class Prosocial(Persona):
    """Counts the others' gains as its own, and hates to waste a black piece everyone could have shared."""

    name = "prosocial"
    label = "Prosocial"
    description = "counts the others' gains too, and avoids wasting black pieces"
    aim = ("it counts the others' scores as much as its own and hates to waste a black piece, and this move is "
           "best for everyone that way")
    weight = 1.0

    def utility(self, state: State, me: int) -> float:
        worth = _worth(state)
        others = sum(worth) - worth[me]
        wasted = len(self.ledger(state).wasted)
        return worth[me] + self.weight * others - SHARED_BLACK * wasted


class Competitive(Persona):
    """Counts the others' gains against itself: it wants to be ahead, not just to score."""

    name = "competitive"
    label = "Competitive"
    description = "counts the others' gains against itself"
    aim = "it wants to be ahead of the others, and this move puts it furthest ahead"

    def utility(self, state: State, me: int) -> float:
        worth = _worth(state)
        others = [v for i, v in enumerate(worth) if i != me]
        return worth[me] - sum(others) / len(others)


class Reciprocator(Persona):
    """Helps the players who helped it (an alliance they made that paid it), turns away from those who wasted."""

    name = "reciprocator"
    label = "Reciprocator"
    description = "returns help to those who helped it, and turns away from those who wasted"
    aim = ("it helps those who made alliances with it and not those who wasted black pieces, and this move is "
           "best that way")

    def utility(self, state: State, me: int) -> float:
        worth = _worth(state)
        ledger = self.ledger(state)
        score = worth[me]
        for other in range(len(worth)):
            if other == me:
                continue
            helped = sum(1 for c in ledger.claimed if c.mover == other and me in c.coalition)
            wasted = sum(1 for w in ledger.wasted if w.mover == other)
            weight = max(-1.0, min(1.0, 0.5 * helped - 0.5 * wasted))
            score += weight * worth[other]
        return score


class Spoiler(Persona):
    """While it leads, wastes black pieces to end the game sooner; otherwise plays for itself."""

    name = "spoiler"
    label = "Spoiler"
    description = "while in the lead, wastes black pieces to end the game sooner"

    def motive(self, state: State, me: int) -> str:
        if _leading(state, me):
            return "it is in the lead, so it plays to use up the black pieces and end the game sooner"
        return "it is not in the lead, so it plays for its own score, and this move adds the most to it"

    def utility(self, state: State, me: int) -> float:
        worth = _worth(state)
        parent = state.parent
        if _leading(parent if parent is not None else state, me):
            return worth[me] - SHARED_BLACK * state.black_left  # type: ignore[attr-defined]
        return worth[me]


PERSONAS = {cls.name: cls for cls in (Selfish, Prosocial, Competitive, Reciprocator, Spoiler)}
