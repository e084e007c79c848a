"""Live tables in the class database: every student at their own device, each table a numbered move log.

The move number is the authority (as a state id is in boardgame.io): a move is stored in one transaction
that checks that it is the next move of the table, that the device holds the seat to move (it proves it
with the seat's secret ticket, given when it sat), and that the engine allows it. Two devices moving at once:
one is stored, the other is told in plain words. A seat nobody holds, or whose holder has been away longer
than the table allows, is played by the computer: one device claims the move (a claim per move number, taken
over when its device goes quiet) and plays it with the claim's token as its ticket, so a computer's move is
played once whoever plays it. A finished table's game is stored as a class game under the table's name.

Players arrive from the app of a game (`arrive`): a device keeps a pass that proves it is the player, and
collects its seat's ticket with it (`my_seat`). The teacher seats the players of a game at tables
(`seat_round`), round after round, with the same partners or with new ones (xlib.classroom.seating)."""
from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence, TypeVar

from .. import agents, registry
from ..core import State
from ..errors import XlibError
from .checks import (MAX_MOVES, ClassError, StorageError, check_code, check_game, check_game_key, check_group,
                     game_title, group_key)
from .seating import DESIGNS, ORDERS, counted_as, seat
from .tx import Tx

T = TypeVar("T")
#: seconds a player may be gone (no sign of life from their page) before the computer plays their seat
AWAY_SECONDS = 60.0
AWAY_RANGE = (10.0, 3600.0)
#: seconds a claimed computer move may stay unplayed before another device may claim it (its device left)
CLAIM_SECONDS = 15.0
SECRET_BYTES = 18
MAX_MOVE_CHARS = 200
#: a table's status: its game goes on, it ended with its game over, or the teacher ended it (a new round)
PLAYING, FINISHED, ENDED = "playing", "finished", "ended"
#: how a stored move came: from the seat's holder, or from the computer (for a seat nobody holds, or whose
#: holder is away)
BY_PERSON, BY_COMPUTER = "person", "computer"


class TableMoved(ClassError):
    """A move sent for a move number the table has passed: another device (or the computer) moved first."""


def new_secret() -> str:
    """A secret a device keeps: a seat's ticket, a player's pass, a claim's token."""
    return secrets.token_urlsafe(SECRET_BYTES)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_secret(secret: object, what: str = "ticket") -> str:
    """A ticket, pass or token as made by new_secret, or ClassError."""
    if not isinstance(secret, str) or not 16 <= len(secret) <= 64 or \
            not all(c.isascii() and (c.isalnum() or c in "-_") for c in secret):
        raise ClassError(f"that is not a {what}: this device cannot prove it holds the seat")
    return secret


def check_ply(ply: object) -> int:
    """A move number: how many moves were played before it (0 for the first)."""
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= MAX_MOVES:
        raise ClassError(f"{ply!r} is not a move number: a whole number from 0 (the first move) to {MAX_MOVES:,}")
    return ply


def check_move_text(move: object) -> str:
    """A move in its game's notation, as text of sensible length."""
    if not isinstance(move, str):
        raise ClassError(f"a move is text in the game's notation, not {type(move).__name__}")
    text = move.strip()
    if not text or len(text) > MAX_MOVE_CHARS:
        raise ClassError(f"{move[:40]!r} is not a move: a move is written in the game's notation, such as 3+ or c4")
    return text


def check_level(game: str, level: object, players: int) -> str:
    """A computer player that suits the game: the level that plays the seats nobody holds."""
    known = {name for name, _ in agents.for_game(game, players)}
    if not isinstance(level, str) or level not in known:
        raise ClassError(f"{level!r} is not a computer player of {game_title(game)}: choose one of "
                         f"{', '.join(sorted(known))}")
    return level


def check_away(away: object) -> float:
    """Seconds a player may be gone before the computer plays their seat."""
    low, high = AWAY_RANGE
    if isinstance(away, bool) or not isinstance(away, (int, float)) or not low <= float(away) <= high:
        raise ClassError(f"the time a player may be away is {low:g} to {high:g} seconds, not {away!r}")
    return float(away)


