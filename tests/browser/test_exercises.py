"""The lesson's exercises in every game's app at 1366×768: one exercise missed (what happened and why that misses
the task, in readable type, Try again) and one solved (✓ with its reason), the progress line counting it, the
feedback in view, and progress kept across a reload; a choice exercise's wrong pick says why it is not the
answer, and another pick after the right answer is explained without counting as a miss."""
import pytest

from xlib import registry
from xlib.lessons import turn_over

from .harness import inside_viewport, no_errors, open_app, wait_idle, wait_painted

APPS = {"alea.ipynb": "alea", "x.ipynb": "x", "xats.ipynb": "xats", "xerog.ipynb": "xerog", "xallies.ipynb": "xallies"}


def first_move_exercise(game):
    scene = registry.lesson(game).SCENES[0]
    for k, ex in enumerate(scene.exercises):
        if ex.kind == "move":
            return scene, k, ex
    return scene, 0, scene.exercises[0]


def wrong_line(ex, start):
    for first in start.moves():
        s, line = start.play(first), [first]
        while not turn_over(start, s):
            m = s.moves()[0]
            s, line = s.play(m), line + [m]
        if not ex.check(start, s):
            return [str(m) for m in line]
    raise AssertionError("no wrong answer")


def type_moves(page, lesson, moves):
    entry = lesson.locator(".xlib-entry input")
    for m in moves:
        wait_idle(page, lesson)
        entry.fill(m)
        entry.press("Enter")
        page.wait_for_timeout(250)
    wait_idle(page, lesson)


def type_size(message):
    """The size (px) of the type the message box shows its sentence in."""
    return message.evaluate("(el) => parseFloat(getComputedStyle(el.querySelector('div') || el).fontSize)")


def says(text, reason):
    """Whether the message gives `reason` (a legal move's reason may have what the move does put inside it)."""
    return all(part in text for part in reason.split(", so it is not"))


def choice(lesson, text):
    """The answer button that reads exactly `text`."""
    return lesson.locator(".xlib-choice").get_by_text(text, exact=True).first


def first_choice_exercise(game):
    scene = registry.lesson(game).SCENES[0]
    return next(((scene, k, ex) for k, ex in enumerate(scene.exercises) if ex.kind == "choice"), None)


@pytest.mark.parametrize("app", [a for a, g in APPS.items() if first_choice_exercise(g)])
def test_a_wrong_choice_says_why_and_another_choice_after_the_right_one_is_no_miss(page, server, artifacts, app):
    game = APPS[app]
    scene, k, ex = first_choice_exercise(game)
    start = ex.start(scene.game, scene.options)
    wrong = [c for c in ex.choices if c != ex.answer]
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first)
    lesson.locator(".xlib-exercises").click()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").click()
    sentence = lesson.locator(".xlib-sentence")
    page.wait_for_function("(el) => el.innerText.includes('Exercise " + str(k + 1) + "')",
                           arg=sentence.element_handle(), timeout=30_000)
    message = lesson.locator(".xlib-message")
    choice(lesson, wrong[0]).click()
    page.wait_for_function("(el) => el.innerText.includes('✗')", arg=message.element_handle(), timeout=30_000)
    assert says(message.inner_text(), ex.why_not(start, wrong[0])) and type_size(message) >= 13
    assert inside_viewport(page, message)
    page.screenshot(path=str(artifacts / f"exercise-wrong-choice-{game}.png"))
    choice(lesson, ex.answer).click()
    page.wait_for_function("(el) => el.innerText.includes('✓')", arg=message.element_handle(), timeout=30_000)
    progress = page.locator(".xlib-progress").first
    page.wait_for_function("(el) => el.innerText.includes('exercises 1 of')", arg=progress.element_handle(),
                           timeout=30_000)
    choice(lesson, wrong[-1]).click()
    page.wait_for_function("(el) => !el.innerText.includes('✓')", arg=message.element_handle(), timeout=30_000)
    said = message.inner_text()
    assert says(said, ex.why_not(start, wrong[-1])) and "✗" not in said and ex.answer in said, said
    page.screenshot(path=str(artifacts / f"exercise-choice-after-right-{game}.png"))
    # the lesson still counts the exercise solved
    assert "exercises 1 of" in progress.inner_text()
    no_errors(page)


