"""The teacher's live tables, in the class panel: seat the students who joined at tables of a game, round after
round with the same partners or with new ones, watch every table live (moves, scores, whose turn, who is away),
and project any one of them.

The panel follows the class from the kernel's own loop (xlib.live.watch); a table whose computer move nobody
plays (every device at it has left) is played from here, so no table waits for a student who went home."""
from __future__ import annotations

import html
import time
from typing import Any, Callable

import ipywidgets as w

from .. import agents, registry
from ..classroom import ClassError, ClassStore, game_title
from ..classroom.live import AWAY_SECONDS, ENDED, FINISHED, PLAYING, TableView
from ..classroom.seating import ONE_TABLE, strangers_words
from ..live import BY_COMPUTER, TableGame
from ..live.watch import Watch
from ..board import shared
from ..board.board import Board, view_for
from ..board.options import OptionFields
from .experiment import TABLE_STYLE

#: seconds a table's computer move may wait for a device at it before the panel plays it
STUCK_SECONDS = 5.0
#: seat counts a teacher may choose, by game (the others have one)
SIZES = {"xallies": (3, 4), "xats": (2, 3)}
AWAY_CHOICES = (("30 seconds", 30), ("1 minute", 60), ("2 minutes", 120), ("5 minutes", 300))
RED, GREEN = "#B00020", "#00603C"


def seats_of(game: str) -> tuple[int, ...]:
    """The table sizes a game may have."""
    return SIZES.get(game, (len(registry.game(game).players),))


