"""The XATS lesson: every scripted move is legal and each scene shows the rule its sentences state."""
import json
import re
from pathlib import Path

import pytest

import xlib
from xlib.games.xats import FLIPPABLE, SPIKES, Destroy, Play, edges, fit_orientation, orientations, spikes
from xlib.lessons import Scene, mover_wins
from xlib.lessons import xats as L


def steps(scene):
    return scene.states()


def plays(state):
    return [m for m in state.moves() if isinstance(m, Play)]


def stacked(state):
    return [m for m in plays(state) if m.stack is not None]


def test_every_scene_plays_through_and_ends_with_the_students_turn():
    assert len(L.SCENES) == 14
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
    assert 'Board("xats"' in text and "rules_text(lesson)" in text


def wins(state, move):
    return state.play(move).winners == (state.to_move,)


def test_no_scripted_move_passes_up_a_win():
    for scene in L.SCENES:
        for state, move in zip(scene.states(), scene.moves):
            winning = [str(m) for m in state.moves() if wins(state, m)]
            assert not winning or move in winning, (scene.title, move, winning)


def test_tile_8_may_lie_either_side_up_and_the_side_never_decides_whether_it_fits():
    start, after_white, after_red = steps(L.FLIP)
    assert [t for t in (6, 7, 8) if start.explain(f"{t}>s1") is None] == [8]     # on tile 11 only tile 8
    top = start.stack_list[0][1][-1]
    under = edges(top[0], top[2], top[3])
    assert any(edges(8, r, True) <= under for r in range(6)) and any(edges(8, r, False) <= under for r in range(6))
    # every tile tile 8 can go on looks the same in a mirror, so both sides fit or neither does
    for below in (t for t in SPIKES if spikes(t) > 3):
        for r, f in orientations(below):
            laid = edges(below, r, f)
            assert any(edges(8, k, False) <= laid for k in range(6)) == any(edges(8, k, True) <= laid for k in range(6))
    assert after_white.stacks[0][1][-1] == (8, "white") and after_red.stacks[0][1][-1] == (5, "red")
    assert fit_orientation(8, 11, 0, False) is not None


def test_destroying_stays_allowed_while_a_tile_must_be_stacked():
    start, end = steps(L.DESTROY_MUST)
    assert stacked(start) and "must stack" in start.explain("6") and "must stack" in start.explain("11")
    assert isinstance(start.parse("s2x3"), Destroy) and start.explain("s2x3") is None
    assert end.winners == (0,) and len(end.reserve(0)) == end.top_spikes(0) == 2
    assert {12, 9} <= set(end.reserve(1))


def test_a_destroyed_stacks_name_is_never_given_again():
    start, destroyed, started = steps(L.NAMES)
    assert [name for name, _ in start.stacks] == ["s1", "s2", "s3"]
    assert [name for name, _ in destroyed.stacks] == ["s1", "s3"] and not stacked(destroyed)
    assert [name for name, _ in started.stacks] == ["s1", "s3", "s4"] and "next 5" in started.position_text()
    assert started.explain("8>s2") == "There is no stack s2 on the table."


def test_an_out_players_tiles_go_home_on_a_destroy_but_the_player_stays_out():
    start, destroyed, red = steps(L.OUT_TILES)
    assert start.game.n == 3 and start.active == (False, True, True) and start.reserve(0) == ()
    assert destroyed.reserve(0) == (9, 12) and destroyed.active[0] is False and destroyed.to_move == 2
    assert red.to_move == 1 and not red.over                       # White's seat is skipped, tiles or not
    assert (4, 1) in destroyed.discarded


def test_only_the_player_whose_turn_ends_can_win_by_the_count():
    start, after_white, after_red = steps(L.WHOSE_TURN)
    assert start.top_spikes(1) == len(start.reserve(1)) == 2 and not start.over and start.to_move == 0
    assert not [m for m in start.moves() if wins(start, m)]                      # White cannot win here
    assert after_white.top_spikes(1) == len(after_white.reserve(1)) == 2 and not after_white.over
    assert after_red.winners == (1,) and after_red.top_spikes(1) == len(after_red.reserve(1)) == 1
    # the first exercise: White's winning move leaves Red's count equal too, and only White wins
    ex = L.WHOSE_TURN.exercises[0]
    s = ex.start("xats")
    end = s.play("1>s3")
    assert end.winners == (0,) and end.top_spikes(1) == len(end.reserve(1))


def test_the_new_stack_and_elimination_scenes_show_no_missed_wins_after_their_fix():
    assert not [m for m in L.NEW_STACK.start().moves() if wins(L.NEW_STACK.start(), m)]
    red = L.ELIMINATION.states()[2]
    assert not [m for m in red.moves() if wins(red, m)]


# ---- the exercises mean what they say ---------------------------------------------------------------
def all_exercises():
    for scene in L.SCENES:
        for ex in scene.exercises:
            yield scene, ex


def legal(state, move):
    return state.explain(move) is None


