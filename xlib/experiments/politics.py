"""The three-player politics lab: kingmaking, the leader's fate and seat shares, measured on recorded games.

Definitions (each game's "can still win" and "leads" are xlib.agents.standings'):

- A player **can no longer win** at a position when no ending left open gives them the win: in
  X, no choice of a possible final owner for each corner makes them the winner (certain, as the
  corners' possible owners include every real ending); in three-player XATS, once out of the game.
- The **deciding move** of a finished game is the move after which only the winner could still
  win (the first such position: "could still win" only ever shrinks). Its mover is the **decider**.
- A **kingmaking event**: the decider is not the winner and could already no longer win before
  that move. (An XATS player out of the game never moves again, so XATS has none by this
  definition: there the lab looks at the leader instead.) When the decider could still win
  before the move, the move ended their own chances: the game was decided by a **rival**.
- The **early leader** is the leader one third of the way through the game (after ⌊plies / 3⌋
  moves); games where nobody leads then have none and are left out of "the early leader wins".

Rates come with 95% Wilson intervals, mean lengths with mean ± 1.96 standard errors.

A class's own finished games (people and computers at the seats, played in the X and XATS apps) become a
table of the same form as an experiment's (`class_table`), so the same measures and intervals set
them beside the personas' line-ups (`beside`, `seat_comparison`).
"""
from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

from ..agents import AGENTS, suits
from ..agents.standings import can_still_win, check_three_players, leader
from ..core import State
from ..errors import XlibError
from .matches import game_rows
from .tournament import tournament

DECIDED_BY = {"winner": "the winner", "kingmaker": "a player who could no longer win",
              "rival": "a player who could still win", "start": "nobody (decided from the start)"}
RELATION = {1: "next", 2: "previous"}  # the winner's seat seen from the decider's

#: the default experiment: persona line-ups a class can compare in one lesson
DEFAULT_LINEUPS: dict[str, list[Any]] = {
    "three self-interested": ["self-interest", "self-interest", "self-interest"],
    "one anti-leader": ["anti-leader", "self-interest", "self-interest"],
    "two anti-leaders": ["anti-leader", "anti-leader", "self-interest"],
    "kingmaker helps the next player": ["kingmaker", "self-interest", "self-interest"],
    "kingmaker helps the previous player": [("kingmaker", {"helps": "previous"}), "self-interest",
                                            "self-interest"],
    "a leader spoiler": ["leader-spoiler", "self-interest", "self-interest"],
}
DEFAULT_GAMES = 60
DEFAULT_SIZE = 6  # X on the quick 6×6 board: a lesson's experiment runs in seconds
CLASS_LINEUP = "our class"   # the line-up a class's own games stand under, beside the personas'
#: fewer finished games than this and every interval is too wide to tell a real difference from luck
#: (with 10 games a win share of a third spans 14% to 61%)
CLASS_MIN_GAMES = 10


# ---- one game ------------------------------------------------------------------------------

def _first(lo: int, hi: int, holds: Callable[[int], bool]) -> int:
    """The first t in lo..hi where `holds` (monotone: once true, true after) is true; hi + 1 if none."""
    while lo <= hi:
        mid = (lo + hi) // 2
        if holds(mid):
            hi = mid - 1
        else:
            lo = mid + 1
    return lo


