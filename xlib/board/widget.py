"""The interactive board every game's notebook reuses: a canvas and the shared controls.

Driven only by the xlib API: a click asks the game's view what it means, the move is played
with State.play, an illegal click shows the explain() sentence. Controls: new game with
options, undo, redo, a history slider, seats (person or computer), the move log, save and
load a record, a status line. Exceptions in callbacks show on the page, never vanish.
"""
from __future__ import annotations

import base64
import functools
import json
import time
import traceback
from typing import Any, Callable

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from .. import agents, registry
from ..core import Move, State
from ..errors import XlibError
from ..records import replay
from .view import Choice, View

PERSON = "person"


def repaint_when_ready(canvas: Canvas, draw: Callable[[], None]) -> None:
    """Call `draw` whenever a browser view of `canvas` connects (ipycanvas #322).

    Commands sent before the browser was ready are lost, and the canvas manager still believes
    this canvas is selected; forgetting that makes it send the canvas switch again."""
    def ready() -> None:
        canvas._canvas_manager._current_canvas = None
        draw()

    canvas.on_client_ready(ready)


def view_for(game_name: str, **options: Any) -> View:
    """The view that draws `game_name`."""
    if game_name == "xallies":
        from .xallies_view import XAlliesView

        return XAlliesView(**options)
    raise ValueError(f"no board view for {game_name!r} yet")


