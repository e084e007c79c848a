"""Class writes racing each other: many processes released at once by a barrier, on SQLite and PostgreSQL.

Groups joining past the group cap, saves past the game cap, and saves racing the teacher's clear:
the caps hold exactly, every refusal is the library's own sentence, and no database driver's text
ever reaches a group. A conflict made on purpose (a group's row removed between a save's reading
and its writing) is tried again once, then refused in plain words. The PostgreSQL server is
started as in test_classroom.
"""
from __future__ import annotations

import multiprocessing as mp
import random
import time
import traceback
from typing import Any, Callable

import pytest

import xlib
from xlib.classroom import MIGRATIONS, ClassError, Migration, StorageError, open_store
from xlib.classroom import store as store_module

from .test_classroom import finished_game, pg_server, url  # noqa: F401  (fixtures)

SEATS = ["person", "medium", "medium"]
PROCESSES = 12
#: words of the drivers' own messages (psycopg, sqlite3) that must never reach a group
DRIVER_WORDS = ("violates", "constraint", "psycopg", "sqlite3", "sqlstate", "detail:", "foreign key",
                "database is locked", "unique", "duplicate key", "relation ", "syntax")


# ---- running processes at once --------------------------------------------------------------------

Report = list[tuple[str, str]]   # per request: ("ok", what), ("refused", the ClassError's sentence) or ("error", …)


def _outcome(fn: Callable[[], Any]) -> tuple[str, str]:
    """What one request came to: its result, the library's refusal, or anything else (a failure of the test)."""
    try:
        return "ok", str(fn())
    except ClassError as exc:
        return "refused", str(exc)
    except Exception:
        return "error", traceback.format_exc()


def _worker(url: str, caps: tuple[int, int], task: Callable[..., Report], args: tuple[Any, ...], barrier: Any,
            out: Any, index: int) -> None:
    """One kernel: open the store with the test's caps, wait for every other, then make its requests."""
    try:
        store_module.MAX_GROUPS, store_module.MAX_GAMES = caps
        with open_store(url) as store:
            barrier.wait(timeout=60)
            out.put((index, task(store, *args)))
    except Exception:
        out.put((index, [("error", traceback.format_exc())]))


Job = tuple[Callable[..., Report], tuple[Any, ...]]   # a task and its arguments after the store


def run_at_once(url: str, caps: tuple[int, int], jobs: list[Job]) -> list[Report]:
    """Run every (task, args) in its own process, all released together; each process's report, in order."""
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    barrier, out = ctx.Barrier(len(jobs)), ctx.Queue()
    workers = [ctx.Process(target=_worker, args=(url, caps, task, args, barrier, out, i))
               for i, (task, args) in enumerate(jobs)]
    for w in workers:
        w.start()
    reports = dict(out.get(timeout=120) for _ in workers)
    for w in workers:
        w.join(timeout=30)
    return [reports[i] for i in range(len(jobs))]


def _all(reports: list[Report]) -> Report:
    return [r for report in reports for r in report]


def _no_errors(outcomes: Report) -> None:
    """Every request was carried out or refused by the library, and no refusal carries a driver's text."""
    errors = [detail for kind, detail in outcomes if kind == "error"]
    assert errors == [], errors[0]
    leaked = [detail for kind, detail in outcomes
              if kind == "refused" and any(word in detail.lower() for word in DRIVER_WORDS)]
    assert leaked == [], f"a driver's text reached a group: {leaked[0]}"


# ---- the tasks -------------------------------------------------------------------------------------

def _join_groups(store: Any, code: str, names: list[str]) -> Report:
    return [_outcome(lambda: store.join(code, name)) for name in names]


def _save_games(store: Any, code: str, group: str, games: list[tuple[str, dict[str, Any]]]) -> Report:
    return [_outcome(lambda: store.save_game(code, group, key, record, SEATS).key) for key, record in games]


