"""How much slower the site's Python (Pyodide, in a browser's WebAssembly engine) runs the computer's search than
this machine's Python: the same searches, of a set number of imagined games from the same positions, timed in
both (printed, never asserted). `benchmarks/strength.py --slower F` uses the figure to play the levels on the
clock as the site's student meets them.

    python benchmarks/site_python.py [--site build/site] [--rounds 3]

The site's Pyodide runs under Node.js (the same WebAssembly engine as Chromium, without the page around it), and
reads this checkout's xlib, so both sides run the same code. Each search is timed `--rounds` times; the best is
kept, as the least disturbed by the machine's other work.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the searches timed: the game, its options and the imagined games of one search
SEARCHES = [("xallies", {}, 1500), ("alea", {}, 1500), ("xats", {}, 1500), ("xats", {"players": 3}, 1500),
            ("xerog", {}, 150), ("x", {}, 1000)]

WORK = """
import json, random, time
import xlib
from xlib.agents import MCTSAgent

def best_of(game, options, iterations, rounds):
    g = xlib.game(game, **options)
    s = g.start(seed=1)
    pick = random.Random(2)
    for _ in range(6):  # a position a few moves in, the same in both Pythons
        s = s.play(pick.choice(s.moves()))
    best = float("inf")
    for r in range(rounds):
        agent = MCTSAgent(iterations=iterations, seconds=None, seed=r)
        t = time.perf_counter()
        agent.choose(s)
        best = min(best, time.perf_counter() - t)
    return best

print(json.dumps([best_of(g, o, n, ROUNDS) for g, o, n in SEARCHES]))
"""

RUNNER = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "fs";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
py.FS.mkdir("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(root)s" }, "/src");
py.runPython("import sys; sys.path.insert(0, '/src')");
py.runPython(readFileSync("%(work)s", "utf8"));
"""


def program(rounds: int) -> str:
    return f"SEARCHES = {SEARCHES!r}\nROUNDS = {rounds}\n" + WORK


def last_json(text: str) -> list[float]:
    return list(json.loads(text.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "build" / "site", help="a built site (make site)")
    ap.add_argument("--rounds", type=int, default=3, help="times each search is run; the best is kept")
    args = ap.parse_args()
    pyodide = args.site / "static" / "pyodide"
    if not (pyodide / "pyodide.mjs").is_file():
        sys.exit(f"no site's Pyodide in {pyodide}: build the site first (make site)")
    node = shutil.which("node")
    if node is None:
        sys.exit("Node.js is needed to run the site's Pyodide outside a browser")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work.py"
        work.write_text(program(args.rounds))
        runner = Path(tmp) / "run.mjs"
        runner.write_text(RUNNER % {"pyodide": pyodide.resolve(), "root": ROOT, "work": work})
        here = last_json(subprocess.run([sys.executable, str(work)], cwd=ROOT, capture_output=True, text=True,
                                        check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout)
        site = last_json(subprocess.run([node, str(runner)], capture_output=True, text=True, check=True).stdout)
    print("seconds for one search of a set number of imagined games, best of", args.rounds)
    print(f"{'game':<12} {'games':>6} {'here s':>8} {'site s':>8} {'slower':>7}")
    ratios = []
    for (game, options, n), a, b in zip(SEARCHES, here, site):
        label = f"{game}-{options['players']}" if "players" in options else game
        ratios.append(b / a)
        print(f"{label:<12} {n:>6} {a:>8.3f} {b:>8.3f} {b / a:>6.1f}x")
    ratios.sort()
    print(f"median: the site's Python is {ratios[len(ratios) // 2]:.1f} times slower "
          f"({ratios[0]:.1f}–{ratios[-1]:.1f} by game)")


if __name__ == "__main__":
    main()
