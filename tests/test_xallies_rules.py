"""One test per rule of RULES.md section 1 (XAllies), each on a small position that shows it."""
from collections import Counter

import pytest

import xlib
from xlib.games.xallies import Claim, Waste

START3 = "0:bb* 1:bb* 2:bb* 3:bb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg*"


def pos(wells: dict[int, str], players: int = 3, to: str = "b", turn: int | None = None, store: int = 10,
        **options) -> xlib.State:
    """A position with the given wells (the rest empty, with their black piece). The pieces of the set
    not placed lie in well `store`, without a black piece, away from the wells a test looks at."""
    per = 24 // players
    placed = Counter("".join(wells.values()))
    assert all(placed[c] <= per for c in "bpgy"[:players]), "more pieces than the set has"
    extra = "".join(c * (per - placed[c]) for c in "bpgy"[:players])
    cells = {w: wells.get(w, "*") for w in range(12)}
    cells[store] = wells.get(store, "") + extra
    text = " ".join(f"{w}:{cells[w]}" for w in range(12))
    text += f" ; to {to}" + ("" if turn is None else f" ; turn {turn}")
    return xlib.game("xallies", players=players, **options).position(text)


def contents(s, w: int) -> str:
    counts, black = s.well(w)
    return "".join("bpgy"[c] * k for c, k in enumerate(counts)) + ("*" if black else "")


# ---- board and set-up ---------------------------------------------------------------------

def test_board_regions_three_players():
    g = xlib.game("xallies", players=3)
    assert g.regions == ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))
    assert g.players == ("blue", "purple", "green")


def test_board_regions_four_players():
    g = xlib.game("xallies", players=4)
    assert g.regions == ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11))
    assert g.players == ("blue", "purple", "green", "grey")


def test_setup_one_black_and_two_own_pieces_per_well():
    s = xlib.game("xallies").start()
    assert s.position_text().split(" ;")[0] == START3
    s4 = xlib.game("xallies", players=4).start()
    assert s4.position_text().split(" ;")[0] == (
        "0:bb* 1:bb* 2:bb* 3:pp* 4:pp* 5:pp* 6:gg* 7:gg* 8:gg* 9:yy* 10:yy* 11:yy*")


def test_setup_supply_default_twelve_and_unlimited_option():
    assert xlib.game("xallies").start().supply == 12
    assert xlib.game("xallies", supply=None).start().supply is None
    assert xlib.game("xallies", supply=3).start().supply == 3


def test_turn_order_blue_starts_then_round_again():
    s = xlib.game("xallies", players=4).start()
    seen = []
    for _ in range(5):
        seen.append(s.to_move)
        s = s.play(s.moves()[0]) if len(s.moves()) else s
        while s.in_turn:
            s = s.play(s.moves()[0])
    assert seen == [0, 1, 2, 3, 0]


# ---- a turn -------------------------------------------------------------------------------

def test_turn_choose_a_well_of_your_own_region():
    s = xlib.game("xallies").start()
    assert s.explain("4+") == "Well 4 is in purple's region; blue sows only from wells 0–3."
    assert [str(m) for m in s.moves()] == ["0+", "0-", "1+", "1-", "2+", "2-", "3+", "3-"]


def test_turn_well_must_hold_a_coloured_piece():
    s = pos({0: "bb*", 1: "*", 4: "pp*", 8: "gg*"})
    assert s.explain("1+") == "Well 1 holds no coloured piece to sow (black pieces never move)."


def test_turn_other_players_pieces_in_your_region_may_be_picked_up():
    s = pos({2: "gp*", 4: "pp*", 8: "gg*"})
    after = s.play("2+:gp")
    assert contents(after, 2) == "*" and contents(after, 3) == "g*" and contents(after, 4) == "ppp*"


def test_turn_pass_when_no_well_of_your_region_holds_a_coloured_piece():
    s = pos({4: "bbpp", 8: "gg*"})
    assert s.moves() == ["pass"]
    after = s.play("pass")
    assert after.to_move == 1 and after.turns() == ["pass"]
    assert pos({0: "b*", 4: "pp*"}).explain("pass") == (
        "Blue may pass only when no well of their region holds a coloured piece.")


