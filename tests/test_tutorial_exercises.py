"""Exercises on a live lesson board, in every game: a right answer gets ✓ and its reason and counts as solved,
a wrong one says what happened and offers Try again, two misses bring the hint, Show me plays an answer
without solving it; the lesson's progress counts rules and exercises and comes back after a reload."""
import html
import json
import re

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib import registry  # noqa: E402
from xlib.board import Tutorial  # noqa: E402
from xlib.board.progress import LessonProgress  # noqa: E402
from xlib.board.tutorial import SCENE_MESSAGE, SCENE_SENTENCE  # noqa: E402
from xlib.lessons import turn_over  # noqa: E402

GAMES = xlib.game_names()


def tutorial(scene, progress=None):
    return Tutorial(scene, animate=0, background=False,
                    progress=progress or LessonProgress(scene.game, keep=False))


def font_size(message):
    """The type size (px) the board's message box shows a sentence in."""
    return float(re.search(r"font-size:([\d.]+)px", message).group(1))


def wrong_turn(ex, start):
    """The moves of a legal turn that does not solve the exercise."""
    for first in start.moves():
        for last in (True, False):
            s, line = start.play(first), [first]
            while not turn_over(start, s):
                m = s.moves()[0] if last else s.moves()[-1]
                s, line = s.play(m), line + [m]
            if not ex.check(start, s):
                return line
    raise AssertionError("no wrong answer")


@pytest.mark.parametrize("name", GAMES)
def test_every_exercise_is_solved_on_the_board_by_its_solution_and_missed_by_a_wrong_answer(name):
    for scene in registry.lesson(name).SCENES:
        t = tutorial(scene)
        for k, ex in enumerate(scene.exercises):
            t.start_exercise(k)
            assert ex.task in t.sentence.value and f"Exercise {k + 1} of {len(scene.exercises)}" in t.sentence.value
            if ex.kind == "choice":
                wrong = [c for c in ex.choices if c != ex.answer]
                t.choose(wrong[0])
                reason = html.escape(ex.why_not(t.start_state, wrong[0]))
                assert reason and reason in t.board.message.value, (scene.title, k, t.board.message.value)
                assert "✗" in t.board.message.value and "Hint" not in t.board.message.value
                assert font_size(t.board.message.value) >= 13, (scene.title, k)
                t.choose(wrong[-1])
                assert "Hint" in t.board.message.value
                t.choose(ex.answer)
                assert "✓" in t.board.message.value
                missed = t.progress.missed[f"{scene.title}#{k}"]
                t.choose(wrong[0])      # another choice looked at after the right answer: explained, not a miss
                assert reason in t.board.message.value and "✗" not in t.board.message.value
                assert t.progress.missed[f"{scene.title}#{k}"] == missed and t.misses == 2
                assert f"{scene.title}#{k}" in t.progress.solved
                t.choose(ex.answer)
            else:
                for m in wrong_turn(ex, t.start_state):
                    assert t.board.play(m), (scene.title, k, m)
                said = t.board.message.value
                reason = html.escape(ex.missed_because(t.start_state, t.board.state))
                assert "Try again" in said and reason in said, (scene.title, k)
                sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s", re.sub(r"<[^>]+>", "", said)) if x.strip()]
                assert len(sentences) == len(set(sentences)), (scene.title, k, said)     # each said once
                assert font_size(said) >= 13, (scene.title, k, said)
                assert t.progress.missed[f"{scene.title}#{k}"] == 1
                t.try_again()
                assert t.board.state is t.start_state or t.board.state.position_text() == t.start_state.position_text()
                for m in ex.solution:
                    assert t.board.play(m), (scene.title, k, m)
            assert "✓" in t.board.message.value, (scene.title, k, t.board.message.value)
            assert f"{scene.title}#{k}" in t.progress.solved
        assert t.progress.done(scene)
        assert "✓ done" in t.title.value


def test_two_misses_bring_the_hint_and_an_illegal_move_is_explained_and_counted():
    scene = next(s for s in registry.lesson("x").SCENES if any(e.kind == "move" for e in s.exercises))
    k, ex = next((k, e) for k, e in enumerate(scene.exercises) if e.kind == "move")
    t = tutorial(scene)
    t.start_exercise(k)
    t.board.type_move(ex.illegal)
    assert "✗" in t.board.message.value and "Hint" not in t.board.message.value
    t.board.type_move(ex.illegal)
    assert ex.hint in t.board.message.value
    assert t.progress.missed[f"{scene.title}#{k}"] == 2 and not t.progress.solved


