"""Plots for every reader: a matplotlib figure said in a sentence with its numbers (the text alternative a screen
reader reads in place of the picture), and the figure as an HTML picture that carries that sentence."""
from __future__ import annotations

import base64
import html
import io
import math
from typing import Any


def _number(value: Any) -> str:
    """A value as the plot shows it: whole numbers bare, shares and small values to two places."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "none"
    v = float(value)
    if abs(v - round(v)) < 1e-9:
        return f"{v:.0f}"
    return (f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}").rstrip("0").rstrip(".")


def _values(data: Any) -> list[float]:
    """A line's data as plain numbers."""
    return [float(v) for v in data]


def _label(text: str) -> str:
    return " ".join(str(text).split())


def _tick_name(ax: Any, x: float) -> str:
    """The name under the bar at `x`: the nearest labelled tick, or the position itself."""
    ticks = [(t, _label(lbl.get_text())) for t, lbl in zip(ax.get_xticks(), ax.get_xticklabels()) if lbl.get_text()]
    if not ticks:
        return _number(x)
    return min(ticks, key=lambda tl: abs(tl[0] - x))[1]


def _axes_words(ax: Any) -> list[str]:
    """What one plot shows: its title, each series of bars by name, each line from start to end, each set of
    points with their names or positions."""
    from matplotlib.container import BarContainer, ErrorbarContainer

    parts: list[str] = []
    title = _label(ax.get_title())
    ylabel = _label(ax.get_ylabel())
    xlabel = _label(ax.get_xlabel()).split("(")[0].strip()   # the axis's name, without its explanation
    seen_lines = set()
    for k, c in enumerate(ax.containers):
        name = c.get_label() or ""
        name = "" if name.startswith("_") else _label(name)
        if isinstance(c, BarContainer):
            values = [f"{_tick_name(ax, p.get_x() + p.get_width() / 2)} {_number(p.get_height())}" for p in c.patches]
            parts.append((f"{name}: " if name else "") + ", ".join(values))
        elif isinstance(c, ErrorbarContainer) and c.lines and c.lines[0] is not None:
            line = c.lines[0]
            seen_lines.add(id(line))
            xs, ys = _values(line.get_xdata()), _values(line.get_ydata())
            names = {(round(float(t.xy[0]), 6), round(float(t.xy[1]), 6)): _label(t.get_text())
                     for t in ax.texts if hasattr(t, "xy")}
            points = []
            for x, y in zip(xs, ys):
                who = names.get((round(float(x), 6), round(float(y), 6)))
                points.append(f"{who}: {_number(x)}, {_number(y)}" if who else
                              f"{xlabel or 'x'} {_number(x)}: {_number(y)}")
            parts.append((f"{name}: " if name else "") + "; ".join(points))
    for line in ax.lines:
        if id(line) in seen_lines:
            continue
        name = line.get_label() or ""
        xs = _values(line.get_xdata())
        ys = _values(line.get_ydata())
        if name.startswith("_") or len(xs) < 1:
            continue
        if len(xs) == 1:
            parts.append(f"{_label(name)} at {_number(xs[0])}, {_number(ys[0])}")
        else:
            parts.append(f"{_label(name)} from {_number(ys[0])} at {xlabel or 'the start'} {_number(xs[0])} to "
                         f"{_number(ys[-1])} at {_number(xs[-1])}")
    if not parts and not title:
        return []
    head = title + (f" ({ylabel})" if ylabel and ylabel.lower() not in title.lower() else "")
    return [head + (": " + "; ".join(parts) if parts else "")]


def describe_figure(fig: Any) -> str:
    """The figure in words with its numbers, plot by plot: the text alternative of its picture."""
    words: list[str] = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and suptitle.get_text():
        words.append(_label(suptitle.get_text()))
    for ax in fig.get_axes():
        if ax.axison or ax.containers or ax.lines:
            words += _axes_words(ax)
    text = ". ".join(w.rstrip(".") for w in words if w)
    return (text + ".") if text else "A plot."


#: how wide the page shows a chart per inch of its figure, in hundredths of the screen's width: 110 px an inch on a
#: 1366-pixel laptop, 155 px on a 1920-pixel projector
VW_PER_INCH = 110 / 13.66
#: the smallest type a chart may have, in points: 20 px on a 1920-pixel projector at VW_PER_INCH (14 on a laptop)
SMALLEST_TYPE = 9.5


def screen_width(png: bytes, dpi: float) -> str:
    """The CSS width of a chart drawn as `png` at `dpi`: VW_PER_INCH for every inch it measures, so the chart and
    its type grow with the screen; never wider than the page."""
    inches = int.from_bytes(png[16:20], "big") / dpi   # the width in the PNG's header
    return f"min(100%, {inches * VW_PER_INCH:.1f}vw)"


def figure_html(fig: Any, width: str | None = None) -> Any:
    """The figure as a picture for a notebook's output, with its sentence as the picture's text alternative; as
    wide as `width`, by default as screen_width says."""
    from IPython.display import HTML

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi, bbox_inches="tight")
    png = buf.getvalue()
    data = base64.b64encode(png).decode("ascii")
    alt = html.escape(describe_figure(fig))
    shown = width or screen_width(png, fig.dpi)
    return HTML(f'<img class="xlib-plot" style="width:{shown};max-width:100%" alt="{alt}" '
                f'src="data:image/png;base64,{data}">')
