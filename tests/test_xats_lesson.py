"""The XATS lesson: every scripted move is legal and each scene shows the rule its sentences state."""
import json
from pathlib import Path

from xlib.games.xats import FLIPPABLE, SPIKES, Destroy, Play, edges, spikes
from xlib.lessons import Scene
from xlib.lessons import xats as L


def steps(scene):
    return scene.states()


def plays(state):
    return [m for m in state.moves() if isinstance(m, Play)]


def stacked(state):
    return [m for m in plays(state) if m.stack is not None]


def test_every_scene_plays_through_and_ends_with_the_students_turn():
    assert len(L.SCENES) == 9
    for scene in L.SCENES:
        assert len(steps(scene)) == len(scene.moves) + 1 and scene.title in scene.transcript()
        assert scene.your_turn.startswith("Your turn")
    assert all(sentence.strip() for sentence in L.DECISIONS)


def test_the_13_tiles_one_pattern_each_and_tile_8_the_only_one_whose_mirror_differs():
    start, after = steps(L.TILES)
    assert [spikes(t) for t in range(1, 14)] == [0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6]
    assert start.reserve(0) == start.reserve(1) == tuple(range(1, 14))

    def turns(tile, flip):
        return {edges(tile, r, flip) for r in range(6)}
    mirrored = [t for t in SPIKES if turns(t, True) != turns(t, False)]
    assert mirrored == [FLIPPABLE] == [8]
    assert after.stacks == [("s1", [(13, "white")])]
    assert len(stacked(after)) == 12   # every red tile fits on tile 13


def test_fewer_spikes_and_every_spike_on_a_spike():
    start, after_white, after_red = steps(L.FIT)
    assert start.stacks[1] == ("s2", [(12, "white"), (7, "red")]) and spikes(3) < spikes(7) and "does not fit" in start.explain("3>s2")
    for state, stack, level in ((after_white, "s1", 2), (after_red, "s1", 3)):
        tile, _ = state.stacks[0][1][level]
        below, _ = state.stacks[0][1][level - 1]
        laid = edges(tile, *state.orientation(stack, level))
        under = edges(below, *state.orientation(stack, level - 1))
        assert laid <= under and len(laid) < len(under)
    assert after_white.explain("3>s1") is not None and after_white.explain("5>s1") is not None  # not on a tripod


def test_you_must_stack_when_you_can_and_destroy_stays_allowed():
    start, mid, end = steps(L.MUST)
    assert stacked(start) == ["3>s1"] and plays(start) == ["3>s1"]
    assert "must stack" in start.explain("13")
    assert any(isinstance(m, Destroy) for m in start.moves())
    assert stacked(mid) == ["1>s1", "1>s2"] and end.stacks[1][1][-1] == (1, "red")


def test_a_new_stack_only_when_nothing_fits():
    start, after_white, after_red = steps(L.NEW_STACK)
    assert not stacked(start)
    assert {m.tile for m in plays(start)} == set(start.reserve(0))
    assert after_white.stacks[-1] == ("s4", [(13, "white")])
    assert "must stack" in after_white.explain("3")
    assert after_red.stacks[-1] == ("s4", [(13, "white"), (11, "red")])


def test_destroy_sends_every_tile_home_and_discards_the_spent_tile():
    start, end = steps(L.DESTROY)
    assert len(start.stacks[0][1]) == 3 and {6, 8} <= set(start.reserve(0))
    assert "s1" not in [name for name, _ in end.stacks]
    assert {9, 13} <= set(end.reserve(0)) and 12 in end.reserve(1)
    assert 6 not in end.reserve(0) and (6, 0) in end.discarded


def test_the_discarded_tile_never_returns_so_a_destroy_can_win():
    start, end = steps(L.DISCARD)
    assert (len(start.reserve(0)), start.top_spikes(0)) == (5, 4)
    assert end.winners == (0,) and len(end.reserve(0)) == end.top_spikes(0) == 4
    assert 2 not in end.reserve(0) and (2, 0) in end.discarded and 11 in end.reserve(1)


def test_winning_at_the_end_of_your_turn_the_seeds_example():
    start, end = steps(L.WIN)
    assert start.game.n == 3 and start.players[start.to_move] == "blue"
    assert max(spikes(tiles[-1][0]) for _, tiles in start.stack_list) == 1 and 1 not in start.reserve(1)
    assert not stacked(start)
    assert (len(start.reserve(1)), start.top_spikes(1)) == (6, 1)
    assert spikes(end.last_move.tile) == 4
    assert end.winners == (1,) and (len(end.reserve(1)), end.top_spikes(1)) == (5, 5)


def test_losing_when_a_turn_ends_with_no_tiles_and_no_win():
    start, end = steps(L.LOSE)
    assert start.reserve(0) == (1,)
    assert not [m for m in start.moves() if start.play(m).winners == (0,)]   # no move saves White
    assert end.reserve(0) == () and end.top_spikes(0) == 3
    assert end.over and end.winners == (1,)                                  # at once, not a turn later


def test_three_players_the_loser_leaves_and_the_rotation_skips_them():
    start, out, blue, red = steps(L.ELIMINATION)
    assert start.game.n == 3 and start.active == (True, True, True)
    assert out.active == (False, True, True) and not out.over and out.to_move == 1
    assert [name for name, _ in out.stacks] == [name for name, _ in start.stacks]   # White's tiles stay
    assert red.to_move == 1 and not red.over


def test_the_notebook_shows_every_scene_and_states_our_decisions_in_the_lessons_words():
    notebook = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "xats.ipynb").read_text())
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    names = [name for name, value in vars(L).items() if isinstance(value, Scene)]
    assert len(names) == len(L.SCENES)
    assert all(f"Tutorial(lesson.{name}" in text for name in names)
    assert all(decision in text for decision in L.DECISIONS)
    assert 'Board("xats"' in text and "scene.transcript()" in text
