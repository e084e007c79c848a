"""The Board: one live game on a canvas with its controls, the same for every game (its view draws it).

Driven only by the xlib API: a click asks the game's view what it means, the move is played
with State.play, an illegal click shows the explain() sentence above the board and outlines
what it names. While the computer moves or a move is animated, the work runs beside the
kernel's message loop (on a thread, or in a browser as an asyncio task that pauses between
animation frames and slices of the search), so clicks that arrive meanwhile are answered
("Green is thinking…") and dropped, never played later. Controls: undo, redo, a history
slider with what-if lines, a box to type moves, seats (a person or a computer level), new-game
options in plain words, the move log, save and load, and a text description of the position
for screen readers.
"""
from __future__ import annotations

import asyncio
import functools
import html
import json
import random
import re
import threading
import time
import traceback
from typing import Any, Callable, Generator

import ipywidgets as w

from .. import registry, runtime, threads
from ..core import Move, State
from ..errors import XlibError
from ..live import BY_COMPUTER, CLASSMATE, HERE, PERSON, Change, LiveGame, LocalGame, MoveRefused
from ..records import replay
from . import canvas as canvases
from . import keys
from .access import page_access, reduced_motion
from .files import MAX_RECORD_BYTES, read_upload, save_link
from .keeper import Keeper, offered_games, other_game_buttons
from .layout import TALLER_ROWS, build
from .progress import page_progress
from .result import result_detail, result_title
from .options import OptionFields
from .seats import SeatPanel
from .view import Choice, Overlay, View

#: a job of the board (animations, computer moves): it yields the pauses it asks for, in seconds
Steps = Generator[float, None, None]
MAX_COMPLETIONS = 400
SHARPNESS = 1.5        # canvas pixels per screen pixel at the board's largest size: crisp on projectors too
MAX_BITMAP = 1400      # the canvas's longer side in pixels at most (memory and drawing time)
MIN_SIDE = 280         # the smallest a board is drawn, in screen pixels (a phone held upright)
#: screen height kept free for what stands above and below a board (status and message lines, tutorial text)
HEIGHT_RESERVE = {"full": 128, "compact": 258, "none": 220}
READABLE = 0.8         # screen pixels per view unit a lesson board keeps at least: 15-unit coordinates read at 12 px


def run_through(steps: Steps) -> None:
    """Run a job to its end where it stands, sleeping through the pauses it asks for (animation frames)."""
    for pause in steps:
        if pause > 0:
            time.sleep(pause)


def view_for(game: str | State, **options: Any) -> View:
    """The view that draws a game: by name (with options) or for the game of a state."""
    if isinstance(game, State):
        name, options = game.game.name, dict(game.game.options)
    else:
        name = game
    cls = registry.view_class(name)
    view: View = cls(**options)
    return view


#: the lines the move list shows at once (it scrolls for more): few enough that the buttons under it (Save,
#: Projector view) stay on a 1366×768 screen from the first move to the last
LOG_LINES = 5


