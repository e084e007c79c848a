"""The simplest computer players: random, and greedy by the game's own evaluation."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from ..core import Move, State
from ..rng import check_seed
from .words import Why


class RandomAgent:
    """Plays a uniformly random legal move; seeded, so a game against it repeats exactly."""

    name = "random"
    label = "Random"
    description = "picks any legal move at random"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": False}

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))
        self._why: Why | None = None

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        move = self.rng.choice(moves)
        self._why = Why(state, move, lambda: [state.play(move)],
                        f"it picked one of {len(moves)} legal moves at random")
        return move

    def reason(self) -> str:
        """The last choice in a sentence."""
        return str(self._why) if self._why is not None else f"{self.label} has not chosen a move yet."


class GreedyAgent:
    """Plays the move with the best immediate gain by the game's own evaluation (ties at random)."""

    name = "greedy"
    label = "Greedy"
    description = "takes whatever gains the most right now"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": False}

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))
        self._why: Why | None = None

    def motive(self) -> str:
        """How the move was picked, for the reason."""
        return "it gains the most right now"

    def utility(self, state: State, me: int) -> float:
        """How much `me` likes `state`; personas change this."""
        return state.values()[me]

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        me = state.to_move
        assert me is not None
        if len(moves) == 1:
            self._why = Why(state, moves[0], lambda: [state.play(moves[0])], "it had no other move")
            return moves[0]
        best: list[tuple[Move, State]] = []
        best_value = float("-inf")
        for m in moves:
            after = state.play(m)
            v = self.utility(after, me)
            if v > best_value + 1e-12:
                best, best_value = [(m, after)], v
            elif abs(v - best_value) <= 1e-12:
                best.append((m, after))
        move, after = self.rng.choice(best)
        tied = f" (one of {len(best)} moves as good)" if len(best) > 1 else ""
        self._why = Why(state, move, [after], self.motive() + tied)
        return move

    def reason(self) -> str:
        """The last choice in a sentence."""
        return str(self._why) if self._why is not None else f"{self.label} has not chosen a move yet."
