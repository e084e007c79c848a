"""The Alea Evangelion lesson: each scene shows its rule on the states it produces."""
import json
import re
from pathlib import Path

import pytest

import xlib
from xlib.lessons import alea as L

ROOT = Path(__file__).resolve().parents[1]


def conversions(state):
    return [str(m) for m in state.moves() if str(m).startswith("x")]


def stones(state, colour):
    n = state.game.options["size"]
    names = xlib.core.grid_cell_names(n)
    return {c for c in names if state.stone(c) == colour}


def without_history(state):
    """The same position read back from its text: no superko history, and the streak only if the text says so."""
    return state.game.position(state.position_text())


def test_every_scene_plays_through_and_ends_with_your_turn():
    assert len(L.SCENES) == 11
    for scene in L.SCENES:
        assert scene.game == "alea" and len(scene.states()) == len(scene.moves) + 1
        assert scene.your_turn.startswith("Your turn") and scene.title in scene.transcript()


def test_placing():
    start, black, white = L.PLACING.states()
    assert start.game.options["size"] == 8 and start.to_move == 0 and not stones(start, 0) | stones(start, 1)
    assert stones(black, 0) == {"d4"} and black.protected == {"d4"}
    assert stones(white, 1) == {"e5"} and white.protected == {"e5"}   # protection moved on


def test_converting_flips_all_the_enemy_neighbours_and_nothing_else():
    before, after = L.CONVERTING.states()
    assert stones(before, 1) == {"b3", "c4", "d3", "d4"}
    assert stones(after, 1) == {"d4"} and after.protected == {"b3", "c4", "d3"}


def test_protection_after_a_placement():
    start, placed, elsewhere, converted = L.PROTECTED_PLACED.states()
    assert placed.protected == {"d3"} and "protected" in placed.explain("xc3")
    assert without_history(placed).explain("xc3") is not None   # protection, not history, forbids it
    assert elsewhere.protected == {"a1"} and "xd3" in conversions(elsewhere)
    assert converted.stone("c3") == 1 and converted.protected == {"c3"}


def test_protection_after_a_conversion():
    start, flipped, defended, waited, back = L.PROTECTED_FLIPPED.states()
    assert flipped.protected == {"c3"} and "protected" in flipped.explain("xd3")
    assert defended.protected == {"c4"} and "protected" in defended.explain("xc3") and conversions(defended) == []
    assert waited.explain("xd3") is None   # one turn later
    assert back.stone("c3") == 0


def test_black_defends_is_the_worked_case_of_the_rules_step_by_step():
    rules = " ".join((ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").split())
    case = rules[rules.index("**Worked case (5×5).**"):rules.index("## 3.")]
    assert "Black stones on c2 and d3, White to move." in case and L.BLACK_DEFENDS.sentences[0].endswith(
        "Black stones on c2 and d3, White to move.")
    for sentence in L.BLACK_DEFENDS.sentences[1:3]:
        assert sentence in case
    assert "White places a5, Black places e5. Now White may play `xc3`, flipping b3, c2 and d3." in case
    assert L.BLACK_DEFENDS.moves == ["c3", "b3", "a5", "e5", "xc3"]
    start, c3, b3, a5, e5, xc3 = L.BLACK_DEFENDS.states()
    assert stones(start, 0) == {"c2", "d3"} and not stones(start, 1) and start.to_move == 1
    assert conversions(c3) == []                        # Black has no conversion: c3 was placed last turn
    assert conversions(b3) == [] and b3.protected == {"b3"}
    assert "protected" in b3.explain("xc3")
    assert e5.explain("xc3") is None
    assert {"b3", "c2", "d3"} <= stones(xc3, 1) and xc3.protected == {"b3", "c2", "d3"}


def test_two_conversions_that_flip_the_same_stones_are_one_move():
    start, after = L.SAME_FLIPS.states()
    via_c3, via_d2 = start.play("xc3"), start.play("xd2")
    assert via_c3.position_text() == via_d2.position_text() == after.position_text()
    assert len(conversions(start)) == 1                 # listed once
    assert stones(after, 1) == set()


def test_superko_forbids_bringing_back_the_start():
    states = L.SUPERKO.states()
    last = states[-1]
    reason = last.explain("xc1")
    assert reason is not None and "superko" in reason
    assert without_history(last).explain("xc1") is None   # only the history forbids it
    board = lambda s: s.position_text().split()[0]  # noqa: E731
    assert board(last.play("xb5")) != board(states[0])
    flipped = without_history(last).play("xc1")
    assert board(flipped) == board(states[0]) and flipped.to_move == states[0].to_move


def test_the_streak_rule():
    start, eighth, placed, again = L.STREAK.states()
    assert start.streak == 7 and eighth.streak == 8
    assert conversions(eighth) == [] and "in a row" in eighth.explain("xa3")
    assert eighth.game.position(eighth.position_text().replace(" streak 8", "")).explain("xa3") is None
    assert placed.streak == 0 and again.last_move == "xa1" and again.stone("b1") == 0


def test_the_end_final_turns_counting_and_a_draw():
    start, filled, white, passed = L.THE_END.states()
    assert filled.in_final_turns and filled.to_move == 1          # the other player first
    assert white.in_final_turns and white.to_move == 0            # then the filler
    assert conversions(white) == []                               # every Black conversion touches b2 or c3
    assert passed.over and passed.counts == (8, 8) and passed.winners == (0, 1)


def test_komi_breaks_the_draw():
    last = L.KOMI.states()[-1]
    assert last.over and last.counts == (8, 8) and last.scores == (8, 8.5) and last.winners == (1,)


def test_eight_neighbours_reach_the_diagonals():
    before, after = L.EIGHT_NEIGHBOURS.states()
    assert stones(after, 1) == set() and {"b2", "d4"} <= stones(after, 0)
    four = xlib.game("alea", size=5).position(L.EIGHT_NEIGHBOURS.position).play("xc3")
    assert {"b2", "d4"} <= stones(four, 1)                        # with 4 neighbours they stay


def test_decisions_name_the_options_as_the_board_labels_them_and_the_notebook_lists_them():
    pytest.importorskip("ipycanvas")
    from xlib.views.alea.view import AleaView

    named = set()
    for decision in L.DECISIONS:
        for label in re.findall(r"option “([^”]+)”", decision):
            match = [name for name, text in AleaView.option_labels.items() if text.startswith(label)]
            assert match, f"{label!r} is not an option label"
            named.update(match)
    assert named == {spec.name for spec in xlib.game("alea").option_specs}
    notebook = json.loads((ROOT / "notebooks" / "alea.ipynb").read_text(encoding="utf-8"))
    markdown = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    for decision in L.DECISIONS:
        assert decision in markdown
