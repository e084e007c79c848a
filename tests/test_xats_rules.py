"""XATS (RULES.md section 3): one test per rule, the fit relation by brute force, properties, bad input."""
import random

import pytest
from hypothesis import given, strategies as st

import xlib
from xlib.games.xats import SPIKES, TILES, edges, fits, spikes

W, R = 0, 1
ALL_W_BUT = lambda *keep: ",".join(f"{t}W" for t in TILES if t not in keep)  # noqa: E731


def xats(text: str, players: int = 2) -> xlib.State:
    return xlib.game("xats", players=players).position(text)


# ---- tiles and the fit relation -----------------------------------------------------------

def test_tiles_thirteen_spike_patterns_per_player():
    assert [spikes(t) for t in TILES] == [0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6]
    assert xlib.game("xats").start().reserve(0) == TILES


def test_tiles_eight_is_asymmetric_and_flips_to_0_2_3():
    assert edges(8, 0, True) in {frozenset((e + r) % 6 for e in (0, 2, 3)) for r in range(6)}
    assert {edges(8, r) for r in range(6)}.isdisjoint({edges(8, r, True) for r in range(6)})


def brute_fits(t: int, u: int) -> bool:
    """Independent of the engine: bitmasks, every rotation and reflection of both tiles."""
    def mask(es):
        return sum(1 << e for e in es)

    def variants(tile):
        out = set()
        for refl in (False, True):
            for r in range(6):
                out.add(mask(((-e if refl else e) + r) % 6 for e in SPIKES[tile]))
        return out

    if bin(mask(SPIKES[t])).count("1") >= bin(mask(SPIKES[u])).count("1"):
        return False
    return any(a & ~b == 0 for a in variants(t) for b in variants(u))


def test_fit_relation_equals_brute_force_over_rotations_and_flips():
    for t in TILES:
        for u in TILES:
            assert fits(t, u) == brute_fits(t, u), (t, u)


def test_fit_needs_fewer_spikes():
    assert not fits(9, 10) and not fits(13, 13) and fits(12, 13) and fits(1, 2)


# ---- players, turns, stacks ---------------------------------------------------------------

def test_players_two_or_three_white_starts():
    assert xlib.game("xats").players == ("white", "red")
    g3 = xlib.game("xats", players=3)
    assert g3.players == ("white", "blue", "red")
    s = g3.start()
    order = []
    for m in ("13", "12>s1", "11>s1"):
        order.append(s.to_move)
        s = s.play(m)
    assert order == [0, 1, 2] and s.to_move == 0


def test_stacks_named_in_order_of_creation_never_reused():
    s = xlib.game("xats").start().play("13").play("12>s1").play("s1x3")
    assert s.stacks == [] and s.reserve(0) == tuple(t for t in TILES if t != 3)
    s = s.play("13")
    assert [name for name, _ in s.stacks] == ["s2"]


def test_play_onto_a_stack_when_the_tile_fits():
    s = xlib.game("xats").start().play("13").play("7>s1")
    assert s.stacks == [("s1", [(13, "white"), (7, "red")])]
    r, f = s.orientation("s1", 1)
    assert edges(7, r, f) <= edges(13)


def test_play_must_stack_if_any_tile_fits_on_any_stack():
    s = xlib.game("xats").start().play("13")
    assert all(">" in str(m) or "x" in str(m) for m in s.moves())
    assert s.explain("5") == ("A tile of yours can be stacked (1>s1 for one), so Red must stack a tile: "
                              "a new stack is allowed only when none fits.")


def test_play_new_stack_only_when_no_tile_fits():
    text = f"W:3,4,5,9,10,11 R:{','.join(map(str, TILES))} | s1:2W s2:1W | x:6W,7W,8W,12W,13W | next 3 | to W"
    s = xats(text)
    assert sorted(str(m) for m in s.moves() if "x" not in str(m)) == ["10", "11", "3", "4", "5", "9"]


def test_play_tile_that_does_not_fit_names_the_spike():
    s = xlib.game("xats").start().play("13").play("7>s1")
    assert s.explain("3>s1") == ("Tile 3 does not fit on s1: turned every way, it always has a spike with no "
                                 "spike of tile 7 under it.")
    assert s.explain("9>s1") == ("Tile 9 (4 spikes) cannot go on tile 7 (3 spikes) at the top of s1: "
                                 "it needs fewer spikes.")


def test_play_only_tiles_from_your_reserve():
    s = xlib.game("xats").start().play("13").play("12>s1")
    assert s.explain("13") == "Tile 13 is not in White's tray (it holds 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)."
    assert s.explain("1>s7") == "There is no stack s7 on the table."