def _clear_while(store: Any, code: str, done: Any, pause: float) -> Report:
    """The teacher clicking Clear again and again until every saver has finished."""
    outcomes: Report = []
    while True:
        outcomes.append(_outcome(lambda: store.clear(code)))
        if done.is_set():
            return outcomes
        time.sleep(pause)


def _save_then_signal(store: Any, code: str, group: str, games: list[tuple[str, dict[str, Any]]], left: Any,
                      done: Any) -> Report:
    """A group saving its games; the last group to finish tells the teacher's processes to stop clearing."""
    try:
        return _save_games(store, code, group, games)
    finally:
        with left.get_lock():
            left.value -= 1
            if left.value == 0:
                done.set()


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    """Whole games, as groups finish them."""
    return [finished_game(seed).record() for seed in range(6)]


@pytest.fixture(scope="module")
def openings() -> list[dict[str, Any]]:
    """Games three moves in, saved as they go: quick to check, so the saves crowd the database."""
    out = []
    for seed in range(6):
        s, rng = xlib.game("xallies").start(seed=seed), random.Random(seed)
        for _ in range(3):
            s = s.play(rng.choice(s.moves()))
        out.append(s.record())
    return out


# ---- the tests -----------------------------------------------------------------------------------

def test_groups_joining_at_once_past_the_cap_end_at_exactly_the_cap(url):
    cap, names = 5, 4
    with open_store(url) as store:
        code = store.create_class().code
    jobs = [(_join_groups, (code, [f"P{p:02d} G{i}" for i in range(names)])) for p in range(PROCESSES)]
    outcomes = _all(run_at_once(url, (cap, 5_000), jobs))
    _no_errors(outcomes)
    joined = [detail for kind, detail in outcomes if kind == "ok"]
    refused = [detail for kind, detail in outcomes if kind == "refused"]
    assert len(joined) == cap and len(refused) == PROCESSES * names - cap
    assert set(refused) == {f"class {code} already has {cap} groups; join one of them"}
    with open_store(url) as store:
        assert sorted(store.groups(code)) == sorted(joined)
        assert store.activity(code).groups == cap


def test_games_saved_at_once_past_the_cap_store_exactly_the_cap(url, openings):
    cap, each = 8, 3
    with open_store(url) as store:
        code = store.create_class().code
    jobs = [(_save_games, (code, f"Group {p:02d}", [(f"p{p:02d}-game{i}", openings[(p + i) % len(openings)])
                                                     for i in range(each)])) for p in range(PROCESSES)]
    outcomes = _all(run_at_once(url, (200, cap), jobs))
    _no_errors(outcomes)
    saved = [detail for kind, detail in outcomes if kind == "ok"]
    refused = [detail for kind, detail in outcomes if kind == "refused"]
    assert len(saved) == cap and len(refused) == PROCESSES * each - cap
    assert set(refused) == {f"class {code} holds {cap} games, as many as a class keeps; the teacher can clear it "
                            f"or start a new class"}
    with open_store(url) as store:
        stored = store.games(code, finished=None)
        assert sorted(g.key for g in stored) == sorted(saved)
        assert store.activity(code).unfinished == cap


def test_saves_racing_clears_are_stored_or_refused_in_plain_words_and_none_is_lost(url, records):
    savers, each, clearers = PROCESSES - 2, 8, 2
    with open_store(url) as store:
        code = store.create_class().code
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    left, done = ctx.Value("i", savers), ctx.Event()
    jobs: list[Job] = [
        (_save_then_signal, (code, f"Group {p:02d}", [(f"p{p:02d}-game{i}", records[(p + i) % len(records)])
                                                       for i in range(each)], left, done)) for p in range(savers)]
    jobs += [(_clear_while, (code, done, 0.002 * (c + 1))) for c in range(clearers)]
    reports = run_at_once(url, (200, 5_000), jobs)
    saves, clears = _all(reports[:savers]), _all(reports[savers:])
    _no_errors(saves + clears)
    assert all(kind == "ok" for kind, _ in clears), clears
    stored_by_saves = sum(1 for kind, _ in saves if kind == "ok")
    deleted_by_clears = sum(int(detail) for _, detail in clears)
    assert deleted_by_clears > 0, "no clear ran while games were being saved"
    with open_store(url) as store:
        kept = store.games(code, finished=None)
        activity = store.activity(code)
        groups = {g.casefold() for g in store.groups(code)}
    # every game a save stored was either cleared by the teacher or is in the class now, in a group of the class
    assert deleted_by_clears + len(kept) == stored_by_saves
    assert activity.finished + activity.unfinished == len(kept)
    assert {g.group.casefold() for g in kept} <= groups


