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
    for bad, why in ((3, "it must be at least 4"), (20, "it must be at most 19"), ("8", "a whole number is needed")):
        with pytest.raises(xlib.OptionError) as err:
            xlib.game("alea", size=bad)
        assert str(err.value) == f"alea option size={bad!r} is not valid: {why}"


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


def test_conversions_that_flip_the_same_stones_are_one_move_read_to_one_notation():
    s = alea("..../..../BWB./.... B -")  # a2 and c2 both flip only b2
    assert conversions(s) == ["xa2"]
    assert s.parse("xc2") is s.parse("xa2") and str(s.parse("xc2")) == "xa2"
    assert s.explain("xc2") is None and str(s.play("xc2").last_move) == "xa2"
    assert s.play("xc2").position_text() == s.play("xa2").position_text()
    # an illegal alias keeps the stone the player named, so the reason speaks of it
    guarded = alea("..../..../BWB./.... B b2")
    assert guarded.explain("xc2") == ("xc2: b2 is protected (placed or flipped last turn), and a conversion "
                                      "flips all the enemy stones or none.")


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


def test_end_final_turns_convert_or_pass_even_when_a_conversion_exists():
    s = alea("BWBW/WBWB/BWBW/WBWB W -")
    assert s.in_final_turns and conversions(s) and s.moves()[-1] == "pass"
    assert s.explain("pass") is None
    assert s.explain("a1") == "a1: the board is full; the two final turns allow only a conversion or a pass."
    after = s.play("pass")
    assert after.final == 1 and after.protected == frozenset() and after.moves()[-1] == "pass"
    assert after.play("pass").over and after.play("pass").scores == (8, 8)
    assert s.play(conversions(s)[0]).play("pass").over


def test_end_passing_is_only_for_the_final_turns():
    s = alea("..../.W../WBW./.W.. B -")
    reason = "Passing is allowed only in the two final turns, after a placement has filled the board."
    assert s.explain("pass") == reason and "pass" not in s.moves()
    with pytest.raises(xlib.IllegalMove, match="only in the two final turns"):
        s.play("pass")


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


def test_position_text_ranks_from_the_top_mover_protected_then_streak_and_final():
    s = alea("BW../..../W.B./.... W a4,c2")
    assert s.stone("a4") == B and s.stone("b4") == W and s.stone("a2") == W and s.stone("c2") == B
    assert s.to_move == W and s.protected == {"a4", "c2"} and s.streak == 0 and s.final is None
    s = alea("..../.W../WBW./.W.. B - streak 3")
    assert s.streak == 3 and s.position_text() == "..../.W../WBW./.W.. B - streak 3"
    s = alea("BWBW/WBWB/BWBW/WBWB B a1 final 1")
    assert s.final == 1 and s.to_move == B and s.position_text() == "BWBW/WBWB/BWBW/WBWB B a1 final 1"
    full = alea("BWBW/WBWB/BWBW/WBWB W -")
    assert full.final == 2 and full.position_text() == "BWBW/WBWB/BWBW/WBWB W -"  # a full board: two turns left
    assert alea("BWBW/WBWB/BWBW/WBWB W - final 0").over


@pytest.mark.parametrize("text, message", [
    ('..../.... B -',
     'the position has 2 ranks; a 4×4 board has 4, joined by /'),
    ('..../..../..../... B -',
     "rank 1 ('...') has 3 cells, not 4"),
    ('..../..../..../...X B -',
     "'X' on rank 1 is not a cell: use . B W"),
    ('..../..../..../.... Q -',
     "the colour to move is B or W, not 'Q'"),
    ('..../..../..../.... B z9',
     "protected cell 'z9' is not a cell of the 4×4 board"),
    ('..../..../..../B... B a1',
     'protected cell a1 must hold a stone of the player who just moved'),
    ('..../..../..../.... B - ko 2',
     "'ko 2' is not a position field: optional fields are 'streak k' and 'final k'"),
    ('..../..../..../.... B - streak',
     "'streak' is not a position field: optional fields are 'streak k' and 'final k'"),
    ('..../..../..../....',
     "a position is the ranks joined by /, the colour to move and the protected cells (or -), separated by "
     "spaces, e.g. '...../...../...B./..B../..... W -'"),
    ('..../..../..../.... B - streak 1 streak 2',
     "the field 'streak' is given twice"),
    ('BWBW/WBWB/BWBW/WBWB W - final 1 final 1',
     "the field 'final' is given twice"),
    ('..../..../..../.... B - streak x',
     "the streak count must be written with the digits 0-9, not 'x'"),
    ('..../..../..../.... B - streak -1',
     "the streak count must be written with the digits 0-9, not '-1'"),
    ('..../..../..../.... B - streak 9',
     "'streak 9': after 8 conversions in a row the player to move must place, so there cannot be more in "
     "a row"),
    ('..../..../..../.... B - final 1',
     "'final k' (k = 0, 1 or 2) describes a full board: the final turns left"),
    ('BWBW/WBWB/BWBW/WBWB W - final 3',
     "'final k' (k = 0, 1 or 2) describes a full board: the final turns left"),
    ('..../..../..../W... B a1,a1',
     'protected cell a1 is listed twice'),
    ('..../..../..../.... BW -',
     "the colour to move is B or W, not 'BW'"),
])
def test_bad_position_text_is_a_position_error(text, message):
    with pytest.raises(xlib.PositionError) as err:
        xlib.game("alea", size=4).position(text)
    assert str(err.value) == message