def test_destroy_with_a_tile_of_as_many_spikes_as_the_stack_is_high():
    s = xlib.game("xats").start().play("13").play("9>s1")
    assert s.explain("s1x6") == ("s1 is 2 tiles high: destroying it takes a tile with 2 spikes, "
                                 "and tile 6 has 3.")
    assert {str(m) for m in s.moves() if "x" in str(m)} == {"s1x3", "s1x4", "s1x5"}


def test_destroy_returns_tiles_to_their_owners_and_discards_the_tile():
    s = xlib.game("xats").start().play("13").play("9>s1").play("s1x4")
    assert s.stacks == []
    assert s.reserve(W) == tuple(t for t in TILES if t != 4)
    assert s.reserve(R) == TILES
    assert s.discarded == ((4, W),)


def test_win_at_the_end_of_your_turn_top_spikes_equal_reserve():
    # the author's example: 1 + 0 + 4 spikes on top, 5 tiles left in the reserve
    text = f"W:3,4,5,9,10,11 R:{','.join(map(str, TILES))} | s1:2W s2:1W | x:6W,7W,8W,12W,13W | next 3 | to W"
    s = xats(text).play("9")
    assert s.over and s.winners == (W,) and s.top_spikes(W) == 5 == len(s.reserve(W))
    assert not xats(text).play("3").over


def test_win_checked_only_for_the_player_who_moved():
    text = ("W:3,4,5,9,10,11 R:5 | s1:2W s2:1W s3:2R s4:1R | "
            "x:6W,7W,8W,12W,13W,3R,4R,6R,7R,8R,9R,10R,11R,12R,13R | next 5 | to W")
    s = xats(text)
    assert s.top_spikes(R) == 1 == len(s.reserve(R))  # red would match, but it is white's turn
    s = s.play("3")
    assert not s.over and s.to_move == R


def test_lose_player_to_move_with_no_tiles_loses():
    reds = ",".join(f"{t}R" for t in TILES if t != 1)
    text = f"W:3,4,5,9,10,11 R:- | s1:2W s2:1W s3:1R | x:6W,7W,8W,12W,13W,{reds} | next 4 | to W"
    s = xats(text).play("3")
    assert s.over and s.winners == (W,)
    # only a position text can put a player with no tiles to move: they lose at once
    s = xats(f"W:3,4,5,9,10,11 R:- | s1:2W s2:1W s3:1R | x:6W,7W,8W,12W,13W,{reds} | next 4 | to R")
    assert s.over and s.winners == (W,) and s.moves() == []
    assert xlib.replay(s.record()).winners == (W,)  # the record keeps the position as given


def test_lose_player_with_no_tiles_at_the_end_of_their_turn_loses_at_once():
    # white plays its last tile onto red's 13 and does not win (2 spikes on top, 0 tiles left): white loses
    s = xats(f"W:5 R:{','.join(map(str, range(1, 13)))} | s1:13R | x:- | next 2 | to W")
    s = s.play("5>s1")
    assert s.top_spikes(W) == 2 and s.reserve(W) == ()
    assert s.over and s.winners == (R,) and s.to_move is None


def test_lose_the_win_check_comes_first_no_tiles_and_no_spikes_on_top_wins():
    # white's last tile goes on as a new stack: tile 1 has no spike, and 0 spikes = 0 tiles left
    s = xats(f"W:1 R:{','.join(map(str, range(1, 13)))} | s1:13R | x:- | next 2 | to W")
    assert s.moves() == ["1>s1"]
    s = s.play("1>s1")
    assert s.over and s.winners == (W,)


def test_three_players_out_of_tiles_at_the_end_of_a_turn_leaves_the_rotation_at_once():
    blues = ",".join(str(t) for t in TILES if t != 5)
    text = f"W:5 B:{blues} R:{blues} | s1:13W | x:- | next 2 | to W"
    s = xats(text, players=3).play("5>s1")
    assert not s.over and s.active == (False, True, True) and s.to_move == 1
    assert s.position_text().endswith("| out W")


def test_three_players_out_of_tiles_leaves_the_rotation_tiles_stay():
    blues = ",".join(f"{t}B" for t in TILES if t != 1)
    text = (f"W:3,4,5,9,10,11 B:- R:{','.join(map(str, TILES))} | s1:2W s2:1W s3:1B | "
            f"x:6W,7W,8W,12W,13W,{blues} | next 4 | to W")
    s = xats(text, players=3).play("3")
    assert not s.over and s.to_move == 2 and s.active == (True, False, True)
    assert ("s3", [(1, "blue")]) in s.stacks
    assert s.position_text().endswith("| out B")


