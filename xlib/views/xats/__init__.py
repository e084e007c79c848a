"""XATS's view: the table of towers and the players' trays, and what a click on a tile or stack means."""
from .view import XatsView

__all__ = ["XatsView"]
