"""Property tests: random XAllies games under random options keep every invariant of the rules.

(What every game must do, records and illegal moves included, is in test_conformance.py.)"""
import random

from hypothesis import given, strategies as st

import xlib
from xlib.games.xallies import black_fate

options = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4]),
    "drop_order": st.sampled_from(["choose", "own-first"]),
    "supply": st.sampled_from([None, 0, 3, 12]),
    "rounds": st.sampled_from([2, 10, 120]),
    "shooting": st.sampled_from(["random", "expected", "manual"]),
})


def random_game(opts: dict, seed: int) -> xlib.State:
    rng = random.Random(seed)
    s = xlib.game("xallies", **opts).start(seed=seed)
    limit = opts["rounds"] * opts["players"] * 30 + 200  # turns are bounded; decisions per turn too
    for _ in range(limit):
        if s.over:
            return s
        s = s.play(rng.choice(s.moves()))
    raise AssertionError("the game did not end")


def check_invariants(s: xlib.State, opts: dict) -> None:
    """Pieces are conserved, every black piece is accounted for, points and whites match the ledger."""
    n = opts["players"]
    hand = s.hand or (0,) * n
    per_colour = [sum(s.well(w)[0][c] for w in range(12)) + hand[c] for c in range(n)]
    assert per_colour == [24 // n] * n, "every coloured piece is on the board or in hand"
    led = s.ledger
    assert s.black_left + len(led.claimed) + len(led.wasted) == 12, "every black piece is accounted for"
    if s.over:
        assert set(led.unresolved) == {w for w in range(12) if s.well(w)[1]}
    for p in range(n):
        assert s.points[p] == 3 * sum(p in c.coalition for c in led.claimed)
    assert len(led.whites_taken) == sum(s.whites)
    if opts["supply"] is not None:
        assert sum(s.whites) + s.supply == opts["supply"], "whites never exceed the supply"
    else:
        assert s.supply is None
    for c in led.claimed:
        assert len(c.coalition) >= 2
    for w in range(12):
        here, black = s.well(w)
        assert not black or black_fate(here, n) == 0, "a black piece is never left where the rule removes it"


@given(options, st.integers(0, 10**6))
def test_random_games_keep_invariants_and_end(opts, seed):
    s = random_game(opts, seed)
    assert s.over and s.to_move is None and s.moves() == []
    assert s.turn <= opts["rounds"] * opts["players"]
    assert s.black_left == 0 or s.turn == opts["rounds"] * opts["players"]
    for st_ in s.history():
        check_invariants(st_, opts)
    assert s.winners and all(s.scores[w] == max(s.scores) for w in s.winners)


@given(options, st.integers(0, 10**6))
def test_whole_turn_notation_replays_each_turn(opts, seed):
    s = random_game(opts, seed)
    t = xlib.game("xallies", **opts).start(seed=seed)
    for turn in s.turns():
        t = t.play(turn)
    assert t.phase in ("shoot", "over")
    if t.phase == "shoot":  # manual shooting: the shots entered after play follow the turns
        for m in [m for m in s.moves_played() if str(m) in ("hit", "miss")]:
            t = t.play(m)
    assert (t.counts, t.black, t.points, t.scores) == (s.counts, s.black, s.points, s.scores)