NOT_NOTATION = (" is not Alea Evangelion notation: a placement is a cell like c3, a conversion is x and your "
                "stone's cell like xc3, or pass.")


@pytest.mark.parametrize("text, message", [
    ('z1', "'z1'" + NOT_NOTATION),
    ('e1', "'e1' in 'e1' is not a cell of the 4×4 board (files a–d, ranks 1–4)"),
    ('a5', "'a5' in 'a5' is not a cell of the 4×4 board (files a–d, ranks 1–4)"),
    ('xh8', "'h8' in 'xh8' is not a cell of the 4×4 board (files a–d, ranks 1–4)"),
    ('a0', "'a0' in 'a0' is not a cell of the 4×4 board (files a–d, ranks 1–4)"),
    ('xx1', "'xx1'" + NOT_NOTATION),
    ('a1 a2', "'a1 a2'" + NOT_NOTATION),
    ('C3', "'C3'" + NOT_NOTATION),
    ('a٣', "'٣' in 'a٣' is not a digit 0-9: notation uses the ASCII digits only"),
])
def test_bad_notation_is_a_notation_error_and_changes_nothing(text, message):
    s = xlib.game("alea", size=4).start().play("b2")
    before = (s.position_text(), [str(m) for m in s.moves()], s.ply)
    with pytest.raises(xlib.NotationError) as err:
        s.play(text)
    assert str(err.value) == message and s.explain(text) == message
    assert (s.position_text(), [str(m) for m in s.moves()], s.ply) == before


def test_a_move_of_another_board_size_is_read_again_here():
    big = xlib.game("alea", size=8).start()
    small = xlib.game("alea", size=4).start()
    a2 = next(m for m in big.moves() if str(m) == "a2")
    assert small.play(a2).stone("a2") == B and small.play(a2).stone("a3") is None
    h8 = next(m for m in big.moves() if str(m) == "h8")
    with pytest.raises(xlib.NotationError, match=r"'h8' in 'h8' is not a cell of the 4×4 board"):
        small.play(h8)
    assert small.explain(h8) == "'h8' in 'h8' is not a cell of the 4×4 board (files a–d, ranks 1–4)"


def test_a_conversion_of_another_position_is_read_again_here():
    there = alea("..../..../.WB./.... B -")  # c2 alone flips b2: listed as xc2
    here = alea("..../..../BWB./.... B -")   # a2 flips b2 too: the move is named xa2 here
    xc2 = next(m for m in there.moves() if str(m) == "xc2")
    after = here.play(xc2)
    assert after.position_text() == here.play("xa2").position_text() and str(after.last_move) == "xa2"
    empty = alea("..../..../..../.... B -")
    with pytest.raises(xlib.IllegalMove, match="xc2: c2 is empty; convert around a stone of your own"):
        empty.play(xc2)


def test_bad_options():
    with pytest.raises(xlib.OptionError, match=r"adjacency=6 is not valid: choose one of 4, 8"):
        xlib.game("alea", adjacency=6)
    with pytest.raises(xlib.OptionError, match=r"streak=0 is not valid"):
        xlib.game("alea", streak=0)
    with pytest.raises(xlib.OptionError, match=r"komi='half' is not valid: a number is needed"):
        xlib.game("alea", komi="half")


# ---- properties ---------------------------------------------------------------------------

@given(st.sampled_from([4, 5, 6, 8]), st.sampled_from([4, 8]), st.integers(0, 10**6))
def test_random_games_end_two_turns_after_the_board_fills(size, adjacency, seed):
    rng = random.Random(seed)
    g = xlib.game("alea", size=size, adjacency=adjacency, streak=rng.choice([1, 3, 8]))
    s = g.start(seed=seed)
    fill_ply = None
    while not s.over:
        prev = s
        s = s.play(rng.choice(s.moves()))
        if prev.final is None and s.final is not None:
            fill_ply = s.ply
        # stones, protection and streak stay consistent
        b, w = s.counts
        assert b + w == size * size - len(s.empties)
        assert all(s.board[i] == prev.mover for i in s.protected_cells)
        assert s.streak <= g.options["streak"]
    assert s.ply - fill_ply == 2 and sum(s.counts) == size * size