def test_three_players_last_player_left_wins():
    blues = ",".join(f"{t}B" for t in TILES if t != 1)
    reds = ",".join(f"{t}R" for t in TILES if t != 1)
    text = (f"W:3,4,5,9,10,11 B:- R:- | s1:2W s2:1W s3:1B s4:1R | "
            f"x:6W,7W,8W,12W,13W,{blues},{reds} | next 5 | to W")
    s = xats(text, players=3).play("3")
    assert s.over and s.winners == (W,)


# ---- notation and text --------------------------------------------------------------------

def test_notation_new_stack_onto_a_stack_and_destroy():
    s = xlib.game("xats").start()
    assert str(s.parse("13")) == "13" and str(s.parse("7>s2")) == "7>s2" and str(s.parse("s2x4")) == "s2x4"


def test_position_text_fields():
    s = xlib.game("xats", players=3).start().play("13").play("12>s1").play("9>s1").play("s1x6")
    text = s.position_text()
    assert text == ("W:1,2,3,4,5,7,8,9,10,11,12,13 B:1,2,3,4,5,6,7,8,9,10,11,12,13 "
                    "R:1,2,3,4,5,6,7,8,9,10,11,12,13 | - | x:6W | next 2 | to B")
    assert xats(text, players=3).position_text() == text
    assert "blue" in str(s)


def _reads_back(s: xlib.State) -> None:
    """The position text of `s` reads back as the same position: text, moves, result and who is out."""
    again = s.game.position(s.position_text())
    assert again.position_text() == s.position_text() and str(again) == str(s)
    assert (again.moves(), again.to_move, again.over, again.winners, again.scores, again.active) == \
        (s.moves(), s.to_move, s.over, s.winners, s.scores, s.active)


def test_position_text_finished_two_player_game_names_the_winner_and_the_loser_out():
    # white plays its last tile and does not win: red wins, white is out, and the text says both
    s = xats(f"W:5 R:{','.join(map(str, range(1, 13)))} | s1:13R | x:- | next 2 | to W").play("5>s1")
    assert s.position_text() == "W:- R:1,2,3,4,5,6,7,8,9,10,11,12 | s1:13R,5W | x:- | next 2 | won R | out W"
    _reads_back(s)
    assert s.game.position(s.position_text()).winners == (R,)
    # a win by the count leaves nobody out: no out field in a 2-player text
    text = f"W:3,4,5,9,10,11 R:{','.join(map(str, TILES))} | s1:2W s2:1W | x:6W,7W,8W,12W,13W | next 3 | to W"
    s = xats(text).play("9")
    assert s.position_text().endswith("| next 4 | won W")
    _reads_back(s)


def test_position_text_finished_three_player_game_lists_the_winner_and_the_players_out():
    blues = ",".join(f"{t}B" for t in TILES if t != 1)
    reds = ",".join(f"{t}R" for t in TILES if t != 1)
    s = xats(f"W:3,4,5,9,10,11 B:- R:- | s1:2W s2:1W s3:1B s4:1R | x:6W,7W,8W,12W,13W,{blues},{reds} | next 5 "
             f"| to W", players=3).play("3")
    assert s.over and s.position_text().endswith("| won W | out B,R")
    _reads_back(s)