def loses(state, move):
    end = state.play(move)
    return not end.active[state.to_move]


#: what only the answer of a choice exercise does, by words of its task
CHOICE_KINDS = {
    "against the rules": lambda s, c: not legal(s, c),
    "wins at once": lambda s, c: legal(s, c) and wins(s, c),
    "loses at once": lambda s, c: legal(s, c) and loses(s, c),
    "out of the game": lambda s, c: legal(s, c) and loses(s, c),
    "destroys s2": lambda s, c: legal(s, c) and isinstance(s.parse(c), Destroy),
    "puts tile 8 on it": lambda s, c: legal(s, c),
}


def test_every_choice_exercise_has_one_choice_that_does_what_its_task_asks():
    for scene, ex in all_exercises():
        if ex.kind != "choice":
            continue
        s = ex.start(scene.game, scene.options)
        kind = [f for words, f in CHOICE_KINDS.items() if words in ex.task]
        assert len(kind) == 1, ex.task
        assert [c for c in ex.choices if kind[0](s, c)] == [ex.answer], ex.task


def test_every_win_exercise_is_solved_exactly_by_the_moves_that_end_with_an_equal_count():
    found = 0
    for scene, ex in all_exercises():
        if ex.goal is mover_wins:
            assert "win" in ex.task.lower()
            found += 1
            s = ex.start(scene.game, scene.options)
            p = s.to_move
            for m in s.moves():
                end = s.play(m)
                equal = end.top_spikes(p) == len(end.reserve(p))
                assert ex.check(s, end) == (equal and end.over), (ex.task, str(m))
            assert ex.miss is not None
            for m in s.moves():
                end = s.play(m)
                if not ex.check(s, end):
                    said = ex.miss(s, end)
                    assert ("not equal" in said) if end.active[p] else ("no tiles and no win" in said), said
    assert found >= 7


def test_staying_in_needs_a_destroy_that_sends_a_tile_of_yours_home():
    for scene in (L.LOSE, L.ELIMINATION):
        ex = scene.exercises[0]
        s = ex.start(scene.game, scene.options)
        assert "one tile left" in ex.task and s.reserve(s.to_move) == (2,)
        assert ex.check(s, s.play("s1x2")) and ex.check(s, s.play("s5x2"))
        assert not ex.check(s, s.play("s4x2"))                        # a stack with no tile of yours
        assert not any(ex.check(s, s.play(m)) for m in s.moves() if isinstance(m, Play))


def test_the_must_stack_exercises_count_only_stacking_and_refuse_a_new_stack():
    ex = L.MUST.exercises[0]
    s = ex.start("xats")
    assert [str(m) for m in s.moves() if ex.check(s, s.play(m))] == ["3>s1"]
    assert "must stack" in s.explain(ex.illegal)
    red = L.MUST.exercises[2]
    s = red.start("xats")
    assert not any(red.check(s, s.play(m)) for m in s.moves() if isinstance(m, Destroy))


def test_the_exercise_that_stops_reds_win_is_solved_only_by_moves_after_which_red_cannot_win():
    ex = L.WHOSE_TURN.exercises[2]
    s = ex.start("xats")
    for m in s.moves():
        end = s.play(m)
        red_wins = [x for x in end.moves() if wins(end, x)]
        assert ex.check(s, end) == (not red_wins), str(m)
    assert "2>s1" in ex.miss(s, s.play("5>s2"))


def test_the_destroy_exercises_send_tiles_where_they_say():
    home = L.DESTROY.exercises[0]
    s = home.start("xats")
    assert {str(m) for m in s.moves() if home.check(s, s.play(m))} == {"s1x6", "s1x8"}
    mine = L.DESTROY.exercises[2]
    s = mine.start("xats")
    assert {str(m) for m in s.moves() if mine.check(s, s.play(m))} == {"s1x7", "s1x8"}
    assert not mine.check(s, s.play("s2x7")) and 12 in s.play("s2x7").reserve(1)
    out = L.OUT_TILES.exercises[1]
    s = out.start("xats", L.OUT_TILES.options)
    assert {str(m) for m in s.moves() if out.check(s, s.play(m))} == {"s3x7", "s3x8"}
    assert 13 in s.play("s3x7").reserve(0) and not s.play("s3x7").active[0]


def test_the_tile_exercises_ask_for_spikes_and_fit():
    three, most = L.TILES.exercises
    s = three.start("xats")
    assert {str(m) for m in s.moves() if three.check(s, s.play(m))} == {"6>s1", "7>s1", "8>s1"}
    assert "Tile 2 has 1 spike, not three." == three.miss(s, s.play("2>s1"))
    on_tripod = L.FIT.exercises[1]
    s = on_tripod.start("xats")
    assert {m.tile for m in s.moves() if on_tripod.check(s, s.play(m))} == {1, 2, 4}


def test_no_exercise_or_sentence_says_reserve_to_a_student():
    for scene in L.SCENES:
        words = " ".join(scene.sentences + [scene.your_turn])
        words += " ".join(ex.task + ex.why + ex.hint for ex in scene.exercises)
        assert "reserve" not in words.lower(), scene.title


