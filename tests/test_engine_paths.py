"""The engines' quick paths give exactly what the rules give: an XAllies random game drawn inside the rules
engine, and Xero-G's moves whenever its search works out the bound that prunes it."""
import random

import pytest

import xlib
from xlib.games import xerog


class OwnDraws(random.Random):
    """A generator that draws below n its own way: overriding random() makes random.Random draw from it
    rather than from getrandbits, so a fast playout must ask it rather than draw for it."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("make_rng", [random.Random, OwnDraws], ids=["plain", "own-draws"])
@pytest.mark.parametrize("players", [3, 4])
def test_a_fast_xallies_playout_is_the_game_rng_choice_plays(make_rng, players):
    assert OwnDraws._randbelow is not random.Random._randbelow  # the subclass really draws its own way
    g = xlib.game("xallies", players=players)
    for seed in range(15):
        s, rng = g.start(seed=seed), make_rng(seed)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
        f = g.start(seed=seed).fast_playout(make_rng(seed))
        assert (f.counts, f.black, f.points, f.whites, f.turn) == (s.counts, s.black, s.points, s.whites, s.turn)


def xerog_positions() -> list[str]:
    """Crowded boards with long searches (as benchmarks/xerog_movegen.py has them), and boards of a random game."""
    texts = ["100100/030300/200001/003020/000200/312000 S", "000000/031300/011003/010200/002020/300200 S",
             "003000/000010/013010/200030/021000/200203 S"]
    s, rng = xlib.game("xerog", quick_start=True).start(), random.Random(4)
    while not s.over and s.ply < 40:
        if s.ply % 8 == 0:
            texts.append(s.position_text())
        s = s.play(rng.choice(s.moves()))
    return texts


@pytest.mark.parametrize("text", xerog_positions())
def test_xerog_lists_the_same_moves_and_flights_whenever_the_search_bounds_itself(text, monkeypatch):
    def found() -> tuple[list[tuple[str, xerog.Flight]], bool, bool]:
        s = xlib.game("xerog").position(text)
        fresh = xlib.game("xerog").position(text)  # asks about the base before listing any move
        return [(str(m), m.flight) for m in s.moves()], fresh.reaches_base(), fresh.reaches_base(1 - s.mover)

    monkeypatch.setattr(xerog, "BOUND_AFTER", 0)
    bounded_at_once = found()
    monkeypatch.setattr(xerog, "BOUND_AFTER", 10**9)
    never_bounded = found()
    assert bounded_at_once == never_bounded