def measure(state: State) -> dict[str, Any]:
    """What the politics lab counts in one finished game (a tournament `measure`; see the module's note).

    Fields: winner, deciding_ply, decider (-1 when decided from the start), decided_by (winner,
    kingmaker, rival or start), kingmaking (bool), helped (the winner as the decider's 'next' or
    'previous' player, in a kingmaking event, else ''), early_leader (-1: nobody led),
    early_leader_won (1, 0, or NaN without an early leader), and no_chance_ply_<seat> (the first
    position where that seat could no longer win, -1 if never)."""
    check_three_players(state)
    if not state.over:
        raise XlibError("the politics measures read a finished game; this one is still going on")
    history = state.history()
    plies = len(history) - 1
    won = state.winners[0]
    hope: dict[int, frozenset[int]] = {}

    def hopeful(t: int) -> frozenset[int]:
        if t not in hope:
            hope[t] = can_still_win(history[t])
        return hope[t]

    t = _first(0, plies, lambda i: hopeful(i) == {won})
    out: dict[str, Any] = {"winner": won, "deciding_ply": t}
    if t == 0:
        decider, kind = -1, "start"
    else:
        mover = history[t - 1].to_move
        assert mover is not None
        decider = mover
        kind = "winner" if decider == won else "rival" if decider in hopeful(t - 1) else "kingmaker"
    out.update(decider=decider, decided_by=kind, kingmaking=kind == "kingmaker",
               helped=RELATION[(won - decider) % 3] if kind == "kingmaker" else "")
    early = leader(history[plies // 3])
    out["early_leader"] = -1 if early is None else early
    out["early_leader_won"] = math.nan if early is None else float(early == won)
    for p in range(3):
        first = _first(0, plies, lambda i: p not in hopeful(i))
        out[f"no_chance_ply_{p}"] = first if first <= plies else -1
    return out


# ---- intervals -----------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """A rate and its 95% Wilson interval (rate, low, high); NaNs when there are no trials."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Any) -> tuple[float, float, float]:
    """A mean and its 95% interval (mean ± 1.96 standard errors): (mean, low, high)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(xs) / n
    if n < 2:
        return m, math.nan, math.nan
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, m - 1.96 * sd / math.sqrt(n), m + 1.96 * sd / math.sqrt(n)


# ---- experiments ---------------------------------------------------------------------------

def persona_label(spec: Any) -> str:
    """A line-up entry in words: 'anti-leader', 'kingmaker (helps previous)'."""
    if isinstance(spec, tuple):
        name, options = spec
        extra = ", ".join(f"{k} {v}" for k, v in options.items())
        return f"{name} ({extra})" if extra else name
    return str(spec)


def read_persona(text: str) -> Any:
    """A persona typed by a person: 'anti-leader', or 'kingmaker:previous' / 'kingmaker:1' for whom it helps."""
    name, _, helps = (part.strip() for part in text.strip().partition(":"))
    if not helps:
        return name
    if name != "kingmaker":
        raise XlibError(f"only the kingmaker takes a ':' (whom it helps), not {text.strip()!r}")
    return name, {"helps": int(helps) if helps.isdigit() else helps}


def check_lineup(lineup: Sequence[Any], game: str) -> list[Any]:
    """A line-up of three players for `game`, each a known computer player that suits it (clear errors)."""
    lineup = [read_persona(p) if isinstance(p, str) else p for p in lineup]
    if len(lineup) != 3:
        raise XlibError(f"a line-up has three players, one per seat, not {len(lineup)}")
    for spec in lineup:
        name, options = spec if isinstance(spec, tuple) else (spec, {})
        if name not in AGENTS:
            three = [n for n, c in AGENTS.items() if getattr(c, "classifier", {}).get("players") == 3]
            raise XlibError(f"no computer player {name!r}; the politics personas are {', '.join(three)}")
        if not suits(AGENTS[name], game):
            raise XlibError(f"{name!r} does not play {game}")
        AGENTS[name](seed=0, **options)  # a bad option (a kingmaker helping 'nobody') fails here
    return lineup


def game_options(game: str, size: int = DEFAULT_SIZE) -> dict[str, Any]:
    """The rules the lab plays: X on a size × size board, XATS with three players."""
    if game == "x":
        return {"size": size}
    if game == "xats":
        return {"players": 3}
    raise XlibError(f"the politics lab plays X or XATS, not {game!r}")


def run_experiment(lineups: Mapping[str, Sequence[Any]] | None = None, game: str = "x", games: int = DEFAULT_GAMES,
                   seed: int = 0, size: int = DEFAULT_SIZE, progress: bool | Callable[[int, int], None] = False,
                   workers: int | None = None) -> Any:
    """Play exactly `games` games of every line-up; the tournament table (one row per player per game) with
    the politics measures of each game.

    Seats rotate from game to game so that each persona plays from every seat (60 games: 20 per
    rotation), and every game has a seed of its own (seed, seed + 1, ...), so no two games repeat.
    `persona` names each seat's player with its options, `place` its place in the line-up as given
    (1, 2, 3: place 2 moves right after place 1) and `role` both ('2. self-interest'); `lineup` is
    the line-up's name. `progress` is True for a progress bar, or a function told (games done, in all)."""
    options = game_options(game, size)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise XlibError(f"games must be a whole number of at least 1, not {games!r}")
    lineups = DEFAULT_LINEUPS if lineups is None else lineups
    chosen = {label: check_lineup(list(lu), game) for label, lu in lineups.items()}
    if not chosen:
        raise XlibError("choose at least one line-up")
    rotated: dict[str, list[Any]] = {}
    wanted: dict[str, int] = {}
    for label, lineup in chosen.items():
        for r in range(3):
            count = games // 3 + (1 if r < games % 3 else 0)
            if count:
                rotated[f"{label}|{r}"] = lineup[r:] + lineup[:r]
                wanted[f"{label}|{r}"] = count
    df = tournament(game, rotated, games=wanted, seed=seed, workers=workers, progress=progress,
                    measure=measure, **options)
    keys = df.lineup
    df["persona"] = [persona_label(rotated[k][s]) for k, s in zip(keys, df.seat)]
    # the place in the line-up as given: place 2 moves right after place 1, place 3 right before it
    df["place"] = [(s + int(k.rsplit("|", 1)[1])) % 3 + 1 for k, s in zip(keys, df.seat)]
    df["role"] = [f"{p}. {name}" for p, name in zip(df.place, df.persona)]
    df["lineup"] = keys.str.split("|").str[0]
    df.attrs.update(seed=seed, game=game, options=options)
    return df


# ---- a class's own games ---------------------------------------------------------------------

def politics_options(state: State) -> dict[str, Any] | None:
    """The rules of a game the politics lab measures (X of any size, or XATS with three players), or None for
    any other game (two-player XATS, the games for two, XAllies)."""
    name, options = state.game.name, dict(state.game.options)
    if name == "x" or (name == "xats" and options.get("players") == 3):
        return options
    return None


def game_words(game: str, options: Mapping[str, Any]) -> str:
    """A game the lab measures in words: 'X on 6×6', 'three-player XATS'."""
    if game == "x":
        return f"X on {options.get('size', 9)}×{options.get('size', 9)}"
    return "three-player XATS"


def class_table(games: Sequence[tuple[State, Sequence[str]]], label: str = CLASS_LINEUP) -> Any:
    """A class's finished games as an experiment table (run_experiment's columns, under the line-up `label`),
    so that every summary here measures them as it measures the personas'.

    Each game is its final state and who sat at each seat ("person" or a computer player); all must be
    of one game under one set of rules (X of one size, or three-player XATS). `persona` is who sat
    there, `place` the seat (1 moves first) and `role` both; the table's attrs name the game and rules."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    kinds = set()
    for number, (state, seats) in enumerate(games):
        options = politics_options(state)
        if options is None:
            raise XlibError(f"the politics lab measures X and three-player XATS, not {_state_words(state)}")
        kinds.add((state.game.name, tuple(sorted(options.items()))))
        if len(kinds) > 1:
            raise XlibError("a class table holds games of one game under one set of rules; these games mix "
                            + " and ".join(sorted(game_words(g, dict(o)) for g, o in kinds)))
        if len(seats) != 3:
            raise XlibError(f"name who sat at each of the three seats, not {len(seats)}")
        measured = measure(state)
        for row in game_rows(state, label, number, list(seats)):
            row.update(measured)
            row["persona"] = str(row["agent"])
            row["place"] = int(row["seat"]) + 1
            row["role"] = f"{row['place']}. {row['persona']}"
            rows.append(row)
    columns = ["game", "lineup", "seat", "player", "agent", "score", "win", "plies", "winner", "deciding_ply",
               "decider", "decided_by", "kingmaking", "helped", "early_leader", "early_leader_won",
               "no_chance_ply_0", "no_chance_ply_1", "no_chance_ply_2", "persona", "place", "role"]
    df = pd.DataFrame(rows, columns=columns)
    if kinds:
        name, rules = next(iter(kinds))
        df.attrs.update(game=name, options=dict(rules))
    return df


def _state_words(state: State) -> str:
    players = len(state.players)
    return f"{state.game.title} with {players} players" if state.game.name == "xats" else state.game.title


def same_rules(a: Any, b: Any) -> bool:
    """Whether two tables (an experiment's, a class's) are of the same game under the same rules."""
    return bool(a.attrs.get("game") == b.attrs.get("game") and a.attrs.get("options") == b.attrs.get("options"))


def beside(ours: Any, personas: Any) -> Any:
    """The class's table and an experiment's as one table (the class's line-up first), their games numbered
    apart, so that lineup_table measures both alike; the two must be of the same game under the same rules."""
    import pandas as pd

    if not same_rules(ours, personas):
        raise XlibError(f"the class's games are {game_words(ours.attrs['game'], ours.attrs['options'])} and the "
                        f"personas' {game_words(personas.attrs['game'], personas.attrs['options'])}: compare "
                        f"games of the same rules")
    first = int(ours.game.max()) + 1 if len(ours) else 0
    both = pd.concat([ours, personas.assign(game=personas.game + first)], ignore_index=True)
    both.attrs.update(personas.attrs)
    return both


def seat_comparison(ours: Any, personas: Any | None = None) -> Any:
    """Win share by seat for the class's games and, beside it, for every line-up of the personas' experiment
    (with 95% intervals): rows ('our class', '1: Red'), ('the personas', '1: Red'), …"""
    import pandas as pd

    parts = {CLASS_LINEUP: seat_table(ours)}
    if personas is not None and len(personas):
        parts["the personas"] = seat_table(personas)
    both = pd.concat(parts, names=["games of"])
    return both


def too_few(games: int, of: str) -> str:
    """A sentence when a class has too few finished games of a game (`of`: 'X on 6×6') to say anything about
    it; '' when it has enough."""
    if games >= CLASS_MIN_GAMES:
        return ""
    if games == 0:
        return f"The class has no finished game of {of} yet: nothing to measure."
    return (f"The class has only {games} finished game{'s' if games != 1 else ''} of {of} so far: too few to say "
            f"anything yet, because with so few games every interval is wider than the differences it would show. "
            f"Play at least {CLASS_MIN_GAMES} and look again.")


# ---- summaries -------------------------------------------------------------------------------

def per_game(df: Any) -> Any:
    """One row per game: its line-up, length and politics measures."""
    cols = ["lineup", "plies", "winner", "decider", "decided_by", "kingmaking", "helped", "early_leader",
            "early_leader_won"]
    return df.groupby("game", sort=True)[cols].first().reset_index()


def lineup_table(df: Any) -> Any:
    """Per line-up: games, mean length, and the rates of kingmaking, of the early leader winning and of a
    game decided by the winner's own move; each with its 95% interval (low, high)."""
    import pandas as pd

    games = per_game(df)
    rows = []
    for lineup, g in games.groupby("lineup", sort=False):
        row: dict[str, Any] = {"line-up": lineup, "games": len(g)}
        row["moves"], row["moves low"], row["moves high"] = mean_interval(g.plies)
        row["kingmaking"], row["kingmaking low"], row["kingmaking high"] = wilson(g.kingmaking.sum(), len(g))
        led = g.early_leader_won.dropna()
        row["early leader wins"], row["early leader wins low"], row["early leader wins high"] = \
            wilson(led.sum(), len(led))
        own = (g.decided_by == "winner").sum()
        row["winner decided it"], row["winner decided it low"], row["winner decided it high"] = wilson(own, len(g))
        rows.append(row)
    return pd.DataFrame(rows).set_index("line-up").round(3)


def persona_table(df: Any) -> Any:
    """Per line-up and place in it ('2. self-interest': the player right after the first): games played and
    win share, with 95% intervals."""
    import pandas as pd

    rows = []
    for (lineup, role), g in df.sort_values("place", kind="stable").groupby(["lineup", "role"], sort=False):
        share, low, high = wilson(g.win.sum(), len(g))
        rows.append({"line-up": lineup, "player": role, "games": len(g), "win share": share,
                     "win share low": low, "win share high": high})
    order = {name: k for k, name in enumerate(dict.fromkeys(df.lineup))}
    rows.sort(key=lambda r: order[r["line-up"]])
    return pd.DataFrame(rows).set_index(["line-up", "player"]).round(3)


def seat_table(df: Any) -> Any:
    """Per seat (Red or white moves first), over every line-up: win share with its 95% interval."""
    import pandas as pd

    rows = []
    for (seat, player), g in df.groupby(["seat", "player"], sort=True):
        share, low, high = wilson(g.win.sum(), len(g))
        rows.append({"seat": f"{seat + 1}: {player}", "games": len(g), "win share": share,
                     "win share low": low, "win share high": high})
    return pd.DataFrame(rows).set_index("seat").round(3)


def kingmaker_table(df: Any) -> Any:
    """The kingmaking events: who decided (persona) and whom it crowned (the decider's next or previous player)."""
    import pandas as pd

    games = per_game(df)
    events = games[games.kingmaking]
    if events.empty:
        return pd.DataFrame(columns=["line-up", "decider", "crowned", "games"]).set_index(["line-up", "decider",
                                                                                      "crowned"])
    seats = df.set_index(["game", "seat"]).persona
    events = events.assign(decider=[seats[(g, d)] for g, d in zip(events.game, events.decider)],
                           crowned=events.helped + " player")
    table = events.groupby(["lineup", "decider", "crowned"], sort=False).size().rename("games").reset_index()
    return table.rename(columns={"lineup": "line-up"}).set_index(["line-up", "decider", "crowned"])


def readable(table: Any, percent: bool = True) -> Any:
    """A summary with each value and its interval as one text cell: '34% (27–42%)', '33.5 (32.9–34.1)'."""
    out = table.copy()
    for col in [c for c in table.columns if f"{c} low" in table.columns]:
        is_rate = percent and col != "moves"
        fmt = (lambda v: f"{v:.0%}") if is_rate else (lambda v: f"{v:.1f}")

        def cell(row: Any, col: str = col, fmt: Callable[[float], str] = fmt) -> str:
            v, lo, hi = row[col], row[f"{col} low"], row[f"{col} high"]
            if v != v:  # NaN: no games to count
                return "–"
            return f"{fmt(v)} ({fmt(lo)}–{fmt(hi)})" if lo == lo else fmt(v)
        out[col] = table.apply(cell, axis=1)
        out = out.drop(columns=[f"{col} low", f"{col} high"])
    return out
