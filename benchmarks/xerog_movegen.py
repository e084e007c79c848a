"""Xero-G move generation: mean and p95 per position over random games, and a hard position.

Printed, never asserted. The hard position scatters the 12 pyramids so that long bounce chains
exist; its search-node count is printed beside the time.

    python benchmarks/xerog_movegen.py [--games N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import xlib
from xlib.games.xerog import SIZE, search_flights

HARD = "100100/030300/200001/003020/000200/312000 S"  # found by hill-climbing on search nodes


def generation_times(games: int, seed: int = 0) -> list[float]:
    g = xlib.game("xerog", quick_start=True, max_plies=200)
    rng = random.Random(seed)
    times = []
    for i in range(games):
        s = g.start(seed=i)
        while not s.over:
            fresh = type(s)._make(g, s.board, s.mover, s.flown)  # no cached moves
            t0 = time.perf_counter()
            moves = fresh.moves()
            times.append(time.perf_counter() - t0)
            s = s.play(rng.choice(moves))
    return times


def hard_position(text: str) -> tuple[float, int, int]:
    """(seconds to list every move, search nodes, moves) for the position `text`."""
    s = xlib.game("xerog").position(text)
    t0 = time.perf_counter()
    moves = s.moves()
    secs = time.perf_counter() - t0
    nodes, found = 0, {}
    rank = s.home_rank() - 1
    for f in range(SIZE):
        if s.board[rank * SIZE + f]:
            nodes += search_flights(s.board, s.mover, rank * SIZE + f, found)
    return secs, nodes, len(moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    args = ap.parse_args()
    times = sorted(generation_times(args.games))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"random games: {len(times)} positions, mean {statistics.mean(times) * 1000:.2f} ms, "
          f"p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms per move generation")
    secs, nodes, moves = hard_position(HARD)
    print(f"hard position {HARD}: {secs * 1000:.0f} ms, {nodes:,} search nodes, {moves} moves")


if __name__ == "__main__":
    main()
