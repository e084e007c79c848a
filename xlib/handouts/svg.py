"""Pictures for print: a position drawn by its game's own view on the recording canvas, turned into SVG text.

`picture(state)` draws exactly what the board would (the view's `draw`, and the result banner of a finished
game) on a board nobody may click, so no legal-move hints; `to_svg` replays recorded canvas calls as SVG
elements, one element per shape, with the canvas's settings, transforms and save/restore."""
from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..board import Overlay, View, view_for
from ..board.result import draw_banner
from ..core import State
from ..board.calls import CALLS, SETTINGS, Recorder, arguments, unknown

Matrix = tuple[float, float, float, float, float, float]   # a b c d e f, as canvas and SVG write a transform
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
FAMILY = "sans-serif"      # the views' font family: said once for the whole picture
ARC_STEP = math.pi / 36   # arcs become line segments of at most 5 degrees: smooth at any printed size

ANCHORS = {"start": "start", "left": "start", "center": "middle", "end": "end", "right": "end"}
BASELINES = {"alphabetic": "alphabetic", "top": "text-before-edge", "hanging": "hanging", "middle": "central",
             "ideographic": "ideographic", "bottom": "text-after-edge"}
#: the attributes that place each kind of element: equal ones draw the same shape
GEOMETRY = {"path": ("d",), "circle": ("cx", "cy", "r"), "rect": ("x", "y", "width", "height")}
FONT_SIZE = re.compile(r"^(\d+(?:\.\d+)?)(px|pt)(?:/\S+)?$")
#: the smallest type a printed picture uses, in points on paper: smaller labels of a view are printed this large
MIN_PRINT_PT = 7.0
MM = re.compile(r"^(\d+(?:\.\d+)?)mm$")


def num(x: float, decimals: int = 1) -> str:
    """A coordinate in few characters: one decimal at most (a tenth of a view unit is far below what prints), no
    trailing zero; a transform's turn and scale take more `decimals` (one would print a 45° label 2 % small)."""
    text = f"{float(x):.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The transform that applies `n` first, then `m` (as canvas calls compose)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class _Pen:
    """The canvas state that save and restore keep: settings, transform, dashes."""

    settings: dict[str, Any] = field(default_factory=lambda: dict(SETTINGS))
    matrix: Matrix = IDENTITY
    dash: tuple[float, ...] = ()


def _font(font: str) -> dict[str, str]:
    """A CSS font shorthand ("bold 13px sans-serif") as SVG attributes."""
    words = str(font).split()
    for k, word in enumerate(words):
        size = FONT_SIZE.match(word)
        if size:
            out = {"font-size": num(float(size.group(1)) * (4 / 3 if size.group(2) == "pt" else 1)),
                   "font-family": " ".join(words[k + 1:]) or "sans-serif"}
            for lead in words[:k]:
                if lead in ("italic", "oblique"):
                    out["font-style"] = lead
                elif lead in ("bold", "bolder", "lighter") or lead.isdigit():
                    out["font-weight"] = lead
            return out
    return {"font-size": "12", "font-family": str(font) or "sans-serif"}


def _guess(text: Any, size: float, font: dict[str, str]) -> float:
    """About how wide `text` is in a font of `size` units (a bold one a little wider)."""
    return len(str(text)) * size * (0.62 if font.get("font-weight") == "bold" else 0.56)


def _inside(x: float, wide: float, anchor: str, width: float, gap: float = 2.0) -> float:
    """The anchor `x` of a label `wide` units wide moved, if need be, so that the whole label lies inside a picture
    `width` units wide (`gap` from its edges); a label wider than the picture is centred on it."""
    left = {"start": 0.0, "middle": wide / 2, "end": wide}[anchor]   # from the label's left end to its anchor
    if wide + 2 * gap >= width:
        return width / 2 - wide / 2 + left
    return min(max(x, gap + left), width - gap - wide + left)


