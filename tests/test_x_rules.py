"""X (RULES.md section 5): one test per rule, and brute-force checks of corners and 'decided'."""
import random

import pytest
from hypothesis import given, strategies as st

import xlib
from xlib.games.x import winner

R, Y, G = 0, 1, 2


def board(rows: list[str], to: str = "R") -> xlib.State:
    return xlib.game("x", size=len(rows)).position("/".join(rows) + " " + to)


# ---- an independent brute force -----------------------------------------------------------

def neighbours(n, q, r):
    for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        if 0 <= q + dq < n and 0 <= r + dr < n:
            yield q + dq, r + dr


def groups(cells: dict, n: int) -> list[tuple[int, set]]:
    seen, out = set(), []
    for start, colour in cells.items():
        if colour is None or start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for nb in neighbours(n, *c):
                if nb not in group and cells.get(nb) == colour:
                    group.add(nb)
                    todo.append(nb)
        seen |= group
        out.append((colour, group))
    return out


CORNERS = lambda n: [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)]  # noqa: E731


def owner_by_side(cells: dict, n: int, corner, which: int):
    """Owner of `corner`: the connecting group reaching farthest along side `which` (0 or 1)."""
    cq, cr = corner
    side_a = lambda c: c[0] == cq  # noqa: E731  (the q-side through the corner)
    side_b = lambda c: c[1] == cr  # noqa: E731
    best, colour = -1, None
    for col, grp in groups(cells, n):
        on_a = [abs(c[1] - cr) for c in grp if side_a(c)]
        on_b = [abs(c[0] - cq) for c in grp if side_b(c)]
        if on_a and on_b:
            reach = max(on_a) if which == 0 else max(on_b)
            if reach > best:
                best, colour = reach, col
    return colour


def cells_of(s) -> dict:
    n = s.game.n
    return {(q, r): s.stone(s.game.cell_name(q, r)) for q in range(n) for r in range(n)}


def random_position(rng: random.Random, n: int, fill: float):
    s = xlib.game("x", size=n).start()
    while not s.over and s.ply < fill * n * n:
        s = s.play(rng.choice(s.moves()))
    return s


# ---- board and notation -------------------------------------------------------------------

def test_board_default_size_nine_any_size_from_three():
    assert xlib.game("x").options["size"] == 9
    assert len(xlib.game("x", size=3).start().moves()) == 9
    with pytest.raises(xlib.OptionError, match=r"size=2 is not valid: it must be at least 3"):
        xlib.game("x", size=2)


def test_board_axial_neighbours():
    s = board(["...", ".R.", "..."])
    assert s.group("b2") == ["b2"]
    for nb in ("c2", "a2", "b3", "b1", "c1", "a3"):  # (±1,0), (0,±1), (+1,−1), (−1,+1)
        assert set(s.play(nb).group("b2")) == {"b2", nb}
    for far in ("a1", "c3"):  # (−1,−1) and (+1,+1) are not neighbours
        assert set(s.play(far).group("b2")) == {"b2"}


def test_notation_file_letter_for_q_rank_number_for_r():
    s = xlib.game("x", size=5).start().play("e1")
    assert s.stone("e1") == R and s.position_text().split("/")[0] == "....R"
    with pytest.raises(xlib.NotationError, match=r"'f1' is not a cell of the 5×5 board: files a–e, ranks 1–5"):
        s.play("f1")


def test_position_text_rows_from_rank_one_then_the_colour_to_move():
    s = xlib.game("x", size=3).position("R.Y/.G./... Y")
    assert s.stone("a1") == R and s.stone("c1") == Y and s.stone("b2") == G and s.stone("a3") is None
    assert s.to_move == Y and s.position_text() == "R.Y/.G./... Y"


def test_notation_upper_case_is_read_to_the_one_listed_notation():
    s = xlib.game("x", size=5).start()
    assert str(s.parse("E5")) == "e5" and s.parse("E5") is s.parse("e5")


# ---- turns --------------------------------------------------------------------------------

