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

The board is a composition of parts, each a module of its own that holds its widgets and its state: `shown` (the
game shown and what is marked on it), `picture` (the canvas), `words` (status, messages, move list, result),
`input` (clicks, choices, typed moves, keys), `turns` (animations and the computer's moves), `history` (undo,
redo, the slider and what-if lines), `seat_panel` (seats and names), `newgame` (New game and its options),
`files` (save and load), `modes` (projector and zoom), `keeping` (the game kept on the device). The board
builds them, hands each what it needs, lays them out (`layout.build`) and follows the live game.
"""
from __future__ import annotations

import functools
import html
import random
import traceback
from typing import Any, Callable

import ipywidgets as w

from .. import registry, runtime
from ..core import Move, State
from ..errors import XlibError
from ..live import BY_COMPUTER, HERE, Change, LiveGame, LocalGame
from ..records import replay
from . import canvas as canvases
from . import keys
from .access import page_access
from .clicks import Input
from .files import Files, read_record
from .forward import Forward
from .history import History
from .keeping import Keeping, ago
from .layout import Parts, build
from .modes import Modes
from .newgame import NewGame
from .picture import Picture
from .seats import SeatPanel
from .shown import Shown, view_for
from .turns import Steps, Turns, in_kernel
from .view import View
from .words import Words, message_size

#: what others read here: the board, and what its parts hold that lessons, panels and tests have always read here
__all__ = ["Board", "ago", "in_kernel", "message_size", "view_for"]


class Board:
    """A live board for one game: `Board("alea", size=8, seats={1: "computer"})`; display it as a cell's last line.

    The board is a view of a live game (`game`, an xlib.live.LiveGame: the position, the seats, whose turn):
    a click, a computer seat's move and a classmate's move reach the game by `LiveGame.play`, and the board
    shows each change it is told. `seats` maps a seat index to "person", "computer" (the game's default level)
    or a computer player's name; `names` gives seats a student's name. `size` is the largest side of the
    board on screen, in pixels. `background` runs computer moves and animations beside the
    kernel's message loop (the default inside a notebook and in a browser; tests drive the board directly):
    on a thread, or where threads cannot start, as an asyncio task on the page's event loop."""

    # what is shown: the game (or a what-if line), its view, and what is marked on it
    game = Forward("shown")
    view = Forward("shown")
    selection = Forward("shown")
    marks = Forward("shown")
    browsing = Forward("shown")
    line = Forward("shown")
    busy = Forward("shown")
    locked = Forward("shown")
    shown_state = Forward("shown")
    # the parts' widgets and what the board's users read of them (a control is None where a board has none)
    canvas, pixels, paint_count, zoom, fit_canvas = (Forward("picture") for _ in range(5))
    status, message, live, key_live, log, text_board, message_lines, news, news_marks = \
        (Forward("words") for _ in range(9))
    choice_box, entry, key_cursor, ignored_clicks, refused_listeners, decided_beside = \
        (Forward("input") for _ in range(6))
    click, play, type_move, play_line, choose = (Forward("input") for _ in range(5))
    _on_canvas_click = Forward("input", "on_canvas_click")
    undo_button, redo_button, slider, explore_button, back_button, line_menu, lines, branch_points = \
        (Forward("history") for _ in range(8))
    undo, redo, show, explore, back_to_game, switch_line, redo_stack = (Forward("history") for _ in range(7))
    animate, background, played_listeners, wait, after = (Forward("turns") for _ in range(5))
    _run = Forward("turns", "run")
    _halt = Forward("turns", "halt")
    projector_button, zoom_button, projector, zoom_in = (Forward("modes") for _ in range(4))
    new_button, options_box, option_fields, seed_box = (Forward("newgame") for _ in range(4))
    save_link, upload = (Forward("files") for _ in range(2))
    keeper, kept_value, continue_kept = (Forward("keeping") for _ in range(3))
    anchor = Forward("keeping", default="")
    _offer = Forward("keeping", "offer")

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
        self.controls = controls
        self.game_name = live.state.game.name
        self.listeners: list[Callable[[State], None]] = []
        self.new_game_listeners: list[Callable[["Board"], None]] = []
        self.keeping: Keeping | None = None
        full, guard, say = controls is True, self.guard, self.say
        #: the game shown: the live game itself (line 0), or a what-if line beside it
        self.shown = Shown(live, view or view_for(live.state))
        self.picture = Picture(self.shown, pixels, controls, cursor=lambda: keys.cursor_target(self.input))
        # the board's own refresh and repaint, looked up when called (a lesson or a test may wrap them)
        refresh, repaint = (lambda: self.refresh()), (lambda frame=None: self.repaint(frame))
        self.words = Words(self.shown, controls, repaint)
        # in a browser (Pyodide) too: a click handler that ran a whole computer turn would hold the page
        self.turns = Turns(self.shown, self.words, self.picture.canvas, animate=animate,
                           background=(in_kernel() or runtime.on_site()) if background is None else background,
                           refresh=refresh, repaint=repaint, mark=self._mark, report=self._report)
        self.turns.then = self.computer_turns
        self.input = Input(self.shown, self.words, controls, guard=guard, refresh=refresh,
                           repaint=repaint, play_moves=self._play_sequence, zoom=lambda: self.picture.zoom)
        self.history = History(self.shown, controls, guard=guard, say=say, refresh=refresh,
                               may_act=self.input.may_act, computer_turns=self.computer_turns, follow=self._follow,
                               lined=self._lined)
        self._follow(live)
        self.seat_panel = SeatPanel(guard) if full else None
        self.newgame = NewGame(self.shown, guard=guard, say=say, refresh=refresh, may_act=self.input.may_act,
                               start=lambda seed, options: self.new_game(seed, **options)) if full else None
        self.files = Files(guard=guard, say=say, load=self.load) if full else None
        self.modes = Modes(self._mark, guard, buttons=full)
        canvas = self.picture.canvas
        # a tap plays like a click; a click the page made while the board was busy is answered, never played
        canvases.on_click(canvas, guard(self.input.on_canvas_click), guard(self.input.on_busy_click))
        canvases.repaint_when_ready(canvas, guard(repaint))
        canvases.on_key(canvas, guard(keys.on_key(self.input)))   # the board played by keyboard
        if self.seat_panel is not None:
            self.seat_panel.build(live, self.view)
        tree = build(Parts(canvas, self.words, self.input, self.history, self.errors, self.seat_panel, self.newgame,
                           self.files, self.modes, lambda: self.option_fields), controls, guard)
        self.widget, self.main, self.side = tree.widget, tree.main, tree.side
        # where the keyboard's cursor stands, said to a screen reader; the page set up for keyboards once
        access = page_access()
        self.widget.children = (*self.widget.children, self.words.key_live, access)
        access.observe(guard(self.modes.on_motion), names="reduced_motion")
        self.modes.on_motion({"new": access.reduced_motion})
        # a full board keeps its game on the student's device: a reload or a lost kernel offers it back
        if full and keep:
            self.keeping = Keeping(f"xlib-{keep}:{self.game_name}", f"xlib-{keep}-{self.game_name}", self.shown,
                                   say=say, refresh=refresh, guard=guard, resume=self._resume)
            self.widget.children = (self.keeping.place, *self.widget.children, self.keeping.keeper)
        self.refresh()

    # ---- the live game shown ------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position of the game shown (the live game, or the what-if line being tried)."""
        return self.shown.state

    @state.setter
    def state(self, state: State) -> None:
        self.shown.game.state = state

    seats = Forward("game")     # who plays each seat: "person" or a computer player's name
    names = Forward("game")     # the names of those who hold the seats
    seed = Forward("game")      # the game number: the same number gives the same game again
    _agents = Forward("game", "agents")   # the computer players of the game shown, by seat

    floor = Forward("history")   # Undo goes back no further than this position (an exercise's given history)
    seat_widgets = Forward("seat_panel", "menus", default=())        # the Players panel's seat menus
    name_widgets = Forward("seat_panel", "name_boxes", default=())   # and its name boxes

    def _follow(self, game: LiveGame) -> None:
        game.listeners.append(functools.partial(self._heard, game))

    def _lined(self, game: LiveGame) -> None:
        """Another line of the game is shown (a what-if line, or the game again): its seats in the panel."""
        if self.seat_panel is not None:
            self.seat_panel.build(game, self.view)

    def _heard(self, game: LiveGame, change: Change) -> None:
        """A change of a live game this board shows: a move (from this board, a computer seat or another
        device) is shown with what it made happen; seats changed are shown and a computer seat to move plays."""
        shown, words = self.shown, self.words
        if game is not shown.game:   # a line not shown (the game, while a what-if line is tried)
            if change.kind == "played" and change.source != HERE and game is self.lines[0] and shown.busy is None:
                self.say(f"{words.elsewhere(change)} <b>Back to the game</b> shows the game as it stands.")
            return
        if change.kind == "played":
            shown.selection = None
            if change.source == HERE:
                shown.browsing = None
            words.heard(change, alone=change.source not in (HERE, BY_COMPUTER))   # from elsewhere: said alone
            self.refresh()
            if change.source not in (HERE, BY_COMPUTER) and shown.busy is None:
                words.tell_news(words.elsewhere(change))
                if shown.game.computer_to_move():
                    self.computer_turns()
        elif change.kind == "seats":   # the Players panel follows the seats itself
            self.refresh()
            if shown.busy is None:
                self.computer_turns()
        elif change.kind == "names":
            words.show_status()
        elif change.source != HERE:   # the position was replaced elsewhere (a class table read anew)
            shown.forget()
            self.refresh()
            if shown.busy is None and shown.game.computer_to_move():
                self.computer_turns()

    def use(self, live: LiveGame) -> None:
        """Show `live` instead of the game shown (a class table this device sits at, or a game of its own again):
        its position, seats and history; what-if lines of the game before are left behind."""
        self._halt()
        for game in self.lines:
            game.listeners[:] = [f for f in game.listeners if getattr(f, "func", None) != self._heard]
        old_options = self.state.game.options
        self.history.start(live)
        self._follow(live)
        self.game_name = live.name
        if live.state.game.options != old_options:
            self.shown.view = view_for(live.state)
            self.picture.fit_canvas()
        if self.newgame is not None:
            self.newgame.confirm_new = None
        self.history.update_line_menu()
        self._lined(live)
        if self.newgame is not None and live.owns_game:
            self.newgame.set(dict(live.state.game.options))
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
    def _mark(self, css_class: str, on: bool) -> None:
        """Put a class the page's style reads on the board's widget, or take it off."""
        if on:
            self.widget.add_class(css_class)
        else:
            self.widget.remove_class(css_class)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def who(self, seat: int) -> str:
        """A seat in words, as HTML: the student's name with the colour, or the colour alone."""
        return self.shown.who(seat)

    def mover(self, seat: int) -> str:
        """Who made the seat's move, as HTML: its student, or the computer for a student who is away ('The
        computer, playing for Chen (green),'), so that no move is credited to someone who did not make it."""
        return self.shown.mover(seat)

    def say(self, text: str, kind: str = "info") -> None:
        """Show a sentence in the message box above the board; a long one in smaller type, so it fits whole."""
        self.words.say(text, kind)

    def moves_listed(self, state: State) -> int:
        """How many moves the move list shows for `state` (a turn of several decisions is one move there)."""
        return self.shown.moves_listed(state)

    def repaint(self, frame: Any = None) -> None:
        self.picture.repaint(frame)

    def refresh(self) -> None:
        """Bring every control in line with the state, then repaint."""
        shown, words = self.shown, self.words
        idle = shown.busy is None
        words.show_quiet()
        words.show_status()
        state = shown.shown_state
        playable = self.input.playable(idle)
        if self.keeping is not None and self.keeping.offer is not None and idle:
            # the offer, and beside it what the board on the page offers (Xero-G's Quick row)
            self.input.show_choices(playable)
            self.choice_box.children = self.keeping.offer_buttons() + self.choice_box.children
        elif idle and not playable and self.controls is True and shown.browsing is None and state.over:
            self.choice_box.children = words.result_panel(state)
        else:
            self.input.show_choices(playable)
        self.history.show_buttons(idle)
        words.show_log(state)
        self.input.show_entry(playable)
        description = html.escape(shown.view.describe(state))
        if self.controls is True:
            assert self.newgame is not None and self.files is not None
            self.history.show_full(idle)
            self.newgame.show(idle)
            self.files.show(shown.state, shown.game.owns_game)
            words.show_text(description)
        words.show_live(state, description)
        self.repaint()
        if self.keeping is not None:
            self.keeping.keep()
        for listener in self.listeners:
            listener(self.state)

    # ---- moves and the computer's turns ----------------------------------------------------------
    def _person_to_move(self) -> bool:
        return self.shown.person_to_move()

    def _computer_loop(self, lead: str = "") -> Steps:
        return self.turns.loop(lead)

    def computer_turns(self, lead: str = "") -> None:
        """Let computer seats move until a person is to move or the game is over. With no computer to move (a new
        game a person starts) the board is not busy a moment: the first click after it is played. `lead`, what
        the board just said, stays in front of the computer's words (it may answer before the page shows it)."""
        self.turns.computer_turns(lead, self._computer_loop)

    def _play_sequence(self, moves: list[Move]) -> None:
        self.turns.play_moves(moves, self._computer_loop)

    # ---- new games, positions and records ------------------------------------------------------
    def new_game_from_controls(self, confirmed: bool = False) -> None:
        """New game with the options and game number in the controls (a wrong value is named, not raised).

        A game in progress is not thrown away at one press: the first press asks, a second one starts."""
        if self.newgame is not None:
            self.newgame.from_controls(confirmed)

    def new_game(self, seed: int | None = None, **options: Any) -> None:
        """A new game with these options and a new game number unless one is given."""
        if not self.input.may_act():
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
        self.history.start()
        if state.game.options != old_game.options:
            self.shown.view = view_for(state)
            self.picture.fit_canvas()
        self.game.replace(state, seed)
        self.history.update_line_menu()
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
        state, problem = read_record(record, self.game_name, self.state.game.title)
        if state is None:
            self.say(problem, "illegal")
            return
        self._set_state(state)
        if self.newgame is not None:
            self.newgame.set(dict(state.game.options))
        n = self.moves_listed(state)
        loaded = f"Loaded a game of {n} move{'s' if n != 1 else ''}."
        self.say(loaded, "good")
        self.refresh()
        if not self.state.over and not self._person_to_move():
            self.computer_turns(lead=loaded)

    def _resume(self, saved: dict[str, Any] | None) -> None:
        """Take a kept game back (its moves, seats and names), or, given None, leave the game on the board."""
        if saved is not None:
            state = replay(saved["record"])
            self._set_state(state)
            self.game.seats = {int(p): s for p, s in dict(saved.get("seats", {})).items()
                               if int(p) < len(state.players)}
            self.game.names = {int(p): str(n)[:40] for p, n in dict(saved.get("names", {})).items()}
            if self.newgame is not None:
                self.newgame.set(dict(state.game.options))
            self._lined(self.game)
            self.say(f"Welcome back: your game goes on from move {self.moves_listed(state)}.", "good")
        else:
            self.say("")
        self.refresh()
        if saved is not None and not self.state.over and not self._person_to_move():
            self.computer_turns()