@dataclass(frozen=True)
class TableInfo:
    """A live table: its key, game, options and game number; its name, round, seating design and the computer
    level that plays the seats nobody holds; how long a player may be away; its moves so far and its status."""

    key: str
    game: str
    options: dict[str, Any]
    seed: int
    label: str
    round: int
    design: str
    level: str
    away: float
    moves: int
    status: str
    created: float
    updated: float

    @property
    def title(self) -> str:
        return game_title(self.game)


@dataclass(frozen=True)
class SeatView:
    """A seat of a table: its holder's name (None while nobody holds it), the computer player that plays it when
    nobody does or its holder is away, and whether the holder is away (no sign of life for `away` seconds)."""

    seat: int
    name: str | None
    agent: str
    away: bool
    last_seen: float

    @property
    def by_computer(self) -> bool:
        """Whether the computer plays this seat now."""
        return self.name is None or self.away


@dataclass(frozen=True)
class TableView:
    """A table as it stands: `info`, the game `record` (its moves so far), each seat, and who is to move."""

    info: TableInfo
    record: dict[str, Any]
    seat_views: tuple[SeatView, ...]
    state: State

    @property
    def key(self) -> str:
        return self.info.key

    @property
    def seats(self) -> tuple[str | None, ...]:
        """The name of each seat's holder (None where nobody holds it)."""
        return tuple(s.name for s in self.seat_views)


_TABLE = ("SELECT table_key, game, options, seed, label, round, design, level, away, moves, status, created, "
          "updated FROM live_tables ")


def _info(row: Sequence[Any]) -> TableInfo:
    key, game, options, seed, label, rnd, design, level, away, moves, status, created, updated = row
    return TableInfo(str(key), str(game), dict(json.loads(options)), int(seed), str(label), int(rnd), str(design),
                     str(level), float(away), int(moves), str(status), float(created), float(updated))


class Runner(Protocol):
    """The class store's transaction runner: `work` in one transaction (a write when `write`), retried as the
    store retries, its result returned."""

    def __call__(self, work: Callable[[Tx], T], write: bool = False) -> T: ...


@dataclass(frozen=True)
class StoreAccess:
    """What the live tables are handed by the class store: its transaction runner, and the class rows they read and
    write inside a transaction (a class, opened; a player joined; a finished game stored; the other kernels told)."""

    attempt: Runner
    class_row: Callable[..., Any]            # (tx, code, lock=False) -> the class's row
    open_class: Callable[[Tx, str], None]
    join: Callable[[Tx, str, str], str]      # (tx, code, name) -> the group's name as stored
    put_game: Callable[..., Any]             # (tx, code, name, key, state, text, seat_list) -> the stored game
    notify: Callable[[Tx, str], None]


