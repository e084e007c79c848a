"""Class mode's store: the same interface on SQLite and on a real PostgreSQL server, and its guards.

The PostgreSQL tests start a throwaway server on loopback with Debian's binaries; outside CI
they are skipped when the binaries are missing, in CI (CI=true) they must run.
"""
from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from pathlib import Path

import pytest

import xlib
from xlib.classroom import (CODE_ALPHABET, CODE_LENGTH, MAX_RECORD_CHARS, MIGRATIONS, ClassClosed, ClassError,
                            Migration, StorageError, UnknownClass, check_code, check_group, new_game_key, open_store)
from xlib.classroom import checks, store as store_module
from xlib.experiments.matches import game_rows, play_match

from .databases import (PG_USER, _free_port, fresh_database, pg_server, postgres_bin, postgres_server,  # noqa: F401
                        require_postgres, store, url)


# ---- games to store ----------------------------------------------------------------------------------

def finished_game(seed: int) -> xlib.State:
    """A whole XAllies game between random players (seeded: the same game every run)."""
    return play_match("xallies", ["random"] * 3, seed=seed)


@pytest.fixture(scope="module")
def games() -> list[xlib.State]:
    return [finished_game(seed) for seed in range(4)]


SEATS = ["person", "medium", "medium"]


# ---- codes, names, records --------------------------------------------------------------------------

