"""One match between computer players, and the table rows a finished game gives (what every experiment counts)."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .. import registry
from ..agents import AGENTS, make_agent
from ..core import Game, State
from ..rng import stream

AgentSpec = Any  # a name ("mcts"), a (name, {options}) pair, or an agent object with choose()


def game_for(game: str | Game, options: Mapping[str, Any] | None = None) -> Game:
    return registry.game(game, **(options or {})) if isinstance(game, str) else game


def agent_for(spec: AgentSpec, seed: int) -> Any:
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        return make_agent(spec[0], seed=seed, **spec[1])
    if hasattr(spec, "choose"):
        return spec
    raise ValueError(f"{spec!r} is not a computer player: give a name ({', '.join(AGENTS)}), a (name, options) "
                     f"pair, or an object with a choose(state) method")


def agent_label(spec: AgentSpec) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        return spec[0]
    return getattr(spec, "name", type(spec).__name__)


def play_match(game: str | Game, agents: Sequence[AgentSpec], seed: int = 0, **options: Any) -> State:
    """Play one game between `agents` (one per seat, in seat order) and return the final state."""
    g = game_for(game, options)
    s = g.start(seed=seed)
    if len(agents) != len(s.players):
        raise ValueError(f"{g.title} with {len(s.players)} players needs {len(s.players)} agents, "
                         f"one per seat ({', '.join(s.players)}), not {len(agents)}")
    players = [agent_for(a, stream(seed, "agent", i).randrange(2**31)) for i, a in enumerate(agents)]
    while not s.over:
        mover = s.to_move
        assert mover is not None
        s = s.play(players[mover].choose(s))
    return s


def game_rows(state: State, lineup: str, game_id: int, agents: Sequence[str]) -> list[dict[str, Any]]:
    """One row per player of a finished game: score, win share, and the game's own metrics."""
    rows = []
    n = len(state.players)
    win = [1.0 / len(state.winners) if p in state.winners else 0.0 for p in range(n)]
    ledger = getattr(state, "ledger", None)
    xallies: Any = state  # the ledger's game keeps points, whites and turns
    for p in range(n):
        row: dict[str, Any] = {"game": game_id, "lineup": lineup, "seat": p, "player": state.players[p],
                               "agent": agents[p], "score": float(state.scores[p]), "win": win[p],
                               "plies": state.ply}
        if ledger is not None:  # XAllies: the ledger a classroom measures
            row.update({
                "points": xallies.points[p], "whites": xallies.whites[p], "hits": float(ledger.hits[p]),
                "alliances": sum(1 for c in ledger.claimed if p in c.coalition),
                "claims_made": sum(1 for c in ledger.claimed if c.mover == p),
                "wasted_by": sum(1 for x in ledger.wasted if x.mover == p),
                "claimed": len(ledger.claimed), "wasted": len(ledger.wasted),
                "unresolved": len(ledger.unresolved), "denied": sum(1 for d in ledger.denied if d.mover == p),
                "turns": xallies.turn,
            })
        rows.append(row)
    return rows


Measure = Callable[[State], Mapping[str, Any]]
