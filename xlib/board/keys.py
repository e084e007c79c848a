"""Playing on the board by keyboard: a cursor over the places a click could choose, moved by the arrow keys.

A game's view lists its places (`View.key_targets`) and says where each arrow key goes (`View.arrow`: the four
arrows by default; on hexagons, Shift with Up or Down too, so that every cell's six neighbours are one press
away); the board keeps a cursor on one of them, draws it over the position and says in words where it stands.
Enter or Space clicks at the cursor, through the very path a mouse click takes, so a keyboard move is checked,
explained and announced like a click. Escape drops a selection. The board's canvas takes the keyboard focus with
Tab, like any control of the page."""
from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import State
from .view import ARROWS, Arrow, Target, View

__all__ = ["ARROWS", "KeyCursor", "Keyed", "cursor_target", "nearest", "on_key", "press", "start_target", "step", "tell"]
PRESS = ("Enter", " ", "Spacebar")
#: how much a step sideways costs beside a step ahead, when the arrow keys choose the next place
SIDEWAYS = 2.5


def step(targets: list[Target], here: tuple[float, float], arrow: Arrow | tuple[float, float]) -> Target | None:
    """The place the cursor goes from `here` by `arrow` (or in a direction): the nearest ahead within the arrow's
    reach, preferring the one most in line (None when nothing lies that way)."""
    if not isinstance(arrow, Arrow):
        arrow = Arrow(*arrow)
    dx, dy = arrow.dx, arrow.dy
    best: Target | None = None
    best_cost = float("inf")
    for t in targets:
        ahead = (t.x - here[0]) * dx + (t.y - here[1]) * dy
        if ahead <= 1.0 or math.hypot(t.x - here[0], t.y - here[1]) > arrow.reach:
            continue
        aside = abs((t.x - here[0]) * dy - (t.y - here[1]) * dx)
        cost = ahead + SIDEWAYS * aside
        if cost < best_cost:
            best, best_cost = t, cost
    return best


def nearest(targets: list[Target], here: tuple[float, float]) -> Target | None:
    """The place nearest to `here` (where the cursor goes when its place has gone, after a move)."""
    return min(targets, key=lambda t: (t.x - here[0]) ** 2 + (t.y - here[1]) ** 2, default=None)


@dataclass
class KeyCursor:
    """Where the keyboard's cursor stands: shown from the first arrow key on, and kept on the same place (by
    name, else the nearest) while the position changes."""

    name: str | None = None
    x: float = 0.0
    y: float = 0.0

    def current(self, targets: list[Target]) -> Target | None:
        """The place the cursor stands on among `targets` (None while hidden or when there are none)."""
        if self.name is None:
            return None
        found = next((t for t in targets if t.name == self.name), None)
        if found is None:
            found = next((t for t in targets if (t.x, t.y) == (self.x, self.y)), None) or \
                nearest(targets, (self.x, self.y))
        return found

    def put(self, target: Target) -> None:
        self.name, self.x, self.y = target.name, target.x, target.y


class Keyed(Protocol):
    """What the keys need of a board: the view and the position shown, what is selected and outlined, the cursor
    and the live region that says where it stands, and the board's ways to speak, show and click."""

    key_cursor: KeyCursor
    selection: Any
    marks: tuple[Any, ...]

    @property
    def view(self) -> View: ...

    @property
    def shown_state(self) -> State: ...

    @property
    def browsing(self) -> int | None: ...

    @property
    def key_live(self) -> Any: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def refresh(self) -> None: ...

    def repaint(self, frame: Any = None) -> None: ...

    def click(self, x: float, y: float) -> None: ...


def targets_of(board: Keyed) -> list[Target]:
    """The places of the position on the board, as its view lists them."""
    return board.view.key_targets(board.shown_state, board.selection if board.browsing is None else None)


def cursor_target(board: Keyed) -> Target | None:
    """The place under the cursor now, for drawing (None while the cursor is hidden)."""
    cursor: KeyCursor | None = getattr(board, "key_cursor", None)
    if cursor is None or cursor.name is None:
        return None
    return cursor.current(targets_of(board))


def start_target(targets: list[Target], width: float, height: float) -> Target | None:
    """Where the cursor first appears: the place nearest the middle of the board."""
    return nearest(targets, (width / 2, height / 2))


def press(board: Keyed, key: str, shift: bool = False) -> bool:
    """Answer a key pressed on the board's canvas (with Shift held or not); True when the key meant something."""
    cursor: KeyCursor = board.key_cursor
    if key == "Escape":
        if board.selection is not None or board.marks:
            board.selection, board.marks = None, ()
            board.say("Selection dropped.")
            board.refresh()
        return True
    targets = targets_of(board)
    if not targets:
        return False
    here = cursor.current(targets)
    arrow = board.view.arrow(key, shift)
    if arrow is not None or here is None and key in PRESS:
        if here is None:   # the cursor appears, with what this board's keys do beyond the plain arrows
            chosen = start_target(targets, board.view.width, board.view.height)
            assert chosen is not None
            cursor.put(chosen)
            more = board.view.key_help()
            tell(board, f"{chosen.name}. {more}" if more else chosen.name)
            board.repaint()
            return True
        chosen = step(targets, (here.x, here.y), arrow) if arrow is not None else here
        if chosen is None:   # the edge of the board: the cursor stays, and says so
            tell(board, f"{here.name}. Nothing further that way.")
            return True
        cursor.put(chosen)
        tell(board, chosen.name)
        board.repaint()
        return True
    if key in PRESS:
        assert here is not None
        cursor.put(here)
        board.click(here.x, here.y)
        after = cursor.current(targets_of(board))
        if after is not None:
            cursor.put(after)
            board.repaint()
        return True
    return False


def tell(board: Keyed, words: str) -> None:
    """Say where the cursor stands, in the board's own small live region (the screen reader reads it)."""
    board.key_live.value = f"<span>{html.escape(words)}</span>"


def on_key(board: Keyed) -> Any:
    """The canvas's key callback for `board` (key, shift, ctrl, meta): keys with Ctrl or Cmd are the page's."""
    def handler(key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if ctrl or meta:
            return
        press(board, key, shift)
    return handler
