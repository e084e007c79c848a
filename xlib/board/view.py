"""What a game adds to the board: how to draw a state and what a click on the canvas means.

A view never changes a state: it returns the move a click asks for, or a selection to keep,
or a sentence to show. The Board widget owns the state, the controls and the callbacks."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import Move, State


@dataclass
class Click:
    """The meaning of a click: a move to play, a selection to keep, or a message (or nothing)."""

    move: Move | str | None = None
    selection: Any = None
    message: str | None = None


@dataclass
class Choice:
    """A button the board shows under the canvas while a decision is pending."""

    label: str
    move: Move | str
    tooltip: str = ""


@dataclass
class View:
    """Base view: a canvas size; games override draw, click and choices."""

    width: int = 600
    height: int = 600
    options: dict = field(default_factory=dict)

    def draw(self, canvas: Any, state: State, selection: Any = None, frame: Any = None) -> None:
        raise NotImplementedError

    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        return Click()

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        return []

    def frames(self, state: State, move: Move) -> list[Any]:
        """Intermediate pictures between `state` and the state after `move` (for animation)."""
        return []

    def log(self, state: State) -> list[str]:
        """The move log in notation."""
        return [str(m) for m in state.moves_played()]

    def status(self, state: State) -> str:
        """A line under the board: whose turn, scores."""
        if state.over:
            won = " and ".join(state.players[w] for w in state.winners)
            return f"Game over: {won} {'win' if len(state.winners) > 1 else 'wins'}."
        return f"{state.players[state.to_move].capitalize()} to move."