@pytest.mark.parametrize("app", APPS)
def test_an_exercise_missed_then_solved_with_progress_kept(page, server, artifacts, app):
    game = APPS[app]
    scene, k, ex = first_move_exercise(game)
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first)
    progress = page.locator(".xlib-progress").first
    assert "exercises 0 of" in progress.inner_text()
    lesson.locator(".xlib-exercises").click()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").click()
    sentence = lesson.locator(".xlib-sentence")
    page.wait_for_function("(el) => el.innerText.includes('Exercise')", arg=sentence.element_handle(), timeout=30_000)
    message = lesson.locator(".xlib-message")
    start = ex.start(scene.game, scene.options)
    if ex.kind == "choice":
        wrong = next(c for c in ex.choices if c != ex.answer)
        lesson.locator(".xlib-choice", has_text=wrong).first.click()
        reason = ex.why_not(start, wrong)
    else:
        line = wrong_line(ex, start)
        type_moves(page, lesson, line)
        end = start
        for m in line:
            end = end.play(m)
        reason = ex.missed_because(start, end)
    page.wait_for_function("(el) => el.innerText.includes('✗')", arg=message.element_handle(), timeout=30_000)
    assert inside_viewport(page, message)
    said = message.inner_text()
    assert reason in said and said.count(reason) == 1, said       # why it misses the task, said once
    assert type_size(message) >= 13
    page.screenshot(path=str(artifacts / f"exercise-missed-{game}.png"))
    lesson.get_by_role("button", name="Try again").click()
    if ex.kind == "choice":
        lesson.locator(".xlib-choice", has_text=ex.answer).first.click()
    else:
        type_moves(page, lesson, list(ex.solution))
    page.wait_for_function("(el) => el.innerText.includes('✓')", arg=message.element_handle(), timeout=30_000)
    page.wait_for_function("(el) => el.innerText.includes('exercises 1 of')", arg=progress.element_handle(),
                           timeout=30_000)
    page.screenshot(path=str(artifacts / f"exercise-solved-{game}.png"))
    no_errors(page)
    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    page.wait_for_function("(el) => el.innerText.includes('exercises 1 of')",
                           arg=page.locator(".xlib-progress").first.element_handle(), timeout=60_000)


def test_the_hint_after_a_second_miss_is_read_whole_and_the_board_does_not_move(page, server, artifacts):
    scene, k, ex = first_move_exercise("xats")
    start = ex.start(scene.game, scene.options)
    open_app(page, server, "xats.ipynb")
    lesson = page.locator(".xlib-tutorial").first
    canvas = lesson.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    def page_top():   # where the board stands in its lesson (the exercise may scroll the page to its rule)
        return canvas.evaluate("(el) => el.getBoundingClientRect().top - "
                               "el.closest('.xlib-tutorial').getBoundingClientRect().top")

    scene_top = page_top()
    lesson.locator(".xlib-exercises").click()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").click()
    sentence = lesson.locator(".xlib-sentence")
    page.wait_for_function("(el) => el.innerText.includes('Exercise')", arg=sentence.element_handle(), timeout=30_000)
    wait_idle(page, lesson)
    message = lesson.locator(".xlib-message")
    top = page_top()
    assert abs(top - scene_top) <= 2          # the exercise's board stands where the scene's stood
    type_moves(page, lesson, [ex.illegal])     # a first miss: the rules refuse it
    page.wait_for_function("(el) => el.innerText.includes('✗')", arg=message.element_handle(), timeout=30_000)
    type_moves(page, lesson, wrong_line(ex, start))   # the second miss brings the hint
    page.wait_for_function("(el) => el.innerText.includes('Hint')", arg=message.element_handle(), timeout=30_000)
    page.screenshot(path=str(artifacts / "exercise-hint-xats.png"))
    assert type_size(message) >= 13 and ex.hint in message.inner_text()
    assert message.evaluate("(el) => el.scrollHeight <= el.clientHeight + 1")   # whole, with nothing to scroll
    assert inside_viewport(page, message) and page_top() == top   # and nothing moved
    no_errors(page)
