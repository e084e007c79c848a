"""Which canvas a board draws on, and painting on it: one frame at a time, repainted whenever a page connects.

On a Python server the board draws on ipycanvas. In the browser (Pyodide), or wherever ipycanvas cannot be
imported, it draws on our own `WebCanvas`. The environment variable XLIB_CANVAS chooses one by name ("web" or
"ipycanvas"), for tests. Both take the same drawing calls and give clicks in canvas pixels, so the views never
know which one draws them. This is the one module that imports ipycanvas, and only when it is chosen."""
from __future__ import annotations

import contextlib
import os
import threading
from typing import Any, Callable, Iterator

from .. import runtime
from .webcanvas import WebCanvas

PAINT_LOCK = threading.RLock()  # ipycanvas's one canvas manager serves every canvas: draw one board at a time
VARIABLE = "XLIB_CANVAS"
BACKENDS = ("ipycanvas", "web")


def backend() -> str:
    """The canvas new boards draw on: "ipycanvas" on a Python server, "web" in the browser (or as XLIB_CANVAS says)."""
    chosen = os.environ.get(VARIABLE, "").strip().lower()
    if chosen in BACKENDS:
        return chosen
    if chosen:
        raise ValueError(f"{VARIABLE}={chosen!r}: the canvas is one of {', '.join(BACKENDS)}")
    if runtime.on_site():
        return "web"
    try:
        import ipycanvas  # noqa: F401
    except ImportError:
        return "web"
    return "ipycanvas"


def make_canvas(width: int = 1, height: int = 1, **kwargs: Any) -> Any:
    """A canvas of `width` x `height` canvas pixels on the chosen backend (`kwargs` as for a widget: layout)."""
    if backend() == "web":
        return WebCanvas(width=width, height=height, **kwargs)
    from ipycanvas import Canvas

    return Canvas(width=width, height=height, **kwargs)


def is_web(canvas: Any) -> bool:
    """Whether `canvas` is our web canvas (else an ipycanvas Canvas)."""
    return isinstance(canvas, WebCanvas)


@contextlib.contextmanager
def hold(canvas: Any) -> Iterator[None]:
    """Draw one frame: the calls made inside reach the page together, as one message, when the block ends."""
    with PAINT_LOCK:
        if is_web(canvas):
            with canvas.hold():
                yield
        else:
            from ipycanvas import hold_canvas

            with hold_canvas():
                yield


def repaint_when_ready(canvas: Any, draw: Callable[[], None]) -> None:
    """Call `draw` whenever a browser view of `canvas` connects: a new view starts blank.

    On ipycanvas (#322), commands sent before the browser was ready are lost, and its canvas manager still
    believes this canvas is selected; forgetting that makes it send the canvas switch again."""
    def ready() -> None:
        if not is_web(canvas):
            canvas._canvas_manager._current_canvas = None
        draw()

    canvas.on_client_ready(ready)


def on_click(canvas: Any, click: Callable[[float, float], None], busy: Callable[[], None] | None = None) -> None:
    """Call `click(x, y)` (canvas pixels) on a mouse press or a tap (the first finger), as a click. On the web
    canvas, a click the page made while it showed the board busy goes to `busy()` instead, never played."""
    canvas.on_mouse_down(click)

    def touched(fingers: list[tuple[float, float]]) -> None:
        if fingers:
            click(*fingers[0])

    canvas.on_touch_start(touched)
    if busy is not None and is_web(canvas):
        canvas.on_busy_click(busy)


def on_key(canvas: Any, key: Callable[[str, bool, bool, bool], None]) -> None:
    """Call `key(name, shift, ctrl, meta)` on a key pressed while the canvas has the keyboard's focus (both
    canvases take the focus: a click or Tab gives it)."""
    canvas.on_key_down(key)


def set_busy(canvas: Any, busy: bool) -> None:
    """Tell the page whether the board is busy (the web canvas then answers clicks without playing them)."""
    if is_web(canvas) and canvas.busy != busy:
        canvas.busy = busy


def set_label(canvas: Any, text: str) -> None:
    """Name the canvas for screen readers (the web canvas's aria-label; ipycanvas has no way to)."""
    if is_web(canvas):
        canvas.aria_label = text
