"""A class's games as CSV files for a teacher or a researcher, as oTree exports a session: who sat where (the
student's name at each seat), at which table, in which round and seating design (partners or strangers), and
every decision with its time.

Two files per game: the players' file (one row per player per finished game: the columns it always had, then the
table, round, design and student), and the decisions file (one row per move: class, round, table, seat, colour,
student, who made it, the move number, the move and its time, then that player's outcome of the game). A group's
own game (not a live table) has no table, round or seats of students; its moves are read from its record, and
their times are not known.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .. import records
from .live import BY_COMPUTER, BY_PERSON
from .store import StoredGame
from .table import XALLIES, game_frame, played_frame, whole_numbers

#: the columns the players' file gains, after those it always had
SEATING_COLUMNS = ["table", "round", "design", "student"]
#: the decisions file's own columns, before the player's outcome of the game
DECISION_COLUMNS = ["class", "game", "group", "key", "table", "round", "design", "seat", "player", "student",
                    "played_by", "move_number", "move", "time", "seconds"]
#: the players' columns that are no outcome (left out of the decisions file, which has its own)
NOT_OUTCOME = {"game", "group", "key", "seat", "player", "agent", "person", "class", *SEATING_COLUMNS}


@dataclass(frozen=True)
class Seating:
    """A live table as the export needs it: its name, round, design, each seat's student (None where the
    computer sat), each move's seat, who made it and when (ply order), and when the table was set."""

    key: str
    table: str
    round: int
    design: str
    names: tuple[str | None, ...]
    moves: tuple[tuple[int, str, float], ...]
    created: float


def seatings(store: Any, code: str) -> dict[str, Seating]:
    """Every live table of the class, by its key (a finished table's game is stored under that key)."""
    logged: dict[str, list[tuple[int, str, float]]] = {}

    def read(tx: Any) -> list[Any]:
        return list(tx.rows("SELECT table_key, seat, source, at FROM table_moves WHERE class_code = ? "
                            "ORDER BY table_key, ply", (code,)))
    for key, seat, source, at in store._attempt(read):
        logged.setdefault(str(key), []).append((int(seat), str(source), float(at)))
    return {v.key: Seating(v.key, v.info.label, v.info.round, v.info.design, tuple(v.seats),
                           tuple(logged.get(v.key, ())), v.info.created) for v in store.tables(code)}


def players_frame(games: Sequence[StoredGame], tables: Mapping[str, Seating]) -> Any:
    """One row per player per finished game (the columns the players' file always had: XAllies games with their
    ledger), with the table, its round and design, and the student who sat at the seat."""
    frame = game_frame(games) if games and all(g.game == XALLIES for g in games) else played_frame(games)
    frame = frame.copy()
    extra: dict[str, list[Any]] = {c: [] for c in SEATING_COLUMNS}
    for key, seat in zip(frame.get("key", []), frame.get("seat", [])):
        t = tables.get(str(key))
        name = t.names[int(seat)] if t is not None and _whole(seat) and int(seat) < len(t.names) else None
        extra["table"].append(t.table if t is not None else None)
        extra["round"].append(t.round if t is not None and t.round else None)
        extra["design"].append(t.design if t is not None and t.round else None)
        extra["student"].append(name)
    for column, values in extra.items():
        frame[column] = values if len(frame) else []
    return frame


def players_csv(games: Sequence[StoredGame], code: str, tables: Mapping[str, Seating]) -> str:
    """The players' file: one line per player per finished game, with the class code, table, round, design and
    student."""
    frame = whole_numbers(players_frame(games, tables))
    columns = [c for c in frame.columns if c not in SEATING_COLUMNS]
    return str(frame[columns].assign(**{"class": code}).join(frame[SEATING_COLUMNS]).to_csv(index=False))


def decisions_frame(games: Sequence[StoredGame], code: str, tables: Mapping[str, Seating]) -> Any:
    """One row per decision of every finished game (numbered as in the players' file): where it was made, by whom
    (the student, or the computer for an empty seat or one whose student was away), the move and its time, and
    that player's outcome of the game."""
    import pandas as pd

    players = players_frame(games, tables)
    outcome = [c for c in players.columns if c not in NOT_OUTCOME]
    by_seat = {(r["key"], int(r["seat"])): r for r in players.to_dict("records") if _whole(r.get("seat"))}
    rows = []
    for number, g in enumerate((g for g in games if g.finished), 1):
        if g.record is None:
            continue
        states = records.replay(g.record).history()
        moves = [str(m) for m in states[-1].moves_played()]
        t = tables.get(g.key)
        for ply, move in enumerate(moves):
            seat = states[ply].to_move
            logged = t.moves[ply] if t is not None and ply < len(t.moves) else None
            if logged is not None:
                seat = logged[0]
            player = by_seat.get((g.key, seat), {}) if seat is not None else {}
            name = t.names[seat] if t is not None and seat is not None and seat < len(t.names) else None
            when = logged[2] if logged is not None else None
            if logged is None:
                by = player.get("agent") if player else None
                by = "student" if by == BY_PERSON else ("computer" if by else None)
            else:
                by = "student" if logged[1] == BY_PERSON else "computer" if logged[1] == BY_COMPUTER else logged[1]
            # the seconds since the move before it (the first: since the table was set), as oTree's page times
            previous = (t.moves[ply - 1][2] if ply else t.created) if t is not None and ply <= len(t.moves) else None
            rows.append({
                "class": code, "game": number, "group": g.group, "key": g.key,
                "table": t.table if t is not None else None, "round": t.round if t is not None and t.round else None,
                "design": t.design if t is not None and t.round else None,
                "seat": seat, "player": player.get("player"), "student": name, "played_by": by,
                "move_number": ply + 1, "move": move,
                "time": _iso(when) if when is not None else None,
                "seconds": round(when - previous, 3) if when is not None and previous is not None else None,
                **{c: player.get(c) for c in outcome}})
    return pd.DataFrame(rows, columns=[*DECISION_COLUMNS, *outcome])


def decisions_csv(games: Sequence[StoredGame], code: str, tables: Mapping[str, Seating]) -> str:
    """The decisions file: one line per move of every finished game."""
    return str(whole_numbers(decisions_frame(games, code, tables)).to_csv(index=False))


def _iso(seconds: float) -> str:
    """A moment as ISO 8601 in UTC, to the millisecond: 2026-11-28T19:20:31.123Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1000):03d}Z"


def _whole(value: Any) -> bool:
    try:
        return value is not None and float(value) == int(value)
    except (TypeError, ValueError):
        return False
