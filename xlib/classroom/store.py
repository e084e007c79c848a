"""The class store: one interface over SQLite and PostgreSQL for classes, groups and their games (of any game).

Every method that touches a class's data takes its code and scopes every query by it, so one
class can neither read nor change another's games. Everything a caller passes is checked
(xlib.classroom.checks) before a transaction starts; SQL text is constant and every value goes
in as a parameter. Writes run in short transactions that are retried when the database is busy,
and a game is keyed by (class, game key), so a save repeated after a failure never stores a
game twice. Each stored game keeps the name of its game (xlib.game_names()); the reading methods
take a game name to read one game's rows, and every game of the class without one.

Every write first locks its class's row (SELECT ... FOR UPDATE on PostgreSQL; on SQLite, BEGIN
IMMEDIATE already holds the whole file for one writer), so the writes of one class run one after
another: a count checked against MAX_GROUPS or MAX_GAMES still holds when the row is inserted,
and a save and the teacher's clear never interleave (a save after a clear joins the group again
and is stored in the cleared class). A write that still meets a row changed under it (a conflict)
is tried once more, then refused in plain words; no database driver's own message reaches a group.
The backends supply only connecting, transactions, the lock clause and what their errors mean.
"""
from __future__ import annotations

import json
import threading
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence, TypeVar

from .. import agents
from ..core import State
from ..experiments.matches import game_rows
from .doorbell import Doorbell
from .checks import (ClassClosed, ClassError, StorageError, UnknownClass, check_code, check_exercises, check_game,
                     check_game_key, check_group, check_record, check_seats, game_title, group_key, new_code)
from .live import AWAY_SECONDS, LiveTables, StoreAccess, TableInfo, TableView
from .schema import MIGRATIONS, Migration, check_migrations
from .tx import Transient, Tx

MAX_GROUPS = 200          # groups in one class: a class of 30 needs 15, a school's assembly 100
MAX_GAMES = 5_000         # games in one class: 30 groups playing a game each minute for over two hours
RETRIES = 8               # attempts at a transaction the database answered "busy" (or lost the connection)
CONFLICT_RETRIES = 1      # attempts again after a conflict (a row another writer changed or removed meanwhile)
CODE_TRIES = 50           # fresh codes tried when a new class's code is taken
T = TypeVar("T")
E = TypeVar("E", bound=ClassError)


@dataclass(frozen=True)
class ClassInfo:
    """A class: its code, when it was started (seconds since the epoch), and whether it is closed."""

    code: str
    created: float
    closed: bool


