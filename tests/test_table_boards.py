"""Three devices at one class table, each a board with its own connection to the class database: each plays
only its own seat, sees the others' moves by the same path as its own, and nothing is lost or played twice."""
from __future__ import annotations

import time

import pytest

import xlib
from xlib.board import Board
from xlib.classroom import StorageError, open_store
from xlib.live import CLASSMATE, PERSON, LocalGame, TableGame
from xlib.panels.classroom import ClassJoin

NAMES = ("Ana", "Ben", "Chen")


def device(path, game: str = "xallies") -> ClassJoin:
    """A device's app: its board and its class box, on a connection of its own."""
    board = Board(game, animate=0, background=False, keep=None)
    return ClassJoin(board, store=open_store(path), background=False)


@pytest.fixture
def table(tmp_path):
    """Three joined devices seated at one XAllies table by the teacher, in the order they joined."""
    path = tmp_path / "classes.sqlite3"
    teacher = open_store(path)
    code = teacher.create_class().code
    devices = [device(path) for _ in NAMES]
    for d, name in zip(devices, NAMES):
        assert d.join(code, name), d.status.value
    teacher.seat_round(code, "xallies", 3, order="joined", seed=2, options={"rounds": 3})   # a short game
    for d in devices:
        d.seat.follow()
    yield code, teacher, devices
    teacher.close()


def everyone_follows(devices) -> None:
    for d in devices:
        d.seat.follow()


def test_each_device_sits_at_the_table_and_is_told_with_whom(table):
    code, teacher, devices = table
    for p, d in enumerate(devices):
        game = d.board.game
        assert isinstance(game, TableGame) and game.mine == p and d.board.state.ply == 0
        assert "You sit at <b>Round 1 Table 1</b>" in d.status.value
        assert [game.seat(q) for q in range(3)] == [PERSON if q == p else CLASSMATE for q in range(3)]
    assert "Ben (purple), Chen (green)" in devices[0].status.value.replace(" and ", ", ")
    assert devices[0].board.status.value.startswith("<b>Your turn, Ana (blue):")
    assert "Ana (blue) is choosing…" in devices[1].board.status.value


def test_a_whole_game_each_device_its_own_seat_the_others_see_every_move(table):
    code, teacher, devices = table
    plies = 0
    while not devices[0].board.state.over:
        state = devices[0].board.state
        mover = devices[state.to_move]
        others = [d for d in devices if d is not mover]
        for d in others:   # a device not to move cannot play
            d.board.play(str(state.moves()[0]))
            assert d.board.state.ply == state.ply and "turn" in d.board.message.value
        assert mover.board.play(str(state.moves()[-1]))
        everyone_follows(devices)
        assert {d.board.state.ply for d in devices} == {state.ply + 1}
        plies += 1
    records = {str(d.board.state.record()) for d in devices}
    assert len(records) == 1 and plies == devices[0].board.state.ply
    stored = teacher.games(code, game="xallies", records=True)
    assert len(stored) == 1 and stored[0].group == "Round 1 Table 1" and stored[0].record == devices[0].board.state.record()
    assert "stored for the class" in devices[1].status.value


def test_two_devices_of_one_seat_moving_at_once_one_is_stored_and_the_other_told(table, tmp_path):
    code, teacher, devices = table
    twin = device(tmp_path / "classes.sqlite3")
    seat = devices[0].board.game
    twin.board.use(TableGame(twin.store(), code, seat.key, 0, seat.ticket))   # Ana's page, open twice
    assert devices[0].board.play("3+")
    assert not twin.board.play("2+") or twin.board.state.ply == 1
    assert "Another move came first" in twin.board.message.value
    assert twin.board.state.moves_played() == devices[0].board.state.moves_played()   # the table as it is


def test_a_device_away_has_its_seat_played_by_the_computer_once_until_it_comes_back(table):
    code, teacher, devices = table
    while devices[0].board.state.to_move == 0:   # Ana's whole turn: a well, then the colours she drops
        devices[0].board.play(str(devices[0].board.state.moves()[0]))
    teacher._attempt(lambda tx: tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = "
                                       "'ben'", (time.time() - 120, code)), write=True)
    everyone_follows(devices)   # Ben is away: one device claims his move and plays it
    state = devices[0].board.state
    assert state.to_move != 1
    everyone_follows(devices)
    plies = {d.board.state.ply for d in devices}
    assert len(plies) == 1
    purple = [s for s in state.history()[1:] if s.parent.to_move == 1]
    assert purple, "the computer played Ben's turn"
    assert "away" in devices[2].board.seat_panel.box.children[1].value
    devices[1].seat.sent = -1e9
    devices[1].seat.here()          # Ben's page answers again: his seat is his
    everyone_follows(devices)
    assert devices[1].board.game.seat(1) == PERSON and devices[0].board.game.seat(1) == CLASSMATE