# ---- a conflict, made on purpose -------------------------------------------------------------------

def _losing_the_group(store: Any, times: int) -> list[str]:
    """Make the store's next `times` joins lose the group right after finding it, as a clear landing between a
    save's reading and its writing would; the names lost, as it happens."""
    real_join, lost = store._join, []

    def join(tx: Any, code: str, name: str) -> str:
        stored = real_join(tx, code, name)
        if len(lost) < times:
            tx.run("DELETE FROM class_groups WHERE class_code = ?", (code,))
            lost.append(name)
        return stored
    store._join = join
    return lost


def test_a_save_whose_group_vanished_is_tried_again_once_and_stored_in_the_cleared_class(url, records):
    with open_store(url) as store:
        code = store.create_class().code
        store.join(code, "Reds")
        lost = _losing_the_group(store, 1)
        saved = store.save_game(code, "Reds", "reds-game-1", records[0], SEATS)
        assert lost == ["Reds"] and saved.group == "Reds"
        assert store.game(code, "reds-game-1").record == records[0] and store.groups(code) == ["Reds"]


def test_a_save_that_meets_a_conflict_twice_is_refused_in_plain_words(url, records):
    with open_store(url) as store:
        code = store.create_class().code
        store.join(code, "Reds")
        lost = _losing_the_group(store, 2)
        with pytest.raises(ClassError) as err:
            store.save_game(code, "Reds", "reds-game-1", records[0], SEATS)
        assert lost == ["Reds", "Reds"]
        assert str(err.value) == ("the class changed while this was being stored (the teacher may have just "
                                  "cleared it); try again")
        assert "ForeignKeyViolation" in err.value.detail or "IntegrityError" in err.value.detail
        del store._join
        assert store.games(code, finished=None) == [] and store.groups(code) == ["Reds"]   # nothing half-done


def test_database_errors_reach_a_group_in_plain_words_with_the_driver_text_kept_aside(url, tmp_path):
    broken = Migration(len(MIGRATIONS) + 1, "a mistake", sqlite=("CREATE TABLE (",), postgresql=("CREATE TABLE (",))
    with pytest.raises(StorageError) as err:
        open_store(url, migrations=MIGRATIONS + (broken,))
    assert str(err.value).startswith("the class database (")
    assert "answered with an error: the request could not be carried out" in str(err.value)
    assert err.value.detail and err.value.detail.split(": ", 1)[1] not in str(err.value)
    said = str(err.value).replace(url.split("/")[-1], "")   # the database's own name may say sqlite3
    assert not any(word in said.lower() for word in DRIVER_WORDS), said
    if url.startswith("postgresql://"):
        with pytest.raises(StorageError) as err:
            open_store(url.rsplit("/", 1)[0] + "/no_such_database")
        assert str(err.value).endswith("took the connection (check the host, the port, the database name, the user "
                                       "and the password, and that PostgreSQL runs)")
        assert "no_such_database" in err.value.detail and "does not exist" not in str(err.value)
    else:
        corrupt = tmp_path / "corrupt.db"
        corrupt.write_bytes(b"this is not a database" * 100)
        with pytest.raises(StorageError) as err:
            open_store(corrupt)
        assert str(err.value) == f"cannot use the class database {corrupt}: the file is damaged or is not a class " \
                                 f"database"
