"""Every app, a lesson and the gallery on a phone (390×844 and 360×640, a touch screen, as a phone's browser shows
a page), served by Voila: nothing scrolls sideways, the board spans the width with everything else under it, every
control is a finger's size, no status or message cuts its text, a move is played, taken back and played again by
taps, an exercise is answered by taps, and axe-core finds no fault. One browser context per app, laid out
at each width in turn."""
import re

import pytest

import xlib
from xlib.board import view_for
from xlib.board.touch import PHONE_BOARD

from .harness import no_errors, no_violations, open_app, wait_idle, wait_painted
from .phone_checks import (CONTROLS_JS, CUT_JS, FINGER, SIDEWAYS_JS, WIDTHS_JS, tap_at, taps_for)
from .test_exercises import first_move_exercise
from .sites import VISIT

PHONES = {"390x844": (390, 844), "360x640": (360, 640)}
APPS = {"xallies.ipynb": "xallies", "alea.ipynb": "alea", "xats.ipynb": "xats", "xerog.ipynb": "xerog",
        "x.ipynb": "x"}
SPAN = 0.92   # the least share of the page's width a board spans


@pytest.fixture
def phone(context_page):
    """A page as a phone shows it, `size` (width, height): a touch screen, the page laid out at the phone's width."""
    return lambda size: context_page(size, touch=True, mobile=True)


def fits_a_phone(page, where: str, controls: bool = True) -> dict:
    """The page as it stands: nothing scrolls sideways, every visible board spans the width, every control is a
    finger's size (unless `controls` is False) and no text is cut. The page's and the boards' widths."""
    sideways = page.evaluate(SIDEWAYS_JS)
    assert not sideways, f"{where}: boxes that scroll sideways: {sideways}"
    small = page.evaluate(CONTROLS_JS, FINGER)
    assert not small or not controls, f"{where}: controls under {FINGER} px: {small}"
    cut = page.evaluate(CUT_JS)
    assert not cut, f"{where}: texts cut: {cut}"
    widths = page.evaluate(WIDTHS_JS)
    assert all(w >= SPAN * widths["page"] for w in widths["boards"]), f"{where}: {widths}"
    return widths


def under_the_board(board) -> None:
    """On a phone everything stands under the board, in the order a turn needs it: the status, the last move's
    sentence, the turn's own buttons, then Undo, Redo and New game, then History, the move box, Players, the moves,
    Save; each within the page's width."""
    tops = board.evaluate("""(b) => {
      const y = (sel) => { const e = b.querySelector(sel); return e ? e.getBoundingClientRect().top : null; };
      return [y('canvas.xlib-canvas'), y('.xlib-status'), y('.xlib-message'), y('.xlib-choices'),
              y('.xlib-undo'), y('.widget-slider'), y('.xlib-entry'), y('.jupyter-widget-Accordion, .widget-accordion'),
              y('.xlib-log'), y('.xlib-upload')];
    }""")
    present = [t for t in tops if t is not None]
    assert len(present) >= 8 and present == sorted(present), f"the order under the board: {tops}"
    right = board.evaluate("(b) => Math.max(...[...b.querySelectorAll('*')].filter((e) => e.getClientRects().length)"
                           ".map((e) => e.getBoundingClientRect().right))")
    assert right <= board.page.viewport_size["width"] + 0.5, f"something stands off the right edge, at {right}"


def moves_listed(board) -> int:
    return len(re.findall(r"^\s*\d+\. ", board.locator(".xlib-log").inner_text(), re.M))


def play_undo_redo_by_taps(page, board, game: str) -> None:
    """Tap a move on the full board (the game's start is the same for every seed), then Undo and Redo by taps."""
    start = xlib.game(game).start(seed=0)
    view = view_for(start)
    canvas = board.locator("canvas.xlib-canvas").first
    taps = taps_for(view, start)
    assert taps, f"no move of {game} is played by taps"
    for target in taps:
        canvas.scroll_into_view_if_needed()
        tap_at(canvas, view, target)
        page.wait_for_timeout(300)
    page.wait_for_function("(el) => /\\d+\\. /.test(el.innerText)", arg=board.locator(".xlib-log").element_handle(),
                           timeout=60_000)
    wait_idle(page, board)
    played = moves_listed(board)
    message = board.locator(".xlib-message")
    board.locator(".xlib-undo").tap()
    page.wait_for_function("(el) => el.innerText.includes('Took back')", arg=message.element_handle(),
                           timeout=30_000)
    # the move list follows the message a moment later
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length < {played}",
                           arg=board.locator(".xlib-log").element_handle(), timeout=30_000)
    wait_idle(page, board)
    undone = moves_listed(board)
    board.get_by_role("button", name="Redo").tap()
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length > {undone}",
                           arg=board.locator(".xlib-log").element_handle(), timeout=60_000)
    wait_idle(page, board)