def test_turns_red_yellow_green_round_again_one_stone_no_pass_no_capture():
    s = xlib.game("x", size=4).start()
    order = []
    for m in ("a1", "b2", "c3", "d4"):
        order.append(s.to_move)
        s = s.play(m)
    assert order == [R, Y, G, R]
    assert [s.stone(c) for c in ("a1", "b2", "c3", "d4")] == [R, Y, G, R]
    assert "pass" not in s.moves() and len(s.moves()) == 12
    assert s.explain("pass") is not None


def test_turns_occupied_cell_is_explained():
    s = xlib.game("x", size=4).start().play("b2")
    assert s.explain("b2") == "b2 is taken by Red: a stone goes on an empty cell."


# ---- corners ------------------------------------------------------------------------------

def test_group_connects_a_corner_by_touching_both_sides():
    # Red b1-a2 touches r=0 and q=0: it connects corner a1 without the corner cell
    s = board([".R..", "R...", "....", "...."], to="Y")
    assert s.corners["a1"] == R and s.corners["d1"] is None


def test_outermost_connecting_group_owns_the_corner():
    s = board(["YR..", "R...", "....", "...."], to="G")  # Yellow on the corner cell, Red around it
    assert s.corners["a1"] == R


def test_stone_on_the_corner_cell_owns_unless_surrounded():
    s = board(["Y...", "....", "....", "...."], to="R")
    assert s.corners["a1"] == Y
    assert s.play("b1").play("d4").play("c4").play("a2").corners["a1"] == R


def test_decided_when_only_one_player_could_still_own_it():
    # Yellow holds a1 and the whole first file and rank: nobody can connect farther out
    s = board(["YYY", "Y..", "Y.."], to="R")
    assert s.decided["a1"] and s.final_corners["a1"] == Y
    assert not board(["Y..", "...", "..."], to="R").decided["a1"]  # still surroundable


def test_end_when_the_board_is_full_or_all_four_corners_decided():
    s = board(["RYG", "GRY", "YG."], to="R")  # nobody connects c3's sides yet
    assert not s.over and s.moves() == ["c3"] and not s.decided["c3"]
    assert s.play("c3").over and s.play("c3").corners["c3"] == R
    assert board(["RRR", "RRR", "RR."], to="Y").over  # Red surrounds c3: nothing left to decide
    early = board(["RRRRR", "R...R", "R....", "R...R", "RRRRR"], to="Y")
    assert early.over and early.scores == (4, 0, 0) and early.winners == (R,)
    assert early.explain("b2") == "The game is over."


@pytest.mark.parametrize("counts, won", [
    ((4, 0, 0), R), ((0, 4, 0), Y), ((3, 1, 0), R), ((1, 0, 3), G), ((2, 1, 1), R), ((1, 2, 1), Y),
    ((2, 2, 0), G), ((0, 2, 2), R), ((2, 0, 2), Y),
])
def test_winner_largest_unique_count_and_two_two_zero_goes_to_the_player_with_none(counts, won):
    assert winner(counts) == won


def test_credit_mark_steere():
    g = xlib.game("x")
    assert g.author == "Mark Steere" and "Mark Steere" in str(g.start())


# ---- brute-force properties ---------------------------------------------------------------

@given(st.integers(3, 8), st.integers(0, 10**6))
def test_owner_scanning_one_side_equals_scanning_the_other(n, seed):
    rng = random.Random(seed)
    s = random_position(rng, n, rng.random())
    cells = cells_of(s)
    for corner, name in zip(CORNERS(n), s.corners):
        a, b = owner_by_side(cells, n, corner, 0), owner_by_side(cells, n, corner, 1)
        assert a == b == s.corners[name]


@given(st.integers(3, 8), st.integers(0, 10**6))
def test_full_boards_every_corner_has_exactly_one_owner(n, seed):
    rng = random.Random(seed)
    cells = {(q, r): rng.randrange(3) for q in range(n) for r in range(n)}
    s = xlib.game("x", size=n).position(
        "/".join("".join("RYG"[cells[q, r]] for q in range(n)) for r in range(n)) + " R")
    assert s.over and all(o is not None for o in s.corners.values())
    assert s.final_corners == s.corners and sum(s.scores) == 4


