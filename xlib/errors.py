"""The errors xlib raises: every one a ValueError that says, in a sentence, what is wrong."""
from __future__ import annotations


class XlibError(ValueError):
    """Base of every error xlib raises on bad input."""


class IllegalMove(XlibError):
    """A well-formed move that the rules forbid here; `reason` names the rule."""

    def __init__(self, move: str, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move!r}: {reason}")


class NotationError(XlibError):
    """Text that is not a move in the game's notation."""


class PositionError(XlibError):
    """Position text that does not describe a position of the game."""


class RecordError(XlibError):
    """A game record that cannot be replayed (wrong shape, unknown game, a bad move)."""


class OptionError(XlibError):
    """An unknown game option, or an option with a bad value."""


class SeedError(XlibError):
    """A seed that is not a whole number (bool and float are refused: they would hide a mistake)."""


class ExperimentError(XlibError):
    """An experiment that cannot run as asked: no games, an unknown level, an unreachable Dask
    scheduler, or a results file that belongs to another experiment."""
