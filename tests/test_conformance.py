"""One contract for every game, tested once: each registered game under several option sets.

Random seeded games (with undo) check, at every position: moves are listed once each in their
notation; `explain` is None exactly for legal moves; illegal moves raise an xlib error and leave
the state as it was; notation, position text (finished positions too) and records round-trip;
Move objects made elsewhere (another game, board size or position) are read again from their
notation, never misapplied; and every game ends within a bound.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import xlib
from xlib import Move, State, XlibError

# (game, options, plies within which a random game must end, random games played)
CASES: list[tuple[str, dict[str, Any], int, int]] = [
    ("xallies", {"players": 3}, 10_000, 2),
    ("xallies", {"players": 4, "supply": None}, 10_000, 2),
    ("xallies", {"players": 3, "supply": 6, "drop_order": "own-first", "shooting": "manual", "rounds": 8}, 1_000, 2),
    ("xallies", {"players": 4, "shooting": "expected", "skill": [0.1, 0.3, 0.5, 1.0]}, 10_000, 2),
    ("alea", {"size": 4}, 2_000, 2),
    ("alea", {"size": 8}, 20_000, 2),
    ("alea", {"size": 5, "adjacency": 8, "streak": 3}, 5_000, 2),
    ("xats", {"players": 2}, 2_000, 2),
    ("xats", {"players": 3}, 3_000, 2),
    ("xerog", {}, 302, 1),
    ("xerog", {"quick_start": True, "first": "north", "max_plies": 60}, 60, 2),
    ("x", {"size": 6}, 36, 2),
    ("x", {"size": 9}, 81, 2),
]
SAMPLE = 6  # legal moves and illegal candidates tried at each position (all legal moves at every fifth)
JUNK = ["", " ", "pass", "zz", "1", "0", "99", "a1", "a0", "z9", "xa1", "3+", "12+", "3+:q", "b", "y", "hit",
        "s1x4", "s0x1", "13", "14", "7>s2", "7>s0", "a1-a3", "c1-c3-e3", "setup 321123", "setup 333333",
        "٣+", "a³", "1٣", "３", "PASS", "pass pass", "a1 ", "\n"]


def case_id(case: tuple[str, dict[str, Any], int, int]) -> str:
    name, options, _, _ = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def position_text(s: State) -> str | None:
    """The position text, or None where the game has none (a set-up, inside or after XAllies play)."""
    try:
        return s.position_text()
    except XlibError:
        between = getattr(s, "in_turn", False) or getattr(s, "phase", "play") != "play"
        assert s.over or between or getattr(s, "setups_left", 0), (
            "only a finished game, a turn in progress, shooting or a set-up may lack a position text")
        return None


def snapshot(s: State) -> tuple[Any, ...]:
    """Everything a player can see of a state, to show that an illegal move changed nothing."""
    return (str(s), position_text(s), [str(m) for m in s.moves()], s.to_move, s.over, s.ply, s.scores)


def outcome(s: State, move: Move | str) -> tuple[Any, ...]:
    """What playing `move` here does: the error it raises, or the state it leads to."""
    try:
        child = s.play(move)
    except XlibError as exc:
        return ("error", type(exc).__name__, str(exc))
    text = position_text(child)
    return ("state", str(child) if text is None else text, str(child.last_move), child.to_move, child.scores)


def foreign_moves() -> list[Move]:
    """Move objects made by other games, board sizes and positions: a few from a short game of each case."""
    pool: list[Move] = []
    for k, (name, options, _, _) in enumerate(CASES):
        s, rng = xlib.game(name, **options).start(seed=k), random.Random(k)
        for _ in range(12):
            if s.over:
                break
            legal = s.moves()
            pool.extend(rng.sample(legal, min(3, len(legal))))
            s = s.play(rng.choice(legal))
    return pool


FOREIGN = foreign_moves()


def check_position(s: State, rng: random.Random, seen: list[str], own: list[Move], full: bool) -> None:
    g = s.game
    legal = s.moves()
    texts = [str(m) for m in legal]
    assert len(set(texts)) == len(texts), f"a move is listed twice: {texts}"
    assert all(isinstance(m, Move) for m in legal)
    if s.over:
        assert legal == [] and s.to_move is None
    else:
        assert legal and s.to_move is not None and not s.winners
    before = snapshot(s)
    # every legal move: explained as legal, its notation read back to the same move, hashed as its text
    for m in legal if full else rng.sample(legal, min(SAMPLE, len(legal))):
        assert s.explain(m) is None and s.explain(str(m)) is None, str(m)
        back = s.parse(str(m))
        assert back == m and str(back) == str(m) and hash(back) == hash(str(m)) == hash(m)
        assert str(m) in set(legal) and m in set(texts)
    # candidates that may or may not be legal here: explain is None exactly for the legal ones
    for text in rng.sample(seen, min(SAMPLE, len(seen))) + rng.sample(JUNK, 3):
        reason = s.explain(text)
        result = outcome(s, text)
        if result[0] == "error":
            assert reason is not None, f"{text!r} is refused by play but explain finds nothing wrong"
        else:
            assert reason is None, f"{text!r} is played though explain says: {reason}"
            assert s.parse(text) in legal, f"{text!r} was played but is not among the legal moves"
        assert snapshot(s) == before, f"trying {text!r} changed the state"
    # Move objects made elsewhere are read again from their notation
    for m in rng.sample(FOREIGN, 4) + rng.sample(own, min(2, len(own))):
        assert outcome(s, m) == outcome(s, m.text), f"{m!r} made elsewhere is not read from its notation"
        assert snapshot(s) == before
    # position text round-trips (positions in play)
    text = position_text(s)
    if text is not None and not s.over:
        again = g.position(text, seed=s.seed)
        assert again.position_text() == text
        assert again.to_move == s.to_move
    seen.extend(texts[:4])


def random_game(name: str, options: dict[str, Any], seed: int, bound: int) -> State:
    """A random game, checked at every position, with undo now and then; it must end within `bound` plies."""
    g = xlib.game(name, **options)
    rng = random.Random(seed)
    s = g.start(seed=seed)
    seen: list[str] = []
    own: list[Move] = []
    steps = 0
    while not s.over:
        assert s.ply <= bound, f"{name} {options} did not end within {bound} plies"
        steps += 1
        check_position(s, rng, seen, own, full=steps % 5 == 1)
        legal = s.moves()
        own.extend(rng.sample(legal, min(2, len(legal))))
        move = rng.choice(legal)
        child = s.play(move)
        assert child.parent is s and child.last_move == move and child.ply == s.ply + 1
        assert child.undo() is s
        if rng.random() < 0.1 and s.parent is not None:
            s = s.undo()  # take a move back and go on from the position before
            continue
        s = child
    check_position(s, rng, seen, own, full=True)
    assert s.ply <= bound
    return s


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_keep_the_contract(case):
    name, options, bound, games = case
    for k in range(games):
        s = random_game(name, options, seed=1000 * k + 7, bound=bound)
        assert s.over and s.to_move is None and s.moves() == []
        assert s.winners and all(0 <= w < len(s.players) for w in s.winners)
        # the record is JSON and replays to the same final state
        rec = json.loads(json.dumps(s.record()))
        r = xlib.replay(json.dumps(rec))
        assert r.record() == rec and str(r) == str(s)
        assert r.scores == s.scores and r.winners == s.winners
        # every position of the game replays from its own record too, and from its position text
        for st in s.history()[:: max(1, s.ply // 3)]:
            assert str(xlib.replay(st.record())) == str(st)
            text = position_text(st)
            if text is not None and not st.over:
                later = st.game.position(text, seed=st.seed)
                assert xlib.replay(later.record()).position_text() == text


#: games whose finished positions have no position text (RULES.md: XAllies' text is the start of a turn in play)
NO_FINISHED_TEXT = {"xallies"}


def read_back_view(s: State) -> tuple[Any, ...]:
    """What a position text must bring back (State defines no equality): the text, the moves, who moves,
    the result, the game's evaluation and the position as printed."""
    return (s.position_text(), [str(m) for m in s.moves()], s.to_move, s.over, s.winners, s.scores, s.values(),
            str(s))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_position_text_reads_back_as_its_position(case):
    """g.position(s.position_text()) is s again at every position of seeded random games, finished ones included."""
    name, options, _, games = case
    g = xlib.game(name, **options)
    read = 0
    for k in range(max(games, 3)):
        rng, s = random.Random(k), g.start(seed=1000 * k + 11)
        while True:
            text = position_text(s)
            if text is not None:
                assert read_back_view(g.position(text, seed=s.seed)) == read_back_view(s), text
                read += 1
            if s.over:
                break
            s = s.play(rng.choice(s.moves()))
        assert (text is None) == (name in NO_FINISHED_TEXT), f"the finished position's text: {text!r}"
    assert read > 3 * max(games, 3)


