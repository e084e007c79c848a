"""Handouts a teacher can print: each game's rules as an A4 sheet made from its lesson data alone.

`Recorder` (the board's, `xlib.board.calls`) records a view's drawing; `svg` turns a drawing into an
SVG picture (the same view code as the board); `sheet.handout(game)` builds the self-contained HTML sheet: the
rules with pictures, our decisions, exercises, and their answers on pages of their own."""
from ..board.calls import Recorder, UnknownCanvasCall
from .sheet import handout
from .svg import picture, to_svg

__all__ = ["Recorder", "UnknownCanvasCall", "handout", "picture", "to_svg"]
