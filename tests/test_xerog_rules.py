"""Xero-G (RULES.md section 4): one test per rule on small positions, perft regressions,
an independent brute-force move generator, properties and bad input."""
import random

import pytest
from hypothesis import given, settings, strategies as st

import xlib
from xlib.games.xerog import WIN

S, N = 0, 1
EMPTY6 = "000000"


def pos(ranks: dict[int, str], to: str = "S", **options) -> xlib.State:
    """A position from the ranks given (rank number -> six digits), the rest empty."""
    text = "/".join(ranks.get(r, EMPTY6) for r in range(6, 0, -1)) + " " + to
    return xlib.game("xerog", **options).position(text)


def names(s) -> set[str]:
    return {str(m) for m in s.moves()}


# ---- set-up -------------------------------------------------------------------------------

def test_setup_first_player_then_second_then_first_flies():
    s = xlib.game("xerog").start()
    assert s.in_setup and s.to_move == S and len(s.moves()) == 90  # arrangements of 332211
    s = s.play("setup 321123").play("setup 123321")
    assert not s.in_setup and s.to_move == S
    assert s.position_text() == "123321/000000/000000/000000/000000/321123 S"


def test_setup_needs_two_of_each_size():
    s = xlib.game("xerog").start()
    assert s.explain("setup 333111") == ("setup 333111: a back row holds 2 large, 2 medium and 2 small "
                                         "pyramids (the digits 3, 3, 2, 2, 1, 1).")
    assert s.explain("a1-a2") == "First South arranges the back row, like setup 321123."


def test_setup_first_player_option_and_quick_start_option():
    s = xlib.game("xerog", first="north").start()
    assert s.to_move == N
    q = xlib.game("xerog", quick_start=True).start()
    assert not q.in_setup and q.position_text() == "321123/000000/000000/000000/000000/321123 S"


def test_setup_north_first_arranges_rank_six():
    s = xlib.game("xerog", first="north").start().play("setup 321123")
    assert s.pips("a6") == 3 and s.to_move == S and s.in_setup


# ---- home row -----------------------------------------------------------------------------

def test_home_row_is_the_occupied_rank_nearest_your_side():
    s = pos({2: "010000", 5: "000010"})
    assert s.home_rank(S) == 2 and s.home_rank(N) == 5
    assert {m.flight.squares[0] for m in s.moves()} == {6 + 1}  # only b2 flies for South
    assert pos({2: "010000", 5: "000010"}, to="N").home_row_squares() == ["e5"]


def test_home_row_a_pyramid_not_in_it_cannot_fly():
    s = pos({1: "100000", 3: "001000"})
    assert s.explain("c3-c4") == "c3-c4: c3 is not in South's home row: South flies the pyramids of rank 1 (a1)."


def test_home_row_falls_back_when_no_pyramid_there_can_move():
    # rank 1 holds only large and medium pyramids boxed in by a full rank 2: none can pass through
    s = pos({1: "332233", 2: "112211"})
    assert s.home_rank(S) == 1
    assert s.home_row_squares() == ["a2", "b2", "c2", "d2", "e2", "f2"]
    assert s.explain("a1-a3") == ("a1-a3: a1 is not in South's home row: South flies the pyramids of rank 2 "
                                  "(a2, b2, c2, d2, e2, f2); rank 1 is nearer, but none of its pyramids can move.")


def test_pass_when_no_pyramid_of_any_rank_can_move():
    full = xlib.game("xerog").position("/".join(["333333"] * 6) + " S")
    assert full.moves() == ["pass"] and full.explain("pass") is None
    s = full.play("pass").play("pass").play("pass").play("pass")  # the same position a third time: a draw
    assert s.over and s.winners == (S, N)
    assert pos({1: "100000"}).explain("pass") == ("Passing is allowed only when no pyramid of any occupied "
                                                  "rank can move.")


def test_flight_passes_only_through_empty_squares():
    s = pos({1: "030000", 2: "010000"})
    assert s.explain("b1-b4") == ("b1-b4: a square in the way is occupied (b2): ships pass only through empty "
                                  "squares and land on the last step of a leg.")


