"""On a phone 360 px wide (the board drawn 348 px wide), every place a tap picks on a board is at least 24 px
across and every letter drawn on it at least 10 px: in every game's starting position, every lesson scene and the
turns where a board is most crowded (the XAllies hand, a Xero-G flight, XATS's stacks)."""
import pytest

import xlib
from xlib import registry
from xlib.board import view_for
from xlib.board.touch import LETTER, PHONE_BOARD, TAP, sizes
from xlib.board.view import Target
from xlib.views.xallies.view import COLOURS

GAMES = ("alea", "x", "xats", "xerog", "xallies")


def positions(game):
    """The game's start (its default options), every lesson scene's start, and a few turns of a game played on
    from the start (pieces in hand, ships under way, stacks on the table)."""
    start = xlib.game(game).start(seed=3)
    out = [("start", start)]
    out += [(scene.title, scene.start()) for scene in registry.lesson(game).SCENES]
    from xlib.agents import make_agent

    s, agent = start, make_agent("random", seed=3)
    for k in range(40):
        if s.over:
            break
        s = s.play(agent.choose(s))
        if k % 8 == 7:
            out.append((f"after {k + 1} moves", s))
    return out


def test_the_sizes_are_read_from_the_views_own_targets_and_fonts():
    view = view_for(xlib.game("x").start(seed=0))
    state = xlib.game("x").start(seed=0)
    wide, narrow = sizes(view, state, 2 * PHONE_BOARD), sizes(view, state)
    assert wide.target == pytest.approx(2 * narrow.target) and wide.letter == pytest.approx(2 * narrow.letter)
    assert narrow.target == pytest.approx(min(2 * min(t.rx, t.ry) for t in view.key_targets(state))
                                          * PHONE_BOARD / view.width)

    class Tiny(type(view)):   # a view whose one place to tap is 10 units across: 6 px on a phone
        def key_targets(self, state, selection=None):
            return [Target("a speck", 5, 5, 5, 5)]
    assert sizes(Tiny(size=9), state).target == pytest.approx(10 * PHONE_BOARD / view.width)


@pytest.mark.parametrize("game", GAMES)
def test_every_place_a_tap_picks_is_a_fingers_size_on_a_phone(game):
    small = []
    for name, state in positions(game):
        got = sizes(view_for(state), state)
        if got.target < TAP:
            small.append(f"{name}: {got.target_name} {got.target:.1f} px")
    assert not small, small


def test_the_xallies_hand_is_tapped_across_half_the_distance_between_its_pieces():
    s = xlib.game("xallies").position("0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* ; "
                                      "to b").play("1+")
    view = view_for(s)
    hand = [t for t in view.key_targets(s) if "from the hand" in t.name]
    assert len(hand) == 2
    got = sizes(view, s)
    assert got.target >= TAP and 2 * hand[0].rx * PHONE_BOARD / view.width >= 28, got
    # a tap near the edge of a piece's place picks that piece, and just past it the neighbour
    (c0, x0, y0), (c1, x1, _) = view.chip_positions(s)
    middle = (x0 + x1) / 2
    assert view.click(s, middle - 1, y0).move == COLOURS[c0] and view.click(s, middle + 1, y0).move == COLOURS[c1]


@pytest.mark.parametrize("game", GAMES)
def test_every_letter_on_a_board_is_ten_px_on_a_phone(game):
    small = []
    for name, state in positions(game):
        got = sizes(view_for(state), state)
        if got.letter < LETTER:
            small.append(f"{name}: {got.letter_text!r} {got.letter:.1f} px")
    assert not small, small[:5]
