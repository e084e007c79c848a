"""Every move exercise accepts exactly the turns that do what its task says.

For each move exercise of every game, every legal whole turn from its position is played (a turn of several
decisions, such as XAllies' sowing and drops, is followed to its end in every branch), and the turns the
exercise's goal accepts are compared with those a check written here, from the task's own words and through the
public API, accepts. Every wrong turn must also be answered with a reason of its own: a sentence that is more
than the moves played."""
from __future__ import annotations

import re
from typing import Callable

import pytest

import xlib
from xlib import registry
from xlib.board.board import message_size
from xlib.core import State
from xlib.lessons import turn_over

Check = Callable[[State, State, list[str]], bool]
#: a bound on the whole turns one exercise may have, so that the test stays fast
MOST_TURNS = 5000


def whole_turns(start: State) -> list[tuple[list[str], State]]:
    """Every legal whole turn from `start`: its moves (notation) and the position it reaches."""
    done: list[tuple[list[str], State]] = []
    stack: list[tuple[State, list[str]]] = [(start, [])]
    while stack:
        s, line = stack.pop()
        for m in s.moves():
            after = s.play(m)
            if turn_over(start, after):
                done.append((line + [str(m)], after))
            else:
                stack.append((after, line + [str(m)]))
        assert len(done) <= MOST_TURNS, "too many turns to try them all"
    return done


def mover(start: State) -> int:
    assert start.to_move is not None
    return start.to_move


def wins_alone(start: State, end: State, line: list[str]) -> bool:
    return end.over and tuple(end.winners) == (mover(start),)


# ---- X: cells on a rhombus of hexagons ---------------------------------------------------------------
HEX = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_neighbours(cell: str, size: int) -> set[str]:
    f, r = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
    return {f"{chr(ord('a') + f + df)}{r + dr + 1}" for df, dr in HEX if 0 <= f + df < size and 0 <= r + dr < size}


def x_groups(s: State, colour: int) -> list[set[str]]:
    """The groups of `colour`, found by walking from stone to touching stone."""
    size = s.game.options["size"]
    cells = {f"{chr(ord('a') + f)}{r + 1}" for f in range(size) for r in range(size)}
    left = {c for c in cells if s.stone(c) == colour}
    found = []
    while left:
        todo, group = [left.pop()], set()
        while todo:
            c = todo.pop()
            group.add(c)
            for n in hex_neighbours(c, size):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        found.append(group)
    return found


def owns(corner: str) -> Check:
    return lambda start, end, line: end.corners[corner] == mover(start)


def keeps_after_any_reply(corner: str) -> Check:
    return lambda start, end, line: end.corners[corner] == mover(start) and all(
        end.play(m).corners[corner] == mover(start) for m in end.moves())


def would_win_now(start: State, end: State, line: list[str]) -> bool:
    """The largest corner count that no other player shares is the mover's."""
    counts = [int(c) for c in end.scores]
    single = [c for c in counts if counts.count(c) == 1]
    return bool(single) and counts.index(max(single)) == mover(start)


X_CHECKS: dict[tuple[str, int], Check] = {
    ("Turns: one stone on any empty cell", 0): lambda st, e, line: line[0] in hex_neighbours("c3", 6),
    ("Groups", 0): lambda st, e, line: any({"b3", "d3"} <= g for g in x_groups(e, mover(st))),
    ("Groups", 1): lambda st, e, line: len(x_groups(e, mover(st))) < len(x_groups(st, mover(st))),
    ("Connecting a corner's two sides", 0): owns("a1"),
    ("Connecting a corner's two sides", 1): lambda st, e, line: owns("f6")(st, e, line) and line[0] != "f6",
    ("Connecting a corner's two sides", 2): owns("f1"),
    ("The outermost path owns the corner", 0): owns("f1"),
    ("The outermost path owns the corner", 1): owns("a1"),
    ("The outermost path owns the corner", 2): keeps_after_any_reply("a1"),
    ("A stone on the corner cell, and being surrounded", 0):
        lambda st, e, line: any(owner == mover(st) for owner in e.corners.values()),
    ("A stone on the corner cell, and being surrounded", 1): owns("a6"),
    ("A stone on the corner cell, and being surrounded", 2): keeps_after_any_reply("f1"),
    ("Decided corners and the early end", 0): lambda st, e, line: e.final_corners["f6"] == mover(st),
    ("Decided corners and the early end", 1): lambda st, e, line: e.final_corners["a1"] == mover(st),
    ("Who wins: 4-0-0", 0): lambda st, e, line: wins_alone(st, e, line) and int(e.scores[mover(st)]) == 4,
    ("Who wins: 2-1-1", 0): would_win_now,
    ("Who wins: 2-2-0, opposite corners", 1): would_win_now,
}


