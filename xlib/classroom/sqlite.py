"""The class store in one SQLite file (the standard library): a laptop serves a class with nothing to install.

Write-ahead logging lets the teacher's panel read while groups write; writers take the write
lock at the start of their transaction (BEGIN IMMEDIATE) and wait for it up to BUSY_SECONDS,
so thirty kernels finishing a game at once queue for a few milliseconds each instead of failing.
That lock holds the whole file for one writer, so a class's row needs no lock of its own. An
sqlite3 error is told by its SQLite result code (sqlite_errorname), never by its text.
"""
from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .checks import StorageError
from .doorbell import DataVersion, Doorbell
from .schema import MIGRATIONS, Migration
from .store import ClassStore, Tx

BUSY_SECONDS = 30.0
_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
_CONFLICTS = ("SQLITE_CONSTRAINT_FOREIGNKEY", "SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")
#: result codes (by prefix) and what they mean, in words a group can read
_MEANINGS = (
    (("SQLITE_FULL",), "the disk that holds it is full"),
    (("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH"), "it cannot be written (the file or its folder is read-only)"),
    (("SQLITE_CORRUPT", "SQLITE_NOTADB"), "the file is damaged or is not a class database"),
    (("SQLITE_CANTOPEN", "SQLITE_IOERR"), "the file cannot be opened, read or written on its disk"),
    (("SQLITE_NOMEM",), "the computer ran out of memory"),
)


def _code(exc: BaseException) -> str:
    """The SQLite result code of an sqlite3 error, such as SQLITE_BUSY ("" when it has none)."""
    return str(getattr(exc, "sqlite_errorname", None) or "")


def plain(exc: BaseException) -> str:
    """What an sqlite3 error means, without its own text."""
    code = _code(exc)
    if code.startswith(_BUSY):
        return "another program kept it busy"
    for prefixes, meaning in _MEANINGS:
        if code.startswith(prefixes):
            return meaning
    return f"the request could not be carried out ({code or type(exc).__name__})"


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
            raise StorageError(f"cannot make the folder for the class database {self.path}: "
                               f"{exc.strerror or type(exc).__name__}") from None
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise self._failure(StorageError, exc,
                                f"cannot open the class database {self.path}: {plain(exc)}") from None
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
            raise self._failure(StorageError, exc,
                                f"cannot use the class database {self.path}: {plain(exc)}") from None
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
        return isinstance(exc, sqlite3.Error) and _code(exc).startswith(_BUSY)

    def _conflict(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and _code(exc) in _CONFLICTS

    def _plain(self, exc: BaseException) -> str:
        return plain(exc)

    def _database_error(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.Error,)

    def doorbell(self, code: str | None = None) -> Doorbell:
        return DataVersion(self.path)

    def close(self) -> None:
        with self._lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None
