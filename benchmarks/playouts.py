"""Random playouts through the public API: moves/s and games/s for each game (printed, never asserted).

Where OpenSpiel has a comparable game (hex for X, othello for Alea Evangelion) it is driven
from Python in the same run and the ratio is printed. Times are this process's CPU time, and the
two alternate for several rounds, each keeping its best, so that other programs on a shared
machine weigh on both alike. Install OpenSpiel with `pip install -e .[bench]`.

    python benchmarks/playouts.py [--games N] [--game NAME] [--rounds R]
"""
from __future__ import annotations

import argparse
import random
import time

import xlib

# game: [(label, options, games, OpenSpiel game to compare with or None)]
SETUPS = {
    "xallies": [("3 players", {"players": 3}, 2000, None), ("4 players", {"players": 4}, 1000, None)],
    "alea": [("8x8", {"size": 8}, 500, "othello")],
    "xats": [("2 players", {"players": 2}, 1000, None), ("3 players", {"players": 3}, 1000, None)],
    "xerog": [("quick start", {"quick_start": True}, 20, None)],
    "x": [("9x9", {"size": 9}, 500, "hex(board_size=9)")],
}


def playouts(name: str, options: dict, games: int, seed: int = 0) -> tuple[float, int]:
    """Play `games` random games through the public API; return (seconds, moves)."""
    g = xlib.game(name, **options)
    rng = random.Random(seed)
    moves = 0
    t0 = time.process_time()
    for i in range(games):
        s = g.start(seed=seed + i)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
            moves += 1
    return time.process_time() - t0, moves


def openspiel_playouts(spec: str, games: int, seed: int = 0) -> tuple[float, int] | None:
    """The same random loop over an OpenSpiel game, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    g = pyspiel.load_game(spec)
    rng = random.Random(seed)
    moves = 0
    t0 = time.process_time()
    for _ in range(games):
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return time.process_time() - t0, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, help="games per setup (default: each setup's own)")
    ap.add_argument("--game", choices=xlib.game_names(), help="only this game")
    ap.add_argument("--rounds", type=int, default=3,
                    help="rounds alternating with OpenSpiel where it has a counterpart; each side keeps its best")
    args = ap.parse_args()
    print(f"{'game':<9} {'setup':<10} {'games':>6} {'seconds':>8} {'games/s':>8} {'moves/s':>9} "
          f"{'moves/game':>10}   OpenSpiel from Python (moves/s, xlib/OpenSpiel)")
    for name in xlib.game_names():
        if args.game and name != args.game:
            continue
        for label, options, games, spiel in SETUPS.get(name, [("default", {}, 200, None)]):
            n = args.games or games
            secs, moves, rate = float("inf"), 0, 0.0
            for _ in range(max(1, args.rounds) if spiel else 1):
                run_secs, moves = playouts(name, options, n)
                secs = min(secs, run_secs)
                other = openspiel_playouts(spiel, n) if spiel else None
                if other is not None:
                    rate = max(rate, other[1] / other[0])
            line = (f"{name:<9} {label:<10} {n:>6} {secs:>8.2f} {n / secs:>8.0f} {moves / secs:>9.0f} "
                    f"{moves / n:>10.1f}")
            if spiel and not rate:
                line += f"   {spiel}: OpenSpiel not installed (pip install -e .[bench])"
            elif spiel:
                line += f"   {spiel}: {rate:,.0f} moves/s, ratio {moves / secs / rate:.2f}"
            print(line)


if __name__ == "__main__":
    main()
