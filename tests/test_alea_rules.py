"""Alea Evangelion (RULES.md section 2): one test per rule, the worked 5×5 case, properties, bad input."""
import random

import pytest
from hypothesis import given, strategies as st

import xlib

B, W = 0, 1


def alea(text: str, **options) -> xlib.State:
    size = text.split()[0].count("/") + 1
    return xlib.game("alea", size=size, **options).position(text)


def conversions(s) -> list[str]:
    return sorted(str(m) for m in s.moves() if str(m).startswith("x"))


# ---- board --------------------------------------------------------------------------------

def test_board_square_sizes_from_4_to_19_default_8():
    assert xlib.game("alea").options["size"] == 8
    assert len(xlib.game("alea", size=4).start().moves()) == 16
    assert len(xlib.game("alea", size=19).start().moves()) == 361
    for bad in (3, 20):
        with pytest.raises(xlib.OptionError, match=r"alea option size=.* is not valid"):
            xlib.game("alea", size=bad)


def test_board_cells_named_like_chess_squares_from_blacks_side():
    s = xlib.game("alea", size=4).start().play("a1").play("d4")
    assert s.stone("a1") == B and s.stone("d4") == W and s.stone("b2") is None
    assert s.position_text().startswith("...W/..../..../B...")


def test_board_empty_at_start_and_black_moves_first():
    s = xlib.game("alea").start()
    assert s.counts == (0, 0) and s.to_move == B and s.players == ("Black", "White")
    assert all(str(m)[0] != "x" for m in s.moves())


def test_adjacency_orthogonal_by_default():
    s = alea("..../.W../B.../.... B -")  # a2 Black, b3 White: diagonal neighbours only
    assert conversions(s) == []
    s8 = alea("..../.W../B.../.... B -", adjacency=8)
    assert conversions(s8) == ["xa2"]


def test_adjacency_option_eight_neighbours():
    text = "WWW./WBW./WWW./.... B -"
    s8 = alea(text, adjacency=8)
    assert conversions(s8) == ["xb3"] and s8.play("xb3").counts == (9, 0)
    assert alea(text).play("xb3").counts == (5, 4)  # orthogonal: b4, a3, c3, b2 only


def test_convert_turns_every_enemy_stone_next_to_your_stone():
    s = alea("..../.W../WBW./.W.. B -").play("xb2")
    assert s.counts == (5, 0)
    assert s.last_move == "xb2"


def test_convert_needs_an_enemy_stone_next_to_it():
    s = alea("..../..../.B../...W B -")
    assert s.explain("xb2") == "xb2: no enemy stone is next to b2, so there is nothing to convert."
    assert s.explain("xd1") == "xd1: d1 is White's; convert around a stone of your own."
    assert s.explain("xa1") == "xa1: a1 is empty; convert around a stone of your own."


def test_convert_none_if_any_neighbour_is_protected_all_or_nothing():
    s = alea("..../.W../WBW./.W.. B b3")
    assert s.explain("xb2") == ("xb2: b3 is protected (placed or flipped last turn), and a conversion "
                                "flips all the enemy stones or none.")
    assert conversions(s) == []


def test_conversions_that_flip_the_same_stones_are_one_move():
    s = alea("..../..../BWB./.... B -")  # a2 and c2 both flip only b2
    assert conversions(s) == ["xa2"]
    assert s.parse("xc2") == s.parse("xa2")
    assert s.play("xc2").position_text() == s.play("xa2").position_text()


def test_protected_the_stone_placed_by_the_opponents_previous_turn():
    s = alea("..../..../.B../.... W -").play("b3")
    assert s.protected == {"b3"} and s.explain("xb2").startswith("xb2: b3 is protected")
    s = s.play("a4").play("d4")  # a placement elsewhere ends the protection of b3
    assert s.protected == {"d4"} and s.explain("xb2") is None


def test_protected_the_stones_flipped_by_the_opponents_previous_turn():
    s = alea("..../.W../WBW./.W.. B -").play("xb2")
    assert s.protected == {"a2", "b3", "c2", "b1"}