def test_flight_start_square_counts_as_empty_once_left():
    s = pos({1: "020000", 2: "003000"})
    after = s.play("b1-c2-a1")  # the boost from c2 flies c1, b1 (the vacated start) and lands on a1
    assert after.position_text().endswith("003000/200000 N")
    flight = after.last_move.flight
    assert [sq for sq in flight.squares] == [1, 7, 8, 2, 1, 0]


def test_flight_rocket_boost_from_a_landed_pyramid():
    s = pos({1: "010000", 2: "020000"})
    after = s.play("b1-b2-b4")
    assert after.pips("b2") == 2 and after.pips("b4") == 1 and after.pips("b1") == 0


def test_flight_reprogram_moves_the_landed_pyramid_even_to_the_start_square():
    s = pos({1: "010000", 2: "020000", 4: "000100"})
    after = s.play("b1-b2>b1")
    assert (after.pips("b1"), after.pips("b2")) == (2, 1)
    assert s.play("b1-b2>e4").pips("e4") == 2


def test_flight_reprogram_not_beyond_the_opponents_home_row():
    s = pos({1: "010000", 2: "020000", 4: "000100"})
    assert s.explain("b1-b2>e5") == ("b1-b2>e5: e5 is beyond the opponent's home row: a reprogrammed pyramid "
                                     "may not go on a rank between the opponent's home row and the opponent's base.")
    assert s.explain("b1-b2>d4") == "b1-b2>d4: the drop square d4 is occupied."


def test_flight_landing_on_a_pyramid_must_boost_or_reprogram():
    s = pos({1: "010000", 2: "020000"})
    assert s.explain("b1-b2") == ("b1-b2: the flight lands on the pyramid on b2: it must boost (b1-…-b2-…) "
                                  "or reprogram it (b1-…-b2>sq).")


def test_gates_each_crossed_once_per_turn_named_when_reused():
    s = pos({1: "010000", 2: "010000"})
    assert s.explain("b1-b2-b1") == ("b1-b2-b1: every such flight crosses a gate already crossed this turn "
                                     "(the gate b1|b2); each gate is crossed at most once a turn.")
    assert "b1-b2-b1" not in names(s)


def test_gates_a_square_may_be_passed_twice_through_other_gates():
    # a1 lands on a2, boosts 3 to c1 (through b2), boosts 3 to b3: with c3 occupied, through b2 again
    s = pos({1: "103000", 2: "300000", 3: "001000"})
    after = s.play("a1-a2-c1-b3")
    assert after.last_move.flight.squares.count(7) == 2  # b2, entered twice through different gates
    gates = after.last_move.flight.gates
    assert len(gates) == len(set(gates)) == 7


def test_base_entered_only_on_the_last_step_of_a_leg_and_wins():
    s = pos({6: "100000"})
    assert "a6-N" in names(s)
    after = s.play("a6-N")
    assert after.over and after.winners == (S,) and after.scores == (1.0, 0.0)
    blocked = pos({6: "310000"})  # 3 steps from a6 can end in the base only through a5 and back
    assert blocked.explain("a6-N") == ("a6-N: the base may be entered only on the last step of a leg, and no "
                                       "3-step leg from a6 ends there.")
    assert blocked.explain("b6-N") is None  # the small pyramid next to the base flies straight in,
    assert blocked.parse("b6-N") in blocked.moves()  # and every flight into the base is the one win


def test_base_your_own_base_is_never_entered():
    s = pos({1: "100000"})
    assert s.explain("a1-S") == "a1-S: South's own base is never entered; fly into the opponent's base (N)."
    assert not any(str(m).endswith("-S") for m in s.moves())


def test_board_must_have_changed():
    s = pos({1: "110000", 4: "000001"})
    assert s.explain("a1-b1>a1") == ("a1-b1>a1: the flight leaves every square with the pips it had; the board "
                                     "must have changed.")


