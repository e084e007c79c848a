"""The class store in PostgreSQL (psycopg 3), for a school server whose kernels run on several machines.

Each store holds one connection in autocommit mode and opens a transaction per request; a lost
connection is made anew and the request tried again. Migrations run under an advisory lock, so
many kernels opening a fresh database at once create its tables exactly once. A write locks its
class's row (SELECT ... FOR UPDATE), so the writes of one class never interleave; a read runs in a
REPEATABLE READ transaction, so its statements see one snapshot (a table's row and its moves agree). A psycopg
error is told by its SQLSTATE, never by its text.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Sequence
from urllib.parse import urlsplit, urlunsplit

from .checks import StorageError
from .doorbell import CHANNEL, Doorbell, Notifications
from .schema import MIGRATIONS, Migration
from .store import ClassStore, Tx

SCHEMA_LOCK = 0x786C6962   # the advisory lock key taken while migrating ("xlib")
CONNECT_SECONDS = 10
_CONFLICTS = ("23503", "23505")   # foreign_key_violation, unique_violation: a row another writer changed
#: SQLSTATE classes (by prefix) and what they mean, in words a group can read
_MEANINGS = (
    ("08", "the connection to it failed"),
    ("28", "it refused the user name or password"),
    ("3D", "there is no such database on the server"),
    ("42501", "the user has no right to do this; the administrator can grant it"),
    ("53", "the server ran out of room, memory or connections"),
    ("57", "the server was shut down or stopped the request"),
    ("40", "it was busy with other requests"),
)


def plain(exc: BaseException, connecting: bool = False) -> str:
    """What a psycopg error means, without its own text (an error with no SQLSTATE while connecting: no server)."""
    state = str(getattr(exc, "sqlstate", None) or "")
    for prefix, meaning in _MEANINGS:
        if state.startswith(prefix):
            return meaning
    if not state and connecting:   # libpq gives a failed connection no SQLSTATE: name everything to check
        return ("no PostgreSQL server at that address took the connection (check the host, the port, the "
                "database name, the user and the password, and that PostgreSQL runs)")
    return f"the request could not be carried out ({f'PostgreSQL error {state}' if state else type(exc).__name__})"


def without_password(url: str) -> str:
    """The database URL with its password left out, for messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    except ValueError:
        return "the PostgreSQL database"


class _PostgresTx:
    """A transaction on a psycopg connection; the store's constant SQL uses ?, psycopg wants %s."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        cur = self.conn.execute(sql.replace("?", "%s"), tuple(params))
        return int(cur.rowcount)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(sql.replace("?", "%s"), tuple(params)).fetchall())


class PostgresStore(ClassStore):
    """Classes in a PostgreSQL database given by a URL (postgresql://user:password@host:port/dbname)."""

    backend = "postgresql"
    lock_clause = " FOR UPDATE"   # a write holds its class's row until it commits

    def __init__(self, url: str, migrations: tuple[Migration, ...] = MIGRATIONS) -> None:
        self.url = url
        self.conn: Any = None
        super().__init__(without_password(url), migrations)

    def _connect(self) -> None:
        try:
            import psycopg
        except ImportError:
            raise StorageError("a PostgreSQL class database needs the psycopg package: pip install "
                               "'psycopg[binary]'") from None
        try:
            self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                        application_name="xlib class mode")
        except psycopg.Error as exc:
            raise self._failure(StorageError, exc, f"cannot reach the class database {self.where}: "
                                                   f"{plain(exc, connecting=True)}") from None

    def _reconnect(self) -> None:
        if self.conn is not None and not self.conn.closed:
            return
        self._connect()

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        if self.conn is None:
            raise StorageError(f"the class database {self.where} is closed")
        with self.conn.transaction():
            if not write:   # a read sees one snapshot: a table's row and its move log as of one moment
                self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield _PostgresTx(self.conn)

    def _lock_schema(self, tx: Tx) -> None:
        tx.rows("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def _transient(self, exc: BaseException) -> bool:
        import psycopg
        from psycopg import errors

        if isinstance(exc, (errors.SerializationFailure, errors.DeadlockDetected, errors.LockNotAvailable)):
            return True
        return isinstance(exc, psycopg.OperationalError) and (self.conn is None or self.conn.closed)

    def _conflict(self, exc: BaseException) -> bool:
        return getattr(exc, "sqlstate", None) in _CONFLICTS

    def _plain(self, exc: BaseException) -> str:
        if self.conn is None or self.conn.closed:
            return "the connection to it was lost"
        return plain(exc)

    def _database_error(self) -> tuple[type[BaseException], ...]:
        import psycopg

        return (psycopg.Error,)

    def _notify(self, tx: Tx, payload: str) -> None:
        tx.rows("SELECT pg_notify(?, ?)", (CHANNEL, payload))

    def doorbell(self, code: str | None = None) -> Doorbell:
        return Notifications(self.url, code)

    def close(self) -> None:
        with self._lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None