@pytest.mark.parametrize("players", [2, 3])
def test_a_lost_players_miss_says_loses_or_is_out(players):
    scene = L.LOSE if players == 2 else L.ELIMINATION
    ex = scene.exercises[0]
    s = ex.start(scene.game, scene.options)
    assert ex.miss(s, s.play("2>s2")).endswith("loses." if players == 2 else "is out.")
    assert xlib.game("xats", players=players) is not None


def lesson_texts():
    """Every sentence the lesson shows: the scenes', and each exercise's task, reason, hint and reasons."""
    for scene in L.SCENES:
        yield from scene.sentences + [scene.your_turn]
        for ex in scene.exercises:
            yield from [ex.task, ex.why, ex.hint, *ex.reasons.values()]


def test_every_claim_about_turning_one_tile_over_another_is_true_of_the_tiles():
    """A gap of tile U that no turn of tile T covers, or a spike of T over a gap of U however T is turned: checked
    on the tiles' spikes, every way T can lie (a gap is an edge with no spike)."""
    def gaps(tile):
        return set(range(6)) - edges(tile)

    def never_covered(under, tile):   # some gap of `under` that no turn of `tile` puts a spike over
        return any(all(g not in edges(tile, r, f) for r, f in orientations(tile)) for g in gaps(under))

    def always_over_a_gap(tile, under):
        return all(edges(tile, r, f) & gaps(under) for r, f in orientations(tile))

    said = 0
    for text in lesson_texts():
        for m in re.finditer(r"tile (\d+) has a gap that no turn of tile (\d+) covers", text):
            assert never_covered(int(m.group(1)), int(m.group(2))), text
            said += 1
        for m in re.finditer(r"however tile (\d+) is turned, one of its spikes lies over a gap of tile (\d+)", text):
            assert always_over_a_gap(int(m.group(1)), int(m.group(2))), text
            said += 1
    assert said, "the tile 8 exercise says why tile 7 does not fit on tile 11"
    assert always_over_a_gap(7, 11) and not never_covered(11, 7)
    assert fit_orientation(7, 11, 0, False) is None


def test_every_reason_a_legal_choice_is_given_is_true_of_the_trays_and_stacks():
    """Each worked-out reason's claims, checked on the position: the tile is in the tray and has the spikes said,
    fewer than the top tile named, and fits (either side up only where both sides fit); a stack's height; that no
    tile fits anywhere; a count after the move; the tiles a destroy sends home."""
    checked = 0
    for scene, ex in all_exercises():
        if ex.kind != "choice":
            continue
        s = ex.start(scene.game, scene.options)
        p, name = s.to_move, s.players[s.to_move].capitalize()
        tops = {stack: tiles[-1][0] for stack, tiles in s.stacks}
        for choice in ex.choices:
            if choice == ex.answer or s.explain(choice) is not None:
                continue
            reason, end, claims = ex.why_not(s, choice), s.play(choice), 0
            for tile, who, n, top, m, stack, either in re.findall(
                    r"Tile (\d+) is in (\w+)'s tray and has (\d+) spikes?, fewer than tile (\d+)'s (\d+) on (s\d+); "
                    r"turned the right way(, either side up,)?", reason):
                level = len(dict(s.stacks)[stack]) - 1
                under = edges(int(top), *s.orientation(stack, level))
                sides = {f for r, f in orientations(int(tile)) if edges(int(tile), r, f) <= under}
                assert who == name and int(tile) in s.reserve(p) and spikes(int(tile)) == int(n) < int(m)
                assert tops[stack] == int(top) and spikes(int(top)) == int(m) and sides
                assert bool(either) == (len(sides) == 2), reason
                claims += 1
            for stack, high, tile, n in re.findall(r"(s\d+) is (\d+) tiles? high and tile (\d+) has (\d+) spikes?",
                                                   reason):
                assert len(dict(s.stacks)[stack]) == int(high) == int(n) == spikes(int(tile)), reason
                assert ("even when a tile must be stacked" in reason) == bool(stacked(s)), reason
                claims += 1
            if "fits on any stack" in reason:
                assert reason.startswith(f"No tile of {name}'s") and not stacked(s), reason
                claims += 1
            for who, top, left in re.findall(r"(\w+) has (\d+) spikes? on top and (\d+) tiles? in the tray", reason):
                assert (end.top_spikes(p), len(end.reserve(p))) == (int(top), int(left)) and not end.winners
                claims += 1
            for stack, who, tiles in re.findall(r"(s\d+) holds (\w+)'s tiles? ([\d and]+?), which go", reason):
                mine = [t for t, colour in dict(s.stacks)[stack] if colour == s.players[p]]
                assert sorted(map(int, re.findall(r"\d+", tiles))) == sorted(mine) and end.reserve(p), reason
                assert end.active[p], reason
                claims += 1
            assert claims, (choice, reason)
            checked += 1
    assert checked >= 18
