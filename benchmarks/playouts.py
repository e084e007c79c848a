"""Random playouts through the public API: moves/s and games/s for each game (printed, never asserted).

    python benchmarks/playouts.py [--games N] [--game NAME]
"""
from __future__ import annotations

import argparse
import random
import time

import xlib

SETUPS = {
    "xallies": [("3 players", {"players": 3}, 2000), ("4 players", {"players": 4}, 1000)],
}


def playouts(name: str, options: dict, games: int, seed: int = 0) -> tuple[float, int, int]:
    """Play `games` random games; return (seconds, moves, games)."""
    g = xlib.game(name, **options)
    rng = random.Random(seed)
    moves = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = g.start(seed=seed + i)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
            moves += 1
    return time.perf_counter() - t0, moves, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, help="games per setup (default: each setup's own)")
    ap.add_argument("--game", choices=xlib.game_names(), help="only this game")
    args = ap.parse_args()
    print(f"{'game':<10} {'setup':<12} {'games':>6} {'seconds':>8} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for name in xlib.game_names():
        if args.game and name != args.game:
            continue
        for label, options, games in SETUPS.get(name, [("default", {}, 200)]):
            secs, moves, n = playouts(name, options, args.games or games)
            print(f"{name:<10} {label:<12} {n:>6} {secs:>8.2f} {n / secs:>9.0f} {moves / secs:>10.0f} "
                  f"{moves / n:>10.1f}")


if __name__ == "__main__":
    main()