@pytest.mark.parametrize("text, message", [
    (f"W:{','.join(map(str, TILES[1:]))} R:1 | s1:1W | x:- | next 2 | won W",
     r"white has not won: 0 spikes on top of white's tiles against 12 tiles in reserve"),
    ("W:1 R:- | s1:13R | x:- | next 2 | won W | out W", r"white is out of the game and cannot have won"),
    ("W:1 R:- | s1:13R | x:- | next 2 | won Q", r"'Q' in 'won' is not a colour"),
    ("W:1 R:- | s1:13R | x:- | next 2 | wins W", r"'to C' gives the colour to move, one letter \(or 'won C'"),
])
def test_position_text_won_names_a_winner_who_has_won(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xats(text)


def test_position_text_a_tile_not_listed_is_out_of_the_game():
    s = xats("W:1,2 R:13 | s1:12W | x:- | next 2 | to W")
    assert s.reserve(W) == (1, 2) and s.reserve(R) == (13,) and not s.over


@pytest.mark.parametrize("text, message", [
    ("14", r"there is no tile 14 in '14': tiles are numbered 1–13"),
    ("7>x2", r"'7>x2' is not XATS notation"),
    ("s1x0", r"there is no tile 0"),
    ("7>s0", r"there is no stack s0 in '7>s0': stacks are numbered from s1"),
    ("s0x1", r"there is no stack s0"),
    ("1" * 30, r"the tile number 1{20}… has more than 18 digits"),
])
def test_notation_malformed_is_a_notation_error(text, message):
    with pytest.raises(xlib.NotationError, match=message):
        xlib.game("xats").start().play(text)


ALL = ",".join(map(str, TILES))


@pytest.mark.parametrize("text, message", [
    ("W:1 R:1", r"an XATS position has the fields"),
    (f"W:{ALL} | - | x:- | next 1 | to W", r"give a reserve for every colour"),
    (f"W:{ALL} R:1 W:2 | - | x:- | next 1 | to W", r"white's reserve is given twice"),
    (f"W:{ALL} R:1,1 | - | x:- | next 1 | to W", r"red's tile 1 appears twice; each tile is in one place at most"),
    (f"W:{ALL} R:2 | s1:1R | x:2R | next 2 | to W", r"red's tile 2 appears twice"),
    ("W:1 R:1 | s1:13W,13R | x:- | next 2 | to W", r"in s1:13W,13R, tile 13 cannot lie on tile 13"),
    ("W:1 R:1 | s1:13W,5R,7R | x:- | next 2 | to W", r"in s1:13W,5R,7R, tile 7 cannot lie on tile 5"),
    ("W:1 R:1 | s0:13W | x:- | next 2 | to W", r"'s0:13W': stacks are numbered from s1"),
    ("W:1 R:1 | s2:13W s2:12R | x:- | next 3 | to W", r"two stacks are named s2"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 0 | to W", r"'next N' gives the number of the next new stack, from 1"),
    ("W:1 R:1 | s1:13W | x:- | next 1 | to W", r"above every stack's \(here at least 2\), not 'next 1'"),
    (f"W:{ALL} R:{ALL} | - | x:- | next x | to W", r"'next N' must be written with the digits 0-9, not 'x'"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 1 | to Q", r"'Q' in 'to' is not a colour"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 1 | to WR", r"'to C' gives the colour to move, one letter"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 1 | to W | out W", r"at least two players must still be in the game"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 1 | to W | out", r"the last field lists the players out of the game"),
    (f"W:{ALL} R:{ALL} | - | x:4W | next 1 | to W", r"white's tile 4 appears twice"),
    (f"W:{ALL} R:{ALL} | - | x:14W | next 1 | to W", r"'14' in the discarded tiles is not a tile number 1–13"),
    (f"W:{ALL} R:{ALL} | - | x:- | next 1 | to W | out - | out -", r"an XATS position has the fields"),
])
def test_position_text_malformed_is_a_position_error(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xats(text)


@pytest.mark.parametrize("text, message", [
    (f"W:{ALL} B:{ALL} R:{ALL} | - | x:- | next 1 | to W | out B,R", r"at least two players must still be in"),
    (f"W:{ALL} B:{ALL} R:{ALL} | - | x:- | next 1 | to B | out B", r"blue is out of the game and cannot be to move"),
    (f"W:{ALL} B:{ALL} R:{ALL} | - | x:- | next 1 | to W | out B,B", r"blue is listed twice in 'out'"),
])
def test_position_text_at_least_two_players_still_in_and_the_mover_is_one(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xats(text, players=3)


def test_position_text_digits_are_ascii():
    with pytest.raises(xlib.PositionError, match="is not a digit 0-9"):
        xats(f"W:{ALL} R:{ALL} | - | x:- | next ٣ | to W")
    with pytest.raises(xlib.NotationError, match="is not a digit 0-9"):
        xlib.game("xats").start().play("1٣")


def test_players_option_is_two_or_three():
    with pytest.raises(xlib.OptionError, match=r"players=4 is not valid: choose one of 2, 3"):
        xlib.game("xats", players=4)


# ---- properties ---------------------------------------------------------------------------

@given(st.sampled_from([2, 3]), st.integers(0, 10**6))
def test_random_games_conserve_tiles_keep_stacks_legal_and_end(players, seed):
    """Tiles are never lost, stacks stay legal, a player with no tiles is out or has won, games end."""
    rng = random.Random(seed)
    s = xlib.game("xats", players=players).start(seed=seed)
    for _ in range(2000):
        if s.over:
            break
        s = s.play(rng.choice(s.moves()))
        for p in range(players):
            on_stacks = [t for _, tiles in s.stack_list for t, o, _, _ in tiles if o == p]
            gone = [t for t, o in s.discarded if o == p]
            assert sorted(list(s.reserve(p)) + on_stacks + gone) == list(TILES)
        if not s.over:
            assert all(s.reserve(p) or not s.active[p] for p in range(players))
        for _, tiles in s.stack_list:
            for below, above in zip(tiles, tiles[1:]):
                assert fits(above[0], below[0])
                assert edges(above[0], above[2], above[3]) <= edges(below[0], below[2], below[3])
    assert s.over and len(s.winners) == 1
