"""What a person does on a board: a click (or tap) on the canvas, a choice button, a move typed in the Move box,
a key pressed on the canvas; and a click that came while the board was busy, answered and never played."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from ..core import Move, State
from . import keys, shared
from .shown import Shown
from .style import SIDE_WIDTH
from .view import Choice, View
from .words import Words

MAX_COMPLETIONS = 400


class Input:
    """The board's input: `choice_box` (the game's choice buttons, or what stands in their place), the Move box
    `entry` (a board with controls) and the keyboard's cursor (`key_cursor`, said in the words' `key_live`).
    It plays through `play_moves` (the board's turns), and asks `zoom` how large the canvas is drawn."""

    def __init__(self, shown: Shown, words: Words, controls: bool | str, *,
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]], refresh: Callable[[], None],
                 repaint: Callable[..., None], play_moves: Callable[[list[Move]], None],
                 zoom: Callable[[], float]) -> None:
        self.shown, self.words = shown, words
        self.guard, self.refresh, self.repaint, self.play_moves, self.zoom = guard, refresh, repaint, play_moves, zoom
        self.ignored_clicks = 0
        self.refused_listeners: list[Callable[[str], None]] = []   # told the sentence of every refused move
        #: panels beside the board that take a person's decision there (the XAllies aiming game takes the shots):
        #: each gives, for a position, the sentence that says where to make it, or None
        self.decided_beside: list[Callable[[State], str | None]] = []
        self.key_cursor = keys.KeyCursor()
        self.choice_box = w.HBox(layout=shared.layout(height="72px", overflow="hidden", flex_flow="row wrap",
                                                      align_content="flex-start", width=f"{SIDE_WIDTH + 10}px"))
        self.choice_box.add_class("xlib-choices")
        self.entry: w.Combobox | None = None
        if controls:
            self.entry = w.Combobox(placeholder="type a move, then Enter", ensure_option=False,
                                    continuous_update=False, layout=shared.layout(width=f"{SIDE_WIDTH}px"),
                                    description="Move", style={"description_width": "56px"})
            self.entry.observe(guard(self.on_entry), names="value")
            self.entry.add_class("xlib-entry")

    # ---- what the keyboard's cursor reads (keys.Keyed) --------------------------------------------------
    @property
    def view(self) -> View:
        return self.shown.view

    @property
    def shown_state(self) -> State:
        return self.shown.shown_state

    @property
    def selection(self) -> Any:
        return self.shown.selection

    @selection.setter
    def selection(self, value: Any) -> None:
        self.shown.selection = value

    @property
    def marks(self) -> tuple[Any, ...]:
        return self.shown.marks

    @marks.setter
    def marks(self, value: tuple[Any, ...]) -> None:
        self.shown.marks = value

    @property
    def browsing(self) -> int | None:
        return self.shown.browsing

    @property
    def key_live(self) -> w.HTML:
        return self.words.key_live

    def say(self, text: str, kind: str = "info") -> None:
        self.words.say(text, kind)

    # ---- busy ----------------------------------------------------------------------------------
    def may_act(self) -> bool:
        """False (with a visible answer) while the computer moves or a move is shown: the input is dropped."""
        if self.shown.busy is not None:
            self.ignored_clicks += 1
            self.say(f"{self.shown.busy} Your click was not played: wait for the move to finish.", "busy")
            return False
        return True

    def on_canvas_click(self, x: float, y: float) -> None:
        z = self.zoom()
        self.click(x / z, y / z)

    def on_busy_click(self) -> None:
        """A click the page made while the board was busy: answered, never played (even when it reaches the
        kernel only after the move it waited for)."""
        self.ignored_clicks += 1
        busy = self.shown.busy
        wait = f"{busy} " if busy is not None else "That click came while the board was busy. "
        self.say(f"{wait}Your click was not played: wait for the move to finish.", "busy")

    # ---- clicks and moves ------------------------------------------------------------------------
    def beside(self, state: State) -> str | None:
        """Where a panel beside the board takes the person's decision in `state`, in a sentence; None when the
        board takes it."""
        return next((said for ask in self.decided_beside if (said := ask(state)) is not None), None)

    def click(self, x: float, y: float) -> None:
        """A click on the canvas at (x, y) in the view's coordinates."""
        shown = self.shown
        if not self.may_act():
            return
        if shown.locked:
            self.say(shown.locked)
            return
        if shown.browsing is not None:
            self.say("You are looking at an earlier position: press <b>Try a move here</b> to play from it, "
                     "or move the history slider to the end.")
            return
        if shown.state.over:
            self.say("The game is over: start a new game, or undo.")
            return
        if not shown.person_to_move():
            self.say(self.words.not_yours())
            return
        beside = self.beside(shown.state)
        if beside is not None:
            self.say(beside)
            return
        result = shown.view.click(shown.state, x, y, shown.selection)
        if result.move is not None:
            self.play(result.move)
            return
        shown.selection = result.selection
        shown.marks = result.marks
        illegal = result.illegal or bool(result.message and result.selection is None and result.marks)
        self.say(result.message or "", "illegal" if illegal else "info")
        self.refresh()
        if illegal:
            for listener in self.refused_listeners:
                listener(result.message or "")

    def play(self, move: Move | str) -> bool:
        """Play `move` for the person to move; an illegal one shows the rule that forbids it. Then the computer seats move."""
        if not self.may_act():
            return False
        state = self.shown.state
        reason = state.explain(move)
        if reason is not None:
            self.shown.marks = self.shown.view.marks_for(state, move)
            self.say(reason, "illegal")
            self.refresh()
            for listener in self.refused_listeners:
                listener(reason)
            return False
        if isinstance(move, str):
            self.shown.view.typed(state, move)   # kept as typed (a Xero-G flight's route), as if clicked
        self.play_moves([state.parse(move) if isinstance(move, str) else move])
        return True

    def type_move(self, text: str) -> bool:
        """A move typed in the game's notation (the keyboard's way to play)."""
        shown, state = self.shown, self.shown.state
        text = text.strip()
        if not text:
            return False
        if text != text.lower() and state.explain(text) is not None and state.explain(text.lower()) is None:
            text = text.lower()   # "C3" is c3: the notation is written in small letters, capitals are meant the same
        if shown.busy is None and (shown.browsing is not None or shown.locked or state.over
                                   or not shown.person_to_move()):
            self.click(-1e9, -1e9) if shown.browsing is not None or shown.locked else \
                self.say("The game is over: start a new game, or undo." if state.over
                         else self.words.not_yours())
            return False
        beside = self.beside(state) if shown.busy is None else None
        if beside is not None:
            self.say(beside)
            return False
        return self.play(text)

    def play_line(self, moves: list[Move]) -> None:
        """Play several moves one after another, as one action (an answer shown, a turn of several decisions)."""
        if self.may_act() and moves:
            self.play_moves(moves)

    def on_entry(self, change: dict[str, Any]) -> None:
        """A move typed in the Move box: played, and the box emptied; a refused one stays, to be corrected."""
        text = change["new"]
        if text and self.type_move(text) and self.entry is not None:
            self.entry.value = ""

    # ---- choice buttons ----------------------------------------------------------------------------
    def choice_button(self, choice: Choice) -> w.Button:
        b = w.Button(description=choice.label, tooltip=choice.tooltip or choice.label,
                     layout=w.Layout(width="auto", min_width="60px"))
        b.on_click(self.guard(lambda _: self.take(choice)))
        return b

    def take(self, choice: Choice) -> None:
        if not self.may_act():
            return
        move = choice.move
        if callable(move):  # a rule for the next move, followed while it gives one
            rule = move
            s = self.shown.state
            mover = s.to_move
            steps: list[Move] = []
            m = rule(s)
            while m is not None and s.to_move == mover and s.explain(m) is None:
                steps.append(s.parse(str(m)) if not isinstance(m, Move) else m)
                s = s.play(m)
                m = rule(s) if s.to_move == mover else None
            if steps:
                self.play_moves(steps)
        else:
            self.play(move)

    def choose(self, label: str) -> None:
        """Press the choice button whose label starts with `label` (as a person would)."""
        shown = self.shown
        for c in shown.view.choices(shown.state, shown.selection):
            if c.label.startswith(label):
                self.take(c)
                return
        raise ValueError(f"no choice {label!r} now; choices: "
                         f"{[c.label for c in shown.view.choices(shown.state, shown.selection)]}")

    def playable(self, idle: bool) -> bool:
        """Whether the person may play on the board now (a decision a panel beside it takes is not the board's)."""
        shown = self.shown
        return idle and shown.browsing is None and shown.person_to_move() and not shown.locked \
            and self.beside(shown.shown_state) is None

    def show_choices(self, playable: bool) -> None:
        """The game's choice buttons for the position, while the person may play."""
        self.choice_box.children = tuple(self.choice_button(c) for c in
                                         self.shown.view.choices(self.shown.shown_state, self.shown.selection)) \
            if playable else ()

    def show_entry(self, playable: bool) -> None:
        """The Move box: its completions are the legal moves while the person may play."""
        if self.entry is not None:
            self.entry.disabled = not playable
            self.entry.options = tuple(str(m) for m in self.shown.shown_state.moves()[:MAX_COMPLETIONS]) \
                if playable else ()
