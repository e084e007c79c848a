"""The board's picture: the canvas the view draws the position on, sized to its column and the screen, sharp on
projectors, with what is selected and outlined, an animation's frame, and the keyboard's cursor."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from . import canvas as canvases
from .shown import Shown
from .style import TALLER_ROWS
from .view import Overlay, Target

SHARPNESS = 1.5        # canvas pixels per screen pixel at the board's largest size: crisp on projectors too
MAX_BITMAP = 1400      # the canvas's longer side in pixels at most (memory and drawing time)
MIN_SIDE = 280         # the smallest a board is drawn, in screen pixels (a phone held upright)
#: screen height kept free for what stands above and below a board (status and message lines, tutorial text)
HEIGHT_RESERVE = {"full": 128, "compact": 258, "none": 220}
READABLE = 0.8         # screen pixels per view unit a lesson board keeps at least: 15-unit coordinates read at 12 px


class Picture:
    """The `canvas` and how large it is drawn: `pixels` is the largest side of the board on screen; `controls`
    the kind of board (what stands around it takes room). `cursor` gives the keyboard cursor's place to draw."""

    def __init__(self, shown: Shown, pixels: int, controls: bool | str,
                 cursor: Callable[[], Target | None]) -> None:
        self.shown, self.pixels, self.controls, self.cursor = shown, pixels, controls, cursor
        self.paint_count = 0
        self.canvas = canvases.make_canvas()
        self.fit_canvas()

    @property
    def zoom(self) -> float:
        """Canvas pixels per view unit: the canvas is drawn sharp at its largest size on screen (`pixels`, and
        half as much again for high-density screens and projectors); the page scales it down to fit."""
        view = self.shown.view
        return min(SHARPNESS * self.pixels, MAX_BITMAP) / max(view.width, view.height)

    def fit_canvas(self) -> None:
        """Size the canvas to fill its column: as wide as the column allows, as tall as the screen leaves below
        the status and message lines, never larger than `pixels`; clicks follow the size drawn."""
        z, view = self.zoom, self.shown.view
        self.canvas.width, self.canvas.height = int(round(view.width * z)), int(round(view.height * z))
        reserve = HEIGHT_RESERVE["full" if self.controls is True else "compact" if self.controls else "none"]
        # a lesson board on a small screen (a laptop at 125 %) is never drawn so small that its coordinates are
        # under 12 px: where the screen is short of that, the page scrolls the little that its text above takes
        floor = f"{MIN_SIDE}px" if self.controls is True else \
            f"min({round(view.height * READABLE)}px, calc(100vh - {HEIGHT_RESERVE['full']}px))"
        self.canvas.layout = w.Layout(width="auto", height="auto", max_width=f"min(100%, {self.pixels}px)",
                                      max_height=f"max({MIN_SIDE}px, {floor}, calc(100vh - {reserve}px - "
                                                 f"var({TALLER_ROWS}, 0px)))",
                                      min_width=f"{MIN_SIDE}px", align_self="flex-start")

    def repaint(self, frame: Any = None) -> None:
        shown = self.shown
        overlay = Overlay(selection=None if shown.browsing is not None else shown.selection, marks=shown.marks,
                          frame=frame, interactive=shown.interactive(),
                          cursor=None if frame is not None else self.cursor())
        with canvases.hold(self.canvas):
            self.canvas.clear()
            self.canvas.save()
            z = self.zoom   # set, never multiplied: a transform left over from any earlier paint cannot grow it
            self.canvas.set_transform(z, 0, 0, z, 0, 0)
            shown.view.draw(self.canvas, shown.shown_state, overlay)   # the result is said beside it
            if overlay.cursor is not None:
                shown.view.draw_cursor(self.canvas, overlay.cursor)
            self.canvas.restore()
        self.paint_count += 1
