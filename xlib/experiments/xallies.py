"""The XAllies classroom lab: measures of cooperation and waste, experiments, and population dynamics.

Everything here is computed from ledgers and tournament tables made by the engine; the lab
notebook only calls these functions and shows their results.
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Callable, Mapping, Sequence

from ..core import State
from .tournament import tournament

BLACK_PIECES = 12
PERSONA_NAMES = ("selfish", "prosocial", "competitive", "reciprocator", "spoiler")

#: the default experiment: persona mixes a class can compare in one lesson
DEFAULT_MIXES: dict[str, list[str]] = {
    "all selfish": ["selfish", "selfish", "selfish"],
    "all prosocial": ["prosocial", "prosocial", "prosocial"],
    "mixed": ["selfish", "prosocial", "reciprocator"],
    "one spoiler among cooperators": ["spoiler", "prosocial", "prosocial"],
    "all competitive": ["competitive", "competitive", "competitive"],
}


# ---- measures on one game ---------------------------------------------------------------

def coalition_counts(ledger: Any, players: Sequence[str]) -> Any:
    """A table of who allied with whom, and how often (each claimed black piece counts once per pair)."""
    import pandas as pd

    n = len(players)
    table = [[0] * n for _ in range(n)]
    for claim in ledger.claimed:
        for a, b in itertools.combinations(claim.coalition, 2):
            table[a][b] += 1
            table[b][a] += 1
        if len(claim.coalition) == 1:  # not possible under the rules; kept for hand-made ledgers
            table[claim.coalition[0]][claim.coalition[0]] += 1
    return pd.DataFrame(table, index=list(players), columns=list(players))


def waste_by_player(ledger: Any, players: Sequence[str]) -> dict[str, int]:
    """How many black pieces each player wasted."""
    out = {p: 0 for p in players}
    for w in ledger.wasted:
        out[players[w.mover]] += 1
    return out


def score_split(state: State) -> Any:
    """Each player's score split into the collective part (alliances) and the individual part (shots)."""
    import pandas as pd

    ledger = state.ledger  # type: ignore[attr-defined]
    rows = []
    for p, name in enumerate(state.players):
        collective = state.points[p]  # type: ignore[attr-defined]
        individual = float(ledger.hits[p])
        rows.append({"player": name, "alliances (collective)": collective, "shots (individual)": individual,
                     "white pieces": state.whites[p], "total": collective + individual})  # type: ignore[attr-defined]
    return pd.DataFrame(rows).set_index("player")


def gini(values: Sequence[float]) -> float:
    """Inequality of scores: 0 when everyone has the same, towards 1 when one player has everything."""
    xs = [float(v) for v in values]
    n = len(xs)
    total = sum(xs)
    if n == 0 or total == 0:
        return 0.0
    diffs = sum(abs(a - b) for a in xs for b in xs)
    return diffs / (2 * n * total)


def cooperation_rate(claimed: int) -> float:
    """Share of the 12 black pieces claimed by alliances."""
    return claimed / BLACK_PIECES


def waste_rate(wasted: int) -> float:
    """Share of the 12 black pieces wasted."""
    return wasted / BLACK_PIECES


# ---- experiments ------------------------------------------------------------------------

def game_options(players: int = 3, supply: int | None = 12, skill: float = 0.5, rounds: int | None = None,
                 shooting: str | None = None) -> dict[str, Any]:
    """The game's options; the round cap and how shots are decided only when given (else the game's own)."""
    options: dict[str, Any] = {"players": players, "supply": supply, "skill": skill}
    if rounds is not None:
        options["rounds"] = rounds
    if shooting is not None:
        options["shooting"] = shooting
    return options


def fit_mix(mix: Sequence[str], players: int) -> list[str]:
    """A persona mix for the number of seats: cut short, or filled up by repeating it."""
    if not mix:
        raise ValueError("a persona mix needs at least one persona")
    for name in mix:
        if name not in PERSONA_NAMES:
            raise ValueError(f"{name!r} is not a persona; personas: {', '.join(PERSONA_NAMES)}")
    return [mix[i % len(mix)] for i in range(players)]


def run_experiment(mixes: Mapping[str, Sequence[str]] | None = None, games: int = 200, seed: int = 0,
                   players: int = 3, supply: int | None = 12, skill: float = 0.5,
                   progress: bool | Callable[[int, int], None] = False, workers: int | None = None,
                   client: Any = None, rounds: int | None = None, shooting: str | None = None) -> Any:
    """Play exactly `games` games of every persona mix; the tournament table (one row per player per game).
    `rounds` caps the game's rounds and `shooting` says how shots are decided (the game's own when not given).
    `client`, a dask.distributed Client or a scheduler address, plays them on a Dask cluster.

    Seats rotate from game to game so that no persona always moves first: the games of a mix are
    split as evenly as they go over the rotations (200 games with 3 players: 67, 67 and 66)."""
    mixes = mixes or DEFAULT_MIXES
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    lineups: dict[str, list[str]] = {}
    wanted: dict[str, int] = {}
    for label, mix in mixes.items():
        fitted = fit_mix(list(mix), players)
        for r in range(players):  # every rotation, so each persona sits in each seat
            lineups[f"{label}|{r}"] = fitted[r:] + fitted[:r]
            wanted[f"{label}|{r}"] = games // players + (1 if r < games % players else 0)
    lineups = {k: v for k, v in lineups.items() if wanted[k] > 0}
    df = tournament("xallies", lineups, games=wanted, seed=seed, progress=progress, workers=workers,
                    client=client, **game_options(players, supply, skill, rounds, shooting))
    df["mix"] = df.lineup.str.split("|").str[0]
    df["persona"] = df.agent
    df.attrs["seed"] = seed
    return df


