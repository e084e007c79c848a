"""Computer players' speed (printed, never asserted): fast playouts, search iterations, persona tournaments.

Move times and strength of the levels in every game: benchmarks/strength.py.

    python benchmarks/agents.py
"""
from __future__ import annotations

import random
import statistics
import time

import xlib
from xlib.agents import Hard, RandomAgent


def public_vs_fast(games: int = 1000) -> None:
    g = xlib.game("xallies")
    rng = random.Random(0)
    t0 = time.perf_counter()
    for i in range(games):
        s = g.start(seed=i)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
    public = games / (time.perf_counter() - t0)
    rng = random.Random(0)
    t0 = time.perf_counter()
    for i in range(games * 4):
        g.start(seed=i).fast_playout(rng)
    fast = games * 4 / (time.perf_counter() - t0)
    print(f"XAllies random playouts: public API {public:,.0f} games/s, fast path {fast:,.0f} games/s "
          f"({fast / public:.1f}x)")


def search_iterations(games: int = 3) -> None:
    """How many imagined games Hard's search plays per XAllies decision (its budget, within its time cap), and why
    it stopped."""
    counts, stops = [], {}
    for seed in range(games):
        agents = [Hard(seed=seed), RandomAgent(seed + 1), RandomAgent(seed + 2)]
        s = xlib.game("xallies").start(seed=seed)
        while not s.over:
            m = agents[s.to_move].choose(s)
            if s.to_move == 0:
                counts.append(agents[0].last_iterations)
                stops[agents[0].stopped] = stops.get(agents[0].stopped, 0) + 1
            s = s.play(m)
    print(f"Hard in XAllies: {len(counts)} decisions, median {statistics.median(counts):.0f} new imagined games, "
          f"max {max(counts)}; stopped by: " + ", ".join(f"{k or 'nothing'} {v}" for k, v in stops.items()))


def persona_tournament(games: int = 1000) -> None:
    lineups = {"selfish": ["selfish"] * 3, "prosocial": ["prosocial"] * 3, "competitive": ["competitive"] * 3,
               "spoiler among cooperators": ["spoiler", "prosocial", "prosocial"],
               "mixed": ["selfish", "prosocial", "reciprocator"]}
    per = games // len(lineups)
    t0 = time.perf_counter()
    df = xlib.tournament("xallies", lineups, games=per, seed=0, workers=2)
    secs = time.perf_counter() - t0
    print(f"{per * len(lineups)} XAllies 3-player games with persona agents on 2 cores: {secs:.1f} s")
    table = df[df.seat == 0].groupby("lineup")[["claimed", "wasted", "unresolved"]].mean().round(2)
    print(table.to_string())


if __name__ == "__main__":
    public_vs_fast()
    search_iterations()
    persona_tournament()