class _Drawing:
    """Replays recorded canvas calls into SVG elements."""

    def __init__(self, min_font: float = 0.0, width: float = 0.0) -> None:
        self.min_font = min_font   # the smallest font size, in view units (0: as drawn)
        self.width = width         # the view's width: an enlarged label stays inside it
        self.pen = _Pen()
        self.saved: list[_Pen] = []
        self.elements: list[tuple[str, dict[str, str], str | None]] = []
        self.path: list[str] = []
        self.start: tuple[float, float] | None = None    # the current subpath's first point, in SVG units
        self.point: tuple[float, float] | None = None    # the current point, in SVG units

    # ---- attributes ------------------------------------------------------------------------------------
    def _alpha(self) -> dict[str, str]:
        alpha = float(self.pen.settings["global_alpha"])
        return {"opacity": num(alpha)} if alpha < 1 else {}

    def _transform_attr(self) -> dict[str, str]:
        m = self.pen.matrix
        if m == IDENTITY:
            return {}
        return {"transform": "matrix(" + " ".join([*(num(v, 4) for v in m[:4]), num(m[4]), num(m[5])]) + ")"}

    def _fill_paint(self) -> dict[str, str]:
        return {"fill": str(self.pen.settings["fill_style"]), **self._alpha()}

    def _stroke_paint(self, scaled: bool = False) -> dict[str, str]:
        """Stroke attributes; `scaled` for a path already in SVG units, whose width the transform scales."""
        s = self.pen.settings
        a, b, c, d, _, _ = self.pen.matrix
        factor = math.sqrt(abs(a * d - b * c)) if scaled else 1.0
        out = {"fill": "none", "stroke": str(s["stroke_style"]), "stroke-width": num(float(s["line_width"]) * factor)}
        if s["line_cap"] != "butt":
            out["stroke-linecap"] = str(s["line_cap"])
        if s["line_join"] != "miter":
            out["stroke-linejoin"] = str(s["line_join"])
        if float(s["miter_limit"]) != 10:
            out["stroke-miterlimit"] = num(float(s["miter_limit"]))
        if self.pen.dash:
            out["stroke-dasharray"] = " ".join(num(v * factor) for v in self.pen.dash)
            if float(s["line_dash_offset"]):
                out["stroke-dashoffset"] = num(float(s["line_dash_offset"]) * factor)
        return {**out, **self._alpha()}

    def _element(self, tag: str, attrs: dict[str, str], text: str | None = None) -> None:
        """Add an element; an outline of the very shape just filled joins that element (half the text, same look:
        SVG paints the fill, then the stroke)."""
        if self.elements and text is None and attrs.get("fill") == "none" and "opacity" not in attrs:
            last_tag, last, last_text = self.elements[-1]
            shape = GEOMETRY.get(tag, ())
            if (last_tag == tag and last_text is None and "stroke" not in last and last.get("fill") != "none"
                    and "opacity" not in last and all(last.get(k) == attrs.get(k) for k in (*shape, "transform"))):
                last.update({k: v for k, v in attrs.items() if k != "fill"})
                return
        self.elements.append((tag, attrs, text))

    def svg_elements(self) -> str:
        """The elements drawn so far, as SVG text."""
        out = []
        for tag, attrs, text in self.elements:
            body = " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
            out.append(f"<{tag} {body}/>" if text is None else f"<{tag} {body}>{html.escape(text)}</{tag}>")
        return "".join(out)

    # ---- the current path, kept in SVG units ----------------------------------------------------------
    def _to(self, x: float, y: float, jump: bool) -> None:
        px, py = apply(self.pen.matrix, float(x), float(y))
        if jump or self.point is None:
            self.path.append(f"M{num(px)} {num(py)}")
            self.start = (px, py)
        else:
            self.path.append(f"L{num(px)} {num(py)}")
        self.point = (px, py)

    def _arc_path(self, x: float, y: float, r: float, a0: float, a1: float, anticlockwise: bool) -> None:
        """Canvas arc semantics: a line from the current point to the arc's start, then the arc."""
        if not anticlockwise:
            sweep = a1 - a0 if a1 - a0 >= 2 * math.pi else (a1 - a0) % (2 * math.pi)
        else:
            sweep = a1 - a0 if a0 - a1 >= 2 * math.pi else -((a0 - a1) % (2 * math.pi))
        sweep = max(-2 * math.pi, min(2 * math.pi, sweep))
        steps = max(1, math.ceil(abs(sweep) / ARC_STEP))
        for k in range(steps + 1):
            t = a0 + sweep * k / steps
            self._to(x + r * math.cos(t), y + r * math.sin(t), jump=False)

    def _begin(self) -> None:
        self.path, self.start, self.point = [], None, None

    def _close(self) -> None:
        if self.path:
            self.path.append("Z")
            self.point = self.start

    def _path_element(self, attrs: dict[str, str]) -> None:
        if self.path:
            self._element("path", {"d": "".join(self.path), **attrs})

    def _shape(self, points: Sequence[tuple[float, float]], close: bool) -> None:
        self._begin()
        for k, (x, y) in enumerate(points):
            self._to(x, y, jump=k == 0)
        if close:
            self._close()

    # ---- one recorded call ---------------------------------------------------------------------------------
    def setting(self, name: str, value: Any) -> None:
        if name not in SETTINGS:
            raise unknown(name)
        self.pen.settings[name] = value

    def call(self, name: str, args: tuple[Any, ...]) -> None:
        if name not in CALLS:
            raise unknown(name)
        a = arguments(name, args)
        handler = getattr(self, "do_" + name)
        handler(**a)

    def do_fill_rect(self, x: float, y: float, width: float, height: float | None) -> None:
        h = width if height is None else height
        self._element("rect", {"x": num(x), "y": num(y), "width": num(width), "height": num(h), **self._fill_paint(),
                               **self._transform_attr()})

    def do_stroke_rect(self, x: float, y: float, width: float, height: float | None) -> None:
        h = width if height is None else height
        self._element("rect", {"x": num(x), "y": num(y), "width": num(width), "height": num(h), **self._stroke_paint(),
                               **self._transform_attr()})

    def do_fill_circle(self, x: float, y: float, radius: float) -> None:
        self._begin()
        self._element("circle", {"cx": num(x), "cy": num(y), "r": num(radius), **self._fill_paint(),
                                 **self._transform_attr()})

    def do_stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._begin()
        self._element("circle", {"cx": num(x), "cy": num(y), "r": num(radius), **self._stroke_paint(),
                                 **self._transform_attr()})

    def do_fill_polygon(self, points: Any) -> None:
        self._shape([(float(p[0]), float(p[1])) for p in points], close=True)
        self._path_element(self._fill_paint())

    def do_stroke_polygon(self, points: Any) -> None:
        self._shape([(float(p[0]), float(p[1])) for p in points], close=True)
        self._path_element(self._stroke_paint(scaled=True))

    def do_stroke_lines(self, points: Any) -> None:
        self._shape([(float(p[0]), float(p[1])) for p in points], close=False)
        self._path_element(self._stroke_paint(scaled=True))

    def do_stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shape([(x1, y1), (x2, y2)], close=False)
        self._path_element(self._stroke_paint(scaled=True))

    def _text(self, text: Any, x: float, y: float, max_width: float | None, paint: dict[str, str]) -> None:
        s = self.pen.settings
        font = _font(s["font"])
        anchor = ANCHORS.get(str(s["text_align"]), "start")
        a, b, c, d, _, _ = self.pen.matrix
        scale = math.sqrt(abs(a * d - b * c)) or 1.0   # a transformed label prints at its size times this
        if float(font["font-size"]) * scale < self.min_font:   # printed, a label is never smaller than MIN_PRINT_PT
            font["font-size"] = num(math.ceil(self.min_font / scale * 10) / 10)
            max_width = None   # nor narrowed to fit a room the view gave it: it keeps its size, and its place ...
            if self.width and self.pen.matrix == IDENTITY:   # ... but inside the picture, moved in from its edge
                x = _inside(x, _guess(text, float(font["font-size"]), font), anchor, self.width)
        baseline = BASELINES.get(str(s["text_baseline"]), "alphabetic")
        attrs = {"x": num(x), "y": num(y), **{k: v for k, v in font.items() if (k, v) != ("font-family", FAMILY)},
                 **({"text-anchor": anchor} if anchor != "start" else {}),
                 **({"dominant-baseline": baseline} if baseline != "alphabetic" else {})}
        guess = _guess(text, float(font["font-size"]), font)
        if max_width is not None and guess > float(max_width):   # as the canvas does: squeeze to fit, never widen
            attrs.update({"textLength": num(float(max_width)), "lengthAdjust": "spacingAndGlyphs"})
        self._element("text", {**attrs, **paint, **self._transform_attr()}, str(text))

    def do_fill_text(self, text: Any, x: float, y: float, max_width: float | None) -> None:
        self._text(text, x, y, max_width, self._fill_paint())

    def do_stroke_text(self, text: Any, x: float, y: float, max_width: float | None) -> None:
        self._text(text, x, y, max_width, self._stroke_paint())

    def do_begin_path(self) -> None:
        self._begin()

    def do_move_to(self, x: float, y: float) -> None:
        self._to(x, y, jump=True)

    def do_line_to(self, x: float, y: float) -> None:
        self._to(x, y, jump=False)

    def do_rect(self, x: float, y: float, width: float, height: float) -> None:
        for k, (px, py) in enumerate([(x, y), (x + width, y), (x + width, y + height), (x, y + height)]):
            self._to(px, py, jump=k == 0)
        self._close()

    def do_arc(self, x: float, y: float, radius: float, start_angle: float, end_angle: float,
               anticlockwise: bool) -> None:
        self._arc_path(x, y, radius, start_angle, end_angle, anticlockwise)

    def do_quadratic_curve_to(self, cp1x: float, cp1y: float, x: float, y: float) -> None:
        if self.point is None:
            self._to(cp1x, cp1y, jump=True)
        c = apply(self.pen.matrix, cp1x, cp1y)
        e = apply(self.pen.matrix, x, y)
        self.path.append(f"Q{num(c[0])} {num(c[1])} {num(e[0])} {num(e[1])}")
        self.point = e

    def do_bezier_curve_to(self, cp1x: float, cp1y: float, cp2x: float, cp2y: float, x: float, y: float) -> None:
        if self.point is None:
            self._to(cp1x, cp1y, jump=True)
        pts = [apply(self.pen.matrix, px, py) for px, py in ((cp1x, cp1y), (cp2x, cp2y), (x, y))]
        self.path.append("C" + " ".join(f"{num(px)} {num(py)}" for px, py in pts))
        self.point = pts[-1]

    def do_close_path(self) -> None:
        self._close()

    def do_stroke(self, path2d: Any) -> None:
        if path2d is not None:
            raise unknown("stroke(path2d)")
        self._path_element(self._stroke_paint(scaled=True))

    def do_fill(self, rule_or_path: Any) -> None:
        if not isinstance(rule_or_path, str):
            raise unknown("fill(path2d)")
        attrs = self._fill_paint()
        if rule_or_path == "evenodd":
            attrs["fill-rule"] = "evenodd"
        self._path_element(attrs)

    def do_save(self) -> None:
        self.saved.append(replace(self.pen, settings=dict(self.pen.settings)))

    def do_restore(self) -> None:
        if self.saved:
            self.pen = self.saved.pop()

    def do_translate(self, x: float, y: float) -> None:
        self.pen.matrix = multiply(self.pen.matrix, (1, 0, 0, 1, float(x), float(y)))

    def do_rotate(self, angle: float) -> None:
        c, s = math.cos(angle), math.sin(angle)
        self.pen.matrix = multiply(self.pen.matrix, (c, s, -s, c, 0, 0))

    def do_scale(self, x: float, y: float | None) -> None:
        self.pen.matrix = multiply(self.pen.matrix, (float(x), 0, 0, float(x if y is None else y), 0, 0))

    def do_transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self.pen.matrix = multiply(self.pen.matrix, (a, b, c, d, e, f))

    def do_set_transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self.pen.matrix = (a, b, c, d, e, f)

    def do_reset_transform(self) -> None:
        self.pen.matrix = IDENTITY

    def do_set_line_dash(self, segments: Sequence[float]) -> None:
        dash = tuple(float(v) for v in segments)
        self.pen.dash = dash + dash if len(dash) % 2 else dash   # the canvas repeats an odd list to make it even

    def do_clear(self) -> None:
        self.elements.clear()


