"""How large a board's places to tap and its letters are on the screen, for a board shown `shown` CSS px wide.

A view draws in its own units (`view.width` wide); the page scales the drawing to the width it shows the board at,
so a place `d` units across is `d * shown / view.width` CSS px there. A finger needs a place to tap of at least
TAP px (a control of its own, FINGER px), and letters are read from LETTER px up (issue 49: a phone 360 px wide)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core import State
from .calls import Recorder
from .view import Overlay, View

TAP = 24.0      # the least size (CSS px) of a place on a board a tap picks
LETTER = 10.0   # the least size (CSS px) of a letter drawn on a board
PHONE_BOARD = 348.0   # the board's width on a phone 360 px wide (the page keeps 6 px at each side)

_PX = re.compile(r"(\d+(?:\.\d+)?)px")


@dataclass(frozen=True)
class Sizes:
    """The smallest place to tap and the smallest letter of a drawn position, in CSS px, with what they are."""

    target: float          # inf when the position offers nothing to tap
    target_name: str
    letter: float          # inf when nothing is written
    letter_text: str


def _font_px(font: str) -> float:
    """The size in px a canvas font names ("bold 13px sans-serif" -> 13); the canvas's 10 px when it names none."""
    m = _PX.search(font or "")
    return float(m.group(1)) if m else 10.0


def drawn_letters(view: View, state: State, overlay: Overlay | None = None) -> list[tuple[float, str]]:
    """Every text the view writes for `state`, with its size in the view's units (scalings inside the drawing
    counted)."""
    recorder = Recorder()
    view.draw(recorder, state, overlay or Overlay())
    font, scale = "10px sans-serif", 1.0
    saved: list[tuple[str, float]] = []
    out = []
    for name, value in recorder.ops:
        if name == "font":
            font = value
        elif name == "save":
            saved.append((font, scale))
        elif name == "restore" and saved:
            font, scale = saved.pop()
        elif name == "scale":
            scale *= float(value[0])
        elif name == "set_transform":
            scale = float(value[0])
        elif name == "reset_transform":
            scale = 1.0
        elif name in ("fill_text", "stroke_text") and str(value[0]).strip():
            out.append((_font_px(font) * scale, str(value[0])))
    return out


def sizes(view: View, state: State, shown: float = PHONE_BOARD, selection: Any = None) -> Sizes:
    """The smallest place to tap (the view's key targets: every place a click could choose) and the smallest
    letter of `state` drawn by `view` on a board `shown` CSS px wide."""
    k = shown / view.width
    targets = view.key_targets(state, selection)
    target, target_name = min(((2 * min(t.rx, t.ry) * k, t.name) for t in targets), default=(float("inf"), ""))
    letters = drawn_letters(view, state, Overlay(selection=selection))
    letter, text = min(((size * k, s) for size, s in letters), default=(float("inf"), ""))
    return Sizes(target, target_name, letter, text)
