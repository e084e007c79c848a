"""The teacher's projection of a live table says who made each move: a student's own, or the computer's for a
seat whose student is away (never credited to the absent student)."""
from __future__ import annotations

import re
import time

import pytest

from xlib.board import Board
from xlib.classroom import open_store
from xlib.live import TableGame


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.db") as s:
        yield s


def text(board: Board) -> str:
    return re.sub(r"<[^>]+>", "", board.message.value)


def test_the_projection_credits_the_computers_move_to_the_computer_not_the_absent_student(store):
    code = store.create_class().code
    table = store.open_table(code, "xallies", seed=3, away=30)
    tickets = [store.sit(code, table.key, p, name) for p, name in enumerate(("Ana", "Ben", "Chen"))]
    projected = Board(live=TableGame(store, code, table.key), animate=0, keep=None, background=False)
    projected.projector(True)
    state = store.table(code, table.key).state
    while state.to_move != 2:   # Ana and Ben play their turns
        state = store.play(code, table.key, tickets[state.to_move], state.ply, str(state.moves()[0])).state
    projected.game.sync()
    said = text(projected)
    assert re.search(r"(Ana \(blue\)|Ben \(purple\)) played", said) and "computer" not in said, said
    store._attempt(lambda tx: tx.run("UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = ?",
                                     (time.time() - 3600, code, "chen")), write=True)   # Chen's device went quiet
    token = store.claim(code, table.key, state.ply)
    assert token
    store.play(code, table.key, token, state.ply, str(state.moves()[0]))
    projected.game.sync()
    said = text(projected)
    assert "The computer, playing for Chen (green), played" in said, said
    assert not re.search(r"(^|[.] )Chen \(green\) played", said), said