def test_sowing_picks_up_all_coloured_pieces_black_pieces_never_move():
    s = pos({1: "bbb*", 4: "pp*", 8: "gg*"}).play("1+")
    assert contents(s, 1) == "*"
    assert [contents(s, w) for w in (2, 3, 4)] == ["b*", "b*", "bpp*"]


def test_sowing_either_direction_kept_for_the_turn():
    s = pos({1: "bbb*", 4: "pp*", 8: "gg*"}, store=6).play("1-")
    assert [contents(s, w) for w in (0, 11, 10)] == ["b*", "b*", "b*"]
    assert contents(s, 2) == "*"


def test_sowing_twelve_or_more_skips_the_origin_well():
    s = pos({0: "b" * 8 + "ggggg*", 4: "pp*", 8: "gg*"}, store=6, supply=None).play("0+:" + "b" * 8 + "ggggg")
    assert contents(s, 0) == "*"  # 13 pieces: wells 1 to 11, then past the origin to 1 and 2
    assert contents(s, 1) == "bg*" and contents(s, 2) == "bg*" and contents(s, 3) == "b*"


def test_drop_order_mover_chooses_colour_drop_by_drop():
    s = pos({3: "bpp*", 8: "gg*"}).play("3+")
    assert s.in_turn and s.to_move == 0
    assert sorted(map(str, s.moves())) == ["b", "p"]
    s = s.play("p")
    assert contents(s, 4) == "p*" and s.in_turn and s.to_move == 0  # b and p still in hand
    s = s.play("b")
    assert not s.in_turn and s.to_move == 1  # the last piece (p) needed no decision
    assert s.turns() == ["3+:pbp"]
    assert [contents(s, w) for w in (4, 5, 6)] == ["p*", "b*", "p*"]


def test_drop_order_single_colour_hand_needs_no_decision():
    s = pos({3: "bbp*", 8: "gg*"}).play("3+").play("p")
    assert not s.in_turn
    assert s.turns() == ["3+:pbb"]
    assert [contents(s, w) for w in (4, 5, 6)] == ["p*", "b*", "b*"]


def test_drop_order_own_first_option():
    g = xlib.game("xallies", drop_order="own-first")
    s = g.position("0:* 1:* 2:* 3:* 4:* 5:gbpg 6:* 7:* 8:gg* 9:* 10:* 11:bbbbbbbpppppppgggg ; to p")
    assert s.moves() == ["4+", "4-", "5+", "5-", "6+", "6-", "7+", "7-"][2:4]
    after = s.play("5+")
    assert after.turns() == ["5+:pggb"]  # own colour, then green, then blue (turn order after purple)
    assert s.explain("5+:gpgb") == "Drop 1 of 5+:gpgb must be p (with drop order own-first)."


def test_whole_turn_notation_plays_every_drop():
    s = pos({3: "bpp*", 8: "gg*"})
    after = s.play("3+:pbp")
    assert after.turns() == ["3+:pbp"]
    assert [contents(after, w) for w in (4, 5, 6)] == ["p*", "b*", "p*"]
    assert s.explain("3+:bb") == "Drop 2 of 3+:bb must be p (only purple is left in hand)."
    assert s.explain("3+:gpp") == ("Drop 1 of 3+:gpp is g, but the hand holds no green piece then "
                                   "(it holds b, p).")
    assert s.explain("3+:bp") == "3+:bp lists 2 drops, but this turn drops 3 pieces."
    assert s.explain("3+:bppp") == "3+:bppp lists 4 drops, but this turn drops 3 pieces."


# ---- after every drop ---------------------------------------------------------------------

def test_white_piece_for_own_colour_first_well_past_a_boundary():
    s = pos({3: "b*", 8: "gg*"}).play("3+")
    assert s.whites == (1, 0, 0) and s.supply == 11
    assert s.ledger.whites_taken[0].well == 4


