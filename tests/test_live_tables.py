"""Live tables in the class database, on SQLite and on a real PostgreSQL server: the move number, the seat's
ticket and the engine decide; every refusal is a ClassError in plain words that changes nothing."""
from __future__ import annotations

import threading
import time

import pytest

import xlib
from xlib.classroom import ClassError, open_store
from xlib.classroom import live as live_module
from xlib.classroom.live import TableMoved

from .databases import pg_server, store, url  # noqa: F401  (fixtures)


def opened(store, game="xallies", **options):
    code = store.create_class().code
    return code, store.open_table(code, game, seed=3, **options)


def test_a_table_is_a_numbered_move_log_its_seats_play_in_turn(store):
    code, t = opened(store)
    tickets = [store.sit(code, t.key, p, name) for p, name in enumerate(("Ana", "Ben", "Chen"))]
    view = store.table(code, t.key)
    assert view.seats == ("Ana", "Ben", "Chen") and view.record["moves"] == [] and view.info.label == "Table 1"
    expected = xlib.game("xallies").start(seed=3)
    for ply in range(9):
        p = expected.to_move
        move = str(expected.moves()[0])
        view = store.play(code, t.key, tickets[p], ply, move)
        expected = expected.play(move)
    assert xlib.replay(store.table(code, t.key).record).record() == expected.record()
    assert view.info.moves == 9 == store.table(code, t.key).info.moves


def test_every_refusal_names_its_problem_and_changes_nothing(store):
    code, t = opened(store)
    ana = store.sit(code, t.key, 0, "Ana")
    ben = store.sit(code, t.key, 1, "Ben")
    before = store.table(code, t.key).record
    refusals = {
        "a wrong ticket": (lambda: store.play(code, t.key, "x" * 24, 0, "3+"), "does not hold"),
        "another seat's ticket": (lambda: store.play(code, t.key, ben, 0, "3+"), "turn"),
        "a move number ahead of the table": (lambda: store.play(code, t.key, ana, 1, "3+"), "at move 1, not 2"),
        "an illegal move": (lambda: store.play(code, t.key, ana, 0, "7+"), "cannot be played"),
        "a malformed move": (lambda: store.play(code, t.key, ana, 0, "???"), "cannot be played"),
        "an empty move": (lambda: store.play(code, t.key, ana, 0, "  "), "not a move"),
        "a move that is no text": (lambda: store.play(code, t.key, ana, 0, 3), "text"),
        "a forged ticket": (lambda: store.play(code, t.key, "<script>", 0, "3+"), "not a ticket"),
        "a move number that is no number": (lambda: store.play(code, t.key, ana, "0", "3+"), "move number"),
        "a taken seat": (lambda: store.sit(code, t.key, 0, "Dan"), "taken by Ana"),
        "a second seat at one table": (lambda: store.sit(code, t.key, 2, "ana"), "already sits"),
        "a seat out of range": (lambda: store.sit(code, t.key, 3, "Dan"), "seats 0 to 2"),
        "a seat that is no number": (lambda: store.sit(code, t.key, "1", "Dan"), "a seat is a number"),
        "an unknown table": (lambda: store.table(code, "f" * 32), "no table"),
        "a move at an unknown table": (lambda: store.play(code, "f" * 32, ana, 0, "3+"), "no table"),
        "a bad name": (lambda: store.sit(code, t.key, 2, "<b>"), "letters"),
    }
    for what, (call, words) in refusals.items():
        with pytest.raises(ClassError, match=words):
            call()
        assert store.table(code, t.key).record == before, what
    assert store.table(code, t.key).seats == ("Ana", "Ben", None)
    store.play(code, t.key, ana, 0, "3+")   # and the right move goes through
    with pytest.raises(TableMoved, match="move 1 was already played"):
        store.play(code, t.key, ana, 0, "2+")   # a stale move number


def test_two_devices_moving_at_once_one_is_stored_and_the_other_told(url):
    with open_store(url) as teacher:
        code, t = opened(teacher)
        ana = teacher.sit(code, t.key, 0, "Ana")
    results: list[object] = []

    def device(move: str) -> None:
        with open_store(url) as mine:
            try:
                results.append(mine.play(code, t.key, ana, 0, move).info.moves)
            except ClassError as exc:
                results.append(exc)
    threads = [threading.Thread(target=device, args=(m,)) for m in ("3+", "2+")]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    stored = [r for r in results if r == 1]
    told = [r for r in results if isinstance(r, TableMoved)]
    assert len(stored) == 1 and len(told) == 1 and "already played" in str(told[0])
    with open_store(url) as check:
        assert len(check.table(code, t.key).record["moves"]) == 1


