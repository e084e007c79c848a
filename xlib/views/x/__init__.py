"""X's view: the hex rhombus, its stones and corner badges, and what a click on a cell means."""
from .view import XView

__all__ = ["XView"]
