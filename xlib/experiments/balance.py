"""Is it fair? Win share by seat in self-play for every game and player count, and the komi that balances
Alea Evangelion.

Every seat gets the same computer player, so a seat that wins more than its share owes it to its place
in the turn order, not to skill. The players have a fixed amount of thought a move (a number of
imagined games, never a number of seconds), so a study gives the same games on any computer, with any
number of workers or a Dask cluster. Everything is computed from the table of games; the notebook only
shows it.

A class's own finished games (people and computers at the seats) become rows of the same table at the
level "our class" (`class_table`), so the same win shares and intervals set them beside the study's.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .. import registry
from ..core import State
from ..errors import ExperimentError
from .matches import game_rows
from .runner import Job, Progress, run


@dataclass(frozen=True)
class Config:
    """A game and player count the study measures."""

    title: str
    game: str
    options: Mapping[str, Any]
    games: str  # its games in a sentence: "Red wins 41 % of X games on 9×9"


#: every game and player count, in the order of RULES.md
CONFIGS: dict[str, Config] = {
    "xallies-3": Config("XAllies, 3 players", "xallies", {"players": 3}, "three-player XAllies games"),
    "xallies-4": Config("XAllies, 4 players", "xallies", {"players": 4}, "four-player XAllies games"),
    "alea-8": Config("Alea Evangelion 8×8", "alea", {"size": 8}, "Alea Evangelion games on 8×8"),
    "alea-9": Config("Alea Evangelion 9×9", "alea", {"size": 9}, "Alea Evangelion games on 9×9"),
    "xats-2": Config("XATS, 2 players", "xats", {"players": 2}, "two-player XATS games"),
    "xats-3": Config("XATS, 3 players", "xats", {"players": 3}, "three-player XATS games"),
    "xerog": Config("Xero-G", "xerog", {}, "Xero-G games"),
    "x-9": Config("X 9×9", "x", {"size": 9}, "X games on 9×9"),
}


@dataclass(frozen=True)
class Level:
    """A study level: a computer player with a fixed amount of thought a move, so results repeat anywhere."""

    agent: str
    options: Mapping[str, Any]
    description: str

    def spec(self) -> tuple[str, dict[str, Any]]:
        return (self.agent, dict(self.options))


#: the study's levels. The game's Medium and Hard stop at half a second and a second, so on a slow computer
#: they may play weaker; these think for a fixed number of imagined games, and nothing else.
LEVELS: dict[str, Level] = {
    "random": Level("random", {}, "plays any legal move at random"),
    "easy": Level("easy", {}, "the game's Easy: takes a win it sees, otherwise the biggest gain right now"),
    "search-30": Level("mcts", {"iterations": 30, "seconds": None},
                       "tree search that imagines 30 games before every move"),
    "search-100": Level("mcts", {"iterations": 100, "seconds": None},
                        "tree search that imagines 100 games before every move"),
    "search-300": Level("mcts", {"iterations": 300, "seconds": None},
                        "tree search that imagines 300 games before every move"),
}

#: the columns of a study's table (and of its results file)
COLUMNS = ["config", "level", "komi", "game", "seat", "player", "win", "score", "plies", "margin"]

#: a 95 % interval
Z = 1.96

#: the level a class's own games stand at, beside the study's levels
CLASS_LEVEL = "our class"
#: fewer finished games of a configuration than this and a class's win shares say nothing yet
#: (with 10 games of a two-player game a share of one half spans 24 % to 76 %)
CLASS_MIN_GAMES = 10


def stone_margin(state: State) -> dict[str, Any]:
    """Alea Evangelion: Black's stones minus White's at the end, before komi (what a komi must make up)."""
    counts = getattr(state, "counts", None)
    if state.game.name != "alea" or counts is None:
        return {}
    return {"margin": counts[0] - counts[1]}


# ---- planning and playing ------------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """Some games of one configuration at one level (and, for Alea Evangelion, one komi)."""

    config: str
    level: str
    games: int
    komi: float | None = None


def check_part(part: Part) -> None:
    if part.config not in CONFIGS:
        raise ExperimentError(f"no study configuration {part.config!r}; configurations: {', '.join(CONFIGS)}")
    registry.game_class(CONFIGS[part.config].game)
    if part.level not in LEVELS:
        raise ExperimentError(f"no study level {part.level!r}; levels: {', '.join(LEVELS)} (each thinks a fixed "
                              f"amount a move, so that results repeat on any computer)")
    if isinstance(part.games, bool) or not isinstance(part.games, int) or part.games < 1:
        raise ExperimentError(f"games must be a whole number of at least 1, not {part.games!r} "
                              f"({part.config} at {part.level})")
    if part.komi is not None and CONFIGS[part.config].game != "alea":
        raise ExperimentError(f"komi is an Alea Evangelion option; {part.config} has none")


def jobs_for(parts: Sequence[Part], seed: int = 0) -> list[Job]:
    """The games of a plan, numbered in order. Game i of every part has seed `seed + i`."""
    jobs: list[Job] = []
    for part in parts:
        check_part(part)
        config = CONFIGS[part.config]
        options = dict(config.options)
        if part.komi is not None:
            options["komi"] = part.komi
        seats = len(registry.game(config.game, **options).start().players)
        level = LEVELS[part.level]
        komi = part.komi if part.komi is not None else (0 if config.game == "alea" else None)
        for i in range(part.games):
            jobs.append(Job(len(jobs), config.game, options, f"{part.config} {part.level}",
                            (level.spec(),) * seats, seed + i, stone_margin,
                            {"config": part.config, "level": part.level, "komi": komi}))
    return jobs


def play(parts: Sequence[Part], seed: int = 0, workers: int | None = None, client: Any = None,
         out: str | os.PathLike[str] | None = None, progress: Progress = False, desc: str = "games") -> Any:
    """Play a plan's games with the experiment runner; one row per seat per game (COLUMNS)."""
    if not parts:
        raise ExperimentError("the study has no games to play: give at least one configuration")
    return run(jobs_for(parts, seed), workers=workers, client=client, out=out, progress=progress, desc=desc,
               columns=COLUMNS)