def test_the_computer_plays_an_empty_seat_once_whoever_claims_it(store, monkeypatch):
    code, t = opened(store, "x", size=5)
    red = store.sit(code, t.key, 0, "Ana")
    store.play(code, t.key, red, 0, "c3")
    assert store.claim(code, t.key, 0) is None            # a move already played
    token = store.claim(code, t.key, 1)
    assert token and store.claim(code, t.key, 1) is None  # claimed: nobody else plays it
    with pytest.raises(ClassError, match="turn"):
        store.play(code, t.key, red, 1, "b2")             # the seat is the computer's
    store.play(code, t.key, token, 1, "b2")
    with pytest.raises(TableMoved):
        store.play(code, t.key, token, 1, "d4")          # the claim's move is stored once
    stale = store.claim(code, t.key, 2)
    assert stale and store.claim(code, t.key, 2) is None
    monkeypatch.setattr(live_module, "CLAIM_SECONDS", 0.0)   # the claiming device went quiet: taken over
    again = store.claim(code, t.key, 2)
    assert again and again != stale
    with pytest.raises(ClassError):
        store.play(code, t.key, stale, 2, "d4")
    assert store.play(code, t.key, again, 2, "d4").info.moves == 3


def test_a_player_away_has_their_seat_played_by_the_computer_until_they_come_back(store):
    code = store.create_class().code
    t = store.open_table(code, "x", seed=1, size=5, away=10)
    tickets = [store.sit(code, t.key, p, n) for p, n in enumerate(("Ana", "Ben", "Chen"))]
    store.play(code, t.key, tickets[0], 0, "c3")
    assert store.claim(code, t.key, 1) is None          # Ben is here: his seat is his
    _last_seen(store, code, "Ben", time.time() - 11)
    view = store.table(code, t.key)
    assert view.seat_views[1].away and view.seat_views[1].by_computer and not view.seat_views[2].away
    token = store.claim(code, t.key, 1)
    assert token
    assert not store.here(code, "Ben", tickets[0])       # Ana's ticket is no sign of Ben's life
    assert store.here(code, "Ben", tickets[1])           # Ben is back
    assert not store.table(code, t.key).seat_views[1].away
    store.play(code, t.key, tickets[1], 1, "b2")         # and plays his own move


def _last_seen(store, code, name, when):
    store._attempt(lambda tx: tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = ?",
                                     (when, code, name.casefold())), write=True)


def test_a_finished_table_is_a_class_game_under_its_name(store):
    code, t = opened(store, "x", size=4)
    tickets = [store.sit(code, t.key, p, n) for p, n in enumerate(("Ana", "Ben"))]
    state = xlib.game("x", size=4).start(seed=3)
    while not state.over:
        p = state.to_move
        move = str(state.moves()[0])
        ticket = tickets[p] if p < 2 else store.claim(code, t.key, state.ply)
        store.play(code, t.key, ticket, state.ply, move)
        state = state.play(move)
    view = store.table(code, t.key)
    assert view.info.status == "finished"
    with pytest.raises(ClassError, match="over"):
        store.play(code, t.key, tickets[0], state.ply, "a1")
    games = store.games(code, game="x", records=True)
    assert [(g.group, g.finished, g.seats) for g in games] == [("Table 1", True, ("person", "person", "medium"))]
    assert games[0].record == state.record()
    assert store.groups(code) == ["Ana", "Ben"]   # the table is not a group that joined


def test_players_arrive_and_collect_their_seat_with_their_pass(store):
    code = store.create_class().code
    name, passed = store.arrive(code, "ana", "xallies")
    assert name == "ana" and store.my_seat(code, "Ana", passed) is None
    assert store.arrive(code, "Ana", "xallies", passed) == ("ana", passed)   # a reload: the same pass
    for other in ("Ben", "Chen", "Dan"):
        store.arrive(code, other, "xallies")
    store.arrive(code, "Eve", "x")                                          # in another game's app
    tables = store.seat_round(code, "xallies", 3, order="joined", seed=1, level="easy")
    assert [t.label for t in tables] == ["Round 1 Table 1", "Round 1 Table 2"]
    assert store.table(code, tables[0].key).seats == ("ana", "Ben", "Chen")
    assert store.table(code, tables[1].key).seats == ("Dan", None, None)
    info, seat, ticket = store.my_seat(code, "ana", passed)
    assert info.key == tables[0].key and seat == 0
    store.play(code, info.key, ticket, 0, "3+")
    with pytest.raises(ClassError, match="another device"):
        store.my_seat(code, "ana", "y" * 24)
    with pytest.raises(ClassError, match="already in class"):
        store.arrive(code, "Ana", "xallies")          # another device, while Ana sits at a table and is here
    _last_seen(store, code, "ana", time.time() - 61)
    _, fresh = store.arrive(code, "Ana", "xallies")   # gone a minute: a new device takes her place
    assert store.my_seat(code, "ana", fresh)[2] == ticket
    with pytest.raises(ClassError, match="another device"):
        store.my_seat(code, "ana", passed)


