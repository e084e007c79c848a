"""Tutorial scenes for the notebooks, as pure data (no widget library): one module per game.

Each lesson module holds SCENES (in teaching order, each with its exercises) and DECISIONS (our choices where the
rules leave a gap, in plain words); `xlib.registry.lesson(name)` finds it."""
from .exercise import AsEntered, Exercise, mover_wins, played, turn_moves, turn_over
from .scene import Scene

__all__ = ["AsEntered", "Exercise", "Scene", "mover_wins", "played", "turn_moves", "turn_over"]
