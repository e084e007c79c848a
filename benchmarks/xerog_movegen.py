"""Xero-G move generation: mean and p95 per position over random games, and crowded positions.

Printed, never asserted. The crowded positions scatter the 12 pyramids so that long boost
chains exist (found by hill-climbing on the time or the search nodes needed to list the moves);
for each, the time to list every move, the search nodes (the ways of legs tried), the moves, and
the time of the quick question `reaches_base()` (can the player to move, or the other player,
fly into the base now) are printed. Times are this process's CPU time, so that other programs on a shared machine
count as little as they can.

    python benchmarks/xerog_movegen.py [--games N] [--repeat R]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import xlib
from xlib.games.xerog import XeroGState, search_flights

CROWDED = (
    "100100/030300/200001/003020/000200/312000 S",
    "000100/030300/200003/003020/000200/112100 S",
    "000000/031300/011003/010200/002020/300200 S",
    "000302/030020/013002/000300/000000/001211 S",
    "000000/200310/020000/003030/300012/020011 S",
    "003000/000010/013010/200030/021000/200203 S",  # South has no flight into the base here
)


def generation_times(games: int, seed: int = 0) -> list[float]:
    g = xlib.game("xerog", quick_start=True, max_plies=200)
    rng = random.Random(seed)
    times = []
    for i in range(games):
        s = g.start(seed=i)
        while not s.over:
            fresh = XeroGState._make(g, s.board, s.mover, s.flown)  # no cached moves
            t0 = time.process_time()
            moves = fresh.moves()
            times.append(time.process_time() - t0)
            s = s.play(rng.choice(moves))
    return times


def best_of(repeat: int, job) -> float:
    """The fastest of `repeat` runs of `job()` in CPU seconds (other programs can only slow a run down)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        job()
        best = min(best, time.process_time() - t0)
    return best


def crowded_position(text: str, repeat: int) -> tuple[float, int, int, float, float]:
    """(seconds to list every move, search nodes, moves, seconds for reaches_base() of each side)."""
    g = xlib.game("xerog")
    s = g.position(text)
    secs = best_of(repeat, lambda: g.position(text).moves())
    nodes, found = 0, {}
    starts = {m.start for m in s.moves() if hasattr(m, "start")}
    for start in sorted(starts):
        nodes += search_flights(s.board, s.mover, start, found)
    mine = best_of(repeat, lambda: g.position(text).reaches_base())
    theirs = best_of(repeat, lambda: g.position(text).reaches_base(1 - s.mover))
    return secs, nodes, len(s.moves()), mine, theirs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=3, help="runs per crowded position; the fastest is printed")
    args = ap.parse_args()
    times = sorted(generation_times(args.games))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"random games: {len(times)} positions, mean {statistics.mean(times) * 1000:.2f} ms, "
          f"p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms per move generation")
    for text in CROWDED:
        secs, nodes, moves, mine, theirs = crowded_position(text, args.repeat)
        print(f"crowded {text}: moves() {secs * 1000:.0f} ms, {nodes:,} search nodes, {moves} moves; "
              f"reaches_base() {mine * 1000:.1f} ms (to move), {theirs * 1000:.1f} ms (the other side)")


if __name__ == "__main__":
    main()
