"""How strong and how fast the computer levels are, in every game (printed, never asserted).

The ladder: each level plays the next one down (Hard against Medium, Medium against Easy) and every level
plays Random. Two players: each side in each seat, equally often. Three players: equally often one of the
level among two of the other, and two of the level against one of the other, every seat arrangement alike.
The figure is the share of the games won by the level's side (a shared win counted in part), so equal
strength gives 50% in every game; the targets are Hard 60% against Medium and Medium 70% against Easy. The
interval is 95% (Wilson), over the games played.

Each level is measured two ways: by nodes (its budget of imagined games per decision alone, with no clock:
the same on any computer) and by time (as shipped, its node budget within its time cap, on this computer as
busy as it is: where the cap cuts the search short, the level is weaker than by nodes). `--slower F` plays by
time as on a computer F times slower, every cap divided by F: the site's Python runs the search about 2 times
slower than this machine's (benchmarks/site_python.py measures it), so `--slower 2.5`, which leaves room for
the page's own work, shows the levels as the site's student meets them. Move times are the shipped levels' against Random players: median
and worst seconds a move (a whole turn: an XAllies sowing and its drops), and the imagined games it played.

    python benchmarks/strength.py [--games N] [--time-games N] [--slower F] [--game NAME] [--pair hard-medium]
                                  [--workers N]

Each figure's games are kept in build/strength/ (or --results) and a run with the same arguments plays only
those missing.
"""
from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time
from pathlib import Path
from typing import Any

import xlib
from xlib.agents import AGENTS, MCTSAgent, make_agent
from xlib.rng import stream

ROOT = Path(__file__).resolve().parent.parent
#: the games measured: a label, the game's name and its options
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "xallies": ("xallies", {}), "alea": ("alea", {}), "xats": ("xats", {}), "xats-3": ("xats", {"players": 3}),
    "xerog": ("xerog", {}), "x": ("x", {})}
#: each level against the next one down (with the share it should reach), then against Random
PAIRS: dict[str, tuple[str, str, float | None]] = {
    "hard-medium": ("hard", "medium", 0.60), "medium-easy": ("medium", "easy", 0.70),
    "hard-random": ("hard", "random", None), "medium-random": ("medium", "random", None),
    "easy-random": ("easy", "random", None)}
MODES = ("nodes", "time")


def spec(level: str, mode: str, slower: float = 1.0) -> Any:
    """The player for `level` measured by nodes (its node budget alone, no clock) or on the clock (as shipped: its
    node budget and its time cap, on this computer as busy as it is; with `slower`, the cap divided by it)."""
    if not issubclass(AGENTS[level], MCTSAgent):
        return level
    if mode == "nodes":
        return level, {"seconds": None}
    if slower != 1.0:
        cap = AGENTS[level]().seconds  # type: ignore[attr-defined]
        return level, {"seconds": cap / slower}
    return level


def mode_name(mode: str, slower: float) -> str:
    """The mode as the results' file names and the table say it: by nodes, by time, or by time F× slower."""
    return f"time-{slower:g}x-slower" if mode == "time" and slower != 1.0 else mode


