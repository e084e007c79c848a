"""Every student can use the apps: axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) finds nothing on any page or
in the states a student reaches; every game's turn is played with the keyboard alone and announced in the live
regions; an exercise is answered by keys; every control has a name; reduced motion reaches the board.

Voila runs with its own class database (XLIB_CLASS_DB), so a class can be started and joined here."""
from __future__ import annotations

import json
import re
from typing import Iterator

import pytest

import xlib
from xlib.board import view_for
from xlib.classroom import open_store
from xlib.handouts import handout

from ..keyboard import keys_for_clicks
from .conftest import _require_browser
from .harness import (VIEWPORT, build_every_board, focus_canvas_by_tab, no_errors, no_violations, open_app,
                      voila_with_class_db, wait_idle, wait_painted)
from .test_exercises import first_move_exercise, type_moves
from .test_screens import clicks_for_a_move

APPS = {"xallies.ipynb": "xallies", "alea.ipynb": "alea", "xats.ipynb": "xats", "xerog.ipynb": "xerog",
        "x.ipynb": "x"}
LAB_WAIT = 600_000   # a lab plays its default experiment before its page is complete
#: a control a screen reader would announce with no name (Playwright's ARIA snapshot: the role alone)
UNNAMED = re.compile(r"^\s*- (button|combobox|slider|textbox|checkbox|spinbutton|application|link|img|listbox)"
                     r"( \[[^\]]*\])*:?$", re.M)


@pytest.fixture(scope="module")
def a11y_server(tmp_path_factory, artifacts) -> Iterator[tuple[str, str]]:
    """Voila on the notebooks with its own class database; (URL, database file)."""
    _require_browser()
    db = str(tmp_path_factory.mktemp("a11y-class") / "classes.sqlite3")
    with voila_with_class_db(db) as url:
        yield url, db


def full_board(page):
    board = page.locator(".xlib-board.xlib-full").first
    board.scroll_into_view_if_needed()
    canvas = board.locator("canvas").first
    wait_painted(page, board.locator(".xlib-canvas").first)
    return board, canvas


def finished_record(game: str, tmp_path) -> str:
    """A finished game of `game` saved as Save this game saves it: a file to load."""
    players = len(xlib.game(game).start(seed=0).players)
    state = xlib.play_match(game, ["random"] * players, seed=3)
    assert state.over
    path = tmp_path / f"{game}-finished.json"
    path.write_text(json.dumps(state.record()))
    return str(path)


@pytest.mark.parametrize("name", ["index.ipynb", "balance.ipynb"])
def test_axe_finds_nothing_on_the_gallery_and_is_it_fair(page, a11y_server, artifacts, name):
    server, _ = a11y_server
    page.goto(f"{server}/voila/render/{name}", timeout=LAB_WAIT, wait_until="commit")
    page.wait_for_selector("h1", timeout=LAB_WAIT)
    page.wait_for_load_state("networkidle", timeout=LAB_WAIT)
    build_every_board(page)
    if name != "index.ipynb":   # the study's plots shown, each with its text alternative
        page.locator("img.xlib-plot").first.wait_for(timeout=LAB_WAIT)
    no_violations(page, name, artifacts)
    no_errors(page)


def test_axe_finds_nothing_on_a_handout_sheet(page, artifacts):
    page.set_content(handout("alea"))
    no_violations(page, "handout-alea", artifacts)


@pytest.mark.parametrize("app", APPS)
def test_axe_finds_nothing_in_an_app_and_the_states_a_student_reaches(page, a11y_server, artifacts, tmp_path, app):
    server, db = a11y_server
    game = APPS[app]
    open_app(page, server, app)
    build_every_board(page)
    no_violations(page, f"{game}-page", artifacts)

    # an exercise answered: the first lesson's first exercise, solved
    scene, k, ex = first_move_exercise(game)
    lesson = page.locator(".xlib-tutorial").first
    lesson.scroll_into_view_if_needed()
    lesson.locator(".xlib-exercises").click()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").click()
    page.wait_for_function("(el) => el.innerText.includes('Exercise')",
                           arg=lesson.locator(".xlib-sentence").element_handle(), timeout=30_000)
    if ex.kind == "choice":
        lesson.locator(".xlib-choice", has_text=ex.answer).first.click()
    else:
        # the exercise's position has reached the Move box (it offers the answer's first move, as the move list
        # writes it): a move typed before the box is brought up to date would be wiped by it
        first = str(ex.start(scene.game, scene.options).parse(ex.solution[0]))
        page.wait_for_function("([el, m]) => !el.disabled && !!el.list && "
                               "Array.from(el.list.options).some((o) => o.value === m)",
                               arg=[lesson.locator(".xlib-entry input").element_handle(), first], timeout=60_000)
        type_moves(page, lesson, ex.solution)
    page.wait_for_function("(el) => el.innerText.includes('✓')", arg=lesson.locator(".xlib-message").element_handle(),
                           timeout=30_000)
    no_violations(page, f"{game}-exercise-answered", artifacts)

    # the end of a game: a finished game loaded, its result on the board and beside it
    board, _ = full_board(page)
    with page.expect_file_chooser() as chooser:
        board.locator(".xlib-upload").click()
    chooser.value.set_files(finished_record(game, tmp_path))
    page.wait_for_function("(el) => el.innerText.includes('Game over')",
                           arg=board.locator(".xlib-status").element_handle(), timeout=60_000)
    board.locator(".xlib-result").wait_for(timeout=30_000)
    no_violations(page, f"{game}-game-over", artifacts)

    # the projector view
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-projector')", arg=board.element_handle(),
                           timeout=30_000)
    no_violations(page, f"{game}-projector", artifacts)
    board.get_by_role("button", name="Projector view").click()

    # the class box: a class joined (the finished game on the board is stored for it)
    code = open_store(db).create_class().code
    join = page.locator(".xlib-class-join")
    join.scroll_into_view_if_needed()
    join.locator(".xlib-class-code-input input").fill(code)
    join.locator(".xlib-class-group-input input").fill(f"Table {game}")
    join.get_by_role("button", name="Join the class").click()
    status = join.locator(".xlib-class-status")
    try:
        page.wait_for_function("(el) => /Joined class|stored for class|✗/.test(el.innerText)", arg=status.element_handle(),
                               timeout=60_000)
    finally:
        join.screenshot(path=str(artifacts / f"a11y-join-{game}.png"))
    assert "✗" not in status.inner_text(), status.inner_text()
    no_violations(page, f"{game}-class-joined", artifacts)
    no_errors(page)


