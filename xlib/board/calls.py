"""The drawing calls a view may make, and a canvas that records them, call by call.

The table (`SIGNATURES`, `CALLS`, `SETTINGS`) is every call and setting the views draw with; everything that
draws a view reads it: the board's web canvas sends and replays exactly these calls, the handouts turn them into
SVG pictures, and tests read what a view drew. The `Recorder` refuses any other call by name, so a view that
starts drawing with something new fails loudly here instead of drawing a wrong picture."""
from __future__ import annotations

import ast
from functools import partial
from typing import Any

#: every drawing call the recorder knows, with its parameters as ipycanvas names them (defaults after `=`)
SIGNATURES: dict[str, str] = {
    # shapes drawn at once (the circles, polygons and lines start a path of their own, as in ipycanvas)
    "fill_rect": "x, y, width, height=None",
    "stroke_rect": "x, y, width, height=None",
    "fill_circle": "x, y, radius",
    "stroke_circle": "x, y, radius",
    "fill_polygon": "points",
    "stroke_polygon": "points",
    "stroke_line": "x1, y1, x2, y2",
    "stroke_lines": "points",
    "fill_text": "text, x, y, max_width=None",
    "stroke_text": "text, x, y, max_width=None",
    # the current path
    "begin_path": "",
    "move_to": "x, y",
    "line_to": "x, y",
    "rect": "x, y, width, height",
    "arc": "x, y, radius, start_angle, end_angle, anticlockwise=False",
    "quadratic_curve_to": "cp1x, cp1y, x, y",
    "bezier_curve_to": "cp1x, cp1y, cp2x, cp2y, x, y",
    "close_path": "",
    "fill": "rule_or_path='nonzero'",
    "stroke": "path2d=None",
    # the drawing state: transforms, dashes, saving and restoring, clearing
    "save": "",
    "restore": "",
    "translate": "x, y",
    "rotate": "angle",
    "scale": "x, y=None",
    "transform": "a, b, c, d, e, f",
    "set_transform": "a, b, c, d, e, f",
    "reset_transform": "",
    "set_line_dash": "segments",
    "clear": "",
}

#: every setting the recorder knows, with the value a fresh canvas starts with
SETTINGS: dict[str, Any] = {
    "fill_style": "#000000",
    "stroke_style": "#000000",
    "line_width": 1.0,
    "global_alpha": 1.0,
    "font": "12px serif",
    "text_align": "start",
    "text_baseline": "alphabetic",
    "line_cap": "butt",
    "line_join": "miter",
    "miter_limit": 10.0,
    "line_dash_offset": 0.0,
}

_REQUIRED = object()


def _parameters(signature: str) -> tuple[tuple[str, Any], ...]:
    """(name, default) for each parameter of a signature written as in `SIGNATURES`."""
    out = []
    for part in filter(None, (p.strip() for p in signature.split(","))):
        name, _, default = part.partition("=")
        out.append((name.strip(), ast.literal_eval(default.strip()) if default else _REQUIRED))
    return tuple(out)


CALLS: dict[str, tuple[tuple[str, Any], ...]] = {name: _parameters(sig) for name, sig in SIGNATURES.items()}


class UnknownCanvasCall(AttributeError):
    """A view drew with a canvas call or setting the recorder does not know, so no picture could show it."""


def unknown(name: str) -> UnknownCanvasCall:
    """The error for a call or setting `name` the recorder does not know, saying where to add it."""
    return UnknownCanvasCall(
        f"the recording canvas does not know {name!r}: a view drew with a canvas call or setting that printed "
        f"pictures and the web canvas cannot show yet. Add it to xlib/board/calls.py (SIGNATURES or SETTINGS), "
        f"replay it in xlib/board/webcanvas.js and draw it in xlib/handouts/svg.py. Known calls: {', '.join(sorted(CALLS))}; "
        f"known settings: {', '.join(sorted(SETTINGS))}.")


def arguments(name: str, args: tuple[Any, ...]) -> dict[str, Any]:
    """The recorded arguments of call `name` by parameter name, with the defaults of those not given."""
    params = CALLS[name]
    out = {p: (args[k] if k < len(args) else default) for k, (p, default) in enumerate(params)}
    missing = [p for p, v in out.items() if v is _REQUIRED]
    if missing:
        raise TypeError(f"canvas call {name} needs {', '.join(missing)}")
    return out


class Recorder:
    """Records every drawing call as (name, arguments) and every setting as (name, value), in order, in `ops`.

    Reading a setting gives its current value (save and restore included), as on a real canvas. A call or
    setting ipycanvas has but the recorder does not know raises `UnknownCanvasCall`, naming it."""

    ops: list[tuple[str, Any]]

    def __init__(self) -> None:
        object.__setattr__(self, "ops", [])
        object.__setattr__(self, "_settings", dict(SETTINGS))
        object.__setattr__(self, "_saved", [])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if name in SETTINGS:
            return self._settings[name]
        if name in CALLS:
            return partial(self._call, name)
        raise unknown(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in SETTINGS:
            raise unknown(name)
        self._settings[name] = value
        self.ops.append((name, value))

    def _call(self, name: str, *args: Any, **kwargs: Any) -> None:
        params = [p for p, _ in CALLS[name]]
        if len(args) > len(params) or any(k not in params for k in kwargs):
            raise TypeError(f"canvas call {name} takes ({SIGNATURES[name]}), not {len(args)} arguments and "
                            f"{', '.join(kwargs) or 'no names'}")
        given = list(args)
        for k in range(len(args), len(params)):   # a named argument goes to its place, defaults before it
            if not any(p in kwargs for p in params[k:]):
                break
            given.append(kwargs.get(params[k], CALLS[name][k][1]))
        arguments(name, tuple(given))
        if name == "save":
            self._saved.append(dict(self._settings))
        elif name == "restore" and self._saved:
            self._settings.update(self._saved.pop())
        self.ops.append((name, tuple(given)))

    def texts(self) -> list[str]:
        """Every text filled in, in drawing order."""
        return [args[0] for name, args in self.ops if name == "fill_text"]
