"""Tutorial scenes for the notebooks, as pure data (no widget library): one module per game.

Each lesson module holds SCENES (in teaching order) and DECISIONS (our choices where the
rules leave a gap, in plain words); `xlib.registry.lesson(name)` finds it."""
from .scene import Scene

__all__ = ["Scene"]