def test_moves_are_outcomes_equal_boards_are_one_move():
    s = pos({1: "020000"})
    moves = s.moves()
    assert len([m for m in moves if str(m) in ("b1-c2", "b1-a2")]) == 2
    assert len(moves) == len({m.key() for m in moves})
    assert s.parse("b1-c2") in moves
    wins = [m for m in pos({6: "200000", 5: "000000"}).moves() if m.key() == WIN]
    assert len(wins) == 1


def test_moves_keep_a_witness_path():
    s = pos({1: "020000", 2: "003000"})
    m = next(m for m in s.moves() if str(m) == "b1-c2-a1")
    assert m.flight.landings == (8, 0) and len(m.flight.gates) == 5
    assert m.flight.gate_names()[0] in ("b1|b2", "b1|c1")


def test_notation_any_flight_reaching_a_legal_outcome_is_accepted():
    s = pos({1: "020000"})
    assert s.play("b1-c2").position_text() == s.play(s.parse("b1-c2")).position_text()
    q = xlib.game("xerog", quick_start=True).start()
    for text in ("b1-b3", "c1-c2", "a1-a4"):
        assert q.explain(text) is None


# ---- draws --------------------------------------------------------------------------------

def test_draw_a_position_seen_the_third_time():
    s = pos({1: "100000", 6: "000001"})
    for _ in range(2):
        for m in ("a1-a2", "f6-f5", "a2-a1", "f5-f6"):
            assert not s.over
            s = s.play(m)
    assert s.over and s.winners == (S, N) and s.scores == (0.5, 0.5)


def test_draw_after_the_ply_limit_option():
    s = pos({1: "100000", 6: "000001"}, max_plies=3)
    for m in ("a1-a2", "f6-f5", "a2-a3"):
        s = s.play(m)
    assert s.over and s.winners == (S, N)


# ---- perft and text -----------------------------------------------------------------------

def perft(s, depth: int) -> int:
    if depth == 0 or s.over:
        return 1
    return sum(perft(s.play(m), depth - 1) for m in s.moves())


def test_perft_from_the_quick_start():
    q = xlib.game("xerog", quick_start=True).start()
    assert perft(q, 1) == 210
    assert perft(q, 2) == 49924


@pytest.mark.parametrize("text, count", [
    ("000000/000000/000000/000000/000000/010000 S", 3),
    ("000000/000000/000000/000000/003000/020000 S", None),
    ("030030/010000/000300/120001/003000/201022 S", None),
])
def test_perft_small_positions(text, count):
    s = xlib.game("xerog").position(text)
    if count is not None:
        assert perft(s, 1) == count
    assert perft(s, 1) == len(brute_outcomes(s))


def test_position_text_read_and_written_back():
    for text in ("321123/000000/000000/000000/000000/321123 S", "030030/010000/000300/120001/003000/201022 N"):
        assert xlib.game("xerog").position(text).position_text() == text


# ---- an independent brute force -----------------------------------------------------------

