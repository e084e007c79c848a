"""The lab's experiments on 2 cores: a 1,000-game XAllies tournament, the default experiment of persona mixes
(1,000 games as well) and the population dynamics. Goal: 1,000 games within 5 s on a quiet 2-core machine.

Printed, never asserted: the seconds on the clock, and the processor seconds of this process and its workers
(a figure the machine's other work inflates less).   python benchmarks/lab.py
"""
from __future__ import annotations

import os
import time
from typing import Any, Callable

import xlib
from xlib.experiments import xallies as lab


def timed(what: Callable[[], Any]) -> tuple[Any, float, float]:
    """What `what` returns, the seconds it took on the clock, and the processor seconds it used (workers too)."""
    t0, c0 = time.perf_counter(), os.times()
    out = what()
    t1, c1 = time.perf_counter(), os.times()
    cpu = (c1.user + c1.system + c1.children_user + c1.children_system
           - c0.user - c0.system - c0.children_user - c0.children_system)
    return out, t1 - t0, cpu


def main() -> None:
    lineups = {"selfish": ["selfish"] * 3, "prosocial": ["prosocial"] * 3}
    df, secs, cpu = timed(lambda: xlib.tournament("xallies", lineups, games=500, seed=0))
    print(f"tournament: {df.game.nunique()} XAllies games of selfish and prosocial tables in {secs:.1f} s "
          f"({cpu:.1f} processor seconds)")
    table, secs, cpu = timed(lambda: lab.run_experiment(games=200, seed=0))
    print(f"default experiment: {table.game.nunique()} games of {table.mix.nunique()} persona mixes in {secs:.1f} s "
          f"({cpu:.1f} processor seconds)")
    payoffs, secs, cpu = timed(lambda: lab.payoff_tables(seed=0))
    history = lab.replicator(payoffs, generations=60)
    print(f"population dynamics: payoffs at {len(payoffs)} tables and 60 generations in {secs:.1f} s "
          f"({cpu:.1f} processor seconds)")
    print(f"on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    print(lab.summarize(table)[["cooperation", "waste", "gini", "mean score"]].to_string())
    print("after 60 generations:", history.iloc[-1].round(3).to_dict())


if __name__ == "__main__":
    main()