def lineups(a: Any, b: Any, seats: int) -> dict[str, list[Any]]:
    """Every way to seat k players `a` and the rest `b`, for k = 1 .. seats - 1: fair to both sides."""
    out = {}
    for k in range(1, seats):
        for mine in itertools.combinations(range(seats), k):
            out["".join("A" if p in mine else "B" for p in range(seats))] = [a if p in mine else b
                                                                             for p in range(seats)]
    return out


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share observed over n games."""
    if n == 0:
        return float("nan"), float("nan")
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def side_share(label: str, pair: str, mode: str, games: int, workers: int, results: Path,
               seed: int = 0, slower: float = 1.0) -> tuple[float, int, dict[int, float]]:
    """(share of the games won by the pair's first level, games played, its share by how many seats it had),
    its seats as `lineups` says."""
    game, options = GAMES[label]
    a, b, _ = PAIRS[pair]
    seats = len(xlib.game(game, **options).players)
    ups = lineups(spec(a, mode, slower), spec(b, mode, slower), seats)
    per = max(1, -(-games // len(ups)))
    out = results / f"{label}-{pair}-{mode_name(mode, slower)}.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    df = xlib.tournament(game, ups, games=per, seed=seed, workers=workers, out=out, **options)
    df["side"] = [lu[seat] for lu, seat in zip(df.lineup, df.seat)]
    won = df[df.side == "A"].groupby(["lineup", "game"]).win.sum().reset_index()
    by_seats = won.groupby(won.lineup.str.count("A")).win.mean()
    return float(won.win.mean()), len(won), {int(k): float(v) for k, v in by_seats.items()}


def move_times(label: str, level: str, games: int, seed: int = 0) -> tuple[list[float], list[int]]:
    """Seconds and imagined games per move of the shipped `level` (seat rotated) against Random players: a move
    is the level's whole turn (an XAllies sowing and its drops are several decisions in one turn)."""
    game, options = GAMES[label]
    g = xlib.game(game, **options)
    seats = len(g.players)
    times: list[float] = []
    nodes: list[int] = []
    for i in range(games):
        me = i % seats
        players = [make_agent(level if p == me else "random", seed=stream(seed, i, p).randrange(2**31))
                   for p in range(seats)]
        s = g.start(seed=seed + i)
        while not s.over:
            p = s.to_move
            assert p is not None
            if p != me:
                s = s.play(players[p].choose(s))
                continue
            t0, played = time.perf_counter(), 0
            while not s.over and s.to_move == me:
                s = s.play(players[me].choose(s))
                played += getattr(players[me], "last_iterations", 0)
            times.append(time.perf_counter() - t0)
            nodes.append(played)
    return times, nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=120, help="games per figure by nodes (0: none)")
    ap.add_argument("--time-games", type=int, default=36, help="games per figure by time (0: none)")
    ap.add_argument("--timing-games", type=int, default=3, help="games per move-time figure (0: none)")
    ap.add_argument("--game", choices=list(GAMES), action="append", help="only this game (again for more)")
    ap.add_argument("--pair", choices=list(PAIRS), action="append", help="only this pair (again for more)")
    ap.add_argument("--slower", type=float, default=1.0,
                    help="by time as on a computer this many times slower: every time cap divided by it")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--results", type=Path, default=ROOT / "build" / "strength", help="where the games are kept")
    args = ap.parse_args()
    if not args.slower > 0:
        ap.error(f"--slower must be a positive number, not {args.slower}")
    labels = args.game or list(GAMES)
    pairs = args.pair or list(PAIRS)
    if args.timing_games:
        print("seconds a move (a whole turn) of the shipped levels against Random players, and the imagined games")
        print(f"{'game':<8} {'level':<7} {'moves':>6} {'median s':>9} {'worst s':>8} {'median games':>13}")
        for label in labels:
            for level in ("medium", "hard"):
                t, n = move_times(label, level, args.timing_games)
                print(f"{label:<8} {level:<7} {len(t):>6} {statistics.median(t):>9.3f} {max(t):>8.3f} "
                      f"{statistics.median(n):>13.0f}", flush=True)
        print()
    counts = {"nodes": args.games, "time": args.time_games}
    if not any(counts.values()):
        return
    print("share of the games won by the first level's side (equal strength: 50%), 95% interval, games; with three")
    print("players also the share one of it won among two of the other, and two of it against one (equal: 33%, 67%)")
    heads = [f"{'by ' + mode_name(m, args.slower).replace('-', ' '):>36}" for m in MODES if counts[m]]
    print(f"{'game':<8} {'pair':<14} {'target':>6} " + " ".join(heads))
    for label in labels:
        for pair in pairs:
            cells = []
            for mode in MODES:
                if not counts[mode]:
                    continue
                if mode == "time" and not any(issubclass(AGENTS[lv], MCTSAgent) for lv in PAIRS[pair][:2]):
                    cells.append(f"{'(no clock: as by nodes)':>36}")
                    continue
                share, n, by_seats = side_share(label, pair, mode, counts[mode], args.workers, args.results,
                                                slower=args.slower)
                lo, hi = wilson(share, n)
                split = " / ".join(f"{by_seats[k]:.0%}" for k in sorted(by_seats)) if len(by_seats) > 1 else ""
                cells.append(f"{share:>5.0%} ({lo:>4.0%}–{hi:>4.0%}) of {n:<4} {split:>11}")
            target = PAIRS[pair][2]
            print(f"{label:<8} {pair:<14} {'' if target is None else f'{target:.0%}':>6} " + " ".join(cells),
                  flush=True)


if __name__ == "__main__":
    main()
