"""Painting on the board's canvas: one paint at a time, and a repaint whenever a browser view connects."""
from __future__ import annotations

import threading
from typing import Callable

from ipycanvas import Canvas

PAINT_LOCK = threading.RLock()  # one canvas manager serves every canvas: draw one board at a time


def repaint_when_ready(canvas: Canvas, draw: Callable[[], None]) -> None:
    """Call `draw` whenever a browser view of `canvas` connects (ipycanvas #322).

    Commands sent before the browser was ready are lost, and the canvas manager still believes
    this canvas is selected; forgetting that makes it send the canvas switch again."""
    def ready() -> None:
        canvas._canvas_manager._current_canvas = None
        draw()

    canvas.on_client_ready(ready)