def test_show_me_plays_an_answer_without_solving_the_exercise():
    scene = next(s for s in registry.lesson("alea").SCENES if any(e.kind == "move" for e in s.exercises))
    k, ex = next((k, e) for k, e in enumerate(scene.exercises) if e.kind == "move")
    t = tutorial(scene)
    t.start_exercise(k)
    t.show_me()
    assert "One answer" in t.board.message.value and ex.why in t.board.message.value
    assert len(t.board.state.history()) - len(t.start_state.history()) == len(ex.solution)
    assert not t.progress.solved
    t.board.click(0, 0)
    assert "Try again" in t.board.message.value      # the shown answer is not played on
    t.try_again()
    assert t.board.locked is None and t.board.state.position_text() == t.start_state.position_text()


def test_progress_counts_rules_and_exercises_and_comes_back_on_the_same_device():
    p = LessonProgress("xats")
    lesson = registry.lesson("xats")
    total = sum(len(s.exercises) for s in lesson.SCENES)
    assert p.line() == f"Rules: 0 of {len(lesson.SCENES)} · exercises 0 of {total}"
    first = lesson.SCENES[0]
    p.keeper.loaded = True
    for k in range(len(first.exercises)):
        p.solve(first, k)
    p.miss(lesson.SCENES[1], 0)
    assert p.line().startswith("Rules: 1 of") and f"exercises {len(first.exercises)} of" in p.line()
    kept = json.loads(p.keeper.keep)
    again = LessonProgress("xats")
    again.keeper.saved = json.dumps({**kept, "age": 30})
    again.keeper.loaded = True
    assert again.solved == p.solved and again.missed == p.missed and again.done(first)
    assert "✓ " + first.title in again.rules.value and f"href='#rule-" in again.rules.value


def test_a_lazy_lesson_board_is_built_only_when_its_place_is_seen():
    scene = registry.lesson("x").SCENES[1]
    t = Tutorial(scene, lazy=True, animate=0, background=False, progress=LessonProgress("x", keep=False))
    assert t._board is None and "appears here" in t.lazy.sentinel.label
    assert t.lazy.sentinel.anchor.startswith("rule-") and t.widget is t.lazy.widget
    t.lazy.sentinel.seen = True
    assert t._board is not None and t.lazy.widget.children[1] is t._widget and not t.lazy.sentinel.label


def test_a_wrong_turn_is_told_with_a_colon_between_the_move_and_its_sentence():
    scene, k, ex = next((s, k, e) for s in registry.lesson("xats").SCENES for k, e in enumerate(s.exercises)
                        if e.kind == "move")
    t = tutorial(scene)
    t.start_exercise(k)
    for m in wrong_turn(ex, t.start_state):
        t.board.play(m)
    said = t.board.message.value
    assert "You played <code>" in said and "</code>: " in said, said
    assert not __import__("re").search(r"</code> [A-Z]", said), said


@pytest.mark.parametrize("name", GAMES)
def test_no_lesson_compares_a_tile_with_itself(name):
    import re

    for scene in registry.lesson(name).SCENES:
        for ex in scene.exercises:
            for words in (ex.why, ex.hint, ex.task):
                for m in re.finditer(r"tile (\d+) has \w+(?: \w+)?, as many as tile (\d+)", words):
                    assert m.group(1) != m.group(2), words


def px(height):
    return int(height.removesuffix("px"))


def longest_miss(ex, start):
    """The wrong whole turn whose miss sentence is the longest (the most the message box must hold)."""
    from tests.test_exercise_goals import whole_turns

    return max((line for line, end in whole_turns(start) if not ex.check(start, end)),
               key=lambda line: len(ex.missed_because(start, play_line(start, line))))


