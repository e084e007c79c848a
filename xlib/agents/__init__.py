"""Computer players. Each works through the public xlib API only, so every game gets them."""
from __future__ import annotations

import random

from ..core import Move, State


class RandomAgent:
    """Plays a uniformly random legal move; seeded, so a game against it repeats exactly."""

    name = "random"
    description = "picks any legal move at random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(moves)


AGENTS = {"random": RandomAgent}
