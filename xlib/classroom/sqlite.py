"""The class store in one SQLite file (the standard library): a laptop serves a class with nothing to install.

Write-ahead logging lets the teacher's panel read while groups write; writers take the write
lock at the start of their transaction (BEGIN IMMEDIATE) and wait for it up to BUSY_SECONDS,
so thirty kernels finishing a game at once queue for a few milliseconds each instead of failing.
"""
from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .checks import StorageError
from .schema import MIGRATIONS, Migration
from .store import ClassStore, Tx

BUSY_SECONDS = 30.0


class _SQLiteTx:
    """A transaction on an sqlite3 connection (values as ? parameters)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(sql, tuple(params)).rowcount

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, tuple(params)).fetchall()


class SQLiteStore(ClassStore):
    """Classes in an SQLite file, in WAL mode with a busy timeout; made by open_store()."""

    backend = "sqlite"

    def __init__(self, path: str | Path, migrations: tuple[Migration, ...] = MIGRATIONS) -> None:
        self.path = Path(path).expanduser()
        self.conn: sqlite3.Connection | None = None
        super().__init__(str(self.path), migrations)

    def _connect(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot make the folder for the class database {self.path}: {exc}") from None
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the class database {self.path}: {exc}") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            mode = self._with_retries(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
            if str(mode).lower() != "wal":
                raise StorageError(f"the class database {self.path} cannot use write-ahead logging (it is in "
                                   f"{mode} mode): keep it on a local disk, not a network folder")
            conn.execute("PRAGMA synchronous = FULL")   # a stored game survives a power cut
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            conn.close()
            raise StorageError(f"cannot use the class database {self.path}: {exc}") from None
        except StorageError:
            conn.close()
            raise
        self.conn = conn

    def _with_retries(self, fn: Callable[[], Any]) -> Any:
        """Switching to WAL needs a moment alone with the file: wait while other kernels open it too."""
        for attempt in range(40):
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if not self._transient(exc) or attempt == 39:
                    raise
                time.sleep(0.05)

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        conn = self.conn
        if conn is None:
            raise StorageError(f"the class database {self.path} is closed")
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield _SQLiteTx(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _transient(self, exc: BaseException) -> bool:
        text = str(exc).lower()
        return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)

    def _database_error(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.Error,)

    def close(self) -> None:
        with self._lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None
