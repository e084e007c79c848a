"""The class table: a class's stored games as the same measures the lab gives the computer personas.

A class's finished games become rows in the lab's tournament format (one row per player per
game), so xlib.experiments.xallies.summarize measures the class exactly as it measures a persona mix, and the
two stand in one table. The personas' baseline is played under the rules the class used.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Mapping, Sequence

from ..experiments import xallies as lab
from .checks import PERSON
from .store import StoredGame

CLASS_ROW = "our class"
OPTION_COLUMNS = ("players", "supply", "skill", "rounds", "shooting")


def game_frame(games: Sequence[StoredGame]) -> Any:
    """One row per player per finished game: the ledger's columns, the group, who sat there and the rules."""
    import pandas as pd

    rows = []
    for number, g in enumerate(games, 1):
        options = (g.record or {}).get("options", {})
        for row in g.rows:
            out = {"game": number, "group": g.group, "key": g.key, **row,
                   "person": row.get("agent") == PERSON}
            for name in OPTION_COLUMNS:
                value = options.get(name)
                out[name] = ",".join(str(v) for v in value) if isinstance(value, list) else value
            rows.append(out)
    frame = pd.DataFrame(rows)
    if frame.empty:
        frame = pd.DataFrame(columns=["game", "group", "key", "seat", "player", "agent", "score", "win", "points",
                                      "whites", "hits", "alliances", "wasted_by", "claimed", "wasted", "unresolved",
                                      "person", *OPTION_COLUMNS])
    return frame


def class_rules(frame: Any) -> dict[str, Any]:
    """The rules most of the class's games were played under, as xlib.experiments.xallies.run_experiment takes them."""
    defaults = {"players": 3, "supply": 12, "skill": 0.5}
    if frame.empty:
        return defaults
    games = frame.drop_duplicates("game")
    key = Counter((int(r.players), None if _missing(r.supply) else int(r.supply), str(r.skill))
                  for r in games.itertuples())
    players, supply, skill_text = key.most_common(1)[0][0]
    parts = [float(p) for p in skill_text.split(",")]
    return {"players": players, "supply": supply, "skill": parts[0] if len(parts) == 1 else parts}


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def group_table(frame: Any, groups: Sequence[str], in_progress: Mapping[str, int]) -> Any:
    """Per group: finished games, games in progress, what happened to the black and white pieces, and scores.

    "Group" columns count the seats the group's people played; the others the whole table."""
    import pandas as pd

    rows = []
    for name in groups:
        g = frame[frame.group == name]
        games = g.drop_duplicates("game")
        people, computers = g[g.person.astype(bool)], g[~g.person.astype(bool)]
        n = len(games)
        rows.append({
            "group": name, "games": n, "in progress": int(in_progress.get(name, 0)),
            "black claimed per game": _mean(games.claimed),
            "black wasted per game": _mean(games.wasted),
            "wasted by the group": _mean(people.groupby("game").wasted_by.sum()),
            "white pieces per game": _mean(g.groupby("game").whites.sum()),
            "group's score": _mean(people.score),
            "computers' score": _mean(computers.score),
            "group's wins": round(float(people.win.sum()), 2) if len(people) else 0.0,
        })
    return pd.DataFrame(rows).set_index("group") if rows else pd.DataFrame(columns=["group"]).set_index("group")


def comparison(frame: Any, baseline: Any | None) -> Any:
    """The class beside the computer personas' mixes: cooperation, waste, white pieces, inequality, scores.

    Every row is measured by xlib.experiments.xallies.summarize; `baseline` is a lab.run_experiment table (or None)."""
    import pandas as pd

    parts = []
    if not frame.empty:
        parts.append(_with_whites(lab.summarize(frame.assign(mix=CLASS_ROW)), frame.assign(mix=CLASS_ROW)))
    if baseline is not None and len(baseline):
        parts.append(_with_whites(lab.summarize(baseline), baseline))
    if not parts:
        return pd.DataFrame()
    both = pd.concat(parts)
    return both[[c for c in both.columns if not c.startswith("unresolved")]]


def _with_whites(summary: Any, table: Any) -> Any:
    """Add the mean number of white pieces taken per game (all players), with its 95% half-width."""
    per_game = table.groupby(["mix", "game"]).whites.sum().reset_index()
    means, halves = {}, {}
    for mix, g in per_game.groupby("mix", sort=False):
        n = len(g)
        means[mix] = round(float(g.whites.mean()), 3)
        halves[mix] = round(1.96 * float(g.whites.std(ddof=1)) / math.sqrt(n), 3) if n > 1 else float("nan")
    out = summary.copy()
    out["white pieces"] = [means[m] for m in out.index]
    out["white pieces ±"] = [halves[m] for m in out.index]
    return out


def baseline(rules: Mapping[str, Any], games: int = 60, seed: int = 0) -> Any:
    """The computer personas' games under the class's rules (lab.run_experiment, every default mix)."""
    return lab.run_experiment(games=games, seed=seed, workers=1, players=rules["players"], supply=rules["supply"],
                              skill=rules["skill"])


def csv_text(frame: Any, code: str) -> str:
    """Every finished game of the class as CSV: one line per player per game, with the class code."""
    return str(frame.assign(**{"class": code}).to_csv(index=False))


def _mean(series: Any) -> float:
    """The mean to two places; NaN (shown as a dash) when there is nothing to average."""
    return round(float(series.mean()), 2) if len(series) else float("nan")
