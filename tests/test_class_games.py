"""Every game in a class: the store keeps finished games of all five games with their game's name, reads them by
game and group on SQLite and on a real PostgreSQL server (started as in test_classroom), migrates a database made
by the previous schema in place with its games kept, and lists them per game with a CSV file each; a group plays
any game beside its board and gets its unfinished game of that game back."""
from __future__ import annotations

import base64
import io
import json
import time

import pandas as pd
import pytest

import xlib
from xlib.classroom import MIGRATIONS, ClassError, new_game_key, open_store
from xlib.classroom import store as store_module
from xlib.classroom import table as tables
from xlib.experiments.matches import game_rows, play_match

from .test_classroom import _columns, _version, finished_game, pg_server, store, url  # noqa: F401  (fixtures)

#: a quick finished game of each game, its options, and who sat at its seats
PLAYS = {
    "xallies": ({}, ["person", "medium", "selfish"]),
    "alea": ({"size": 4}, ["person", "easy"]),
    "xats": ({"players": 3}, ["person", "kingmaker", "anti-leader"]),
    "xerog": ({"quick_start": True, "max_plies": 40}, ["person", "hard"]),
    "x": ({"size": 4}, ["easy", "self-interest", "person"]),
}


def a_game(name: str, seed: int = 0) -> xlib.State:
    """A whole game of `name` between random players (seeded: the same game every run)."""
    if name == "xallies":
        return finished_game(seed)
    options, seats = PLAYS[name]
    return play_match(name, ["random"] * len(seats), seed=seed, **options)


@pytest.fixture(scope="module")
def played() -> dict[str, list[xlib.State]]:
    return {name: [a_game(name, seed) for seed in range(2)] for name in xlib.game_names()}


def test_the_five_games_are_the_registered_games():
    assert set(PLAYS) == set(xlib.game_names())


def test_games_of_every_game_are_stored_and_read_by_game_and_group(store, played):
    code = store.create_class().code
    keys: dict[tuple[str, str], str] = {}
    for name in xlib.game_names():
        for state, group in zip(played[name], ("Reds", "Blues")):
            key = keys[name, group] = new_game_key()
            saved = store.save_game(code, group, key, state.record(), PLAYS[name][1])
            assert saved.game == name and saved.finished and saved.seats == tuple(PLAYS[name][1])
    everything = store.games(code, records=True)
    assert [g.game for g in everything] == [n for n in xlib.game_names() for _ in range(2)]
    for name in xlib.game_names():
        mine = store.games(code, game=name, records=True)
        assert [g.key for g in mine] == [keys[name, "Reds"], keys[name, "Blues"]]
        assert [g.record for g in mine] == [s.record() for s in played[name]]
        assert [xlib.replay(g.record).winners for g in mine] == [s.winners for s in played[name]]
        rows = [{k: v for k, v in r.items() if k not in ("game", "lineup")}
                for r in game_rows(played[name][0], "", 0, PLAYS[name][1])]
        assert list(mine[0].rows) == json.loads(json.dumps(rows))
        blues = store.games(code, game=name, group="blues")
        assert [(g.key, g.group, g.game) for g in blues] == [(keys[name, "Blues"], "Blues", name)]
        assert store.game(code, keys[name, "Reds"]).game == name
    assert [g.game for g in store.games(code, group="Reds")] == list(xlib.game_names())
    assert store.games(code, game="x", finished=False) == []
    assert store.activity(code).finished == 10 and store.activity(code, game="alea").finished == 2
    with pytest.raises(ClassError, match="not 'chess'"):
        store.games(code, game="chess")


