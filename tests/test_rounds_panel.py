"""The teacher's live tables in the class panel: students who joined are seated round after round, with the same
partners or new ones; every table shows live, any one projects, a table nobody plays on goes on, and the class's
partners are set beside its strangers and the personas."""
from __future__ import annotations

import time

import pytest

import xlib
from xlib.board import Board
from xlib.classroom import open_store
from xlib.classroom import table as tables
from xlib.live import TableGame
from xlib.panels.classroom import ClassJoin, ClassPanel

NAMES = ("Ana", "Ben", "Chen", "Dan", "Eve", "Fay")


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "classes.sqlite3") as s:
        yield s


def joined(store, code: str, names=NAMES, game: str = "xallies") -> list[ClassJoin]:
    devices = []
    for name in names:
        d = ClassJoin(Board(game, animate=0, background=False, keep=None), store=store, background=False)
        assert d.join(code, name), d.status.value
        devices.append(d)
    return devices


def play_out(store, code: str) -> None:
    """Every table of the newest round played to its end through the store (each seat by its own ticket)."""
    views = [v for v in store.tables(code) if v.info.status == "playing"]
    for view in views:
        tickets = {}
        for name in NAMES:
            found = store.my_seat(code, name, passes[name]) if name in passes else None
            if found is not None and found[0].key == view.key:
                tickets[found[1]] = found[2]
        state = view.state
        while not state.over:
            p = state.to_move
            ticket = tickets.get(p) or store.claim(code, view.key, state.ply)
            move = str(state.moves()[0])
            store.play(code, view.key, ticket, state.ply, move)
            state = state.play(move)


passes: dict[str, str] = {}


def test_the_teacher_seats_rounds_of_partners_and_strangers_and_the_lab_compares_them(store):
    panel = ClassPanel(store=store, baseline_games=2, background=False)
    code = panel.start()
    assert panel.rounds.widget.layout.display is None
    devices = joined(store, code)
    for d in devices:
        passes[d.group] = d.passed
    panel.rounds.refresh()
    assert "In the XAllies app now:</b> 6 players (Ana, Ben, Chen, Dan, Eve, Fay)" in panel.rounds.waiting.value
    panel.rounds.order.value = "joined"
    panel.rounds.design.value = "partners"
    panel.rounds.fields.fields["rounds"].set(3)   # short games: a lesson's few minutes
    assert panel.rounds.seat() == ["Round 1 Table 1", "Round 1 Table 2"]
    assert "Round 1: 6 players at 2 tables of XAllies" in panel.rounds.status.value
    for d in devices:
        d.seat.follow()
    assert [d.board.game.mine for d in devices] == [0, 1, 2, 0, 1, 2]
    assert "Ana" in panel.rounds.list.value and "Round 1 Table 2" in panel.rounds.list.value
    for rnd in range(2):
        play_out(store, code)
        panel.rounds.seat()
    panel.rounds.design.value = "strangers"
    for rnd in range(2):
        play_out(store, code)
        panel.rounds.seat()
    play_out(store, code)
    panel.refresh(force=True)
    panel.wait()
    panel.refresh(force=True)
    rows = list(panel.compared.index)
    assert rows[:3] == [tables.CLASS_ROW, tables.design_row("partners"), tables.design_row("strangers")]
    assert panel.compared.loc[tables.design_row("partners"), "games"] == 6
    assert panel.compared.loc[tables.design_row("strangers"), "games"] == 4
    assert "Partners against strangers" in panel.prompt.value
    assert len(set(panel.frame.design.dropna())) == 2


def test_a_table_is_projected_and_one_nobody_plays_goes_on(store):
    panel = ClassPanel(store=store, baseline_games=2, background=False)
    code = panel.start()
    devices = joined(store, code, NAMES[:2], game="x")
    panel.rounds.game.value = "x"
    panel.rounds.order.value = "joined"
    panel.rounds.seat()
    key = panel.rounds.views[0].key
    panel.rounds.project_menu.value = key
    projected = panel.rounds.projected
    assert isinstance(projected, Board) and isinstance(projected.game, TableGame)
    assert "xlib-projector" in projected.widget._dom_classes and projected.game.mine is None
    devices[0].seat.follow()
    devices[0].board.play(str(devices[0].board.state.moves()[0]))
    panel.rounds.refresh()
    assert projected.state.ply == 1   # the class's screen follows the table
    # Ben's device left long ago, and the computer's seat waits: the panel plays it
    store._attempt(lambda tx: tx.run("UPDATE class_groups SET last_seen = 0 WHERE class_code = ?", (code,)),
                   write=True)
    store._attempt(lambda tx: tx.run("UPDATE live_tables SET updated = ? WHERE class_code = ?",
                                     (time.time() - 60, code)), write=True)
    panel.rounds.background = True          # the panel plays from its worker; here at once
    panel.rounds.run = lambda name, job: job()
    panel.rounds.refresh()
    assert store.table(code, key).info.moves == 2
    panel.rounds.project_menu.value = ""
    assert panel.rounds.projected is None and panel.rounds.stage.children == ()


def test_the_xallies_table_per_group_counts_the_live_tables_games(store):
    panel = ClassPanel(store=store, baseline_games=2, background=False)
    code = panel.start()
    devices = joined(store, code, NAMES)
    for d in devices:
        passes[d.group] = d.passed
    panel.rounds.order.value = "joined"
    panel.rounds.fields.fields["rounds"].set(2)
    panel.rounds.seat()
    play_out(store, code)
    panel.refresh(force=True)
    assert "No group has played XAllies yet" not in panel.group_view.value
    assert list(panel.groups.index) == ["Round 1 Table 1", "Round 1 Table 2"]
    assert list(panel.groups.games) == [1, 1]
    assert "Round 1 Table 2" in panel.group_view.value


def test_strangers_at_one_table_are_said_to_need_two_tables_and_not_counted_as_strangers(store):
    panel = ClassPanel(store=store, baseline_games=2, background=False)
    code = panel.start()
    passes.clear()
    devices = joined(store, code, NAMES[:3])
    for d in devices:
        passes[d.group] = d.passed
    panel.rounds.order.value = "joined"
    panel.rounds.design.value = "strangers"
    panel.rounds.fields.fields["rounds"].set(2)
    panel.rounds.refresh()
    assert "Strangers need at least two tables: 3 players at tables of 3 seats" in panel.rounds.waiting.value
    for _ in range(2):
        assert panel.rounds.seat() in (["Round 1 Table 1"], ["Round 2 Table 1"])
        assert "Strangers need at least two tables" in panel.rounds.status.value
        play_out(store, code)
    assert {v.info.design for v in store.tables(code)} == {"one table"}
    panel.refresh(force=True)
    assert tables.design_row("strangers") not in set(panel.compared.index)
    assert "strangers" not in set(panel.frame.design.dropna())
    devices += joined(store, code, NAMES[3:5])
    panel.rounds.refresh()
    assert "Strangers need" not in panel.rounds.waiting.value     # 5 players: two tables
    panel.rounds.seat()
    assert {v.info.design for v in store.tables(code) if v.info.round == 3} == {"strangers"}
