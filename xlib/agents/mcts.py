"""Monte Carlo tree search for any number of players, within a time budget.

UCT with max^n backup: each node keeps every player's summed reward, and at a node the player
to move picks the child best for them. XAllies' compound turns are simply several decisions by
the same player. A leaf is judged by a playout (a game's fast playout where it has one), or by
the game's evaluation where random playouts are long or say little (Xero-G, Alea Evangelion).

The search is also a small solver: a node whose mover can win at once, or whose children all
end in the same player's win, is proven, so the computer always takes a win in one and never
plays a move that lets the next player win at once when another move avoids it.

With a time budget the search runs beside the caller, who takes the best move found when the
time is up: one slow step (listing the moves of a crowded Xero-G board) cannot make the
computer late (the caller reads the tree from copies of its child lists, as that step may still
be adding to them). Where no thread can start (a browser), the search runs in the caller and
stops by its own clock; `steps` gives it in slices, so that the page can answer between them.
The tree is kept between moves and reused when the game went on through it. The time budget
covers a whole turn: a decision that goes on with the player's own turn (an XAllies sowing's
drops) has what the turn's first decisions left, and at least a quarter of it.

A level's budget by nodes (imagined games per decision, those kept from the last search
included) makes its play the same on a fast and a slow computer, as long as the time cap
leaves room for them.
"""
from __future__ import annotations

import gc
import math
import random
import threading
import time
from dataclasses import dataclass
from typing import Any, ClassVar, Generator, Mapping

from .. import registry, threads
from ..core import Move, State
from ..rng import check_seed
from .evaluations import PLAYOUT_PLIES, Judgement, evaluate, exploration, outcome, playout_outcome, sure_winner
from .tactics import can_win, cheap_to_spot, quick_move, winning_moves
from .words import WINS_AT_ONCE, Why, chances, player_name

LOST = -1e9  # the selection score of a child proven to be won by someone else
SURE_VISITS, SURE_SHARE = 200, 0.98  # a move that won this share of this many imagined games is played at once
FEW_VISITS = 30  # below this many imagined games through a move, its reason says the estimate is unsure
SLICE = 0.05  # seconds of search between two pauses of `steps` (a page answers a click within this)
#: the share of the time cap a decision has at least, when earlier decisions of the same turn spent the cap
LEAST_SHARE = 0.25


class _Node:
    __slots__ = ("state", "mover", "_untried", "children", "visits", "totals", "wins", "winner", "win_move",
                 "spotted")

    def __init__(self, state: State, spot: bool) -> None:
        self.state = state
        mover = state.to_move
        self.mover: int = -1 if mover is None else mover  # -1 once the game is over
        n = len(state.players)
        self.children: dict[object, tuple[Move, _Node]] = {}
        self.visits = 0
        self.totals = [0.0] * n
        self.wins = [0.0] * n
        self.winner: int | None = None  # proven: this player wins from here whatever anyone does
        self.win_move: Move | None = None  # the mover's move that wins at once
        self.spotted = False
        # the moves not searched yet, listed when first needed: most nodes of a search are its leaves, whose
        # moves it never lists (tried in a random order: see MCTSAgent._iterate)
        self._untried: list[Move] | None = None
        if state.over:
            self._untried = []
            self.winner = sure_winner(state)
            self.spotted = True
            return
        if spot:
            self.spot()

    @property
    def untried(self) -> list[Move]:
        """The moves from here not searched yet (listed on the first call)."""
        if self._untried is None:
            self._untried = self.state.moves()
        return self._untried

    @property
    def expanded(self) -> bool:
        """Every move from here has a child: the moves were listed and none is left."""
        return self._untried is not None and not self._untried

    def spot(self) -> None:
        """Look for a win at once; a node whose mover has one is proven and needs no more search. A game that
        can say cheaply that no move wins spares listing the moves."""
        if self.spotted:
            return
        self.spotted = True
        if self.winner is not None or can_win(self.state) is False:
            return
        moves = self.untried + [m for m, _ in self.children.values()]
        wins = winning_moves(self.state, moves)
        if wins:
            self.winner, self.win_move = self.mover, wins[0]

    @property
    def decided_at_once(self) -> bool:
        """The game ended here, or the player to move here wins at once (the move leading here decides it)."""
        return self.winner is not None and (self.win_move is not None or self.state.over)


class _Search:
    """One search's own record, written by its worker only: a late worker never touches the next search."""

    __slots__ = ("stop", "root", "error", "iterations", "stopped")

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.root: _Node | None = None
        self.error: BaseException | None = None
        self.iterations = 0
        self.stopped = ""


