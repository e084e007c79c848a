"""The one game API: registry, options, states, history, records and errors."""
import json

import pytest

import xlib


def test_game_names_lists_registered_games():
    assert "xallies" in xlib.game_names()


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
    assert s.explain("3+") is None
    assert "blue to move" in str(s)


def test_play_takes_a_move_or_its_notation_and_returns_a_new_state():
    s = xlib.game("xallies").start()
    a = s.play("3+:bb")
    b = s.play(s.parse("3+:bb"))
    assert a is not s and a.position_text() == b.position_text()
    assert s.to_move == 0 and s.whites == (0, 0, 0)  # the first state is unchanged


def test_illegal_move_raises_with_the_explain_sentence_and_leaves_state():
    s = xlib.game("xallies").start()
    before = s.position_text()
    with pytest.raises(xlib.IllegalMove) as err:
        s.play("5+")
    assert err.value.reason == s.explain("5+") == "Well 5 is in purple's region; blue sows only from wells 0–3."
    assert "illegal move '5+'" in str(err.value)
    assert isinstance(err.value, ValueError) and s.position_text() == before


@pytest.mark.parametrize("text, message", [
    ("", r"'' is not XAllies notation"),
    ("3x", r"'3x' is not XAllies notation: a turn is <well><\+\|->"),
    ("12+", r"there is no well 12 in '12\+': wells are numbered 0–11"),
    ("3+:bq", r"'q' in '3\+:bq' is not a colour letter; colours: b, p, g"),
    ("y", r"'y' is grey, which does not play in a 3-player game"),
])
def test_malformed_notation_raises_notation_error(text, message):
    s = xlib.game("xallies").start()
    with pytest.raises(xlib.NotationError, match=message):
        s.play(text)
    assert s.explain(text) is not None


def test_non_string_move_is_a_clear_error():
    with pytest.raises(xlib.NotationError, match="notation text or a Move, not int"):
        xlib.game("xallies").start().play(3)


def test_seed_must_be_a_whole_number():
    with pytest.raises(ValueError, match="seed must be a whole number"):
        xlib.game("xallies").start(seed="x")


def test_history_and_undo_is_the_previous_state():
    s0 = xlib.game("xallies").start()
    s1 = s0.play("3+")
    s2 = s1.play("7+")
    assert s2.undo() is s1 and s1.undo() is s0
    assert s2.history() == [s0, s1, s2] and s2.moves_played() == ["3+", "7+"]
    with pytest.raises(ValueError, match="nothing to undo"):
        s0.undo()


def test_record_is_json_and_replays():
    s = xlib.game("xallies", players=4, supply=None).start(seed=42)
    for m in ("2+", "5-", "8+"):
        s = s.play(m)
    rec = s.record()
    assert json.loads(json.dumps(rec)) == rec
    assert rec["game"] == "xallies" and rec["seed"] == 42 and rec["moves"] == ["2+", "5-", "8+"]
    assert rec["options"]["players"] == 4 and rec["options"]["supply"] is None
    r = xlib.replay(json.dumps(rec))
    assert r.position_text() == s.position_text() and r.record() == rec


def test_record_from_a_position_keeps_the_position():
    g = xlib.game("xallies")
    s = g.position("0:b* 1: 2: 3: 4:pp* 5: 6: 7: 8:gg* 9: 10: 11: ; to b").play("0+")
    rec = s.record()
    assert rec["position"].startswith("0:b* 1: 2:")
    assert xlib.replay(rec).position_text() == s.position_text()


@pytest.mark.parametrize("record, message", [
    ("{not json", r"the record is not valid JSON"),
    ([1, 2], r"a record is a JSON object, not list"),
    ({"moves": []}, r"the record has no 'game' field"),
    ({"game": "xallies"}, r"the record has no 'moves' field"),
    ({"game": "go", "moves": []}, r"the record's game cannot be set up: no game named 'go'"),
    ({"game": "xallies", "options": {"players": 9}, "moves": []}, r"option players=9 is not valid"),
    ({"game": "xallies", "moves": "3+"}, r"'moves' must be a list of move notations"),
    ({"game": "xallies", "moves": ["3+", "0+"]}, r"move 2 of the record \('0\+'\) cannot be played: illegal"),
    ({"game": "xallies", "moves": ["3*"]}, r"move 1 of the record \('3\*'\) cannot be played: '3\*' is not"),
    ({"game": "xallies", "seed": "abc", "moves": []}, r"seed must be a whole number"),
    ({"game": "xallies", "version": 7, "moves": []}, r"record version 7 is not supported"),
    ({"game": "xallies", "position": "0:bb", "moves": []}, r"the record's start cannot be set up"),
])
def test_corrupt_records_raise_record_error(record, message):
    with pytest.raises(xlib.RecordError, match=message):
        xlib.replay(record)


@pytest.mark.parametrize("text, message", [
    ("0:bb*", r"the position lists no well 1"),
    ("0:bb* 0:bb*", r"well 0 is listed twice"),
    ("x", r"'x' is not a well"),
    ("0:b** " + " ".join(f"{w}:*" for w in range(1, 12)), r"well 0 has two black pieces"),
    ("0:y* " + " ".join(f"{w}:*" for w in range(1, 12)), r"'y' is grey, which does not play"),
    (" ".join(f"{w}:*" for w in range(12)) + " ; to q", r"'q' in 'q' is not a colour letter"),
    (" ".join(f"{w}:*" for w in range(12)) + " ; points 1 2", r"points needs 3 whole numbers"),
    (" ".join(f"{w}:*" for w in range(12)) + " ; colour b", r"'colour b' is not a position field"),
    (" ".join(f"{w}:*" for w in range(12)) + " ; to p ; turn 3", r"after 3 turns it is blue's move"),
    (" ".join(f"{w}:b" for w in range(12)), r"no black piece left"),
])
def test_malformed_position_text_raises_position_error(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xlib.game("xallies").position(text)


def test_random_stream_depends_only_on_seed_and_labels():
    a = [xlib.stream(5, "x", 1).random() for _ in range(2)]
    b = [xlib.stream(5, "x", 1).random() for _ in range(2)]
    assert a == b and xlib.stream(5, "x", 2).random() != a[0]
