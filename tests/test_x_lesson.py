"""The X lesson: every scene plays and shows the rule it names, on the position its sentences describe."""
import re

import pytest

from xlib.lessons import x as L

RED, YELLOW, GREEN = 0, 1, 2
SENTENCE_ROOM = 200   # characters the tutorial shows in its two-line sentence box, "(Next plays c3.)" included


def states(scene):
    return scene.states()


def empty_cells(state):
    return sum(state.stone(c) is None for c in state.game.names)


def test_every_scene_plays_ends_with_your_turn_and_fits_the_sentence_box():
    titles = [s.title for s in L.SCENES]
    assert len(set(titles)) == len(titles)
    for scene in L.SCENES:
        assert len(states(scene)) == len(scene.moves) + 1
        assert scene.your_turn.startswith("Your turn")
        assert scene.title in scene.transcript()
        for k, text in enumerate(scene.sentences):
            suffix = len(f" (Next plays {scene.moves[k]}.)") if k < len(scene.moves) else 0
            assert len(text) + suffix <= SENTENCE_ROOM, (scene.title, k)
        assert len(scene.your_turn) <= SENTENCE_ROOM


def test_turns_go_red_yellow_green_and_round_again_one_stone_each():
    first, *_, last = states(L.TURNS)
    assert first.ply == 0 and first.to_move == RED and empty_cells(first) == 36
    assert [last.stone(c) for c in ("c3", "d4", "b4")] == [RED, YELLOW, GREEN]
    assert last.to_move == RED and empty_cells(last) == 33
    assert last.explain("c3") is not None  # an occupied cell is no move


def test_groups_join_stones_of_one_colour_edge_to_edge_only():
    before, joined, yellow = states(L.GROUPS)
    assert before.group("b3") == ["b3"] and before.group("d3") == ["d3"]
    assert sorted(joined.group("c3")) == ["b3", "c3", "d3"]
    assert sorted(yellow.group("d2")) == ["c2", "d2"]          # d2 touches Red's c3 and d3 but does not join them
    assert sorted(yellow.group("c3")) == ["b3", "c3", "d3"]


def test_a_group_touching_both_sides_of_a_corner_owns_it():
    before, red, yellow = states(L.CONNECT)
    assert before.corners["a1"] is None
    assert red.corners["a1"] == RED and red.scores == (1, 0, 0)
    assert yellow.corners["f6"] == YELLOW and yellow.scores == (1, 1, 0)


def test_the_outermost_of_two_connecting_groups_owns_the_corner():
    before, red, inside = states(L.OUTERMOST)
    assert before.corners["a1"] == YELLOW
    assert red.corners["a1"] == RED
    yellow = set(red.group("a2"))
    assert {"b1", "a2"} <= yellow                               # Yellow still connects a1, closer in
    assert inside.corners["a1"] == RED and "b2" in inside.group("a2")
    assert not any(inside.decided.values())                     # a path farther out could still take it back


def test_a_corner_stone_owns_its_corner_until_it_is_surrounded():
    before, red, _, green = states(L.CORNER_CELL)
    assert before.corners["f1"] is None
    assert red.corners["f1"] == RED and red.group("f1") == ["f1"]
    assert green.corners["f1"] == GREEN and green.stone("f1") == RED


def test_decided_corners_lock_and_the_game_ends_when_all_four_are():
    start, _, walls, end = states(L.DECIDED)
    assert start.decided == {"a1": True, "i1": False, "a9": False, "i9": False}
    assert start.corners["a9"] == RED and not start.over
    assert walls.final_corners == {"a1": YELLOW, "i1": None, "a9": RED, "i9": GREEN}
    assert end.over and all(end.decided.values()) and end.stone("i1") == RED
    assert end.scores == (2, 1, 1) and end.winners == (RED,)
    assert f"{empty_cells(end)} cells empty" in L.DECIDED.sentences[-1]


@pytest.mark.parametrize("scene, scores, winner", [
    (L.WIN_400, (4, 0, 0), RED), (L.WIN_310, (3, 1, 0), RED), (L.WIN_211, (2, 1, 1), RED),
    (L.WIN_022, (0, 2, 2), RED), (L.WIN_220, (2, 2, 0), GREEN)])
def test_each_winner_scene_ends_with_the_score_it_teaches(scene, scores, winner):
    before, end = states(scene)
    assert not before.over and end.over and all(end.decided.values())
    assert end.scores == scores and end.winners == (winner,)
    assert "-".join(map(str, scores)) in scene.title + scene.sentences[-1]
    assert empty_cells(end) > 0                                   # each ends early, before the board is full
    numbers = re.findall(r"(\d+) cells empty", scene.sentences[-1])
    assert numbers in ([], [str(empty_cells(end))])


