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


# ---- exercises ---------------------------------------------------------------------------------------------
def exercise_start(scene, ex):
    return ex.start(scene.game, scene.options)


def right_moves(scene, ex):
    """Every first move that solves a move exercise (in Alea a turn is one move)."""
    start = exercise_start(scene, ex)
    return {str(m) for m in start.moves() if ex.check(start, start.play(m))}


#: every move exercise's right answers, all of them: a goal that checks one cell where several are right fails here
RIGHT = {
    ("PLACING", 0): {"d5", "f5", "e4", "e6"},
    ("PLACING", 1): {"a8"},
    ("CONVERTING", 0): {"xb3", "xd3"},
    ("CONVERTING", 2): {"xc3"},
    ("PROTECTED_PLACED", 1): {"d2", "d4", "e3"},
    ("PROTECTED_PLACED", 2): {"xc3"},
    ("PROTECTED_FLIPPED", 1): {"xb4"},
    ("BLACK_DEFENDS", 0): {"b3", "c4"},
    ("BLACK_DEFENDS", 2): {"xc3"},
    ("SAME_FLIPS", 0): {"xd2"},
    ("SUPERKO", 0): {"xb5"},
    ("STREAK", 0): {"xa1", "xa5", "xb3"},
    ("THE_END", 1): {"xc2", "xb3"},
    ("THE_END", 2): {"xc2", "xb3"},
    ("THE_END", 3): {"xa1"},
    ("KOMI", 0): {"xb2", "xa3"},
    ("KOMI", 1): {"xb2", "xc3"},
    ("EIGHT_NEIGHBOURS", 0): {"xc3"},
}


def named_exercises():
    for name in ("PLACING", "CONVERTING", "PROTECTED_PLACED", "PROTECTED_FLIPPED", "BLACK_DEFENDS", "SAME_FLIPS",
                 "SUPERKO", "STREAK", "THE_END", "KOMI", "EIGHT_NEIGHBOURS"):
        scene = getattr(L, name)
        for k, ex in enumerate(scene.exercises):
            yield name, k, scene, ex


def test_every_move_exercise_accepts_exactly_its_right_answers():
    moves = {(name, k) for name, k, _, ex in named_exercises() if ex.kind == "move"}
    assert moves == set(RIGHT)
    for name, k, scene, ex in named_exercises():
        if ex.kind == "move":
            assert right_moves(scene, ex) == RIGHT[name, k], f"{name} #{k}: {ex.task}"
            assert str(exercise_start(scene, ex).parse(ex.solution[0])) in RIGHT[name, k]


def test_the_lesson_mixes_moves_and_choices_with_several_exercises_where_a_rule_has_cases():
    kinds = [ex.kind for _, _, _, ex in named_exercises()]
    assert kinds.count("choice") >= 8 and kinds.count("move") >= 15
    for name in ("CONVERTING", "PROTECTED_PLACED", "PROTECTED_FLIPPED", "BLACK_DEFENDS", "THE_END"):
        assert len(getattr(L, name).exercises) >= 2


def test_which_is_illegal_choices_have_one_refused_move_and_the_rules_say_why():
    for name, k, scene, ex in named_exercises():
        if ex.kind != "choice" or "illegal" not in ex.task:
            continue
        start = exercise_start(scene, ex)
        refused = [c for c in ex.choices if start.explain(c) is not None]
        assert refused == [ex.answer], f"{name} #{k}"
        assert ex.illegal == ex.answer and ex.solution == (ex.answer,)


def test_the_streak_choice_has_one_legal_move_and_the_same_move_choice_one_twin_of_xc3():
    [streak] = [ex for ex in L.STREAK.exercises if ex.kind == "choice"]
    start = exercise_start(L.STREAK, streak)
    assert [c for c in streak.choices if start.explain(c) is None] == [streak.answer] == ["e3"]
    assert all("streak rule" in start.explain(c) for c in streak.choices if c != "e3")
    [same] = [ex for ex in L.SAME_FLIPS.exercises if ex.kind == "choice"]
    start = exercise_start(L.SAME_FLIPS, same)
    board = lambda s: s.position_text().split()[0]  # noqa: E731
    twins = [c for c in same.choices if start.explain(c) is None and board(start.play(c)) == board(start.play("xc3"))]
    assert twins == [same.answer] == ["xd2"]


def test_each_case_of_protection_has_its_own_exercise():
    def refused_for_protection(scene, ex):
        start = exercise_start(scene, ex)
        return "protected" in (start.explain(ex.illegal) or "")

    # the stone placed last turn, the stones flipped last turn, in the final turns, at a corner with 8 neighbours
    for scene in (L.PROTECTED_PLACED, L.PROTECTED_FLIPPED, L.THE_END, L.EIGHT_NEIGHBOURS):
        assert sum(refused_for_protection(scene, ex) for ex in scene.exercises) >= 1, scene.title
    # protection lasts one turn: d3 was placed before the ringed e1, and may be flipped now
    once = L.PROTECTED_PLACED.exercises[2]
    start = exercise_start(L.PROTECTED_PLACED, once)
    assert start.protected == {"e1"} and start.stone("d3") == 1 and start.explain("xc3") is None
    # after a pass nothing is protected: the same board with a ring on c3 would refuse the winning move
    after_pass = L.THE_END.exercises[2]
    start = exercise_start(L.THE_END, after_pass)
    assert start.in_final_turns and not start.protected
    assert "protected" in start.game.position(after_pass.position.replace(" - ", " c3 ")).explain("xc2")
    # a new stone protects the group: the defence of the worked case
    defend = L.BLACK_DEFENDS.exercises[0]
    start = exercise_start(L.BLACK_DEFENDS, defend)
    assert start.protected == {"c3"} and not defend.check(start, start.play("d2"))


