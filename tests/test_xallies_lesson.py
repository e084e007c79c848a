"""The XAllies lesson's exercises mean what they say: every whole turn that solves a task does what its words
ask (read from the ledger, points and white pieces), the typical wrong turns do not, and each choice
exercise has exactly one choice that does what the task asks."""
import json
import re
from pathlib import Path

import pytest

from xlib.lessons import Scene, turn_over
from xlib.lessons import xallies as L


def whole_turns(start):
    """Every whole turn from `start` (the sowing and every order of drops): {notation: end state}."""
    out = {}

    def walk(s):
        if turn_over(start, s):
            out[s.turn_text] = s
            return
        for m in s.moves():
            walk(s.play(m))
    walk(start)
    return out


def exercise(scene, task_start):
    """The exercise of `scene` whose task starts with `task_start`, and its position."""
    [ex] = [e for e in scene.exercises if e.task.startswith(task_start)]
    return ex, ex.start(scene.game, scene.options)


def solving(scene, task_start):
    """The whole turns that solve the exercise, and those that do not."""
    ex, start = exercise(scene, task_start)
    turns = whole_turns(start)
    right = {t for t, end in turns.items() if ex.check(start, end)}
    return right, set(turns) - right


def new_claims(start, end):
    return end.ledger.claimed[len(start.ledger.claimed):]


def new_wastes(start, end):
    return end.ledger.wasted[len(start.ledger.wasted):]


# ---- move exercises: the right turns are exactly those that do what the task says -------------------
def test_a_white_piece_for_a_blue_piece_over_the_edge_of_the_region():
    right, wrong = solving(L.SETUP, "Blue to move: sow one of your wells")
    assert right == {"3+:bb", "2+:bb", "0-:bb", "1-:bb"}     # a blue piece lands in well 4 or well 11
    assert {"3-:bb", "0+:bb", "1+:bb"} <= wrong


def test_a_green_piece_into_purples_region_needs_the_counter_clockwise_direction():
    right, wrong = solving(L.DIRECTIONS, "Green to move")
    assert right == {"8-:gg", "9-:gg"} and {"8+:gg", "9+:gg"} <= wrong


def test_alliance_with_purple_or_with_green_depends_on_well_and_drop_order():
    right, wrong = solving(L.ALLIANCE, "Blue to move: make an alliance of blue and purple")
    assert right == {"2+:bb", "1+:bgb", "1+:gbb"} and "1+:bbg" in wrong   # green last into well 4 wastes it
    right, wrong = solving(L.ALLIANCE, "Blue to move: make an alliance of blue and green")
    assert right == {"0+:gbb", "1-:gbb"} and {"0+:bgb", "1-:bbg", "2+:bb"} <= wrong


def test_an_alliance_of_two_players_does_not_count_as_an_alliance_with_purple():
    ex, start = exercise(L.ALLIANCE, "Blue to move: make an alliance of blue and purple")
    end = start.play("0+:gbb")               # blue and green, not blue and purple
    assert [c.coalition for c in new_claims(start, end)] == [(0, 2)] and not ex.check(start, end)
    assert "Blue and green formed an alliance in well 1" in ex.miss(start, end)


def test_three_pairs_with_four_players():
    right, wrong = solving(L.THREE_PAIRS, "Green to move: make an alliance of three players")
    assert right == {"6+:g", "8-:ggg"}
    ex, start = exercise(L.THREE_PAIRS, "Green to move: make an alliance of three players")
    for turn in right:
        assert [len(c.coalition) for c in new_claims(start, start.play(turn))] == [3]
    right, wrong = solving(L.THREE_PAIRS, "Green to move: make an alliance that pays green and grey")
    assert "8+:ggg" in right and "8-:ggg" in wrong and "6+:g" in wrong


def test_an_alliance_that_pays_others_but_not_the_mover():
    right, wrong = solving(L.PAYS_OTHERS, "Green to move")
    assert right == {"8-:b"}
    ex, start = exercise(L.PAYS_OTHERS, "Green to move")
    end = start.play("8-")
    assert end.points == (3, 3, 0)               # blue and purple score, green who sowed does not
    assert "9-:ggg" in wrong and new_wastes(start, start.play("9-"))   # a green piece into well 7 wastes it


def test_sowing_without_waste_where_the_order_of_the_drops_decides():
    right, wrong = solving(L.WASTE, "Purple to move: sow without wasting")
    assert {"6+:pb", "6-:pb", "5+:pg", "5-:gp", "4+:pp", "7-:ppp"} <= right
    assert wrong == {"6+:bp", "6-:bp", "5+:gp", "5-:pg", "7+:ppp"}
    ex, start = exercise(L.WASTE, "Purple to move: sow without wasting")
    assert "well 8 was wasted" in ex.miss(start, start.play("7+"))