def test_the_winner_scenes_redraw_the_rule_sheets_figures():
    adjacent = {frozenset(p) for p in (("a1", "i1"), ("a1", "a9"), ("i1", "i9"), ("a9", "i9"))}
    end = states(L.WIN_211)[-1]
    assert frozenset(c for c, o in end.corners.items() if o == RED) in adjacent          # Figure 4
    end = states(L.WIN_022)[-1]
    for p in (YELLOW, GREEN):                                                            # Figure 6
        assert frozenset(c for c, o in end.corners.items() if o == p) in adjacent
    end = states(L.WIN_220)[-1]
    for p in (RED, YELLOW):                                                              # like Figure 7
        assert frozenset(c for c, o in end.corners.items() if o == p) not in adjacent
    start, end = states(L.DECIDED)[-2:]                                                  # Figure 5
    assert start.corners["i1"] is None and end.final_corners["i1"] == RED and end.group("i1") == ["i1"]


def test_no_draws_a_full_board_gives_every_corner_an_owner_and_one_winner():
    before, end = states(L.NO_DRAWS)
    assert empty_cells(before) == 1 and before.corners["a1"] is None
    assert empty_cells(end) == 0 and end.over and None not in end.corners.values()
    assert sum(end.scores) == 4 and end.winners == (RED,) and end.scores == (2, 1, 1)


def test_decisions_name_our_choices_and_the_option_that_changes_them():
    text = " ".join(L.DECISIONS)
    assert "(ours" in text and "Board size" in text and "6 for a quick game" in text
    assert "decided" in text
    assert "Mark Steere" in L.CREDIT


# ---- the exercises mean what they say ------------------------------------------------------------------
NAMES = ("Red", "Yellow", "Green")
#: every move that solves each move exercise (one stone is a whole turn in X): the goal accepts each of them
RIGHT_MOVES = {
    ("TURNS", 0): {"b3", "c2", "d2", "d3", "c4"},
    ("GROUPS", 0): {"c3"},
    ("GROUPS", 1): {"c3", "d3", "d4"},
    ("CONNECT", 0): {"a1", "a3", "a4"},
    ("CONNECT", 1): {"d6", "e6"},
    ("CONNECT", 2): {"f1", "f2"},
    ("OUTERMOST", 0): {"d3"},
    ("OUTERMOST", 1): {"b2"},
    ("OUTERMOST", 2): {"a6"},
    ("CORNER_CELL", 0): {"a1", "f1", "a6", "f6"},
    ("CORNER_CELL", 1): {"b5"},
    ("CORNER_CELL", 2): {"f2"},
    ("DECIDED", 0): {"f3"},
    ("DECIDED", 1): {"a5", "b5"},
    ("WIN_400", 0): {"d3"},
    ("WIN_211", 0): {"f6"},
    ("WIN_220", 1): {"e5"},
}
SCENE_NAMES = {id(getattr(L, name)): name for name in ("TURNS", "GROUPS", "CONNECT", "OUTERMOST", "CORNER_CELL",
                                                       "DECIDED", "WIN_400", "WIN_310", "WIN_211", "WIN_022",
                                                       "WIN_220", "NO_DRAWS")}


def exercise_list():
    return [(scene, k, ex) for scene in L.SCENES for k, ex in enumerate(scene.exercises)]


def start_of(scene, k):
    return scene.exercises[k].start(scene.game, scene.options)


def test_every_move_exercise_accepts_exactly_its_right_moves():
    moves = {(SCENE_NAMES[id(scene)], k) for scene, k, ex in exercise_list() if ex.kind == "move"}
    assert moves == set(RIGHT_MOVES)
    for (name, k), right in RIGHT_MOVES.items():
        scene = getattr(L, name)
        ex, start = scene.exercises[k], start_of(scene, k)
        solving = {str(m) for m in start.moves() if ex.check(start, start.play(m))}
        assert solving == right, (name, k, solving)
        assert len(ex.solution) == 1 and ex.solution[0] in right


def test_every_exercise_position_could_arise_in_play_and_names_who_moves():
    """Red, Yellow, Green in turn: the colour to move tells how many stones each colour has."""
    for scene, k, ex in exercise_list():
        start = start_of(scene, k)
        counts = [sum(start.stone(c) == p for c in start.game.names) for p in range(3)]
        mover = start.to_move
        assert counts == [counts[0] - (0 < mover <= p) for p in range(3)], (scene.title, k, counts)
        if ex.kind == "move":
            assert ex.task.startswith(f"{NAMES[start.to_move]} to move:"), ex.task
        text = ex.task + ex.why + ex.hint
        assert not re.search(r"\b(None|True|False|index|state)\b", text), text
        assert start.explain(ex.illegal) is not None


