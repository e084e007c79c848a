"""Who sits in each seat: a person or a computer level, the seat menus that choose, and students' names."""
from __future__ import annotations

import functools
import html
from typing import TYPE_CHECKING

import ipywidgets as w

from .. import agents
from . import shared

if TYPE_CHECKING:
    from .board import Board

PERSON = "person"
COMPUTER = "computer"          # a seat for the game's default computer level


def seat_choices(game: str, players: int) -> list[tuple[str, str]]:
    """The seat menu of a game with this many players: a person, then every computer player that suits it."""
    out = [("Person", PERSON)]
    for name, cls in agents.for_game(game, players):
        label = getattr(cls, "label", name.capitalize())
        out.append((f"Computer: {label}", name))
    return out


def seat_value(game: str, who: str) -> str:
    """A seat's value: "computer" stands for the game's default level."""
    if who == COMPUTER:
        return agents.default_for(game)
    return who


def rebuild_seats(board: Board) -> None:
    """Build one row per seat in the Players panel: colour, name of the seat, its menu and a name box."""
    players = len(board.state.players)
    choices = seat_choices(board.game_name, players)
    known = {v for _, v in choices}
    board.seat_widgets, board.name_widgets = [], []
    rows = []
    tooltip = {v: getattr(c, "description", "") for v, c in agents.for_game(board.game_name, players)}
    for p in range(players):
        value = board.seats.get(p, PERSON)
        if value not in known:
            choices = choices + [(f"Computer: {value}", value)]
            known.add(value)
        colour = board.view.seat_colour(p)
        swatch = w.HTML(f"<span style='display:inline-block;width:14px;height:14px;border-radius:7px;"
                        f"background:{colour};border:1px solid #333;vertical-align:middle'></span> "
                        f"<b>{html.escape(board.view.player_name(board.state, p))}</b>",
                        layout=shared.layout(width="96px"))
        dd = w.Dropdown(options=choices, value=value, layout=shared.layout(width="196px"))
        dd.observe(board.guard(functools.partial(board._on_seat, p)), names="value")
        dd.tooltip = f"Who plays {board.view.player_name(board.state, p)}. " + "; ".join(
            f"{k}: {v}" for k, v in tooltip.items() if v)
        name = w.Text(value=board.names.get(p, ""), placeholder="a name (optional)",
                      layout=shared.layout(width="180px", margin="0 0 6px 96px"))
        name.tooltip = f"The name of who plays {board.view.player_name(board.state, p)} (optional)"
        name.observe(board.guard(functools.partial(board._on_name, p)), names="value")
        board.seat_widgets.append(dd)
        board.name_widgets.append(name)
        rows.append(w.VBox([w.HBox([swatch, dd], layout=shared.layout()), name]))
    if board._seat_box is not None:
        board._seat_box.children = tuple(rows)
