"""The politics lab's default experiments on 2 cores: X (6×6) and three-player XATS, with the load average.

Printed, never asserted.   python benchmarks/politics.py
"""
from __future__ import annotations

import os
import time

import pandas as pd

from xlib.experiments import politics


def main() -> None:
    pd.set_option("display.width", 200)
    for game in ("x", "xats"):
        t0 = time.perf_counter()
        table = politics.run_experiment(game=game, seed=0)
        elapsed = time.perf_counter() - t0
        load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
        print(f"{game}: default experiment, {table.game.nunique()} games in {elapsed:.1f} s on 2 cores "
              f"(load average {load})")
        print(politics.readable(politics.lineup_table(table)).to_string())
        print(politics.readable(politics.persona_table(table)).to_string())
        print(politics.readable(politics.seat_table(table)).to_string())
        events = politics.kingmaker_table(table)
        print(events.to_string() if len(events) else "no kingmaking events")
        print()


if __name__ == "__main__":
    main()
