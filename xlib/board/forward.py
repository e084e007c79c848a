"""Attributes of a whole made of parts, read and set on the part that holds them: the board offers its parts'
widgets and actions under the names its users (lessons, panels, tests) have always read."""
from __future__ import annotations

from typing import Any


class Forward:
    """An attribute of the board that is one of its parts': read (and set) on the part; `default` where the board
    has no such part (a board without controls has no New game button)."""

    def __init__(self, part: str, name: str | None = None, default: Any = None) -> None:
        self.part, self.name, self.default = part, name, default

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, board: Any, owner: type | None = None) -> Any:
        if board is None:
            return self
        part = getattr(board, self.part)
        return self.default if part is None else getattr(part, self.name or "")

    def __set__(self, board: Any, value: Any) -> None:
        setattr(getattr(board, self.part), self.name or "", value)