def test_a_white_piece_only_for_your_own_colour_over_the_edge():
    right, wrong = solving(L.WHITES, "Purple to move: take a white piece")
    assert right == {"4-:pb", "7+:pg"} and {"4-:bp", "7+:gp"} <= wrong


def test_when_the_supply_is_empty_only_an_alliance_pays():
    right, wrong = solving(L.EMPTY_SUPPLY, "The supply is empty")
    ex, start = exercise(L.EMPTY_SUPPLY, "The supply is empty")
    assert start.supply == 0
    for turn in right:
        assert new_claims(start, start.play(turn))
    crossing = start.play("0-:bbg")              # a blue piece into well 11: no white piece left to take
    assert "0-:bbg" in wrong and crossing.whites == start.whites and crossing.ledger.denied
    assert "the supply was empty" in ex.miss(start, crossing)


def test_three_white_pieces_from_an_unlimited_supply():
    right, wrong = solving(L.EMPTY_SUPPLY, "This class plays with an unlimited supply")
    ex, start = exercise(L.EMPTY_SUPPLY, "This class plays with an unlimited supply")
    assert start.supply is None
    # the purple piece may go anywhere but wells 4, 8 and 0, the first wells of the three regions
    assert right == {f"3+:{'b' * k}p{'b' * (8 - k)}" for k in (1, 2, 3, 5, 6, 7)}
    assert {"3+:pbbbbbbbb", "3+:bbbbpbbbb", "3+:bbbbbbbbp"} <= wrong


def test_the_last_black_piece_wins_only_through_an_alliance_with_green():
    right, wrong = solving(L.THE_END, "One black piece is left, in well 4. Each white piece")
    assert right == {"3+:bb", "2+:pbp"}
    ex, start = exercise(L.THE_END, "One black piece is left, in well 4. Each white piece")
    wasted = start.play("2+:bpp")
    assert wasted.over and wasted.winners == (1,) and "winner is purple" in ex.miss(start, wasted)
    assert "Play goes on" in ex.miss(start, start.play("0-"))
    # what the task says: white pieces count half a point each
    assert start.game.options["shooting"] == "expected" and start.game.skills[0] == 0.5


# ---- choice exercises: exactly one choice does what the task asks --------------------------------
CHOICE_TESTS = {
    "Blue has just sown. Purple": lambda start, end: end is not None,            # the only legal sowing
    "Blue to move. Which sowing drops": lambda start, end: end is not None and [
        end.well(w)[0][0] - start.well(w)[0][0] for w in (0, 11)] == [1, 1],
    "Blue to move. Which of these turns makes an alliance": lambda start, end: bool(new_claims(start, end)),
    "Blue to move. Which of these sowings pays purple and green": lambda start, end: any(
        c.coalition == (1, 2) for c in new_claims(start, end)) and end.points[0] == start.points[0],
    "Purple to move. Which of these sowings wastes": lambda start, end: bool(new_wastes(start, end)),
    "Blue to move. Which of these sowings earns": lambda start, end: end.whites[0] > start.whites[0],
    "One black piece is left, in well 4. Blue to move: which": lambda start, end: end.over,
}


def choice_exercises():
    for scene in L.SCENES:
        for ex in scene.exercises:
            if ex.kind == "choice":
                yield scene, ex


def test_every_choice_exercise_is_tested():
    tasks = [ex.task for _, ex in choice_exercises()]
    assert all(sum(t.startswith(k) for k in CHOICE_TESTS) == 1 for t in tasks)
    assert len(tasks) == len(CHOICE_TESTS)


@pytest.mark.parametrize("key", sorted(CHOICE_TESTS))
def test_exactly_the_answer_does_what_the_task_asks(key):
    [(scene, ex)] = [(s, e) for s, e in choice_exercises() if e.task.startswith(key)]
    start = ex.start(scene.game, scene.options)
    does = {}
    for choice in ex.choices:
        end = None if start.explain(choice) else start.play(choice)
        assert end is None or turn_over(start, end), f"{choice} is not a whole turn: the board could not show it"
        does[choice] = CHOICE_TESTS[key](start, end) if end is not None else False
    assert [c for c, ok in does.items() if ok] == [ex.answer]
    assert ex.solution == (ex.answer,)


# ---- every exercise -----------------------------------------------------------------------------
def all_exercises():
    for scene in L.SCENES:
        for ex in scene.exercises:
            yield scene, ex


def test_each_rule_has_its_exercises():
    counts = {scene.title: len(scene.exercises) for scene in L.SCENES}
    assert all(k >= 2 for k in counts.values()), counts
    alliances = [ex for s in (L.ALLIANCE, L.THREE_PAIRS, L.PAYS_OTHERS) for ex in s.exercises]
    assert len(alliances) >= 6