class Board:
    """A live board for one game: `Board("xallies", players=3)`; display it as the last line of a cell."""

    def __init__(self, game: str = "xallies", *, state: State | None = None, seed: int = 0,
                 seats: dict[int, str] | None = None, animate: float = 0.15, controls: bool = True,
                 view: View | None = None, **options: Any) -> None:
        self.errors = w.Output(layout=w.Layout(border="0px"))
        self.state: State = state if state is not None else registry.game(game, **options).start(seed=seed)
        self.game_name = self.state.game.name
        self.view = view or view_for(self.game_name)
        self.seed = seed
        self.animate = animate
        self.redo_stack: list[State] = []
        self.selection: Any = None
        self.browsing: int | None = None  # a history index shown by the slider, None while live
        self.seats: dict[int, str] = dict(seats or {})
        self._agents: dict[int, Any] = {}
        self.listeners: list[Callable[[State], None]] = []
        self.paint_count = 0
        self.locked: str | None = None  # when set, clicks show this sentence instead of playing

        self.canvas = Canvas(width=self.view.width, height=self.view.height,
                             layout=w.Layout(width=f"{self.view.width}px", height=f"{self.view.height}px"))
        self.canvas.on_mouse_down(self._guard(self.click))
        repaint_when_ready(self.canvas, self._guard(self.repaint))
        self.message = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.status = w.HTML()
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap", min_height="2.4em"))
        self.log = w.HTML(layout=w.Layout(max_height="260px", overflow="auto", width="230px"))
        self._build_controls(controls)
        self.refresh()

    # ---- errors never vanish ---------------------------------------------------------------
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception:  # shown on the page: Voila hides callback errors otherwise
                self.errors.append_stdout("Something went wrong; please report this message:\n"
                                          + traceback.format_exc())
        return wrapped

    # ---- the widget tree -------------------------------------------------------------------
    def _build_controls(self, controls: bool) -> None:
        g = self.state.game
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="take back the last move")
        self.redo_button = w.Button(description="Redo", icon="repeat", tooltip="play the undone move again")
        self.new_button = w.Button(description="New game", icon="plus", tooltip="start again with the options below")
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.redo_button.on_click(self._guard(lambda _: self.redo()))
        self.new_button.on_click(self._guard(lambda _: self.new_game(**self._option_values())))
        self.slider = w.IntSlider(min=0, max=0, value=0, description="History", continuous_update=True,
                                  layout=w.Layout(width="330px"))
        self.slider.observe(self._guard(self._on_slider), names="value")
        self.option_widgets: dict[str, w.Widget] = {}
        for spec in g.option_specs:
            values = getattr(spec.check, "values", None)
            current = g.options[spec.name]
            if values:
                ow = w.Dropdown(options=[(str(v), v) for v in values], value=current, description=spec.name)
            else:
                ow = w.Text(value=json.dumps(current) if not isinstance(current, str) else current,
                            description=spec.name)
            ow.tooltip = spec.help
            ow.layout = w.Layout(width="260px")
            self.option_widgets[spec.name] = ow
        self.seat_widgets = []
        self._seat_box = w.VBox()
        self._rebuild_seats()
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game")
        self.upload.observe(self._guard(self._on_upload), names="value")
        buttons = w.HBox([self.undo_button, self.redo_button])
        options = w.VBox([w.HTML("<b>New game</b>"), *self.option_widgets.values(), self.new_button])
        side = w.VBox([buttons, self.slider, w.HTML("<b>Seats</b>"), self._seat_box, options,
                       w.HTML("<b>Moves</b>"), self.log, self.save_link, self.upload],
                      layout=w.Layout(margin="0 0 0 16px"))
        main = w.VBox([self.canvas, self.choice_box, self.message, self.status])
        self.widget = w.VBox([w.HBox([main, side]) if controls else main, self.errors])
        self.widget.add_class("xlib-board")  # for browser tests and styling
        if controls:
            self.widget.add_class("xlib-controls")
        self.canvas.add_class("xlib-canvas")
        self.status.add_class("xlib-status")
        self.log.add_class("xlib-log")
        self.errors.add_class("xlib-errors")

    def _rebuild_seats(self) -> None:
        names = agents.AGENTS if self.game_name == "xallies" else agents.GENERAL  # personas read XAllies' ledger
        choices = [("person", PERSON)] + [(f"computer: {name}", name) for name in names]
        self.seat_widgets = []
        for p, name in enumerate(self.state.players):
            dd = w.Dropdown(options=choices, value=self.seats.get(p, PERSON), description=name,
                            layout=w.Layout(width="260px"))
            dd.observe(self._guard(functools.partial(self._on_seat, p)), names="value")
            self.seat_widgets.append(dd)
        self._seat_box.children = tuple(self.seat_widgets)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # ---- drawing ---------------------------------------------------------------------------
    @property
    def shown_state(self) -> State:
        return self.state.history()[self.browsing] if self.browsing is not None else self.state

    def repaint(self, frame: Any = None) -> None:
        with hold_canvas():
            self.canvas.clear()
            self.view.draw(self.canvas, self.shown_state, None if self.browsing is not None else self.selection, frame)
        self.paint_count += 1

    def refresh(self) -> None:
        """Bring every control in line with the state, then repaint."""
        history = self.state.history()
        self.slider.unobserve_all("value")
        self.slider.max = len(history) - 1
        self.slider.value = len(history) - 1 if self.browsing is None else self.browsing
        self.slider.observe(self._guard(self._on_slider), names="value")
        self.undo_button.disabled = self.state.parent is None
        self.redo_button.disabled = not self.redo_stack
        shown = self.shown_state
        self.status.value = f"<b>{self.view.status(shown)}</b>"
        log = self.view.log(shown)
        self.log.value = "<br>".join(f"{i + 1}. <code>{m}</code>" for i, m in enumerate(log)) or "<i>no moves yet</i>"
        self.choice_box.children = tuple(self._choice_button(c) for c in self.view.choices(shown, self.selection)
                                         if self.browsing is None and self._person_to_move() and not self.locked)
        record = json.dumps(self.state.record(), indent=1)
        href = "data:application/json;base64," + base64.b64encode(record.encode()).decode()
        self.save_link.value = f'<a download="{self.game_name}-game.json" href="{href}">Save this game (JSON)</a>'
        self.repaint()
        for listener in self.listeners:
            listener(self.state)

    def _choice_button(self, choice: Choice) -> w.Button:
        b = w.Button(description=choice.label, tooltip=choice.tooltip or choice.label,
                     layout=w.Layout(width="auto"))
        b.on_click(self._guard(lambda _: self._take(choice)))
        return b

    def _take(self, choice: Choice) -> None:
        if callable(choice.move):  # a rule for the next move, followed while it gives one
            mover = self.state.to_move
            move = choice.move(self.state)
            while move is not None and self.state.to_move == mover and self.play(move):
                move = choice.move(self.state)
        else:
            self.play(choice.move)

    def choose(self, label: str) -> None:
        """Press the choice button whose label starts with `label` (as a person would)."""
        for c in self.view.choices(self.state, self.selection):
            if c.label.startswith(label):
                self._take(c)
                return
        raise ValueError(f"no choice {label!r} now; choices: {[c.label for c in self.view.choices(self.state, self.selection)]}")

    def say(self, text: str, kind: str = "info") -> None:
        colour = {"info": "#222", "illegal": "#B00020"}[kind]
        self.message.value = f'<span style="color:{colour}">{text}</span>' if text else ""

    # ---- actions (the Python handlers the tests drive) ---------------------------------------
    def _person_to_move(self) -> bool:
        return self.state.to_move is not None and self.seats.get(self.state.to_move, PERSON) == PERSON

    def click(self, x: float, y: float) -> None:
        """A click on the canvas at (x, y) pixels."""
        if self.locked:
            self.say(self.locked)
            return
        if self.browsing is not None:
            self.say("You are looking at an earlier position: move the history slider to the end to play.")
            return
        if self.state.over:
            self.say("The game is over: start a new game, or undo.")
            return
        if not self._person_to_move():
            self.say("It is the computer's turn.")
            return
        result = self.view.click(self.state, x, y, self.selection)
        if result.move is not None:
            self.play(result.move)
            return
        self.selection = result.selection
        self.say(result.message or "", "illegal" if result.message and result.selection is None else "info")
        self.refresh()

    def play(self, move: Move | str, by_person: bool = True) -> bool:
        """Play `move`; an illegal one shows the rule that forbids it. Then the computer seats move."""
        reason = self.state.explain(move)
        if reason is not None:
            self.say(reason, "illegal")
            return False
        self._advance(self.state.parse(move) if isinstance(move, str) else move)
        self.redo_stack.clear()
        self.say("")
        self.computer_turns()
        return True

    def _advance(self, move: Move) -> None:
        frames = self.view.frames(self.state, move) if self.animate else []
        for frame in frames:
            self.repaint(frame)
            time.sleep(self.animate)
        self.state = self.state.play(move)
        self.selection = None
        self.browsing = None
        self.refresh()

    def computer_turns(self) -> None:
        """Let computer seats move until a person is to move or the game is over."""
        while self.state.to_move is not None and self.seats.get(self.state.to_move, PERSON) != PERSON:
            p = self.state.to_move
            agent = self._agents.get(p)
            if agent is None:
                agent = self._agents[p] = agents.make_agent(self.seats[p], seed=self.seed * 10 + p)
            move = agent.choose(self.state)
            thinking = getattr(agent, "thinking", None)
            if thinking is not None and thinking():
                top = ", ".join(f"<code>{t.move}</code> {t.visits} tries, {t.value:.2f}" for t in thinking()[:3])
                self.say(f"The computer ({self.state.players[p]}) weighed: {top}.")
            self._advance(move)

    def undo(self) -> None:
        """Take back the last move (and the computer's replies, back to a person's move)."""
        if self.state.parent is None:
            return
        while self.state.parent is not None:
            self.redo_stack.append(self.state)
            self.state = self.state.parent
            if self._person_to_move():
                break
        self.selection, self.browsing = None, None
        self.say("")
        self.refresh()

    def redo(self) -> None:
        if self.redo_stack:
            self.state = self.redo_stack.pop()
            self.selection, self.browsing = None, None
            self.refresh()

    def show(self, index: int) -> None:
        """Show the position after `index` moves (the history slider); the last index is live."""
        last = len(self.state.history()) - 1
        self.browsing = None if index >= last else max(0, index)
        self.selection = None
        self.refresh()

    def new_game(self, seed: int | None = None, **options: Any) -> None:
        """A new game with these options (an unknown option or bad value is shown, not raised)."""
        try:
            game = registry.game(self.game_name, **options)
        except XlibError as exc:
            self.say(str(exc), "illegal")
            return
        if seed is not None:
            self.seed = seed
        self.state = game.start(seed=self.seed)
        self.redo_stack.clear()
        self.selection, self.browsing = None, None
        self._agents.clear()
        if len(self.seat_widgets) != len(self.state.players):
            self.seats = {p: s for p, s in self.seats.items() if p < len(self.state.players)}
            self._rebuild_seats()
        self.say("New game.")
        self.refresh()
        self.computer_turns()

    def reset(self, state: State) -> None:
        """Show `state` as the live position (a tutorial step, or a position to study)."""
        self.state = state
        self.redo_stack.clear()
        self.selection, self.browsing = None, None
        self.say("")
        self.refresh()

    def set_seat(self, player: int, who: str) -> None:
        """Seat a person (`"person"`) or a computer player (`"random"`, ...) at `player`."""
        if who != PERSON and who not in agents.AGENTS:
            raise ValueError(f"no computer player {who!r}; choose person or one of {', '.join(agents.AGENTS)}")
        if not 0 <= player < len(self.state.players):
            raise ValueError(f"there is no seat {player}: seats are 0 to {len(self.state.players) - 1}")
        self.seats[player] = who
        self._agents.pop(player, None)
        if self.seat_widgets[player].value != who:
            self.seat_widgets[player].value = who
        self.refresh()
        self.computer_turns()

    def load(self, record: dict | str) -> None:
        """Load a game record (a dict or JSON text); a corrupt record is explained, not raised."""
        try:
            state = replay(record)
        except XlibError as exc:
            self.say(f"This game could not be loaded: {exc}", "illegal")
            return
        if state.game.name != self.game_name:
            self.say(f"This record is a game of {state.game.title}, not {self.state.game.title}.", "illegal")
            return
        self.state = state
        self.redo_stack.clear()
        self.selection, self.browsing = None, None
        self.say(f"Loaded a game of {len(state.moves_played())} moves.")
        self.refresh()

    # ---- control callbacks ------------------------------------------------------------------
    def _option_values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, ow in self.option_widgets.items():
            value = ow.value
            if isinstance(ow, w.Text):
                try:
                    value = json.loads(value.replace("None", "null"))
                except ValueError:
                    pass
            out[name] = value
        return out

    def _on_slider(self, change: dict) -> None:
        self.show(change["new"])

    def _on_seat(self, player: int, change: dict) -> None:
        if self.seats.get(player, PERSON) != change["new"]:
            self.set_seat(player, change["new"])

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if files:
            content = bytes(files[0]["content"]).decode("utf-8", errors="replace")
            self.load(content)
