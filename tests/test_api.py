"""The one game API: registry, options, moves, states, history, records and errors.

What every game must do (legal moves, notation, position text, records, foreign moves) is tested
once for all games in test_conformance.py; this file tests the shared machinery itself."""
import json

import pytest

import xlib
from xlib import Move
from xlib.records import MAX_MOVE_CHARS, MAX_MOVES, MAX_RECORD_CHARS


def test_game_names_lists_registered_games():
    assert xlib.game_names() == ("xallies", "alea", "xats", "xerog", "x")


def test_unknown_game_names_the_games():
    with pytest.raises(xlib.OptionError, match=r"no game named 'chess'; games: xallies"):
        xlib.game("chess")


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, r"option players=5 is not valid: choose one of 3, 4"),
    ({"players": "3"}, r"option players='3' is not valid"),
    ({"drop_order": "fast"}, r"drop_order='fast' is not valid: choose one of 'choose', 'own-first'"),
    ({"supply": -1}, r"supply=-1 is not valid: it must be at least 0"),
    ({"supply": 2.5}, r"supply=2.5 is not valid: a whole number is needed \(or None\)"),
    ({"rounds": 0}, r"rounds=0 is not valid: it must be at least 1"),
    ({"skill": 1.5}, r"skill=1.5 is not valid: it must be at most 1"),
    ({"skill": [0.5, 0.5]}, r"give one skill or one per player \(3 numbers\)"),
    ({"shooting": "darts"}, r"shooting='darts' is not valid"),
    ({"colour": "red"}, r"xallies has no option 'colour'; valid options: players=3"),
])
def test_bad_options_raise_option_error_listing_valid_values(options, message):
    with pytest.raises(xlib.OptionError, match=message):
        xlib.game("xallies", **options)
    assert issubclass(xlib.OptionError, ValueError)


def test_state_basics():
    s = xlib.game("xallies", players=3).start(seed=0)
    assert s.to_move == 0 and s.players == ("blue", "purple", "green")
    assert not s.over and s.winners == () and s.scores == (0, 0, 0)
    assert "3+" in s.moves() and all(isinstance(m, xlib.Move) for m in s.moves())
    assert list(s) == s.moves()
    assert "blue to move" in str(s)


def test_illegal_move_raises_with_the_explain_sentence_as_its_reason():
    s = xlib.game("xallies").start()
    with pytest.raises(xlib.IllegalMove) as err:
        s.play("5+")
    assert err.value.reason == s.explain("5+") == "Well 5 is in purple's region; blue sows only from wells 0–3."
    assert err.value.move == "5+" and "illegal move '5+'" in str(err.value)
    assert isinstance(err.value, xlib.XlibError) and isinstance(err.value, ValueError)


def test_non_string_move_is_a_clear_error():
    with pytest.raises(xlib.NotationError, match="notation text or a Move, not int"):
        xlib.game("xallies").start().play(3)


def test_history_moves_played_and_undo():
    s0 = xlib.game("xallies").start()
    s1 = s0.play("3+")
    s2 = s1.play("7+")
    assert s2.undo() is s1 and s1.undo() is s0 and s2.root is s0
    assert s2.history() == [s0, s1, s2] and s2.moves_played() == ["3+", "7+"]
    with pytest.raises(xlib.XlibError, match="nothing to undo: this is the first position of the game"):
        s0.undo()


# ---- moves ----------------------------------------------------------------------------------

def test_a_move_equals_and_hashes_as_its_notation():
    m = xlib.game("x", size=5).start().parse("a1")
    assert m == "a1" and "a1" in {m} and m in {"a1"} and hash(m) == hash("a1")
    assert m != "a2" and m.key() == "a1"


def test_a_game_cannot_make_equality_and_hashing_disagree():
    with pytest.raises(TypeError, match="redefines __eq__: moves compare and hash by their notation"):
        type("Odd", (Move,), {"__eq__": lambda self, other: True})
    with pytest.raises(TypeError, match="redefines __hash__"):
        type("Odd", (Move,), {"__hash__": lambda self: 0})


def test_a_move_made_elsewhere_is_read_again_from_its_notation():
    big = xlib.game("x", size=9).start().parse("i9")
    small = xlib.game("x", size=5).start()
    with pytest.raises(xlib.NotationError, match="'i9' is not a cell of the 5×5 board"):
        small.play(big)
    a2 = xlib.game("x", size=9).start().parse("a2")
    assert small.play(a2).stone("a2") == 0  # the cell named a2 here, not the 9×9 board's index
    earlier = xlib.game("x", size=5).start()
    later = earlier.play("c3")
    with pytest.raises(xlib.IllegalMove, match="c3"):
        later.play(earlier.parse("c3"))  # made for the position before c3 was taken


def test_a_user_made_move_object_is_read_from_its_notation():
    from xlib.games.xallies import Sow
    s = xlib.game("xallies").start()
    assert s.play(Sow(3, 1)).position_text() == s.play("3+").position_text()
    with pytest.raises(xlib.IllegalMove, match="Well 5 is in purple's region"):
        s.play(Sow(5, 1))


