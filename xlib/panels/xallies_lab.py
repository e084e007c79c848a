"""The classroom lab's panels: a live ledger beside a board, and experiments with controls.

Results are tables (HTML) and plots (PNG images), each with discussion prompts beside it.
All numbers come from xlib.experiments.xallies; a run is reproducible from its seed and can be saved as CSV. Runs in
the background, tables, prompts and figures are xlib.panels.experiment's, shared with the other labs.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..experiments import xallies as lab
from ..core import State
from .experiment import TABLE_STYLE, BackgroundRun, csv_link
from .experiment import figure as _figure, image as _image, prompt as _prompt, table_html as _table
from .pictures import SMALLEST_TYPE
from .experiment import figure_png  # noqa: F401  (the class panel draws its plots with it, from here)
from ..board import Board

#: persona colours for plots: none of them is a player's colour on the board
PERSONA_COLOURS = {"selfish": "#D55E00", "prosocial": "#0072B2", "competitive": "#E69F00",
                   "reciprocator": "#CC79A7", "spoiler": "#000000"}


#: the ledger's type grows with the screen: beside a large board on a projector it is read from the back. The
#: board's status and controls beside it grow alike on a wide screen. In the board's projector view the ledger
#: stands in the board's side column, under the controls, which is widened for it.
LEDGER_STYLE = ("<style>.xlib-ledger h4{font-size:clamp(14px,1.15vw,24px)}.xlib-ledger p,"
                ".xlib-ledger .xlib-table table{font-size:clamp(14px,1.05vw,22px)}"
                ".xlib-class-round .xlib-status b{font-size:clamp(14px,1.05vw,22px)}"
                ".xlib-class-round .xlib-status{height:auto !important;min-height:40px}"
                "@media (min-width:1600px){.xlib-class-round .xlib-board:not(.xlib-projector) .xlib-side{zoom:1.4}"
                ".xlib-class-round{flex-wrap:nowrap !important}"
                ".xlib-class-round>.xlib-ledger{flex:0 0 32vw !important;max-width:none !important}}"
                ".xlib-projector .xlib-body:has(.xlib-ledger){grid-template-columns:auto minmax(440px,34vw)}"
                ".xlib-projector:has(.xlib-ledger) canvas.xlib-canvas{max-width:calc(66vw - 80px) !important}"
                ".xlib-projector .xlib-side .xlib-ledger{margin:10px 0 0 0 !important;flex:0 0 auto !important;"
                "width:auto !important;min-width:0 !important;max-width:none !important}"
                ".xlib-projector .xlib-ledger h4{font-size:max(20px,1.15vw);margin:8px 0 4px}"
                ".xlib-projector .xlib-ledger p,.xlib-projector .xlib-ledger .xlib-table table{font-size:max(18px,"
                "1.05vw)}</style>")


class ClassRound:
    """A live ledger beside a board: who allied with whom, what was wasted, collective and individual scores.

    Displayed, it shows the board and the ledger side by side (the projector layout); `ledger`
    alone is the ledger's own widget."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.coalitions = w.HTML()
        self.waste = w.HTML()
        self.split = w.HTML()
        self.ledger = w.VBox([w.HTML(LEDGER_STYLE + "<h4>Alliances: who claimed black pieces with whom</h4>"),
                              self.coalitions,
                              w.HTML("<h4>Waste</h4>"), self.waste,
                              w.HTML("<h4>Scores: collective (alliances) and individual (shots)</h4>"), self.split],
                             layout=w.Layout(flex="1 1 440px", min_width="440px", max_width="680px",
                                              margin="0 0 0 12px"))
        self.ledger.add_class("xlib-ledger")
        self.widget = w.HBox([board.widget, self.ledger], layout=w.Layout(flex_flow="row wrap",
                                                                         align_items="flex-start"))
        self.widget.add_class("xlib-class-round")
        board.listeners.append(self.update)
        if board.projector_button is not None:
            board.projector_button.observe(lambda change: self.project(change["new"]), names="value")
        self.update(board.state)

    def project(self, on: bool) -> None:
        """Follow the board's projector view: the ledger moves into the board's side column, under the controls,
        where the class sees it beside the board; afterwards it returns beside the board."""
        side = self.board.side
        assert side is not None
        kids = tuple(k for k in side.children if k is not self.ledger)
        self.widget.children = (self.board.widget,) if on else (self.board.widget, self.ledger)
        side.children = kids + (self.ledger,) if on else kids

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def update(self, state: State) -> None:
        players = state.players
        ledger = state.ledger  # type: ignore[attr-defined]
        self.coalitions.value = TABLE_STYLE + _table(lab.coalition_counts(ledger, players)) + \
            f"<p>{len(ledger.claimed)} of 12 black pieces claimed by alliances.</p>"
        wasted = lab.waste_by_player(ledger, players)
        items = ", ".join(f"{p}: {k}" for p, k in wasted.items())
        turns = ", ".join(f"turn {x.turn} ({players[x.mover]}, well {x.well})" for x in ledger.wasted) or "none yet"
        self.waste.value = f"<p>{len(ledger.wasted)} black pieces wasted ({items}). When: {turns}.</p>"
        self.split.value = TABLE_STYLE + _table(lab.score_split(state))