# ---- Alea: read from the position text, stone by stone ------------------------------------------------
def stones(s: State, letter: str) -> int:
    """Stones of a colour (B or W) on the board, read from the position text (protected ones in lower case)."""
    return s.position_text().split()[0].upper().count(letter) if not s.over else \
        sum(1 for c in s.game.names if s.stone(c) == "BW".index(letter))


def colour_of(start: State, enemy: bool = False) -> str:
    return "BW"[(mover(start) + enemy) % 2]


def converts(line: list[str]) -> bool:
    return line[0].startswith("x")


def turns_at_least(k: int) -> Check:
    return lambda st, e, line: converts(line) and stones(st, colour_of(st, True)) - stones(e, colour_of(st, True)) >= k


def mine_after_any_reply(*cells: str) -> Check:
    """Whatever the opponent plays next, these cells (every stone of the mover when none are named) stay the
    mover's."""
    def check(st: State, e: State, line: list[str]) -> bool:
        me = mover(st)
        watched = cells or tuple(c for c in e.game.names if e.stone(c) == me)
        return all(e.play(m).stone(c) == me for m in e.moves() for c in watched)
    return check


def orthogonal(a: str, b: str) -> bool:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def mover_wins_after_any_reply(st: State, e: State, line: list[str]) -> bool:
    return converts(line) and all(e.play(m).over and tuple(e.play(m).winners) == (mover(st),) for m in e.moves())


def no_earlier_board(st: State, e: State, line: list[str]) -> bool:
    """The board with the player to move is none of those met before in this game."""
    def key(s: State) -> tuple[str, str]:
        return s.position_text().split()[0].upper(), s.position_text().split()[1]
    return converts(line) and key(e) not in {key(s) for s in e.history()[:-1]}


ALEA_CHECKS: dict[tuple[str, int], Check] = {
    ("Placing a stone", 0): lambda st, e, line: not converts(line) and orthogonal(line[0], "e5"),
    ("Placing a stone", 1): lambda st, e, line: line[0] == f"a{st.game.options['size']}",
    ("Converting: all or none", 0): turns_at_least(3),
    ("Converting: all or none", 2): lambda st, e, line: stones(e, "W") == 1,
    ("Protection after a placement", 1): mine_after_any_reply("c3"),
    ("Protection after a placement", 2): lambda st, e, line: converts(line) and e.stone("d3") == mover(st),
    ("Protection after a conversion", 1): turns_at_least(2),
    ("Black defends (the worked case of the rules)", 0):
        lambda st, e, line: not converts(line) and mine_after_any_reply()(st, e, line),
    ("Black defends (the worked case of the rules)", 2): turns_at_least(3),
    ("Two conversions, one move", 0):
        lambda st, e, line: converts(line) and e.stone("d3") == e.stone("c2") == mover(st),
    ("No repeating a position (superko)", 0): no_earlier_board,
    ("The streak rule", 0): lambda st, e, line: not any(str(m).startswith("x") for m in e.moves()),
    ("The end: a full board, two final turns, counting", 1): mover_wins_after_any_reply,
    ("The end: a full board, two final turns, counting", 2): lambda st, e, line: converts(line) and wins_alone(st, e, line),
    ("The end: a full board, two final turns, counting", 3): lambda st, e, line: converts(line) and wins_alone(st, e, line),
    ("Komi and draws", 0): mover_wins_after_any_reply,
    ("Komi and draws", 1): lambda st, e, line: converts(line) and wins_alone(st, e, line),
    ("Option: 8 neighbours", 0): turns_at_least(4),
}


# ---- XATS: moves as written (4>s2 on a stack, 13 a new stack, s1x6 a destroy) -----------------------------
SPIKES = {1: 0, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 4, 12: 5, 13: 6}


def on_stack(line: list[str], stack: str | None = None) -> int | None:
    """The tile the turn put on a stack (on `stack` when named), else None."""
    m = re.fullmatch(r"(\d+)>(s\d+)", line[0])
    return int(m.group(1)) if m and (stack is None or m.group(2) == stack) else None


def seat(s: State, name: str) -> int:
    return [p.lower() for p in s.players].index(name)


def red_cannot_stack(st: State, e: State, line: list[str]) -> bool:
    return bool(re.fullmatch(r"\d+", line[0])) and not any(re.fullmatch(r"\d+>s\d+", str(m)) for m in e.moves())


def still_playing(st: State, e: State, line: list[str]) -> bool:
    """The mover has won, or the game goes on with the mover in it (not written out)."""
    me = mover(st)
    if e.over:
        return me in e.winners
    out = re.search(r"\bout ([A-Z,]+)", e.position_text())
    return not (out and st.position_text().split()[0].split(":")[0] in out.group(1).split(","))


