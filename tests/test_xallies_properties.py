"""Property tests: random XAllies games under random options keep every invariant of the rules."""
import random

from hypothesis import given, strategies as st

import xlib

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
def test_replaying_the_record_reproduces_the_state(opts, seed):
    s = random_game(opts, seed)
    r = xlib.replay(s.record())
    assert r.record() == s.record()
    assert (r.counts, r.black, r.points, r.whites, r.supply, r.scores, r.ledger) == (
        s.counts, s.black, s.points, s.whites, s.supply, s.scores, s.ledger)


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


@given(st.integers(0, 10**6))
def test_illegal_moves_never_change_a_state(seed):
    rng = random.Random(seed)
    s = xlib.game("xallies").start(seed=seed)
    for _ in range(40):
        if s.over:
            break
        legal = {str(m) for m in s.moves()}
        for text in ("0+", "5-", "9+", "b", "p", "g", "pass", "hit"):
            if text not in legal:
                before = (s.counts, s.hand, s.whites)
                assert s.explain(text)
                try:
                    s.play(text)
                except xlib.IllegalMove:
                    pass
                else:
                    raise AssertionError(f"{text} was played though not listed")
                assert (s.counts, s.hand, s.whites) == before
        s = s.play(rng.choice(s.moves()))