def test_white_piece_counter_clockwise_boundary():
    s = pos({0: "b*", 8: "gg*"}).play("0-")
    assert contents(s, 11) == "b*" and s.whites == (1, 0, 0)


def test_white_piece_other_colours_earn_nothing():
    s = pos({3: "g*", 8: "gg*"}).play("3+")
    assert s.whites == (0, 0, 0) and s.supply == 12


def test_white_piece_not_for_a_well_inside_a_region():
    s = pos({1: "b*", 8: "gg*"}).play("1+")
    assert s.whites == (0, 0, 0)


def test_white_piece_every_crossing_counts():
    s = pos({3: "b" * 8 + "g*", 6: "pp*"}, store=1).play("3+:bgbbbbbbb")  # 4..11 and 0: 3|4, 7|8, 11|0
    assert s.whites == (3, 0, 0)
    assert [c.well for c in s.ledger.whites_taken] == [4, 8, 0]


def test_white_piece_empty_supply_crossing_is_denied():
    s = pos({3: "b*", 8: "gg*"}, supply=0).play("3+")
    assert s.whites == (0, 0, 0)
    assert [(c.mover, c.well) for c in s.ledger.denied] == [(0, 4)]


def test_black_piece_alliance_of_two_pairs():
    s = pos({3: "b*", 4: "bpp*", 8: "gg*"}).play("3+")
    assert contents(s, 4) == "bbpp" and s.points == (3, 3, 0)
    assert s.ledger.claimed == (Claim(turn=1, mover=0, coalition=(0, 1), well=4),)


def test_black_piece_alliance_of_three_pairs():
    # four players: with three, the third colour in a well would already have wasted its black piece
    s = pos({0: "b*", 6: "bbppg*", 7: "g*"}, players=4, to="g", turn=2).play("7-")
    assert s.points == (3, 3, 3, 0)
    assert s.ledger.claimed[0].coalition == (0, 1, 2) and s.ledger.wasted == ()


def test_black_piece_alliance_pays_players_without_the_mover():
    s = pos({3: "p*", 4: "pgg*", 8: "gg*"}).play("3+")
    assert s.points == (0, 3, 3)
    assert s.ledger.claimed[0].mover == 0 and s.ledger.claimed[0].coalition == (1, 2)


def test_black_piece_alliance_needs_exactly_two_of_every_colour():
    s = pos({3: "p*", 4: "bbbp*", 8: "gg*"}).play("3+")
    assert s.points == (0, 0, 0) and contents(s, 4) == "bbbpp*"


def test_black_piece_alliance_needs_two_colours():
    s = pos({3: "b*", 4: "b*", 8: "gg*"}).play("3+")
    assert s.points == (0, 0, 0) and contents(s, 4) == "bb*"


def test_black_piece_waste_when_every_players_colour_is_present():
    s = pos({3: "g*", 4: "bp*", 8: "gg*"}).play("3+")
    assert contents(s, 4) == "bpg" and s.points == (0, 0, 0)
    assert s.ledger.wasted == (Waste(turn=1, mover=0, well=4),)


def test_black_piece_waste_in_four_players_needs_all_four_colours():
    s = pos({2: "g*", 3: "bp*", 6: "gg*"}, players=4).play("2+")
    assert contents(s, 3) == "bpg*" and s.ledger.wasted == ()
    s = pos({2: "y*", 3: "bpg*", 6: "gg*"}, players=4).play("2+")
    assert contents(s, 3) == "bpgy" and len(s.ledger.wasted) == 1


def test_black_piece_rule_only_if_the_well_still_holds_one():
    s = pos({3: "b*", 4: "bpp", 8: "gg*"}).play("3+")
    assert s.points == (0, 0, 0) and s.ledger.claimed == ()