def test_seats_are_checked_against_the_players_of_each_game(store, played):
    code = store.create_class().code
    store.save_game(code, "Reds", new_game_key(), played["x"][0].record(), ["kingmaker", "anti-leader", "person"])
    with pytest.raises(ClassError, match="'kingmaker' is not a seat: a seat is person or one of"):
        store.save_game(code, "Reds", new_game_key(), played["alea"][0].record(), ["person", "kingmaker"])
    with pytest.raises(ClassError, match="'selfish' is not a seat"):
        store.save_game(code, "Reds", new_game_key(), played["xerog"][0].record(), ["selfish", "easy"])
    with pytest.raises(ClassError, match="each of the 2 seats"):
        store.save_game(code, "Reds", new_game_key(), played["alea"][0].record(), ["person"] * 3)
    assert [g.game for g in store.games(code)] == ["x"]


def test_unfinished_games_are_kept_per_game_and_a_key_keeps_its_game(store, played):
    code = store.create_class().code
    x_key, alea_key = new_game_key(), new_game_key()
    store.save_game(code, "Reds", x_key, played["x"][0].history()[3].record(), PLAYS["x"][1])
    time.sleep(0.01)
    store.save_game(code, "Reds", alea_key, played["alea"][0].history()[2].record(), PLAYS["alea"][1])
    assert store.unfinished(code, "Reds", game="x").key == x_key
    assert store.unfinished(code, "reds", game="alea").key == alea_key
    assert store.unfinished(code, "Reds").key == alea_key          # the newest of any game
    assert store.unfinished(code, "Reds", game="xats") is None
    with pytest.raises(ClassError, match="stored as a game of X, not Alea Evangelion; start a new game"):
        store.save_game(code, "Reds", x_key, played["alea"][0].history()[4].record(), PLAYS["alea"][1])
    assert store.game(code, x_key).moves == 3 and store.game(code, x_key).game == "x"
    assert [g.key for g in store.games(code, finished=False, game="x")] == [x_key]