def test_tasks_name_who_is_to_move_and_speak_plain_words():
    for scene, ex in all_exercises():
        start = ex.start(scene.game, scene.options)
        mover = start.players[start.to_move].capitalize()
        assert mover in ex.task, ex.task
        for text in (ex.task, ex.why, ex.hint):
            for jargon in ("ledger", "coalition", "None", "denied", "True", "False"):
                assert jargon not in text, (ex.task, jargon)


def test_every_move_exercise_has_more_than_one_wrong_turn_and_a_miss_for_each():
    for scene, ex in all_exercises():
        if ex.kind == "choice":
            continue
        start = ex.start(scene.game, scene.options)
        wrong = [end for end in whole_turns(start).values() if not ex.check(start, end)]
        assert len(wrong) >= 2, ex.task
        assert ex.miss is not None
        for end in wrong:
            said = ex.miss(start, end)
            assert said.strip() and said[0].isupper() and said.endswith("."), said


def test_the_illegal_moves_are_refused_in_sentences():
    for scene, ex in all_exercises():
        reason = ex.start(scene.game, scene.options).explain(ex.illegal)
        assert reason and reason[0].isupper() and reason.endswith("."), (ex.illegal, reason)


def test_the_notebook_shows_every_scene_and_states_our_decisions_in_the_lessons_words():
    notebook = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "xallies.ipynb").read_text())
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    names = [name for name, value in vars(L).items() if isinstance(value, Scene)]
    assert len(names) == len(L.SCENES)
    assert all(f"Tutorial(lesson.{name}," in text or f"Tutorial(lesson.{name})" in text for name in names)
    assert all(decision in text for decision in L.DECISIONS)
    assert "None" not in text.split("## Our decisions")[1]



def test_your_turn_fits_every_step_of_the_set_up_scene():
    # "Your turn" may be pressed at any step, with blue, purple or green to move: the sentence names no colour
    movers = {s.players[s.to_move] for s in L.SETUP.states()}
    assert movers == {"blue", "purple", "green"}
    assert not any(name in L.SETUP.your_turn for name in movers)


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
COLOURS = ("blue", "purple", "green", "grey")


def wells_in(words):
    return [int(w) for w in re.findall(r"\d+", words)]


def test_every_reason_a_sowing_is_given_says_what_the_engine_sows():
    """Each wrong pick's reason names the drops in the engine's order (colours and wells), what the wells then
    hold, and what the turn did to black and white pieces, as the engine plays that sowing."""
    checked = 0
    for scene, ex in all_exercises():
        if ex.kind != "choice":
            continue
        start = ex.start(scene.game, scene.options)
        for choice in ex.choices:
            if choice == ex.answer or start.explain(choice) is not None:
                continue
            reason, end = ex.why_not(start, choice), start.play(choice)
            drops = [(COLOURS[d.colour], d.well) for d in start.sowing(choice)]
            one = re.search(r"[Tt]he (?:(\w+) )?(\w+) pieces? drops? into wells? (\d+(?:(?:, | and )\d+)*)\b", reason)
            each = re.search(r"it drops (.+?)\.", reason)
            assert one or each, (choice, reason)
            if one:
                count, colour, wells = one.groups()
                assert [(colour, w) for w in wells_in(wells)] == drops, (choice, reason)
                assert count in (None, "piece") or NUMBER_WORDS[count] == len(drops), (choice, reason)
            else:
                assert re.findall(r"(\w+) into well (\d+)", each.group(1)) == [(c, str(w)) for c, w in drops]
            held = reason.split("Afterwards ")[1].split(":")[0] if "Afterwards " in reason else ""
            for item in filter(None, re.split(r",\s*| and (?=well)", held)):
                well, colours = re.fullmatch(r"well (\d+) (?:holds )?(.+)", item).groups()
                counts, _ = end.well(int(well))
                assert set(re.findall(r"\w+", colours)) - {"with", "and", "alone"} == \
                    {COLOURS[c] for c, k in enumerate(counts) if k}, (choice, reason)
            wasted = {w.well for w in end.ledger.wasted} - {w.well for w in start.ledger.wasted}
            for well in re.findall(r"[Tt]he black piece of well (\d+) (?:is wasted|stays)", reason):
                assert (int(well) in wasted) == ("wasted" in reason) and (end.well(int(well))[1] or int(well) in wasted)
            for well in re.findall(r"Well (\d+) gets every player's colour", reason):
                assert int(well) in wasted, (choice, reason)
            if "nothing is wasted" in reason or "no alliance is made" in reason:
                assert not (len(end.ledger.claimed) > len(start.ledger.claimed)), (choice, reason)
            if "nothing is wasted" in reason:
                assert not wasted, (choice, reason)
            if "takes no white piece" in reason:
                assert end.whites == start.whites, (choice, reason)
            checked += 1
    assert checked >= 12
