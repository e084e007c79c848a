"""xlib: exact rules for five abstract board games, behind one small API.

    import xlib
    g = xlib.game("xallies", players=3)
    s = g.start(seed=0)
    s = s.play("3+:bb")
"""
from .core import Game, Move, State
from .errors import IllegalMove, NotationError, OptionError, PositionError, RecordError, SeedError, XlibError
from .experiments import play_match, tournament
from .records import replay
from .registry import game, game_names
from .rng import stream

__all__ = [
    "Game", "Move", "State", "IllegalMove", "NotationError", "OptionError", "PositionError",
    "RecordError", "SeedError", "XlibError", "game", "game_names", "play_match", "replay", "stream", "tournament",
]
__version__ = "0.1.0"