def test_every_registered_game_has_cases():
    assert {name for name, _, _, _ in CASES} == set(xlib.game_names())


@pytest.mark.parametrize("name", xlib.game_names())
def test_a_move_of_another_option_set_is_read_from_its_notation(name):
    """A board-size or player-count change: the move is read again here, or refused with an xlib error."""
    options = [o for n, o, _, _ in CASES if n == name]
    for mine in options:
        s = xlib.game(name, **mine).start(seed=3)
        for other in options:
            t = xlib.game(name, **other).start(seed=3)
            for m in t.moves():
                assert outcome(s, m) == outcome(s, m.text)


@pytest.mark.parametrize("name", xlib.game_names())
def test_moves_equal_and_hash_as_their_notation(name):
    s = xlib.game(name).start()
    for m in s.moves():
        assert m == str(m) and str(m) in {m} and m in {str(m)} and {m: 1}[str(m)] == 1


@pytest.mark.parametrize("name", xlib.game_names())
def test_non_ascii_digits_are_refused_in_notation_and_position_text(name):
    s = xlib.game(name).start()
    for text in ("٣", "a٣", "³+", "1٣", "３"):
        with pytest.raises(xlib.NotationError, match="not a digit 0-9"):
            s.parse(text)
        assert s.explain(text) is not None
    with pytest.raises(xlib.PositionError, match="not a digit 0-9"):
        xlib.game(name).position("٣")


@pytest.mark.parametrize("name", xlib.game_names())
@pytest.mark.parametrize("seed", [True, 1.0, "1", None, [1]])
def test_a_bad_seed_is_a_seed_error(name, seed):
    with pytest.raises(xlib.SeedError, match="seed must be a whole number"):
        xlib.game(name).start(seed=seed)


@pytest.mark.parametrize("name", xlib.game_names())
def test_bad_input_types_raise_xlib_errors(name):
    g = xlib.game(name)
    s = g.start()
    for bad in (3, None, b"a1", ["a1"]):
        with pytest.raises(xlib.NotationError):
            s.play(bad)
        with pytest.raises(xlib.PositionError):
            g.position(bad)
    with pytest.raises(xlib.XlibError, match="nothing to undo"):
        s.undo()
