"""Lesson boards on the screens a class uses: at 1366×768 an exercise's task, board and feedback stand in one
view, as the full game's do; on a laptop zoomed to 125 % (1093×614) a lesson board's coordinates are 12 px or
more; "Next rule" on a rule's last exercise goes to the next rule's board."""
import pytest

from xlib import registry
from xlib.board import view_for

from .harness import inside_viewport, no_errors, open_app, wait_painted

APPS = {"alea.ipynb": "alea", "x.ipynb": "x", "xats.ipynb": "xats", "xerog.ipynb": "xerog", "xallies.ipynb": "xallies"}


@pytest.mark.parametrize("app", ["x.ipynb", "xallies.ipynb"])
def test_an_exercise_shows_its_task_board_and_feedback_in_one_view(context_page, server, artifacts, app):
    page = context_page((1366, 768))
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first)
    lesson.locator(".xlib-exercises").click()
    page.wait_for_function("(el) => el.innerText.includes('Exercise 1')",
                           arg=lesson.locator(".xlib-sentence").element_handle(), timeout=30_000)
    page.wait_for_timeout(800)
    page.screenshot(path=str(artifacts / f"exercise-in-view-{APPS[app]}.png"))
    for part in (".xlib-sentence", ".xlib-canvas", ".xlib-message", ".xlib-status"):
        assert inside_viewport(page, lesson.locator(part).first), (part, lesson.locator(part).first.bounding_box())
    no_errors(page)


@pytest.mark.parametrize("app", APPS)
def test_a_lesson_board_at_125_percent_keeps_its_coordinates_readable(context_page, server, artifacts, app):
    game = APPS[app]
    page = context_page((1093, 614))
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    canvas = lesson.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", lesson.element_handle())
    page.wait_for_timeout(300)
    box = canvas.bounding_box()
    view = view_for(registry.lesson(game).SCENES[0].start())
    # the coordinates' size in view units (the cell boards' letters and numbers, XAllies' well numbers)
    units = 15 if game == "xallies" else 16
    assert box["height"] / view.height * units >= 11.9, (box, view.height)
    if game == "x":   # a board that fits the screen at that size is wholly in view, its score line too
        assert inside_viewport(page, canvas), box
    page.screenshot(path=str(artifacts / f"lesson-125-{game}.png"))
    no_errors(page)


#: (app, screen, touch, the share of the first lesson board's height on the first screen at least)
FIRST_VISITS = [(app, (1024, 768), True, 0.4) for app in APPS] + [("xerog.ipynb", (1366, 768), False, 0.4),
                                                                  ("xerog.ipynb", (1093, 614), False, 0.2)]


@pytest.mark.parametrize("app, size, touch, share", FIRST_VISITS,
                         ids=[f"{APPS[a]}-{w}x{h}{'-touch' if t else ''}" for a, (w, h), t, _ in FIRST_VISITS])
def test_a_first_visit_shows_the_first_lesson_board_and_its_foot_stays_on_the_screen(context_page, server, artifacts,
                                                                                    app, size, touch, share):
    """A page opened for the first time shows the game's title, what it is about, and the first rule's board with
    its buttons on the first screen (the rules' links folded under one line); scrolled to, the whole board is in
    view, its foot too, where the screen is tall enough for it (on a tablet, under buttons a finger's size)."""
    page = context_page(size, touch=touch)
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    canvas = lesson.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    page.wait_for_timeout(500)
    box = canvas.bounding_box()
    assert size[1] - box["y"] >= share * box["height"], (box, size)
    assert inside_viewport(page, lesson.get_by_role("button", name="Next"))
    page.screenshot(path=str(artifacts / f"first-visit-{APPS[app]}-{size[0]}x{size[1]}.png"))
    if size[1] >= 768:
        page.evaluate("(el) => el.scrollIntoView({block: 'start'})", lesson.element_handle())
        page.wait_for_timeout(300)
        for part in (".xlib-sentence", ".xlib-status", ".xlib-canvas"):
            assert inside_viewport(page, lesson.locator(part).first), (part, lesson.locator(part).first.bounding_box())
    no_errors(page)


def test_next_rule_on_a_rules_last_exercise_goes_to_the_next_rules_board(context_page, server, artifacts):
    scenes = registry.lesson("alea").SCENES
    page = context_page((1366, 768))
    open_app(page, server, "alea.ipynb")
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first)
    lesson.locator(".xlib-exercises").click()
    for _ in range(len(scenes[0].exercises) - 1):
        lesson.get_by_role("button", name="Next exercise").click()
        page.wait_for_timeout(300)
    lesson.get_by_role("button", name="Next rule").click()
    following = page.locator(".xlib-tutorial").nth(1)   # the next rule's board, built as it comes into view
    following.locator(".xlib-canvas").first.wait_for(timeout=60_000)
    page.wait_for_timeout(800)
    title = following.locator("h4").first
    assert scenes[1].title in title.inner_text()
    assert inside_viewport(page, title), title.bounding_box()
    page.screenshot(path=str(artifacts / "next-rule.png"))
    no_errors(page)
