"""What the game screen says and offers agrees with what the student sees: counts as the move list counts, each
computer's sentence kept, capitals typed accepted, Undo that looks usable only when it does something."""
import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board  # noqa: E402
from xlib.board.result import result_detail, result_title  # noqa: E402


def test_every_count_the_board_says_is_the_move_lists():
    b = Board("xallies", animate=0, seed=2, background=False, seats={1: "easy", 2: "easy"})
    for _ in range(3):
        b.play(b.state.moves()[0])
    listed = len(b.view.log(b.state))
    assert listed < len(b.state.history()) - 1   # a turn of several decisions is one line of the list
    assert b.kept_value()["moves"] == listed
    b.new_game_from_controls()
    assert f"This game ({listed} moves)" in b.message.value


def test_two_computers_each_keep_their_sentence_and_a_turn_is_told_by_its_first_decision():
    b = Board("xallies", animate=0, seed=1, background=False, seats={1: "medium", 2: "medium"})
    b.play(b.state.moves()[0])
    said = b.message.value
    assert "Purple sowed" in said and "Green sowed" in said, said
    assert "dropped" not in said.split("Green")[1].split(".")[0]


def test_a_move_typed_in_capitals_is_played():
    b = Board("alea", animate=0, seed=0, background=False)
    assert b.type_move("D4")
    assert str(b.state.last_move) == "d4"


def test_undo_looks_unusable_while_a_lesson_shows_a_scene():
    b = Board("alea", animate=0, seed=0, background=False, controls="compact")
    b.play("d4")
    assert not b.undo_button.disabled
    b.locked = "Press Next to see the next step."
    b.refresh()
    assert b.undo_button.disabled


@pytest.mark.parametrize("game, position", [
    ("x", None), ("xallies", None), ("alea", None)])
def test_the_result_reads_as_a_sentence(game, position):
    from xlib.agents import make_agent

    s = xlib.game(game).start(seed=4)
    agent = make_agent("random", seed=4)
    while not s.over:
        s = s.play(agent.choose(s))
    b = Board(state=s, animate=0, background=False)
    title, detail = result_title(b.view, s), result_detail(b.view, s)
    assert title[0].isupper() and detail[:1].isupper(), (title, detail)
    assert not detail.startswith((",", ".", ":", ";"))


def lesson_board(scene):
    from xlib.board import Tutorial
    from xlib.board.progress import LessonProgress

    return Tutorial(scene, animate=0, background=False, progress=LessonProgress(scene.game, keep=False))


def test_done_on_a_rules_last_exercise_goes_on_to_the_next_rule_of_the_lesson():
    from xlib.lessons import alea

    t = lesson_board(alea.PLACING)
    t.start_exercise(len(alea.PLACING.exercises) - 1)
    assert t.after_button.description == "Next rule"
    before = t.scroller.count
    t.next_exercise()
    following = alea.SCENES[alea.SCENES.index(alea.PLACING) + 1]
    assert t.scroller.count == before + 1 and t.scroller.always
    from xlib.board.progress import rule_anchor

    assert t.scroller.target == rule_anchor(following)
    assert following.title in t.board.message.value
    last = lesson_board(alea.SCENES[-1])
    if last.scene.exercises:
        last.start_exercise(len(last.scene.exercises) - 1)
        assert last.after_button.description == "Done"


def test_an_exercise_asks_the_page_to_bring_its_task_and_board_into_view():
    from xlib.lessons import alea

    t = lesson_board(alea.CONVERTING)
    before = t.scroller.count
    t.start_exercise(0)
    assert t.scroller.count == before + 1 and not t.scroller.always


def test_a_scene_names_only_buttons_that_can_be_pressed_and_no_notation_before_it_is_explained():
    from xlib.lessons import xallies

    t = lesson_board(xallies.SCENES[0])
    assert "3+:bb" not in t.sentence.value and "first move" in t.sentence.value
    while not t.next_button.disabled:
        t.next()
    t.board.click(1, 1)
    assert "Press Next" not in t.board.message.value and "last step" in t.board.message.value
    later = lesson_board(xallies.SCENES[1])
    assert f"<code>{xallies.SCENES[1].moves[0]}</code>" in later.sentence.value


def test_the_rules_and_our_decisions_read_as_formatted_text():
    from xlib.lessons import x, xallies
    from xlib.lessons.text import decisions_text, rules_text

    rules = rules_text(xallies)._repr_html_()
    assert "##" not in rules and "<pre" not in rules
    assert all(f"<h4 style='margin:14px 0 4px 0'>{s.title}</h4>" in rules for s in xallies.SCENES)
    assert "<code style='white-space:nowrap'>3+:bb</code>" in rules   # a move is never broken across lines
    assert "## " in str(rules_text(xallies))                          # the plain text keeps the transcript
    decisions = decisions_text(x)._repr_html_()
    assert decisions.count("<li>") == len(x.DECISIONS) and "•" not in decisions


def test_the_move_list_holds_whole_lines_and_keeps_its_height_as_it_fills():
    """A move's line never wraps (a long one ends in "…", whole in its tooltip), so the list shows whole lines;
    and the list is as high from the start as when full, so what stands under it does not move down."""
    import re

    b = Board("xallies", animate=0, seed=2, background=False, seats={1: "easy", 2: "easy"})
    empty = re.search(r"class='xlib-log-list' style='([^']*)'", b.log.value).group(1)
    b.play(b.state.moves()[0])
    filled = re.search(r"class='xlib-log-list' style='([^']*)'", b.log.value).group(1)
    assert "height:95px" in empty.split(";") and "height:95px" in filled.split(";")   # five lines, always
    lines = re.findall(r"<div title='([^']*)' style='([^']*)'>", b.log.value)
    assert len(lines) == len(b.view.log(b.state)) >= 3
    assert all("white-space:nowrap" in style and "text-overflow:ellipsis" in style for _, style in lines)
    assert lines[0][0].startswith("1. ") and "sows well" in lines[0][0]
