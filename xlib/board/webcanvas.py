"""A canvas widget of our own for pages with no Python server (Pyodide in the browser, where ipycanvas cannot run).

`WebCanvas` takes the same drawing calls and settings as an ipycanvas Canvas, exactly those the views use
(`calls.SIGNATURES`, `calls.SETTINGS`; any other is refused by name). It records the calls of one frame and sends
them as one message when the frame ends (`hold()`, the counterpart of ipycanvas's `hold_canvas`); its page side
(`webcanvas.js`) replays them on an HTML `<canvas>` and sends back clicks, taps, keys and "a view is ready", as
ipycanvas does, in canvas pixels however large the page draws the canvas."""
from __future__ import annotations

import contextlib
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from .calls import CALLS, SETTINGS, Recorder, unknown

#: the settings of a browser canvas that no view draws with: refused by name, as unknown calls are
OTHER_SETTINGS = frozenset({"direction", "global_composite_operation", "shadow_offset_x", "shadow_offset_y",
                            "shadow_blur", "shadow_color", "filter", "image_smoothing_enabled"})


def wire(name: str, args: tuple[Any, ...]) -> list[Any]:
    """A recorded call's arguments as the page replays them: the defaults ipycanvas fills in are filled in
    (a square's height, a uniform scale, a dash pattern of even length), trailing blanks dropped."""
    out = list(args)
    if name in ("fill_rect", "stroke_rect") and (len(out) < 4 or out[3] is None):
        out = [*out[:3], out[2]]
    elif name == "scale" and (len(out) < 2 or out[1] is None):
        out = [out[0], out[0]]
    elif name == "set_line_dash":
        segments = list(out[0])
        out = [segments + segments if len(segments) % 2 else segments]
    elif name == "fill" and not out:
        out = [CALLS["fill"][0][1]]
    elif name == "arc" and len(out) < 6:
        out = [*out, CALLS["arc"][5][1]]
    elif name == "stroke":   # the current path (a Path2D is not among the calls)
        out = []
    if name in ("fill_polygon", "stroke_polygon", "stroke_lines"):
        out = [[[float(x), float(y)] for x, y in out[0]]]
    while out and out[-1] is None:
        out.pop()
    return out


class WebCanvas(anywidget.AnyWidget):
    """An HTML canvas driven from Python: `c.fill_rect(0, 0, 10)`, `c.fill_style = "#FF0000"`, `with c.hold():`.

    `width` and `height` are its size in canvas pixels; `layout` and CSS classes style the `<canvas>` element;
    `aria_label` names it for screen readers; while `busy` is set, a click or tap is not handed to `on_mouse_down`
    or `on_touch_start` but to `on_busy_click` (the page knew the board was busy when it was made)."""

    _esm = (Path(__file__).with_name("webcanvas.js")).read_text(encoding="utf-8")
    width = traitlets.CInt(200).tag(sync=True)
    height = traitlets.CInt(200).tag(sync=True)
    aria_label = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._frame = Recorder()
        self._held = 0
        self.sent: list[list[list[Any]]] = []   # the last frames sent (a few, for tests and for a look back)
        self._events: dict[str, CallbackDispatcher] = {
            e: CallbackDispatcher() for e in ("client_ready", "mouse_down", "touch_start", "key_down", "busy_click")}
        self.on_msg(self._on_event)

    # ---- drawing ------------------------------------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in self.__dict__:
            raise AttributeError(name)
        if name in CALLS:
            return partial(self._draw, name)
        if name in SETTINGS:
            return getattr(self._frame, name)
        raise unknown(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in SETTINGS:
            setattr(self._frame, name, value)
            self._flush_unless_held()
        elif name in OTHER_SETTINGS:
            raise unknown(name)
        else:
            super().__setattr__(name, value)

    def _draw(self, name: str, *args: Any, **kwargs: Any) -> None:
        getattr(self._frame, name)(*args, **kwargs)
        self._flush_unless_held()

    def _flush_unless_held(self) -> None:
        if not self._held:
            self.flush()

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Send the calls made inside as one frame, when the outermost `hold` ends."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self.flush()

    def frame(self) -> list[list[Any]]:
        """The calls recorded since the last frame was sent, as the page receives them: [name, arguments],
        and ["set", [setting, value]] for a setting."""
        return [["set", [name, value]] if name in SETTINGS else [name, wire(name, value)]
                for name, value in self._frame.ops]

    def flush(self) -> None:
        """Send the calls recorded so far as one message."""
        ops = self.frame()
        self._frame.ops.clear()
        if not ops:
            return
        self.sent = [*self.sent[-3:], ops]
        self.send({"frame": ops})

    # ---- events from the page ---------------------------------------------------------------------------
    def on_client_ready(self, callback: Callable[[], Any], remove: bool = False) -> None:
        """Call `callback()` whenever a view of the canvas opens in a page (it starts blank)."""
        self._events["client_ready"].register_callback(callback, remove=remove)

    def on_mouse_down(self, callback: Callable[[float, float], Any], remove: bool = False) -> None:
        """Call `callback(x, y)` on a mouse press, in canvas pixels."""
        self._events["mouse_down"].register_callback(callback, remove=remove)

    def on_touch_start(self, callback: Callable[[list[tuple[float, float]]], Any], remove: bool = False) -> None:
        """Call `callback(touches)` when a finger touches the canvas: every finger's (x, y) in canvas pixels."""
        self._events["touch_start"].register_callback(callback, remove=remove)

    def on_key_down(self, callback: Callable[[str, bool, bool, bool], Any], remove: bool = False) -> None:
        """Call `callback(key, shift, ctrl, meta)` on a key pressed while the canvas has the focus."""
        self._events["key_down"].register_callback(callback, remove=remove)

    def on_busy_click(self, callback: Callable[[], Any], remove: bool = False) -> None:
        """Call `callback()` for a click or tap made while `busy` was set (it is not handed on as a click)."""
        self._events["busy_click"].register_callback(callback, remove=remove)

    def _on_event(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        event = content.get("event", "")
        if event in ("mouse_down", "touch_start") and content.get("busy"):
            self._events["busy_click"]()
        elif event == "client_ready":
            self._events["client_ready"]()
        elif event == "mouse_down":
            self._events["mouse_down"](float(content["x"]), float(content["y"]))
        elif event == "touch_start":
            self._events["touch_start"]([(float(t["x"]), float(t["y"])) for t in content.get("touches", [])])
        elif event == "key_down":
            self._events["key_down"](str(content.get("key", "")), bool(content.get("shift_key")),
                                     bool(content.get("ctrl_key")), bool(content.get("meta_key")))
