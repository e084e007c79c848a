"""The Xero-G app in a real Chromium at 1366×768: rendered without code or errors, painted, flights entered
by clicks (a boost, a reprogram), an illegal step explained in view, undo, and a reload that repaints."""
import pytest

from xlib.views.xerog import CHOOSE, Entry, XeroGView
from xlib.lessons import xerog as L

from .harness import (HASH_JS, build_every_board, click_view_point, inside_viewport, no_errors, open_app,
                      wait_painted)

VIEW = XeroGView()
APP = "xerog.ipynb"


def square(canvas, name):
    click_view_point(canvas, VIEW, *VIEW.cell_centre(name))


def button(canvas, scene, start, landings, label):
    """Click the board's own button (Rocket Boost, Reprogram) while the ship waits on its last landing."""
    entry = Entry(VIEW.index_of(start), tuple(VIEW.index_of(x) for x in landings), CHOOSE)
    click_view_point(canvas, VIEW, *VIEW.button_centre(scene.states()[0], entry, label))


def until(page, locator, text, timeout=30_000):
    page.wait_for_function("([el, t]) => el.innerText.includes(t)", arg=[locator.element_handle(), text],
                           timeout=timeout)


def scene_board(page, scene):
    """The tutorial of `scene`, handed to the student at its first position (Your turn)."""
    tut = page.locator(".xlib-tutorial", has_text=scene.title).first
    tut.scroll_into_view_if_needed()
    canvas = tut.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    tut.get_by_role("button", name="Your turn").click()
    until(page, tut.locator(".xlib-message"), "Your move")
    return tut, canvas


@pytest.fixture
def app(page, server):
    open_app(page, server, APP)
    page.locator(".xlib-full").first.wait_for(timeout=90_000)   # the last board: every widget is on the page
    build_every_board(page)
    return page


def test_xerog_renders_painted_without_code_or_errors_and_repaints_on_reload(app, artifacts):
    page = app
    canvases = page.locator(".xlib-canvas")
    build_every_board(page)
    assert canvases.count() == len(L.SCENES) + 1          # a board per scene and the game
    for k in range(canvases.count()):
        canvases.nth(k).scroll_into_view_if_needed()
        wait_painted(page, canvases.nth(k))
    assert "import xlib" not in page.inner_text("body") and "Claude Leroy" in page.inner_text("body")
    no_errors(page)
    game = page.locator(".xlib-full").first
    game.scroll_into_view_if_needed()
    game.get_by_role("button", name="Quick row").click()   # South's row; the computer arranges North's
    until(page, game.locator(".xlib-status"), "South to fly", timeout=60_000)
    game.screenshot(path=str(artifacts / "xerog-game.png"))
    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    board = page.locator(".xlib-full").first
    board.wait_for(timeout=90_000)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    assert "arranges the back row" in board.locator(".xlib-status").inner_text()   # a new game after reload
    no_errors(page)


def test_xerog_boost_undo_and_a_reprogram_by_clicks_with_an_illegal_drop_explained_in_view(app, artifacts):
    page = app
    tut, canvas = scene_board(page, L.BOOST)
    log = tut.locator(".xlib-log")
    square(canvas, "c1")
    square(canvas, "c3")
    until(page, tut.locator(".xlib-message"), "Rocket Boost")
    button(canvas, L.BOOST, "c1", ["c3"], "Rocket Boost")
    until(page, tut.locator(".xlib-message"), "2 more steps")
    tut.screenshot(path=str(artifacts / "xerog-boosting.png"))
    square(canvas, "e3")
    until(page, log, "c1-c3-e3")
    assert "boosts off c3" in log.inner_text()
    tut.get_by_role("button", name="Undo").click()
    until(page, log, "no moves yet")

    tut, canvas = scene_board(page, L.REPROGRAM)
    message = tut.locator(".xlib-message")
    square(canvas, "d1")
    square(canvas, "d3")
    until(page, message, "Rocket Boost")
    button(canvas, L.REPROGRAM, "d1", ["d3"], "Reprogram")
    until(page, message, "ringed empty square")
    before = canvas.evaluate(HASH_JS)
    square(canvas, "c6")                                   # beyond North's home row
    until(page, message, "beyond the opponent's home row")
    assert inside_viewport(page, message) and inside_viewport(page, canvas)
    page.wait_for_function("([el, h]) => { const c = el.querySelector('canvas') || el; "
                           "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let x = 0; "
                           "for (let i = 0; i < d.length; i += 4 * 13) x = (x * 31 + d[i] + 7 * d[i + 1] + "
                           "13 * d[i + 2]) | 0; return x !== h; }", arg=[canvas.element_handle(), before],
                           timeout=10_000)                 # c6 is outlined
    page.screenshot(path=str(artifacts / "xerog-illegal-drop.png"))
    square(canvas, "c4")
    until(page, tut.locator(".xlib-log"), "d1-d3>c4")
    no_errors(page)
