"""What a game adds to the board: how to draw a state and what a click on the canvas means.

A view never changes a state: it returns the move a click asks for, or a selection to keep,
or a sentence to show. The Board widget owns the state, the controls and the callbacks. A
view draws in its own coordinates (`width` × `height`); the board scales the canvas to fit
the screen and hands clicks back in those coordinates."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from ..core import Move, State
from . import palette


@dataclass
class Click:
    """The meaning of a click: a move to play, a selection to keep, or a message (or nothing).

    `marks` names what the message points at (cells, wells): the board outlines them."""

    move: Move | str | None = None
    selection: Any = None
    message: str | None = None
    marks: tuple[Any, ...] = ()
    illegal: bool = False


@dataclass
class Choice:
    """A button the board shows above the canvas while a decision is pending.

    `move` is a move, its notation, or a rule (state -> move or None) followed while it gives one."""

    label: str
    move: Move | str | Callable[[State], Move | None]
    tooltip: str = ""


@dataclass(frozen=True)
class Target:
    """A place on the board a click could choose (a cell, a well, a tile, a drawn button), for the keyboard:
    the arrow keys move a cursor from target to target and Enter clicks at (x, y), in the view's coordinates.

    `name` says in words what is there ("d4, empty"); `rx` and `ry` are half its width and height."""

    name: str
    x: float
    y: float
    rx: float = 16.0
    ry: float = 16.0


#: the direction (x, y) of each arrow key, in the view's coordinates (y grows downwards)
ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}


@dataclass(frozen=True)
class Arrow:
    """Where an arrow key moves the keyboard's cursor: towards (dx, dy) in the view's coordinates (a unit vector;
    y grows downwards), to the nearest place that way no farther than `reach` view units."""

    dx: float
    dy: float
    reach: float = math.inf


@dataclass
class Overlay:
    """What the board draws over a state: the selection, marks, an animation frame, the keyboard's cursor."""

    selection: Any = None
    marks: tuple[Any, ...] = ()
    frame: Any = None
    interactive: bool = True   # False while the computer moves or an earlier position is shown
    cursor: Target | None = None
    #: a small picture printed beside its sentences: its type is large, so the view leaves out what the words
    #: say (header and status lines, keys and legends) and uses short labels
    compact: bool = False


@dataclass
class View:
    """Base view: a canvas size, seat colours and letters; games override draw and click."""

    width: int = 600
    height: int = 600
    options: dict[str, Any] = field(default_factory=dict)

    #: colour of each seat, by seat index (checked for colour-blind eyes by the tests)
    seat_colours: ClassVar[tuple[str, ...]] = (palette.BLUE, palette.VERMILLION, palette.YELLOW, palette.GREY)
    #: the letter every piece of a seat carries
    seat_letters: ClassVar[tuple[str, ...]] = ()
    #: option labels in a student's words, by option name
    option_labels: ClassVar[dict[str, str]] = {}
    #: words for option values, by option name then value
    value_labels: ClassVar[dict[str, dict[Any, str]]] = {}
    #: the word for "no limit" of an option that may be None, by option name
    none_labels: ClassVar[dict[str, str]] = {}

    @property
    def compact_width(self) -> int:
        """How much of the view's width (from its left edge) a compact picture shows: all of it, unless the view
        keeps a column of controls at the right that a printed picture leaves out."""
        return self.width

    # ---- what a game draws and what its clicks mean ------------------------------------------
    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        raise NotImplementedError

    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        return Click()

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        return []

    def key_targets(self, state: State, selection: Any = None) -> list[Target]:
        """What the keyboard's cursor can stand on now: every place a click could choose (none by default)."""
        return []

    def key_help(self) -> str:
        """What this board's keys do beyond the plain arrows, said as the cursor appears ("" when nothing more)."""
        return ""

    def arrow(self, key: str, shift: bool = False) -> Arrow | None:
        """How the key `key` (with Shift held or not) moves the keyboard's cursor; None for a key that is no arrow.
        By default each arrow key goes to the nearest place its way, however far, with Shift or without."""
        direction = ARROWS.get(key)
        return Arrow(*direction) if direction is not None else None

    def draw_cursor(self, canvas: Any, target: Target) -> None:
        """The keyboard's cursor: a thick dark outline with a white one inside, seen on every colour."""
        pad = 4.0
        for colour, width, inset in (("#000000", 6.0, 0.0), ("#FFFFFF", 2.0, 3.0)):
            canvas.line_width = width
            canvas.stroke_style = colour
            canvas.stroke_rect(target.x - target.rx - pad + inset, target.y - target.ry - pad + inset,
                               2 * (target.rx + pad - inset), 2 * (target.ry + pad - inset))

    def frames(self, state: State, move: Move) -> list[Any]:
        """Intermediate pictures between `state` and the state after `move` (for animation)."""
        return []

    def typed(self, state: State, text: str) -> None:
        """A legal move typed in notation is about to be played from `state`: a view that shows moves as entered
        (a Xero-G flight's route) keeps it as typed, the same as if it had been clicked."""

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        """What an illegal `move` (typed or clicked) concerns, to outline on the board."""
        return ()

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        """Marks from the names a lesson uses (cells, wells): the view's own mark values."""
        return names

    # ---- words --------------------------------------------------------------------------------
    def player_name(self, state: State, seat: int) -> str:
        return state.players[seat].capitalize()

    def seat_colour(self, seat: int) -> str:
        return self.seat_colours[seat % len(self.seat_colours)]

    def seat_letter(self, state: State, seat: int) -> str:
        return self.seat_letters[seat] if seat < len(self.seat_letters) else state.players[seat][0].upper()

    def phrase(self, before: State, move: Move) -> str:
        """A few words on what `move` did, for the move log (empty when the notation says it all)."""
        return ""

    def news(self, before: State, after: State) -> tuple[str, tuple[Any, ...]]:
        """What a move made happen that a student should not miss (a capture, an alliance, a win), and the
        marks to outline with it; ("", ()) when the move speaks for itself."""
        return "", ()

    def log(self, state: State) -> list[tuple[str, str]]:
        """The move log: (notation, short phrase) per move."""
        out = []
        for s in state.history()[1:]:
            assert s.parent is not None and s.last_move is not None
            out.append((str(s.last_move), self.phrase(s.parent, s.last_move)))
        return out

    def status(self, state: State) -> str:
        """A line over the board: whose turn, scores."""
        if state.over:
            if not state.winners:
                return "Game over: a draw."
            won = " and ".join(self.player_name(state, w) for w in state.winners)
            return f"Game over: {won} {'share the win' if len(state.winners) > 1 else 'wins'}."
        assert state.to_move is not None
        return f"{self.player_name(state, state.to_move)} to move."

    def describe(self, state: State) -> str:
        """The position in words and text, for a screen reader and for reading without the picture."""
        return str(state)
