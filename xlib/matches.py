"""Playing computer players against each other: one match, or a tournament as a tidy table."""
from __future__ import annotations

import os
from typing import Any, Callable, Mapping, Sequence

from . import registry
from .agents import AGENTS, make_agent
from .core import Game, State
from .rng import stream

AgentSpec = Any  # a name ("mcts"), a (name, {options}) pair, or an agent object with choose()


def _game(game: str | Game, options: Mapping[str, Any] | None = None) -> Game:
    return registry.game(game, **(options or {})) if isinstance(game, str) else game


def _agent(spec: AgentSpec, seed: int) -> Any:
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        return make_agent(spec[0], seed=seed, **spec[1])
    if hasattr(spec, "choose"):
        return spec
    raise ValueError(f"{spec!r} is not a computer player: give a name ({', '.join(AGENTS)}), a (name, options) "
                     f"pair, or an object with a choose(state) method")


def _label(spec: AgentSpec) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        return spec[0]
    return getattr(spec, "name", type(spec).__name__)


def play_match(game: str | Game, agents: Sequence[AgentSpec], seed: int = 0, **options: Any) -> State:
    """Play one game between `agents` (one per seat, in seat order) and return the final state."""
    g = _game(game, options)
    s = g.start(seed=seed)
    if len(agents) != len(s.players):
        raise ValueError(f"{g.title} with {len(s.players)} players needs {len(s.players)} agents, "
                         f"one per seat ({', '.join(s.players)}), not {len(agents)}")
    players = [_agent(a, stream(seed, "agent", i).randrange(2**31)) for i, a in enumerate(agents)]
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


def tournament(game: str, lineups: Mapping[str, Sequence[AgentSpec]] | Sequence[Sequence[AgentSpec]],
               games: int | Mapping[str, int] = 100, seed: int = 0, workers: int | None = None,
               progress: bool | Callable[[int, int], None] = False, measure: Measure | None = None,
               client: Any = None, out: str | os.PathLike[str] | None = None, **options: Any) -> Any:
    """Play `games` games of every lineup (or, given a mapping, that many of each named lineup); a pandas
    DataFrame with one row per player per game.

    Lineups name agents by name (or (name, options)); `workers` processes share the work (default:
    up to 2 cores). The same seed gives the same table. `progress` is True for a progress bar, or
    a function told (games done, games in all) after every game. `measure`, a module-level function
    of a finished game's state, adds its fields to every row of that game (what a study measures
    beyond scores: a lab reads the game's history there). `client`, a dask.distributed Client or a
    scheduler address, plays the games on a Dask cluster instead, with the same results. `out`, a CSV
    file, receives each game's rows as it finishes; run again with the same arguments, the tournament
    plays only the games the file lacks (see xlib.runner)."""
    from .runner import Job, check_progress, check_workers, run

    if isinstance(game, Game):
        raise ValueError("give the game by name (and its options by keyword) so that workers can rebuild it")
    g = _game(game, options)
    named = dict(lineups) if isinstance(lineups, Mapping) else {
        " / ".join(_label(a) for a in lu): lu for lu in lineups}
    counts = {label: games.get(label, 0) for label in named} if isinstance(games, Mapping) else \
        {label: games for label in named}
    for count in counts.values():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"games must be a whole number of at least 1, not {count!r}")
    if measure is not None and not callable(measure):
        raise ValueError(f"measure must be a function of a finished game's state, not {measure!r}")
    if not isinstance(games, Mapping) and counts and min(counts.values()) < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    seats = len(g.start().players)
    check_workers(workers)
    check_progress(progress)
    jobs: list[Job] = []
    for label, agents in named.items():
        agents = list(agents)
        if len(agents) != seats:
            raise ValueError(f"lineup {label!r} has {len(agents)} agents; {g.title} with these options has "
                             f"{seats} seats")
        for a in agents:
            _agent(a, 0)  # a bad name fails here, before any game is played
        for _ in range(counts[label]):
            # every game its own seed, so that identical line-ups (the rotations of one persona) never repeat a game
            jobs.append(Job(len(jobs), game, dict(options), label, tuple(agents), seed + len(jobs), measure))
    return run(jobs, workers=workers, client=client, out=out, progress=progress, desc=f"{g.title} games")