def test_who_would_win_questions_match_the_position_after_their_move():
    asked = 0
    for scene, k, ex in exercise_list():
        if ex.kind != "choice" or ex.choices != NAMES:
            continue
        start, asked = start_of(scene, k), asked + 1
        after = ex.solution_end(start)
        scores = ("-".join(map(str, after.scores)), "-".join(map(str, sorted(after.scores, reverse=True))))
        assert any(score in ex.why for score in scores), scene.title   # Red-Yellow-Green, or largest first
        assert L.leader(after) == NAMES.index(ex.answer), scene.title
        assert L.leader(start) != L.leader(after)       # the board's score line before the move does not give it away
    assert asked == 4


def test_the_winner_exercises_reach_the_scores_their_scenes_teach():
    for scene, k, score in ((L.WIN_310, 0, (1, 0, 3)), (L.WIN_211, 0, (1, 2, 1)), (L.WIN_022, 0, (0, 2, 2)),
                            (L.WIN_220, 0, (2, 2, 0)), (L.WIN_220, 1, (3, 1, 0)), (L.WIN_400, 0, (4, 0, 0))):
        assert scene.exercises[k].solution_end(start_of(scene, k)).scores == score, scene.title
    start = start_of(L.WIN_220, 1)
    assert start.scores == (2, 2, 0) and L.leader(start) == GREEN       # Green leads with none before Red's move
    assert start_of(L.WIN_211, 0).scores == (1, 1, 1) and L.leader(start_of(L.WIN_211, 0)) is None


def test_no_draws_question_full_board_counts_add_up_to_four_and_only_the_answer_does_not():
    ex = L.NO_DRAWS.exercises[1]
    for choice in ex.choices:
        counts = tuple(int(c) for c in choice.split("-"))
        full_board = sum(counts) == 4
        assert full_board == (choice != ex.answer)
        if full_board:
            assert any(counts.count(c) == 1 for c in counts)          # a count nobody shares: a winner
    end = ex.solution_end(start_of(L.NO_DRAWS, 1))
    assert end.over and sum(end.scores) == 4


def test_typical_wrong_moves_are_answered_in_the_exercises_words():
    def after(scene, k, move):
        ex, start = scene.exercises[k], start_of(scene, k)
        end = start.play(move)
        assert not ex.check(start, end)
        return ex.miss(start, end)

    assert "inside Yellow's" in after(L.OUTERMOST, 1, "a1")           # the corner cell inside another's group
    assert "corner cell" in after(L.CONNECT, 1, "f6")
    assert "a6" in after(L.OUTERMOST, 2, "c5")                         # Yellow's reply that still takes a1
    assert "f2" in after(L.CORNER_CELL, 2, "e3")
    assert "still Red's" in after(L.OUTERMOST, 0, "c3")
    assert "for now" in after(L.DECIDED, 0, "a1")                      # f6 Green's, but not decided
    assert "Green leads" in after(L.WIN_220, 1, "a5")
    assert "does not share an edge" in after(L.TURNS, 0, "f6")


def test_a_corner_stone_inside_a_wall_does_not_take_the_corner():
    start = start_of(L.OUTERMOST, 1)
    end = start.play("a1")
    assert end.corners["a1"] == YELLOW and end.stone("a1") == RED


def test_every_reason_a_wrong_choice_is_given_is_true_after_its_move():
    """The counts a who-wins reason gives are the game's after the move, the count it calls shared is shared and
    the larger one is the winner's; a cell said to be empty is, and a corner said taken is the mover's after it."""
    checked = 0
    for scene, k, ex in exercise_list():
        if ex.kind != "choice":
            continue
        start = start_of(scene, k)
        for choice in ex.choices:
            if choice == ex.answer or choice in ex.reasons:
                continue
            reason = ex.why_not(start, choice)
            counts = re.search(r"After (\w+) the corners are Red (\d), Yellow (\d), Green (\d)", reason)
            if counts:
                after = start.play(counts.group(1))
                assert tuple(int(c) for c in counts.groups()[1:]) == tuple(after.scores), reason
                p = NAMES.index(choice)
                shared = re.search(rf"{choice}'s (\d) is shared with (\w+)'s", reason)
                larger = re.search(r"but (\w+)'s (\d) is larger and nobody shares it", reason)
                assert shared or larger, reason
                if shared:
                    assert after.scores[NAMES.index(shared.group(2))] == after.scores[p] == int(shared.group(1))
                else:
                    assert list(after.scores).count(after.scores[p]) == 1
                    assert L.leader(after) == NAMES.index(larger.group(1)) and after.scores[p] < int(larger.group(2))
            elif "The cell is empty" in reason:
                assert start.stone(choice) is None, reason
                for corner in re.findall(r"takes corner (\w+)", reason):
                    assert start.play(choice).corners[corner] == start.to_move != start.corners[corner], reason
            else:
                assert start.explain(choice), (choice, reason)      # the rules refuse it, and say why
            checked += 1
    assert checked >= 11
