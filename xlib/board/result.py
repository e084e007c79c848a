"""The end of a game: who won, in words (beside the board), and the result banner a printed picture of a finished
position carries."""
from __future__ import annotations

from typing import Any

from ..core import State
from .view import View

BANNER_H = 58


def capital(text: str) -> str:
    """`text` with a capital first letter: a winner's name, a sentence."""
    return text[:1].upper() + text[1:]


def result_title(view: View, state: State) -> str:
    """'Red wins', 'A draw', 'Blue and Purple share the win' or 'The game is over'."""
    names = [capital(view.player_name(state, p)) for p in state.winners]
    if not names:
        return "The game is over"
    if len(names) == 1:
        return f"{names[0]} wins"
    if len(names) == len(state.players):
        return "A draw"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def result_detail(view: View, state: State) -> str:
    """The view's own words on how the game ended, without a leading 'Game over:'."""
    text = view.status(state).strip()
    for lead in ("Game over:", "Game over.", "Game over"):
        if text.startswith(lead):
            text = text[len(lead):].strip()
    return capital(text.lstrip(",.:;— ").strip())   # a sentence of its own: no comma left from 'Game over, …'


def draw_banner(canvas: Any, view: View, state: State) -> None:
    """A band across the foot of the board: the result in large type, how it ended in small."""
    w, h = view.width, view.height
    top = h - BANNER_H - 6
    canvas.save()
    canvas.global_alpha = 0.92
    canvas.fill_style = "#FFFFFF"
    canvas.fill_rect(8, top, w - 16, BANNER_H)
    canvas.global_alpha = 1.0
    canvas.stroke_style = "#00603C"
    canvas.line_width = 2
    canvas.stroke_rect(8, top, w - 16, BANNER_H)
    canvas.fill_style = "#00603C"
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    canvas.font = "bold 22px sans-serif"
    canvas.fill_text(result_title(view, state), w / 2, top + 20)
    detail = result_detail(view, state)
    room = max(20, int((w - 40) / 6.6))   # about as many characters as fit at 12 px
    if len(detail) > room:
        detail = detail[:room - 1].rstrip() + "…"
    canvas.fill_style = "#222222"
    canvas.font = "12px sans-serif"
    canvas.fill_text(detail, w / 2, top + 43)
    canvas.restore()