def test_protected_nothing_at_the_start_or_after_a_pass():
    assert xlib.game("alea").start().protected == frozenset()
    s = alea("BBBB/BBBB/BBBW/BBB. B -").play("d1")  # Black fills the board; White cannot flip d1, so passes
    assert s.moves() == ["pass"]
    s = s.play("pass")
    assert s.protected == frozenset() and len(conversions(s)) == 1  # d2 can be flipped again


def test_superko_a_conversion_may_not_recreate_an_earlier_position():
    s = alea(".BWW/BBBW/BBB./WBB. B a1", streak=50)
    for m in ["xc3", "xa1", "xd3", "xa2", "xc1", "xa3", "xc2", "xa1", "xc3"]:
        s = s.play(m)
    assert s.explain("xa2") == "xa2 would recreate a position that occurred before (superko)."
    assert "xa2" not in [str(m) for m in s.moves()]
    # confirm by brute force: the board after xa2 with Black to move occurred before
    board = [list(row) for row in s.position_text().split()[0].split("/")]
    for name in ("a1", "a3", "b2"):  # a2's neighbours that hold Black stones turn White
        f, r = "abcd".index(name[0]), int(name[1])
        if board[4 - r][f] == "B":
            board[4 - r][f] = "W"
    after = "/".join("".join(row) for row in board) + " B"
    earlier = [" ".join(t.position_text().split()[:2]) for t in s.history()]
    assert after in earlier


def test_superko_does_not_apply_to_placements():
    s = alea("..../..../..../.... B -")
    assert all(s.explain(str(m)) is None for m in s.moves())


def test_streak_after_eight_conversions_in_a_row_the_player_must_place():
    s = alea(".BWW/BBBW/BBB./WBB. B a1")
    for m in ["xc3", "xa1", "xd3", "xa2", "xc1", "xa3", "xc2", "xa1"]:
        s = s.play(m)
    assert s.streak == 8 and conversions(s) == []
    assert s.explain("xc3") == ("xc3: after 8 conversions in a row the player to move must place a stone "
                                "(the streak rule).")
    assert s.play("d1").streak == 0


def test_streak_length_is_an_option():
    s = alea("..../.W../WBW./.W.. B -", streak=1).play("xb2")
    assert s.streak == 1 and conversions(s) == []


def test_end_two_final_turns_after_a_placement_fills_the_board():
    s = alea("BBBB/BBBB/BBBW/BBB. B -").play("d1")  # Black fills the board
    assert s.in_final_turns and s.to_move == W and s.final == 2
    s = s.play("pass")
    assert s.to_move == B and s.final == 1 and not s.over
    s = s.play("xd1")
    assert s.over and s.to_move is None and s.counts == (16, 0)


def test_end_final_turns_convert_if_able_else_pass():
    s = alea("BWBW/WBWB/BWBW/WBWB W -")
    assert s.in_final_turns and conversions(s) and "pass" not in [str(m) for m in s.moves()]
    assert s.explain("pass") == ("In the final turns a player converts if able; passing is for when no "
                                 "conversion is legal.")
    assert s.explain("a1") == "a1: the board is full; the two final turns allow only a conversion or a pass."
    s = s.play(s.moves()[0]).play(s.play(s.moves()[0]).moves()[0])
    assert s.over


def test_end_protection_applies_in_the_final_turns():
    s = alea("BBBB/BBBB/BBBW/BBB. B -").play("d1")
    assert s.protected == {"d1"}
    assert s.explain("xd2") == ("xd2: d1 is protected (placed or flipped last turn), and a conversion "
                                "flips all the enemy stones or none.")


def test_end_repetition_rules_do_not_apply_in_the_final_turns():
    s = alea("BWBW/WBWB/BWBW/WBWB W - streak 8")
    assert s.in_final_turns and s.streak == 8 and conversions(s)