class RoundsPanel:
    """Live tables for the class shown by a ClassPanel: `store()` gives the class database, `code()` the class
    shown (None before one is). `background` follows the class from the kernel's loop and plays stuck computer
    moves in `run` (the panel's background worker)."""

    def __init__(self, store: Callable[[], ClassStore], code: Callable[[], str | None], background: bool,
                 run: Callable[[str, Callable[[], None]], None], report: Callable[[], None]) -> None:
        self.store, self.code, self.background, self.run, self.report = store, code, background, run, report
        self.watch: Watch | None = None
        self.views: list[TableView] = []
        self.projected: Board | None = None
        self.playing: set[str] = set()   # tables whose stuck computer move the panel is playing
        self.game = w.Dropdown(options=[(registry.game_class(n).title, n) for n in registry.game_names()],
                               value="xallies", description="Game", style={"description_width": "110px"},
                               layout=w.Layout(width="320px"))
        self.size = w.Dropdown(description="Seats a table", style={"description_width": "110px"},
                               layout=w.Layout(width="220px"))
        self.order = w.Dropdown(options=[("at random", "random"), ("in the order they joined", "joined")],
                                value="random", description="Seat them", style={"description_width": "110px"},
                                layout=w.Layout(width="360px"))
        self.design = w.Dropdown(options=[("new partners each round (strangers)", "strangers"),
                                          ("the same partners each round (partners)", "partners")],
                                 value="strangers", description="Next rounds", style={"description_width": "110px"},
                                 layout=w.Layout(width="460px"))
        self.level = w.Dropdown(description="The computer", style={"description_width": "110px"},
                                layout=w.Layout(width="360px"),
                                tooltip="plays the empty seats, and the seats of players who are away")
        self.away = w.Dropdown(options=AWAY_CHOICES, value=int(AWAY_SECONDS), description="Away after",
                               style={"description_width": "110px"}, layout=w.Layout(width="260px"),
                               tooltip="a player whose page gives no sign of life this long has their seat played "
                                       "by the computer until they come back")
        self.seat_button = w.Button(description="Seat the students", icon="th", button_style="primary",
                                    layout=w.Layout(width="220px"))
        self.seat_button.add_class("xlib-rounds-seat")
        self.waiting = w.HTML()
        self.waiting.add_class("xlib-rounds-waiting")
        self.status = w.HTML()
        self.status.add_class("xlib-rounds-status")
        self.list = w.HTML()
        self.list.add_class("xlib-rounds-tables")
        self.project_menu = w.Dropdown(description="Project", style={"description_width": "60px"},
                                       layout=w.Layout(width="380px"), options=[("no table", "")], value="")
        self.project_menu.add_class("xlib-rounds-project")
        self.stage = w.VBox()
        self.options_box = w.VBox()
        self.fields: OptionFields | None = None
        self.options = w.Accordion(children=[self.options_box], layout=w.Layout(width="min(100%, 760px)"))
        self.options.set_title(0, "Options for the tables' games")
        self.options.selected_index = None
        self.game.observe(self._guard(lambda _: self._game_chosen()), names="value")
        self.seat_button.on_click(self._guard(lambda _: self.seat()))
        self.design.observe(self._guard(lambda _: self.refresh()), names="value")   # the strangers warning
        self.size.observe(self._guard(lambda _: self.refresh()), names="value")
        self.project_menu.observe(self._guard(lambda ch: self.project(ch["new"] or None)), names="value")
        self._game_chosen()
        self.widget = w.VBox([
            w.HTML("<h3>Live tables: every student at their own device</h3><p>Students join the class in the app "
                   "of the game, each on their own device. Then seat them here: each plays only their own seat, "
                   "and the others' moves appear on every device of the table.</p>"),
            w.HBox([self.game, self.size, self.away], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.order, self.design], layout=w.Layout(flex_flow="row wrap")),
            self.options,
            w.HBox([self.level, self.seat_button], layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.waiting, self.status, self.list, self.project_menu, self.stage])
        self.widget.add_class("xlib-rounds")
        self.widget.layout.display = "none"   # until a class is shown

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> Any:
            try:
                return fn(*args)
            except ClassError as exc:
                self.status.value = f"<span style='color:{RED}'>✗ {html.escape(str(exc), quote=False)}</span>"
            except Exception:
                self.report()
        return wrapped

    def _game_chosen(self) -> None:
        """The seats and computer players that suit the game chosen."""
        game = self.game.value
        sizes = seats_of(game)
        self.size.options = [(f"{n}", n) for n in sizes]
        self.size.value = sizes[0]
        self.size.disabled = len(sizes) == 1
        levels = agents.for_game(game, sizes[0])
        self.level.options = [(getattr(c, "label", n.capitalize()), n) for n, c in levels]
        self.level.value = agents.default_for(game)
        g = registry.game(game)
        self.fields = OptionFields(g.option_specs, dict(g.options), view_for(game))
        if "players" in self.fields.fields:   # the seats are chosen above
            self.fields.fields["players"].widget.layout.display = "none"
        self.options_box.children = (self.fields.widget,)
        self.refresh()

    # ---- the class shown ---------------------------------------------------------------------------
    def show(self) -> None:
        """The class shown changed: its tables, and following it from the kernel's loop."""
        if self.watch is not None:
            self.watch.stop()
            self.watch = None
        self.project(None)
        code = self.code()
        self.widget.layout.display = None if code is not None else "none"
        if code is not None and self.background:
            self.watch = Watch(self.store(), code, self._guard(self.refresh))
            self.watch.start()
        self.refresh()

    def stop(self) -> None:
        if self.watch is not None:
            self.watch.stop()
            self.watch = None

    def seat(self) -> list[str]:
        """Seat the players here in the chosen game's app at new tables: a round; the tables' names."""
        code = self.code()
        if code is None:
            return []
        options: dict[str, Any] = {}
        if self.fields is not None:
            if "players" in self.fields.fields:
                self.fields.fields["players"].set(self.size.value)
            options, problem = self.fields.read()
            if problem:
                raise ClassError(problem)
        made = self.store().seat_round(code, self.game.value, self.size.value, order=self.order.value,
                                       design=self.design.value, level=self.level.value, away=float(self.away.value),
                                       options=options)
        self.refresh()
        views = [v for v in self.views if v.key in {t.key for t in made}]
        players = sum(1 for v in views for name in v.seats if name)
        empty = sum(1 for v in views for name in v.seats if not name)
        level = dict((v, k) for k, v in self.level.options).get(self.level.value, self.level.value)
        alone = (f" <span style='color:{RED}'>{html.escape(strangers_words(players, self.size.value))}</span>"
                 if made[0].design == ONE_TABLE else "")
        self.status.value = (f"<span style='color:{GREEN}'>Round {made[0].round}: {players} player"
                             f"{'s' if players != 1 else ''} at {len(made)} table{'s' if len(made) != 1 else ''} of "
                             f"{html.escape(game_title(self.game.value))}"
                             + (f"; {empty} seat{'s' if empty != 1 else ''} played by the computer "
                                f"({html.escape(level)})" if empty else "")
                             + ". Their devices show their tables now.</span>" + alone)
        return [t.label for t in made]

    # ---- the tables, live ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the class's tables again and show them; play a computer move no device at its table plays."""
        code = self.code()
        if code is None:
            self.waiting.value = self.list.value = ""
            return
        store = self.store()
        game = self.game.value
        away = float(self.away.value)
        here = store.players(code, game=game, within=away)
        names = ", ".join(html.escape(n) for n, _ in here)
        warning = strangers_words(len(here), int(self.size.value)) if here and self.design.value == "strangers" \
            else ""
        self.waiting.value = (f"<b>In the {html.escape(game_title(game))} app now:</b> {len(here)} player"
                              f"{'s' if len(here) != 1 else ''}" + (f" ({names})" if here else
                                                                    ": the students join the class there first")
                              + (f"<br><span style='color:{RED}'>{html.escape(warning)}</span>" if warning else ""))
        self.views = store.tables(code)
        current = [v for v in self.views if v.info.round == max((x.info.round for x in self.views), default=0)]
        self.list.value = TABLE_STYLE + tables_html(current or self.views[:12])
        options = [("no table", "")] + [(f"{v.info.label} ({v.info.title})", v.key) for v in self.views
                                         if v.info.status != ENDED][:40]
        if [o[1] for o in self.project_menu.options] != [o[1] for o in options]:
            value = self.project_menu.value if self.project_menu.value in {o[1] for o in options} else ""
            with self.project_menu.hold_trait_notifications():
                self.project_menu.options = options
                self.project_menu.value = value
        if self.projected is not None and isinstance(self.projected.game, TableGame):
            self.projected.game.sync()
        for view in self.views:
            self._unstick(code, view)

    def _unstick(self, code: str, view: TableView) -> None:
        """Play a table's computer move from here when no device at the table has played it for a while."""
        state, info = view.state, view.info
        if info.status != PLAYING or state.to_move is None or view.key in self.playing or not self.background:
            return
        if not view.seat_views[state.to_move].by_computer or time.time() - info.updated < STUCK_SECONDS:
            return
        self.playing.add(view.key)
        store = self.store()

        def play() -> None:
            try:
                table = TableGame(store, code, view.key)
                steps = table.computer_move()
                while True:
                    try:
                        next(steps)
                    except StopIteration as done:
                        decision = done.value
                        break
                if decision is not None:
                    table.play(decision.move, BY_COMPUTER)
            except Exception:
                pass   # another device played it meanwhile, or the table ended: nothing is lost
            finally:
                self.playing.discard(view.key)
        self.run(f"table {view.key}", play)

    def project(self, key: str | None) -> None:
        """Show one table large, for the class's screen (None: none)."""
        if self.projected is not None:
            self.projected.projector(False)
            self.stage.children = ()
            self.projected = None
        code = self.code()
        if key is None or code is None:
            if self.project_menu.value:
                self.project_menu.value = ""
            return
        table = TableGame(self.store(), code, key)
        board = Board(live=table, animate=0, keep=None, background=self.background)
        self.projected = board
        close = w.Button(description="Stop projecting", icon="times", layout=w.Layout(width="170px"),
                         style=shared.button_style())
        close.add_class("xlib-rounds-unproject")
        close.on_click(self._guard(lambda _: self.project(None)))
        self.stage.children = (close, board.widget)
        board.projector(True)   # its own Projector view button leaves the full screen; this one stops