def test_a_new_round_keeps_partners_or_seats_strangers_and_ends_the_last_rounds_tables(store):
    code = store.create_class().code
    names = [f"P{i}" for i in range(6)]
    for n in names:
        store.arrive(code, n, "alea")
    first = store.seat_round(code, "alea", order="joined", design="partners")
    pairs = [set(store.table(code, t.key).seats) for t in first]
    assert pairs == [{"P0", "P1"}, {"P2", "P3"}, {"P4", "P5"}]
    second = store.seat_round(code, "alea", design="partners", seed=5)
    assert [set(store.table(code, t.key).seats) for t in second] == pairs
    assert {store.table(code, t.key).info.status for t in first} == {"ended"}
    third = store.seat_round(code, "alea", design="strangers", seed=5)
    met = {frozenset(store.table(code, t.key).seats) for t in third}
    assert not met & {frozenset(p) for p in pairs}
    assert [t.round for t in third] == [3, 3, 3] and {t.design for t in third} == {"strangers"}
    with pytest.raises(ClassError, match="no player"):
        store.seat_round(code, "x")
    with pytest.raises(ClassError, match="seats"):
        store.seat_round(code, "alea", 3)


def test_a_closed_or_cleared_class_takes_no_moves(store):
    code, t = opened(store, "x", size=5)
    red = store.sit(code, t.key, 0, "Ana")
    store.close_class(code)
    with pytest.raises(ClassError, match="closed"):
        store.play(code, t.key, red, 0, "c3")
    store.reopen_class(code)
    store.clear_games(code)
    with pytest.raises(ClassError, match="no table"):
        store.play(code, t.key, red, 0, "c3")


def test_the_doorbell_rings_for_a_move_and_only_for_its_class(url):
    with open_store(url) as teacher:
        code, t = opened(teacher, "x", size=5)
        other, _ = opened(teacher, "x", size=5)
        red = teacher.sit(code, t.key, 0, "Ana")
        bell = teacher.doorbell(code)
        try:
            deadline = time.monotonic() + 2
            while bell.rang() and time.monotonic() < deadline:
                time.sleep(0.05)    # the writes above, heard
            with open_store(url) as device:
                device.play(code, t.key, red, 0, "c3")
            assert _rings(bell)
            with open_store(url) as elsewhere:
                elsewhere.open_table(other, "x", size=5)
            if teacher.backend == "postgresql":   # SQLite's data version counts every commit of the file
                assert not _rings(bell, 0.5)
        finally:
            bell.close()


