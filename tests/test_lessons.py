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


def test_white_pieces_are_explained_where_they_first_happen():
    assert end(L.SETUP).whites[0] == 1 or L.SETUP.states()[1].whites == (1, 0, 0)
    assert "white piece" in L.SETUP.sentences[1]


def test_captions_speak_plain_words_not_ledger_terms():
    for scene in L.SCENES:
        for sentence in scene.sentences + [scene.your_turn]:
            for jargon in ("ledger", "denied", "coalition", "None"):
                assert jargon not in sentence, (scene.title, jargon)


def test_alliances_waste_and_shots_are_said_in_words_on_the_board():
    from xlib.board import Tutorial

    said = {}
    for scene in (L.ALLIANCE, L.PAYS_OTHERS, L.WASTE, L.THE_END):
        t = Tutorial(scene, animate=0)
        for _ in scene.moves:
            t.next()
        said[scene.title] = (t.board.message.value, t.board.marks)
    assert "Blue and purple formed an alliance in well 4: +3 each." in said[L.ALLIANCE.title][0]
    assert said[L.ALLIANCE.title][1] == (4,)
    assert "alliance of purple and green in well 4" in said[L.PAYS_OTHERS.title][0]
    assert "well 4 was wasted" in said[L.WASTE.title][0] and said[L.WASTE.title][1] == (4,)
    assert "Shots: blue hit" in said[L.THE_END.title][0]


def test_an_alliance_on_your_turn_is_said_and_marked():
    from xlib.board import Tutorial

    t = Tutorial(L.ALLIANCE, animate=0)
    for _ in range(3):
        t.next()
    t.your_turn()
    t.board.play("2+")   # the student's own move makes the alliance of well 4
    assert "formed an alliance in well 4" in t.board.message.value and 4 in t.board.marks