Games = int | Mapping[str, int] | Mapping[str, int | Mapping[str, int]]


def balance_parts(games: Games = 100, level: str | Sequence[str] = "search-30",
                  configs: Sequence[str] | None = None) -> list[Part]:
    """The plan of the seat study: at each level, `games` games of each configuration.

    `games` is one number, or a number per configuration (a configuration left out is not played), or
    per level either of those: {"easy": 600, "search-30": {"x-9": 80, "xats-2": 150}}."""
    names = list(CONFIGS) if configs is None else list(configs)
    levels = [level] if isinstance(level, str) else list(level)
    parts = []
    for lv in levels:
        counts: Any = games[lv] if isinstance(games, Mapping) and lv in games else games
        for name in names:
            if isinstance(counts, Mapping):
                if name not in counts:
                    if name not in CONFIGS:
                        check_part(Part(name, lv, 1))
                    continue
                n = counts[name]
            else:
                n = counts
            part = Part(name, lv, n)
            check_part(part)
            parts.append(part)
    if not parts:
        raise ExperimentError(f"the study has no games to play: games={games!r} names no configuration "
                              f"({', '.join(CONFIGS)}) at the levels {levels}")
    return parts


# ---- komi ----------------------------------------------------------------------------------------

def komi_candidates(size: int, margins: Sequence[float], around: int = 1) -> list[float]:
    """Half-point komis near the median stone margin, one between each two margins a game can end with.

    A full board of size² cells ends with Black minus White of the same parity as size², so komis
    between two such margins are alike: 0.5 and 1.5 name the same winners on 8×8."""
    if not margins:
        raise ExperimentError("the komi search needs the margins of some games at komi 0")
    ordered = sorted(margins)
    median = ordered[len(ordered) // 2] if len(ordered) % 2 else (ordered[len(ordered) // 2 - 1]
                                                                  + ordered[len(ordered) // 2]) / 2
    parity = size * size % 2
    k = math.floor(median)
    if k % 2 != parity:
        k -= 1
    best = min((k - 2, k, k + 2), key=lambda m: (abs(m + 0.5 - median), m))
    return [best + 0.5 + 2 * j for j in range(-around, around + 1)]


def black_share(df: Any, config: str, komi: float, level: str | None = None) -> tuple[float, float, float, int]:
    """Black's win share at this komi: (share, low, high, games)."""
    rows = df[(df.config == config) & (df.komi == komi) & (df.seat == 0)]
    if level is not None:
        rows = rows[rows.level == level]
    n = len(rows)
    wins = float(rows.win.sum())
    low, high = wilson(wins, n)
    return (wins / n if n else float("nan")), low, high, n


def komi_search(config: str = "alea-8", games: int = 100, level: str = "search-30", seed: int = 0,
                base: Any = None, extend: int = 2, workers: int | None = None, client: Any = None,
                out: str | os.PathLike[str] | None = None, progress: Progress = False) -> Any:
    """Search for the komi that makes Black's and White's chances even; the games played at each komi.

    From games at komi 0 (`base`, or played here), the half-point komis around their median margin
    are played `games` times each; while the komi closest to even lies at the edge of those tried and
    its interval excludes 50 %, the next komi beyond is tried too (at most `extend` more)."""
    import pandas as pd

    if config not in CONFIGS or CONFIGS[config].game != "alea":
        boards = ", ".join(c for c, cfg in CONFIGS.items() if cfg.game == "alea")
        raise ExperimentError(f"the komi search is for Alea Evangelion ({boards}), not {config!r}")
    size = CONFIGS[config].options["size"]
    tables = []
    if base is None or not len(base[(base.config == config) & (base.komi == 0) & (base.level == level)]):
        base = play([Part(config, level, games)], seed, workers, client, out, progress,
                    desc=f"{CONFIGS[config].title}, komi 0")
    zero = base[(base.config == config) & (base.komi == 0) & (base.level == level) & (base.seat == 0)]
    tried = komi_candidates(size, list(zero.margin.dropna()))
    tables.append(play([Part(config, level, games, k) for k in tried], seed, workers, client, out, progress,
                       desc=f"{CONFIGS[config].title}, komi {', '.join(f'{k:g}' for k in tried)}"))
    for _ in range(extend):
        df = pd.concat(tables, ignore_index=True)
        shares = {k: black_share(df, config, k, level) for k in tried}
        best = min(tried, key=lambda k: (abs(shares[k][0] - 0.5), abs(k)))
        share, low, high, _ = shares[best]
        if low <= 0.5 <= high:
            break
        if share > 0.5 and best == tried[-1]:  # Black still ahead at the largest komi: give White more
            nxt = best + 2
        elif share < 0.5 and best == tried[0]:
            nxt = best - 2
        else:
            break
        tables.append(play([Part(config, level, games, nxt)], seed, workers, client, out, progress,
                           desc=f"{CONFIGS[config].title}, komi {nxt:g}"))
        tried = sorted([*tried, nxt])
    return pd.concat(tables, ignore_index=True)


def recommend_komi(df: Any, config: str, level: str | None = None) -> dict[str, Any]:
    """The half-point komi tried whose Black share is closest to 50 %, with that share and its interval."""
    rows = df[(df.config == config) & df.komi.notna() & (df.komi != 0)]
    if level is not None:
        rows = rows[rows.level == level]
    komis = sorted(k for k in rows.komi.unique() if k % 1)
    if not komis:
        raise ExperimentError(f"no half-point komi was tried for {config}: run komi_search first")
    shares = {k: black_share(df, config, k, level) for k in komis}
    best = min(komis, key=lambda k: (abs(shares[k][0] - 0.5), abs(k)))
    share, low, high, n = shares[best]
    return {"config": config, "komi": best, "black share": share, "low": low, "high": high, "games": n,
            "even": low <= 0.5 <= high}


# ---- summaries -----------------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson 95 % interval of a share (draws split between winners count as part wins)."""
    if n <= 0:
        return float("nan"), float("nan")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_table(df: Any, komi: float | None = 0) -> Any:
    """Per configuration, level and seat: games, win share and its 95 % interval, and the fair share.

    Alea Evangelion rows are those at `komi` (the rules' default, 0, unless told)."""
    import pandas as pd

    rows = []
    for (config, level), g in _groups(df, komi):
        games = g.game.nunique()
        seats = g.seat.nunique()
        fair = float(g.win.sum()) / games / seats if games else float("nan")
        for seat, s in g.groupby("seat", sort=True):
            wins = float(s.win.sum())
            low, high = wilson(wins, len(s))
            rows.append({"config": config, "title": CONFIGS[config].title if config in CONFIGS else config,
                         "level": level, "seat": int(seat), "player": str(s.player.iloc[0]), "games": len(s),
                         "share": wins / len(s), "low": low, "high": high, "±": (high - low) / 2, "fair": fair,
                         "edge": not (low <= fair <= high)})
    return pd.DataFrame(rows)


def draw_table(df: Any, komi: float | None = 0) -> Any:
    """Per configuration and level: games, and the share of games without a single winner (draws)."""
    import pandas as pd

    rows = []
    for (config, level), g in _groups(df, komi):
        per_game = g.groupby("game").win.max()
        draws = int((per_game < 1).sum())
        low, high = wilson(draws, len(per_game))
        rows.append({"config": config, "title": CONFIGS[config].title if config in CONFIGS else config,
                     "level": level, "games": len(per_game), "draws": draws, "draw rate": draws / len(per_game),
                     "low": low, "high": high})
    return pd.DataFrame(rows)


def komi_table(df: Any, config: str, level: str | None = None) -> Any:
    """Black's win share, its interval, and the draw rate at every komi tried for an Alea configuration."""
    import pandas as pd

    rows = []
    sub = df[df.config == config]
    if level is not None:
        sub = sub[sub.level == level]
    for komi in sorted(sub.komi.dropna().unique()):
        share, low, high, n = black_share(sub, config, komi)
        per_game = sub[sub.komi == komi].groupby("game").win.max()
        rows.append({"komi": float(komi), "games": n, "black share": share, "low": low, "high": high,
                     "draw rate": float((per_game < 1).mean())})
    return pd.DataFrame(rows)


def _groups(df: Any, komi: float | None) -> list[tuple[tuple[str, str], Any]]:
    sub = df if komi is None else df[df.komi.isna() | (df.komi == komi)]
    order = {c: i for i, c in enumerate(CONFIGS)}
    keys = sorted({(c, lv) for c, lv in zip(sub.config, sub.level)}, key=lambda k: (order.get(k[0], 99), k[1]))
    return [(k, sub[(sub.config == k[0]) & (sub.level == k[1])]) for k in keys]


def percent(x: float) -> str:
    return f"{100 * x:.0f} %"


def n_games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def conclusions(df: Any, configs: Sequence[str] | None = None) -> list[str]:
    """One plain sentence or two per configuration and level (of `configs`, or all), computed from the table."""
    seats, draws = seat_table(df), draw_table(df)
    out = []
    for (config, level), g in seats.groupby(["config", "level"], sort=False):
        if configs is not None and config not in configs:
            continue
        phrase = CONFIGS[config].games if config in CONFIGS else f"{g.title.iloc[0]} games"
        lead = g.loc[g.share.idxmax()]
        d = draws[(draws.config == config) & (draws.level == level)].iloc[0]
        text = (f"{lead.player.capitalize()} wins {percent(lead.share)} of {phrase}, with ±{percent(lead['±'])} "
                f"({n_games(d.games)} at level {level}); a fair game gives each of the {len(g)} seats "
                f"{percent(lead.fair)}.")
        text += " " + _edges(g, lead.fair)
        if d.draws and d["draw rate"] >= 0.005:
            text += f" {percent(d['draw rate'])} of the games end without a single winner."
        elif d.draws:  # too few to show as a percentage
            text += f" {d.draws} of the {d.games} games {'ends' if d.draws == 1 else 'end'} without a single winner."
        out.append(text)
    return out


def equivalent_komis(size: int, komi: float) -> tuple[int, int]:
    """The open range of komis that name the same winner as `komi` (a komi that is not itself a possible
    margin) for every final count on a size×size board: between the two stone margins a full board can
    end with (of the parity of size²) on either side of it."""
    parity = size * size % 2
    low = math.floor(komi)
    if low == komi:
        low -= 1
    if low % 2 != parity:
        low -= 1
    return low, low + 2


def komi_conclusion(df: Any, config: str, level: str | None = None) -> str:
    """The recommended komi for an Alea configuration, in a few sentences."""
    r = recommend_komi(df, config, level)
    zero = df[(df.config == config) & (df.komi == 0) & (df.seat == 0)]
    if level is not None:
        zero = zero[zero.level == level]
    text = ""
    if len(zero):
        draws = float((zero.win == 0.5).mean())
        text = f"Without komi, Black wins {percent(float(zero.win.mean()))} of {CONFIGS[config].games}" + \
            (f" ({percent(draws)} are drawn, and count half)" if draws else "") + ". "
    komi = r["komi"]
    to = f"{komi:g} points added to White's count" if komi > 0 else f"{-komi:g} points added to Black's count"
    even = "close enough to even that this many games cannot tell them apart" if r["even"] else \
        "the closest to even of the komis tried"
    text += (f"With a komi of {komi:g} ({to}), Black wins {percent(r['black share'])} (between "
             f"{percent(r['low'])} and {percent(r['high'])}, {n_games(r['games'])}): {even}, and no game can be "
             f"drawn.")
    low, high = equivalent_komis(CONFIGS[config].options["size"], komi)
    text += (f" Any komi between {low:g} and {high:g} (not counting those two) names the same winner for every "
             f"final count")
    if low < 0 < high:
        text += ": so does no komi at all, since these counts never tie."
    else:
        text += "."
    return text


# ---- a class's own games --------------------------------------------------------------------------

def class_config(state: State) -> str:
    """The study configuration a class's game belongs to: the same game with the same number of players or board
    size (and, for Alea Evangelion, no komi, as the study's seat table has it); other rules (a shorter XAllies
    game, shots by hand) do not change whose turn comes first. A game no configuration has is named by its
    board and komi instead: 'X 6×6', 'Alea Evangelion 8×8 (komi 2.5)'."""
    name, options = state.game.name, dict(state.game.options)
    komi = options.get("komi", 0) if name == "alea" else 0
    for key, config in CONFIGS.items():
        if config.game == name and komi == 0 and all(options.get(k) == v for k, v in config.options.items()):
            return key
    size = f" {options['size']}×{options['size']}" if "size" in options else ""
    return f"{state.game.title}{size}" + (f" (komi {komi:g})" if komi else "")


def class_table(games: Sequence[State], level: str = CLASS_LEVEL) -> Any:
    """A class's finished games as rows of a study's table (COLUMNS) at the level "our class": each game under
    its configuration (class_config), numbered apart from every study game, so seat_table, draw_table and
    plot_config measure them exactly as they measure the study's."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for number, state in enumerate(games):
        if not state.over:
            raise ExperimentError("a class's win shares read finished games; one of these is still going on")
        config = class_config(state)
        komi = 0 if config in CONFIGS and state.game.name == "alea" else None   # other komis name their config
        for row in game_rows(state, config, number, ["person"] * len(state.players)):
            rows.append({"config": config, "level": level, "komi": komi, "game": -1 - number, "seat": row["seat"],
                         "player": row["player"], "win": row["win"], "score": row["score"], "plies": row["plies"],
                         **stone_margin(state)})
    return pd.DataFrame(rows, columns=COLUMNS)


def class_seats(ours: Any, study: Any | None = None) -> Any:
    """Win share by seat with 95 % intervals, for the class's games and, beside them, the study's games of the
    same configurations (at komi 0, as the study's seat table has them)."""
    import pandas as pd

    if study is None or not len(ours):
        return seat_table(ours, komi=None)
    same = study[study.config.isin(set(ours.config))]
    table = pd.concat([seat_table(same), seat_table(ours, komi=None)], ignore_index=True)
    order = {c: i for i, c in enumerate(dict.fromkeys(ours.config))}
    return table.sort_values("config", key=lambda c: c.map(order), kind="stable").reset_index(drop=True)


def class_conclusions(ours: Any) -> list[str]:
    """A sentence per configuration the class played: who won how often by seat, or that there are too few
    games to say anything yet (nothing when it has no game)."""
    if not len(ours):
        return []
    seats = seat_table(ours, komi=None)
    out = []
    for config, g in seats.groupby("config", sort=False):
        of = game_of(config)
        games = int(ours[ours.config == config].game.nunique())
        if games < CLASS_MIN_GAMES:
            out.append(f"The class has only {n_games(games)} of {of} so far: too few to say anything yet, because "
                       f"with so few games every interval is wider than the differences it would show. Play at "
                       f"least {CLASS_MIN_GAMES} and look again.")
            continue
        lead = g.loc[g.share.idxmax()]
        text = (f"In the class's {n_games(games)} of {of}, {lead.player.capitalize()} won {percent(lead.share)}, "
                f"with ±{percent(lead['±'])}; a fair game gives each of the {len(g)} seats {percent(lead.fair)}.")
        out.append(text + " " + _edges(g, lead.fair))
    return out


def _edges(seats: Any, fair: float) -> str:
    """The seats ahead or behind by more than chance explains, in a sentence (or that there are none)."""
    edges = seats[seats.edge]
    if not len(edges):
        return "No seat is ahead or behind by more than chance explains at this many games."
    ahead = [p.capitalize() for p, s in zip(edges.player, edges.share) if s > fair]
    behind = [p.capitalize() for p, s in zip(edges.player, edges.share) if s < fair]
    parts = []
    if ahead:
        parts.append(f"{' and '.join(ahead)} {'is' if len(ahead) == 1 else 'are'} ahead")
    if behind:
        parts.append(f"{' and '.join(behind)} {'is' if len(behind) == 1 else 'are'} behind")
    return " and ".join(parts) + " by more than chance explains."


def game_of(config: str) -> str:
    """What a configuration's games are games of, in words: 'X on 9×9', 'three-player XAllies'."""
    return CONFIGS[config].games.replace(" games", "", 1) if config in CONFIGS else config


# ---- pictures ------------------------------------------------------------------------------------

SEAT_COLOURS = {"black": "#333333", "white": "#f2f2f2", "red": "#d62728", "yellow": "#e6b800",
                "green": "#2ca02c", "blue": "#1f77b4", "purple": "#9467bd", "grey": "#8c8c8c",
                "south": "#8c564b", "north": "#17becf"}


LEVEL_STYLES = {"easy": {"alpha": 0.45, "hatch": "//"}, "random": {"alpha": 0.3, "hatch": ".."},
                CLASS_LEVEL: {"hatch": "xx", "linewidth": 2}}
#: the charts' type in points: the smallest (numbers, ticks, legends) and the titles. The page shows a chart at a
#: width for its size in inches that grows with the screen (xlib.panels.pictures.screen_width), where the
#: smallest reads at 20 px on a 1920-pixel projector, from the back of the room (pictures.SMALLEST_TYPE)
TYPE, TITLE_TYPE = 9.5, 10.5


def plot_config(df: Any, config: str, ax: Any = None, levels: Sequence[str] | None = None) -> Any:
    """Bars of each seat's win share (one bar a level, side by side) with their 95 % intervals, and a
    dashed line at the fair share."""
    import matplotlib.pyplot as plt

    seats = seat_table(df)
    g = seats[seats.config == config]
    if levels is not None:
        g = g[g.level.isin(levels)]
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 2.6))
    if not len(g):
        ax.set_axis_off()
        return ax
    shown = [lv for lv in [*LEVELS, CLASS_LEVEL] if lv in set(g.level)]
    width = 0.8 / len(shown)
    draws = draw_table(df)
    notes = []
    for j, level in enumerate(shown):
        s = g[g.level == level]
        x = [i - 0.4 + width * (j + 0.5) for i in range(len(s))]
        colours = [SEAT_COLOURS.get(p.lower(), "#999999") for p in s.player]
        style = LEVEL_STYLES.get(level, {})
        ax.bar(x, 100 * s.share, width=width * 0.92, color=colours, edgecolor="#333333", label=level,
               yerr=[100 * (s.share - s.low), 100 * (s.high - s.share)], capsize=3, **style)
        for xi, share, high in zip(x, s.share, s.high):
            ax.text(xi, 100 * high + 2, f"{100 * share:.0f}", ha="center", fontsize=TYPE)
        d = draws[(draws.config == config) & (draws.level == level)].iloc[0]
        notes.append(f"{level}: {n_games(d.games)}" + (f", {percent(d['draw rate'])} drawn" if d.draws else ""))
    players = list(g[g.level == shown[0]].player)
    ax.axhline(100 * g.fair.iloc[0], ls="--", color="#555555", lw=1)
    ax.set_xticks(range(len(players)), [p.capitalize() for p in players])
    ax.set_ylim(0, 118)   # room above a bar of 100 % for its number, below the title
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("games won (%)", fontsize=TYPE)
    ax.tick_params(labelsize=TYPE)
    ax.set_title(f"{g.title.iloc[0]}\n" + "; ".join(notes), fontsize=TITLE_TYPE)
    if len(shown) > 1:   # under the plot, where no bar reaches
        ax.legend(fontsize=TYPE, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=len(shown), frameon=False)
    return ax


#: dots per inch the charts are drawn at: sharp where the page shows them largest (a 1920-pixel projector)
READABLE_DPI = 160


def plot_game(df: Any, game: str, levels: Sequence[str] | None = None) -> Any:
    """A row of bar charts, one per configuration of `game` in the table (a page-wide matplotlib figure)."""
    import matplotlib.pyplot as plt

    configs = [c for c, cfg in CONFIGS.items() if cfg.game == game and c in set(df.config)]
    if not configs:
        raise ExperimentError(f"the table has no games of {game!r}; it has {', '.join(sorted(set(df.config)))}")
    # drawn at READABLE_DPI whatever the page's default: sharp on a projector
    fig, axes = plt.subplots(1, len(configs), figsize=(5.4 * len(configs), 2.9), squeeze=False, dpi=READABLE_DPI)
    for ax, config in zip(axes[0], configs):
        plot_config(df, config, ax, levels)
    fig.tight_layout()
    return fig


def plot_komi(df: Any, config: str, ax: Any = None, level: str | None = None) -> Any:
    """Black's win share at every komi tried, with 95 % intervals, and the even line."""
    import matplotlib.pyplot as plt

    t = komi_table(df, config, level)
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 2.6))
    ax.figure.set_dpi(max(ax.figure.dpi, READABLE_DPI))   # as plot_game: readable on a projector
    share = t["black share"]
    ax.errorbar(t.komi, 100 * share, yerr=[100 * (share - t.low), 100 * (t.high - share)], fmt="o", color="#333333",
                capsize=4)
    if (t.komi % 1 != 0).any():
        best = recommend_komi(df, config, level)
        ax.plot([best["komi"]], [100 * best["black share"]], "o", color="#d62728", ms=9, label="recommended")
        ax.legend(fontsize=TYPE, loc="upper right", frameon=False)
    ax.axhline(50, ls="--", color="#555555", lw=1)
    ax.set_xlabel("komi (added to White's count; below 0, to Black's)", fontsize=TYPE)
    ax.set_ylabel("Black wins (%)", fontsize=TYPE)
    ax.tick_params(labelsize=TYPE)
    ax.set_ylim(0, 100)
    ax.set_title(f"{CONFIGS[config].title}: komi", fontsize=TITLE_TYPE)
    return ax