def test_a_table_board_keeps_its_history_to_itself(table):
    code, teacher, devices = table
    ana, ben = devices[0].board, devices[1].board
    ana.play("3+")
    everyone_follows(devices)
    ben.show(0)                                   # Ben looks back
    assert ben.browsing == 0 and ana.state.ply == 1
    ben.explore()                                 # and tries another move on his own device
    assert isinstance(ben.game, LocalGame) and ben.state.ply == 0
    ben.play("2+")
    assert ben.state.ply >= 1 and ana.state.moves_played()[0] == "3+"
    chen = devices[2].board
    chen.show(0)
    chen.explore()                                # Chen tries a line of her own while the table moves on
    ben.back_to_game()
    ben.play(str(ben.state.moves()[0]))
    devices[2].seat.follow()
    assert "Ben (purple) played" in chen.message.value and "Back to the game" in chen.message.value
    assert isinstance(chen.game, LocalGame) and chen.state.ply == 0
    assert isinstance(ben.game, TableGame) and ben.state.moves_played()[:1] == ana.state.moves_played()[:1]
    assert ben.undo_button.disabled and ben.new_button.disabled
    ben.undo()
    ben.new_game_from_controls()
    assert "teacher starts the next round" in ben.message.value
    assert ben.state.ply == teacher.tables(code)[0].info.moves


def test_a_cleared_class_or_a_removed_player_is_said_on_the_device(tmp_path):
    path = tmp_path / "classes.sqlite3"
    teacher = open_store(path)
    code = teacher.create_class().code
    d = device(path, "x")
    assert d.join(code, "Reds")
    board = d.board
    while not board.state.over:
        board.play(str(board.state.moves()[0]))
    d.seat.follow()
    assert "1 finished game" in d.status.value
    teacher.clear_games(code)
    d.seat.follow()
    assert "cleared the games" in d.status.value and not d.stored
    teacher.clear(code)
    d.seat.follow()
    assert "removed Reds" in d.status.value and d.code is None and not d.join_button.disabled
    assert d.join(code, "Reds")


def test_a_class_database_that_does_not_answer_is_said_and_the_page_stays_in_the_class(table, monkeypatch):
    code, teacher, devices = table
    ana = devices[0]
    real = ana.seat.store.my_seat

    def down(*args, **kwargs):
        raise StorageError("the class database (classes.sqlite3) answered with an error: the disk is full")
    monkeypatch.setattr(ana.seat.store, "my_seat", down)
    ana.seat.follow()
    assert "cannot reach class" in ana.status.value and ana.code == code and isinstance(ana.board.game, TableGame)
    monkeypatch.setattr(ana.seat.store, "my_seat", real)
    ana.seat.follow()
    assert "reaches class" in ana.status.value and not ana.seat.gone


def play_to_the_end(devices) -> None:
    """Each device plays its own seat's moves by its board until the game is over; everyone follows each move."""
    while not devices[0].board.state.over:
        state = devices[0].board.state
        assert devices[state.to_move].board.play(str(state.moves()[-1]))
        everyone_follows(devices)


def test_every_device_is_told_the_game_is_over_the_last_movers_too(table):
    code, teacher, devices = table
    while not devices[0].board.state.over:
        state = devices[0].board.state
        mover = devices[state.to_move]
        assert mover.board.play(str(state.moves()[-1]))
        if mover.board.state.over:   # the last move: its own device says so before any other reads the table
            assert "over and stored for the class" in mover.status.value, mover.status.value
        everyone_follows(devices)
    for d in devices:
        assert "Round 1 Table 1's game is over and stored for the class" in d.status.value, d.status.value
        assert "You sit at" not in d.status.value
    everyone_follows(devices)   # said once: a later read says nothing new
    assert all("over and stored" in d.status.value for d in devices)