def _rings(bell, within: float = 2.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if bell.rang():
            return True
        time.sleep(0.02)
    return False


# ---- reads racing moves (PostgreSQL READ COMMITTED read a table's row and its moves at two moments) --------

#: seconds the devices read and play at once; a few suffice (the race showed within the first second)
RACE_SECONDS = 3.0


def test_a_read_while_a_move_commits_sees_one_consistent_table(url):
    """A move committed by another device between the read of a table's row and the read of its moves: the read
    gives the table as it stood at one moment (as the row said), never a count and moves that disagree."""
    with open_store(url) as teacher, open_store(url) as device, open_store(url) as reader:
        code, t = opened(teacher)
        tickets = [teacher.sit(code, t.key, p, name) for p, name in enumerate(("Ana", "Ben", "Chen"))]
        state = xlib.game("xallies").start(seed=3)
        for _ in range(2):   # the table has moves: a read replays them
            move = str(state.moves()[0])
            device.play(code, t.key, tickets[state.to_move], state.ply, move)
            state = state.play(move)
        real = reader.live_tables._table
        moved: list[int] = []

        def row_then_a_move(tx, code_, key):
            info = real(tx, code_, key)
            if not moved:   # the row is read: another device's move commits before the moves are read
                nonlocal state
                move = str(state.moves()[0])
                device.play(code, t.key, tickets[state.to_move], state.ply, move)
                state = state.play(move)
                moved.append(state.ply)
            return info
        reader.live_tables._table = row_then_a_move  # type: ignore[method-assign]
        view = reader.table(code, t.key)
        assert moved == [3] and view.info.moves == len(view.record["moves"]) in (2, 3)
        reader.live_tables._table = real  # type: ignore[method-assign]
        assert reader.table(code, t.key).info.moves == 3 == len(reader.table(code, t.key).record["moves"])


def test_thirty_devices_reading_and_playing_at_ten_tables_read_every_table_whole(pg_server):
    """The issue's class on PostgreSQL: 30 devices (each a thread with its own connection) at 10 XAllies tables,
    each reading its table every 50 ms and playing random legal turns, for a few seconds: no read fails."""
    import random

    from .databases import fresh_database

    url = fresh_database(pg_server)
    with open_store(url) as teacher:
        code = teacher.create_class().code
        tables = [teacher.open_table(code, "xallies", seed=i, level="easy") for i in range(10)]
        seats = [(t.key, p, teacher.sit(code, t.key, p, f"P{i}x{p}")) for i, t in enumerate(tables) for p in range(3)]
    errors: list[str] = []
    reads, moves = [0] * len(seats), [0] * len(seats)
    start = threading.Barrier(len(seats))

    def device(i: int, key: str, p: int, ticket: str) -> None:
        rng = random.Random(i)
        try:
            with open_store(url) as mine:
                start.wait(timeout=60)
                stop = time.monotonic() + RACE_SECONDS
                while time.monotonic() < stop:
                    try:
                        view = mine.table(code, key)
                        reads[i] += 1
                        state = view.state
                        if view.info.status == "playing" and state.to_move == p:
                            mine.play(code, key, ticket, state.ply, str(rng.choice(state.moves())))
                            moves[i] += 1
                    except TableMoved:
                        pass
                    except Exception as exc:   # a StorageError is the fault: every read gives a whole table
                        errors.append(f"device {i}: {type(exc).__name__}: {exc}")
                    time.sleep(0.05)
        except Exception as exc:
            errors.append(f"device {i}: {type(exc).__name__}: {exc}")
    threads = [threading.Thread(target=device, args=(i, *s)) for i, s in enumerate(seats)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(RACE_SECONDS + 90)
    print(f"30 devices, 10 tables, {RACE_SECONDS:g} s: {sum(reads)} reads, {sum(moves)} moves, "
          f"{len(errors)} errors")
    assert not errors, errors[:5]
    assert sum(moves) >= 30 and min(reads) >= 5
    with open_store(url) as check:
        for view in check.tables(code):
            assert len(view.record["moves"]) == view.info.moves and xlib.replay(view.record).ply == view.info.moves


def test_a_name_whose_device_is_still_here_is_refused_after_its_table_ended_too(store):
    code = store.create_class().code
    t = store.open_table(code, "x", seed=3, size=4, away=60)
    _, passed = store.arrive(code, "Ana", "x")
    red = store.sit(code, t.key, 0, "Ana")
    state = xlib.game("x", size=4).start(seed=3)
    while not state.over:   # Ana plays her table to its end
        move = str(state.moves()[0])
        ticket = red if state.to_move == 0 else store.claim(code, t.key, state.ply)
        store.play(code, t.key, ticket, state.ply, move)
        state = state.play(move)
    assert store.table(code, t.key).info.status == "finished"
    with pytest.raises(ClassError, match="still open"):
        store.arrive(code, "ana", "x")                     # another browser, while Ana's page is still there
    assert store.my_seat(code, "Ana", passed) is not None  # and Ana's page keeps her place
    _last_seen(store, code, "Ana", time.time() - 61)
    _, fresh = store.arrive(code, "Ana", "x")              # gone longer than the away time: the name is free
    assert store.depart(code, "Ana", fresh) and not store.depart(code, "Ana", passed)
    assert store.arrive(code, "Ana", "x")[1] != fresh      # left with Leave: free at once


def test_the_refusal_says_the_away_time_the_teacher_set(store):
    code = store.create_class().code
    for name in ("Ana", "Ben"):
        store.arrive(code, name, "xallies")
    store.seat_round(code, "xallies", 3, away=30, seed=1)
    with pytest.raises(ClassError) as refused:
        store.arrive(code, "Ana", "xallies")
    assert "wait 30 seconds" in str(refused.value) and "minute" not in str(refused.value)
    store.seat_round(code, "xallies", 3, away=120, seed=1, within=60)
    with pytest.raises(ClassError, match="wait 2 minutes"):
        store.arrive(code, "Ben", "xallies")
    assert [live_module.away_words(s) for s in (10, 30, 60, 90, 300)] == [
        "10 seconds", "30 seconds", "a minute", "90 seconds", "5 minutes"]
