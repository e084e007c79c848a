"""The exercises of every registered game's lesson: every scene has one, every solution solves its task,
a legal wrong answer and an illegal move are each answered with a sentence, and every position is valid."""
import pytest

import xlib
from xlib import registry
from xlib.lessons import Exercise, turn_over

GAMES = xlib.game_names()


def exercises(name):
    for scene in registry.lesson(name).SCENES:
        for k, ex in enumerate(scene.exercises):
            yield scene, k, ex


def finish_turn(start, s, first_legal=True):
    """Play on from `s` with the first legal move until the mover of `start` has finished the turn."""
    while not turn_over(start, s):
        s = s.play(s.moves()[0] if first_legal else s.moves()[-1])
    return s


@pytest.mark.parametrize("name", GAMES)
def test_every_scene_has_an_exercise_and_every_exercise_is_data(name):
    for scene in registry.lesson(name).SCENES:
        assert scene.exercises, f"{name}: scene {scene.title!r} has no exercise"
        for ex in scene.exercises:
            assert isinstance(ex, Exercise)
            assert ex.task.strip() and ex.why.strip() and ex.hint.strip()
            assert "None" not in ex.task + ex.why + ex.hint


@pytest.mark.parametrize("name", GAMES)
def test_every_exercise_position_is_valid_and_open(name):
    for scene, k, ex in exercises(name):
        s = ex.start(scene.game, scene.options)
        assert not s.over and s.moves(), f"{scene.title} #{k}: nothing to play"
        try:
            text = s.position_text()
        except xlib.XlibError:   # a phase with no position text (Xero-G's set-up): the game's start is valid
            continue
        assert s.game.position(text).position_text() == text


@pytest.mark.parametrize("name", GAMES)
def test_every_solution_solves_its_task(name):
    for scene, k, ex in exercises(name):
        start = ex.start(scene.game, scene.options)
        if ex.kind == "choice":
            assert ex.solved_by_choice(ex.answer)
            assert all(not ex.solved_by_choice(c) for c in ex.choices if c != ex.answer)
            continue
        end = ex.solution_end(start)
        assert turn_over(start, end), f"{scene.title} #{k}: the solution does not finish the turn"
        assert ex.check(start, end), f"{scene.title} #{k}: the solution does not solve {ex.task!r}"


@pytest.mark.parametrize("name", GAMES)
def test_a_legal_wrong_answer_exists_and_an_illegal_move_is_explained(name):
    for scene, k, ex in exercises(name):
        start = ex.start(scene.game, scene.options)
        reason = start.explain(ex.illegal)
        assert isinstance(reason, str) and reason.strip(), f"{scene.title} #{k}: {ex.illegal!r} is not refused"
        if ex.kind == "choice":
            continue
        wrong = None
        for m in start.moves():
            for first in (True, False):
                end = finish_turn(start, start.play(m), first)
                if not ex.check(start, end):
                    wrong = end
                    break
            if wrong is not None:
                break
        assert wrong is not None, f"{scene.title} #{k}: every legal answer solves it, so it checks nothing"
        if ex.miss is not None:
            assert ex.miss(start, wrong).strip()


def test_an_exercise_is_a_goal_or_choices_with_a_right_answer():
    with pytest.raises(ValueError, match="goal"):
        Exercise("t", "w", "h", ("a1",), "zz")
    with pytest.raises(ValueError, match="not one of its choices"):
        Exercise("t", "w", "h", ("a1",), "zz", choices=("a1", "b2"), answer="c3")


@pytest.mark.parametrize("name", GAMES)
def test_every_wrong_choice_says_why_it_is_not_the_answer_to_its_question(name):
    for scene, k, ex in exercises(name):
        if ex.kind != "choice":
            continue
        start = ex.start(scene.game, scene.options)
        answer_legal = start.explain(ex.answer) is None
        for choice in ex.choices:
            if choice == ex.answer:
                continue
            reason = ex.why_not(start, choice)
            assert reason.strip() and "None" not in reason, f"{scene.title} #{k}: {choice!r} has no reason"
            worked_out = ex.because is not None and ex.because(start, choice)
            if choice not in ex.reasons and not worked_out:   # the rules answer only a choice they refuse
                assert start.explain(choice) is not None and answer_legal, (scene.title, k, choice)


@pytest.mark.parametrize("name", GAMES)
def test_a_legal_wrong_choice_is_answered_in_the_terms_of_the_rule_not_by_a_template(name):
    """"Which of these is illegal?": a legal pick is told what it does by the rule the scene teaches (worked out on
    the position), never "it is a legal move", and without its own notation said twice after it."""
    for scene, k, ex in exercises(name):
        start = ex.start(scene.game, scene.options)
        for choice in ex.choices:
            if choice == ex.answer or start.explain(choice) is not None:
                continue
            reason = ex.why_not(start, choice)
            assert reason and "legal move" not in reason and "refuse" not in reason, (scene.title, k, choice, reason)
            assert not reason.startswith(choice + " "), (scene.title, k, choice, reason)
            assert choice in ex.reasons or (ex.because is not None and ex.because(start, choice) == reason)


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_choice_is_named_once_in_its_answer(name):
    """The board answers a pick as "a6-a4: The rules refuse it: …": the rule's sentence does not name the move again
    (Xero-G and Alea write the notation first in their refusals)."""
    for scene, k, ex in exercises(name):
        if ex.kind != "choice":
            continue
        start = ex.start(scene.game, scene.options)
        for choice in ex.choices:
            reason = ex.why_not(start, choice) if choice != ex.answer else ""
            if reason.startswith("The rules refuse it: "):
                rule = reason.removeprefix("The rules refuse it: ")
                assert not rule.lower().startswith(choice.lower()), (scene.title, k, choice, reason)
                assert rule and rule in start.explain(choice), (scene.title, k, choice, reason)


def test_a_reason_is_given_only_for_a_wrong_choice_and_a_move_exercise_says_why_it_is_missed():
    with pytest.raises(ValueError, match="not wrong choices"):
        Exercise("t", "w", "h", ("a1",), "zz", choices=("a1", "b2"), answer="a1", reasons={"a1": "right"})
    with pytest.raises(ValueError, match="miss"):
        Exercise("t", "w", "h", ("a1",), "zz", goal=lambda start, end: True)
