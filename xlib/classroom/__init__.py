"""Class mode: groups' finished games of any of the five games pooled for one class, in a real database.

    from xlib.classroom import open_store
    store = open_store()                       # SQLite: XLIB_CLASS_DB, or a file in the user's data folder
    info = store.create_class()                # the teacher: a code such as 7F3K
    store.join(info.code, "Table 3")           # a group
    store.save_game(info.code, "Table 3", key, state.record(), seats=["person", "medium", "medium"])
    store.games(info.code)                     # every finished game of every game, with its table
    store.games(info.code, game="x", group="Table 3")   # the group's finished games of X

`open_store("postgresql://user:password@host/db")` gives the same interface on PostgreSQL, for a
school server whose kernels run on several machines (JupyterHub); setting XLIB_CLASS_DB to such
a URL makes it every kernel's default.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .checks import (CODE_ALPHABET, CODE_LENGTH, MAX_MOVES, MAX_RECORD_CHARS, ClassClosed, ClassError,
                     StorageError, UnknownClass, check_code, check_game, check_group, game_title, new_game_key)
from .schema import MIGRATIONS, Migration
from .store import MAX_GAMES, MAX_GROUPS, Activity, ClassInfo, ClassStore, StoredGame

ENV = "XLIB_CLASS_DB"
FILE_NAME = "classes.sqlite3"


def data_dir() -> Path:
    """The user's folder for application data (where the default class database lives)."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "xlib"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "xlib"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "xlib"


def default_location() -> str:
    """XLIB_CLASS_DB when set (a file or a postgresql:// URL), else the SQLite file in the user's data folder."""
    return os.environ.get(ENV, "").strip() or str(data_dir() / FILE_NAME)


def open_store(url: str | os.PathLike[str] | None = None, migrations: tuple[Migration, ...] = MIGRATIONS) -> ClassStore:
    """The class store at `url`: a postgresql:// URL, an sqlite:/// URL or a file path; default_location() if None.

    The schema is created or brought up to date on opening; every kernel of a class (the teacher's
    panel and each group's app) must open the same database."""
    where = default_location() if url is None else os.fspath(url)
    if not where.strip():
        raise ClassError("no class database given: a file path or a postgresql:// URL")
    if where.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(where, migrations)
    from .sqlite import SQLiteStore

    if where.startswith("sqlite:///"):
        return SQLiteStore(where[len("sqlite:///"):], migrations)   # sqlite:////abs/path or sqlite:///relative
    if "://" in where:
        raise ClassError(f"{where.split('://')[0]}:// is not a class database: give a file path, sqlite:///path "
                         f"or postgresql://user:password@host/database")
    return SQLiteStore(where, migrations)


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "ENV", "MAX_GAMES", "MAX_GROUPS", "MAX_MOVES", "MAX_RECORD_CHARS",
           "MIGRATIONS", "Activity", "ClassClosed", "ClassError", "ClassInfo", "ClassStore", "Migration",
           "StorageError", "StoredGame", "UnknownClass", "check_code", "check_game", "check_group", "data_dir",
           "default_location", "game_title", "new_game_key", "open_store"]
