"""The three-player politics lab's panels: a live X game with the leader and the would-be kingmaker
marked, tournaments of persona line-ups with tables, plots and discussion prompts, and the class's
own games of X and three-player XATS beside the personas'.

Every number comes from xlib.experiments.politics and xlib.agents.standings; a run is reproducible from its seed.
Runs in the background, tables, plots and prompts are xlib.panels.experiment's, as in the XAllies lab.
"""
from __future__ import annotations

import html
import math
from typing import Any, Callable

import ipywidgets as w

from ..agents import POLITICIANS, standings
from ..board import Board, palette
from ..board.view import Overlay
from ..classroom import StoredGame
from ..core import State
from ..experiments import politics
from ..games.x import XState
from ..views.x.view import BADGE_DIRECTION, BADGE_R, XView
from .experiment import TABLE_STYLE, BackgroundRun, ClassChooser, csv_link
from .experiment import figure as _figure, image as _image, prompt as _prompt, table_html as _table
from .pictures import SMALLEST_TYPE

POLITICS_STRIP = 30              # the politics line under the X board's score lines
LEADER_RING = palette.BLUE       # the leader's corners: no player's colour in X
#: the places in a line-up, for plots: colours (none a player's colour on the X board), hatches and words
PLACE_COLOURS = ("#E69F00", "#0072B2", "#CC79A7")
PLACE_HATCHES = ("//", "", "..")
PLACE_LABELS = ("place 1 (named first)", "place 2 (moves right after 1)", "place 3 (moves right before 1)")
GAMES = {"X on the quick 6×6 board": ("x", 6), "X on the 9×9 board (slower)": ("x", 9),
         "XATS with three players": ("xats", 6)}


def politics_words(state: State, name: Callable[[int], str]) -> tuple[str, str]:
    """(who leads, who can no longer win) in words, e.g. ('Red leads', 'Green can no longer win: ...')."""
    lead = standings.leader(state)
    hopeful = standings.can_still_win(state)
    if state.over:
        return f"{name(state.winners[0])} won", ""
    leads = f"{name(lead)} leads" if lead is not None else "nobody leads"
    beaten = [p for p in range(3) if p not in hopeful]
    if not beaten:
        return leads, "everyone can still win"
    if len(beaten) == 2:
        return leads, f"only {name(min(hopeful))} can still win"
    others = " and ".join(name(p) for p in sorted(hopeful))
    return leads, f"{name(beaten[0])} can no longer win: its moves decide between {others}"


class PoliticsView(XView):
    """The X board with its politics marked: the leader's corner badges ringed in blue, and a line
    under the board naming who leads and who can no longer win (the would-be kingmaker)."""

    def __init__(self, size: int = 6, **options: Any) -> None:
        super().__init__(size=size, **options)
        self.height += POLITICS_STRIP

    def politics_line(self, state: State) -> str:
        leads, beaten = politics_words(state, lambda p: self.player_name(state, p))
        return f"{leads}; {beaten}." if beaten else f"{leads}."

    def status(self, state: State) -> str:
        if state.over:
            return super().status(state)
        hopeful = standings.can_still_win(state)
        if len(hopeful) == 3:
            return super().status(state)
        _, beaten = politics_words(state, lambda p: self.player_name(state, p))
        return f"{super().status(state)} {beaten[0].upper()}{beaten[1:]}."

    def describe(self, state: State) -> str:
        return f"{super().describe(state)}\nPolitics: {self.politics_line(state)}"

    def draw_over(self, canvas: Any, state: State, overlay: Overlay) -> None:
        super().draw_over(canvas, state, overlay)
        assert isinstance(state, XState)
        lead = standings.leader(state)
        if lead is not None and not state.over:
            for k, corner in enumerate(self.picture(state).corners):
                if corner.owner == lead:
                    x, y = self.centre(corner.cell)
                    dx, dy = BADGE_DIRECTION[k]
                    d = self.radius + BADGE_R + 10
                    canvas.line_width = 4
                    canvas.stroke_style = LEADER_RING
                    canvas.stroke_circle(x + dx * d, y + dy * d, BADGE_R + 6)
        y = self.height - POLITICS_STRIP / 2
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.fill_style = LEADER_RING
        canvas.fill_rect(12, y - 7, 14, 14)
        canvas.fill_style = palette.TEXT
        canvas.font = "bold 15px sans-serif"
        canvas.fill_text(self.politics_line(state), 34, y, self.width - 46)


