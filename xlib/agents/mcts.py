"""Monte Carlo tree search for any number of players (UCT with max^n backup).

Each node keeps every player's summed reward; at a node the player to move picks the child
best for them. XAllies' compound turns are simply several decisions by the same player.
Rollouts use a game's fast playout where it has one. The reward is each player's share of
the win judged by the game's own evaluation (for XAllies: points plus skill × white pieces,
never the drawn shots). The tree is kept between moves and reused when the game went on
through it."""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..core import Move, State
from ..rng import check_seed


class _Node:
    __slots__ = ("state", "mover", "untried", "children", "visits", "totals")

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.mover = state.to_move
        moves = state.moves()
        rng.shuffle(moves)
        self.untried = moves
        self.children: dict[object, tuple[Move, _Node]] = {}
        self.visits = 0
        self.totals = [0.0] * len(state.players)


@dataclass(frozen=True)
class MoveStat:
    """What the search thought of one move: how often it was tried and how well it did for the mover."""

    move: str
    visits: int
    value: float


def share_of_win(values: tuple[float, ...]) -> list[float]:
    """1 for the single leader, split equally among tied leaders, 0 for the rest."""
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v >= best - 1e-9]
    return [1.0 / len(leaders) if i in leaders else 0.0 for i in range(len(values))]


def reward(values: tuple[float, ...]) -> list[float]:
    """What a playout is worth to each player: mostly the share of the win, partly the share of all worth.

    The second part tells a narrow loss from a heavy one, which makes the search much stronger."""
    total = sum(v for v in values if v > 0) or 1.0
    return [0.7 * w + 0.3 * max(v, 0.0) / total for w, v in zip(share_of_win(values), values)]


class MCTSAgent:
    """UCT search; `iterations` or `seconds` sets the budget for each move (both: whichever ends first)."""

    name = "mcts"
    description = "looks ahead by playing many imagined games to the end"

    def __init__(self, iterations: int | None = 300, seconds: float | None = None, seed: int = 0,
                 exploration: float = 0.7, rollout_turns: int | None = None, reuse: bool = True) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give MCTSAgent a budget: iterations, seconds, or both")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        check_seed(seed)
        self.iterations, self.seconds = iterations, seconds
        self.exploration = exploration
        self.rollout_turns = rollout_turns
        self.reuse = reuse
        self.rng = random.Random(seed)
        self.root: _Node | None = None
        self.anchor: State | None = None  # the game's own state the root stands for
        self.last_iterations = 0

    # ---- search ----------------------------------------------------------------------------
    def choose(self, state: State) -> Move:
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        root = self._root_for(state)
        self.root, self.anchor = root, state
        if len(moves) == 1:
            return moves[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and \
                (deadline is None or time.perf_counter() < deadline):
            self._iterate(root)
            done += 1
        self.last_iterations = done
        best = max(root.children.values(), key=lambda mc: (mc[1].visits, mc[1].totals[root.mover]))
        return best[0]

    def _root_for(self, state: State) -> _Node:
        """Reuse the subtree the game went through since the last move, if there is one."""
        if self.reuse and self.root is not None:
            line = []
            s: State | None = state
            while s is not None and s is not self.anchor and len(line) < 64:
                line.append(s.last_move)
                s = s.parent
            if s is self.anchor:
                node: _Node | None = self.root
                for m in reversed(line):
                    entry = node.children.get(m.key()) if node is not None else None
                    node = entry[1] if entry is not None else None
                if node is not None:
                    return node
        return _Node(state, self.rng)

    def _iterate(self, root: _Node) -> None:
        node, path = root, [root]
        c = self.exploration
        while not node.untried and node.children:  # selection
            log_n = math.log(node.visits)
            p = node.mover
            best, best_score = None, float("-inf")
            for _, child in node.children.values():
                score = child.totals[p] / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = child, score
            node = best  # type: ignore[assignment]
            path.append(node)
        if node.untried:  # expansion
            move = node.untried.pop()
            child = _Node(node.state.play(move), self.rng)
            node.children[move.key()] = (move, child)
            node = child
            path.append(node)
        reward = self._rollout(node.state)
        for n in path:  # backup: every player's reward, so each mover picks what is best for them
            n.visits += 1
            totals = n.totals
            for i, r in enumerate(reward):
                totals[i] += r

    def _rollout(self, state: State) -> list[float]:
        rng = self.rng
        s = state
        while not s.over and getattr(s, "in_turn", False):  # finish a compound turn decision by decision
            s = s.play(rng.choice(s.moves()))
        if s.over:
            return reward(s.values())
        fast = getattr(s, "fast_playout", None)
        if fast is not None and getattr(s, "phase", "play") == "play":
            return reward(fast(rng, self.rollout_turns).values)
        steps = 0
        limit = None if self.rollout_turns is None else self.rollout_turns * 8
        while not s.over and (limit is None or steps < limit):
            s = s.play(rng.choice(s.moves()))
            steps += 1
        return reward(s.values())

    # ---- what the computer is thinking -------------------------------------------------------
    def thinking(self) -> list[MoveStat]:
        """Each move searched at the last decision: visits and mean reward for the player who moved."""
        if self.root is None or not self.root.children:
            return []
        p = self.root.mover
        stats = [MoveStat(str(m), n.visits, n.totals[p] / n.visits) for m, n in self.root.children.values()]
        return sorted(stats, key=lambda s: -s.visits)