def brute_outcomes(s) -> set:
    """Every outcome by plain recursion over flights with explicit gate sets (no memo, no engine code)."""
    board = {(f, r): int(ch) for r, row in zip(range(5, -1, -1), s.position_text().split()[0].split("/"))
             for f, ch in enumerate(row)}
    mover = s.to_move
    goal_rank, goal = (5, "N") if mover == S else (0, "S")

    def flights_from(start):
        out = set()
        b = dict(board)
        ship = b[start]
        b[start] = 0

        def step_options(at):
            f, r = at
            for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                if 0 <= f + df < 6 and 0 <= r + dr < 6:
                    yield (f + df, r + dr), frozenset((at, (f + df, r + dr)))
            if r == goal_rank:
                yield goal, frozenset((at, goal))

        def leg(at, left, gates):
            for nxt, gate in step_options(at):
                if gate in gates:
                    continue
                if nxt == goal:
                    if left == 1:
                        out.add("win")
                    continue
                if left > 1:
                    if b[nxt] == 0:
                        leg(nxt, left - 1, gates | {gate})
                    continue
                if b[nxt] == 0:
                    after = dict(b)
                    after[nxt] = ship
                    out.add(tuple(sorted(after.items())))
                else:
                    lift = dict(b)
                    lift[nxt] = ship
                    occupied = [r for (f, r), v in lift.items() if v]
                    opp = max(occupied) if mover == S else min(occupied)
                    for d, v in lift.items():
                        if v == 0 and (d[1] <= opp if mover == S else d[1] >= opp):
                            after = dict(lift)
                            after[d] = b[nxt]
                            out.add(tuple(sorted(after.items())))
                    leg(nxt, b[nxt], gates | {gate})

        leg(start, ship, frozenset())
        out.discard(tuple(sorted(board.items())))
        return out

    ranks = range(6) if mover == S else range(5, -1, -1)
    for r in ranks:
        starts = [(f, r) for f in range(6) if board[(f, r)]]
        found = set()
        for st_ in starts:
            found |= flights_from(st_)
        if found:
            return found
    return set()


def engine_outcomes(s) -> set:
    out = set()
    for m in s.moves():
        if m.key() == WIN:
            out.add("win")
        elif str(m) != "pass":
            out.add(tuple(sorted(((i % 6, i // 6), v) for i, v in enumerate(m.key()))))
    return out


@settings(max_examples=25)
@given(st.integers(0, 10**6))
def test_moves_equal_an_independent_brute_force(seed):
    rng = random.Random(seed)
    s = xlib.game("xerog", quick_start=True).start(seed=seed)
    for _ in range(rng.randrange(0, 30)):
        if s.over:
            break
        s = s.play(rng.choice(s.moves()))
    if not s.over:
        assert engine_outcomes(s) == brute_outcomes(s)


# ---- properties ---------------------------------------------------------------------------

@settings(max_examples=20)
@given(st.integers(0, 10**6))
def test_random_games_conserve_pyramids_replay_notation_and_end(seed):
    rng = random.Random(seed)
    s = xlib.game("xerog", max_plies=60).start(seed=seed)
    s = s.play(rng.choice(s.moves())).play(rng.choice(s.moves()))
    while not s.over:
        moves = s.moves()
        for m in rng.sample(moves, min(3, len(moves))):  # every generated move replays from its notation
            assert s.play(str(m)).position_text() == s.play(m).position_text() or s.play(m).over
        s = s.play(rng.choice(moves))
        pips = sorted(p for p in s.board if p)
        assert pips == [1] * 4 + [2] * 4 + [3] * 4 or s.over
    assert s.flown <= 60
    assert xlib.replay(s.record()).winners == s.winners


@pytest.mark.parametrize("text, message", [
    ("z1-z2", r"'z1-z2' is not Xero-G notation"),
    ("b1", r"'b1' names no landing square"),
    ("setup 12", r"'setup 12' is not a set-up"),
])
def test_bad_notation(text, message):
    with pytest.raises(xlib.NotationError, match=message):
        xlib.game("xerog", quick_start=True).start().play(text)


@pytest.mark.parametrize("text, message", [
    ("321123 S", r"the position has 1 ranks, not 6"),
    ("321123/000000/000000/000000/000000/32112a S", r"rank 1 \('32112a'\) needs six digits 0–3"),
    ("321123/000000/000000/000000/000000/321123 E", r"the side to move is S or N"),
    ("000000/000000/000000/000000/000000/000000 S", r"the position has no pyramid"),
    ("321123", r"a Xero-G position is the ranks 6 to 1"),
])
def test_bad_position_text(text, message):
    with pytest.raises(xlib.PositionError, match=message):
        xlib.game("xerog").position(text)


def test_bad_options():
    with pytest.raises(xlib.OptionError, match=r"first='east' is not valid"):
        xlib.game("xerog", first="east")
    with pytest.raises(xlib.OptionError, match=r"repetitions=1 is not valid: it must be at least 2"):
        xlib.game("xerog", repetitions=1)
