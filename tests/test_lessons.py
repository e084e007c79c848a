"""The tutorial scenes: every scripted move is legal and each scene shows what its sentences say."""
import pytest

pytest.importorskip("ipywidgets")

from xlib.lessons import xallies as L  # noqa: E402


def end(scene):
    return scene.states()[-1]


def test_every_scene_plays_through():
    for scene in L.SCENES:
        assert len(scene.states()) == len(scene.moves) + 1
        assert scene.title in scene.transcript()


def test_scenes_show_their_rule():
    assert end(L.SETUP).turns() == ["3+:bb", "7+:pp", "11+:gg"]
    assert end(L.DIRECTIONS).well(11)[0] == (1, 0, 2) and end(L.DIRECTIONS).well(1)[1]  # a blue piece joins gg
    assert end(L.DIRECTIONS).whites == (1, 0, 0)
    assert end(L.ALLIANCE).points == (3, 3, 0)
    assert end(L.THREE_PAIRS).ledger.claimed[0].coalition == (0, 1, 2)
    claim = end(L.PAYS_OTHERS).ledger.claimed[0]
    assert claim.mover == 0 and claim.coalition == (1, 2)
    assert len(end(L.WASTE).ledger.wasted) == 1
    assert end(L.WHITES).whites == (2, 0, 0)
    assert len(end(L.EMPTY_SUPPLY).ledger.denied) == 1 and end(L.EMPTY_SUPPLY).whites == (0, 0, 0)
    last = end(L.THE_END)
    assert last.over and last.black_left == 0