def test_black_piece_checked_after_every_single_drop():
    # the first drop makes an alliance in well 4; the second drop arrives in 5 later in the same turn
    s = pos({3: "bb*", 4: "bpp*", 5: "bp*", 8: "gg*"}).play("3+")
    assert s.points == (3, 3, 0) and contents(s, 4) == "bbpp"
    # a later drop that spoils a pair does not undo a claim
    s = pos({2: "bbb*", 3: "*", 4: "bpp*", 8: "gg*"}).play("2+")
    assert contents(s, 4) == "bbpp" and s.points == (3, 3, 0)


def test_white_then_black_after_the_same_drop():
    s = pos({3: "b*", 4: "bpp*", 8: "gg*"}).play("3+")
    assert s.whites == (1, 0, 0) and s.points == (3, 3, 0)


# ---- end of play, shooting and score -------------------------------------------------------

def test_end_after_the_turn_that_removes_the_last_black_piece():
    text = "0: 1: 2: 3:bb 4:bpp* 5:p 6:pp 7:pp 8:gg 9:ggbbbbbp 10:gg 11:gg ; to b"
    g = xlib.game("xallies", shooting="expected")
    s = g.position(text).play("3+")
    assert s.over and s.black_left == 0
    assert contents(s, 5) == "bp"  # the sowing was finished after the last black piece went
    assert s.ledger.unresolved == ()


def test_end_round_cap_leaves_black_pieces_unresolved():
    s = xlib.game("xallies", rounds=1, shooting="expected").start()
    for t in ("3+:bb", "7+:pp", "11+:gg"):
        assert not s.over
        s = s.play(t)
    assert s.over and s.turn == 3
    assert len(s.ledger.unresolved) == 12 - len(s.ledger.claimed) - len(s.ledger.wasted) == 12


def test_end_round_cap_default_is_120_rounds():
    assert xlib.game("xallies").options["rounds"] == 120


def _finished(seed: int, **options) -> xlib.State:
    import random
    rng = random.Random(seed)
    s = xlib.game("xallies", **options).start(seed=seed)
    while not s.over:
        s = s.play(rng.choice(s.moves()))
    return s


def test_shooting_bernoulli_with_skill_one_and_zero():
    s = _finished(3, skill=1.0)
    assert s.hits == tuple(s.whites) and all(all(sh) for sh in s.ledger.shots)
    s = _finished(3, skill=0.0)
    assert s.hits == (0, 0, 0)


def test_shooting_skill_per_player():
    s = _finished(5, skill=[1.0, 0.0, 1.0])
    assert s.hits == (s.whites[0], 0, s.whites[2])


def test_shooting_seeded_by_game_seed_and_player():
    a, b = _finished(11), _finished(11)
    assert a.ledger.shots == b.ledger.shots
    rng = xlib.stream(11, "xallies-shots", 1)
    assert a.ledger.shots[1] == tuple(rng.random() < 0.5 for _ in range(a.whites[1]))


def test_shooting_expected_value_mode():
    s = _finished(2, shooting="expected", skill=[0.5, 0.25, 1.0])
    assert s.hits == (0.5 * s.whites[0], 0.25 * s.whites[1], 1.0 * s.whites[2])
    assert s.scores == tuple(p + h for p, h in zip(s.points, s.hits))


def test_shooting_manual_mode_people_enter_hits_and_misses():
    g = xlib.game("xallies", shooting="manual", rounds=1)
    s = g.start()
    for t in ("3+:bb", "7+:pp", "11+:gg"):
        s = s.play(t)
    assert not s.over and s.to_move == 0 and s.moves() == ["hit", "miss"]
    s = s.play("hit").play("miss").play("hit")
    assert s.over and s.hits == (1, 0, 1)
    assert s.explain("hit") == "The game is over."


def test_score_three_per_alliance_black_plus_hits_highest_wins():
    s = _finished(7, shooting="expected", skill=0.0)
    assert s.scores == tuple(float(p) for p in s.points)
    assert all(s.scores[w] == max(s.scores) for w in s.winners)


def test_score_tie_is_a_shared_win():
    text = "0: 1: 2: 3:b 4:bpp* 5: 6: 7: 8:gg 9:gg 10:ggbbbbbbpppppp 11:gg ; to b ; supply 0"
    s = xlib.game("xallies", shooting="expected").position(text).play("3+")
    assert s.over and s.scores == (3, 3, 0) and s.winners == (0, 1)


