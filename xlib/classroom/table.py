"""The class tables: what a class stored, game by game and group by group, its games as CSV rows, and its
XAllies games as the same measures the lab gives the computer personas.

Every game a class stores lists by game and group (`by_game`) and becomes CSV rows (`played_frame`:
one row per player per finished game, with the rules it was played under). The XAllies measures
stay XAllies-only: a class's finished XAllies games become rows in the lab's tournament format, so
xlib.experiments.xallies.summarize measures the class exactly as it measures a persona mix, and the two
stand in one table. The personas' baseline is played under the rules the class used.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from typing import Any, Mapping, Sequence

from ..experiments import xallies as lab
from ..registry import game_names
from .checks import PERSON, game_title
from .store import StoredGame

CLASS_ROW = "our class"
OPTION_COLUMNS = ("players", "supply", "skill", "rounds", "shooting")
XALLIES = "xallies"   # the game whose ledger the lab measures
#: an unfinished game not saved for this many seconds is no longer in progress but left unfinished
QUIET_SECONDS = 5 * 60
PLAYED_COLUMNS = ["game", "group", "key", "seat", "player", "agent", "person", "score", "win", "plies"]


def by_game(games: Sequence[StoredGame], groups: Sequence[str], now: float | None = None) -> Any:
    """Per game and group (games in the rules' order, groups in the order they joined): finished games, games
    in progress, games left unfinished (not saved for QUIET_SECONDS before `now`, by default the present) and
    when the last one finished; only the games and groups that stored a game."""
    import pandas as pd

    now = time.time() if now is None else now
    order = {name: i for i, name in enumerate(game_names())}
    joined = {name: i for i, name in enumerate(groups)}
    counts: dict[tuple[str, str], list[float]] = {}
    for g in games:
        c = counts.setdefault((g.game, g.group), [0, 0, 0, 0.0])
        if g.finished:
            c[0] += 1
            c[3] = max(c[3], g.updated)
        else:
            c[1 if playing(g, now) else 2] += 1
    rows = [{"game": game_title(game), "group": group, "finished": int(c[0]), "in progress": int(c[1]),
             "left unfinished": int(c[2]),
             "last finished": time.strftime("%H:%M", time.localtime(c[3])) if c[3] else "–"}
            for (game, group), c in sorted(counts.items(), key=lambda kv: (order.get(kv[0][0], 99),
                                                                            joined.get(kv[0][1], 10**6), kv[0][1]))]
    if not rows:
        return pd.DataFrame(columns=["game", "group", "finished", "in progress", "left unfinished",
                                     "last finished"]).set_index(["game", "group"])
    return pd.DataFrame(rows).set_index(["game", "group"])


def playing(game: StoredGame, now: float) -> bool:
    """Whether `game` is in progress at `now`: unfinished and saved within the last QUIET_SECONDS (a page saves
    at every move, so a quiet one was closed, or its computer stopped or restarted)."""
    return not game.finished and now - game.updated < QUIET_SECONDS


def unfinished_words(games: Sequence[StoredGame], now: float, since: bool = True) -> str:
    """The unfinished games in words: '2 in progress', or '1 in progress, 2 left unfinished (no move saved since
    09:42)' when some have been quiet for QUIET_SECONDS (without the time in brackets when not `since`)."""
    quiet = [g for g in games if not g.finished and not playing(g, now)]
    words = f"{sum(1 for g in games if playing(g, now))} in progress"
    if quiet:
        words += f", {len(quiet)} left unfinished"
    if quiet and since:
        last = max(g.updated for g in quiet)
        day = "%H:%M" if time.localtime(last)[:3] == time.localtime(now)[:3] else "%d %B, %H:%M"
        words += f" (no move saved since {time.strftime(day, time.localtime(last))})"
    return words


