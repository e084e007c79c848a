"""One open transaction of the class store (Tx) and the signal to roll it back and try it again (Transient)."""
from __future__ import annotations

from typing import Any, Protocol, Sequence


class Tx(Protocol):
    """One open transaction: run a statement, or fetch its rows (values passed as parameters only)."""

    def run(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...


class Transient(Exception):
    """Raised inside a transaction to have it rolled back and tried again (a lost race)."""