def gives_nothing_to(name: str) -> Check:
    def check(st: State, e: State, line: list[str]) -> bool:
        p = seat(st, name)
        return bool(re.fullmatch(r"s\d+x\d+", line[0])) and len(e.reserve(p)) == len(st.reserve(p))
    return check


def best_on(stack: str) -> Check:
    def check(st: State, e: State, line: list[str]) -> bool:
        fits = [on_stack([str(m)], stack) for m in st.moves()]
        tile = on_stack(line, stack)
        return tile is not None and SPIKES[tile] == max(SPIKES[t] for t in fits if t is not None)
    return check


def red_cannot_win_at_once(st: State, e: State, line: list[str]) -> bool:
    red = seat(st, "red")
    return not e.over and not any(tuple(e.play(m).winners) == (red,) for m in e.moves())


XATS_CHECKS: dict[tuple[str, int], Check] = {
    ("The 13 tiles", 0): lambda st, e, line: SPIKES.get(on_stack(line, "s1") or 0, -1) == 3,
    ("The 13 tiles", 1): best_on("s1"),
    ("Fewer spikes, and every spike on a spike", 0): lambda st, e, line: on_stack(line) == 3,
    ("Fewer spikes, and every spike on a spike", 1): lambda st, e, line: on_stack(line, "s2") is not None,
    ("Tile 8 may be turned over", 0): lambda st, e, line: SPIKES.get(on_stack(line, "s1") or 0, -1) == 3,
    ("You must stack when you can", 0): lambda st, e, line: on_stack(line) is not None,
    ("You must stack when you can", 2): lambda st, e, line: on_stack(line) is not None,
    ("A new stack only when nothing fits", 1): red_cannot_stack,
    ("Destroy: the tiles go home", 0): lambda st, e, line: 13 in e.reserve(mover(st)),
    ("Destroy: the tiles go home", 2): gives_nothing_to("red"),
    ("The discarded tile leaves the game", 0): wins_alone,
    ("Destroying while you must stack", 0): wins_alone,
    ("Winning at the end of your turn", 0): wins_alone,
    ("Winning at the end of your turn", 1): wins_alone,
    ("Only the player whose turn ends can win", 0): wins_alone,
    ("Only the player whose turn ends can win", 1): wins_alone,
    ("Only the player whose turn ends can win", 2): red_cannot_win_at_once,
    ("Losing: no tiles and no win", 0): still_playing,
    ("Losing: no tiles and no win", 1): wins_alone,
    ("Three players: out of the game", 0): still_playing,
    ("Three players: an out player's tiles on a destroy", 0): wins_alone,
    ("Three players: an out player's tiles on a destroy", 1): gives_nothing_to("blue"),
}


# ---- Xero-G: flights as written, boards as position text ---------------------------------------------------
FLIGHT = re.compile(r"([a-f][1-6])(?:-([a-f][1-6]|[NS]))+(?:>([a-f][1-6]))?")


def ship_lands(line: list[str]) -> str:
    """Where the ship itself ended: the last landing written (a Reprogram's drop is another pyramid)."""
    m = FLIGHT.fullmatch(line[0])
    assert m, line
    return m.group(2)


def rows(s: State) -> list[str]:
    """The board's ranks, rank 1 first."""
    return s.position_text().split()[0].split("/")[::-1]


def nearest_rank_to_south(st: State, e: State, line: list[str]) -> int:
    return next(k + 1 for k, row in enumerate(rows(e)) if row != "000000")


def could_fly(square: str) -> Check:
    """On the board right after the flight, with the same player to fly, the pyramid on `square` has a flight."""
    def check(st: State, e: State, line: list[str]) -> bool:
        again = e.game.position(f"{e.position_text().split()[0]} {'SN'[mover(st)]}")
        return any(str(m).startswith(square + "-") for m in again.moves())
    return check


def north_cannot_win(reprogram_of: str) -> Check:
    def check(st: State, e: State, line: list[str]) -> bool:
        return (f"-{reprogram_of}>" in line[0] and not e.over
                and not any(str(m).endswith("-S") for m in e.moves()))
    return check


XEROG_CHECKS: dict[tuple[str, int], Check] = {
    ("The goal: fly into the other base", 0): wins_alone,
    ("The home row", 1): lambda st, e, line: line[0].startswith("c1-") and nearest_rank_to_south(st, e, line) == 3,
    ("When the home row cannot move", 1): could_fly("e1"),
    ("A ship flies exactly its pips", 0): lambda st, e, line: ship_lands(line).endswith("4"),
    ("Landing on a pyramid: Rocket Boost", 0): lambda st, e, line: ship_lands(line).endswith("5"),
    ("Chained boosts", 0): wins_alone,
    ("Reprogram: moving the pyramid you landed on", 0): north_cannot_win("d3"),
    ("Reprogram: moving the pyramid you landed on", 2): north_cannot_win("b3"),
    ("Gates: each side of a square once a turn", 2): wins_alone,
    ("Into the base: on the last step only", 0): wins_alone,
    ("A draw by repetition (our rule)", 0): wins_alone,
}