def min_font(width: float, height: float, size: tuple[str, str] | None) -> float:
    """The font size, in view units, that prints at MIN_PRINT_PT when a view `width` × `height` units is printed
    `size` (a width and height in mm, scaled by the smaller of the two as SVG does); 0 when not in mm."""
    found = [MM.match(length) for length in size] if size is not None else []
    if len(found) != 2 or not all(m and float(m.group(1)) for m in found):
        return 0.0
    points_per_unit = min(float(m.group(1)) / side for m, side in zip(found, (width, height)) if m) / 25.4 * 72
    return MIN_PRINT_PT / points_per_unit


def _label_box(attrs: dict[str, str], text: str) -> tuple[float, float, float, float]:
    """About where an upright label lies (x0, y0, x1, y1 in view units), from its anchor, baseline and size, a little
    inside its glyphs' outline, so that labels that only touch do not count as overlapping."""
    size = float(attrs.get("font-size", "12"))
    wide = float(attrs.get("textLength") or len(text) * size * (0.6 if attrs.get("font-weight") == "bold" else 0.53))
    x, y = float(attrs.get("x", "0")), float(attrs.get("y", "0"))
    x0 = {"middle": x - wide / 2, "end": x - wide}.get(attrs.get("text-anchor", ""), x)
    top = {"central": y - 0.36 * size, "text-before-edge": y + 0.1 * size, "hanging": y + 0.1 * size,
           "text-after-edge": y - 0.82 * size}.get(attrs.get("dominant-baseline", ""), y - 0.72 * size)
    return x0 + 0.05 * wide, top, x0 + 0.95 * wide, top + 0.72 * size


