"""Thirty groups finishing at the same moment: 30 processes store 20 games each into one class at once.

Every game must be read back intact, none lost and none stored twice, on SQLite and on a real
PostgreSQL server (started as in test_classroom). The figures are printed by
benchmarks/class_load.py; this test asserts only what must hold.
"""
from __future__ import annotations

import json
import multiprocessing as mp
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

import pytest

from xlib.classroom import open_store

from .test_classroom import finished_game, fresh_database, postgres_server, require_postgres

PROCESSES = 30
GAMES = 20
SEATS = ["person", "medium", "medium"]


@dataclass
class LoadResult:
    """What a load run found: its wall time, and how many games were lost, duplicated or damaged."""

    seconds: float
    expected: int
    stored: int
    lost: int
    duplicated: int
    damaged: int
    errors: list[str] = field(default_factory=list)


def game_records(games: int = GAMES) -> list[dict[str, Any]]:
    """`games` whole games from seeded random play: made once, stored by every process."""
    return [finished_game(seed).record() for seed in range(games)]


def _key(process: int, game: int) -> str:
    return f"group{process:02d}-game{game:02d}"


def _writer(url: str, code: str, process: int, records: list[dict[str, Any]], barrier: Any, out: Any) -> None:
    """One group's kernel: open the store, wait for the others, then store every game as fast as it can."""
    try:
        store = open_store(url)
        barrier.wait(timeout=120)
        start = time.time()
        for i, record in enumerate(records):
            store.save_game(code, f"Group {process:02d}", _key(process, i), record, SEATS)
        out.put((process, start, time.time(), None))
        store.close()
    except Exception:
        out.put((process, 0.0, 0.0, traceback.format_exc()))


def run_load(url: str, records: list[dict[str, Any]], processes: int = PROCESSES) -> LoadResult:
    """Store every record from each of `processes` processes at once into a new class; then read it all back."""
    with open_store(url) as store:
        code = store.create_class().code
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    barrier, out = ctx.Barrier(processes), ctx.Queue()
    workers = [ctx.Process(target=_writer, args=(url, code, p, records, barrier, out)) for p in range(processes)]
    for w in workers:
        w.start()
    reports = [out.get(timeout=600) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    errors = [r[3] for r in reports if r[3] is not None]
    starts = [r[1] for r in reports if r[3] is None]
    ends = [r[2] for r in reports if r[3] is None]
    seconds = max(ends) - min(starts) if starts else float("nan")
    with open_store(url) as store:
        stored = store.games(code, records=True)
    expected = {_key(p, i): json.dumps(r, sort_keys=True) for p in range(processes) for i, r in enumerate(records)}
    seen: dict[str, int] = {}
    damaged = 0
    for g in stored:
        seen[g.key] = seen.get(g.key, 0) + 1
        if g.key in expected and (json.dumps(g.record, sort_keys=True) != expected[g.key]
                                  or g.group != f"Group {g.key[5:7]}" or not g.finished):
            damaged += 1
    lost = sum(1 for k in expected if k not in seen)
    duplicated = sum(n - 1 for n in seen.values()) + sum(1 for k in seen if k not in expected)
    return LoadResult(seconds, len(expected), len(stored), lost, duplicated, damaged, errors)


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return game_records()


def _check(result: LoadResult) -> None:
    assert result.errors == [], result.errors[0]
    assert (result.lost, result.duplicated, result.damaged) == (0, 0, 0)
    assert result.stored == result.expected == PROCESSES * GAMES


def test_thirty_processes_store_twenty_games_each_into_sqlite(tmp_path, records):
    _check(run_load(str(tmp_path / "classes.sqlite3"), records))


def test_thirty_processes_store_twenty_games_each_into_postgresql(records):
    with postgres_server(require_postgres()) as server:
        _check(run_load(fresh_database(server), records))