def test_defending_placements_work_because_the_new_stone_is_protected():
    ex = L.PROTECTED_PLACED.exercises[1]
    start = exercise_start(L.PROTECTED_PLACED, ex)
    end = start.play("d4")
    assert "protected" in end.explain("xd3")
    assert "xd3" in [str(m) for m in start.play("a1").moves()]
    assert ex.miss(start, start.play("a1")) == "After a1, White can still play xd3 and flip c3."


def test_misses_say_what_a_wrong_answer_did():
    placing = L.PLACING.exercises[0]
    start = exercise_start(L.PLACING, placing)
    assert placing.miss(start, start.play("d6")) == "d6 touches e5 only at a corner: a neighbour shares a side."
    assert placing.miss(start, start.play("a1")) == "a1 is not next to e5."
    convert = L.CONVERTING.exercises[0]
    start = exercise_start(L.CONVERTING, convert)
    assert convert.miss(start, start.play("xc1")) == "xc1 turns only 2 white stones black; the task asks for 3."
    assert "only a conversion" in convert.miss(start, start.play("a1"))
    end = L.THE_END.exercises[1]
    start = exercise_start(L.THE_END, end)
    assert end.miss(start, start.play("pass")) == "After pass, Black answers xd1 and the game ends: Black wins 10 to 6."
    komi = L.KOMI.exercises[1]
    start = exercise_start(L.KOMI, komi)
    assert komi.miss(start, start.play("xd1")) == "xd1 ends the game: White wins 8½ to 8."


def test_the_superko_exercise_is_the_end_of_the_scene_and_refuses_what_the_game_refused():
    ex = L.SUPERKO.exercises[0]
    start = exercise_start(L.SUPERKO, ex)
    last = L.SUPERKO.states()[-1]
    assert start.position_text() == last.position_text()
    assert "superko" in last.explain("xc1")                     # in the scene's game, superko forbids xc1
    assert start.explain("xc1") == last.explain("xc1")          # the exercise carries the scene's history
    assert ex.illegal == "xc1" and "superko" in start.explain(ex.illegal)
    assert {str(m) for m in start.moves() if ex.check(start, start.play(m))} == {"xb5"}


def test_exercise_sentences_name_who_moves_and_use_no_code_words():
    for name, k, scene, ex in named_exercises():
        assert re.search(r"\b(Black|White)('s final turn| to move| just)", ex.task), f"{name} #{k}: {ex.task}"
        for text in (ex.task, ex.why, ex.hint):
            assert not re.search(r"\b(None|True|False|def|self|mask|index)\b", text), text


def test_the_end_exercise_names_exactly_the_stones_xc3_converts():
    ex = L.THE_END.exercises[0]
    start = exercise_start(L.THE_END, ex)
    after = start.play("xc3")
    flipped = [c for c in start.game.names if start.stone(c) is not None and after.stone(c) != start.stone(c)]
    assert flipped == ["b3"] and "xc3 converts b3." in ex.why and "c4" not in ex.why


#: a list of cells as a sentence says it: "c2", "c2 and d3", "b3, c2 and d3"
CELLS = r"[a-h]\d(?:(?:, | and )[a-h]\d)*"


def cells_in(words):
    return set(re.findall(r"\b[a-h]\d\b", words))


def test_every_reason_a_legal_choice_is_given_names_the_stones_the_game_flips_and_protects():
    """"It flips only c2, which is not protected: only d3, ringed, is": the stones a conversion turns, read from
    the boards before and after it, and the stones the game protects; a placement is said to be one."""
    checked = 0
    for scene in L.SCENES:
        for ex in scene.exercises:
            if ex.kind != "choice":
                continue
            start = exercise_start(scene, ex)
            for choice in ex.choices:
                if choice == ex.answer or start.explain(choice) is not None:
                    continue
                reason, end = ex.why_not(start, choice), start.play(choice)
                turned = {c for c in xlib.core.grid_cell_names(start.game.options["size"])
                          if start.stone(c) is not None and end.stone(c) != start.stone(c)}
                if choice.startswith("x"):
                    flips = re.search(rf"(?:flips|touches \w+'s) (?:only )?({CELLS})", reason)
                    assert flips and cells_in(flips.group(1)) == turned, (choice, reason)
                else:
                    assert "places a stone" in reason and start.stone(choice) is None, (choice, reason)
                ringed = re.search(rf"only ({CELLS}), ringed", reason)
                if ringed:
                    assert cells_in(ringed.group(1)) == set(start.protected) and not turned & start.protected
                same = re.search(rf"; (x\w+) flips ({CELLS})\.", reason)
                if same:
                    twin = start.play(same.group(1))
                    assert cells_in(same.group(2)) == {c for c in start.game.names if twin.stone(c) != start.stone(c)
                                                       and start.stone(c) is not None}, (choice, reason)
                checked += 1
    assert checked >= 13