def test_a_clear_removes_the_finished_tables_and_every_device_is_told(table):
    from xlib.panels.classroom import ClassPanel

    code, teacher, devices = table
    play_to_the_end(devices)
    panel = ClassPanel(store=teacher, baseline_games=2, background=False)
    panel.open(code)
    assert "Remove the 1 game (1 finished, 0 in progress) of class " + code + " and its 1 live table?" in \
        panel.clear_words("games")
    assert panel.clear() == 1
    assert "1 game removed" in panel.confirm.value
    assert teacher.games(code, finished=None) == [] and teacher.tables(code) == []
    assert teacher.groups(code) == list(NAMES)   # the players stay joined
    everyone_follows(devices)
    for d in devices:
        assert "cleared the class's games: Round 1 Table 1 and its game are removed" in d.status.value, d.status.value
        assert isinstance(d.board.game, LocalGame) and d.board.state.ply == 0   # the finished board is gone
        assert d.code == code and not d.seat.gone                                # and the device stays in the class
    teacher.seat_round(code, "xallies", 3, order="joined", seed=4, options={"rounds": 3})
    everyone_follows(devices)
    assert all(isinstance(d.board.game, TableGame) and "You sit at" in d.status.value for d in devices)


def test_a_clear_of_a_table_still_playing_is_told_on_its_devices(table):
    code, teacher, devices = table
    devices[0].board.play(str(devices[0].board.state.moves()[0]))
    everyone_follows(devices)
    teacher.clear_games(code)
    everyone_follows(devices)
    for d in devices:
        assert "Round 1 Table 1 and its game are removed" in d.status.value
        assert isinstance(d.board.game, LocalGame)


def test_an_idle_seated_page_sends_only_its_heartbeat_and_makes_no_widgets(table, monkeypatch):
    """While nobody moves, a seated page's kernel sends its browser nothing but the answers to its pings, however
    often the class is read and the classmates' pages say they are here; it makes no widget (memory stays flat)."""
    import comm
    from ipywidgets.widgets import widget as widget_module

    code, teacher, devices = table
    devices[0].board.play(str(devices[0].board.state.moves()[0]))
    everyone_follows(devices)
    sent: list[tuple[str, dict]] = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        sent.append((msg_type, dict(data or {})))
    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    widgets = len(widget_module._instances)
    for cycle in range(12):   # a minute of watch cycles: every page pings, and the class hears each is here
        time.sleep(0.002)
        for d in devices:
            d.seat.sent = -1e9
            d.keeper._answer(d.keeper, {"ping": cycle}, [])
        everyone_follows(devices)
    updates = [data for kind, data in sent if kind == "comm_msg" and data.get("method") == "update"]
    custom = [data for kind, data in sent if kind == "comm_msg" and data.get("method") == "custom"]
    answers = [data for data in custom if "pong" in (data.get("content") or {})]
    assert not updates, f"{len(updates)} widget updates sent while nobody moved: {updates[:2]}"
    assert len(custom) == len(answers), "drawings sent while nobody moved"
    assert not [kind for kind, _ in sent if kind == "comm_open"] and len(widget_module._instances) == widgets
    assert len(answers) == 12 * len(devices)   # the heartbeat: one answer per ping


def test_a_seat_that_changes_is_rewritten_in_place_and_replaced_widgets_are_closed(table):
    from ipywidgets.widgets import widget as widget_module

    code, teacher, devices = table
    chen = devices[2]
    rows = chen.board.seat_panel.box.children
    widgets = len(widget_module._instances)
    teacher._attempt(lambda tx: tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = "
                                       "'ben'", (time.time() - 120, code)), write=True)
    chen.seat.follow()   # Ben is away: Chen's Players list says so, in the rows it had
    assert "away" in chen.board.seat_panel.box.children[1].value
    assert chen.board.seat_panel.box.children == rows and len(widget_module._instances) == widgets
    chen.board.seat_panel.build(xlib.live.LocalGame(chen.board.state.game.start(seed=1)), chen.board.view)
    assert all(row.comm is None for row in rows)   # rows replaced are closed, not left in the kernel


def test_a_name_is_refused_to_another_browser_while_its_page_is_open_and_free_once_it_left(table, tmp_path):
    code, teacher, devices = table
    play_to_the_end(devices)
    other = device(tmp_path / "classes.sqlite3")
    assert not other.join(code, "Ana")   # the table is over, but Ana's page is still there
    assert "already in class" in other.status.value and "still open" in other.status.value
    assert "wait a minute" in other.status.value                     # the away time set: a minute by default
    devices[0].leave()                                               # Ana presses Leave
    assert other.join(code, "Ana"), other.status.value               # the name is free at once
