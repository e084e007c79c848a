"""XAllies's view: the circle of wells, sowing by clicks, and the shooting range that stands in for the marble shot."""
from .view import XAlliesView

__all__ = ["XAlliesView"]