def lesson_table(rows: Sequence[tuple[str, str, str, bool, int]], groups: Sequence[str]) -> Any:
    """Per group and game, from the exercises the groups stored: the rules done (every exercise of the rule
    solved), the exercises solved, and the exercises missed most often (where a group is stuck)."""
    import pandas as pd

    from .. import registry

    joined = {name: i for i, name in enumerate(groups)}
    order = {name: i for i, name in enumerate(game_names())}
    by: dict[tuple[str, str], dict[str, tuple[bool, int]]] = {}
    for group, game, exercise, solved, misses in rows:
        by.setdefault((game, group), {})[exercise] = (solved, misses)
    out = []
    for (game, group), done in sorted(by.items(), key=lambda kv: (order.get(kv[0][0], 99),
                                                                 joined.get(kv[0][1], 10**6), kv[0][1])):
        scenes = registry.lesson(game).SCENES
        keys = [[f"{s.title}#{k}" for k in range(len(s.exercises))] for s in scenes]
        rules = sum(1 for ks in keys if ks and all(done.get(k, (False, 0))[0] for k in ks))
        total = sum(len(ks) for ks in keys)
        n_solved = sum(1 for v in done.values() if v[0])
        missed = sorted(((v[1], k) for k, v in done.items() if v[1] > 0), key=lambda x: (-x[0], x[1]))[:2]
        words = "; ".join(f"{k.split('#')[0]}, exercise {int(k.split('#')[1]) + 1} ({n} miss{'es' if n != 1 else ''})"
                          for n, k in missed) or "–"
        out.append({"game": game_title(game), "group": group, "rules done": f"{rules} of {len(scenes)}",
                    "exercises solved": f"{n_solved} of {total}", "missed most": words})
    if not out:
        return pd.DataFrame(columns=["game", "group", "rules done", "exercises solved", "missed most"]).set_index(
            ["game", "group"])
    return pd.DataFrame(out).set_index(["game", "group"])


def played_frame(games: Sequence[StoredGame]) -> Any:
    """One row per player per finished game of any one game (numbered 1, 2, … in the order stored): the group,
    who sat at the seat, the score and the win share, and the rules it was played under (one column each)."""
    import pandas as pd

    rows = []
    for number, g in enumerate((g for g in games if g.finished), 1):
        options = (g.record or {}).get("options", {})
        for row in g.rows:
            out = {"game": number, "group": g.group, "key": g.key, "seat": row.get("seat"),
                   "player": row.get("player"), "agent": row.get("agent"), "person": row.get("agent") == PERSON,
                   "score": row.get("score"), "win": row.get("win"), "plies": row.get("plies")}
            for name, value in options.items():
                out[name] = ",".join(str(v) for v in value) if isinstance(value, list) else value
            rows.append(out)
    return pd.DataFrame(rows) if rows else pd.DataFrame(columns=PLAYED_COLUMNS)


def played_csv(games: Sequence[StoredGame], code: str) -> str:
    """The finished games of one game as CSV, one line per player per game, with the class code; XAllies games
    with their ledger's columns too (as game_frame has them)."""
    frame = game_frame(games) if games and all(g.game == XALLIES for g in games) else played_frame(games)
    return str(whole_numbers(frame).assign(**{"class": code}).to_csv(index=False))


def whole_numbers(frame: Any) -> Any:
    """`frame` with every column of numbers that are all whole (counts, scores) written as whole numbers: 2, not
    2.0 (a missing one stays empty); shares and means keep their decimals."""
    import pandas as pd

    out = frame.copy()
    for name in out.columns:
        column = out[name]
        if not pd.api.types.is_float_dtype(column.dtype):
            continue
        known = column.dropna()
        if len(known) and bool((known == known.round()).all()) and bool((known.abs() < 2 ** 53).all()):
            out[name] = column.astype("Int64")
    return out


def game_frame(games: Sequence[StoredGame], designs: Mapping[str, str] | None = None) -> Any:
    """One row per player per finished XAllies game (other games and unfinished ones are left out): the ledger's
    columns, the group, who sat there and the rules; with `designs` (a live table's key: partners or strangers),
    how the table's round was seated (empty for a group's own game)."""
    import pandas as pd

    rows = []
    for number, g in enumerate((g for g in games if g.game == XALLIES and g.finished), 1):
        options = (g.record or {}).get("options", {})
        for row in g.rows:
            out = {"game": number, "group": g.group, "key": g.key, **row,
                   "person": row.get("agent") == PERSON}
            if designs is not None:
                out["design"] = designs.get(g.key)
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


#: the round cap and the shooting of an XAllies game whose options do not say (the game's own defaults)
GAME_ROUNDS, GAME_SHOOTING = 120, "random"