# ---- seeds ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", ["x", 1.5, True, None])
def test_a_bad_seed_raises_seed_error_naming_it(seed):
    with pytest.raises(xlib.SeedError, match=rf"seed must be a whole number, not {seed!r}"):
        xlib.game("xallies").start(seed=seed)
    with pytest.raises(xlib.SeedError):
        xlib.stream(seed, "label")
    assert issubclass(xlib.SeedError, xlib.XlibError)


def test_random_stream_depends_only_on_seed_and_labels():
    a = [xlib.stream(5, "x", 1).random() for _ in range(2)]
    b = [xlib.stream(5, "x", 1).random() for _ in range(2)]
    assert a == b and xlib.stream(5, "x", 2).random() != a[0]


# ---- records --------------------------------------------------------------------------------

def test_record_is_json_with_game_options_seed_and_moves():
    s = xlib.game("xallies", players=4, supply=None).start(seed=42)
    for m in ("2+", "5-", "8+"):
        s = s.play(m)
    rec = s.record()
    assert json.loads(json.dumps(rec)) == rec
    assert rec == {"format": "xlib-record", "version": 1, "game": "xallies", "options": dict(s.game.options),
                   "seed": 42, "moves": ["2+", "5-", "8+"]}
    assert xlib.replay(json.dumps(rec).encode()).record() == rec


GOOD = {"game": "xallies", "moves": ["3+"]}


@pytest.mark.parametrize("record, message", [
    ("{not json", r"the record is not valid JSON"),
    ("[" * 100_000, r"the record is not valid JSON: it is nested too deeply"),
    (b"\xff{}", r"the record is not UTF-8 text"),
    ("x" * (MAX_RECORD_CHARS + 1), r"the record is 1,000,001 characters long; a record is at most 1,000,000"),
    ([1, 2], r"a record is a JSON object, not a list"),
    ("3", r"a record is a JSON object, not a whole number"),
    ({"moves": []}, r"the record has no 'game' field"),
    ({"game": "xallies"}, r"the record has no 'moves' field"),
    ({**GOOD, "postion": "x"}, r"the record has an unknown field 'postion'; a record's fields are format, version"),
    ({**GOOD, "format": "pgn"}, r"the record's format is 'pgn', not 'xlib-record'"),
    ({**GOOD, "version": 7}, r"record version 7 is not supported"),
    ({**GOOD, "version": True}, r"record version True is not supported"),
    ({"game": ["xallies"], "moves": []}, r"the record's 'game' is the name of a game, not a list"),
    ({"game": "go", "moves": []}, r"the record's game cannot be set up: no game named 'go'"),
    ({**GOOD, "options": {"players": 9}}, r"option players=9 is not valid"),
    ({**GOOD, "options": [3]}, r"the record's 'options' must be an object, not a list"),
    ({**GOOD, "options": {"players": {"n": 3}}}, r"the record's option 'players' is an object; an option is a"),
    ({**GOOD, "options": {"skill": [0.5] * 9}}, r"the record's option 'skill' lists 9 values; at most 8"),
    ({**GOOD, "options": {"drop_order": "x" * 101}}, r"the record's option 'drop_order' is 101 characters long"),
    ({"game": "xallies", "moves": "3+"}, r"the record's 'moves' must be a list of move notations, not text"),
    ({"game": "xallies", "moves": ["3+", 7]}, r"move 2 of the record is a whole number; the record's 'moves'"),
    ({"game": "xallies", "moves": ["3+"] * (MAX_MOVES + 1)}, r"the record has 20,001 moves; a record holds at most"),
    ({"game": "xallies", "moves": ["3" * (MAX_MOVE_CHARS + 1)]}, r"move 1 of the record is 101 characters long"),
    ({"game": "xallies", "moves": ["3+", "0+"]}, r"move 2 of the record \('0\+'\) cannot be played: illegal"),
    ({"game": "xallies", "moves": ["3*"]}, r"move 1 of the record \('3\*'\) cannot be played: '3\*' is not"),
    ({"game": "xallies", "moves": ["٣+"]}, r"cannot be played: '٣' in '٣\+' is not a digit 0-9"),
    ({**GOOD, "seed": "abc"}, r"the record's 'seed' must be a whole number, not 'abc' \(text\)"),
    ({**GOOD, "seed": True}, r"the record's 'seed' must be a whole number, not True \(true/false\)"),
    ({**GOOD, "seed": 2.0}, r"the record's 'seed' must be a whole number, not 2.0 \(a number with a fraction\)"),
    ({**GOOD, "position": 5}, r"the record's 'position' is position text, not a whole number"),
    ({**GOOD, "position": "0:bb" * 5000}, r"the record's 'position' is 20,000 characters long"),
    ({**GOOD, "position": "0:bb"}, r"the record's start cannot be set up: the position lists no well 1"),
])
def test_a_corrupt_or_hostile_record_raises_record_error_naming_the_fault(record, message):
    with pytest.raises(xlib.RecordError, match=message):
        xlib.replay(record)
