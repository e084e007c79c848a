"""Tournaments: every line-up plays its games through the experiment runner, as one tidy table."""
from __future__ import annotations

import os
from typing import Any, Callable, Mapping, Sequence

from ..core import Game
from .matches import AgentSpec, Measure, agent_for, agent_label, game_for
from .runner import Job, check_progress, check_workers, run


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
    plays only the games the file lacks (see xlib.experiments.runner)."""
    if isinstance(game, Game):
        raise ValueError("give the game by name (and its options by keyword) so that workers can rebuild it")
    g = game_for(game, options)
    named = dict(lineups) if isinstance(lineups, Mapping) else {
        " / ".join(agent_label(a) for a in lu): lu for lu in lineups}
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
            agent_for(a, 0)  # a bad name fails here, before any game is played
        for _ in range(counts[label]):
            # every game its own seed, so that identical line-ups (the rotations of one persona) never repeat a game
            jobs.append(Job(len(jobs), game, dict(options), label, tuple(agents), seed + len(jobs), measure))
    return run(jobs, workers=workers, client=client, out=out, progress=progress, desc=f"{g.title} games")