def class_rules(frame: Any) -> dict[str, Any]:
    """The rules most of the class's games were played under, as xlib.experiments.xallies.run_experiment takes them:
    the players, the white supply, the shooting skill, the round cap and how shots were decided."""
    defaults = {"players": 3, "supply": 12, "skill": 0.5, "rounds": GAME_ROUNDS, "shooting": GAME_SHOOTING}
    if frame.empty:
        return defaults
    key = Counter(rules_key(r) for r in frame.drop_duplicates("game").itertuples())
    players, supply, skill_text, rounds, shooting = key.most_common(1)[0][0]
    parts = [float(p) for p in skill_text.split(",")]
    return {"players": players, "supply": supply, "skill": parts[0] if len(parts) == 1 else parts,
            "rounds": rounds, "shooting": shooting}


def rules_key(row: Any) -> tuple[int, int | None, str, int, str]:
    """A game's rules (a row of game_frame) as one comparable key; a rule its options do not give is the game's."""
    rounds = getattr(row, "rounds", None)
    shooting = getattr(row, "shooting", None)
    return (int(row.players), None if _missing(row.supply) else int(row.supply), str(row.skill),
            GAME_ROUNDS if rounds is None or _missing(rounds) else int(rounds),
            GAME_SHOOTING if _missing(shooting) else str(shooting))


def other_rules(frame: Any) -> int:
    """How many of the class's games were played under rules other than the most common (class_rules')."""
    if frame.empty:
        return 0
    key = Counter(rules_key(r) for r in frame.drop_duplicates("game").itertuples())
    return sum(key.values()) - key.most_common(1)[0][1]


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def group_table(frame: Any, groups: Sequence[str], in_progress: Mapping[str, int]) -> Any:
    """Per group that played XAllies (a finished game or one in progress): finished games, games in progress,
    what happened to the black and white pieces, and scores. Groups that played only other games are left out.
    The class's live tables, under whose names their games are stored (they are not groups that joined), follow
    the groups, in the order their games were stored.

    "Group" columns count the seats the group's people played; the others the whole table."""
    import pandas as pd

    rows = []
    played = set(frame.group) if len(frame) else set()
    tables = [t for t in dict.fromkeys(frame.group if len(frame) else ()) if t not in set(groups)]
    for name in [g for g in groups if g in played or in_progress.get(g, 0)] + tables:
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
            "group's wins": _count(people.win.sum()) if len(people) else float("nan"),   # no game: a dash
        })
    return pd.DataFrame(rows).set_index("group") if rows else pd.DataFrame(columns=["group"]).set_index("group")


def _count(value: Any) -> int | float:
    """A count as a whole number (a game shared in a tie counts its share, to two places)."""
    v = round(float(value), 2)
    return int(v) if v == int(v) else v


def design_row(design: str) -> str:
    """The comparison's row for the class's live tables seated so: 'our class: partners'."""
    return f"{CLASS_ROW}: {design}"


def comparison(frame: Any, baseline: Any | None) -> Any:
    """The class beside the computer personas' mixes: cooperation, waste, white pieces, inequality, scores. Where
    the class played at live tables (a `design` column: partners or strangers), each design has a row of its own
    after the whole class's.

    Every row is measured by xlib.experiments.xallies.summarize; `baseline` is a lab.run_experiment table (or None)."""
    import pandas as pd

    parts = []
    if not frame.empty:
        parts.append(_with_whites(lab.summarize(frame.assign(mix=CLASS_ROW)), frame.assign(mix=CLASS_ROW)))
        if "design" in frame.columns:
            for design in ("partners", "strangers"):
                rows = frame[frame.design == design]
                if len(rows):
                    part = rows.assign(mix=design_row(design))
                    parts.append(_with_whites(lab.summarize(part), part))
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
                              skill=rules["skill"], rounds=rules.get("rounds"), shooting=rules.get("shooting"))


def csv_text(frame: Any, code: str) -> str:
    """Every finished game of the class as CSV: one line per player per game, with the class code."""
    return str(whole_numbers(frame).assign(**{"class": code}).to_csv(index=False))


def _mean(series: Any) -> float:
    """The mean to two places; NaN (shown as a dash) when there is nothing to average."""
    return round(float(series.mean()), 2) if len(series) else float("nan")
