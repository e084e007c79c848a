"""The levels a student picks from: Easy, Medium and Hard, each one line on what it does."""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

from .. import runtime
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


#: Medium's imagined games per decision, by game: about a tenth of a second here, well within its time in a browser
MEDIUM_NODES = {"xallies": 300, "alea": 2500, "xats": 150, "xerog": 80, "x": 300}
#: how many times Medium's imagined games Hard has, by game: more where three players share the table (XAllies,
#: XATS), as a better player there must also see through two others' plans to pull ahead (benchmarks/strength.py)
HARD_TIMES = {"xallies": 8, "alea": 4, "xats": 16, "xerog": 4, "x": 4}
#: Hard's imagined games per decision, by game
HARD_NODES = {game: HARD_TIMES[game] * count for game, count in MEDIUM_NODES.items()}


#: Medium's time cap a decision, in seconds: in a kernel on a server, and on the site, where Python runs the search
#: about twice as slowly in the student's browser and the same turn also draws the move there (a move's animation
#: takes up to 0.3 s, MOVE_SECONDS in xlib/board/turns.py): its imagined games fit in 0.3 s there on a quiet
#: computer, so the cap only cuts a busy or slow computer's search short, and the computer still answers within
#: about a second
MEDIUM_SECONDS, SITE_MEDIUM_SECONDS = 0.5, 0.3


def medium_seconds() -> float:
    """Medium's time cap where this Python runs (see SITE_MEDIUM_SECONDS)."""
    return SITE_MEDIUM_SECONDS if runtime.on_site() else MEDIUM_SECONDS


class Medium(MCTSAgent):
    """Searches a set number of imagined games a move, at most half a second: takes a win in one, stops yours,
    and looks a few moves ahead."""

    name = "medium"
    label = "Medium"
    description = "thinks for half a second at most: takes a win, stops yours, and looks a few moves ahead"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": False,
                                            "level": 2}

    def __init__(self, seed: int = 0, seconds: float | None = MEDIUM_SECONDS,
                 nodes: int | Mapping[str, int] | None = MEDIUM_NODES, **options: Any) -> None:
        if seconds == MEDIUM_SECONDS:   # the level as shipped: on the site, its cap there
            seconds = medium_seconds()
        super().__init__(seconds=seconds, seed=seed, nodes=nodes, **options)


class Hard(MCTSAgent):
    """Searches four to sixteen times as many imagined games as Medium (HARD_TIMES), at most a second a turn, so
    it looks further ahead."""

    name = "hard"
    label = "Hard"
    description = "thinks for a second at most, looking further ahead than Medium"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": True,
                                            "level": 3}

    def __init__(self, seed: int = 0, seconds: float | None = 1.0,
                 nodes: int | Mapping[str, int] | None = HARD_NODES, **options: Any) -> None:
        super().__init__(seconds=seconds, seed=seed, nodes=nodes, **options)


LEVELS = {cls.name: cls for cls in (Easy, Medium, Hard)}