# ---- the whole study ------------------------------------------------------------------------------

def study(games: Games = 100, komi_games: int = 100, level: str | Sequence[str] = "search-30",
          komi_level: str = "search-30", seed: int = 0, configs: Sequence[str] | None = None,
          workers: int | None = None, client: Any = None, out: str | os.PathLike[str] | None = None,
          progress: Progress = False, extend: int = 2) -> Any:
    """The whole balance study: the seat study of every configuration at every level (see balance_parts),
    then the komi search, at `komi_level`, of each Alea board played at that level; one table of every
    game played (COLUMNS).

    With `out`, an interrupted study resumes from its results file; `client` runs it on Dask."""
    import pandas as pd

    parts = balance_parts(games, level, configs)
    if isinstance(komi_games, bool) or not isinstance(komi_games, int) or komi_games < 0:
        raise ExperimentError(f"komi_games must be a whole number (0: no komi search), not {komi_games!r}")
    if komi_level not in LEVELS:
        check_part(Part(parts[0].config, komi_level, 1))
    tables = [play(parts, seed, workers, client, out, progress, desc="balance study")]
    for part in parts:
        if CONFIGS[part.config].game == "alea" and part.level == komi_level and komi_games:
            tables.append(komi_search(part.config, komi_games, komi_level, seed, tables[0], extend, workers, client,
                                      out, progress))
    return pd.concat(tables, ignore_index=True)


