"""How fast and how strong the computer levels are, per game at default options (printed, never asserted).

Move time: every decision of the default level (Medium) over a few games against Random, median
and worst, the first move of each game included; the same for Hard. Strength: the share of
games Hard wins against Random and against Greedy, its seat rotated over every seat of the
game (the others all Random or all Greedy). Chance alone gives 1/players.

    python benchmarks/strength.py [--games N] [--game NAME] [--timing-games N] [--workers N]
"""
from __future__ import annotations

import argparse
import statistics
import time

import xlib
from xlib.agents import default_for, make_agent
from xlib.rng import stream


def move_times(game: str, level: str, games: int, seed: int = 0) -> list[float]:
    """Seconds per decision of `level` (seat rotated) against Random players, over `games` games."""
    g = xlib.game(game)
    seats = len(g.players)
    times: list[float] = []
    for i in range(games):
        me = i % seats
        players = [make_agent(level if p == me else "random", seed=stream(seed, i, p).randrange(2**31))
                   for p in range(seats)]
        s = g.start(seed=seed + i)
        while not s.over:
            p = s.to_move
            assert p is not None
            t0 = time.perf_counter()
            move = players[p].choose(s)
            if p == me:
                times.append(time.perf_counter() - t0)
            s = s.play(move)
    return times


def lineups(level: str, other: str, seats: int) -> dict[str, list[str]]:
    """One lineup per seat for `level`, every other seat `other`."""
    return {f"{level} in seat {k + 1}": [level if p == k else other for p in range(seats)] for k in range(seats)}


def win_share(game: str, level: str, other: str, games: int, seed: int = 0, workers: int = 2) -> tuple[float, int]:
    """(share of the win `level` took, games played) against `other` in every other seat, seats rotated."""
    seats = len(xlib.game(game).players)
    per_seat = max(1, -(-games // seats))
    df = xlib.tournament(game, lineups(level, other, seats), games=per_seat, seed=seed, workers=workers)
    mine = df[df.agent == level]
    return float(mine.win.mean()), len(mine)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="games per strength figure (seats rotated; 0: timing only)")
    ap.add_argument("--timing-games", type=int, default=3, help="games per move-time figure")
    ap.add_argument("--game", choices=xlib.game_names(), help="only this game")
    ap.add_argument("--level", default="hard", help="the level whose strength is measured")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-timing", action="store_true")
    args = ap.parse_args()
    names = [args.game] if args.game else list(xlib.game_names())
    if not args.skip_timing:
        print(f"{'game':<9} {'level':<7} {'moves':>6} {'median s':>9} {'worst s':>8}")
        for name in names:
            for level in dict.fromkeys((default_for(name), "hard")):
                t = move_times(name, level, args.timing_games)
                print(f"{name:<9} {level:<7} {len(t):>6} {statistics.median(t):>9.3f} {max(t):>8.3f}", flush=True)
    if args.games < 1:
        return
    print(f"\n{'game':<9} {'seats':>5} {'chance':>7} {args.level + ' v random':>16} {args.level + ' v greedy':>16}")
    for name in names:
        seats = len(xlib.game(name).players)
        cells = []
        for other in ("random", "greedy"):
            t0 = time.perf_counter()
            share, n = win_share(name, args.level, other, args.games, workers=args.workers)
            cells.append(f"{share:>6.0%} of {n:<3} ({time.perf_counter() - t0:>4.0f}s)")
        print(f"{name:<9} {seats:>5} {1 / seats:>7.0%} {cells[0]:>16} {cells[1]:>16}", flush=True)


if __name__ == "__main__":
    main()
