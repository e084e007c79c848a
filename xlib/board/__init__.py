"""The board framework (ipywidgets, drawing on ipycanvas, or in the browser on our own web canvas): one
interactive board for every game, and the View contract.

`Board(game)` is the one board for every game (`board`, a composition of parts: `shown`, `picture`,
`words`, `clicks`, `turns`, `history`, `seats`, `newgame`, `files`, `modes`, `keeping`, laid out by
`layout`); a game adds a view (`view.View`, or `cells.CellView` for boards made of cells), which
`xlib.registry` finds in `xlib.views`; `Tutorial` shows a lesson's scenes. Only this package,
`xlib.views`, `xlib.handouts` (which draws through the views) and `xlib.panels` need the widget libraries."""
from ..lessons.scene import Scene
from .board import Board, view_for
from .cells import CellView, Piece
from .tutorial import Tutorial
from .view import Choice, Click, Overlay, View

__all__ = ["Board", "CellView", "Choice", "Click", "Overlay", "Piece", "Scene", "Tutorial", "View", "view_for"]
