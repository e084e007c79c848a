"""The simplest computer players: random, and greedy by the game's own evaluation."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from ..core import Move, State
from ..rng import check_seed
from .words import WINS_AT_ONCE, Why

#: what a greedy player gains in each game, in the game's words (absent: only a win changes its count)
GAINS: dict[str, str] = {"xallies": "it adds the most to its score right now",
                         "alea": "it gives it the most stones right now",
                         "x": "it gives it the most corners right now"}


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
        self._why = Why(state, move, lambda: [state.play(move)], "it picks any move the rules allow, at random")
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

    def motive(self, state: State, me: int) -> str:
        """Why the best move is best to this player, in the game's words, for the reason."""
        return GAINS.get(state.game.name, "it gains the most right now")

    def no_motive(self, state: State, me: int) -> str:
        """The reason when every move is worth the same to this player: it picked one at random."""
        return "no move gains more than another right now, so it picked one at random"

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
        if after.over and after.winners == (me,):
            why = WINS_AT_ONCE
        elif len(best) == len(moves):
            why = self.no_motive(state, me)
        else:
            tied = " (other moves are as good, so it picked one of them at random)" if len(best) > 1 else ""
            why = self.motive(state, me) + tied
        self._why = Why(state, move, [after], why)
        return move

    def reason(self) -> str:
        """The last choice in a sentence."""
        return str(self._why) if self._why is not None else f"{self.label} has not chosen a move yet."
