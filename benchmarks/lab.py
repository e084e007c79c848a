"""The lab's default experiment on 2 cores: the tournament of persona mixes and the population dynamics.

Printed, never asserted.   python benchmarks/lab.py
"""
from __future__ import annotations

import time

from xlib.experiments import xallies as lab


def main() -> None:
    t0 = time.perf_counter()
    table = lab.run_experiment(games=200, seed=0)
    t1 = time.perf_counter()
    history = lab.replicator(lab.payoff_tables(seed=0), generations=60)
    t2 = time.perf_counter()
    print(f"default tournament: {table.game.nunique()} games in {t1 - t0:.1f} s")
    print(f"population dynamics: payoffs at {35} tables and 60 generations in {t2 - t1:.1f} s")
    print(f"default experiment in all: {t2 - t0:.1f} s on 2 cores")
    print(lab.summarize(table)[["cooperation", "waste", "gini", "mean score"]].to_string())
    print("after 60 generations:", history.iloc[-1].round(3).to_dict())


if __name__ == "__main__":
    main()