def play_line(start, line):
    s = start
    for m in line:
        s = s.play(m)
    return s


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_after_a_second_miss_is_read_whole_in_type_of_13_px_and_nothing_moves(name):
    """Every exercise's worst case: a second miss with its longest sentence, and the hint after it."""
    for scene in registry.lesson(name).SCENES:
        t = tutorial(scene)
        for k, ex in enumerate(scene.exercises):
            t.start_exercise(k)
            room = t.board.message.layout.height
            assert font_size(t.sentence.value) >= 13, (scene.title, k)       # the task too, in its two lines
            # the sentence gave the message box the height it took: the board stands where the scene had it
            assert px(t.sentence.layout.height) + px(room) == px(SCENE_SENTENCE) + px(SCENE_MESSAGE[1])
            start = t.start_state
            if ex.kind == "choice":
                wrong = sorted((c for c in ex.choices if c != ex.answer),
                               key=lambda c: len(ex.why_not(start, c)))
                t.choose(wrong[0])
                t.choose(wrong[-1])
                said = [t.board.message.value]
            else:
                t.board.type_move(ex.illegal)              # a first miss the rules refuse
                for m in longest_miss(ex, start):          # then the longest wrong turn: the hint comes with it
                    assert t.board.play(m), (scene.title, k, m)
                said = [t.board.message.value]
                t.try_again()
                t.board.type_move(ex.illegal)              # a refusal with the hint
                said.append(t.board.message.value)
            for message in said:
                assert ex.hint in message and "✗" in message, (scene.title, k, message)
                assert font_size(message) >= 13, (scene.title, k, message)
            assert t.board.message.layout.height == room   # the box was that tall from the exercise's start
        t.goto(0)
        assert t.board.message.layout.height != room       # a scene's box is its usual size again


def test_undo_in_an_exercise_never_steps_back_into_its_given_history():
    scene, k, ex = next((s, k, e) for s in registry.lesson("alea").SCENES for k, e in enumerate(s.exercises)
                        if e.before)
    t = tutorial(scene)
    t.start_exercise(k)
    start = t.start_state
    assert start.parent is not None                  # the position carries the moves played before it
    assert t.board.undo_button.disabled               # nothing of the student's to take back
    t.board.undo()
    assert t.board.state is start and not t.board.redo_stack
    t.board.type_move(ex.illegal)                    # refused by superko: still nothing to take back
    t.board.undo()
    assert t.board.state is start and t.board.undo_button.disabled
    t.goto(t.index)                                  # the rule's scene: Undo is the scene's again
    assert t.board.floor is None


def test_undo_in_an_exercise_takes_back_the_students_own_moves_down_to_its_start():
    # an XAllies turn is several moves (a sowing, then drops): Undo takes back those, and stops at the start
    scene, k, ex = next((s, k, e) for s in registry.lesson("xallies").SCENES for k, e in enumerate(s.exercises)
                        if e.kind == "move" and len(e.solution) > 1)
    t = tutorial(scene)
    t.start_exercise(k)
    start = t.start_state
    assert t.board.play(ex.solution[0])
    assert not t.board.undo_button.disabled
    t.board.undo()
    assert t.board.state is start and t.board.undo_button.disabled
    t.board.undo()
    assert t.board.state is start


def test_a_xerog_flight_clicked_is_told_as_clicked_though_the_game_keeps_another():
    """Clicked c1, d1, Reprogram, c2: the small ship stands on d1 and d1's small pyramid on c2, the board that c1-c2
    leaves; the game keeps c1-c2, but the message speaks of the flight clicked and of the square the ship reached."""
    from tests.test_xerog_view import click
    from xlib.lessons import xerog

    t = tutorial(xerog.PIPS)
    t.start_exercise(0)
    for name in ("c1", "d1", "Reprogram", "c2"):
        click(t.board, name)
    said = t.board.message.value
    assert str(t.board.state.last_move) == "c1-c2"
    assert "You played <code>c1-d1&gt;c2</code>:" in said, said
    assert "the ship ends on d1. The pyramid dropped on c2 is not the ship." in said and "ends on c2" not in said
    t = tutorial(xerog.BOOST)
    t.start_exercise(0)
    for name in ("c1", "c3", "Reprogram", "c5"):    # a pyramid dropped on rank 5, the board c1-c3-c5 leaves
        click(t.board, name)
    assert str(t.board.state.last_move) == "c1-c3-c5" and f"{xerog.BOOST.title}#0" not in t.progress.solved
    assert "the ship ends on c3. The pyramid dropped on c5 is not the ship." in t.board.message.value