def _ci(series: Any) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    n = len(series)
    mean = float(series.mean())
    if n < 2:
        return mean, float("nan")
    return mean, 1.96 * float(series.std(ddof=1)) / math.sqrt(n)


def summarize(df: Any) -> Any:
    """Per persona mix: cooperation, waste, unresolved pieces, inequality and scores, with 95% intervals."""
    import pandas as pd

    per_game = df.groupby(["mix", "game"]).agg(
        claimed=("claimed", "first"), wasted=("wasted", "first"), unresolved=("unresolved", "first"),
        scores=("score", list)).reset_index()
    per_game["cooperation"] = per_game.claimed / BLACK_PIECES
    per_game["waste"] = per_game.wasted / BLACK_PIECES
    per_game["gini"] = per_game.scores.apply(gini)
    per_game["mean score"] = per_game.scores.apply(lambda s: sum(s) / len(s))
    rows = []
    for mix, g in per_game.groupby("mix", sort=False):
        row: dict[str, Any] = {"mix": mix, "games": len(g)}
        for col in ("cooperation", "waste", "unresolved", "gini", "mean score"):
            m, h = _ci(g[col])
            row[col] = round(m, 3)
            row[col + " ±"] = round(h, 3)
        rows.append(row)
    return pd.DataFrame(rows).set_index("mix")


def persona_table(df: Any) -> Any:
    """Per persona (over all mixes): mean score, win rate and waste caused, with 95% intervals."""
    import pandas as pd

    rows = []
    for persona, g in df.groupby("persona", sort=True):
        row: dict[str, Any] = {"persona": persona, "seats played": len(g)}
        for col, name in (("score", "mean score"), ("win", "win rate"), ("wasted_by", "wasted per game"),
                          ("alliances", "alliances per game")):
            m, h = _ci(g[col])
            row[name] = round(m, 3)
            row[name + " ±"] = round(h, 3)
        rows.append(row)
    return pd.DataFrame(rows).set_index("persona")


#: columns that are shares (of the 12 black pieces, or of games): shown as percentages
RATES = frozenset({"cooperation", "waste", "unresolved", "win rate"})
#: column headings for a reader where the measure's short name says too little
HEADINGS = {"gini": "inequality (Gini)"}


def readable(table: Any) -> Any:
    """A summary for reading: each value and its 95% half-width as one cell ('41% ± 3%', '17.2 ± 0.4')."""
    out = table.copy()
    for col in [c for c in table.columns if f"{c} ±" in table.columns]:
        def cell(value: float, half: float, rate: bool = col in RATES, places: int = 2 if col == "gini" else 1) -> str:
            if value != value:  # NaN: nothing to measure
                return "–"
            text = f"{value:.0%}" if rate else f"{value:.{places}f}"
            if half != half:  # one game: no interval
                return text
            return f"{text} ± {half:.0%}" if rate else f"{text} ± {half:.{places}f}"
        out[col] = [cell(v, h) for v, h in zip(table[col], table[f"{col} ±"])]
        out = out.drop(columns=[f"{col} ±"])
    return out.rename(columns=HEADINGS)


# ---- population dynamics ------------------------------------------------------------------

def payoff_tables(personas: Sequence[str] = PERSONA_NAMES, games: int = 12, seed: int = 0, players: int = 3,
                  supply: int | None = 12, skill: float = 0.5, progress: bool | Callable[[int, int], None] = False,
                  workers: int | None = None) -> dict[tuple[str, ...], dict[str, float]]:
    """Mean score of each persona at every table of `players` personas (tables as sorted tuples)."""
    tables = list(itertools.combinations_with_replacement(sorted(personas), players))
    mixes = {" + ".join(t): list(t) for t in tables}
    df = run_experiment(mixes, games=games * players, seed=seed, players=players, supply=supply, skill=skill,
                        progress=progress, workers=workers)
    out: dict[tuple[str, ...], dict[str, float]] = {}
    for t in tables:
        g = df[df.mix == " + ".join(t)]
        out[t] = {p: float(g[g.persona == p].score.mean()) for p in set(t)}
    return out


def replicator(payoffs: Mapping[tuple[str, ...], Mapping[str, float]], start: Mapping[str, float] | None = None,
               generations: int = 60) -> Any:
    """Replicator dynamics: each generation a persona's share grows with its payoff against the population.

    A persona's payoff is its mean score at tables whose other seats are drawn from the current shares.
    Returns a table of shares, one row per generation."""
    import pandas as pd

    personas = sorted({p for t in payoffs for p in t})
    players = len(next(iter(payoffs)))
    x = dict(start) if start else {p: 1 / len(personas) for p in personas}
    total = sum(x.values())
    x = {p: x.get(p, 0.0) / total for p in personas}
    history = [dict(x)]
    for _ in range(generations):
        fitness = {}
        for p in personas:
            f = 0.0
            for others in itertools.product(personas, repeat=players - 1):
                weight = math.prod(x[o] for o in others)
                if weight:
                    f += weight * payoffs[tuple(sorted((p, *others)))][p]
            fitness[p] = f
        mean = sum(x[p] * fitness[p] for p in personas)
        if mean <= 0:
            break
        x = {p: x[p] * fitness[p] / mean for p in personas}
        history.append(dict(x))
    return pd.DataFrame(history, columns=personas).rename_axis("generation")