# ---- notation and the worked start ---------------------------------------------------------

def test_notation_whole_turn_decision_drop_and_pass():
    s = xlib.game("xallies").start()
    assert str(s.parse("3+:bb")) == "3+:bb" and str(s.parse("10-")) == "10-"
    assert str(s.parse("pass")) == "pass" and str(s.parse("g")) == "g"


def test_worked_start_three_players():
    s = xlib.game("xallies").start()
    s = s.play("3+:bb")
    assert s.position_text().startswith("0:bb* 1:bb* 2:bb* 3:* 4:bpp* 5:bpp*") and s.whites == (1, 0, 0)
    s = s.play("7+:pp")
    assert (contents(s, 8), contents(s, 9), s.whites) == ("pgg*", "pgg*", (1, 1, 0))
    s = s.play("11+:gg")
    assert (contents(s, 0), contents(s, 1), s.whites) == ("bbg*", "bbg*", (1, 1, 1))
    s = s.play("2+:bb")
    assert (contents(s, 3), contents(s, 4)) == ("b*", "bbpp")
    assert s.points == (3, 3, 0) and s.whites == (2, 1, 1)
    assert s.turns() == ["3+:bb", "7+:pp", "11+:gg", "2+:bb"]


def test_ledger_keeps_turn_and_mover_of_every_event():
    s = xlib.game("xallies").start()
    for t in ("3+:bb", "7+:pp", "11+:gg", "2+:bb"):
        s = s.play(t)
    led = s.ledger
    assert [(c.turn, c.mover, c.well) for c in led.whites_taken] == [(1, 0, 4), (2, 1, 8), (3, 2, 0), (4, 0, 4)]
    assert led.claimed == (Claim(4, 0, (0, 1), 4),)


def test_notation_digits_are_ascii_and_a_well_may_be_written_with_leading_zeros():
    s = xlib.game("xallies").start()
    assert s.parse("03+") == "3+" and str(s.parse("03+:bb")) == "3+:bb"
    for text in ("٣+", "³+", "3+:b٣"):
        with pytest.raises(xlib.NotationError, match="is not a digit 0-9"):
            s.play(text)


def test_score_compared_exactly_in_the_expected_value_mode():
    # 0.1 × 3 and 0.3 × 1 are both 0.3: a tie, although 0.1 * 3 != 0.3 in floating point
    text = ("0: 1: 2: 3:b 4:bpp* 5: 6: 7: 8:gg 9:gg 10:ggbbbbbbpppppp 11:gg ; to b ; whites 3 1 0 ; supply 0")
    s = xlib.game("xallies", shooting="expected", skill=[0.1, 0.3, 0.5]).position(text).play("3+")
    assert s.over and s.points == (3, 3, 0)
    assert s.winners == (0, 1) and s.scores[0] == s.scores[1] == 3.3
    assert s.exact_scores[0] == s.exact_scores[1] and s.hits == (0.3, 0.3, 0.0)


# ---- position text --------------------------------------------------------------------------

FULL = "0:bb* 1:bb* 2:bb* 3:bb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg*"


def test_position_text_fields_and_defaults():
    s = xlib.game("xallies").position(FULL + " ; to p ; points 0 3 3 ; whites 1 0 2 ; supply - ; turn 4")
    assert (s.to_move, s.points, s.whites, s.supply, s.turn) == (1, (0, 3, 3), (1, 0, 2), None, 4)
    s = xlib.game("xallies", supply=5).position(FULL)
    assert (s.to_move, s.points, s.whites, s.supply, s.turn) == (0, (0, 0, 0), (0, 0, 0), 5, 0)