class LiveTables:
    """The class store's live tables: a part the store holds (`ClassStore.live_tables`), given what it needs of
    the store (`StoreAccess`); the store's own methods of the same names hand their calls on to it."""

    def __init__(self, store: StoreAccess) -> None:
        self.store = store

    def _attempt(self, work: Callable[[Tx], T], write: bool = False) -> T:
        return self.store.attempt(work, write)

    def _class(self, tx: Tx, code: str, lock: bool = False) -> Any:
        return self.store.class_row(tx, code, lock)

    def _open_class(self, tx: Tx, code: str) -> None:
        self.store.open_class(tx, code)

    def _join(self, tx: Tx, code: str, name: str) -> str:
        return self.store.join(tx, code, name)

    def _put_game(self, tx: Tx, code: str, name: str, key: str, state: State, text: str,
                  seat_list: list[str]) -> Any:
        return self.store.put_game(tx, code, name, key, state, text, seat_list)

    def _notify(self, tx: Tx, payload: str) -> None:
        self.store.notify(tx, payload)

    # ---- tables and seats ---------------------------------------------------------------------------
    def open_table(self, code: str, game: str, seed: int | None = None, *, label: str | None = None,
                   level: str = agents.DEFAULT, away: float = AWAY_SECONDS, **options: Any) -> TableInfo:
        """A new table of `game` (with its `options`) in the open class: every seat empty (the computer at `level`
        plays a seat until someone sits), its game numbered `seed` (random when None)."""
        code, game = check_code(code), check_game(game)
        try:
            resolved, players = _options(game, options)
        except XlibError as exc:
            raise ClassError(f"a table of {game_title(game)} cannot have these options: {exc}") from None
        level, away = check_level(game, level, players), check_away(away)
        number = secrets.randbelow(1_000_000) if seed is None else seed
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 2 ** 53:
            raise ClassError(f"a game number is a whole number from 0, not {seed!r}")
        name = check_group(label) if label is not None else None

        def work(tx: Tx) -> TableInfo:
            self._open_class(tx, code)
            return self._new_table(tx, code, game, resolved, number, players, name, 0, "partners", level, away)
        return self._attempt(work, write=True)

    def _new_table(self, tx: Tx, code: str, game: str, options: dict[str, Any], seed: int, players: int,
                   label: str | None, rnd: int, design: str, level: str, away: float) -> TableInfo:
        """Insert a table with empty seats; its name is a group of kind 'table' (its finished game is stored so)."""
        key = secrets.token_hex(16)
        now = time.time()
        if label is None:
            count = tx.rows("SELECT count(*) FROM live_tables WHERE class_code = ? AND round = ?", (code, rnd))[0][0]
            label = f"Round {rnd} Table {count + 1}" if rnd else f"Table {count + 1}"
            while tx.rows("SELECT 1 FROM class_groups WHERE class_code = ? AND group_key = ?",
                          (code, group_key(label))):
                count += 1
                label = f"Round {rnd} Table {count + 1}" if rnd else f"Table {count + 1}"
        elif tx.rows("SELECT 1 FROM class_groups WHERE class_code = ? AND group_key = ?", (code, group_key(label))):
            raise ClassError(f"class {code} already has a group or table named {label}: choose another name")
        self._join(tx, code, label)
        tx.run("UPDATE class_groups SET kind = 'table', game = ? WHERE class_code = ? AND group_key = ?",
               (game, code, group_key(label)))
        tx.run("INSERT INTO live_tables (class_code, table_key, game, options, seed, label, round, design, level, away, "
               "moves, status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
               (code, key, game, json.dumps(options, sort_keys=True), seed, label, rnd, design, level, away, PLAYING,
                now, now))
        for p in range(players):
            tx.run("INSERT INTO table_seats (class_code, table_key, seat, sat) VALUES (?, ?, ?, ?)", (code, key, p, now))
        self._notify(tx, code)
        return TableInfo(key, game, options, seed, label, rnd, design, level, away, 0, PLAYING, now, now)

    def sit(self, code: str, key: str, seat: int, name: str) -> str:
        """Seat `name` at seat `seat` of a table; the seat's ticket, a secret the device keeps to play it. A seat
        someone holds is refused, and so is a second seat at one table."""
        code, key, name = check_code(code), check_game_key(key), check_group(name)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ClassError(f"a seat is a number (0 for the first seat), not {seat!r}")

        def work(tx: Tx) -> str:
            self._open_class(tx, code)
            info = self._table(tx, code, key)
            if info.status != PLAYING:
                raise ClassError(f"{info.label}'s game is over: sit at another table")
            return self._sit(tx, code, info, seat, name)
        return self._attempt(work, write=True)

    def _sit(self, tx: Tx, code: str, info: TableInfo, seat: int, name: str) -> str:
        rows = tx.rows("SELECT seat, holder, name FROM table_seats WHERE class_code = ? AND table_key = ? "
                       "ORDER BY seat", (code, info.key))
        if not 0 <= seat < len(rows):
            raise ClassError(f"{info.label} has seats 0 to {len(rows) - 1}, not seat {seat}")
        holder = group_key(name)
        for other, held, held_name in rows:
            if held == holder and other != seat:
                raise ClassError(f"{name} already sits at {info.label} (seat {other}); one seat each")
        if rows[seat][1] is not None:
            raise ClassError(f"seat {seat} of {info.label} is taken by {rows[seat][2]}")
        if tx.rows("SELECT 1 FROM class_groups WHERE class_code = ? AND group_key = ? AND kind = 'table'",
                   (code, holder)):
            raise ClassError(f"{name} is the name of a table of the class: a player needs another name")
        stored = self._join(tx, code, name)
        ticket, now = new_secret(), time.time()
        tx.run("UPDATE table_seats SET holder = ?, name = ?, ticket_hash = ?, sat = ? WHERE class_code = ? AND "
               "table_key = ? AND seat = ?", (holder, stored, _hash(ticket), now, code, info.key, seat))
        tx.run("UPDATE class_groups SET kind = 'player', game = ?, last_seen = ?, ticket = ?, table_key = ?, seat = ? "
               "WHERE class_code = ? AND group_key = ?",
               (info.game, now, ticket, info.key, seat, code, holder))
        self._notify(tx, code)
        return ticket

    def table(self, code: str, key: str) -> TableView:
        """The table as it stands: its record, seats (names or None) and who is away; ClassError for a table
        the class does not have."""
        code, key = check_code(code), check_game_key(key)

        def work(tx: Tx) -> TableView:
            self._class(tx, code)
            return self._view(tx, code, self._table(tx, code, key))
        return self._attempt(work)

    def tables(self, code: str, game: str | None = None) -> list[TableView]:
        """Every table of the class (of one game, or of all), the newest round first, each as it stands."""
        code = check_code(code)
        where, params = "WHERE class_code = ? ", [code]
        if game is not None:
            where, params = where + "AND game = ? ", [code, check_game(game)]

        def work(tx: Tx) -> list[TableView]:
            self._class(tx, code)
            rows = tx.rows(_TABLE + where + "ORDER BY round DESC, created, table_key", params)
            return [self._view(tx, code, _info(r)) for r in rows]
        return self._attempt(work)

    def _table(self, tx: Tx, code: str, key: str) -> TableInfo:
        found = tx.rows(_TABLE + "WHERE class_code = ? AND table_key = ?", (code, key))
        if not found:
            raise ClassError(f"class {code} has no table {key[:8]}…: the teacher may have cleared it")
        return _info(found[0])

    def _seats(self, tx: Tx, code: str, info: TableInfo) -> tuple[tuple[SeatView, ...], list[str | None]]:
        """The seats, and each seat's ticket hash (None where nobody holds it)."""
        now = time.time()
        rows = tx.rows("SELECT s.seat, s.name, s.agent, s.ticket_hash, g.last_seen FROM table_seats s LEFT JOIN "
                       "class_groups g ON g.class_code = s.class_code AND g.group_key = s.holder "
                       "WHERE s.class_code = ? AND s.table_key = ? ORDER BY s.seat", (code, info.key))
        seats = tuple(SeatView(int(p), name, agent or info.level,
                               name is not None and now - float(seen or 0) > info.away, float(seen or 0))
                      for p, name, agent, _, seen in rows)
        return seats, [r[3] for r in rows]

    def _view(self, tx: Tx, code: str, info: TableInfo) -> TableView:
        state = self._replayed(tx, code, info)
        seats, _ = self._seats(tx, code, info)
        return TableView(info, state.record(), seats, state)

    def _replayed(self, tx: Tx, code: str, info: TableInfo) -> State:
        """The table's position after its stored moves: kept between calls, and only the new moves played. The
        moves read stop at the count `info` read, so a move committed meanwhile waits for the next read."""
        cache: dict[tuple[str, str], State] = self.__dict__.setdefault("_table_states", {})
        state = cache.get((code, info.key))
        if state is None or state.ply > info.moves or state.game.name != info.game:
            state = registry.game(info.game, **info.options).start(seed=info.seed)
        if state.ply < info.moves:
            moves = tx.rows("SELECT move FROM table_moves WHERE class_code = ? AND table_key = ? AND ply >= ? "
                            "AND ply < ? ORDER BY ply", (code, info.key, state.ply, info.moves))
            try:
                for (text,) in moves:
                    state = state.play(str(text))
            except XlibError as exc:
                raise StorageError(f"{info.label}'s stored moves cannot be replayed ({exc}); the teacher can end "
                                   f"the table") from None
            if state.ply != info.moves:
                raise StorageError(f"{info.label} lists {info.moves} moves but stores {state.ply}")
        cache[(code, info.key)] = state
        if len(cache) > 64:
            cache.pop(next(iter(cache)))
        return state

    # ---- moves ------------------------------------------------------------------------------------------
    def play(self, code: str, key: str, ticket: str, ply: int, move: str) -> TableView:
        """Store `move` as move number `ply` of the table (the moves before it), for the seat to move: the ticket
        must be that seat's (or the token of the computer's claim on this move), `ply` the table's next move,
        and the move legal. Anything else raises ClassError in plain words and stores nothing."""
        code, key = check_code(code), check_game_key(key)
        ticket, ply, text = check_secret(ticket), check_ply(ply), check_move_text(move)

        def work(tx: Tx) -> TableView:
            self._open_class(tx, code)
            info = self._table(tx, code, key)
            if info.status == FINISHED:
                raise ClassError(f"{info.label}'s game is over: no more moves")
            if info.status == ENDED:
                raise ClassError(f"the teacher ended {info.label} for a new round: no more moves")
            if ply < info.moves:
                raise TableMoved(f"move {ply + 1} was already played at {info.label} (it is at move "
                                 f"{info.moves + 1} now): the board shows the table as it is")
            if ply > info.moves:
                raise TableMoved(f"{info.label} is at move {info.moves + 1}, not {ply + 1}: the board shows the "
                                 f"table as it is")
            state = self._replayed(tx, code, info)
            seats, hashes = self._seats(tx, code, info)
            p = state.to_move
            assert p is not None
            proof = _hash(ticket)
            source = BY_PERSON
            if hashes[p] != proof:
                claim = tx.rows("SELECT token_hash FROM table_claims WHERE class_code = ? AND table_key = ? AND "
                                "ply = ?", (code, key, ply))
                if claim and claim[0][0] == proof and seats[p].by_computer:
                    source = BY_COMPUTER
                elif proof in hashes:
                    raise ClassError(f"it is {_seat_words(state, seats[p])}'s turn at {info.label}, not yours: "
                                     f"wait for their move")
                else:
                    raise ClassError(f"this device does not hold {_seat_words(state, seats[p])}'s seat at "
                                     f"{info.label}: only its holder plays it")
            try:
                after = state.play(state.parse(text))
            except XlibError as exc:
                raise ClassError(f"{text} cannot be played: {exc}") from None
            now = time.time()
            if tx.run("INSERT INTO table_moves (class_code, table_key, ply, move, seat, source, at) VALUES "
                      "(?, ?, ?, ?, ?, ?, ?) ON CONFLICT (class_code, table_key, ply) DO NOTHING",
                      (code, key, ply, str(after.last_move), p, source, now)) == 0:
                raise TableMoved(f"move {ply + 1} was already played at {info.label}: the board shows the table "
                                 f"as it is")
            status = FINISHED if after.over else PLAYING
            tx.run("UPDATE live_tables SET moves = ?, status = ?, updated = ? WHERE class_code = ? AND table_key = ?",
                   (after.ply, status, now, code, key))
            if source == BY_PERSON:
                tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = ?",
                       (now, code, group_key(seats[p].name or "")))
            if after.over:
                record = json.dumps(after.record(), separators=(",", ":"))
                self._put_game(tx, code, info.label, key, after, record,
                               [BY_PERSON if s.name is not None else s.agent for s in seats])
            self._notify(tx, code)
            done = TableInfo(**{**info.__dict__, "moves": after.ply, "status": status, "updated": now})
            self.__dict__.setdefault("_table_states", {})[(code, key)] = after
            return TableView(done, after.record(), seats, after)
        return self._attempt(work, write=True)

    def claim(self, code: str, key: str, ply: int) -> str | None:
        """Claim the computer's move number `ply` of a table: its token (the ticket to play it with) when this
        caller is to play it; None when the move is not the computer's, already played, or claimed by another
        device within the last CLAIM_SECONDS."""
        code, key, ply = check_code(code), check_game_key(key), check_ply(ply)

        def work(tx: Tx) -> str | None:
            self._open_class(tx, code)
            info = self._table(tx, code, key)
            if info.status != PLAYING or ply != info.moves:
                return None
            state = self._replayed(tx, code, info)
            seats, _ = self._seats(tx, code, info)
            if state.to_move is None or not seats[state.to_move].by_computer:
                return None
            now = time.time()
            found = tx.rows("SELECT at FROM table_claims WHERE class_code = ? AND table_key = ? AND ply = ?",
                            (code, key, ply))
            if found and now - float(found[0][0]) < CLAIM_SECONDS:
                return None
            token = new_secret()
            tx.run("DELETE FROM table_claims WHERE class_code = ? AND table_key = ? AND ply = ?", (code, key, ply))
            tx.run("INSERT INTO table_claims (class_code, table_key, ply, token_hash, at) VALUES (?, ?, ?, ?, ?)",
                   (code, key, ply, _hash(token), now))
            return token
        return self._attempt(work, write=True)

    # ---- players ----------------------------------------------------------------------------------------
    def arrive(self, code: str, name: str, game: str, passed: str | None = None) -> tuple[str, str]:
        """A player (a student, or a group at one device) comes to the open class from the app of `game`: their
        name as stored and the pass their device keeps to prove it. With the pass of an earlier visit (a reload)
        the same pass comes back. A name whose device was seated at the class's tables and is still here (a sign
        of life within the away time the teacher set) is refused to another device, whether its table plays on,
        is over or was ended; once that device has been away that long, or left the class, a new device may take
        its place."""
        code, name, game = check_code(code), check_group(name), check_game(game)
        if passed is not None:
            passed = check_secret(passed, "pass")

        def work(tx: Tx) -> tuple[str, str]:
            self._open_class(tx, code)
            key, now = group_key(name), time.time()
            found = tx.rows("SELECT name, kind, pass_hash, last_seen, table_key FROM class_groups WHERE class_code = ? "
                            "AND group_key = ?", (code, key))
            if found:
                stored, kind, held, seen, table = found[0]
                if kind == "table":
                    raise ClassError(f"{stored} is the name of a table of the class: choose another name")
                if passed is not None and held == _hash(passed):
                    tx.run("UPDATE class_groups SET game = ?, last_seen = ? WHERE class_code = ? AND group_key = ?",
                           (game, now, code, key))
                    return str(stored), passed
                if held is not None and table is not None and self._sat(tx, code, str(table), key):
                    away = self._away(tx, code, str(table))
                    if now - float(seen) < away:
                        raise ClassError(f"{stored} is already in class {code} on another device, seated at the "
                                         f"class's tables, and that page is still open: if that was you, close "
                                         f"that page (or press Leave on it), or wait {away_words(away)} and join "
                                         f"again; otherwise join with another name")
            stored = self._join(tx, code, name)
            fresh = new_secret()
            tx.run("UPDATE class_groups SET kind = 'player', game = ?, pass_hash = ?, last_seen = ? WHERE "
                   "class_code = ? AND group_key = ?", (game, _hash(fresh), now, code, key))
            self._notify(tx, code)
            return stored, fresh
        return self._attempt(work, write=True)

    def depart(self, code: str, name: str, passed: str) -> bool:
        """The player's device leaves the class (its page's Leave): its name is free for another device at once,
        and the computer plays its seat until it comes back. Whether the pass was the player's."""
        code, name, passed = check_code(code), check_group(name), check_secret(passed, "pass")

        def work(tx: Tx) -> bool:
            self._class(tx, code)
            return tx.run("UPDATE class_groups SET last_seen = 0 WHERE class_code = ? AND group_key = ? AND "
                          "pass_hash = ?", (code, group_key(name), _hash(passed))) > 0
        return self._attempt(work, write=True)

    def _sat(self, tx: Tx, code: str, table: str, holder: str) -> bool:
        """Whether the player holds a seat at the table, whether its game plays on, is over or was ended."""
        return bool(tx.rows("SELECT 1 FROM table_seats WHERE class_code = ? AND table_key = ? AND holder = ?",
                            (code, table, holder)))

    def _away(self, tx: Tx, code: str, table: str) -> float:
        found = tx.rows("SELECT away FROM live_tables WHERE class_code = ? AND table_key = ?", (code, table))
        return float(found[0][0]) if found else AWAY_SECONDS

    def here(self, code: str, name: str, proof: str) -> bool:
        """A sign of life from a player's device (its pass, or a ticket of a seat the player holds): the
        computer stops playing their seat. Whether the proof was good (a device replaced by another's is not)."""
        code, name, proof = check_code(code), check_group(name), check_secret(proof, "pass")

        def work(tx: Tx) -> bool:
            self._class(tx, code)
            key, hashed = group_key(name), _hash(proof)
            found = tx.rows("SELECT pass_hash, last_seen FROM class_groups WHERE class_code = ? AND group_key = ?",
                            (code, key))
            held = {r[0] for r in tx.rows("SELECT ticket_hash FROM table_seats WHERE class_code = ? AND holder = ?",
                                          (code, key))}
            if not found or (found[0][0] != hashed and hashed not in held):
                return False
            tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = ?",
                   (time.time(), code, key))
            return True
        return self._attempt(work, write=True)

    def my_seat(self, code: str, name: str, passed: str) -> tuple[TableInfo, int, str] | None:
        """The table, seat and ticket of the player whose pass this is, at the newest table they sit at that
        still plays or finished; None while they sit at none. ClassError when the pass is not theirs."""
        code, name, passed = check_code(code), check_group(name), check_secret(passed, "pass")

        def work(tx: Tx) -> tuple[TableInfo, int, str] | None:
            self._class(tx, code)
            found = tx.rows("SELECT pass_hash, ticket, table_key, seat FROM class_groups WHERE class_code = ? AND "
                            "group_key = ?", (code, group_key(name)))
            if not found:
                raise ClassError(f"the teacher removed {name} from class {code}: join the class again to play")
            if found[0][0] != _hash(passed):
                raise ClassError(f"another device has joined class {code} as {name} since: this page left the "
                                 f"class")
            _, ticket, table, p = found[0]
            if table is None or ticket is None:
                return None
            rows = tx.rows(_TABLE + "WHERE class_code = ? AND table_key = ?", (code, table))
            if not rows:
                return None
            info = _info(rows[0])
            if info.status == ENDED:
                return None
            return info, int(p), str(ticket)
        return self._attempt(work)

    def players(self, code: str, game: str | None = None, within: float | None = None) -> list[tuple[str, float]]:
        """The players who arrived (from the app of `game`, or of any game), in the order they joined, with
        when their device last gave a sign of life; only those seen within the last `within` seconds if given."""
        code = check_code(code)
        where, params = "WHERE class_code = ? AND kind = 'player' ", list[Any]([code])
        if game is not None:
            where, params = where + "AND game = ? ", [*params, check_game(game)]
        if within is not None:
            where, params = where + "AND last_seen >= ? ", [*params, time.time() - within]

        def work(tx: Tx) -> list[tuple[str, float]]:
            self._class(tx, code)
            return [(str(r[0]), float(r[1])) for r in
                    tx.rows("SELECT name, last_seen FROM class_groups " + where + "ORDER BY joined, group_key",
                            params)]
        return self._attempt(work)

    # ---- the teacher's rounds ---------------------------------------------------------------------------
    def seat_round(self, code: str, game: str, size: int | None = None, *, order: str = "random",
                   design: str = "strangers", level: str = agents.DEFAULT, away: float = AWAY_SECONDS,
                   within: float | None = None, seed: int | None = None,
                   options: dict[str, Any] | None = None) -> list[TableInfo]:
        """A new round of `game`: the players here in its app (seen within `within` seconds, by default the away
        time) seated at new tables of `size` seats (the game's players by default; the last table's empty seats
        go to the computer at `level`), at random or in the order they joined; partners keep their tables of
        the last round, strangers sit with as few earlier partners as can be (a strangers round that seats
        everybody at one table is stored as seating.ONE_TABLE: it is not strangers). The last round's tables of
        the game that still play are ended. The tables made, in order."""
        code, game = check_code(code), check_game(game)
        if order not in ORDERS:
            raise ClassError(f"players are seated {' or '.join(ORDERS)}, not {order!r}")
        if design not in DESIGNS:
            raise ClassError(f"a round seats {' or '.join(DESIGNS)}, not {design!r}")
        opts = dict(options or {})
        if size is not None:
            spec = {o.name for o in registry.game_class(game).option_specs}
            if "players" in spec:
                opts["players"] = size
        try:
            resolved, players = _options(game, opts)
        except XlibError as exc:
            raise ClassError(f"a table of {game_title(game)} cannot have these options: {exc}") from None
        if size is not None and size != players:
            raise ClassError(f"a table of {game_title(game)} has {players} seats, not {size}")
        level, away = check_level(game, level, players), check_away(away)
        window = away if within is None else check_away(within)
        rng = random.Random(seed)

        def work(tx: Tx) -> list[TableInfo]:
            self._open_class(tx, code)
            now = time.time()
            here = [str(r[0]) for r in tx.rows(
                "SELECT name FROM class_groups WHERE class_code = ? AND kind = 'player' AND game = ? AND last_seen >= ? "
                "ORDER BY joined, group_key", (code, game, now - window))]
            if not here:
                raise ClassError(f"no player is in the {game_title(game)} app of class {code} yet: the students "
                                 f"join the class there first")
            last = tx.rows("SELECT max(round) FROM live_tables WHERE class_code = ?", (code,))[0][0]
            rnd = int(last or 0) + 1
            earlier = self._rounds(tx, code, game)
            tables = seat(here, players, order, design, earlier, rng)
            counted = counted_as(design, tables)   # strangers at a single table are not strangers
            tx.run("UPDATE live_tables SET status = ?, updated = ? WHERE class_code = ? AND game = ? AND status = ?",
                   (ENDED, now, code, game, PLAYING))
            made = []
            for members in tables:
                info = self._new_table(tx, code, game, resolved, rng.randrange(1_000_000), players, None, rnd,
                                       counted, level, away)
                for p, member in enumerate(members):
                    self._sit(tx, code, info, p, member)
                made.append(info)
            return made
        return self._attempt(work, write=True)

    def _rounds(self, tx: Tx, code: str, game: str) -> list[list[list[str]]]:
        """Who sat together at each earlier round's tables of `game`, oldest first."""
        rows = tx.rows("SELECT t.round, t.table_key, s.name FROM live_tables t JOIN table_seats s ON s.class_code = "
                       "t.class_code AND s.table_key = t.table_key WHERE t.class_code = ? AND t.game = ? AND "
                       "t.round > 0 AND s.name IS NOT NULL ORDER BY t.round, t.created, t.table_key, s.seat",
                       (code, game))
        rounds: dict[int, dict[str, list[str]]] = {}
        for rnd, table, name in rows:
            rounds.setdefault(int(rnd), {}).setdefault(str(table), []).append(str(name))
        return [list(tables.values()) for _, tables in sorted(rounds.items())]

    def end_table(self, code: str, key: str) -> None:
        """End a table's game where it stands (the teacher's): no more moves are taken."""
        code, key = check_code(code), check_game_key(key)

        def work(tx: Tx) -> None:
            self._class(tx, code, lock=True)
            info = self._table(tx, code, key)
            if info.status == PLAYING:
                tx.run("UPDATE live_tables SET status = ?, updated = ? WHERE class_code = ? AND table_key = ?",
                       (ENDED, time.time(), code, key))
                self._notify(tx, code)
        self._attempt(work, write=True)


def away_words(seconds: float) -> str:
    """A time the teacher set, in words: '30 seconds', 'a minute', '2 minutes', '90 seconds'."""
    whole = round(seconds)
    if whole == 60:
        return "a minute"
    if whole % 60 == 0:
        return f"{whole // 60} minutes"
    return f"{whole} second{'s' if whole != 1 else ''}"


def _options(game: str, options: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The game's options as its records write them (every option, checked), and how many seats it has."""
    start = registry.game(game, **options).start(seed=0)
    return dict(start.record()["options"]), len(start.players)


def _seat_words(state: State, seat: SeatView) -> str:
    colour = state.players[seat.seat]
    return f"{seat.name} ({colour})" if seat.name else colour.capitalize()
