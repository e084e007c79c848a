"""Golden records: a few recorded games of every game, kept as JSON in tests/data/, like OpenSpiel's playthroughs.

Each file holds a game record with the position text every 10 plies and the final result.
tests/test_golden.py replays them, so any change to the rules' outcome shows up as a failing
test. After a deliberate change of the rules, regenerate them on purpose and review the diff:

    python -m tests.data.regenerate           # lists the files that would change; writes nothing
    python -m tests.data.regenerate --write   # rewrites them
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import xlib
from xlib import State, XlibError

HERE = Path(__file__).resolve().parent
CHECKPOINT = 10  # plies between the position texts kept along the game

# file name -> (game, options, seed, player, stop after this many plies or None for the whole game)
GOLDEN: dict[str, tuple[str, dict[str, Any], int, str, int | None]] = {
    "xallies-3p-random": ("xallies", {"players": 3}, 1, "random", None),
    "xallies-4p-expected-greedy": ("xallies", {"players": 4, "shooting": "expected",
                                               "skill": [0.1, 0.3, 0.5, 1.0]}, 2, "greedy", None),
    "xallies-own-first-unlimited-part": ("xallies", {"drop_order": "own-first", "supply": None}, 3, "random", 40),
    "alea-8-random": ("alea", {}, 1, "random", None),
    "alea-5-adjacency8-greedy": ("alea", {"size": 5, "adjacency": 8, "komi": 0.5}, 2, "greedy", None),
    "xats-2p-random": ("xats", {"players": 2}, 1, "random", None),
    "xats-3p-greedy": ("xats", {"players": 3}, 2, "greedy", None),
    "xerog-setup-random": ("xerog", {"max_plies": 60}, 1, "random", None),
    "xerog-quick-north-greedy": ("xerog", {"quick_start": True, "first": "north"}, 2, "greedy", None),
    "x-9-random": ("x", {"size": 9}, 1, "random", None),
    "x-6-greedy": ("x", {"size": 6}, 2, "greedy", None),
}


def position_text(s: State) -> str | None:
    try:
        return s.position_text()
    except XlibError:
        return None


def summary(s: State) -> dict[str, Any]:
    """What a golden file keeps of a game: its record, position texts along the way and the result."""
    checkpoints = {str(st.ply): text for st in s.history() if st.ply % CHECKPOINT == 0
                   for text in [position_text(st)] if text is not None}
    return {
        "record": s.record(),
        "checkpoints": checkpoints,
        "final_position": position_text(s),
        "result": {"over": s.over, "to_move": s.to_move, "winners": list(s.winners),
                   "scores": [float(v) for v in s.scores]},
    }


def play(name: str, options: dict[str, Any], seed: int, player: str, stop: int | None) -> State:
    """A game through the public API: seeded random moves, or the greedy computer player for every seat."""
    from xlib.agents import GreedyAgent

    rng = random.Random(seed)
    greedy = GreedyAgent(seed)
    s = xlib.game(name, **options).start(seed=seed)
    while not s.over and (stop is None or s.ply < stop):
        s = s.play(rng.choice(s.moves()) if player == "random" else greedy.choose(s))
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite the golden files (otherwise only compare)")
    args = ap.parse_args()
    changed = []
    for stem, (name, options, seed, player, stop) in GOLDEN.items():
        path = HERE / f"{stem}.json"
        text = json.dumps(summary(play(name, options, seed, player, stop)), indent=1) + "\n"
        if not path.exists() or path.read_text() != text:
            changed.append(path.name)
            if args.write:
                path.write_text(text)
    verb = "rewrote" if args.write else "would change"
    print(f"{verb}: {', '.join(changed)}" if changed else "every golden file is up to date")
    return 1 if changed and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