def tables_html(views: list[TableView]) -> str:
    """The tables as an HTML table a class can read: name, game, who sits where (and who is away), moves, scores,
    whose turn."""
    if not views:
        return "<p>No table yet: seat the students who joined.</p>"
    rows = []
    for v in views:
        state = v.state
        names = state.players
        seats = []
        for s in v.seat_views:
            who = html.escape(s.name) if s.name else "<i>computer</i>"
            if s.name and s.away:
                who += " <span style='color:#B00020'>(away: the computer plays)</span>"
            seats.append(f"{html.escape(names[s.seat])}: {who}")
        scores = " – ".join(_score(x) for x in state.scores) if hasattr(state, "scores") else ""
        if v.info.status == FINISHED:
            turn = "game over"
        elif v.info.status == ENDED:
            turn = "ended"
        elif state.to_move is not None:
            s = v.seat_views[state.to_move]
            turn = (html.escape(s.name) if s.name and not s.away else "the computer") + f" ({names[state.to_move]})"
        else:
            turn = "–"
        rows.append(f"<tr><th>{html.escape(v.info.label)}</th><td>{html.escape(v.info.title)}</td>"
                    f"<td style='text-align:left'>{'<br>'.join(seats)}</td><td>{v.info.moves}</td>"
                    f"<td>{scores}</td><td>{turn}</td></tr>")
    return ("<div class='xlib-table'><table><thead><tr><th>Table</th><th>Game</th><th>Seats</th><th>Moves</th>"
            "<th>Scores</th><th>To move</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")


def _score(value: Any) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.1f}"
