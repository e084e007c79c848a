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
