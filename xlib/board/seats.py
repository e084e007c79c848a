"""Who sits in each seat: the Players panel's seat menus (a person or a computer level) and name boxes.

The panel shows a live game's seats and hands what a student chooses to the game (`set_seat`, `set_name`);
it listens to the game it shows, and brings its menus in line with a seat changed elsewhere. The board hears
the change from the game, like any other, so the panel never calls the board."""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from .. import agents
from ..live import PERSON, Change, LiveGame, TableGame
from ..live.table import seat_words
from . import shared
from .view import View

__all__ = ["PERSON", "SeatPanel", "seat_choices"]


def seat_choices(game: str, players: int) -> list[tuple[str, str]]:
    """The seat menu of a game with this many players: a person, then every computer player that suits it."""
    out = [("Person", PERSON)]
    for name, cls in agents.for_game(game, players):
        label = getattr(cls, "label", name.capitalize())
        out.append((f"Computer: {label}", name))
    return out


class SeatPanel:
    """One row per seat in the Players panel: its colour, its name, its menu and a box for a name.
    `guard` wraps the callbacks, so an error shows on the page."""

    def __init__(self, guard: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self.guard = guard
        self.box = w.VBox(layout=shared.layout())
        self.menus: list[w.Dropdown] = []
        self.name_boxes: list[w.Text] = []
        self.game: LiveGame | None = None
        self.view: View | None = None
        #: the rows of a class table's seats in words, rewritten in place while the table's seats stay
        self.table_rows: list[w.HTML] = []

    def build(self, game: LiveGame, view: View) -> None:
        """The rows for `game`'s seats, as they stand now (at a class table, who holds each, in words); the panel
        follows that game's seats from now on (and no longer those of the game it showed before)."""
        if game is not self.game:
            if self.game is not None:
                self.game.listeners[:] = [f for f in self.game.listeners if f != self._heard]
            game.listeners.append(self._heard)
        self.game, self.view = game, view
        state = game.state
        if isinstance(game, TableGame):
            self.menus, self.name_boxes = [], []
            words = [f"<span style='display:inline-block;width:14px;height:14px;border-radius:7px;background:"
                     f"{view.seat_colour(p)};border:1px solid #333;vertical-align:middle'></span> "
                     f"{seat_words(game, p, view.player_name(state, p))}" for p in range(len(state.players))]
            rows = self.box.children
            if len(rows) == len(words) and all(any(r is t for t in self.table_rows) for r in rows):
                for row, text in zip(rows, words):   # the rows as they are, their words changed where they did
                    if row.value != text:
                        row.value = text
                return
            fresh = [shared.html(text, margin="0 0 4px 0") for text in words]
            self._replace(fresh)
            self.table_rows = fresh
            return
        players = len(state.players)
        choices = seat_choices(game.name, players)
        known = {v for _, v in choices}
        self.menus, self.name_boxes = [], []
        rows = []
        tooltip = {v: getattr(c, "description", "") for v, c in agents.for_game(game.name, players)}
        for p in range(players):
            value = game.seat(p)
            if value not in known:
                choices = choices + [(f"Computer: {value}", value)]
                known.add(value)
            colour = view.seat_colour(p)
            seat = view.player_name(state, p)
            swatch = w.HTML(f"<span style='display:inline-block;width:14px;height:14px;border-radius:7px;"
                            f"background:{colour};border:1px solid #333;vertical-align:middle'></span> "
                            f"<b>{html.escape(seat)}</b>", layout=shared.layout(width="96px"))
            menu = w.Dropdown(options=choices, value=value, layout=shared.layout(width="196px"))
            menu.observe(self.guard(lambda change, p=p: self._chosen(p, change["new"])), names="value")
            menu.tooltip = f"Who plays {seat}. " + "; ".join(f"{k}: {v}" for k, v in tooltip.items() if v)
            name = w.Text(value=game.names.get(p, ""), placeholder="a name (optional)",
                          layout=shared.layout(width="180px", margin="0 0 6px 96px"))
            name.tooltip = f"The name of who plays {seat} (optional)"
            name.observe(self.guard(lambda change, p=p: self._named(p, change["new"])), names="value")
            self.menus.append(menu)
            self.name_boxes.append(name)
            rows.append(w.VBox([w.HBox([swatch, menu], layout=shared.layout()), name]))
        self._replace(rows)

    def _replace(self, rows: list[w.Widget]) -> None:
        """Show `rows`, and close the rows they replace (a closed widget leaves the kernel and the page)."""
        old = self.box.children
        self.box.children = tuple(rows)
        for row in old:
            _close(row)

    def show(self, game: LiveGame, seat: int | None) -> None:
        """Bring a seat's menu in line with the game (a seat changed elsewhere: by code, or by the teacher)."""
        if isinstance(game, TableGame) and game is self.game and self.view is not None:
            self.build(game, self.view)   # who holds a seat, or is away, changed at the table
            return
        if game is not self.game or seat is None or seat >= len(self.menus):
            return
        menu, who = self.menus[seat], game.seat(seat)
        if who not in [value for _, value in menu.options] and self.view is not None:
            self.build(game, self.view)   # a computer player the menu does not offer: the menus anew
        elif menu.value != who:
            menu.value = who

    def _heard(self, change: Change) -> None:
        """A change of the game shown: a seat changed (here, by code, or by the teacher) shows in its menu."""
        if change.kind == "seats" and self.game is not None:
            self.show(self.game, change.seat)

    def _chosen(self, p: int, who: str) -> None:
        if self.game is not None and self.game.seat(p) != who:
            self.game.set_seat(p, who)

    def _named(self, p: int, name: str) -> None:
        if self.game is not None:
            self.game.set_name(p, name)


def _close(widget: w.Widget) -> None:
    """Close a widget and the widgets it holds (not the shared layouts and styles, which others use)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()