class ExperimentPanel(BackgroundRun):
    """Controls for a tournament of persona mixes and for population dynamics, with results to discuss."""

    def __init__(self, games: int = 200, seed: int = 0, background: bool | None = None) -> None:
        super().__init__(background, bar_width="420px")
        style = {"description_width": "150px"}
        wide = w.Layout(width="420px")
        self.players = w.Dropdown(options=[3, 4], value=3, description="players", style=style, layout=wide)
        self.supply = w.Dropdown(options=[("12 (standard)", 12), ("6 (scarce)", 6), ("24 (plenty)", 24),
                                          ("unlimited", None)], value=12, description="white supply", style=style,
                                 layout=wide)
        self.skill = w.FloatSlider(value=0.5, min=0.0, max=1.0, step=0.05, description="shooting skill",
                                   style=style, layout=wide)
        self.mixes = w.SelectMultiple(options=list(lab.DEFAULT_MIXES), value=list(lab.DEFAULT_MIXES),
                                      description="persona mixes", rows=5, style=style, layout=wide)
        self.custom = w.Text(value="", placeholder="e.g. spoiler, selfish, prosocial", description="your own mix",
                             style=style, layout=wide)
        self.games = w.IntSlider(value=games, min=30, max=1000, step=10, description="games per mix", style=style,
                                 layout=wide)
        self.games.tooltip = ("exactly this many games of each mix; the seats rotate between games, so each "
                              "persona plays from every seat")
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=wide)
        self.run_button = self.button("Run experiment", self.run, icon="play", button_style="primary")
        self.dynamics_button = self.button("What if everyone played like this?", self.run_dynamics,
                                           icon="line-chart", layout=w.Layout(width="300px"))
        self.text = w.HTML()
        self.text.add_class("xlib-lab-text")
        self.results = w.VBox()
        self.results.add_class("xlib-lab-results")
        self.dynamics = w.VBox()
        self.dynamics.add_class("xlib-lab-dynamics")
        self.table: Any = None
        self.summary: Any = None
        self.personas: Any = None
        self.history: Any = None
        controls = w.VBox([self.players, self.supply, self.skill, self.mixes, self.custom, self.games, self.seed,
                           w.HBox([self.run_button, self.dynamics_button])])
        text = w.Accordion(children=[self.text])
        text.set_title(0, "The same results as text")
        self.widget = w.VBox([controls, self.message, self.progress, self.results, text, self.dynamics, self.errors])
        self.widget.add_class("xlib-lab")

    def chosen_mixes(self) -> dict[str, list[str]]:
        mixes = {name: lab.DEFAULT_MIXES[name] for name in self.mixes.value}
        custom = [p.strip() for p in self.custom.value.replace("+", ",").split(",") if p.strip()]
        if custom:
            mixes["your mix: " + " + ".join(custom)] = lab.fit_mix(custom, self.players.value)
        if not mixes:
            raise ValueError("Choose at least one persona mix, or type your own.")
        return mixes

    def settings(self) -> dict[str, Any]:
        return {"players": self.players.value, "supply": self.supply.value, "skill": self.skill.value,
                "seed": self.seed.value}

    def run(self, progress: bool = True) -> None:
        """Run the tournament with the current controls and show tables, plots, prompts and the text version."""
        mixes = self.chosen_mixes()
        self.message.value = "<i>Playing…</i>"
        report = self.report("Playing") if progress else False
        table = lab.run_experiment(mixes, games=self.games.value, progress=report, **self.settings())
        self.show(table)

    def show(self, table: Any) -> None:
        """Show the results of an experiment table (made by lab.run_experiment)."""
        self.table = table
        self.summary = lab.summarize(table)
        self.personas = lab.persona_table(table)
        self.results.children = self._result_widgets()
        per_mix = table.groupby("mix").game.nunique()
        self.run_seed = int(table.attrs.get("seed", self.seed.value))
        self.message.value = (f"{table.game.nunique()} games played ({', '.join(str(n) for n in sorted(set(per_mix)))} "
                              f"per mix) with seed {self.run_seed}: the same seed and controls always give the same "
                              f"numbers.")
        self.text.value = ("<pre style='font-size:12px'>" + html.escape(
            f"Per mix (± gives the 95% interval):\n{lab.readable(self.summary).to_string()}\n\n"
            f"Per persona:\n{lab.readable(self.personas).to_string()}") + "</pre>")

    def _result_widgets(self) -> list[w.Widget]:
        s, p = self.summary, self.personas
        best = s.cooperation.idxmax()
        worst = s.waste.idxmax()
        link = w.HTML(csv_link(self.table.to_csv(index=False), "xallies-experiment.csv",
                               "Save every game of this experiment (CSV)"))
        return [
            w.HTML("<h3>Cooperation and waste by persona mix</h3>" + TABLE_STYLE + _table(lab.readable(s))),
            _image(plot_rates(s)),
            _prompt(f"'{best}' claimed the most black pieces ({s.cooperation[best]:.0%}); '{worst}' wasted the "
                    f"most ({s.waste[worst]:.0%}). What did those players do differently? Which table would you "
                    f"rather sit at, and why?"),
            w.HTML("<h3>Each persona's results</h3>" + TABLE_STYLE + _table(lab.readable(p))),
            _image(plot_personas(p)),
            _prompt("Which persona wins most often? Is the persona with the highest mean score also the one that "
                    "wins most? What does the spoiler gain by wasting, and who pays for it?"),
            _image(plot_inequality(s)),
            _prompt("The Gini index measures how unequal the final scores are (0: everyone equal). Do cooperative "
                    "tables end more equal? Is a more equal table also a richer one?"),
            link,
        ]

    def run_dynamics(self, generations: int = 60, progress: bool = True) -> None:
        """Replicator dynamics over the five personas, from payoffs measured at every table: from each seat a
        twenty-fifth of the games per mix (at least 4), so the same controls always measure the same games."""
        self.message.value = "<i>Measuring every table of personas…</i>"
        settings = self.settings()
        report = self.report("Measuring every table", "every table measured, {n} games") if progress else False
        games = max(4, self.games.value // 25)
        payoffs = lab.payoff_tables(games=games, progress=report, **settings)
        self.show_dynamics(lab.replicator(payoffs, generations=generations))
        self.message.value = (f"Population dynamics done: every table of personas played {games} games from each "
                              f"seat, with seed {settings['seed']}: the same seed and controls always give the same "
                              f"numbers.")

    def show_dynamics(self, history: Any) -> None:
        """Show a population history (made by lab.replicator)."""
        self.history = history
        last = len(history) - 1
        final = self.history.iloc[-1].sort_values(ascending=False)
        self.message.value = "Population dynamics done."
        self.dynamics.children = [
            w.HTML("<h3>What if everyone played like this?</h3><p>Start with equal shares of the five personas. "
                   "Each generation, personas that score more than average grow, the others shrink (replicator "
                   "dynamics, from the mean scores at every table).</p>"),
            _image(plot_dynamics(self.history)),
            w.HTML(TABLE_STYLE + _table(self.history.iloc[sorted({0, last // 6, last // 2, last})].map(lambda v: f"{v:.0%}"))),
            _prompt(f"After {len(self.history) - 1} generations '{final.index[0]}' holds {final.iloc[0]:.0%} of "
                    f"the population. Does a world of such players do well for everyone? What would change if "
                    f"white pieces were worth more (try a higher shooting skill or a bigger supply)?"),
        ]


# ---- plots ------------------------------------------------------------------------------

def _axes(title: str, width: float = 7.5, height: float = 3.4) -> tuple[Any, Any]:
    fig, ax = _figure(width, height)
    ax.set_title(title)
    return fig, ax


def plot_rates(summary: Any) -> Any:
    fig, ax = _axes("Share of the 12 black pieces, per game (95% intervals)")
    mixes = list(summary.index)
    xs = range(len(mixes))
    ax.bar([x - 0.2 for x in xs], summary.cooperation, 0.4, yerr=summary["cooperation ±"], color="#0072B2",
           label="claimed by alliances", hatch="//")
    ax.bar([x + 0.2 for x in xs], summary.waste, 0.4, yerr=summary["waste ±"], color="#D55E00", label="wasted")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(mixes, rotation=15, ha="right")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False)
    return fig


def plot_personas(personas: Any) -> Any:
    fig, (a1, a2) = _figure(9, 3.4, cols=2)
    names = list(personas.index)
    colours = [PERSONA_COLOURS.get(n, "#777777") for n in names]
    a1.bar(names, personas["mean score"], yerr=personas["mean score ±"], color=colours)
    a1.set_title("Mean score (95% intervals)")
    a2.bar(names, personas["win rate"], yerr=personas["win rate ±"], color=colours)
    a2.set_title("Win rate")
    for a in (a1, a2):
        a.tick_params(axis="x", rotation=20)
    fig.tight_layout()
    return fig


def plot_inequality(summary: Any) -> Any:
    fig, ax = _axes("Inequality of final scores (Gini) against the mean score", 7.5, 3.4)
    ax.errorbar(summary["mean score"], summary.gini, xerr=summary["mean score ±"], yerr=summary["gini ±"],
                fmt="o", color="#0072B2")
    for mix, row in summary.iterrows():
        ax.annotate(mix, (row["mean score"], row.gini), textcoords="offset points", xytext=(5, 5), fontsize=SMALLEST_TYPE)
    ax.set_xlabel("mean score per player")
    ax.set_ylabel("Gini")
    return fig


def plot_dynamics(history: Any) -> Any:
    fig, ax = _axes("Share of each persona over generations")
    styles = ["-", "--", ":", "-.", (0, (5, 1))]
    for k, persona in enumerate(history.columns):
        ax.plot(history.index, history[persona], linestyle=styles[k % 5], color=PERSONA_COLOURS.get(persona, "#777777"),
                label=persona,
                linewidth=2)
    ax.set_xlabel("generation")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=SMALLEST_TYPE)
    return fig
