"""Paths of arrow keys over a board's places, as a keyboard user finds them (shared by the board and browser
tests): from where the cursor stands to the place a click would choose."""
from __future__ import annotations

from collections import deque
from typing import Any

from xlib.board import keys
from xlib.board.view import Target


def target_at(view: Any, state: Any, selection: Any, x: float, y: float) -> Target:
    """The place the view lists under the point (x, y) a mouse would click."""
    found = [t for t in view.key_targets(state, selection) if abs(t.x - x) <= t.rx and abs(t.y - y) <= t.ry]
    assert found, f"no keyboard place under ({x:.0f}, {y:.0f})"
    return min(found, key=lambda t: (t.x - x) ** 2 + (t.y - y) ** 2)


def arrow_path(targets: list[Target], start: Target, goal: Target) -> list[str]:
    """The shortest list of arrow keys that moves the cursor from `start` to `goal` (AssertionError if none)."""
    seen = {start.name: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here.name == goal.name:
            return seen[here.name]
        for key, direction in keys.ARROWS.items():
            nxt = keys.step(targets, (here.x, here.y), direction)
            if nxt is not None and nxt.name not in seen:
                seen[nxt.name] = seen[here.name] + [key]
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
        out += arrow_path(targets, cursor, goal) + ["Enter"]
        result = view.click(state, x, y, selection)
        selection = result.selection
        cursor = goal
    return out