class ClassGame:
    """A live X game for the class, with the politics beside it: who leads, who can still win each corner,
    and who can no longer win (the player whose stones may crown someone else).

    `seats` as for Board (default: the class plays Red; Yellow plays for itself; Green is a kingmaker
    who, once it cannot win, helps the next player, Red)."""

    def __init__(self, seats: dict[int, str] | None = None, size: int = 6, seed: int | None = None) -> None:
        seats = seats if seats is not None else {1: "self-interest", 2: "kingmaker"}
        self.board = Board("x", view=PoliticsView(size=size), seats=seats, seed=seed, size=size)
        self.panel = w.HTML(layout=w.Layout(width="380px", margin="0 0 0 12px"))
        self.panel.add_class("xlib-politics")
        self.widget = w.HBox([self.board.widget, self.panel],
                             layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("xlib-class-game")
        self.board.listeners.append(self.update)
        self.update(self.board.state)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def update(self, state: State) -> None:
        assert isinstance(state, XState)
        view = self.board.view
        if not isinstance(view, PoliticsView):  # a new board size: the board built a plain X view
            self.board.view = PoliticsView(**state.game.options)
            self.board.fit_canvas()
            self.board.refresh()  # repaints with the politics view, then calls this again
            return
        name = lambda p: f"<b>{self.board.who(p)}</b>"  # noqa: E731 (who() escapes a typed name)
        leads, beaten = politics_words(state, name)
        rows = []
        for corner, who in zip(state.corners, standings.corner_contenders(state)):
            owner = state.corners[corner]
            now = "nobody" if owner is None else view.player_name(state, owner)
            possible = ", ".join(view.player_name(state, p) for p in sorted(who))
            rows.append(f"<tr><td>{corner}</td><td>{now}</td><td>{possible}</td></tr>")
        parts = [f"{TABLE_STYLE}<h4>Who leads?</h4><p>{leads} (the winner rule on the corners owned now).</p>",
                 "<h4>Who could still own each corner?</h4><div class='xlib-table'><table><tr><th>corner</th>"
                 "<th>owner now</th><th>could still own it</th></tr>" + "".join(rows) + "</table></div>",
                 f"<h4>Who can no longer win?</h4><p>{beaten or 'The game is over.'}</p>"]
        if state.over:
            m = politics.measure(state)
            how = politics.DECIDED_BY[m["decided_by"]]
            decider = f" ({name(m['decider'])})" if m["decider"] >= 0 else ""
            verdict = " That was a <b>kingmaking</b> move." if m["kingmaking"] else ""
            parts.append(f"<h4>Who decided it?</h4><p>After move {m['deciding_ply']} only {name(m['winner'])} "
                         f"could still win: it was decided by {how}{decider}.{verdict}</p>")
        self.panel.value = "".join(parts)


class PoliticsPanel(BackgroundRun):
    """Controls for tournaments of persona line-ups, and their results: tables, plots and prompts."""

    def __init__(self, games: int = politics.DEFAULT_GAMES, seed: int = 0, background: bool | None = None) -> None:
        super().__init__(background, bar_width="460px")
        style = {"description_width": "150px"}
        wide = w.Layout(width="460px")
        self.game = w.Dropdown(options=list(GAMES), value=list(GAMES)[0], description="game", style=style,
                               layout=wide)
        self.lineups = w.SelectMultiple(options=list(politics.DEFAULT_LINEUPS), value=list(politics.DEFAULT_LINEUPS),
                                        description="line-ups", rows=6, style=style, layout=wide)
        self.custom = w.Text(value="", placeholder="e.g. kingmaker:previous, anti-leader, self-interest",
                             description="your own line-up", style=style, layout=wide)
        self.games = w.IntSlider(value=games, min=30, max=600, step=30, description="games per line-up",
                                 style=style, layout=wide)
        self.games.tooltip = "exactly this many games of each line-up; the seats rotate, so each persona plays " \
                             "from every seat"
        self.seed = w.IntText(value=seed, description="seed", style=style, layout=wide)
        self.run_button = self.button("Run experiment", self.run, icon="play", button_style="primary")
        self.text = w.HTML()
        self.text.add_class("xlib-lab-text")
        self.results = w.VBox()
        self.results.add_class("xlib-lab-results")
        self.table: Any = None
        self.shown: list[Callable[[], None]] = []   # told after every experiment shown (the class's view)
        controls = w.VBox([self.game, self.lineups, self.custom, self.games, self.seed, self.run_button])
        text = w.Accordion(children=[self.text])
        text.set_title(0, "The same results as text")
        self.widget = w.VBox([controls, self.message, self.progress, self.results, text, self.errors])
        self.widget.add_class("xlib-lab")
        self.widget.add_class("xlib-politics-lab")

    # ---- running ---------------------------------------------------------------------------------
    def _start(self) -> None:
        """Run from the button (see BackgroundRun.start)."""
        self.start(self.run)

    def chosen_lineups(self) -> dict[str, list[Any]]:
        lineups: dict[str, list[Any]] = {name: politics.DEFAULT_LINEUPS[name] for name in self.lineups.value}
        custom = [p.strip() for p in self.custom.value.replace("+", ",").split(",") if p.strip()]
        if custom:
            lineups["your line-up: " + " + ".join(custom)] = custom
        if not lineups:
            raise ValueError("Choose at least one line-up, or type your own.")
        return lineups

    def run(self, progress: bool = True) -> None:
        """Run the tournament with the current controls and show the results."""
        lineups = self.chosen_lineups()
        game, size = GAMES[self.game.value]
        self.message.value = "<i>Playing…</i>"
        table = politics.run_experiment(lineups, game=game, size=size, games=self.games.value, seed=self.seed.value,
                                        progress=self.report("Playing") if progress else False)
        self.show(table)

    # ---- results -----------------------------------------------------------------------------------
    def show(self, table: Any) -> None:
        """Show the results of an experiment table (made by politics.run_experiment)."""
        self.table = table
        self.lineup_summary = politics.lineup_table(table)
        self.persona_summary = politics.persona_table(table)
        self.seat_summary = politics.seat_table(table)
        self.events = politics.kingmaker_table(table)
        self.results.children = self._result_widgets()
        games = table.game.nunique()
        per = sorted(set(table.groupby("lineup").game.nunique()))
        seed = table.attrs.get("seed", self.seed.value)
        self.message.value = (f"{games} games of {_game_words(table)} played ({', '.join(map(str, per))} per "
                              f"line-up) with seed {seed}: the same seed and controls always give the same numbers.")
        self.text.value = "<pre style='font-size:12px'>" + html.escape(
            "Per line-up (95% intervals in brackets):\n" + politics.readable(self.lineup_summary).to_string() +
            "\n\nWin shares:\n" + politics.readable(self.persona_summary).to_string() +
            "\n\nBy seat:\n" + politics.readable(self.seat_summary).to_string() +
            "\n\nKingmaking events:\n" + (self.events.to_string() if len(self.events) else "none")) + "</pre>"
        for told in self.shown:
            told()

    def _result_widgets(self) -> list[w.Widget]:
        s, p, seats = self.lineup_summary, self.persona_summary, self.seat_summary
        link = w.HTML(csv_link(self.table.to_csv(index=False), "politics-experiment.csv",
                               "Save every game of this experiment (CSV)"))
        return [
            w.HTML("<h3>Kingmaking and the early leader, by line-up</h3>" + TABLE_STYLE + _table(politics.readable(s))),
            _image(plot_rates(s)),
            _prompt(rates_prompt(s)),
            w.HTML("<h3>Who wins? Win shares by place in the line-up</h3><p>Place 2 moves right after place 1, "
                   "place 3 right before it (the seats rotate between games).</p>" + TABLE_STYLE +
                   _table(politics.readable(p))),
            _image(plot_shares(p)),
            _prompt(shares_prompt(p)),
            w.HTML("<h3>Does the seat matter?</h3>" + TABLE_STYLE + _table(politics.readable(seats))),
            _prompt(seats_prompt(seats)),
            link,
        ]


class ClassPolitics(ClassChooser):
    """The class's own games of X and three-player XATS, chosen by the class code, with the lab's measures and
    intervals: kingmaking, the early leader's fate and wins by seat, beside the personas' line-ups of the
    experiment `lab` shows when it is of the same game and rules (and shown again after each new run)."""

    games = ("x", "xats")

    def __init__(self, lab: PoliticsPanel | None = None, store: Any = None, url: str | None = None,
                 background: bool | None = None) -> None:
        super().__init__(store, url, background)
        self.lab = lab
        self.tables: dict[str, Any] = {}       # per game in words ('X on 6×6'): the class's table
        self.groups: dict[str, dict[str, int]] = {}
        self.results = w.VBox()
        self.results.add_class("xlib-politics-class-results")
        self.widget = w.VBox([self.chooser, self.message, self.results, self.errors])
        self.widget.add_class("xlib-politics-class")
        if lab is not None:
            lab.shown.append(self._redraw)

    def show_games(self, code: str, games: dict[str, list[tuple[State, StoredGame]]]) -> None:
        """Measure the class's games, one table per game and rules (X of each size, three-player XATS)."""
        kinds: dict[tuple[str, tuple[tuple[str, Any], ...]], list[tuple[State, StoredGame]]] = {}
        for name in self.games:
            for state, stored in games.get(name, []):
                options = politics.politics_options(state)
                if options is not None:
                    kinds.setdefault((name, tuple(sorted(options.items()))), []).append((state, stored))
        self.tables, self.groups = {}, {}
        for (name, rules), played in sorted(kinds.items(), key=lambda kv: (kv[0][0] != "x", kv[0][1])):
            words = politics.game_words(name, dict(rules))
            self.tables[words] = politics.class_table([(state, stored.seats) for state, stored in played])
            counts: dict[str, int] = {}
            for _, stored in played:
                counts[stored.group] = counts.get(stored.group, 0) + 1
            self.groups[words] = counts
        self._redraw()

    def _redraw(self) -> None:
        """Draw the class's tables, with the personas' beside them where the experiment shown has the same rules."""
        if self.code is None:
            return
        personas = self.lab.table if self.lab is not None else None
        parts: list[w.Widget] = []
        if not self.tables:
            parts.append(w.HTML(f"<p><b>Class {self.code}</b>: "
                                + html.escape(politics.too_few(0, "X or three-player XATS"))
                                + " Groups play them in the X and XATS apps, under <b>Play in a class</b>.</p>"))
        for words, ours in self.tables.items():
            n = int(ours.game.nunique())
            groups = ", ".join(f"{html.escape(g)} {k}" for g, k in self.groups[words].items())
            same = personas is not None and len(personas) and politics.same_rules(ours, personas)
            head = (f"<h3>Class {self.code}: {n} game{'s' if n != 1 else ''} of {html.escape(words)}</h3>"
                    f"<p>Finished games by group: {groups}.</p>")
            few = politics.too_few(n, words)
            if few:
                head += f"<div class='xlib-prompt'>{html.escape(few)}</div>"
            lineups = politics.lineup_table(politics.beside(ours, personas) if same else ours)
            seats = politics.seat_comparison(ours, personas if same else None)
            note = "" if same else (f"<p>Run the experiment above with {html.escape(words)} to see the personas' "
                                    f"line-ups beside the class.</p>")
            # too few games draw bars of all or nothing with a lone interval: the chart waits for enough games
            chart = (w.HTML(f"<p class='xlib-no-chart'>No chart yet: it is drawn from {politics.CLASS_MIN_GAMES} "
                            f"games on.</p>") if few else _image(plot_rates(lineups)))
            parts += [w.HTML(TABLE_STYLE + head + "<h4>Kingmaking and the early leader</h4>" + note
                             + _table(politics.readable(lineups))),
                      chart,
                      w.HTML(TABLE_STYLE + "<h4>Who wins? Win shares by seat</h4>" + _table(politics.readable(seats)))]
        self.results.children = parts


def _game_words(table: Any) -> str:
    game = table.attrs.get("game", "x")
    if game == "xats":
        return "three-player XATS"
    size = table.attrs.get("options", {}).get("size", politics.DEFAULT_SIZE)
    return f"X ({size}×{size})"


# ---- prompts that quote the run --------------------------------------------------------------------

def _pct(v: float) -> str:
    return "–" if v != v else f"{v:.0%}"


def rates_prompt(s: Any) -> str:
    """The discussion prompt under the kingmaking chart: the line-ups that differ most, quoted with their rates, or
    one rate for all when they do not differ (a line-up is never set beside itself)."""
    text = _extremes(s.kingmaking, "In {hi}, {v_hi} of games were decided by a player who could no longer win; in "
                     "{lo}, {v_lo}. ", "{where}, {v} of games were decided by a player who could no longer win. ")
    text += _extremes(s["early leader wins"].dropna(), "The early leader won {v_hi} of games in {hi} but only {v_lo} "
                      "in {lo}. ", "The early leader won {v} of games {where}. ")
    if s.kingmaking.max() == 0:
        text += "No game here had a kingmaker: in XATS a player who can no longer win is out and never moves again. "
    return text + "Is it fair that a player with no chance left decides who wins? What would you do in their seat?"


def _extremes(rates: Any, apart: str, alike: str) -> str:
    """A rate per line-up in a sentence: `apart` names the line-ups with the highest and the lowest ({hi}, {v_hi},
    {lo}, {v_lo}); `alike` says the one rate ({v}, {where}) when there is one line-up or all read the same."""
    if not len(rates):
        return ""
    hi, lo = rates.idxmax(), rates.idxmin()
    if _pct(rates[hi]) != _pct(rates[lo]):
        return apart.format(hi=f"'{hi}'", v_hi=_pct(rates[hi]), lo=f"'{lo}'", v_lo=_pct(rates[lo]))
    where = "in every line-up here" if len(rates) > 1 else f"in '{hi}'"
    words = alike.format(v=_pct(rates[hi]), where=where)
    return words[0].upper() + words[1:]


def _who(role: str) -> str:
    """'2. self-interest' in words: 'self-interest (place 2)'."""
    place, _, persona = role.partition(". ")
    return f"{persona} (place {place})"


def shares_prompt(p: Any) -> str:
    shares = p["win share"]
    (lineup, role), best = shares.idxmax(), shares.max()
    (lineup2, role2), worst = shares.idxmin(), shares.min()
    text = (f"The best result: {_who(role)} in '{lineup}' won {_pct(best)} of its games; the worst: {_who(role2)} "
            f"in '{lineup2}', {_pct(worst)}. With three equal players each would win about 33%. Where do the "
            f"intervals leave 33% out, so that the difference is more than luck? ")
    for lu in dict.fromkeys(lineup for lineup, _ in p.index):
        roles = {r.partition(". ")[0]: r for l2, r in p.index if l2 == lu}
        if roles.get("1", "").startswith("1. kingmaker") and "2" in roles and "3" in roles:
            text += (f"In '{lu}', the player right after the kingmaker won {_pct(shares[(lu, roles['2'])])} and the "
                     f"player right before it {_pct(shares[(lu, roles['3'])])}. ")
    return text + "Who gains when someone plays against the leader?"


def seats_prompt(seats: Any) -> str:
    shares = seats["win share"]
    return (f"Seat {shares.idxmax()} won {_pct(shares.max())} of its games and seat {shares.idxmin()} "
            f"{_pct(shares.min())}. Should the players change seats between games, as these experiments do?")


# ---- plots ----------------------------------------------------------------------------------------

def _errors(table: Any, col: str) -> list[list[float]]:
    v, lo, hi = table[col], table[f"{col} low"], table[f"{col} high"]
    return [[0.0 if math.isnan(a - b) else a - b for a, b in zip(v, lo)],
            [0.0 if math.isnan(b - a) else b - a for a, b in zip(v, hi)]]


def _wrapped(name: str) -> str:
    """A line-up's name on lines of at most 13 characters, to stand under its bars beside the others'."""
    import textwrap

    return "\n".join(textwrap.wrap(name, 13, break_long_words=False, break_on_hyphens=False)) or name


def plot_rates(summary: Any) -> Any:
    fig, ax = _figure(9.5, 3.6)
    ax.set_title("Kingmaking, and the early leader winning, per line-up (95% intervals)")
    names = list(summary.index)
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], summary.kingmaking.fillna(0), 0.4, yerr=_errors(summary, "kingmaking"),
           color="#E69F00", label="decided by a player who could no longer win", hatch="//")
    ax.bar([x + 0.2 for x in xs], summary["early leader wins"].fillna(0), 0.4,
           yerr=_errors(summary, "early leader wins"), color="#0072B2", label="the early leader wins")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([_wrapped(n) for n in names], fontsize=SMALLEST_TYPE)
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=SMALLEST_TYPE)
    return fig