@given(st.integers(3, 7), st.integers(0, 10**6))
def test_decided_is_exact_and_sound(n, seed):
    rng = random.Random(seed)
    s = random_position(rng, n, rng.random())
    over = s.over  # found as play went on, before `decided` looks at every corner
    cells = cells_of(s)
    empties = [c for c, v in cells.items() if v is None]
    decided = []
    for corner, name in zip(CORNERS(n), s.corners):
        could = {p for p in range(3) if owner_by_side({**cells, **{c: p for c in empties}}, n, corner, 0) == p}
        decided.append(len(could) == 1)
        assert s.decided[name] == (len(could) == 1)  # the definition, by brute force
        if s.decided[name]:
            for _ in range(5):  # random completions never change a decided corner's owner
                filled = {**cells, **{c: rng.randrange(3) for c in empties}}
                assert owner_by_side(filled, n, corner, 0) == s.final_corners[name]
    assert over == all(decided)  # play stops exactly when all four corners are decided


@given(st.integers(3, 9), st.integers(0, 10**6))
def test_random_games_one_winner_no_draws_stones_in_turn_order(n, seed):
    rng = random.Random(seed)
    s = xlib.game("x", size=n).start(seed=seed)
    while not s.over:
        s = s.play(rng.choice(s.moves()))
    assert s.ply <= n * n and len(s.winners) == 1 and sum(s.scores) == 4
    counts = [s.position_text().count(c) for c in "RYG"]
    assert counts[0] - counts[2] in (0, 1) and counts[0] - counts[1] in (0, 1)


WHOLE = ("an X position is the rows joined by / and the colour to move (R, Y or G), separated by one space, "
         "e.g. 'R.Y/.G./... Y'")


@pytest.mark.parametrize("text, message", [
    ("RRR/RRR R", "the position has 2 rows; a size-3 board has 3, joined by /"),
    ("RR/RRR/RRR R", "row 1 ('RR') has 2 cells, not 3"),
    ("RBR/RRR/RRR R", "'B' in row 1 is not a cell: use . R Y G"),
    ("RRR/RRR/RRR", WHOLE),
    ("RRR/RRR/RRR R Y", WHOLE),
    ("RRR/RRR/RRR R R", WHOLE),
    ("RRR/RRR/RRR RY", "the colour to move is one letter, R, Y or G, not 'RY'"),
    ("RRR/RRR/RRR r", "the colour to move is one letter, R, Y or G, not 'r'"),
    ("RRR/RRR/RRR B", "the colour to move is one letter, R, Y or G, not 'B'"),
])
def test_bad_position_text_is_a_position_error(text, message):
    with pytest.raises(xlib.PositionError) as err:
        xlib.game("x", size=3).position(text)
    assert str(err.value) == message


@pytest.mark.parametrize("text", ["j1", "a10", "a0", "i0", "z9", "a", "11", "e 5", "e5e5", "a³"])
def test_bad_notation_off_the_board_is_a_notation_error_and_changes_nothing(text):
    s = xlib.game("x", size=9).start().play("e5")
    before = (s.position_text(), len(s.moves()), s.ply)
    with pytest.raises(xlib.NotationError) as err:
        s.play(text)
    assert str(err.value) in (f"{text!r} is not a cell of the 9×9 board: files a–i, ranks 1–9, like e5",
                              f"'³' in {text!r} is not a digit 0-9: notation uses the ASCII digits only")
    assert (s.position_text(), len(s.moves()), s.ply) == before


def test_a_move_of_another_board_size_is_read_again_here():
    big = xlib.game("x", size=9).start()
    small = xlib.game("x", size=6).start()
    a2 = next(m for m in big.moves() if str(m) == "a2")
    assert small.play(a2).stone("a2") == R and small.play(a2).stone("c1") is None
    i9 = next(m for m in big.moves() if str(m) == "i9")
    with pytest.raises(xlib.NotationError, match=r"'i9' is not a cell of the 6×6 board: files a–f, ranks 1–6"):
        small.play(i9)
    assert small.moves() == xlib.game("x", size=6).start().moves()