@dataclass(frozen=True)
class StoredGame:
    """A game as stored for a class. `game` names its game ("xallies", "x"…); `rows` is its table, one dict per
    player (xlib.experiments.matches.game_rows columns, with XAllies' ledger); `record` is the game record when it
    was asked for, else None."""

    key: str
    group: str
    finished: bool
    moves: int
    seats: tuple[str, ...]
    rows: tuple[dict[str, Any], ...]
    created: float
    updated: float
    game: str
    record: dict[str, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Activity:
    """A class at a glance: finished and unfinished games, groups, the last finished and the last save
    (seconds since the epoch, 0 before any), and whether the class is closed."""

    finished: int
    unfinished: int
    groups: int
    last_finished: float
    last_save: float
    closed: bool


class ClassStore:
    """Classes, groups and games in a database; made by open_store(). Safe to share between threads."""

    backend: ClassVar[str] = ""
    #: appended to the read of a class's row in a write: holds the row until the transaction ends
    lock_clause: ClassVar[str] = ""

    def __init__(self, where: str, migrations: tuple[Migration, ...] = MIGRATIONS) -> None:
        check_migrations(migrations)
        self.where = where               # the file or the database URL without its password, for messages
        self.migrations = migrations
        self._lock = threading.RLock()   # one transaction at a time on this store's connection
        self._connect()
        self.schema_version = self._attempt(self._migrate, write=True)
        #: the class's live tables, handed the store's transaction runner and the class rows they use (each
        #: looked up when called: a backend's, or a test's stand-in)
        self.live_tables = LiveTables(StoreAccess(
            attempt=lambda work, write=False: self._attempt(work, write),
            class_row=lambda tx, code, lock=False: self._class(tx, code, lock),
            open_class=lambda tx, code: self._open_class(tx, code),
            join=lambda tx, code, name: self._join(tx, code, name),
            put_game=lambda *row: self._put_game(*row),
            notify=lambda tx, payload: self._notify(tx, payload)))

    # ---- the live tables (xlib.classroom.live), as the store's own ------------------------------------
    def open_table(self, code: str, game: str, seed: int | None = None, *, label: str | None = None,
                   level: str = agents.DEFAULT, away: float = AWAY_SECONDS, **options: Any) -> TableInfo:
        """A new table of `game` in the open class (LiveTables.open_table)."""
        return self.live_tables.open_table(code, game, seed, label=label, level=level, away=away, **options)

    def sit(self, code: str, key: str, seat: int, name: str) -> str:
        """A player takes a seat of a table: its ticket (LiveTables.sit)."""
        return self.live_tables.sit(code, key, seat, name)

    def table(self, code: str, key: str) -> TableView:
        """A table as it stands (LiveTables.table)."""
        return self.live_tables.table(code, key)

    def tables(self, code: str, game: str | None = None) -> list[TableView]:
        """Every table of the class (LiveTables.tables)."""
        return self.live_tables.tables(code, game)

    def play(self, code: str, key: str, ticket: str, ply: int, move: str) -> TableView:
        """A move stored at a table, checked (LiveTables.play)."""
        return self.live_tables.play(code, key, ticket, ply, move)

    def claim(self, code: str, key: str, ply: int) -> str | None:
        """Claim a computer seat's move of a table (LiveTables.claim)."""
        return self.live_tables.claim(code, key, ply)

    def arrive(self, code: str, name: str, game: str, passed: str | None = None) -> tuple[str, str]:
        """A player comes to the class from a game's app (LiveTables.arrive)."""
        return self.live_tables.arrive(code, name, game, passed)

    def here(self, code: str, name: str, proof: str) -> bool:
        """A player's page says it is still there (LiveTables.here)."""
        return self.live_tables.here(code, name, proof)

    def my_seat(self, code: str, name: str, passed: str) -> tuple[TableInfo, int, str] | None:
        """The table and seat of a player, with its ticket (LiveTables.my_seat)."""
        return self.live_tables.my_seat(code, name, passed)

    def players(self, code: str, game: str | None = None, within: float | None = None) -> list[tuple[str, float]]:
        """The players in a game's app of the class (LiveTables.players)."""
        return self.live_tables.players(code, game, within)

    def seat_round(self, code: str, game: str, size: int | None = None, *, order: str = "random",
                   design: str = "strangers", level: str = agents.DEFAULT, away: float = AWAY_SECONDS,
                   within: float | None = None, seed: int | None = None,
                   options: dict[str, Any] | None = None) -> list[TableInfo]:
        """The players of a game seated at tables for a round (LiveTables.seat_round)."""
        return self.live_tables.seat_round(code, game, size, order=order, design=design, level=level, away=away,
                                           within=within, seed=seed, options=options)

    def end_table(self, code: str, key: str) -> None:
        """A table ended by the teacher (LiveTables.end_table)."""
        self.live_tables.end_table(code, key)

    def depart(self, code: str, name: str, passed: str) -> bool:
        """A player's device leaves the class, its name free at once (LiveTables.depart)."""
        return self.live_tables.depart(code, name, passed)

    # ---- what a backend supplies -----------------------------------------------------------------
    def _connect(self) -> None:
        raise NotImplementedError

    def _transaction(self, write: bool) -> AbstractContextManager[Tx]:
        raise NotImplementedError

    def _transient(self, exc: BaseException) -> bool:
        """Whether a database error means "busy, try again" (or a connection to make anew)."""
        raise NotImplementedError

    def _conflict(self, exc: BaseException) -> bool:
        """Whether a database error means a row this write relied on was changed or removed by another writer."""
        raise NotImplementedError

    def _plain(self, exc: BaseException) -> str:
        """What a database error means, in a plain sentence without the driver's own text."""
        raise NotImplementedError

    def _database_error(self) -> tuple[type[BaseException], ...]:
        raise NotImplementedError

    def _lock_schema(self, tx: Tx) -> None:
        """Keep other processes out of the schema while this one migrates it."""

    def _reconnect(self) -> None:
        """Make a new connection after the old one was lost (a backend that can lose one overrides this)."""

    def close(self) -> None:
        """Close the connection; the store cannot be used afterwards."""

    def _notify(self, tx: Tx, payload: str) -> None:
        """Ring the doorbells of other kernels when this transaction commits (a backend that needs to says so)."""

    def doorbell(self, code: str | None = None) -> Doorbell:
        """A doorbell that rings when the class database changes (the writes of class `code`, where the backend
        tells classes apart)."""
        raise NotImplementedError

    def __enter__(self) -> "ClassStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.where} schema {self.schema_version}>"

    # ---- transactions ------------------------------------------------------------------------------
    def _attempt(self, work: Callable[[Tx], T], write: bool = False) -> T:
        """Run `work` in one transaction: retried while the database is busy and once after a conflict;
        ClassError kept as raised, any other database error turned into a StorageError in plain words."""
        errors = self._database_error()
        delay, conflicts = 0.02, 0
        for attempt in range(RETRIES):
            try:
                with self._lock, self._transaction(write) as tx:
                    return work(tx)
            except ClassError:
                raise
            except Transient:
                pass
            except errors as exc:
                if self._conflict(exc):
                    conflicts += 1
                    if conflicts > CONFLICT_RETRIES:
                        raise self._failure(ClassError, exc, "the class changed while this was being stored (the "
                                                             "teacher may have just cleared it); try again") from None
                    continue   # read the class again at once: the work sees what the other writer left
                if not self._transient(exc):
                    raise self._failure(StorageError, exc, f"the class database ({self.where}) answered with "
                                                           f"an error: {self._plain(exc)}") from None
                if attempt == RETRIES - 1:
                    break
                self._reconnect()
            time.sleep(delay)
            delay = min(1.0, delay * 2)
        raise StorageError(f"the class database ({self.where}) stayed busy through {RETRIES} attempts; "
                           f"try again in a moment")

    @staticmethod
    def _failure(kind: type[E], exc: BaseException, sentence: str) -> E:
        """A library error saying `sentence` to the group, with the driver's own text kept aside for a log."""
        failure = kind(sentence)
        failure.detail = f"{type(exc).__name__}: {_first_line(exc)}"
        return failure

    def _migrate(self, tx: Tx) -> int:
        self._lock_schema(tx)
        tx.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        found = tx.rows("SELECT version FROM schema_version")
        if not found:
            tx.run("INSERT INTO schema_version (version) VALUES (0)")
        current = int(found[0][0]) if found else 0
        latest = self.migrations[-1].version
        if current > latest:
            raise StorageError(f"the class database ({self.where}) has schema version {current}, made by a newer "
                               f"xlib; this xlib reads versions up to {latest}: update xlib")
        for m in self.migrations[current:]:
            for statement in m.statements(self.backend):
                tx.run(statement)
            tx.run("UPDATE schema_version SET version = ?", (m.version,))
        return latest

    def _open_class(self, tx: Tx, code: str) -> None:
        """Raise UnknownClass or ClassClosed unless the class takes games; its row stays locked for this write."""
        if self._class(tx, code, lock=True).closed:
            raise ClassClosed(f"class {code} is closed: the teacher has stopped taking games")

    def _class(self, tx: Tx, code: str, lock: bool = False) -> ClassInfo:
        """The class's row; with `lock`, held until the transaction ends, so its writes run one at a time."""
        lock_clause = self.lock_clause if lock else ""
        found = tx.rows("SELECT code, created, closed FROM classes WHERE code = ?" + lock_clause, (code,))
        if not found:
            raise UnknownClass(f"there is no class {code}: check the code the teacher shows")
        return ClassInfo(found[0][0], float(found[0][1]), bool(found[0][2]))

    def _join(self, tx: Tx, code: str, name: str) -> str:
        """The group's name as first stored (a new group is added while the class has room)."""
        key = group_key(name)
        found = tx.rows("SELECT name FROM class_groups WHERE class_code = ? AND group_key = ?", (code, key))
        if found:
            return str(found[0][0])
        count = tx.rows("SELECT count(*) FROM class_groups WHERE class_code = ?", (code,))[0][0]
        if count >= MAX_GROUPS:
            raise ClassError(f"class {code} already has {MAX_GROUPS} groups; join one of them")
        if tx.run("INSERT INTO class_groups (class_code, group_key, name, joined) VALUES (?, ?, ?, ?) "
                  "ON CONFLICT (class_code, group_key) DO NOTHING", (code, key, name, time.time())) == 0:
            raise Transient()  # another kernel added the group at the same moment: read it again
        return name

    def _put_game(self, tx: Tx, code: str, name: str, key: str, state: State, text: str,
                  seat_list: list[str]) -> StoredGame:
        """Store the game `state` (its record's JSON `text`) under `key` for group `name`, as save_game says: a new
        game, an unfinished one updated, a finished one kept as it is."""
        game = state.game.name
        rows = [{k: v for k, v in row.items() if k not in ("game", "lineup")}
                for row in game_rows(state, "", 0, seat_list)]
        finished, moves, now = bool(state.over), len(state.moves_played()), time.time()
        summary, seats_text = json.dumps(rows), json.dumps(seat_list)
        stored_name = self._join(tx, code, name)
        gkey = group_key(name)
        found = tx.rows("SELECT group_key, finished, record, created, game FROM games WHERE class_code = ? "
                        "AND game_key = ?", (code, key))
        created = now
        if found:
            owner, was_finished, old_text, created, old_game = found[0]
            if owner != gkey:
                raise ClassError("this game was stored by another group of the class; start a new game")
            if old_game != game:
                raise ClassError(f"this game was stored as a game of {game_title(old_game)}, not "
                                 f"{game_title(game)}; start a new game")
            if was_finished:
                if old_text != text:
                    raise ClassError("this game is finished and stored for the class; it cannot be changed: "
                                     "start a new game")
            else:
                tx.run("UPDATE games SET record = ?, seats = ?, summary = ?, finished = ?, moves = ?, "
                       "updated = ? WHERE class_code = ? AND game_key = ? AND finished = 0",
                       (text, seats_text, summary, int(finished), moves, now, code, key))
        else:
            count = tx.rows("SELECT count(*) FROM games WHERE class_code = ?", (code,))[0][0]
            if count >= MAX_GAMES:
                raise ClassError(f"class {code} holds {MAX_GAMES:,} games, as many as a class keeps; the "
                                 f"teacher can clear it or start a new class")
            if tx.run("INSERT INTO games (class_code, group_key, game_key, game, record, seats, summary, "
                      "finished, moves, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                      "ON CONFLICT (class_code, game_key) DO NOTHING",
                      (code, gkey, key, game, text, seats_text, summary, int(finished), moves, now, now)) == 0:
                raise Transient()  # the same game was saved at the same moment elsewhere: read it again
        return StoredGame(key, stored_name, finished, moves, tuple(seat_list), tuple(rows), float(created), now,
                          game)

    # ---- classes -------------------------------------------------------------------------------------
    def create_class(self) -> ClassInfo:
        """Start a new class with a fresh code."""
        def create(tx: Tx) -> ClassInfo | None:
            code, now = new_code(), time.time()
            if tx.run("INSERT INTO classes (code, created, closed) VALUES (?, ?, 0) ON CONFLICT (code) DO NOTHING",
                      (code, now)) == 0:
                return None
            return ClassInfo(code, now, False)

        for _ in range(CODE_TRIES):
            made = self._attempt(create, write=True)
            if made is not None:
                return made
        raise StorageError(f"no free class code found in {CODE_TRIES} tries: close old classes with delete_class")

    def class_info(self, code: str) -> ClassInfo:
        """The class with this code; UnknownClass when there is none."""
        code = check_code(code)
        return self._attempt(lambda tx: self._class(tx, code))

    def close_class(self, code: str) -> None:
        """Stop taking games for the class (its games stay readable)."""
        self._set_closed(code, True)

    def reopen_class(self, code: str) -> None:
        """Take games for a closed class again."""
        self._set_closed(code, False)

    def _set_closed(self, code: str, closed: bool) -> None:
        code = check_code(code)

        def work(tx: Tx) -> None:
            if tx.run("UPDATE classes SET closed = ? WHERE code = ?", (int(closed), code)) == 0:
                raise UnknownClass(f"there is no class {code}: check the code the teacher shows")
        self._attempt(work, write=True)

    def clear_games(self, code: str) -> int:
        """Delete the class's games, finished and in progress, with its live tables (its groups and their lesson
        exercises stay, and so do the class and its code); the number of games deleted, live tables' included."""
        code = check_code(code)

        def work(tx: Tx) -> int:
            self._class(tx, code, lock=True)
            deleted = tx.run("DELETE FROM games WHERE class_code = ?", (code,))   # counted before a table's name
            tx.run("DELETE FROM live_tables WHERE class_code = ?", (code,))      # goes (its games go with it)
            tx.run("UPDATE class_groups SET ticket = NULL, table_key = NULL, seat = NULL WHERE class_code = ?", (code,))
            tx.run("DELETE FROM class_groups WHERE class_code = ? AND kind = 'table'", (code,))
            self._notify(tx, code)   # every device of the class hears of it at once
            return deleted
        return self._attempt(work, write=True)

    def clear(self, code: str) -> int:
        """Delete the class's games, groups and the groups' lesson exercises (the class and its code stay); the
        number of games deleted."""
        code = check_code(code)

        def work(tx: Tx) -> int:
            self._class(tx, code, lock=True)
            tx.run("DELETE FROM live_tables WHERE class_code = ?", (code,))
            deleted = tx.run("DELETE FROM games WHERE class_code = ?", (code,))
            tx.run("DELETE FROM exercises WHERE class_code = ?", (code,))
            tx.run("DELETE FROM class_groups WHERE class_code = ?", (code,))
            self._notify(tx, code)
            return deleted
        return self._attempt(work, write=True)

    def delete_class(self, code: str) -> None:
        """Delete the class, its groups and its games; its code may be given to a new class."""
        code = check_code(code)

        def work(tx: Tx) -> None:
            self._class(tx, code, lock=True)
            tx.run("DELETE FROM live_tables WHERE class_code = ?", (code,))
            tx.run("DELETE FROM games WHERE class_code = ?", (code,))
            tx.run("DELETE FROM exercises WHERE class_code = ?", (code,))
            tx.run("DELETE FROM class_groups WHERE class_code = ?", (code,))
            tx.run("DELETE FROM classes WHERE code = ?", (code,))
        self._attempt(work, write=True)

    # ---- groups and games ------------------------------------------------------------------------
    def join(self, code: str, group: str) -> str:
        """Join an open class as a group; the group's name as stored (the first spelling given)."""
        code, name = check_code(code), check_group(group)

        def work(tx: Tx) -> str:
            self._open_class(tx, code)
            return self._join(tx, code, name)
        return self._attempt(work, write=True)

    def groups(self, code: str) -> list[str]:
        """The names of the groups (and players) that joined the class, in the order they joined; the live
        tables, under whose names their games are stored, are not groups."""
        code = check_code(code)

        def work(tx: Tx) -> list[str]:
            self._class(tx, code)
            return [r[0] for r in tx.rows("SELECT name FROM class_groups WHERE class_code = ? AND kind <> 'table' "
                                          "ORDER BY joined, group_key", (code,))]
        return self._attempt(work)

    def save_exercises(self, code: str, group: str, game: str, progress: Mapping[str, tuple[bool, int]]) -> None:
        """Store a group's lesson exercises of one game: for each exercise (its lesson's key, 'Rule title#k'),
        solved or not and how often missed. A solved exercise stays solved; misses only grow."""
        code, name, game = check_code(code), check_group(group), check_game(game)
        rows = check_exercises(game, progress)
        now = time.time()

        def work(tx: Tx) -> None:
            self._open_class(tx, code)
            self._join(tx, code, name)
            gkey = group_key(name)
            for exercise, (solved, misses) in rows:
                found = tx.rows("SELECT solved, misses FROM exercises WHERE class_code = ? AND group_key = ? AND "
                                "game = ? AND exercise = ?", (code, gkey, game, exercise))
                if found:
                    tx.run("UPDATE exercises SET solved = ?, misses = ?, updated = ? WHERE class_code = ? AND "
                           "group_key = ? AND game = ? AND exercise = ?",
                           (int(solved or bool(found[0][0])), max(misses, int(found[0][1])), now, code, gkey, game,
                            exercise))
                else:
                    tx.run("INSERT INTO exercises (class_code, group_key, game, exercise, solved, misses, updated) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)", (code, gkey, game, exercise, int(solved), misses, now))
        self._attempt(work, write=True)

    def exercises(self, code: str) -> list[tuple[str, str, str, bool, int]]:
        """Every group's exercises in the class: (group name, game, exercise, solved, misses)."""
        code = check_code(code)

        def work(tx: Tx) -> list[tuple[str, str, str, bool, int]]:
            self._class(tx, code)
            rows = tx.rows("SELECT g.name, e.game, e.exercise, e.solved, e.misses FROM exercises e JOIN class_groups g "
                           "ON g.class_code = e.class_code AND g.group_key = e.group_key WHERE e.class_code = ? "
                           "ORDER BY g.joined, g.group_key, e.game, e.exercise", (code,))
            return [(r[0], r[1], r[2], bool(r[3]), int(r[4])) for r in rows]
        return self._attempt(work)

    def save_game(self, code: str, group: str, key: str, record: Any,
                  seats: Sequence[str] | None = None) -> StoredGame:
        """Store a group's game of any game (its record replayed and checked first); saving the same key again
        updates it.

        An unfinished game may be saved as often as it changes; once a finished game is stored it is
        final: saving it again with the same record is accepted and changes nothing, any other change
        is refused, and so is a record of another game under the same key. `seats` says who played each
        seat ("person" or a computer player of that game)."""
        code, name, key = check_code(code), check_group(group), check_game_key(key)
        state, text = check_record(record)
        seat_list = check_seats(seats, len(state.players), state.game.name)

        def work(tx: Tx) -> StoredGame:
            self._open_class(tx, code)
            return self._put_game(tx, code, name, key, state, text, seat_list)
        return self._attempt(work, write=True)

    def games(self, code: str, finished: bool | None = True, records: bool = False, game: str | None = None,
              group: str | None = None) -> list[StoredGame]:
        """The class's games in the order they were first stored: finished ones (the default), unfinished
        ones (finished=False) or all (None); of one game (`game`, such as "x") or of every game (None); of one
        group or of all; with their records when `records` is true."""
        code = check_code(code)
        where, params = "WHERE g.class_code = ? ", list[Any]([code])   # each filter adds constant text and a value
        if game is not None:
            where, params = where + "AND g.game = ? ", [*params, check_game(game)]
        if group is not None:
            where, params = where + "AND g.group_key = ? ", [*params, group_key(check_group(group))]
        if finished is not None:
            where, params = where + "AND g.finished = ? ", [*params, int(finished)]
        sql = _COLUMNS + ("g.record " if records else "NULL ") + _FROM + where + "ORDER BY g.id"

        def work(tx: Tx) -> list[StoredGame]:
            self._class(tx, code)
            return [_stored(r) for r in tx.rows(sql, params)]
        return self._attempt(work)

    def game(self, code: str, key: str) -> StoredGame:
        """One game of the class, with its record; ClassError when the class has no such game."""
        code, key = check_code(code), check_game_key(key)

        def work(tx: Tx) -> StoredGame:
            self._class(tx, code)
            found = tx.rows(_COLUMNS + "g.record " + _FROM + "WHERE g.class_code = ? AND g.game_key = ?", (code, key))
            if not found:
                raise ClassError(f"class {code} has no game {key}")
            return _stored(found[0])
        return self._attempt(work)

    def unfinished(self, code: str, group: str, game: str | None = None) -> StoredGame | None:
        """The group's most recently saved unfinished game (of `game`, or of any game) with its record, to resume
        it; None when there is none."""
        code, name = check_code(code), check_group(group)
        where = "WHERE g.class_code = ? AND g.group_key = ? AND g.finished = 0 "
        params: list[Any] = [code, group_key(name)]
        if game is not None:
            where, params = where + "AND g.game = ? ", params + [check_game(game)]
        sql = _COLUMNS + "g.record " + _FROM + where + "ORDER BY g.updated DESC, g.id DESC LIMIT 1"

        def work(tx: Tx) -> StoredGame | None:
            self._class(tx, code)
            found = tx.rows(sql, params)
            return _stored(found[0]) if found else None
        return self._attempt(work)

    def activity(self, code: str, game: str | None = None) -> Activity:
        """How much the class holds (of `game`, or of every game) and when it last changed: a cheap question a live
        panel asks often."""
        code = check_code(code)
        where, params = "WHERE class_code = ?", list[Any]([code])
        if game is not None:
            where, params = where + " AND game = ?", params + [check_game(game)]

        def work(tx: Tx) -> Activity:
            info = self._class(tx, code)
            r = tx.rows("SELECT coalesce(sum(finished), 0), count(*), "
                        "coalesce(max(CASE WHEN finished = 1 THEN updated END), 0), coalesce(max(updated), 0) "
                        "FROM games " + where, params)[0]
            groups = tx.rows("SELECT count(*) FROM class_groups WHERE class_code = ? AND kind <> 'table'",
                             (code,))[0][0]
            return Activity(int(r[0]), int(r[1]) - int(r[0]), int(groups), float(r[2]), float(r[3]), info.closed)
        return self._attempt(work)


#: what a read of stored games selects (the record, or NULL, follows), and from where: constant SQL text
_COLUMNS = "SELECT g.game_key, c.name, g.finished, g.moves, g.seats, g.summary, g.created, g.updated, g.game, "
_FROM = "FROM games g JOIN class_groups c ON c.class_code = g.class_code AND c.group_key = g.group_key "


def _stored(row: tuple[Any, ...]) -> StoredGame:
    key, name, finished, moves, seats, summary, created, updated, game, record = row
    return StoredGame(str(key), str(name), bool(finished), int(moves), tuple(json.loads(seats)),
                      tuple(json.loads(summary)), float(created), float(updated), str(game),
                      json.loads(record) if record is not None else None)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__