@pytest.mark.parametrize("text, message", [
    ("0:bb*", r"the position lists no well 1"),
    ("0:bb* 0:bb*", r"well 0 is listed twice"),
    ("12:bb* " + FULL, r"well 12 is not a well: wells are numbered 0–11"),
    ("x", r"'x' is not a well"),
    ("0:b** " + FULL[6:], r"well 0 has two black pieces"),
    ("0:yy* " + FULL[6:], r"'y' is grey, which does not play"),
    (FULL + " ; to q", r"'q' in 'q' is not a colour letter"),
    (FULL + " ; to bp", r"'to' takes one colour letter, not 'bp'"),
    (FULL + " ; points 1 2", r"points needs 3 whole numbers \(digits 0-9\), one per player, not '1 2'"),
    (FULL + " ; whites 1 -2 0", r"whites needs 3 whole numbers"),
    (FULL + " ; supply x", r"supply \(a whole number or -\) must be written with the digits 0-9, not 'x'"),
    (FULL + " ; colour b", r"'colour b' is not a position field; fields: to, points, whites, supply, turn"),
    (FULL + " ; to p ; turn 3", r"after 3 turns it is blue's move, not purple's"),
    (FULL + " ; turn 360", r"turn 360 is past the round cap \(120 rounds\)"),
    (FULL + " ; turn 99999999999999999999", r"turn 99999999999999999999… has more than 18 digits"),
    (FULL.replace("*", ""), r"no black piece left, so play would already be over"),
])
def test_position_text_malformed_is_a_position_error(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xlib.game("xallies").position(text)


@pytest.mark.parametrize("field", ["to p", "points 1 1 1", "whites 0 0 0", "supply 3", "turn 0"])
def test_position_text_each_field_once(field):
    with pytest.raises(xlib.PositionError, match=f"the field '{field.split()[0]}' is given twice"):
        xlib.game("xallies").position(f"{FULL} ; {field} ; {field}")


@pytest.mark.parametrize("players, text, message", [
    (3, FULL.replace("0:bb*", "0:b*"), "the position has 7 blue pieces; coloured pieces never leave the board, "
                                       "so a 3-player game always has 8 of each colour"),
    (3, FULL.replace("0:bb*", "0:bbb*"), "the position has 9 blue pieces"),
    (4, "0:bb* 1:bb* 2:bb* 3:pp* 4:pp* 5:pp* 6:gg* 7:gg* 8:gg* 9:yy* 10:yy* 11:y*",
     "the position has 5 grey pieces; .* a 4-player game always has 6 of each colour"),
])
def test_position_text_colour_counts_are_the_sets(players, text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xlib.game("xallies", players=players).position(text)


def test_position_text_no_black_piece_that_an_alliance_would_have_claimed():
    text = "0:bb* 1:bb* 2:bb* 3:* 4:bbpp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg*"
    with pytest.raises(xlib.PositionError, match="well 4 still has its black piece, but its pieces make an "
                                                 "alliance .* which would already have claimed it"):
        xlib.game("xallies").position(text)
    assert xlib.game("xallies").position(text.replace("4:bbpp*", "4:bbpp")).black_left == 11


def test_position_text_no_black_piece_that_a_waste_would_have_removed():
    text = "0:bb* 1:bb* 2:bb* 3:b* 4:bpg* 5:pp* 6:pp* 7:ppp* 8:gg* 9:gg* 10:gg* 11:g*"
    with pytest.raises(xlib.PositionError, match="well 4 still has its black piece, but every player's colour "
                                                 "is in it, so it would already have been wasted"):
        xlib.game("xallies").position(text)
    four = "0:bb* 1:bb* 2:b* 3:bpg* 4:pp* 5:ppp* 6:gg* 7:gg* 8:g* 9:yy* 10:yy* 11:yy*"
    assert xlib.game("xallies", players=4).position(four).well(3) == ((1, 1, 1, 0), True)  # grey is missing


def test_position_text_digits_are_ascii():
    with pytest.raises(xlib.PositionError, match="is not a digit 0-9"):
        xlib.game("xallies").position(FULL.replace("3:", "٣:"))
    with pytest.raises(xlib.PositionError, match="is not a digit 0-9"):
        xlib.game("xallies").position(FULL + " ; turn ³")