def test_count_higher_wins_equal_draws():
    s = alea("BBBB/BBBB/BBBW/BBB. B -").play("d1").play("pass").play("xd1")
    assert s.over and s.moves() == [] and s.scores == (16, 0) and s.winners == (B,)
    even = alea("BWBW/WBWB/BWBW/WBWB B - final 0")
    assert even.over and even.scores == (8, 8) and even.winners == (B, W)


def test_komi_added_to_whites_count_half_point_forbids_draws():
    s = alea("BWBW/WBWB/BWBW/WBWB B - final 0", komi=0.5)
    assert s.counts == (8, 8) and s.scores == (8, 8.5) and s.winners == (W,)


def test_position_text_read_and_written_back():
    for text in ("...../...../...B./..B../..... W -", "BW../..../W.B./.... W a4,c2",
                 "BWBW/WBWB/BWBW/WBWB W -", "BWBW/WBWB/BWBW/WBWB B a1 final 1",
                 "..../.W../WBW./.W.. B - streak 3"):
        assert alea(text).position_text() == text


@pytest.mark.parametrize("text, message", [
    ("..../.... B -", r"the position has 2 ranks; a 4×4 board has 4"),
    ("..../..../..../... B -", r"rank 1 \('...'\) has 3 cells, not 4"),
    ("..../..../..../...X B -", r"'X' on rank 1 is not a cell: use \. B W"),
    ("..../..../..../.... Q -", r"the colour to move is B or W, not 'Q'"),
    ("..../..../..../.... B z9", r"protected cell 'z9' is not a cell of the 4×4 board"),
    ("..../..../..../B... B a1", r"protected cell a1 must hold a stone of the player who just moved"),
    ("..../..../..../.... B - ko 2", r"'ko 2' is not a position field"),
    ("..../..../..../....", r"a position is the ranks joined by /"),
])
def test_bad_position_text(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xlib.game("alea", size=4).position(text)


@pytest.mark.parametrize("text, message", [
    ("z1", r"'z1' is not Alea Evangelion notation"),
    ("e1", r"'e1' in 'e1' is not a cell of the 4×4 board"),
    ("xx1", r"is not Alea Evangelion notation"),
])
def test_bad_notation(text, message):
    with pytest.raises(xlib.NotationError, match=message):
        xlib.game("alea", size=4).start().play(text)


def test_bad_options():
    with pytest.raises(xlib.OptionError, match=r"adjacency=6 is not valid: choose one of 4, 8"):
        xlib.game("alea", adjacency=6)
    with pytest.raises(xlib.OptionError, match=r"streak=0 is not valid"):
        xlib.game("alea", streak=0)
    with pytest.raises(xlib.OptionError, match=r"komi='half' is not valid: a number is needed"):
        xlib.game("alea", komi="half")


# ---- properties ---------------------------------------------------------------------------

@given(st.sampled_from([4, 5, 6, 8]), st.sampled_from([4, 8]), st.integers(0, 10**6))
def test_random_games_end_with_two_final_turns_and_replay(size, adjacency, seed):
    rng = random.Random(seed)
    g = xlib.game("alea", size=size, adjacency=adjacency, streak=rng.choice([1, 3, 8]))
    s = g.start(seed=seed)
    fill_ply = None
    for _ in range(size * size * (g.options["streak"] + 2) + 10):
        if s.over:
            break
        prev = s
        s = s.play(rng.choice(s.moves()))
        if prev.final is None and s.final is not None:
            fill_ply = s.ply
        # stones, protection and streak stay consistent
        b, w = s.counts
        assert b + w == size * size - len(s.empties)
        assert all(s.board[i] == prev.mover for i in s.protected_cells)
        assert s.streak <= g.options["streak"]
    assert s.over and s.ply - fill_ply == 2 and sum(s.counts) == size * size
    assert xlib.replay(s.record()).position_text() == s.position_text()
    for t in s.history()[:-1]:  # every listed move is legal, and the position text round-trips
        assert all(t.explain(m) is None for m in t.moves())
        assert g.position(t.position_text()).position_text() == t.position_text()