def message_size(text: str, width: float = 440, lines: int = 3) -> float:
    """The font size (px) at which `text` fits the message box (`lines` lines of 14 px high, 64 px for three;
    `width` px wide): 14 px while it fits, a little smaller for a longer sentence, never below 12 px (a longer
    one scrolls in its box, which the keys scroll too), so a student can still read it."""
    plain = len(re.sub(r"<[^>]+>", "", text).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    for size, room in ((14.0, lines), (13.0, lines)):
        if plain <= room * width / (size * 0.5):
            return size
    return 12.0


def ago(seconds: Any) -> str:
    """'just now', '2 minutes ago', 'an hour ago', '3 days ago'."""
    s = int(seconds) if isinstance(seconds, (int, float)) else 0
    for size, one, many in ((86400, "a day", "days"), (3600, "an hour", "hours"), (60, "a minute", "minutes")):
        if s >= size:
            n = s // size
            return f"{one} ago" if n == 1 else f"{n} {many} ago"
    return "just now"


def in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Board:
    """A live board for one game: `Board("alea", size=8, seats={1: "computer"})`; display it as a cell's last line.

    The board is a view of a live game (`game`, an xlib.live.LiveGame: the position, the seats, whose turn):
    a click, a computer seat's move and a classmate's move reach the game by `LiveGame.play`, and the board
    shows each change it is told. `seats` maps a seat index to "person", "computer" (the game's default level)
    or a computer player's name; `names` gives seats a student's name. `size` is the largest side of the
    board on screen, in pixels. `background` runs computer moves and animations beside the
    kernel's message loop (the default inside a notebook and in a browser; tests drive the board directly):
    on a thread, or where threads cannot start, as an asyncio task on the page's event loop."""

    # the widget tree, built by `layout.build`; a control is None where a kind of board does not show it
    controls: bool | str
    widget: w.VBox
    main: w.VBox
    status: w.HTML
    message: w.HTML
    choice_box: w.HBox
    live: w.HTML
    options_box: w.VBox
    seat_panel: SeatPanel | None
    undo_button: w.Button | None
    redo_button: w.Button | None
    entry: w.Combobox | None
    log: w.HTML | None
    new_button: w.Button | None
    slider: w.IntSlider | None
    explore_button: w.Button | None
    back_button: w.Button | None
    line_menu: w.Dropdown | None
    save_link: w.HTML | None
    upload: w.FileUpload | None
    projector_button: w.ToggleButton | None
    zoom_button: w.ToggleButton | None
    text_board: w.HTML | None
    side: w.VBox | None   # the column of controls beside a full board (a panel may add itself there)

    def __init__(self, game: str | None = None, *, state: State | None = None, seed: int | None = None,
                 seats: dict[int, str] | None = None, names: dict[int, str] | None = None,
                 animate: float = 0.15, controls: bool | str = True, view: View | None = None,
                 pixels: int = 900, background: bool | None = None, keep: str | None = "game",
                 live: LiveGame | None = None, **options: Any) -> None:
        if state is None and game is None and live is None:
            raise XlibError("a Board needs a game, one of " + ", ".join(registry.game_names()) + ", or a state")
        self.errors = w.Output(layout=w.Layout(border="0px"))
        if live is None:
            seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
            if state is None:
                assert game is not None
                state = registry.game(game, **options).start(seed=seed)
            live = LocalGame(state, seats, names, seed)
        #: the game shown: the live game itself (line 0), or a what-if line beside it
        self.game: LiveGame = live
        self.lines: list[LiveGame] = [live]   # the game (0) and what-if lines beside it
        live.listeners.append(functools.partial(self._heard, live))
        self.game_name = self.state.game.name
        self.view = view or view_for(self.state)
        self.pixels = pixels
        self.animate = animate
        # in a browser (Pyodide) too: a click handler that ran a whole computer turn would hold the page
        self.background = (in_kernel() or runtime.on_site()) if background is None else background
        self.selection: Any = None
        self.marks: tuple[Any, ...] = ()
        self.browsing: int | None = None  # a history index shown by the slider, None while live
        self.line = 0
        self.branch_points: list[int] = [0]
        self.listeners: list[Callable[[State], None]] = []
        self.new_game_listeners: list[Callable[["Board"], None]] = []
        self.refused_listeners: list[Callable[[str], None]] = []   # told the sentence of every refused move
        #: panels beside the board that take a person's decision there (the XAllies aiming game takes the shots):
        #: each gives, for a position, the sentence that says where to make it, or None
        self.decided_beside: list[Callable[[State], str | None]] = []
        #: told the position after a person's move, and what the board said it made happen
        self.played_listeners: list[Callable[[State, str], None]] = []
        self.paint_count = 0
        self.locked: str | None = None  # when set, clicks show this sentence instead of playing
        self.busy: str | None = None    # while set, the computer moves or a move is animated
        self._busy_lock = threading.Lock()   # a turn starts only while no other runs (kernel and turn threads)
        self._worker: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None   # the job beside the page where threads cannot start
        self._jobs = 0                                  # how many such jobs have started
        self._after: list[Callable[[], None]] = []      # what waits for that job to end
        self._stop = False
        self.ignored_clicks = 0
        self.news: list[str] = []
        self._confirm_new: State | None = None   # the position at which New game was pressed once
        self._quiet = True                         # nothing said: the message box shows the last move
        self._busy_said = False                    # the message box says only that the board is busy
        self.floor: State | None = None            # Undo goes back no further (an exercise's given history)
        self.message_lines = 3                     # lines of 14 px the message box holds (an exercise's holds more)
        self.news_marks: tuple[Any, ...] = ()

        self.controls = controls
        self._option_fields: OptionFields | None = None
        self._seed_box: w.Text | None = None
        self.canvas = canvases.make_canvas()
        self.fit_canvas()
        # a tap plays like a click; a click the page made while the board was busy is answered, never played
        canvases.on_click(self.canvas, self.guard(self._on_canvas_click), self.guard(self._on_busy_click))
        canvases.repaint_when_ready(self.canvas, self.guard(self.repaint))
        self.key_cursor = keys.KeyCursor()
        canvases.on_key(self.canvas, self.guard(keys.on_key(self)))   # the board played by keyboard
        build(self, controls)
        # where the keyboard's cursor stands, said to a screen reader; the page set up for keyboards once
        self.key_live = w.HTML(layout=w.Layout(height="1px", width="1px", overflow="hidden"))
        self.key_live.add_class("xlib-key-live")
        access = page_access()
        self.widget.children = (*self.widget.children, self.key_live, access)
        access.observe(self.guard(self._on_motion), names="reduced_motion")
        self._on_motion({"new": access.reduced_motion})
        # a full board keeps its game on the student's device: a reload or a lost kernel offers it back
        self.keeper: Keeper | None = None
        self._offer: dict[str, Any] | None = None
        self._others: list[dict[str, Any]] = []   # older games kept on the device (other tabs'), offered too
        self._kept = ""
        #: the id of the board's place on the page, for links down to it (a full board that keeps its game)
        self.anchor = ""
        if controls is True and keep:
            self.keeper = Keeper(f"xlib-{keep}:{self.game_name}")
            self.keeper.observe(self.guard(self._on_kept), names="loaded")
            self.anchor = f"xlib-{keep}-{self.game_name}"
            place = w.HTML(f"<a id='{self.anchor}'></a>", layout=w.Layout(height="0px"))
            self.widget.children = (place, *self.widget.children, self.keeper)
        self.refresh()

    # ---- the live game shown ------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position of the game shown (the live game, or the what-if line being tried)."""
        return self.game.state

    @state.setter
    def state(self, state: State) -> None:
        self.game.state = state

    @property
    def seats(self) -> dict[int, str]:
        """Who plays each seat: "person" or a computer player's name (a seat not listed is a person's)."""
        return self.game.seats

    @seats.setter
    def seats(self, seats: dict[int, str]) -> None:
        self.game.seats = seats

    @property
    def names(self) -> dict[int, str]:
        """The names of those who hold the seats."""
        return self.game.names

    @names.setter
    def names(self, names: dict[int, str]) -> None:
        self.game.names = names

    @property
    def seed(self) -> int:
        """The game number: the same number gives the same game again."""
        return self.game.seed

    @property
    def redo_stack(self) -> list[State]:
        """The positions Redo plays again (none where moves are not taken back)."""
        return self.game.redo_stack if isinstance(self.game, LocalGame) else []

    @redo_stack.setter
    def redo_stack(self, stack: list[State]) -> None:
        if isinstance(self.game, LocalGame):
            self.game.redo_stack = stack

    @property
    def floor(self) -> State | None:
        """Undo goes back no further than this position (an exercise's given history)."""
        return self.game.floor if isinstance(self.game, LocalGame) else None

    @floor.setter
    def floor(self, state: State | None) -> None:
        if isinstance(self.game, LocalGame):
            self.game.floor = state

    @property
    def seat_widgets(self) -> list[w.Dropdown]:
        """The seat menus of the Players panel (none on a board without it)."""
        return self.seat_panel.menus if self.seat_panel is not None else []

    @property
    def name_widgets(self) -> list[w.Text]:
        """The name boxes of the Players panel (none on a board without it)."""
        return self.seat_panel.name_boxes if self.seat_panel is not None else []

    @property
    def _agents(self) -> dict[int, Any]:
        """The computer players of the game shown, by seat."""
        return self.game.agents

    def _heard(self, game: LiveGame, change: Change) -> None:
        """A change of a live game this board shows: a move (from this board, a computer seat or another
        device) is shown with what it made happen; seats changed are shown and a computer seat to move plays."""
        if game is not self.game:   # a line not shown (the game, while a what-if line is tried)
            if change.kind == "played" and change.source != HERE and game is self.lines[0] and self.busy is None:
                self.say(f"{self._elsewhere(change)} <b>Back to the game</b> shows the game as it stands.")
            return
        if change.kind == "played":
            if change.source not in (HERE, BY_COMPUTER):
                self.news, self.news_marks = [], ()   # a move from elsewhere: what it made happen, said alone
            self.selection = None
            if self.browsing is None or change.source == HERE:
                self.browsing = None
            text, marks = self.view.news(change.before, change.after)
            if text:
                self.news.append(text)
            if marks:   # a view may outline what a move did without a word about it
                self.news_marks = self.news_marks + tuple(marks)
                self.marks = self.news_marks
            self.refresh()
            if change.source not in (HERE, BY_COMPUTER) and self.busy is None:
                self._tell_news(self._elsewhere(change))
                if self.game.computer_to_move():
                    self.computer_turns()
        elif change.kind == "seats":
            if self.seat_panel is not None:
                self.seat_panel.show(self.game, change.seat)
            self.refresh()
            if self.busy is None:
                self.computer_turns()
        elif change.kind == "names":
            self.status.value = f"<b>{self._status_line(self.shown_state)}</b>"
        elif change.source != HERE:   # the position was replaced elsewhere (a class table read anew)
            self.selection, self.browsing, self.marks = None, None, ()
            self.refresh()
            if self.busy is None and self.game.computer_to_move():
                self.computer_turns()

    def _elsewhere(self, change: Change) -> str:
        """A move another device stored, in words: who played it, and its notation."""
        move = change.after.last_move
        who = self.who(change.seat) if change.seat is not None else "A player"
        return f"{who} played <code>{html.escape(str(move))}</code>." if move is not None else ""

    def use(self, live: LiveGame) -> None:
        """Show `live` instead of the game shown (a class table this device sits at, or a game of its own again):
        its position, seats and history; what-if lines of the game before are left behind."""
        self._halt()
        for game in self.lines:
            game.listeners[:] = [f for f in game.listeners if getattr(f, "func", None) != self._heard]
        old_options = self.state.game.options
        self.lines = [live]
        self.game, self.line, self.branch_points = live, 0, [0]
        live.listeners.append(functools.partial(self._heard, live))
        self.game_name = live.name
        if live.state.game.options != old_options:
            self.view = view_for(live.state)
            self.fit_canvas()
        self.selection, self.browsing, self.marks = None, None, ()
        self._confirm_new = None
        self._update_line_menu()
        if self.seat_panel is not None:
            self.seat_panel.build(live, self.view)
        if self.option_fields is not None and live.owns_game:
            self.option_fields.set(dict(live.state.game.options))
        self.say("")
        self.refresh()
        if not live.state.over and live.computer_to_move():
            self.computer_turns()

    # ---- errors never vanish ---------------------------------------------------------------
    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception:  # shown on the page: Voila hides callback errors otherwise
                self._report()
        return wrapped

    def _report(self) -> None:
        self.errors.append_stdout("Something went wrong; please report this message:\n" + traceback.format_exc())

    # ---- the widget tree -------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """Canvas pixels per view unit: the canvas is drawn sharp at its largest size on screen (`pixels`, and
        half as much again for high-density screens and projectors); the page scales it down to fit."""
        return min(SHARPNESS * self.pixels, MAX_BITMAP) / max(self.view.width, self.view.height)

    def fit_canvas(self) -> None:
        """Size the canvas to fill its column: as wide as the column allows, as tall as the screen leaves below
        the status and message lines, never larger than `pixels`; clicks follow the size drawn."""
        z = self.zoom
        self.canvas.width, self.canvas.height = int(round(self.view.width * z)), int(round(self.view.height * z))
        reserve = HEIGHT_RESERVE["full" if self.controls is True else "compact" if self.controls else "none"]
        # a lesson board on a small screen (a laptop at 125 %) is never drawn so small that its coordinates are
        # under 12 px: where the screen is short of that, the page scrolls the little that its text above takes
        floor = f"{MIN_SIDE}px" if self.controls is True else \
            f"min({round(self.view.height * READABLE)}px, calc(100vh - {HEIGHT_RESERVE['full']}px))"
        self.canvas.layout = w.Layout(width="auto", height="auto", max_width=f"min(100%, {self.pixels}px)",
                                      max_height=f"max({MIN_SIDE}px, {floor}, calc(100vh - {reserve}px - "
                                                 f"var({TALLER_ROWS}, 0px)))",
                                      min_width=f"{MIN_SIDE}px", align_self="flex-start")

    @property
    def option_fields(self) -> OptionFields | None:
        """The new-game options in words (a full board's; built when first needed, not at load)."""
        if self._option_fields is None and self.controls is True:
            self._build_options()
        return self._option_fields

    @property
    def seed_box(self) -> w.Text | None:
        return self._seed_box if self.option_fields is not None else None

    def _build_options(self) -> None:
        g = self.state.game
        self._option_fields = OptionFields(g.option_specs, g.options, self.view)
        self._seed_box = w.Text(value="", placeholder="blank: a new game each time",
                                layout=w.Layout(width="290px"), style={"description_width": "0px"})
        self.options_box.children = (self._option_fields.widget,
                                     w.HTML("<span style='font-size:12px'>Game number (the same number "
                                            "gives the same game again)</span>"),
                                     self._seed_box)

    def projector(self, on: bool = True) -> None:
        """The projector view for the class's screen: the board takes most of the screen, the status line and
        the last move in large type, and only Undo, Redo and New game beside it."""
        self._look("xlib-projector", on, self.projector_button)

    def zoom_in(self, on: bool = True) -> None:
        """Draw the board twice as large, scrolled inside its column: small pieces become readable."""
        self._look("xlib-zoomed", on, self.zoom_button)

    def _look(self, css_class: str, on: bool, button: w.ToggleButton | None) -> None:
        """Turn a way of showing the board on or off (a class the page's style reads), with its button."""
        if on:
            self.widget.add_class(css_class)
        else:
            self.widget.remove_class(css_class)
        if button is not None and button.value != on:
            button.value = on

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _on_motion(self, change: dict[str, Any]) -> None:
        """The page asked for reduced motion (or no longer does): moves are then played without animation, and
        the board says so to the page (the class xlib-still)."""
        if change["new"]:
            self.widget.add_class("xlib-still")
        else:
            self.widget.remove_class("xlib-still")

    # ---- words ---------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """A seat in words, as HTML: the student's name with the colour, or the colour alone."""
        return self.game.who(seat, self.view.player_name(self.state, seat))

    def say(self, text: str, kind: str = "info") -> None:
        """Show a sentence in the message box above the board; a long one in smaller type, so it fits whole."""
        colour = {"info": "#222222", "illegal": "#B00020", "busy": "#6A4C00", "good": "#00603C"}[kind]
        icon = {"illegal": "✗ "}.get(kind, "")
        size = message_size(text, 480, self.message_lines)
        self._quiet = not text
        self._busy_said = False
        self.message.value = (f'<div style="color:{colour};line-height:1.3;font-size:{size}px">{icon}{text}</div>'
                              if text else self._last_move_line())

    def _last_move_line(self) -> str:
        """What the message box shows when there is nothing to say: the last move, in grey."""
        entries = self.view.log(self.shown_state) if hasattr(self, "view") else []
        if not entries:
            return ""
        move, words = entries[-1]
        return (f"<div style='color:#555555;line-height:1.3;font-size:13px'>Last move: <code>{html.escape(move)}"
                f"</code> {html.escape(words)}</div>")

    # ---- drawing ---------------------------------------------------------------------------
    @property
    def shown_state(self) -> State:
        return self.state.history()[self.browsing] if self.browsing is not None else self.state

    def repaint(self, frame: Any = None) -> None:
        overlay = Overlay(selection=None if self.browsing is not None else self.selection, marks=self.marks,
                          frame=frame, interactive=self.browsing is None and self.busy is None and not self.locked
                          and self._person_to_move(), cursor=None if frame is not None else keys.cursor_target(self))
        with canvases.hold(self.canvas):
            self.canvas.clear()
            self.canvas.save()
            z = self.zoom   # set, never multiplied: a transform left over from any earlier paint cannot grow it
            self.canvas.set_transform(z, 0, 0, z, 0, 0)
            self.view.draw(self.canvas, self.shown_state, overlay)   # the result is said beside it
            if overlay.cursor is not None:
                self.view.draw_cursor(self.canvas, overlay.cursor)
            self.canvas.restore()
        self.paint_count += 1

    def refresh(self) -> None:
        """Bring every control in line with the state, then repaint."""
        idle = self.busy is None
        if self._quiet:
            self.message.value = self._last_move_line()
        shown = self.shown_state
        self.status.value = f"<b>{self._status_line(shown)}</b>"
        playable = idle and self.browsing is None and self._person_to_move() and not self.locked \
            and self._beside(shown) is None
        if self._offer is not None and idle:   # the offer, and beside it what the board on the page offers
            self.choice_box.children = self._offer_buttons() + (tuple(
                self._choice_button(c) for c in self.view.choices(shown, self.selection)) if playable else ())
        elif playable:
            self.choice_box.children = tuple(self._choice_button(c) for c in self.view.choices(shown, self.selection))
        elif idle and self.controls is True and self.browsing is None and shown.over:
            self.choice_box.children = self._result_panel(shown)
        else:
            self.choice_box.children = ()
        if self.undo_button is not None and self.redo_button is not None:
            # while a lesson shows a scene or an answer (locked), Undo and Redo would do nothing: they look so
            self.undo_button.disabled = not idle or not self._undoable() or bool(self.locked)
            self.redo_button.disabled = not idle or not self.redo_stack or bool(self.locked)
        if self.log is not None:
            entries = self.view.log(shown)
            # one line per move, never wrapped (a long phrase ends in "…", whole in its tooltip and in what a
            # screen reader hears), so the list shows whole lines only
            lines = "".join(f"<div title='{html.escape(f'{i + 1}. {m} {p}'.strip(), quote=True)}' "
                            f"style='white-space:nowrap;overflow:hidden;text-overflow:ellipsis'>{i + 1}. "
                            f"<code>{html.escape(m)}</code>" + (f" {html.escape(p)}" if p else "") + "</div>"
                            for i, (m, p) in enumerate(entries)) or "<i>no moves yet</i>"
            # newest at the foot, and the list starts scrolled there: a reversed column keeps its end in view; it
            # holds LOG_LINES whole lines of 19 px, and is that high from the start, so nothing under it moves as
            # it fills; its lines stand at the top under the heading until they fill it (the free room goes below)
            flow = "display:flex;flex-direction:column-reverse;" if entries else ""
            self.log.value = (f"<div class='xlib-log-list' style='{flow}height:{LOG_LINES * 19}px;line-height:19px;"
                              f"overflow-y:auto'><div style='margin-bottom:auto'>{lines}</div></div>")
        if self.entry is not None:
            self.entry.disabled = not playable
            self.entry.options = tuple(str(m) for m in shown.moves()[:MAX_COMPLETIONS]) if playable else ()
        description = html.escape(self.view.describe(shown))
        if self.controls is True:
            self._refresh_full(idle, description)
        last = f"{html.escape(str(shown.last_move))} was played. " if shown.last_move is not None else ""
        # the position in words, in step with the board (read on demand: the moves are said in key_live)
        self.live.value = (f"<div class='xlib-ply' data-ply='{shown.ply}'>{last}{html.escape(self._status_line(shown))}"
                           f"<pre>{description}</pre></div>")
        self._say_moves(shown)
        self.repaint()
        self._keep()
        for listener in self.listeners:
            listener(self.state)

    def _say_moves(self, shown: State) -> None:
        """Say each new move in the move list's words (the student's and the computer's), in the board's live
        region; a move taken back, or a position looked back at, is said by the message box instead."""
        entries = self.view.log(shown)
        told: list[tuple[str, str]] = getattr(self, "_told", entries)
        # the first entry not yet said as it stands: a new move, or a turn in progress now complete
        first = next((i for i, (a, b) in enumerate(zip(entries, told)) if a != b), min(len(entries), len(told)))
        forward = shown.ply > getattr(self, "_told_ply", shown.ply)
        if self.browsing is None and forward and first < len(entries):
            new = [f"Move {i + 1}: {m}" + (f", {p}" if p else "") for i, (m, p) in enumerate(entries)][first:][-3:]
            self.key_live.value = f"<span>{html.escape('. '.join(new))}.</span>"
        self._told, self._told_ply = entries, shown.ply

    # ---- kept on the device ------------------------------------------------------------------
    def kept_value(self) -> dict[str, Any]:
        """The game as the device keeps it: its record, who sits where, the students' names."""
        return {"game": self.game_name, "title": self.state.game.title, "record": self.state.record(),
                "moves": self.moves_listed(self.state), "seats": {str(p): s for p, s in self.seats.items()},
                "names": {str(p): n for p, n in self.names.items() if n.strip()}}

    def moves_listed(self, state: State) -> int:
        """How many moves the move list shows for `state` (a turn of several decisions is one move there):
        every count the board says agrees with the list the student sees."""
        return len(self.view.log(state))

    def _keep(self) -> None:
        """Store the live game on the device whenever it changed (not before the device said what it had, and
        not while it offers that game back)."""
        if self.keeper is None or not self.keeper.loaded or (self._offer is not None and not self.state.ply) \
                or self.line \
                or not isinstance(self.game, LocalGame):   # a class table is kept in the class database
            return
        value = self.kept_value()
        text = json.dumps(value, sort_keys=True)
        if text != self._kept:
            self._kept = text
            self.keeper.store(value)

    def _on_kept(self, change: dict[str, Any]) -> None:
        """The page has opened: offer back the game this device kept, when it is not the one on the board."""
        if not change["new"] or self.keeper is None:
            return
        offers = offered_games(self.keeper.read_all(), self.game_name, self.state.record(), self.moves_listed)
        if not offers:
            self._keep()
            return
        (saved, count), others = offers[0], offers[1:]   # the newest first: every game kept is offered
        self._offer, self._others = saved, [g for g, _ in others]
        title = html.escape(str(saved.get("title")))
        also = "".join(f" Another game is kept too ({n}, {ago(g.get('age', 0))})." for g, n in others)
        self.say(f"Continue your game? ({count}, {title}, {ago(saved.get('age', 0))}) It was kept on this device."
                 f"{also}", "good")
        self.refresh()
        progress = page_progress(self.game_name)   # where the app's page opens: said there too, with a way down
        if progress is not None:
            progress.offer_game(f"<b>Your game of {title} is waiting</b> on the board below: {count}, kept on this "
                                f"device {ago(saved.get('age', 0))}.", self.anchor,
                                self.guard(lambda: self.continue_kept(True)))

    def _offer_buttons(self) -> tuple[Any, ...]:
        yes = w.Button(description="Continue your game", icon="play", button_style="success",
                       layout=w.Layout(width="auto", min_width="150px"))
        no = w.Button(description="New game", icon="plus", layout=w.Layout(width="auto", min_width="110px"))
        yes.add_class("xlib-continue")
        yes.on_click(self.guard(lambda _: self.continue_kept(True)))
        no.on_click(self.guard(lambda _: self.continue_kept(False)))
        return (yes, no, *other_game_buttons(self._others, self.guard(self.continue_kept)))

    def continue_kept(self, yes: bool = True, other: int | None = None) -> None:
        """Take the kept game back (its moves, seats and names), or another game kept (`other`), or leave them for
        the game on the board (they stay kept)."""
        saved, self._offer = self._offer if other is None else self._others[other], None
        self._others = []
        progress = page_progress(self.game_name)
        if progress is not None:
            progress.game_taken()
        if yes and saved is not None:
            state = replay(saved["record"])
            self._set_state(state)
            self.game.seats = {int(p): s for p, s in dict(saved.get("seats", {})).items()
                               if int(p) < len(state.players)}
            self.game.names = {int(p): str(n)[:40] for p, n in dict(saved.get("names", {})).items()}
            if self.option_fields is not None:
                self.option_fields.set(dict(state.game.options))
            if self.seat_panel is not None:
                self.seat_panel.build(self.game, self.view)
            self.say(f"Welcome back: your game goes on from move {self.moves_listed(state)}.", "good")
        else:
            self.say("")
        self.refresh()
        if yes and saved is not None and not self.state.over and not self._person_to_move():
            self.computer_turns()

    def _refresh_full(self, idle: bool, description: str) -> None:
        """The full set of controls: history, what-if lines, new game, saving, the position as text."""
        assert self.slider is not None and self.new_button is not None and self.explore_button is not None
        assert self.back_button is not None and self.line_menu is not None and self.save_link is not None
        assert self.text_board is not None
        last = len(self.state.history()) - 1
        self.slider.unobserve_all("value")
        self.slider.max = last
        self.slider.value = last if self.browsing is None else self.browsing
        self.slider.observe(self.guard(self.on_slider), names="value")
        self.new_button.disabled = not idle or not self.game.owns_game
        self.new_button.tooltip = ("start a new game with the options under 'Options for a new game'" if
                                   self.game.owns_game else "at a class table, the teacher starts the next round")
        if self.upload is not None:
            self.upload.disabled = not self.game.owns_game
        asking = self._confirm_new is self.state
        self.new_button.description = "Yes, new game" if asking else "New game"
        self.new_button.button_style = "warning" if asking else "success" if self.state.over else ""
        self.explore_button.disabled = not idle or self.browsing is None
        self.back_button.disabled = not idle or self.line == 0
        self.line_menu.layout.display = None if len(self.lines) > 1 else "none"
        self.save_link.value = save_link(self.state)
        self.text_board.value = f"<pre style='font-size:12px;line-height:1.25'>{description}</pre>"

    def _status_line(self, shown: State) -> str:
        text = self.view.status(shown)
        p = shown.to_move
        if not self.game.owns_game and p is not None and not shown.over and self.browsing is None:
            text = f"{self._turn_words(p)} {text}"
        elif not shown.over and p is not None and self.game.name_of(p):
            text = f"{self.who(p)}: {text}"
        if self.line:
            text = f"What-if line {self.line}. {text}"
        if self.browsing is not None:
            text = f"Looking back at move {self.browsing}. {text}"
        return text

    def _turn_words(self, p: int) -> str:
        """Whose turn it is at a class table, by name: yours, a classmate's, or the computer's."""
        seat = self.game.seat(p)
        if seat == PERSON:
            return f"Your turn, {self.who(p)}:"
        if seat == CLASSMATE:
            return f"{self.who(p)} is choosing…"
        if self.game.name_of(p):
            return f"{self.who(p)} is away: the computer plays for them…"
        return f"The computer plays {self.who(p)}…"

    def _not_yours(self) -> str:
        """Why a click does not play now: whose turn it is."""
        p = self.state.to_move
        if p is not None and self.game.seat(p) == CLASSMATE:
            return f"It is {self.who(p)}'s turn: their move shows here as soon as it is played."
        return "It is the computer's turn."

    def _result_panel(self, shown: State) -> tuple[Any, ...]:
        """At the end of a game: the result in words, in the place the game's own buttons had, beside the board
        and over none of it. New game and Undo stay where they were all game (New game is lit)."""
        detail = html.escape(result_detail(self.view, shown))
        # compact enough that a two-line title and a two-line detail stay inside the fixed-height button row
        title = w.HTML(f"<div class='xlib-result' style='line-height:1.22;color:#00603C'><b style='font-size:16px'>"
                       f"{html.escape(result_title(self.view, shown))}</b><div style='font-size:12.5px;"
                       f"line-height:1.2;color:#222222'>{detail}</div></div>", layout=w.Layout(width="100%"))
        return (title,)

    def _choice_button(self, choice: Choice) -> w.Button:
        b = w.Button(description=choice.label, tooltip=choice.tooltip or choice.label,
                     layout=w.Layout(width="auto", min_width="60px"))
        b.on_click(self.guard(lambda _: self._take(choice)))
        return b

    def _beside(self, state: State) -> str | None:
        """Where a panel beside the board takes the person's decision in `state`, in a sentence; None when the
        board takes it."""
        return next((said for ask in self.decided_beside if (said := ask(state)) is not None), None)

    def _take(self, choice: Choice) -> None:
        if not self._may_act():
            return
        move = choice.move
        if callable(move):  # a rule for the next move, followed while it gives one
            rule = move
            mover = self.state.to_move
            steps: list[Move] = []
            s = self.state
            m = rule(s)
            while m is not None and s.to_move == mover and s.explain(m) is None:
                steps.append(s.parse(str(m)) if not isinstance(m, Move) else m)
                s = s.play(m)
                m = rule(s) if s.to_move == mover else None
            if steps:
                self._play_sequence(steps)
        else:
            self.play(move)

    def choose(self, label: str) -> None:
        """Press the choice button whose label starts with `label` (as a person would)."""
        for c in self.view.choices(self.state, self.selection):
            if c.label.startswith(label):
                self._take(c)
                return
        raise ValueError(f"no choice {label!r} now; choices: {[c.label for c in self.view.choices(self.state, self.selection)]}")

    # ---- actions (the Python handlers the tests drive) ---------------------------------------
    def _person_to_move(self) -> bool:
        return self.game.person_to_move()

    def _computer_to_move(self) -> bool:
        return self.game.computer_to_move()

    def _may_act(self) -> bool:
        """False (with a visible answer) while the computer moves or a move is shown: the input is dropped."""
        if self.busy is not None:
            self.ignored_clicks += 1
            self.say(f"{self.busy} Your click was not played: wait for the move to finish.", "busy")
            return False
        return True

    def _on_canvas_click(self, x: float, y: float) -> None:
        z = self.zoom
        self.click(x / z, y / z)

    def _on_busy_click(self) -> None:
        """A click the page made while the board was busy: answered, never played (even when it reaches the
        kernel only after the move it waited for)."""
        self.ignored_clicks += 1
        wait = f"{self.busy} " if self.busy is not None else "That click came while the board was busy. "
        self.say(f"{wait}Your click was not played: wait for the move to finish.", "busy")

    def click(self, x: float, y: float) -> None:
        """A click on the canvas at (x, y) in the view's coordinates."""
        if not self._may_act():
            return
        if self.locked:
            self.say(self.locked)
            return
        if self.browsing is not None:
            self.say("You are looking at an earlier position: press <b>Try a move here</b> to play from it, "
                     "or move the history slider to the end.")
            return
        if self.state.over:
            self.say("The game is over: start a new game, or undo.")
            return
        if not self._person_to_move():
            self.say(self._not_yours())
            return
        beside = self._beside(self.state)
        if beside is not None:
            self.say(beside)
            return
        result = self.view.click(self.state, x, y, self.selection)
        if result.move is not None:
            self.play(result.move)
            return
        self.selection = result.selection
        self.marks = result.marks
        illegal = result.illegal or bool(result.message and result.selection is None and result.marks)
        self.say(result.message or "", "illegal" if illegal else "info")
        self.refresh()
        if illegal:
            for listener in self.refused_listeners:
                listener(result.message or "")

    def play(self, move: Move | str) -> bool:
        """Play `move` for the person to move; an illegal one shows the rule that forbids it. Then the computer seats move."""
        if not self._may_act():
            return False
        reason = self.state.explain(move)
        if reason is not None:
            self.marks = self.view.marks_for(self.state, move)
            self.say(reason, "illegal")
            self.refresh()
            for listener in self.refused_listeners:
                listener(reason)
            return False
        if isinstance(move, str):
            self.view.typed(self.state, move)   # kept as typed (a Xero-G flight's route), as if clicked
        self._play_sequence([self.state.parse(move) if isinstance(move, str) else move])
        return True

    def type_move(self, text: str) -> bool:
        """A move typed in the game's notation (the keyboard's way to play)."""
        text = text.strip()
        if not text:
            return False
        if text != text.lower() and self.state.explain(text) is not None and self.state.explain(text.lower()) is None:
            text = text.lower()   # "C3" is c3: the notation is written in small letters, capitals are meant the same
        if self.busy is None and (self.browsing is not None or self.locked or self.state.over
                                  or not self._person_to_move()):
            self.click(-1e9, -1e9) if self.browsing is not None or self.locked else \
                self.say("The game is over: start a new game, or undo." if self.state.over
                         else self._not_yours())
            return False
        beside = self._beside(self.state) if self.busy is None else None
        if beside is not None:
            self.say(beside)
            return False
        return self.play(text)

    def play_line(self, moves: list[Move]) -> None:
        """Play several moves one after another, as one action (an answer shown, a turn of several decisions)."""
        if self._may_act() and moves:
            self._play_sequence(moves)

    def _play_sequence(self, moves: list[Move]) -> None:
        self.redo_stack.clear()
        self.marks = ()
        self.say("")

        def job() -> Steps:
            self.news, self.news_marks = [], ()
            for m in moves:
                if not (yield from self._advance(m)):
                    return
            told = " ".join(self.news[-3:])
            if self.news:
                self._tell_news()
            for listener in self.played_listeners:
                listener(self.state, told)
            yield from self._computer_loop()

        animated = (self.animate > 0 and bool(moves) and not reduced_motion()
                    and bool(self.view.frames(self.state, moves[0])))
        self._run(job, f"{self.who(self.state.to_move)} is moving…" if self.state.to_move is not None else "", animated)

    def _run(self, job: Callable[[], Steps], busy: str, animated: bool = False) -> None:
        """Run `job` (animations and computer moves): beside the kernel's message loop inside a notebook (on a
        thread, or where threads cannot start, as an asyncio task that pauses between frames and between slices
        of the computer's search), else at once. `job` yields the pauses it asks for, in seconds."""
        needs_time = animated or any(self.game.seat(p) != PERSON for p in range(len(self.state.players)))
        loop = None if threads.available() else threads.event_loop()
        if not self.background or not needs_time or (loop is None and not threads.available()):
            self._stop = False   # a job stopped before (`_halt`) does not stop this one
            run_through(job())
            return
        with self._busy_lock:
            if self.busy is not None:   # a turn started a moment ago on another thread: it plays on
                return
            self.busy = busy or "The board is busy."
        canvases.set_busy(self.canvas, True)
        self._stop = False
        self._say_busy()
        self.widget.add_class("xlib-busy")   # for the eye of a test: the board is working
        self.refresh()
        if loop is not None:
            self._jobs += 1
            self._task = loop.create_task(self._run_task(job(), self._jobs))
            return

        def target() -> None:
            try:
                run_through(job())
            except Exception:
                self._report()
            finally:
                self._finished()

        self._worker = threading.Thread(target=target, daemon=True)
        self._worker.start()

    async def _run_task(self, steps: Steps, number: int) -> None:
        """A job as an asyncio task: each pause lets the page's messages in (a click is answered, not played)."""
        try:
            for pause in steps:
                await asyncio.sleep(pause)
            await asyncio.sleep(0)   # clicks that came during the last step are answered while still busy
        except asyncio.CancelledError:
            steps.close()
            raise
        except Exception:
            self._report()
        finally:
            if self._jobs == number and self._task is not None:   # still the board's job: not stopped by `_halt`
                self._task = None
                self._finished()

    def _finished(self) -> None:
        """The job under way is done: the board is free, and what waited for it runs."""
        if self._busy_said:
            self.say("")   # nothing more to say than that the move is done (a dropped click's answer stays)
        with self._busy_lock:
            self.busy = None
        canvases.set_busy(self.canvas, False)
        self.widget.remove_class("xlib-busy")
        try:
            self.refresh()
            if not self._stop and self._computer_to_move():
                self.computer_turns()   # a seat handed to the computer as this turn ended: it plays now
        except Exception:
            self._report()
        if self._task is None:
            waiting, self._after = self._after, []
            for fn in waiting:
                self.guard(fn)()

    def wait(self, timeout: float = 60.0) -> None:
        """Wait until the computer's moves and animations on a thread have finished (a task beside the page
        cannot be waited for: `after` runs what must follow it)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def after(self, fn: Callable[[], None]) -> None:
        """Call `fn` once the moves and animations under way have finished: at once when there are none, when
        the task beside the page ends where threads cannot start."""
        if self._task is not None:
            self._after.append(fn)
            return
        self.wait()
        fn()

    def _halt(self) -> None:
        """Stop the moves and animations under way (a new position is shown): the board is free at once."""
        self._stop = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            self._after.clear()
            self._finished()
        self.wait()

    def _advance(self, move: Move, source: str = HERE) -> Generator[float, None, bool]:
        """Show the move's animation, then play it in the live game (the board shows it when told); False when
        the game refused it (a class table that stored another move first)."""
        frames = self.view.frames(self.state, move) if self.animate and not reduced_motion() else []
        for frame in frames:
            self.repaint(frame)
            yield self.animate
        try:
            self.game.play(move, source)
        except MoveRefused as exc:   # the class table's database stored another move first, or none
            self.say(html.escape(str(exc)), "illegal")
            self.refresh()
            return False
        return True

    def _say_busy(self) -> None:
        """Say that the board is busy (what it does), to be unsaid when it is done unless something else is said."""
        assert self.busy is not None
        self.say(self.busy, "busy")
        self._busy_said = True

    def _tell_news(self, prefix: str = "") -> None:
        """Say what the last moves made happen, and outline where."""
        text = " ".join(self.news[-3:])
        self.say(f"{prefix} {text}".strip(), "good" if text else "info")
        self.marks = self.news_marks
        self.repaint()

    def _computer_loop(self, lead: str = "") -> Steps:
        # each computer's sentence on its latest turn, in the order they moved: with two computers, both are read;
        # a turn of several decisions keeps the sentence of its first, which tells the whole turn. `lead` is what
        # the board said before the computer moved (a game loaded): it stays in front of their sentences
        spoken: dict[int, str] = {}
        last: int | None = None
        game = self.game
        while not self._stop and game is self.game and game.computer_to_move():
            p = self.state.to_move
            assert p is not None
            if self.busy is not None:
                self.busy = f"{self.who(p)} is thinking…"
                self._say_busy()
            decision = yield from game.computer_move()
            if decision is None or self._stop or game is not self.game:
                return   # another device plays this seat's move (a class table), or the board moved on
            move = decision.move
            self.news, self.news_marks = [], ()
            if not (yield from self._advance(move, BY_COMPUTER)):   # the move lands at once; its words come after
                return
            said: str | None = decision.words()
            if said and p == last and p in spoken and not decision.thrown:
                said = None   # the same turn goes on: its first sentence stands
            if said:
                spoken.pop(p, None)
                spoken[p] = html.escape(said)
            last = p
            words = " ".join(([lead] if lead else []) + list(spoken.values()))
            if words and self.state.over:   # the banner says the result: the sentence need not repeat it
                self.say(words, "good")
            elif words:
                self._tell_news(words)
            elif self.background or self.news:
                self._tell_news(f"{lead} {self.who(p)} played <code>{html.escape(str(move))}</code>.".strip())

    def computer_turns(self, lead: str = "") -> None:
        """Let computer seats move until a person is to move or the game is over. With no computer to move (a new
        game a person starts) the board is not busy a moment: the first click after it is played. `lead`, what
        the board just said, stays in front of the computer's words (it may answer before the page shows it)."""
        if self._computer_to_move():
            self._run(functools.partial(self._computer_loop, lead), "The computer is thinking…")

    def undo(self) -> None:
        """Take back the last move (and the computer's replies, back to a person's move)."""
        if not self._may_act() or not self._undoable():
            return
        if self.locked:
            self.say(self.locked)
            return
        assert isinstance(self.game, LocalGame)
        before = self.game.undo()
        if before is None:   # the last move was chance's outcome (a shot): it stands
            self.say(self.game.standing())
            return
        self.selection, self.browsing, self.marks = None, None, ()
        moves = ", ".join(f"<code>{html.escape(m)}</code>" for m in self._moves_between(self.state, before))
        self.say(f"Took back {moves}.")
        self.refresh()

    def _undoable(self) -> bool:
        """Whether a move stands to be taken back: the live position has a parent and is not the floor (the
        position an exercise starts from, whose given history is not the student's to undo)."""
        return isinstance(self.game, LocalGame) and self.game.undoable()

    def redo(self) -> None:
        """Play the undone moves again, back to a person's move (the computer's replies too), then let the
        computer move if it is its turn."""
        if not self._may_act() or not self.redo_stack:
            return
        if self.locked:
            self.say(self.locked)
            return
        assert isinstance(self.game, LocalGame)
        before = self.game.redo()
        assert before is not None
        self.selection, self.browsing, self.marks = None, None, ()
        moves = ", ".join(f"<code>{html.escape(m)}</code>" for m in self._moves_between(before, self.state))
        self.say(f"Played again {moves}.")
        self.refresh()
        if not self.state.over and not self._person_to_move():
            self.computer_turns()

    def _moves_between(self, early: State, late: State) -> list[str]:
        """The moves from `early` to `late` as the move list writes them (a turn of several decisions is one)."""
        old, new = self.view.log(early), self.view.log(late)
        common = 0   # a turn in progress in `early` differs from the whole turn in `late`: it is said whole
        while common < min(len(old), len(new)) and old[common][0] == new[common][0]:
            common += 1
        return [m for m, _ in new[common:]]

    def show(self, index: int) -> None:
        """Show the position after `index` moves (the history slider); the last index is live."""
        last = len(self.state.history()) - 1
        self.browsing = None if index >= last else max(0, index)
        self.selection, self.marks = None, ()
        if self.browsing is not None:
            self.say(f"Move {self.browsing} of {last}. <b>Try a move here</b> plays another move from this position; "
                     f"the game stays as it was.")
        else:
            self.say("")
        self.refresh()

    # ---- what-if lines ---------------------------------------------------------------------------
    def explore(self) -> None:
        """Play on from the position shown by the history slider, in a what-if line beside the game."""
        if not self._may_act() or self.browsing is None:
            return
        start = self.browsing
        line = self.game.branch(self.state.history()[start])
        line.listeners.append(functools.partial(self._heard, line))
        self.lines.append(line)
        self.branch_points.append(start)
        self.line = len(self.lines) - 1
        self.game = line
        self.browsing, self.selection, self.marks = None, None, ()
        self._update_line_menu()
        if self.seat_panel is not None:
            self.seat_panel.build(line, self.view)
        self.say(f"What-if: you are trying other moves from move {start}. The game is kept: "
                 f"<b>Back to the game</b> returns to it.", "good")
        self.refresh()
        self.computer_turns()

    def back_to_game(self) -> None:
        """Return to the game as it was; the what-if line is kept in the Line menu."""
        self.switch_line(0)

    def switch_line(self, index: int) -> None:
        if index == self.line or not 0 <= index < len(self.lines) or not self._may_act():
            return
        self.line = index
        self.game = self.lines[index]
        self.browsing, self.selection, self.marks = None, None, ()
        self._update_line_menu()
        if self.seat_panel is not None:
            self.seat_panel.build(self.game, self.view)
        self.say("Back to the game." if index == 0 else f"What-if line {index}, from move {self.branch_points[index]}.")
        self.refresh()

    def _update_line_menu(self) -> None:
        if self.line_menu is None:
            return
        self.line_menu.unobserve_all("value")
        with self.line_menu.hold_sync():   # options and the line shown reach the page together
            self.line_menu.options = [("The game", 0)] + [
                (f"What-if line {i} (from move {self.branch_points[i]})", i) for i in range(1, len(self.lines))]
            self.line_menu.value = self.line
        self.line_menu.observe(self.guard(lambda ch: self.switch_line(ch["new"])), names="value")

    # ---- new games, positions and records ------------------------------------------------------
    def new_game_from_controls(self, confirmed: bool = False) -> None:
        """New game with the options and game number in the controls (a wrong value is named, not raised).

        A game in progress is not thrown away at one press: the first press asks, a second one starts."""
        if not self._may_act():
            return
        if not self.game.owns_game:
            self.say("At a class table the teacher starts the next round: your next table appears here.")
            return
        if self.option_fields is None or self.seed_box is None:
            return
        played = self.moves_listed(self.state)
        if not confirmed and played and not self.state.over and self._confirm_new is not self.state:
            self._confirm_new = self.state
            self.say(f"Start a new game? This game ({played} move{'s' if played != 1 else ''}) will be lost: press "
                     f"<b>Yes, new game</b> to start one, or <b>Save this game</b> first.", "busy")
            self.refresh()
            return
        options, problem = self.option_fields.read()
        if problem:
            self.say(problem, "illegal")
            return
        text = self.seed_box.value.strip()
        seed = None
        if text:
            if not text.isascii() or not text.isdigit():
                self.say(f"Game number: {html.escape(text)} is not allowed (a whole number such as 42, or blank "
                         f"for a new game).", "illegal")
                return
            seed = int(text)
        self.new_game(seed=seed, **options)

    def new_game(self, seed: int | None = None, **options: Any) -> None:
        """A new game with these options and a new game number unless one is given."""
        if not self._may_act():
            return
        try:
            game = registry.game(self.game_name, **options)
        except XlibError as exc:
            self.say(str(exc), "illegal")
            return
        seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
        self._set_state(game.start(seed=seed), seed)
        self.say(f"New game (number {self.seed}).")
        for listener in self.new_game_listeners:
            listener(self)
        self.refresh()
        self.computer_turns()

    def _set_state(self, state: State, seed: int | None = None) -> None:
        """Make `state` the position of the live game: a fresh history, no what-if lines, and a view anew where
        the game's options changed."""
        old_game = self.lines[0].state.game
        self.game = self.lines[0]
        del self.lines[1:]
        self.line, self.branch_points = 0, [0]
        self.selection, self.browsing, self.marks = None, None, ()
        if state.game.options != old_game.options:
            self.view = view_for(state)
            self.fit_canvas()
        self.game.replace(state, seed)
        self._update_line_menu()
        if self.seat_panel is not None and (len(self.seat_widgets) != len(state.players)
                                            or self.seat_panel.game is not self.game):
            self.seat_panel.build(self.game, self.view)

    def reset(self, state: State) -> None:
        """Show `state` as the live position (a tutorial step, or a position to study)."""
        self._halt()
        self._set_state(state)
        self.floor = None
        self.say("")
        self.refresh()

    def set_seat(self, player: int, who: str) -> None:
        """Seat a person ("person"), the default computer ("computer") or a computer player by name: the live
        game is told, and the board shows it (a computer seat to move then plays)."""
        self.game.set_seat(player, who)

    def load(self, record: dict[str, Any] | str) -> None:
        """Load a game record (a dict or JSON text); a corrupt record is explained, not raised."""
        if not self.game.owns_game:
            self.say("At a class table the game is the table's: a saved game can be loaded after you leave the "
                     "class.", "illegal")
            return
        if isinstance(record, str) and len(record) > MAX_RECORD_BYTES:
            self.say(f"This file is too large to be a game record ({len(record):,} characters).", "illegal")
            return
        try:
            state = replay(record)
        except XlibError as exc:
            text = str(exc)
            if "not valid JSON" in text or "not a JSON object" in text:   # the parser's own words help nobody
                text = "this file is not a game saved with Save this game (it is not a game record at all)"
            self.say(f"This game could not be loaded: {html.escape(text)}.", "illegal")
            return
        if state.game.name != self.game_name:
            self.say(f"This record is a game of {state.game.title}, not {self.state.game.title}.", "illegal")
            return
        self._set_state(state)
        if self.option_fields is not None:
            self.option_fields.set(dict(state.game.options))
        n = self.moves_listed(state)
        loaded = f"Loaded a game of {n} move{'s' if n != 1 else ''}."
        self.say(loaded, "good")
        self.refresh()
        if not self.state.over and not self._person_to_move():
            self.computer_turns(lead=loaded)

    # ---- the controls' callbacks (layout.build wires them) ------------------------------------
    def on_slider(self, change: dict[str, Any]) -> None:
        """The history slider moved: show that position (not while a move is under way)."""
        if self.busy is not None:
            return
        self.show(change["new"])

    def on_entry(self, change: dict[str, Any]) -> None:
        """A move typed in the Move box: played, and the box emptied; a refused one stays, to be corrected."""
        text = change["new"]
        if text and self.type_move(text) and self.entry is not None:
            self.entry.value = ""

    def on_upload(self, change: dict[str, Any]) -> None:
        """A file chosen with Load a game: loaded when it is a game record, else said why not."""
        files = change["new"]
        if not files:
            return
        text, problem = read_upload(files[0])
        if problem:
            self.say(problem, "illegal")
        else:
            self.load(text)
        if self.upload is not None:
            self.upload.unobserve_all("value")
            self.upload.value = ()
            self.upload.observe(self.guard(self.on_upload), names="value")
