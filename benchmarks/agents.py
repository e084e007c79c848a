"""Computer players' speed (printed, never asserted): fast playouts, MCTS move time, persona tournaments.

    python benchmarks/agents.py
"""
from __future__ import annotations

import random
import statistics
import time

import xlib
from xlib.agents import MCTSAgent, RandomAgent


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


def mcts_move_time(games: int = 3) -> None:
    times = []
    for seed in range(games):
        agents = [MCTSAgent(seed=seed), RandomAgent(seed + 1), RandomAgent(seed + 2)]
        s = xlib.game("xallies").start(seed=seed)
        while not s.over:
            t0 = time.perf_counter()
            m = agents[s.to_move].choose(s)
            if s.to_move == 0 and len(s.moves()) > 1:
                times.append(time.perf_counter() - t0)
            s = s.play(m)
    times.sort()
    print(f"MCTS at its default budget ({MCTSAgent().iterations} iterations): {len(times)} decisions, "
          f"mean {statistics.mean(times) * 1000:.0f} ms, p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms per move")


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
    mcts_move_time()
    persona_tournament()
