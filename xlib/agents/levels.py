"""The levels a student picks from: Easy, Medium and Hard, each one line on what it does."""
from __future__ import annotations

from typing import Any, ClassVar

from ..core import Move, State
from .mcts import MCTSAgent
from .simple import GreedyAgent
from .tactics import winning_moves
from .words import WINS_AT_ONCE, Why


class Easy(GreedyAgent):
    """Takes a win in one when it sees it; otherwise plays like Greedy. It does not look at your reply."""

    name = "easy"
    label = "Easy"
    description = "takes a win it can see this move, otherwise whatever gains the most right now"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": False,
                                            "level": 1}

    def choose(self, state: State) -> Move:
        moves = state.moves()
        if moves and state.to_move is not None:
            wins = winning_moves(state, moves)
            if wins:
                move = self.rng.choice(wins)
                self._why = Why(state, move, lambda: [state.play(move)], WINS_AT_ONCE)
                return move
        return super().choose(state)


class Medium(MCTSAgent):
    """Searches for half a second a move: takes a win in one, stops yours, and looks a few moves ahead."""

    name = "medium"
    label = "Medium"
    description = "thinks for half a second: takes a win, stops yours, and looks a few moves ahead"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": False,
                                            "level": 2}

    def __init__(self, seed: int = 0, seconds: float | None = 0.5, **options: Any) -> None:
        super().__init__(seconds=seconds, seed=seed, **options)


class Hard(MCTSAgent):
    """Searches for a second a move, twice as long as Medium, so it looks further ahead."""

    name = "hard"
    label = "Hard"
    description = "thinks for a second a move, looking further ahead than Medium"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": True,
                                            "level": 3}

    def __init__(self, seed: int = 0, seconds: float | None = 1.0, **options: Any) -> None:
        super().__init__(seconds=seconds, seed=seed, **options)


LEVELS = {cls.name: cls for cls in (Easy, Medium, Hard)}
