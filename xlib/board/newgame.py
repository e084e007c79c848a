"""A new game from a full board's controls: the New game button (which asks before a game in progress is thrown
away), the options for a new game in a student's words and the game number, read back and checked."""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from . import shared
from .options import OptionFields
from .shown import Shown

TOOLTIP = "start a new game with the options under 'Options for a new game'"


class NewGame:
    """`new_button`, and `options_box` with the option fields (built when first needed, not at load) and the game
    number box. `start(seed, options)` is the board's: it starts the new game; `may_act` says whether the board
    takes an action now (it answers a click while busy)."""

    def __init__(self, shown: Shown, *, guard: Callable[[Callable[..., Any]], Callable[..., Any]],
                 say: Callable[[str, str], None], refresh: Callable[[], None], may_act: Callable[[], bool],
                 start: Callable[..., None]) -> None:
        self.shown = shown
        self.say, self.refresh, self.may_act, self.start = say, refresh, may_act, start
        self.confirm_new: Any = None   # the position at which New game was pressed once
        self._fields: OptionFields | None = None
        self._seed_box: w.Text | None = None
        self.new_button = w.Button(description="New game", icon="plus",   # room for "Yes, new game" too
                                   layout=shared.layout(width="auto", min_width="104px", flex="0 0 auto"),
                                   tooltip=TOOLTIP, style=shared.button_style())
        self.new_button.on_click(guard(lambda _: self.from_controls()))
        self.options_box = w.VBox([w.HTML("<i>opening…</i>", style=shared.html_style(), layout=shared.layout())])

    @property
    def option_fields(self) -> OptionFields:
        """The new-game options in words (built when first needed)."""
        if self._fields is None:
            g = self.shown.state.game
            self._fields = OptionFields(g.option_specs, g.options, self.shown.view)
            self._seed_box = w.Text(value="", placeholder="blank: a new game each time",
                                    layout=w.Layout(width="290px"), style={"description_width": "0px"})
            self.options_box.children = (self._fields.widget,
                                         w.HTML("<span style='font-size:12px'>Game number (the same number "
                                                "gives the same game again)</span>"),
                                         self._seed_box)
        return self._fields

    @property
    def seed_box(self) -> w.Text:
        self.option_fields
        assert self._seed_box is not None
        return self._seed_box

    def from_controls(self, confirmed: bool = False) -> None:
        """New game with the options and game number in the controls (a wrong value is named, not raised).

        A game in progress is not thrown away at one press: the first press asks, a second one starts."""
        if not self.may_act():
            return
        state = self.shown.state
        if not self.shown.game.owns_game:
            self.say("At a class table the teacher starts the next round: your next table appears here.", "info")
            return
        played = self.shown.moves_listed(state)
        if not confirmed and played and not state.over and self.confirm_new is not state:
            self.confirm_new = state
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
        self.start(seed, options)

    def show(self, idle: bool) -> None:
        """The New game button as the game stands: lit at its end, asking after a first press, off at a table."""
        owns, state = self.shown.game.owns_game, self.shown.state
        self.new_button.disabled = not idle or not owns
        self.new_button.tooltip = TOOLTIP if owns else "at a class table, the teacher starts the next round"
        asking = self.confirm_new is state
        self.new_button.description = "Yes, new game" if asking else "New game"
        self.new_button.button_style = "warning" if asking else "success" if state.over else ""

    def set(self, options: dict[str, Any]) -> None:
        """Show these options in the fields (a game loaded or taken back)."""
        self.option_fields.set(options)
