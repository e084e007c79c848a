"""Speed of the balance study: games per second with 1 and 2 local worker processes and with a 2-worker Dask
LocalCluster, what Dask costs per game against local processes, and an estimate of the full study
(xlib.experiments.balance.SHIPPED) on 32 cores.

    python benchmarks/balance.py [--scale 0.1] [--tiny 400]

The study is played at `--scale` of the shipped sizes (its komi search left out: it plays the same Alea
games at other komis). The per-game cost of Dask is measured on `--tiny` very short games (random
players, X on 6×6), where it is not hidden by the games themselves.
"""
from __future__ import annotations

import argparse
import time
from typing import Any

from xlib.experiments import balance as B
from xlib.experiments.runner import Job, run


def scaled_games(scale: float) -> dict[str, Any]:
    def scaled(g: Any) -> Any:
        return {k: scaled(v) for k, v in g.items()} if isinstance(g, dict) else max(1, round(g * scale))

    return scaled(B.SHIPPED["games"])


def timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def per_part_seconds(parts: list[B.Part]) -> dict[tuple[str, str], float]:
    """Seconds a game of each part takes in this process (one worker)."""
    out = {}
    for part in parts:
        dt, _ = timed(lambda: B.play([part], workers=1))
        out[(part.config, part.level)] = dt / part.games
    return out


def main() -> None:
    from distributed import Client, LocalCluster

    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=0.1)
    ap.add_argument("--tiny", type=int, default=400)
    args = ap.parse_args()
    parts = B.balance_parts(scaled_games(args.scale), B.SHIPPED["level"])
    n = sum(p.games for p in parts)
    print(f"balance study at {args.scale:g} of the shipped size: {n} games "
          f"({', '.join(f'{p.config} {p.level} ×{p.games}' for p in parts)})")

    seconds = per_part_seconds(parts)
    t1 = sum(seconds[(p.config, p.level)] * p.games for p in parts)
    t2, local = timed(lambda: B.play(parts, workers=2))
    started, cluster = timed(lambda: LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                                  dashboard_address=":0", silence_logs=50))
    with cluster, Client(cluster, set_as_default=False) as client:
        B.play(parts[:1], client=client)  # workers import xlib once, as on a cluster that has been running
        td, on_dask = timed(lambda: B.play(parts, client=client))
        tiny = [Job(i, "x", {"size": 6}, "tiny", ("random",) * 3, i) for i in range(args.tiny)]
        tiny_local, _ = timed(lambda: run(tiny, workers=2))
        tiny_dask, _ = timed(lambda: run(tiny, client=client))
    assert on_dask.equals(local), "Dask and local processes gave different games"
    print(f"1 local worker:      {n / t1:6.2f} games/s ({t1:.0f} s)")
    print(f"2 local workers:     {n / t2:6.2f} games/s ({t2:.0f} s; speed-up {t1 / t2:.2f})")
    print(f"2-worker Dask LocalCluster: {n / td:6.2f} games/s ({td:.0f} s; speed-up {t1 / td:.2f}; "
          f"starting the cluster took {started:.1f} s more)")
    print(f"Dask against local processes on the study: {100 * (td - t2) / t2:+.0f} % time")
    print(f"Dask's own cost per game ({args.tiny} games of random players on X 6×6): local processes "
          f"{1000 * tiny_local / args.tiny:.1f} ms/game, Dask {1000 * tiny_dask / args.tiny:.1f} ms/game, "
          f"so {1000 * (tiny_dask - tiny_local) / args.tiny:+.1f} ms a game")
    print("seconds a game (1 worker): " + ", ".join(f"{c} {lv} {s:.3f}" for (c, lv), s in seconds.items()))

    # ---- the full shipped study on 32 cores, on paper ----
    full = B.balance_parts(B.SHIPPED["games"], B.SHIPPED["level"])
    cpu = sum(seconds[(p.config, p.level)] * p.games for p in full)
    komi_level, komi_games = B.SHIPPED["komi_level"], B.SHIPPED["komi_games"]
    alea = [p for p in full if B.CONFIGS[p.config].game == "alea" and p.level == komi_level]
    # the komi search: three komis at once, then up to two more one at a time (the worst case)
    komi_rounds = [3 * sum(seconds[(p.config, p.level)] for p in alea) * komi_games,
                   sum(seconds[(p.config, p.level)] for p in alea) * komi_games,
                   sum(seconds[(p.config, p.level)] for p in alea) * komi_games]
    efficiency = t1 / td / 2  # what a Dask worker delivers of a core, measured here on 2
    longest = max(seconds.values()) * 3  # a long game of the slowest kind: a stage cannot end before it
    stages = [cpu, *komi_rounds]
    est = sum(max(s / (32 * efficiency), longest) for s in stages)
    print(f"full study ({sum(p.games for p in full)} seat-study games + up to {5 * komi_games} games per Alea "
          f"board in the komi search): {(cpu + sum(komi_rounds)) / 60:.0f} CPU-minutes at this computer's speed; "
          f"on 32 cores with Dask at the efficiency measured here ({100 * efficiency:.0f} %), about "
          f"{est / 60:.1f} minutes ({len(stages)} stages, each at least as long as its longest game)")


if __name__ == "__main__":
    main()