def check_count(what: str, count: Any) -> int:
    """`count` if it is a whole number of at least 1, else a clear error naming `what` it counts."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"{what} must be a whole number of at least 1, not {count!r}")
    return count


@dataclass(frozen=True)
class MoveStat:
    """What the search thought of one move: how often it was tried and how well it did for the mover."""

    move: str
    visits: int
    value: float


class MCTSAgent:
    """UCT search within a budget: `seconds` per move (default 1), or exactly `iterations` imagined games, or
    `nodes`, or several (whichever ends first).

    `nodes` is a level's budget by imagined games, one number or one per game by name (a game not named has
    its time budget alone): the imagined games through the position it decides at, those kept from the last
    search included (a turn of several decisions, or a reply the search foresaw, needs fewer new ones), and
    it stops sooner when no move can overtake the best in the games left. `iterations` plays exactly that many
    new imagined games, as a study that must repeat needs. `exploration` weighs trying other moves against the
    best so far (default: the game's own, 0.7 for most)."""

    name = "mcts"
    label = "MCTS"
    description = "looks ahead by playing many imagined games, for about a second a move"
    classifier: ClassVar[dict[str, Any]] = {"games": "any", "stochastic": True, "long_run_time": True}

    def __init__(self, iterations: int | None = None, seconds: float | None = 1.0, seed: int = 0,
                 exploration: float | None = None, rollout_turns: int | None = None, reuse: bool = True,
                 nodes: int | Mapping[str, int] | None = None) -> None:
        if iterations is None and seconds is None and nodes is None:
            raise ValueError("give MCTSAgent a budget: iterations, seconds, nodes, or several")
        if iterations is not None:
            check_count("iterations", iterations)
        if isinstance(nodes, Mapping):
            for game, count in nodes.items():
                registry.game_class(game)  # an unknown game is a clear error
                check_count("nodes", count)
            nodes = dict(nodes)
        elif nodes is not None:
            check_count("nodes", nodes)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        check_seed(seed)
        self.iterations, self.seconds, self.nodes = iterations, seconds, nodes
        self.exploration = exploration
        self.rollout_turns = rollout_turns
        self.reuse = reuse
        self.rng = random.Random(seed)
        self.root: _Node | None = None
        self.anchor: State | None = None  # the game's own state the root stands for
        self.last_iterations = 0
        self.stopped = ""  # why the last search ended: budget, iterations, sure, one move, clear, quick
        self.elapsed = 0.0
        self._stats: list[MoveStat] = []
        self._why: Why | None = None
        self._worker: threading.Thread | None = None
        self._search_now = _Search()
        self._chosen: Move | None = None  # the move chosen at `anchor`
        self._turn_began = 0.0  # when the turn of the decision being made began (the time cap counts from it)

    # ---- choosing --------------------------------------------------------------------------
    def choose(self, state: State) -> Move:
        if state.over:
            raise ValueError("the game is over: there is no move to choose")
        start = self._begin(state)
        collecting = gc.isenabled()
        gc.disable()  # the tree holds no reference cycles; a collection pass over it only makes the answer late
        try:
            return self._choose(state, start)
        finally:
            if collecting:
                gc.enable()

    def steps(self, state: State) -> Generator[None, None, Move]:
        """The choice in slices, for a caller with no threads (a browser page): pauses (yields) after about
        `SLICE` seconds of search each, so the caller can let the page answer, and returns the move. The search
        checks its own clock: it ends when the time budget is spent, as `choose` does."""
        if state.over:
            raise ValueError("the game is over: there is no move to choose")
        start = self._begin(state)
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._settle_worker()
            job = self._search_now = _Search()
            yield from self._search_here(state, job, start, SLICE)
            return self._conclude(state, job, start)
        finally:
            if collecting:
                gc.enable()

    def _choose(self, state: State, start: float) -> Move:
        self._settle_worker()
        job = self._search_now = _Search()
        if self.seconds is None or not threads.available():
            for _ in self._search_here(state, job, start, None):
                pass
            return self._conclude(state, job, start)
        worker = threading.Thread(target=self._search, args=(state, job, start), daemon=True, name="xlib-search")
        self._worker = worker
        worker.start()
        # stop a little early: the last step of the search and the answer itself take a moment
        worker.join(max(0.0, self._stop_at(start) - time.perf_counter()))
        job.stop.set()
        worker.join(0.005)
        if worker.is_alive() and job.root is not None and not job.stopped:
            job.stopped = "budget"  # the worker finishes its last step after the answer (it may be a long one)
        if job.root is None and can_win(state):  # a win in one is worth a little overtime
            assert self.seconds is not None
            worker.join(max(0.0, start + 2 * self.seconds - time.perf_counter()))
        if job.root is None:  # listing the moves alone outlasted the budget
            move = quick_move(state)
            if move is not None:
                return self._answer_quickly(state, move, start)
            worker.join()
        if job.error is not None:
            self.last_iterations, self.stopped = job.iterations, job.stopped
            raise job.error
        return self._conclude(state, job, start)

    def _begin(self, state: State) -> float:
        """The time now, when the decision on `state` begins; notes when its turn began. A decision that goes on
        with this player's own turn (the game went on by the move it chose last, and it moves again: an XAllies
        sowing's drops) shares the turn's time cap."""
        now = time.perf_counter()
        anchor = self.anchor
        going_on = anchor is not None and state.parent is anchor and state.to_move == anchor.to_move and \
            self._chosen is not None and state.last_move == self._chosen
        if not going_on:
            self._turn_began = now
        return now

    def _deadline(self, start: float) -> float:
        """When the time cap of a decision begun at `start` runs out: the turn's cap, but never less than
        LEAST_SHARE of the cap for the decision itself."""
        assert self.seconds is not None
        return max(self._turn_began + self.seconds, start + LEAST_SHARE * self.seconds)

    def _stop_at(self, start: float) -> float:
        """When a search with a time budget stops: a little early, as the last step and the answer take a moment."""
        assert self.seconds is not None
        return self._deadline(start) - max(0.03, 0.08 * self.seconds)

    def _conclude(self, state: State, job: _Search, start: float) -> Move:
        """The move the finished search chose, with its record (what it weighed, and why)."""
        self.last_iterations, self.stopped = job.iterations, job.stopped
        root = job.root
        assert root is not None
        self.root, self.anchor = root, state
        move = self._chosen = self._decide(root)
        self.elapsed = time.perf_counter() - start
        self._record(state, root, move)
        return move

    def _settle_worker(self) -> None:
        """Let the last search's worker finish its step; a tree it may still touch is not reused."""
        worker = self._worker
        if worker is not None and worker.is_alive():
            self._search_now.stop.set()
            worker.join(0.05)
            if worker.is_alive():
                self.root = self.anchor = None
        self._worker = None

    def _answer_quickly(self, state: State, move: Move, start: float) -> Move:
        self.root = self.anchor = None
        self.last_iterations, self.stopped = self._search_now.iterations, "quick"
        self.elapsed = time.perf_counter() - start
        self._stats = []
        self._why = Why(state, move, [], "its time to think ran out before it could look at every move, so it "
                                         "made a quick move the rules allow")
        return move

    # ---- the search ------------------------------------------------------------------------
    def _search(self, state: State, job: _Search, start: float) -> None:
        """The search on its worker thread, until the caller sets `job.stop` (or the iterations are done)."""
        try:
            root = self._root_for(state)
            job.root = root
            if not job.stop.is_set():  # let go of the old tree now, within the budget, not after it
                self.root, self.anchor = root, state
            for _ in self._grow(root, job, start, None, None):
                pass
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            job.error = exc

    def _search_here(self, state: State, job: _Search, start: float,
                     pause: float | None) -> Generator[None, None, None]:
        """The search in the caller, with no thread: it stops by its own clock, pausing every `pause` seconds."""
        root = self._root_for(state)
        job.root = root
        self.root, self.anchor = root, state
        stop_at = None if self.seconds is None else self._stop_at(start)
        yield from self._grow(root, job, start, stop_at, pause)

    def node_budget(self, state: State) -> int | None:
        """The imagined games this player's budget by nodes allows through `state` (None: no such budget)."""
        if isinstance(self.nodes, dict):
            return self.nodes.get(state.game.name)
        return self.nodes

    def _grow(self, root: _Node, job: _Search, start: float, stop_at: float | None,
              pause: float | None) -> Generator[None, None, None]:
        """Search from `root` until the budget is spent (`job.stop`, or the clock at `stop_at`), the iterations
        or nodes are done, or the choice is clear; yield after every `pause` seconds of search, if given."""
        deadline = None if self.seconds is None else self._deadline(start)
        limit = self.iterations
        nodes = self.node_budget(root.state)
        if nodes is not None:  # the imagined games kept through the root count towards the budget
            nodes = max(0, nodes - root.visits)
            limit = nodes if limit is None else min(limit, nodes)
        if root.winner == root.mover:
            job.stopped = "sure"
            return
        if len(root.untried) + len(root.children) <= 1:
            job.stopped = "one move"
            return
        slice_end = None if pause is None else time.perf_counter() + pause
        while True:
            if job.stop.is_set():
                job.stopped = "budget"
                break
            if limit is not None and job.iterations >= limit:
                job.stopped = "iterations"
                break
            if root.winner is not None:
                job.stopped = "sure"
                break
            self._iterate(root)
            job.iterations += 1
            if stop_at is not None or slice_end is not None:
                now = time.perf_counter()
                if stop_at is not None and now >= stop_at:
                    job.stopped = "budget"
                    break
                if slice_end is not None and pause is not None and now >= slice_end:
                    yield
                    slice_end = time.perf_counter() + pause
            if job.iterations % 16 == 0 and (deadline is not None or nodes is not None) and \
                    self._settled(root, job.iterations, nodes, start, deadline):
                job.stopped = "clear"
                break

    def _settled(self, root: _Node, done: int, limit: int | None, start: float, deadline: float | None) -> bool:
        """True when the most-tried move cannot be overtaken in the imagined games left (by the node budget, or
        at this pace before the deadline), only one move does not lose, or the most-tried move has won nearly
        every one of many imagined games (a won position needs no more thought)."""
        if root.untried:
            return False
        p = root.mover
        alive_nodes = sorted((c for _, c in root.children.values() if c.winner is None or c.winner == p),
                             key=lambda c: -c.visits)
        alive = [c.visits for c in alive_nodes]
        if len(alive) <= 1:
            return True
        best = alive_nodes[0]
        if best.visits >= SURE_VISITS and best.wins[p] >= SURE_SHARE * best.visits:
            return True
        left = math.inf if limit is None else limit - done
        if deadline is not None:
            now = time.perf_counter()
            left = min(left, (deadline - now) * done / max(now - start, 1e-6))
        return alive[0] - alive[1] > left

    def _root_for(self, state: State) -> _Node:
        """Reuse the subtree the game went through since the last move, if there is one. The root's moves are
        listed here: a root handed over is ready to be decided on, however soon the time runs out."""
        node: _Node | None = None
        if self.reuse and self.root is not None:
            line: list[Move | None] = []
            s: State | None = state
            while s is not None and s is not self.anchor and len(line) < 64:
                line.append(s.last_move)
                s = s.parent
            if s is self.anchor:
                node = self.root
                for m in reversed(line):
                    entry = node.children.get(m.key()) if node is not None and m is not None else None
                    node = entry[1] if entry is not None else None
        if node is None:
            node = _Node(state, spot=True)
            node.untried  # noqa: B018 - listed now (see above)
            return node
        node.untried  # noqa: B018
        node.spot()
        for _, child in node.children.values():  # the moves that let the next player win at once
            child.spot()
        return node

    def _iterate(self, root: _Node) -> None:
        node, path = root, [root]
        c = self.exploration if self.exploration is not None else exploration(node.state.game.name)
        while node.winner is None and node.children and node.expanded:  # selection
            log_n = math.log(node.visits)
            p = node.mover
            best, best_score = None, -math.inf
            for _, child in node.children.values():
                if child.winner is not None and child.winner != p:
                    score = LOST
                else:
                    score = child.totals[p] / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = child, score
            assert best is not None
            node = best
            path.append(node)
        if node.winner is None and node.untried:  # expansion: a random untried move
            untried = node.untried
            k = self.rng.randrange(len(untried))
            move = untried[k]
            untried[k] = untried[-1]
            untried.pop()
            spot = len(path) <= 1 or cheap_to_spot(node.state.game.name)
            child = _Node(node.state.play(move), spot=spot)
            node.children[move.key()] = (move, child)
            node = child
            path.append(node)
        judged = self._judge(node)
        for n in path:  # backup: every player's reward, so each mover picks what is best for them
            n.visits += 1
            totals, wins = n.totals, n.wins
            for i, r in enumerate(judged.reward):
                totals[i] += r
            for i, w in enumerate(judged.win):
                wins[i] += w
        self._prove(path)

    @staticmethod
    def _prove(path: list[_Node]) -> None:
        """Carry proofs up the path: a mover with a winning child wins; children all won by one player decide."""
        for n in reversed(path[:-1]):
            if n.winner is not None:
                continue
            won = [child.winner for _, child in n.children.values()]
            if n.mover in won:
                n.winner = n.mover
            elif n.expanded and won and won[0] is not None and all(w == won[0] for w in won):
                n.winner = won[0]
            else:
                break

    def _judge(self, node: _Node) -> Judgement:
        if node.winner is not None:
            one = [0.0] * len(node.totals)
            one[node.winner] = 1.0
            return Judgement(one, one)
        if node.state.over:
            return outcome(node.state)
        return self._rollout(node.state)

    def _rollout(self, state: State) -> Judgement:
        rng = self.rng
        s = state
        while not s.over and getattr(s, "in_turn", False):  # finish a compound turn decision by decision
            s = s.play(rng.choice(s.moves()))
        if s.over:
            return outcome(s)
        fast = getattr(s, "fast_playout", None)
        if fast is not None and getattr(s, "phase", "play") == "play":
            return playout_outcome(s.game, fast(rng, self.rollout_turns))
        limit = PLAYOUT_PLIES.get(s.game.name)
        if self.rollout_turns is not None:
            limit = self.rollout_turns * len(s.players) if limit is None else min(limit, self.rollout_turns)
        steps = 0
        while not s.over and (limit is None or steps < limit):
            s = s.play(rng.choice(s.moves()))
            steps += 1
        return outcome(s) if s.over else evaluate(s)

    # ---- the decision ----------------------------------------------------------------------
    def _decide(self, root: _Node) -> Move:
        p = root.mover
        if root.winner == p:
            if root.win_move is not None:
                return root.win_move
            return next(m for m, c in list(root.children.values()) if c.winner == p)
        entries = list(root.children.values())
        alive = [(m, c) for m, c in entries if c.winner is None or c.winner == p]
        if not alive and root.untried:
            return root.untried[-1]  # a move not yet looked at beats one known to lose
        pool = alive or entries
        if not pool:
            return root.untried[-1]
        return max(pool, key=lambda mc: (mc[1].visits, mc[1].totals[p] / max(mc[1].visits, 1)))[0]

    def _record(self, state: State, root: _Node, move: Move) -> None:
        """Keep what the search weighed (visits, values) for the thinking table, and say why in plain words:
        a win, a forced move, its chance from here (unsure when it imagined few games after the move), the wins it
        kept the others from."""
        p = root.mover
        entries = list(root.children.values())
        self._stats = sorted((MoveStat(str(m), n.visits, n.totals[p] / n.visits) for m, n in entries if n.visits),
                             key=lambda s: -s.visits)
        chosen = root.children.get(move.key())
        line: list[State] | Any = lambda: [state.play(move)]
        node = chosen[1] if chosen is not None else None
        if node is not None:
            line = [node.state]
            while node.state.to_move == p and node.children:  # the rest of the mover's turn, as it expects it
                node = max(list(node.children.values()), key=lambda mc: mc[1].visits)[1]
                line.append(node.state)
        weighed = []
        if root.winner == p:
            others = [player_name(state, q) for q in range(len(state.players)) if q != p]
            weighed.append(WINS_AT_ONCE if root.win_move is not None else
                           f"it sees a way to win, whatever {others[0] if len(others) == 1 else 'the others'} "
                           f"{'does' if len(others) == 1 else 'do'}")
        elif len(entries) + len(root.untried) == 1:
            weighed.append("it had no other move")
        elif root.winner is not None:
            weighed.append(f"it sees no way to stop {player_name(state, root.winner)} from winning")
        elif entries and all(c.winner is not None and c.winner != p for _, c in entries) and not root.untried:
            weighed.append("it sees no move that keeps it from losing")
        elif chosen is not None and chosen[1].visits:
            looked = chosen[1].visits
            unsure = ", but it is not sure: it imagined few games after this move" if looked < FEW_VISITS else ""
            weighed.append(f"it expects to win {chances(chosen[1].wins[p] / looked)} from here{unsure}")
        losing = [c for _, c in entries if c.decided_at_once and c.winner != p]
        if losing and root.winner in (None, p) and len(losing) < len(entries) + len(root.untried):
            who = sorted({c.winner for c in losing if c.winner is not None})
            names = " or ".join(player_name(state, w) for w in who) or "another player"
            weighed.append(f"it avoids {len(losing)} move{'s' if len(losing) != 1 else ''} that would let "
                           f"{names} win at once")
        self._why = Why(state, move, line, *weighed)

    # ---- what the computer is thinking -------------------------------------------------------
    def thinking(self) -> list[MoveStat]:
        """Each move searched at the last decision: visits and mean reward for the player who moved."""
        return list(self._stats)

    def reason(self) -> str:
        """The last choice in a sentence: the move, what the search expects from it, and what it does."""
        return str(self._why) if self._why is not None else f"{self.label} has not chosen a move yet."