@pytest.mark.parametrize("app", APPS)
def test_a_whole_turn_played_by_keys_and_announced(page, server, artifacts, app):
    game = APPS[app]
    open_app(page, server, app)
    board, canvas = full_board(page)
    wait_idle(page, board)
    focus_canvas_by_tab(page, canvas)
    state = xlib.game(game).start(seed=0)
    view = view_for(state)
    presses = keys_for_clicks(view, state, clicks_for_a_move(game))
    for key in presses[:-1]:
        page.keyboard.press(" " if key == " " else key)
        page.wait_for_timeout(60)
    page.wait_for_function("(el) => el.innerText.trim().length > 0", arg=board.locator(".xlib-key-live")
                           .element_handle(), timeout=30_000)
    page.screenshot(path=str(artifacts / f"keys-cursor-{game}.png"))
    page.keyboard.press(presses[-1])
    log = board.locator(".xlib-log")
    page.wait_for_function("(el) => /1\\. /.test(el.innerText)", arg=log.element_handle(), timeout=60_000)
    wait_idle(page, board)
    page.wait_for_timeout(500)
    # the live regions: the status line, the message box, and the board's own line that says each move in the
    # move list's words (the student's and the computer's)
    status = board.locator(".xlib-status[role=status][aria-live=polite]")
    message = board.locator(".xlib-message[aria-live=polite]")
    said = board.locator(".xlib-key-live[aria-live=polite]")
    assert status.count() == 1 and message.count() == 1 and said.count() == 1
    # the move list's last line is said, whichever seat played it last (read together: a computer may still move)
    page.wait_for_function("""([log, said]) => {
        const lines = log.innerText.trim().split('\\n');
        const last = /(\\d+)\\. (\\S+)/.exec(lines[lines.length - 1]);
        return last !== null && said.innerText.includes(`Move ${last[1]}: ${last[2]}`);
    }""", arg=[log.element_handle(), said.element_handle()], timeout=60_000)
    assert status.inner_text().strip() and message.inner_text().strip()
    # Tab leaves the board: the canvas is no trap
    canvas.focus()
    page.keyboard.press("Tab")
    assert not canvas.evaluate("(c) => document.activeElement === c")
    snapshot = board.aria_snapshot()
    assert not UNNAMED.search(snapshot), UNNAMED.search(snapshot).group(0)
    assert "application" in snapshot
    no_errors(page)


def test_an_exercise_answered_by_keys(page, server, artifacts):
    scene, k, ex = first_move_exercise("alea")
    assert ex.kind == "move"
    open_app(page, server, "alea.ipynb")
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first)
    lesson.locator(".xlib-exercises").focus()
    page.keyboard.press("Enter")   # the Exercises button pressed by keys
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").focus()
        page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.innerText.includes('Exercise')",
                           arg=lesson.locator(".xlib-sentence").element_handle(), timeout=30_000)
    start = ex.start(scene.game, scene.options)
    view = view_for(start)
    canvas = lesson.locator("canvas").first
    focus_canvas_by_tab(page, canvas)
    for key in keys_for_clicks(view, start, [view.cell_centre(m.lstrip("x")) for m in ex.solution]):
        page.keyboard.press(key)
        page.wait_for_timeout(60)
    page.wait_for_function("(el) => el.innerText.includes('✓')", arg=lesson.locator(".xlib-message").element_handle(),
                           timeout=30_000)
    page.screenshot(path=str(artifacts / "keys-exercise-alea.png"))
    no_errors(page)


def test_reduced_motion_reaches_the_board(browser, server):
    context = browser.new_context(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        page = context.new_page()
        open_app(page, server, "xallies.ipynb")
        board = page.locator(".xlib-board.xlib-full").first
        page.wait_for_function("(el) => el.classList.contains('xlib-still')", arg=board.element_handle(),
                               timeout=30_000)
        page.emulate_media(reduced_motion="no-preference")   # the student changes the setting: the board follows
        page.wait_for_function("(el) => !el.classList.contains('xlib-still')", arg=board.element_handle(),
                               timeout=30_000)
    finally:
        context.close()
