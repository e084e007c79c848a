"""The simplest computer players: random, and greedy by the game's own evaluation."""
from __future__ import annotations

import random

from ..core import Move, State
from ..rng import check_seed


class RandomAgent:
    """Plays a uniformly random legal move; seeded, so a game against it repeats exactly."""

    name = "random"
    description = "picks any legal move at random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(moves)


class GreedyAgent:
    """Plays the move with the best immediate gain by the game's own evaluation (ties at random)."""

    name = "greedy"
    description = "takes whatever gains the most right now"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))

    def utility(self, state: State, me: int) -> float:
        """How much `me` likes `state`; personas change this."""
        return state.values()[me]

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if len(moves) == 1:
            return moves[0]
        me = state.to_move
        best: list[Move] = []
        best_value = float("-inf")
        for m in moves:
            v = self.utility(state.play(m), me)
            if v > best_value + 1e-12:
                best, best_value = [m], v
            elif abs(v - best_value) <= 1e-12:
                best.append(m)
        return self.rng.choice(best)