def test_the_caps_count_the_games_of_every_game(store, played, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_GAMES", 3)
    code = store.create_class().code
    for name in ("x", "alea", "xerog"):
        store.save_game(code, "Reds", new_game_key(), played[name][0].record(), PLAYS[name][1])
    with pytest.raises(ClassError, match="holds 3 games"):
        store.save_game(code, "Blues", new_game_key(), played["xats"][0].record(), PLAYS["xats"][1])
    assert len(store.games(code, finished=None)) == 3


def test_the_class_lists_by_game_and_group_with_a_csv_file_per_game(store, played):
    code = store.create_class().code
    for name, group in (("x", "Reds"), ("x", "Blues"), ("x", "Reds"), ("alea", "Blues"), ("xallies", "Reds")):
        store.save_game(code, group, new_game_key(), played[name][len(store.games(code, game=name)) % 2].record(),
                        PLAYS[name][1])
    store.save_game(code, "Greens", new_game_key(), played["xats"][0].history()[2].record(), PLAYS["xats"][1])
    listing = tables.by_game(store.games(code, finished=None), store.groups(code))
    assert list(listing.index) == [("XAllies", "Reds"), ("Alea Evangelion", "Blues"), ("XATS", "Greens"),
                                   ("X", "Reds"), ("X", "Blues")]
    assert list(listing["finished"]) == [1, 1, 0, 2, 1] and list(listing["in progress"]) == [0, 0, 1, 0, 0]
    x_games = store.games(code, game="x", records=True)
    x_csv = pd.read_csv(io.StringIO(tables.played_csv(x_games, code)))
    assert len(x_csv) == 3 * 3 and set(x_csv["class"]) == {code} and set(x_csv["size"]) == {4}
    assert list(x_csv.group) == ["Reds"] * 3 + ["Blues"] * 3 + ["Reds"] * 3
    assert list(x_csv.agent[:3]) == PLAYS["x"][1] and list(x_csv.person[:3]) == [False, False, True]
    assert x_csv.groupby("game").win.sum().tolist() == [1.0, 1.0, 1.0]
    xallies = pd.read_csv(io.StringIO(tables.played_csv(store.games(code, game="xallies", records=True), code)))
    assert {"claimed", "wasted", "whites", "supply"} <= set(xallies.columns) and len(xallies) == 3


# ---- the schema of the previous release ------------------------------------------------------------------

#: how the previous release (schema 1) stored a game: its own statement, for a database it made
OLD_INSERT = ("INSERT INTO games (class_code, group_key, game_key, record, seats, summary, finished, moves, created, "
              "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _store_as_before(old, code: str, group: str, key: str, state: xlib.State, seats: list[str]) -> None:
    rows = [{k: v for k, v in r.items() if k not in ("game", "lineup")} for r in game_rows(state, "", 0, seats)]
    values = (code, group.casefold(), key, json.dumps(state.record(), separators=(",", ":")), json.dumps(seats),
              json.dumps(rows), int(bool(state.over)), len(state.moves_played()), time.time(), time.time())
    old._attempt(lambda tx: tx.run(OLD_INSERT, values), write=True)


def test_a_database_made_by_the_previous_schema_opens_with_its_games_kept(url, played):
    seats = ["person", "medium", "medium"]
    with open_store(url, migrations=MIGRATIONS[:1]) as old:   # the previous release's schema
        assert old.schema_version == 1
        code = old.create_class().code
        old.join(code, "Reds")
        old.join(code, "Blues")
        before = played["xallies"]
        _store_as_before(old, code, "Reds", "reds-game-1", before[0], seats)
        _store_as_before(old, code, "Blues", "blues-game-1", before[1], seats)
        _store_as_before(old, code, "Reds", "reds-game-2", before[1].history()[7], seats)
    assert _version(url) == 1 and "game" not in _columns(url, "games")
    with open_store(url) as s:   # this release migrates it in place
        assert s.schema_version == len(MIGRATIONS) >= 2
        games = s.games(code, records=True)
        assert [(g.key, g.group, g.game) for g in games] == [("reds-game-1", "Reds", "xallies"),
                                                             ("blues-game-1", "Blues", "xallies")]
        assert [g.record for g in games] == [before[0].record(), before[1].record()]
        assert s.games(code, game="x") == [] and [g.key for g in s.games(code, game="xallies")] == \
            ["reds-game-1", "blues-game-1"]
        resumed = s.unfinished(code, "Reds", game="xallies")
        assert resumed is not None and resumed.key == "reds-game-2" and resumed.moves == 7
        s.save_game(code, "Reds", "reds-game-2", before[1].history()[9].record(), seats)   # played on
        s.save_game(code, "Blues", "blues-game-2", played["x"][0].record(), PLAYS["x"][1])
        assert [g.game for g in s.games(code, finished=None)] == ["xallies", "xallies", "xallies", "x"]
        assert s.game(code, "reds-game-2").moves == 9
    assert _version(url) == len(MIGRATIONS) and "game" in _columns(url, "games")
    with open_store(url) as s:   # opened again: nothing migrates twice, nothing is lost
        assert len(s.games(code, finished=None)) == 4 and s.activity(code).finished == 3


# ---- a group's board of any game, and the teacher's panel ------------------------------------------------

def _board(game: str, seed: int, **options):
    from xlib.board import Board

    players = len(xlib.game(game, **options).start().players)
    return Board(game, seed=seed, seats={p: "random" for p in range(players)}, animate=0, background=False,
                 **options)


@pytest.fixture
def sqlite_store(tmp_path):
    with open_store(tmp_path / "classes.sqlite3") as s:
        yield s


@pytest.mark.parametrize("game, options", [("alea", {"size": 4}), ("xats", {"players": 3}),
                                           ("xerog", {"quick_start": True, "max_plies": 30}), ("x", {"size": 4})])
def test_a_group_stores_every_game_it_finishes_on_a_board_of_any_game(sqlite_store, game, options):
    from xlib.panels.classroom import ClassJoin

    code = sqlite_store.create_class().code
    board = _board(game, 3, **options)
    join = ClassJoin(board, store=sqlite_store, background=False)
    assert join.join(code, "Reds"), join.status.value
    ended = []
    for seed in (4, 5):
        board.new_game(seed=seed, **options)
        assert board.state.over
        ended.append(board.state.record())
        assert "Game stored for class" in join.status.value
    stored = sqlite_store.games(code, game=game, records=True)
    assert [g.record for g in stored] == ended and all(g.game == game and g.group == "Reds" for g in stored)
    assert [g.seats for g in stored] == [("random",) * len(board.state.players)] * 2
    assert sqlite_store.games(code, finished=None) == sqlite_store.games(code, game=game, finished=None)


def test_a_reloaded_page_gets_back_its_unfinished_game_of_its_own_game(sqlite_store, played):
    from xlib.panels.classroom import ClassJoin

    code = sqlite_store.create_class().code
    xallies = played["xallies"][0].history()[6]
    sqlite_store.save_game(code, "Reds", new_game_key(), xallies.record(), ["person", "random", "random"])
    board = _board("x", 1, size=4)
    board.set_seat(0, "person")
    join = ClassJoin(board, store=sqlite_store, background=False)
    join.join(code, "Reds")
    assert board.state.parent is None and "back on the board" not in join.status.value   # not the XAllies game
    board.play(board.state.moves()[0])
    played_x = board.state.record()
    assert sqlite_store.unfinished(code, "Reds", game="x").record == played_x
    again = _board("x", 9, size=4)
    again.set_seat(0, "person")
    rejoin = ClassJoin(again, store=sqlite_store, background=False)
    assert rejoin.join(code, "reds")
    assert "back on the board" in rejoin.status.value
    assert again.state.record()["moves"][:len(played_x["moves"])] == played_x["moves"]
    assert again.state.game.options == {"size": 4}
    assert sqlite_store.unfinished(code, "Reds", game="xallies").record == xallies.record()


def test_the_class_panel_lists_every_game_with_a_csv_file_per_game(sqlite_store, played):
    from xlib.panels.classroom import ClassPanel

    panel = ClassPanel(store=sqlite_store, baseline_games=2, background=False)
    code = panel.start()
    assert "Open the app of any game" in panel.code_view.value
    for name, group in (("x", "Reds"), ("x", "Blues"), ("xerog", "Blues"), ("xallies", "Reds")):
        sqlite_store.save_game(code, group, new_game_key(), played[name][0].record(), PLAYS[name][1])
    sqlite_store.save_game(code, "Greens", new_game_key(), played["alea"][0].history()[2].record(), PLAYS["alea"][1])
    assert panel.refresh()
    assert list(panel.listing.index) == [("XAllies", "Reds"), ("Alea Evangelion", "Greens"), ("Xero-G", "Blues"),
                                         ("X", "Reds"), ("X", "Blues")]
    assert "<b>4</b> finished games, 1 in progress" in panel.status.value
    assert "Games by game and group" in panel.games_view.value and "Xero-G" in panel.games_view.value
    links = dict(part.split('" href="data:text/csv;base64,') for part in
                 (chunk.split('download="', 1)[1] for chunk in panel.csv_link.value.split("<a ")[1:]))
    files = {name: base64.b64decode(data.split('"')[0]).decode() for name, data in links.items()}
    assert list(files) == [f"xallies-class-{code}.csv", f"xerog-class-{code}.csv", f"x-class-{code}.csv"]
    x_rows = pd.read_csv(io.StringIO(files[f"x-class-{code}.csv"]))
    assert len(x_rows) == 6 and set(x_rows.group) == {"Reds", "Blues"}
    assert len(pd.read_csv(io.StringIO(files[f"xerog-class-{code}.csv"]))) == 2
    assert len(panel.frame) == 3 and panel.groups.loc["Reds", "games"] == 1   # the XAllies numbers: XAllies only
    assert "Games by game and group" in panel.text.value
    assert not panel.refresh()
