"""Xero-G's view in four parts, each built on the one before: `flights` (squares, notation, what the engine
says about a flight being entered), `entry` (what a click means), `drawing`, and `view` (words and labels)."""
from .drawing import GATE_RED
from .flights import CHOOSE, DROP, FLY, Arrange, Entry, Frame
from .view import XeroGView

__all__ = ["CHOOSE", "DROP", "FLY", "GATE_RED", "Arrange", "Entry", "Frame", "XeroGView"]
