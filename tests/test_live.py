"""The live game, apart from any widget: one path for every move, each change told once, bad input refused with
the position kept, and what-if lines that never change the game they come from."""
import random

import pytest

import xlib
from xlib.errors import IllegalMove, XlibError
from xlib.live import BY_COMPUTER, HERE, PERSON, Change, Decision, LocalGame


def heard(game: LocalGame) -> list[Change]:
    changes: list[Change] = []
    game.listeners.append(changes.append)
    return changes


def test_a_move_is_played_once_and_told_once_with_its_seat_and_source():
    game = LocalGame(xlib.game("x", size=5).start(seed=1), seed=1)
    changes = heard(game)
    start = game.state
    after = game.play("c3")
    assert game.state is after and after.parent is start
    assert [(c.kind, c.seat, c.source, c.before, c.after) for c in changes] == [("played", 0, HERE, start, after)]


def test_an_illegal_or_malformed_move_raises_and_changes_nothing():
    game = LocalGame(xlib.game("alea", size=6).start(seed=0))
    changes = heard(game)
    start = game.state
    for bad in ("z9", "", "xb2", object()):
        with pytest.raises((IllegalMove, XlibError, TypeError)):
            game.play(bad)   # type: ignore[arg-type]
    assert game.state is start and changes == []


def test_undo_takes_back_to_a_persons_move_and_redo_plays_the_computers_reply_again():
    game = LocalGame(xlib.game("x", size=5).start(seed=2), seats={1: "random", 2: "random"}, seed=2)
    game.play("c3")
    for _ in range(2):
        decision = next_decision(game)
        game.play(decision.move, BY_COMPUTER)
    assert game.state.ply == 3 and game.person_to_move()
    changes = heard(game)
    game.undo()
    assert game.state.ply == 0 and game.person_to_move() and [c.kind for c in changes] == ["reset"]
    game.redo()
    assert game.state.ply == 3 and game.person_to_move() and not game.redo_stack   # the computers' replies too
    assert game.redo() is None and game.state.ply == 3


def test_a_new_move_forgets_what_could_be_played_again():
    game = LocalGame(xlib.game("x", size=5).start(seed=2))
    game.play("c3")
    game.undo()
    assert game.redo_stack
    game.play("b2")
    assert not game.redo_stack


def test_a_what_if_line_never_changes_the_game_it_comes_from():
    game = LocalGame(xlib.game("x", size=5).start(seed=3), seats={2: "easy"}, names={0: "Ana"})
    game.play("c3")
    game.play("b2")
    line = game.branch(game.state.history()[1])
    line.play("d4")
    assert game.state.ply == 2 and [str(m) for m in game.state.moves_played()] == ["c3", "b2"]
    assert line.state.ply == 2 and line.seat(2) == "easy" and line.name_of(0) == "Ana"
    line.set_seat(2, PERSON)
    assert game.seat(2) == "easy"


def test_seats_are_checked_and_told():
    game = LocalGame(xlib.game("alea", size=6).start())
    changes = heard(game)
    game.set_seat(1, "computer")
    assert game.seat(1) == xlib.agents.default_for("alea") and changes[-1].kind == "seats" and changes[-1].seat == 1
    for seat, who in ((1, "nobody"), (5, "easy")):
        with pytest.raises(XlibError):
            game.set_seat(seat, who)
    assert game.seat(1) == xlib.agents.default_for("alea") and len(changes) == 1
    game.set_name(0, "Ana" * 20)
    assert game.name_of(0) == ("Ana" * 20)[:40] and changes[-1].kind == "names"
    assert game.who(0, "Black") == "AnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaA (black)"
    game.set_name(1, "<b>")
    assert game.who(1, "White") == "&lt;b&gt; (white)"


def next_decision(game: LocalGame) -> Decision:
    steps = game.computer_move()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value is not None
            return done.value


def test_a_computer_seats_shot_is_thrown_by_chance_with_its_sentence_never_chosen():
    hits = misses = 0
    for seed in range(30):
        state = xlib.game("xallies", shooting="manual").start(seed=seed)
        pick = random.Random(seed)
        while state.phase != "shoot" and not state.over:
            state = state.play(pick.choice(state.moves()))
        if state.over:
            continue
        game = LocalGame(state, seats={p: "greedy" for p in range(3)}, seed=seed)
        decision = next_decision(game)
        assert decision.thrown and str(decision.move) in ("hit", "miss") and "shots hit so far" in decision.words()
        hits += str(decision.move) == "hit"
        misses += str(decision.move) == "miss"
    assert hits and misses
