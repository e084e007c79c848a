"""Colours for the boards, chosen to stay apart for colour-blind eyes, and the check that they do.

Colour is never the only cue: every piece also carries a letter. Each view declares its seat
colours (`View.seat_colours`, by seat index, never by player name); `distinct()` measures how
far apart a set of colours stays under normal vision and simulated deuteranopia, protanopia
and tritanopia (Machado, Oliveira and Fernandes 2009, full severity), as CIELAB ΔE."""
from __future__ import annotations

import itertools
from typing import Iterable

# Okabe–Ito hues, with lightness moved where two seats would otherwise merge for some eyes
SKY_BLUE = "#56B4E9"
BLUE = "#0072B2"
PURPLE = "#8E3B82"      # a dark reddish purple: apart from grey and green under deuteranopia
GREEN = "#005A3C"       # a dark bluish green
GREY = "#989898"
VERMILLION = "#D55E00"
YELLOW = "#F0E442"
ORANGE = "#E69F00"
WHITE = "#FFFFFF"
BLACK = "#111111"

HIGHLIGHT = ORANGE      # legal targets
MARK = "#B00020"        # what a message points at (an illegal click, a protected stone)
LAST = BLACK            # the last move's marks
TEXT = "#222222"
MUTED = "#666666"
BACKGROUND = "#FAFAF7"
CELL = "#E9E4D8"        # an empty cell
CELL_EDGE = "#8A8170"

VISIONS: dict[str, tuple[tuple[float, float, float], ...] | None] = {
    "normal": None,
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(hex_colour: str) -> list[float]:
    out = []
    for i in (1, 3, 5):
        c = int(hex_colour[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def simulate(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """The colour as seen with `vision`, in linear RGB."""
    rgb = _linear(hex_colour)
    m = VISIONS[vision]
    if m is None:
        return rgb[0], rgb[1], rgb[2]
    r, g, b = (min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))
    return r, g, b


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: str, b: str, vision: str = "normal") -> float:
    """CIELAB ΔE between two colours as seen with `vision`."""
    la, lb = _lab(simulate(a, vision)), _lab(simulate(b, vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def distinct(colours: Iterable[str]) -> tuple[float, str, str, str]:
    """The smallest ΔE between any two of `colours` over every vision, with the pair and the vision."""
    cols = list(colours)
    return min((difference(a, b, v), a, b, v) for v in VISIONS for a, b in itertools.combinations(cols, 2))


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


def tint(colour: str, amount: float = 0.82) -> str:
    """A light version of `colour` (towards white) for backgrounds such as a player's region."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02X}" for c in (r, g, b))