def crowded(ops: Sequence[tuple[str, Any]], width: float, height: float, size: tuple[str, str]) -> bool:
    """Whether two upright labels of recorded canvas `ops` run into each other when printed `size` (their type
    enlarged to MIN_PRINT_PT): a label drawn over another at the same place (a tile over a tile) covers it."""
    drawing = _replay(ops, width, height, size)
    boxes = [_label_box(attrs, text) for tag, attrs, text in drawing.elements
             if tag == "text" and text and "transform" not in attrs]
    for k, (ax0, ay0, ax1, ay1) in enumerate(boxes):
        for bx0, by0, bx1, by1 in boxes[k + 1:]:
            if abs(ax0 + ax1 - bx0 - bx1) < 2 and abs(ay0 - by0) < 2:
                continue
            if not (ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0):
                return True
    return False


def _replay(ops: Sequence[tuple[str, Any]], width: float, height: float, size: tuple[str, str] | None) -> _Drawing:
    drawing = _Drawing(min_font(width, height, size), width)
    for name, value in ops:
        if name in SETTINGS:
            drawing.setting(name, value)
        else:
            drawing.call(name, value)
    return drawing


def to_svg(ops: Sequence[tuple[str, Any]], width: float, height: float, size: tuple[str, str] | None = None,
           label: str = "") -> str:
    """SVG text of recorded canvas `ops` on a `width` × `height` canvas; `size` is its printed width and height (CSS
    lengths such as "80mm"), and `label` what it shows, for a screen reader."""
    drawing = _replay(ops, width, height, size)
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {num(width)} {num(height)}", "role": "img",
             "font-family": FAMILY}
    if size is not None:
        attrs.update({"width": size[0], "height": size[1]})
    head = "<svg " + " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items()) + ">"
    title = f"<title>{html.escape(label)}</title>" if label else ""
    return head + title + drawing.svg_elements() + "</svg>"


def draw(state: State, marks: Sequence[str] = (), view: View | None = None,
         compact: bool = False) -> tuple[Recorder, View]:
    """`state` drawn on the recording canvas by its game's view, as the board shows it to someone who may not click
    (no legal-move hints), with the cells or wells named by `marks` outlined and the result of a finished game.
    A `compact` picture (printed small, beside its words) leaves out the view's header, status lines and legend,
    and the result band, which its caption says instead."""
    view = view or view_for(state)
    canvas = Recorder()
    view.draw(canvas, state, Overlay(marks=view.marks_of_names(state, tuple(marks)), interactive=False,
                                     compact=compact))
    if state.over and not compact:
        draw_banner(canvas, view, state)
    return canvas, view


def picture(state: State, marks: Sequence[str] = (), size: tuple[str, str] | None = None, label: str = "",
            view: View | None = None, compact: bool = False) -> str:
    """An SVG picture of `state`, drawn by the same view code as the board (see `draw`); a `compact` one shows the
    view's `compact_width`."""
    canvas, view = draw(state, marks, view, compact)
    return to_svg(canvas.ops, view.compact_width if compact else view.width, view.height, size, label)