def plot_shares(personas: Any) -> Any:
    """Three bars per line-up, one per place in it, with their intervals and a dashed line at a fair third; each
    place is one series over every line-up, so the picture's words name every place of every line-up."""
    fig, ax = _figure(9.5, 3.8)
    ax.set_title("Win share by place in the line-up (95% intervals; dashed: a fair third)")
    lineups = list(dict.fromkeys(lu for lu, _ in personas.index))
    errors = _errors(personas, "win share")
    rows = [(k, lu, int(role.partition(".")[0]), share)
            for k, ((lu, role), share) in enumerate(personas["win share"].items())]
    for place in (1, 2, 3):
        bars = [(k, lu, share) for k, lu, p, share in rows if p == place]
        if bars:
            ax.bar([lineups.index(lu) + (place - 2) * 0.27 for _, lu, _ in bars], [share for _, _, share in bars],
                   0.27, color=PLACE_COLOURS[place - 1], hatch=PLACE_HATCHES[place - 1], label=PLACE_LABELS[place - 1],
                   yerr=[[errors[0][k] for k, _, _ in bars], [errors[1][k] for k, _, _ in bars]])
    ax.axhline(1 / 3, color="#666666", linestyle="--", linewidth=1)
    ax.set_xticks(list(range(len(lineups))))
    ax.set_xticklabels([_wrapped(n) for n in lineups], fontsize=SMALLEST_TYPE)
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, fontsize=SMALLEST_TYPE, ncol=3, loc="upper left")
    return fig


def persona_list() -> str:
    """The politics personas and what each does, one line each."""
    return "\n".join(f"{name:>15}: {cls.description}" for name, cls in POLITICIANS.items())
