"""The balance notebook's panels: play a new, smaller study from the page and see its conclusions and plots, and
set a class's own games beside the study's.

Every number comes from xlib.experiments.balance (the same study as the shipped one, at level easy); a run is
reproducible from its seed. Running in the background, progress in words, errors in the panel and the class
chosen by its code are xlib.panels.experiment's.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from ..classroom import StoredGame, game_title
from ..core import State
from ..experiments import balance
from ..registry import game_names
from .experiment import TABLE_STYLE, BackgroundRun, ClassChooser, figure, image, table_html

#: the level of the small study: the game's Easy player, quick enough for a class to wait for
LEVEL = "easy"
#: the komi search is played on both Alea Evangelion boards
KOMI_CONFIGS = ("alea-8", "alea-9")


class BalancePanel(BackgroundRun):
    """Controls for a small balance study (games per configuration, seed), and its conclusions and plots."""

    busy_text = "<i>A study is running: wait for it to finish.</i>"

    def __init__(self, games: int = 60, seed: int = 1, workers: int = 2, background: bool | None = None) -> None:
        super().__init__(background, bar_width="420px")
        self.workers = workers
        self.games = w.IntSlider(value=games, min=10, max=120, step=10, description="games each",
                                 continuous_update=False)
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**6, description="seed", layout=w.Layout(width="180px"))
        self.run_button = self.button("Run a small study", self.run, button_style="primary", icon="play")
        self.conclusions = w.HTML()
        self.plots = w.VBox()
        self.results = w.VBox([self.conclusions, self.plots])
        self.table: Any = None
        self.widget = w.VBox([w.HBox([self.games, self.seed, self.run_button]), self.message, self.progress,
                              self.results, self.errors])
        self.widget.add_class("xlib-balance-run")

    def _stages(self) -> Callable[[int, int], None]:
        """Progress in words for the study's parts: first the seat study, then the komi search (whose
        parts each count their games from one again)."""
        seats = self.report("Playing the seat study", "the seat study, {n} games")
        komi = self.report("Playing the komi search", "the komi search")
        last = [0]
        stage = [seats]

        def told(done: int, total: int) -> None:
            if done <= last[0]:
                stage[0] = komi
            last[0] = done
            stage[0](done, total)
        return told

    def run(self, progress: bool = True) -> None:
        """Play the small study with the current controls and show its conclusions and plots."""
        self.message.value = "<i>Playing…</i>"
        seed = self.seed.value
        table = balance.study(games=self.games.value, komi_games=self.games.value, level=LEVEL, komi_level=LEVEL,
                              seed=seed, workers=self.workers, progress=self._stages() if progress else False)
        self.show(table)
        self.message.value += f" Seed {seed}: the same seed always gives the same numbers."

    def show(self, table: Any) -> None:
        """Show a study table (made by balance.study at level easy): a sentence or two per configuration and
        Alea board, and each configuration's bars in a 2×4 grid."""
        self.table = table
        sentences = balance.conclusions(table) + [balance.komi_conclusion(table, c, LEVEL) for c in KOMI_CONFIGS
                                                  if c in set(table.config)]
        self.conclusions.value = "<ul>" + "".join(f"<li>{html.escape(s, quote=False)}</li>" for s in sentences) + \
            "</ul>"
        fig, axes = figure(12, 6, cols=4, rows=2)
        for ax, config in zip(axes.flat, balance.CONFIGS):
            balance.plot_config(table, config, ax)
        fig.tight_layout()
        self.plots.children = [image(fig)]
        games = table.groupby(["config", "level", "komi"], dropna=False).game.nunique().sum()
        self.message.value = f"{games} games played at level {LEVEL}."


class ClassSeats(ClassChooser):
    """A class's own finished games of every game, chosen by the class code: each game's win shares by seat with
    95 % intervals, beside the self-play study's (`study`, a balance table) in the same table and bars, and a
    sentence when the class has too few games to say anything."""

    games = game_names()

    def __init__(self, study: Any = None, store: Any = None, url: str | None = None,
                 background: bool | None = None) -> None:
        super().__init__(store, url, background)
        self.study = study
        self.tables: dict[str, Any] = {}   # per game played: the class's rows (balance.class_table)
        self.results = w.VBox()
        self.results.add_class("xlib-balance-class-results")
        self.widget = w.VBox([self.chooser, self.message, self.results, self.errors])
        self.widget.add_class("xlib-balance-class")

    def show_games(self, code: str, games: dict[str, list[tuple[State, StoredGame]]]) -> None:
        """One part per game the class played: sentences, the table by seat and the bars."""
        import pandas as pd

        self.tables = {name: balance.class_table([state for state, _ in games[name]])
                       for name in self.games if games.get(name)}
        parts: list[w.Widget] = []
        if not self.tables:
            parts.append(w.HTML(f"<p><b>Class {code}</b> has no finished game yet: nothing to measure. Groups play "
                                f"in the games' apps, under <b>Play in a class</b>.</p>"))
        for name, ours in self.tables.items():
            n = int(ours.game.nunique())
            sentences = "".join(f"<li>{html.escape(t, quote=False)}</li>" for t in balance.class_conclusions(ours))
            seats = balance.class_seats(ours, self.study)
            parts.append(w.HTML(f"{TABLE_STYLE}<h3>Class {code}: {n} game{'s' if n != 1 else ''} of "
                                f"{html.escape(game_title(name))}</h3><ul>{sentences}</ul>"
                                + table_html(seat_words(seats))))
            configs = list(dict.fromkeys(ours.config))
            both = ours if self.study is None else pd.concat([self.study[self.study.config.isin(configs)], ours],
                                                            ignore_index=True)
            fig, axes = figure(5.6 * len(configs), 3.0, cols=len(configs))
            for ax, config in zip(axes.flat if len(configs) > 1 else [axes], configs):
                balance.plot_config(both, config, ax)
            fig.tight_layout()
            parts.append(image(fig))
        self.results.children = parts


def seat_words(seats: Any) -> Any:
    """A seat table (balance.seat_table's columns) for the page: who played, the seat, games, and the win share with
    its 95 % interval in words, '48 % (44–53 %)'."""
    import pandas as pd

    rows = [{"games of": r.title, "who played": r.level if r.level == balance.CLASS_LEVEL else f"self-play, {r.level}",
             "seat": str(r.player).capitalize(), "games": int(r.games),
             "win share": f"{balance.percent(r.share)} ({balance.percent(r.low)}–{balance.percent(r.high)})",
             "a fair share": balance.percent(r.fair)} for r in seats.itertuples()]
    if not rows:
        return pd.DataFrame(columns=["games of", "who played", "seat", "games", "win share", "a fair share"])
    return pd.DataFrame(rows).set_index(["games of", "who played", "seat"])
