"""Paths of arrow keys over a board's places, as a keyboard user finds them (shared by the board and browser
tests): from where the cursor stands to the place a click would choose."""
from __future__ import annotations

import re
from collections import deque
from typing import Any

from xlib.board import keys
from xlib.board.view import Target


def target_at(view: Any, state: Any, selection: Any, x: float, y: float) -> Target:
    """The place the view lists under the point (x, y) a mouse would click."""
    found = [t for t in view.key_targets(state, selection) if abs(t.x - x) <= t.rx and abs(t.y - y) <= t.ry]
    assert found, f"no keyboard place under ({x:.0f}, {y:.0f})"
    return min(found, key=lambda t: (t.x - x) ** 2 + (t.y - y) ** 2)


#: the keys that move the cursor, as a browser names them ("Shift+ArrowUp": Up with Shift held)
ARROW_PRESSES = [(key, shift) for shift in (False, True) for key in keys.ARROWS]


def press_name(key: str, shift: bool) -> str:
    return f"Shift+{key}" if shift else key


def split_press(press: str) -> tuple[str, bool]:
    """A key as `press_name` writes it: the key, and whether Shift is held."""
    shift = press.startswith("Shift+")
    return press.removeprefix("Shift+"), shift


def arrow_path(view: Any, targets: list[Target], start: Target, goal: Target) -> list[str]:
    """The shortest list of arrow keys (Shift held where the view gives it a way of its own) that moves the cursor
    from `start` to `goal` on `view`'s board (AssertionError if none)."""
    seen = {start.name: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here.name == goal.name:
            return seen[here.name]
        for key, shift in ARROW_PRESSES:
            arrow = view.arrow(key, shift)
            if shift and arrow == view.arrow(key, False):
                continue   # Shift changes nothing for this key here: the plain key is the one pressed
            nxt = keys.step(targets, (here.x, here.y), arrow) if arrow is not None else None
            if nxt is not None and nxt.name not in seen:
                seen[nxt.name] = seen[here.name] + [press_name(key, shift)]
                queue.append(nxt)
    raise AssertionError(f"{goal.name} cannot be reached by the arrow keys from {start.name}")


def keys_for_clicks(view: Any, state: Any, points: list[tuple[float, float]],
                    cursor: Target | None = None) -> list[str]:
    """The keys that make the clicks at `points` (view coordinates) from the position `state`: arrows to each
    place, then Enter. The cursor starts hidden (the first arrow shows it in the middle) unless given."""
    out: list[str] = []
    selection = None
    for x, y in points:
        targets = view.key_targets(state, selection)
        goal = target_at(view, state, selection, x, y)
        if cursor is None:
            out.append("ArrowUp")   # the first arrow shows the cursor where it starts
            cursor = keys.start_target(targets, view.width, view.height)
            assert cursor is not None
        out += arrow_path(view, targets, cursor, goal) + ["Enter"]
        result = view.click(state, x, y, selection)
        selection = result.selection
        at = keys.KeyCursor()   # where the board then puts the cursor: the same place, by name, else nearest
        at.put(goal)
        cursor = at.current(view.key_targets(state, selection)) or goal
    return out


def clicks_for_move(view: Any, state: Any, move: Any, depth: int = 12,
                    budget: int = 20_000) -> tuple[list[tuple[float, float]], str | None]:
    """Points whose clicks play `move` from `state`, or choose what its button then plays (with that button's
    label, which the page's Tab and Enter press): found by trying the places the keyboard reaches one selection
    after another, first those whose name the move's notation mentions (a cell, a well, a tile, a stack). So a
    test can play any move by keys, never by typing it."""
    goal = state.play(move).record()
    said = set(re.findall(r"[a-z]*\d+|[a-z]+", str(move).lower()))
    left = [budget]

    def plays(m: Any) -> bool:
        return not callable(m) and state.explain(m) is None and state.play(m).record() == goal

    def mentioned(t: Target) -> bool:
        return bool(said & set(re.findall(r"[a-z]*\d+", t.name.lower().split(",")[0])))

    def search(selection: Any, path: list[tuple[float, float]], seen: set[str],
               most: int) -> tuple[list[tuple[float, float]], str | None] | None:
        if len(path) >= most:
            return None
        for t in sorted(view.key_targets(state, selection), key=lambda t: not mentioned(t)):
            if left[0] <= 0:
                return None
            left[0] -= 1
            result = view.click(state, t.x, t.y, selection)
            if result.move is not None:
                if plays(result.move):
                    return path + [(t.x, t.y)], None
            elif result.selection is not None and repr(result.selection) not in seen:
                found = search(result.selection, path + [(t.x, t.y)], seen | {repr(result.selection)}, most)
                if found is not None:
                    return found
        for choice in view.choices(state, selection):   # a button only where no click on the board plays it
            if plays(choice.move):
                return path, choice.label
        return None

    for most in range(1, depth + 1):   # the fewest clicks first
        found = search(None, [], {repr(None)}, most)
        if found is not None:
            return found
    raise AssertionError(f"no clicks on the board play {move}")
