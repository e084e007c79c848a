"""How a kernel learns that the class database changed, cheaply enough to ask several times a second.

SQLite counts the commits other connections make (`PRAGMA data_version`, on a connection of the doorbell's
own, so the kernel's own writes ring too). PostgreSQL rings with LISTEN/NOTIFY: every write of a class notifies
its code; a notification is a doorbell only, since one is lost while a connection is down, so a watcher reads
the tables again after any ring and also every few seconds."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # imported where used: the static site's Python has no sqlite3, and never rings a doorbell
    import sqlite3

#: the channel every class's writes notify on PostgreSQL (the payload is the class code)
CHANNEL = "xlib_class"


class Doorbell:
    """Whether the class database changed since the doorbell was last asked (it may ring when nothing did)."""

    def rang(self) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        """Stop listening."""


class DataVersion(Doorbell):
    """SQLite: the file's data version, read on a connection of its own."""

    def __init__(self, path: Path) -> None:
        import sqlite3

        self.conn: sqlite3.Connection | None = sqlite3.connect(path, timeout=5, isolation_level=None,
                                                               check_same_thread=False)
        self.seen = self._version()

    def _version(self) -> int:
        assert self.conn is not None
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def rang(self) -> bool:
        if self.conn is None:
            return False
        now = self._version()
        changed, self.seen = now != self.seen, now
        return changed

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Notifications(Doorbell):
    """PostgreSQL: LISTEN on a connection of its own; rings for the writes of one class (or of any, code None).
    A lost connection rings (the tables must be read again) and is made anew at the next question."""

    def __init__(self, url: str, code: str | None) -> None:
        self.url, self.code = url, code
        self.conn: Any = None
        self._listen()

    def _listen(self) -> None:
        import psycopg

        try:
            self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5,
                                        application_name="xlib class doorbell")
            self.conn.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error:
            self.conn = None

    def rang(self) -> bool:
        import psycopg

        if self.conn is None or self.conn.closed:
            self._listen()
            return True
        try:
            heard = [n.payload for n in self.conn.notifies(timeout=0)]
        except psycopg.Error:
            self.close()
            return True
        return any(self.code is None or p == self.code for p in heard)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