def load(path: str | os.PathLike[str]) -> Any:
    """A study's table from its results file (or a copy of it)."""
    import pandas as pd

    df = pd.read_csv(path)
    return df.drop(columns=[c for c in ("job", "job_rows") if c in df.columns])


#: the study shipped with the notebook (notebooks/data/balance.csv): every game at Easy, the faster
#: configurations also with a search player, and the komi search with that search player
SHIPPED: dict[str, Any] = {
    "games": {"easy": 500,
              "search-30": {"xallies-3": 500, "xallies-4": 100, "alea-8": 500, "alea-9": 500, "xats-2": 500,
                            "xats-3": 500, "xerog": 500, "x-9": 500}},
    "level": ["easy", "search-30"],
    "komi_games": 500,
    "komi_level": "search-30",
    "seed": 0,
}


def main(argv: Sequence[str] | None = None) -> None:
    """Run the shipped study (or a smaller one) into a results file, resuming it if it was interrupted."""
    import argparse
    import time

    ap = argparse.ArgumentParser(description="the balance study of xlib's games")
    ap.add_argument("--out", default="notebooks/data/balance.csv", help="results file (CSV); resumed if it exists")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler address (default: local processes)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every number of games (at least 1 each)")
    args = ap.parse_args(argv)
    plan = dict(SHIPPED)

    def scaled(g: Any) -> Any:
        return {k: scaled(v) for k, v in g.items()} if isinstance(g, Mapping) else max(1, round(g * args.scale))

    plan["games"], plan["komi_games"] = scaled(plan["games"]), scaled(plan["komi_games"])
    t0 = time.perf_counter()

    def report(done: int, total: int) -> None:
        if done % 25 == 0 or done == total:
            print(f"{time.perf_counter() - t0:7.0f} s  {done}/{total} games", flush=True)

    df = study(**plan, workers=args.workers, client=args.scheduler, out=args.out, progress=report)
    print(f"{len(df)} rows in {time.perf_counter() - t0:.0f} s")
    for line in conclusions(df):
        print(line)
    for config in CONFIGS:
        if CONFIGS[config].game == "alea" and len(df[(df.config == config) & (df.komi % 1 != 0)]):
            print(komi_conclusion(df, config, plan["komi_level"]))


if __name__ == "__main__":
    main()
