"""Interactive boards for the notebooks (ipywidgets + ipycanvas); the only part of xlib that needs them.

`Board(game)` is the one board for every game; a game adds a view (`xlib.registry` finds it),
the shared `CellView` draws boards made of cells, and `Tutorial` shows a lesson's scenes."""
from ..lessons.scene import Scene
from .cells import CellView, Piece
from .tutorial import Tutorial
from .view import Choice, Click, Overlay, View
from .widget import Board, view_for

__all__ = ["Board", "CellView", "Choice", "Click", "Overlay", "Piece", "Scene", "Tutorial", "View", "view_for"]
