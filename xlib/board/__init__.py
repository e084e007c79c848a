"""Interactive boards for the notebooks (ipywidgets + ipycanvas); the only part of xlib that needs them."""
from .scenes import Scene, Tutorial
from .view import Choice, Click, View
from .widget import Board, view_for

__all__ = ["Board", "Choice", "Click", "Scene", "Tutorial", "View", "view_for"]