def answer_by_taps(page, lesson, game: str) -> None:
    """Answer the lesson's first exercise by taps: its answer's button, or its solution tapped on the board."""
    scene, k, ex = first_move_exercise(game)
    lesson.locator(".xlib-exercises").tap()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").tap()
    page.wait_for_function("(el) => el.innerText.includes('Exercise')",
                           arg=lesson.locator(".xlib-sentence").element_handle(), timeout=30_000)
    if ex.kind == "choice":
        lesson.locator(".xlib-choice", has_text=ex.answer).first.tap()
    else:
        state = ex.start(scene.game, scene.options)
        canvas = lesson.locator("canvas.xlib-canvas").first
        for move in ex.solution:
            view = view_for(state)
            taps = taps_for(view, state, move)
            assert taps, f"{move} is not played by taps"
            wait_idle(page, lesson)
            for target in taps:
                canvas.scroll_into_view_if_needed()
                tap_at(canvas, view, target)
                page.wait_for_timeout(300)
            state = state.play(move)
    page.wait_for_function("(el) => el.innerText.includes('✓')",
                           arg=lesson.locator(".xlib-message").element_handle(), timeout=30_000)


@pytest.mark.parametrize("app", APPS)
def test_an_app_on_a_phone(phone, server, artifacts, app):
    """The app opened on the larger phone, then laid out again at the smaller one's width (as a phone turned or a
    smaller phone shows it: the layout is CSS), where the exercise and the game are played by taps."""
    game = APPS[app]
    page = phone(PHONES["390x844"])
    open_app(page, server, app)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator("canvas.xlib-canvas").first)
    board = page.locator(".xlib-board.xlib-full").last
    wait_painted(page, board.locator("canvas.xlib-canvas").first)
    for size in PHONES:
        page.set_viewport_size(dict(zip(("width", "height"), PHONES[size])))
        page.wait_for_function("(w) => document.documentElement.clientWidth === w", arg=PHONES[size][0])
        page.wait_for_timeout(300)
        widths = fits_a_phone(page, f"{game} at {size}")
        under_the_board(board)
        # the board is drawn as wide as the sizes of its places were worked out for (tests/test_touch_sizes.py)
        shown = board.locator("canvas.xlib-canvas").first.bounding_box()["width"]
        assert shown >= PHONE_BOARD - 0.5, widths
        page.screenshot(path=str(artifacts / f"phone-{game}-{size}.png"))
    # a lesson's exercise, answered by taps; the feedback whole
    lesson.scroll_into_view_if_needed()
    answer_by_taps(page, lesson, game)
    fits_a_phone(page, f"{game}'s exercise at {size}")
    page.screenshot(path=str(artifacts / f"phone-{game}-{size}-exercise.png"))
    # the full game: a move by taps, taken back and played again
    board.scroll_into_view_if_needed()
    play_undo_redo_by_taps(page, board, game)
    fits_a_phone(page, f"{game} after a move at {size}")
    board.screenshot(path=str(artifacts / f"phone-{game}-{size}-game.png"))
    no_violations(page, f"phone-{game}-{size}", artifacts)
    no_errors(page)


@pytest.mark.parametrize("size", PHONES)
def test_the_gallery_on_a_phone(phone, server, artifacts, size):
    page = phone(PHONES[size])
    open_app(page, server, "index.ipynb")
    # the gallery's buttons (the rules to print) are the gallery's own: its page does not have the boards' style
    fits_a_phone(page, f"the gallery at {size}", controls=False)
    page.screenshot(path=str(artifacts / f"phone-gallery-{size}.png"), full_page=True)
    no_violations(page, f"phone-gallery-{size}", artifacts)
    no_errors(page)


@pytest.mark.parametrize("app", APPS)
def test_an_app_of_the_static_site_on_a_phone(phone, site, artifacts, app):
    """The same on the static site (Python in the page, the board on the site's own canvas), at 360×640."""
    game, size = APPS[app], "360x640"
    page = phone(PHONES[size])
    page.goto(f"{site}/voici/render/{game}.html", timeout=VISIT)
    page.wait_for_selector("h1", timeout=VISIT)
    board = page.locator(".xlib-board.xlib-full").last
    board.wait_for(timeout=VISIT)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator("canvas.xlib-canvas").first, timeout=120)
    wait_painted(page, board.locator("canvas.xlib-canvas").first, timeout=120)
    fits_a_phone(page, f"{game} on the site at {size}")
    under_the_board(board)
    assert board.locator("canvas.xlib-canvas").first.bounding_box()["width"] >= PHONE_BOARD - 0.5
    lesson.scroll_into_view_if_needed()
    answer_by_taps(page, lesson, game)
    board.scroll_into_view_if_needed()
    play_undo_redo_by_taps(page, board, game)
    fits_a_phone(page, f"{game} on the site after a move at {size}")
    page.screenshot(path=str(artifacts / f"phone-site-{game}-{size}.png"))
    no_violations(page, f"phone-site-{game}-{size}", artifacts)
    no_errors(page)
