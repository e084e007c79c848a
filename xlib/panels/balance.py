"""The balance notebook's small study: play a new, smaller study from the page and see its conclusions and plots.

Every number comes from xlib.experiments.balance (the same study as the shipped one, at level easy); a run is
reproducible from its seed. Running in the background, progress in words and errors in the panel are
xlib.panels.experiment's.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from ..experiments import balance
from .experiment import BackgroundRun, figure, image

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
        seats, komi = self.report("Playing the seat study"), self.report("Playing the komi search")
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
        fig, axes = figure(12.8, 5.6, cols=4, rows=2)
        for ax, config in zip(axes.flat, balance.CONFIGS):
            balance.plot_config(table, config, ax)
        fig.tight_layout()
        self.plots.children = [image(fig, max_width="100%")]
        games = table.groupby(["config", "level", "komi"], dropna=False).game.nunique().sum()
        self.message.value = f"{games} games played at level {LEVEL}."