def test_new_codes_are_short_and_use_the_unambiguous_alphabet():
    codes = {checks.new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert check_code(code) == code
    assert not set("01IOL5S8B") & set(CODE_ALPHABET)


def test_codes_are_read_forgivingly_and_wrong_ones_are_named():
    assert check_code(" 7f3k ") == "7F3K"
    assert check_code("7F-3K") == "7F3K"
    for bad, words in [("", "no class code"), ("7F3", "4 characters"), ("7F3KK", "4 characters"),
                       ("7F0K", "'0' is never used"), ("IOU2", "'I' is never used"), (1234, "not int"),
                       ("7F3K'; DROP TABLE classes;--", "4 characters"), ("7F;K", "';' is never used")]:
        with pytest.raises(ClassError) as err:
            check_code(bad)
        assert words in str(err.value), (bad, str(err.value))


def test_group_names_allow_letters_of_any_alphabet_and_nothing_that_hides_markup():
    assert check_group("  Table   3 ") == "Table 3"
    assert check_group("Équipe Ä") == "Équipe Ä"
    assert check_group("Los_Tigres-2") == "Los_Tigres-2"
    assert check_group("Команда") == "Команда"
    for bad, words in [("", "no group name"), ("   ", "no group name"), ("x" * 25, "at most 24"),
                       ("Robert'); DROP TABLE games;--", "holds \"'\""), ("<b>Reds</b>", "holds '<'"),
                       ("a\nb\x00", "holds '\\x00'"), ("Reds 🚀", "holds '🚀'"), (None, "not NoneType")]:
        with pytest.raises(ClassError) as err:
            check_group(bad)
        assert words in str(err.value), (bad, str(err.value))


# ---- the store on both backends ----------------------------------------------------------------------

def test_a_stored_game_reads_back_intact_with_its_ledger(store, games):
    code = store.create_class().code
    assert store.join(code.lower(), "Table 3") == "Table 3"
    key = new_game_key()
    saved = store.save_game(code, "table 3", key, games[0].record(), seats=SEATS)
    assert saved.finished and saved.group == "Table 3" and saved.moves == len(games[0].moves_played())
    back = store.game(code, key)
    assert back.record == games[0].record()
    assert xlib.replay(back.record).scores == games[0].scores
    expected = [{k: v for k, v in r.items() if k not in ("game", "lineup")} for r in game_rows(games[0], "", 0, SEATS)]
    assert list(back.rows) == json.loads(json.dumps(expected))
    assert back.seats == tuple(SEATS)
    assert store.groups(code) == ["Table 3"]
    assert [g.key for g in store.games(code)] == [key]
    seen = store.activity(code)
    assert (seen.finished, seen.unfinished, seen.groups, seen.closed) == (1, 0, 1, False)
    assert seen.last_finished == seen.last_save == back.updated


def test_saving_again_updates_an_unfinished_game_and_never_duplicates(store, games):
    code = store.create_class().code
    key = new_game_key()
    history = games[1].history()
    for k in (5, 40, 41):
        saved = store.save_game(code, "Reds", key, history[k].record(), SEATS)
        assert not saved.finished and saved.moves == k
    assert store.unfinished(code, "REDS").record == history[41].record()
    seen = store.activity(code)
    assert (seen.finished, seen.unfinished, seen.last_finished) == (0, 1, 0.0) and seen.last_save > 0
    store.save_game(code, "Reds", key, games[1].record(), SEATS)
    store.save_game(code, "Reds", key, games[1].record(), SEATS)   # a retry: accepted, nothing changes
    assert [g.key for g in store.games(code, finished=None)] == [key]
    assert store.unfinished(code, "Reds") is None
    with pytest.raises(ClassError, match="finished and stored"):
        store.save_game(code, "Reds", key, history[30].record(), SEATS)
    assert store.game(code, key).record == games[1].record()


def test_a_game_belongs_to_one_group(store, games):
    code = store.create_class().code
    key = new_game_key()
    store.save_game(code, "Reds", key, games[0].history()[10].record(), SEATS)
    with pytest.raises(ClassError, match="another group"):
        store.save_game(code, "Blues", key, games[0].history()[12].record(), SEATS)
    assert store.game(code, key).moves == 10 and store.game(code, key).group == "Reds"


def test_one_class_cannot_read_or_change_another_classes_games(store, games):
    a, b = store.create_class().code, store.create_class().code
    key = new_game_key()
    store.save_game(a, "Reds", key, games[0].record(), SEATS)
    assert store.games(b) == [] and store.groups(b) == []
    with pytest.raises(ClassError, match=f"class {b} has no game"):
        store.game(b, key)
    assert store.unfinished(b, "Reds") is None
    store.save_game(b, "Reds", key, games[1].history()[9].record(), SEATS)   # the same key in class b: b's own game
    assert store.game(a, key).record == games[0].record()
    assert store.game(b, key).moves == 9
    assert store.clear(b) == 1
    assert store.game(a, key).record == games[0].record() and store.groups(a) == ["Reds"]
    store.close_class(b)
    assert not store.class_info(a).closed


def test_unknown_and_closed_classes_are_refused_by_name(store, games):
    unknown = "7F3K"   # a fresh database has no class yet
    with pytest.raises(UnknownClass, match="there is no class 7F3K"):
        store.join(unknown, "Reds")
    with pytest.raises(UnknownClass):
        store.save_game(unknown, "Reds", new_game_key(), games[0].record(), SEATS)
    with pytest.raises(UnknownClass):
        store.close_class(unknown)
    code = store.create_class().code
    store.close_class(code)
    assert store.class_info(code).closed
    with pytest.raises(ClassClosed, match=f"class {code} is closed"):
        store.join(code, "Reds")
    with pytest.raises(ClassClosed):
        store.save_game(code, "Reds", new_game_key(), games[0].record(), SEATS)
    store.reopen_class(code)
    store.save_game(code, "Reds", new_game_key(), games[0].record(), SEATS)
    assert len(store.games(code)) == 1
    store.delete_class(code)
    with pytest.raises(UnknownClass):
        store.games(code)


@pytest.mark.parametrize("name", ["DROP TABLE games", "SELECT name FROM classes", "OR 1 1", "x_x--", "Null"])
def test_sql_looking_names_are_stored_as_plain_text(store, games, name):
    code = store.create_class().code
    store.save_game(code, name, new_game_key(), games[0].record(), SEATS)
    assert store.groups(code) == [name]
    assert [g.group for g in store.games(code)] == [name]
    other = store.create_class().code
    assert store.games(other) == []      # nothing leaked, every table still there


@pytest.mark.parametrize("name", ["Robert'); DROP TABLE games;--", "x' OR '1'='1", "a; DELETE FROM classes",
                                  '"; DROP TABLE class_groups; --'])
def test_sql_injection_in_names_is_refused_and_changes_nothing(store, games, name):
    code = store.create_class().code
    store.save_game(code, "Reds", new_game_key(), games[0].record(), SEATS)
    with pytest.raises(ClassError, match="a group name uses letters"):
        store.join(code, name)
    with pytest.raises(ClassError, match="a group name uses letters"):
        store.save_game(code, name, new_game_key(), games[1].record(), SEATS)
    assert store.groups(code) == ["Reds"] and len(store.games(code)) == 1


def _bad_records(games: list[xlib.State]) -> list[tuple[object, str]]:
    rec = games[0].record()
    return [
        ("{not json", "not valid JSON"),
        ("x" * (MAX_RECORD_CHARS + 1), "at most 200,000"),
        (b"\xff\xfe", "not UTF-8"),
        ([1, 2], "a JSON object"),
        ({**rec, "moves": ["3+"] * 10_001}, "at most 10,000 moves"),
        ({**rec, "moves": rec["moves"] + ["x" * 80] * 3000}, "at most 200,000"),
        ({**rec, "moves": rec["moves"] + ["hit"]}, "cannot be replayed"),
        ({**rec, "moves": rec["moves"][:3] + ["zz"] + rec["moves"][4:]}, "cannot be replayed"),
        ({**rec, "game": "chess"}, "games of XAllies, Alea Evangelion, XATS, Xero-G and X, not 'chess'"),
        ({**rec, "game": "x"}, "cannot be replayed"),
        ({**rec, "position": "0:bb*"}, "usual set-up"),
        ({**rec, "seed": float("nan")}, "not JSON data"),
        ({**rec, "options": {"players": 9}}, "cannot be replayed"),
        ({**rec, "evil": 1}, "cannot be replayed"),
    ]


def test_oversized_corrupt_or_forged_records_are_refused_before_storing(store, games):
    code = store.create_class().code
    for bad, words in _bad_records(games):
        with pytest.raises(ClassError) as err:
            store.save_game(code, "Reds", new_game_key(), bad, SEATS)
        assert words in str(err.value), (str(bad)[:60], str(err.value))
    for seats, words in [(["person"], "each of the 3 seats"), (["person", "medium", "'; DROP"], "is not a seat"),
                         ("person", "each of the 3 seats")]:
        with pytest.raises(ClassError, match=words):
            store.save_game(code, "Reds", new_game_key(), games[0].record(), seats)
    for key in ("short", "k" * 65, "a key with spaces", "ключ-ключ-ключ"):
        with pytest.raises(ClassError, match="is not a game key"):
            store.save_game(code, "Reds", key, games[0].record(), SEATS)
    assert store.games(code, finished=None) == [] and store.groups(code) == []


def test_limits_on_groups_and_games_per_class(store, games, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_GROUPS", 2)
    monkeypatch.setattr(store_module, "MAX_GAMES", 3)
    code = store.create_class().code
    store.join(code, "A")
    store.join(code, "B")
    store.join(code, "b")   # the same group as B
    with pytest.raises(ClassError, match="already has 2 groups"):
        store.join(code, "C")
    for g in games[:3]:
        store.save_game(code, "A", new_game_key(), g.record(), SEATS)
    with pytest.raises(ClassError, match="holds 3 games"):
        store.save_game(code, "A", new_game_key(), games[3].record(), SEATS)
    assert store.clear(code) == 3
    assert store.groups(code) == []


def test_two_connections_in_threads_store_every_game_once(url, games):
    code_store = open_store(url)
    code = code_store.create_class().code
    records = [g.record() for g in games]

    def write(group: str) -> None:
        with open_store(url) as s:
            for r in records:
                s.save_game(code, group, new_game_key(), r, SEATS)

    threads = [threading.Thread(target=write, args=(f"Group {i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = code_store.games(code, records=True)
    assert len(stored) == 16 and len({g.key for g in stored}) == 16
    assert sorted(json.dumps(g.record) for g in stored) == sorted(json.dumps(r) for r in records * 4)
    code_store.close()


# ---- the schema --------------------------------------------------------------------------------------

LATEST = len(MIGRATIONS)   # the schema this xlib makes
EXTRA = Migration(LATEST + 1, "a note on each game", sqlite=("ALTER TABLE games ADD COLUMN note TEXT",),
                  postgresql=("ALTER TABLE games ADD COLUMN note TEXT",))
BROKEN = Migration(LATEST + 1, "a table, then a mistake", sqlite=("CREATE TABLE notes (x INTEGER)", "CREATE TABLE ("),
                   postgresql=("CREATE TABLE notes (x INTEGER)", "CREATE TABLE ("))


def _columns(url: str, table: str) -> set[str]:
    if url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(url) as conn:
            return {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns "
                                                "WHERE table_name = %s", (table,))}
    with contextlib.closing(sqlite3.connect(url)) as conn:
        return {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}


def _version(url: str) -> int:
    if url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(url) as conn:
            row = conn.execute("SELECT version FROM schema_version").fetchone()
    else:
        with contextlib.closing(sqlite3.connect(url)) as conn:
            row = conn.execute("SELECT version FROM schema_version").fetchone()
    assert row is not None
    return int(row[0])


def test_the_schema_is_made_versioned_and_migrated_with_the_data_kept(url, games):
    with open_store(url) as s:
        assert s.schema_version == LATEST == MIGRATIONS[-1].version
        code = s.create_class().code
        key = new_game_key()
        s.save_game(code, "Reds", key, games[0].record(), SEATS)
    assert _version(url) == LATEST and "note" not in _columns(url, "games")
    with open_store(url, migrations=MIGRATIONS + (EXTRA,)) as s:
        assert s.schema_version == LATEST + 1
        assert s.game(code, key).record == games[0].record()
    assert _version(url) == LATEST + 1 and "note" in _columns(url, "games")
    with open_store(url, migrations=MIGRATIONS + (EXTRA,)) as s:   # opening again migrates nothing
        assert s.schema_version == LATEST + 1
    with pytest.raises(StorageError, match=f"schema version {LATEST + 1}, made by a newer xlib"):
        open_store(url)


def test_a_failing_migration_changes_nothing(url):
    open_store(url).close()
    with pytest.raises(StorageError, match="answered with an error"):
        open_store(url, migrations=MIGRATIONS + (BROKEN,))
    assert _version(url) == LATEST and _columns(url, "notes") == set()
    with open_store(url) as s:
        assert s.schema_version == LATEST


def test_migrations_must_be_numbered_in_order():
    with pytest.raises(ValueError, match="numbered 1, 2, 3"):
        store_module.check_migrations((MIGRATIONS[0], Migration(3, "x", ("SELECT 1",), ("SELECT 1",))))


# ---- where the database is -----------------------------------------------------------------------------

def test_the_default_database_is_the_env_file_in_wal_mode(tmp_path, monkeypatch):
    path = tmp_path / "deep" / "folder" / "class.db"
    monkeypatch.setenv("XLIB_CLASS_DB", str(path))
    with open_store() as s:
        assert s.backend == "sqlite" and Path(s.where) == path
        s.create_class()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with open_store(f"sqlite:///{path}") as s:
        assert s.where == str(path)
    monkeypatch.delenv("XLIB_CLASS_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from xlib.classroom import default_location

    assert default_location() == str(tmp_path / "data" / "xlib" / "classes.sqlite3")


def test_bad_locations_are_named(tmp_path):
    with pytest.raises(ClassError, match="mysql:// is not a class database"):
        open_store("mysql://root@localhost/db")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError, match="cannot make the folder"):
        open_store(blocker / "sub" / "class.db")
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="corrupt.db"):
        open_store(corrupt)


def test_an_unreachable_postgresql_server_is_named_without_its_password():
    port = _free_port()
    with pytest.raises(StorageError) as err:
        open_store(f"postgresql://teacher:secret@127.0.0.1:{port}/classes")
    assert "cannot reach the class database" in str(err.value)
    assert "secret" not in str(err.value) and "teacher:***@127.0.0.1" in str(err.value)


# ---- the widgets, driven headless --------------------------------------------------------------------

def _board(seed: int, **seats: str):
    from xlib.board import Board

    return Board("xallies", seed=seed, seats={int(k[1:]): v for k, v in seats.items()}, animate=0,
                 background=False)


@pytest.fixture
def sqlite_store(tmp_path):
    with open_store(tmp_path / "classes.sqlite3") as s:
        yield s


def test_the_class_panel_opens_no_database_until_a_class_starts():
    from xlib.panels.classroom import ClassPanel

    panel = ClassPanel(url="/nonexistent/folder/never/made.db", background=False)
    assert panel._store is None and panel.code is None
    assert "No class yet" in panel.code_view.value and panel.results.layout.display == "none"


def test_groups_join_finish_games_and_the_panel_pools_them(sqlite_store):
    import base64
    import io

    import pandas as pd

    from xlib.panels.classroom import ClassJoin, ClassPanel

    panel = ClassPanel(store=sqlite_store, baseline_games=3, background=False)
    code = panel.start()
    assert f">{code}<" in panel.code_view.value
    boards = {}
    for name, seed in (("Reds", 11), ("Blues", 12)):
        board = _board(seed, s0="random", s1="random", s2="random")
        join = ClassJoin(board, store=sqlite_store, background=False)
        assert join.join(code.lower(), name), join.status.value
        for game in range(2):
            board.new_game(seed=seed * 10 + game, rounds=2)
            assert board.state.over
            assert "Game stored for class" in join.status.value
        boards[name] = board
    stored = sqlite_store.games(code, records=True)
    assert [g.group for g in stored] == ["Reds", "Reds", "Blues", "Blues"]
    assert stored[-1].record == boards["Blues"].state.record()
    assert panel.refresh()
    assert panel.groups.loc["Reds", "games"] == 2 and panel.groups.loc["Blues", "games"] == 2
    states = [xlib.replay(g.record) for g in stored]
    ours = panel.compared.loc["our class"]
    assert ours.cooperation == round(sum(len(s.ledger.claimed) for s in states) / 12 / len(states), 3)
    assert ours.waste == round(sum(len(s.ledger.wasted) for s in states) / 12 / len(states), 3)
    assert ours["white pieces"] == round(sum(sum(s.whites) for s in states) / len(states), 3)
    assert {"all prosocial", "all selfish"} <= set(panel.compared.index)
    assert "Reds" in panel.text.value and "our class" in panel.text.value
    csv = panel.csv_link.value.split("base64,")[1].split('"')[0]
    table = pd.read_csv(io.StringIO(base64.b64decode(csv).decode()))
    assert len(table) == 12 and set(table["class"]) == {code} and set(table.group) == {"Reds", "Blues"}
    assert not panel.refresh()   # nothing changed: nothing redrawn


def test_an_unfinished_game_comes_back_after_a_page_reload(sqlite_store):
    from xlib.panels.classroom import ClassJoin

    code = sqlite_store.create_class().code
    board = _board(5, s1="random", s2="random")
    join = ClassJoin(board, store=sqlite_store, background=False)
    join.join(code, "Table 3")
    for _ in range(6):
        board.play(board.state.moves()[-1])
    played = board.state.record()
    assert sqlite_store.unfinished(code, "Table 3").record == played
    # the page is reloaded: a new kernel, a new board, the same code and group name
    again = _board(77, s1="random", s2="random")
    rejoin = ClassJoin(again, store=sqlite_store, background=False)
    assert rejoin.join(code, "table 3")
    assert again.state.record() == played and "back on the board" in rejoin.status.value
    again.play(again.state.moves()[0])
    unfinished = sqlite_store.games(code, finished=None)
    assert len(unfinished) == 1 and unfinished[0].moves == len(again.state.moves_played())


def test_a_stored_game_stays_as_it_ended_and_what_if_lines_are_not_stored(sqlite_store):
    from xlib.panels.classroom import ClassJoin

    code = sqlite_store.create_class().code
    board = _board(8, s0="random", s1="random", s2="random")
    join = ClassJoin(board, store=sqlite_store, background=False)
    join.join(code, "Reds")
    board.new_game(seed=3, rounds=2)
    ended = board.state.record()
    board.seats[0] = "person"
    board.undo()
    board.show(3)
    board.explore()
    assert sqlite_store.game(code, join.key).record == ended
    assert len(sqlite_store.games(code, finished=None)) == 1 and "✗" not in join.status.value


def test_wrong_codes_and_closed_classes_are_explained_beside_the_board(sqlite_store):
    from xlib.panels.classroom import ClassJoin, ClassPanel

    board = _board(3, s0="random", s1="random", s2="random")
    join = ClassJoin(board, store=sqlite_store, background=False)
    assert not join.join("70OK", "Reds") and "'0' is never used" in join.status.value
    assert not join.join("7F3K", "Reds") and "there is no class 7F3K" in join.status.value
    panel = ClassPanel(store=sqlite_store, baseline_games=3, background=False)
    code = panel.start()
    assert not join.join(code, "<script>") and "a group name uses letters" in join.status.value
    assert join.join(code, "Reds")
    panel.toggle_closed()
    assert "is closed" in panel.status.value
    board.new_game(seed=4, rounds=2)
    assert "Not stored: class" in join.status.value and sqlite_store.games(code) == []
    panel.toggle_closed()
    board.new_game(seed=5, rounds=2)
    assert len(sqlite_store.games(code)) == 1
    panel._clear_clicked("games")
    assert len(sqlite_store.games(code)) == 1 and panel.clear_button.description == "Yes, clear the games"
    panel._clear_clicked("games")
    assert sqlite_store.games(code) == [] and "1 game removed" in panel.confirm.value
    assert sqlite_store.groups(code) == ["Reds"]


def test_the_live_panel_shows_the_personas_on_the_tick_after_they_are_played(sqlite_store, games, monkeypatch):
    from xlib.panels.classroom import ClassPanel
    from xlib.classroom import table as tables

    played = threading.Event()   # the personas' games end only when the test says so
    baseline = tables.baseline
    monkeypatch.setattr(tables, "baseline", lambda *a: played.wait(60) and baseline(*a))
    panel = ClassPanel(store=sqlite_store, baseline_games=3, refresh=1.0, background=True)
    code = panel.start()
    assert panel.clock.playing and panel.clock.interval == 1000
    assert panel.waiting and list(panel.compared.index) == []
    sqlite_store.save_game(code, "Reds", new_game_key(), games[0].record(), SEATS)
    panel._tick({})
    assert panel.waiting and list(panel.compared.index) == ["our class"]
    played.set()
    assert panel.wait(300)
    panel._tick({})   # the personas' table is ready: shown even though no game changed
    assert not panel.waiting and "all prosocial" in panel.compared.index
    panel._tick({})
    assert not panel.refresh()
    panel.stop()
    assert not panel.clock.playing


def test_clearing_the_games_keeps_the_groups_and_their_exercises(store, games):
    from xlib.classroom.checks import lesson_exercises

    code = store.create_class().code
    store.save_game(code, "Reds", new_game_key(), games[0].record(), SEATS)
    store.save_game(code, "Blues", new_game_key(), games[1].history()[5].record(), SEATS)   # in progress
    store.save_exercises(code, "Reds", "xallies", {sorted(lesson_exercises("xallies"))[0]: (True, 2)})
    assert store.clear_games(code) == 2
    assert store.games(code, finished=None) == [] and store.groups(code) == ["Reds", "Blues"]
    assert len(store.exercises(code)) == 1
    store.save_game(code, "Reds", new_game_key(), games[2].record(), SEATS)   # the groups play on
    assert store.clear(code) == 1 and store.groups(code) == [] and store.exercises(code) == []