# ---- XAllies: points, white pieces and wells --------------------------------------------------------------
def gainers(st: State, e: State) -> set[int]:
    """The players whose points went up in the turn (only an alliance pays points)."""
    return {p for p, (a, b) in enumerate(zip(st.points, e.points)) if b > a}


def whites_up(k: int) -> Check:
    return lambda st, e, line: e.whites[mover(st)] - st.whites[mover(st)] >= k


def paid(*players: int) -> Check:
    return lambda st, e, line: gainers(st, e) == set(players)


def green_in_purple(s: State) -> int:
    return sum(s.well(w)[0][2] for w in (4, 5, 6, 7))


XALLIES_CHECKS: dict[tuple[str, int], Check] = {
    ("Set-up and turn order", 0): whites_up(1),
    ("Sowing either way", 1): lambda st, e, line: green_in_purple(e) > green_in_purple(st),
    ("An alliance of two pairs", 0): lambda st, e, line: paid(0, 1)(st, e, line)
        and all(e.points[p] - st.points[p] == 3 for p in (0, 1)),
    ("An alliance of two pairs", 1): paid(0, 2),
    ("Three pairs (four players)", 0): lambda st, e, line: len(gainers(st, e)) >= 3,
    ("Three pairs (four players)", 1): paid(2, 3),
    ("An alliance that pays other players", 1): paid(0, 1),
    ("Waste", 0): lambda st, e, line: len(e.ledger.wasted) == len(st.ledger.wasted),
    ("White pieces for crossing into another region", 0): whites_up(1),
    ("When the supply is empty", 0): lambda st, e, line: mover(st) in gainers(st, e),
    ("When the supply is empty", 1): whites_up(3),
    ("The end: shooting and scoring", 0): wins_alone,
}

CHECKS = {"x": X_CHECKS, "alea": ALEA_CHECKS, "xats": XATS_CHECKS, "xerog": XEROG_CHECKS, "xallies": XALLIES_CHECKS}


def move_exercises(name: str):
    for scene in registry.lesson(name).SCENES:
        for k, ex in enumerate(scene.exercises):
            if ex.kind == "move":
                yield scene, k, ex


def test_every_game_has_its_checks_and_every_check_its_exercise():
    assert set(CHECKS) == set(xlib.game_names())
    for name, checks in CHECKS.items():
        assert {(scene.title, k) for scene, k, _ in move_exercises(name)} == set(checks), name


def test_the_spike_table_is_the_games():
    from xlib.games.xats import spikes
    assert SPIKES == {t: spikes(t) for t in range(1, 14)}


@pytest.mark.parametrize("name", xlib.game_names())
def test_every_move_exercise_accepts_exactly_the_turns_that_do_its_task(name):
    for scene, k, ex in move_exercises(name):
        start = ex.start(scene.game, scene.options)
        check = CHECKS[name][(scene.title, k)]
        turns = whole_turns(start)
        accepted = {" ".join(line) for line, end in turns if ex.check(start, end)}
        meant = {" ".join(line) for line, end in turns if check(start, end, line)}
        assert accepted == meant, (f"{scene.title} #{k}: accepted but not the task: {sorted(accepted - meant)}; "
                                   f"the task but refused: {sorted(meant - accepted)}")
        assert accepted and len(accepted) < len(turns), f"{scene.title} #{k}: it must refuse some turns"


@pytest.mark.parametrize("name", xlib.game_names())
def test_every_wrong_turn_is_answered_with_a_reason_of_its_own(name):
    for scene, k, ex in move_exercises(name):
        start = ex.start(scene.game, scene.options)
        for line, end in whole_turns(start):
            if ex.check(start, end):
                continue
            reason = ex.missed_because(start, end)
            words = re.sub(r"[^a-z]", "", reason.lower())
            moves = re.sub(r"[^a-z]", "", " ".join(line).lower())
            assert reason and words != moves and len(words) > len(moves) + 8, (scene.title, k, line, reason)
            assert "None" not in reason, (scene.title, k, line, reason)
            # as the lesson board says it (tests/test_tutorial_exercises.py), in type of 13 px or more
            said = f"You played {' '.join(line)}: {reason} Press Try again."
            assert message_size(said, 480) >= 13, (scene.title, k, line, reason)
