"""The X app with its boards on our web canvas (XLIB_CANVAS=web, as in a browser with no server), in a real Chromium:
every board painted by replaying the kernel's frames, the <canvas> styled and sized as ipycanvas's is, a stone
placed by a click at two screen sizes, a click while the computer thinks answered and not played, and the
computer's replies painted; on both canvases, a board takes the keyboard's focus and Tab moves it on."""
import os

import pytest

from xlib.views.x.view import XView

from .harness import HASH_JS, click_view_point, no_errors, open_app, voila, wait_painted

SIZES = [{"width": 1366, "height": 768}, {"width": 900, "height": 1000}]


@pytest.fixture(scope="module")
def web_server(artifacts):
    from .conftest import _require_browser

    _require_browser()
    before = os.environ.get("XLIB_CANVAS")
    os.environ["XLIB_CANVAS"] = "web"   # the Voila kernels inherit it
    try:
        with voila() as url:
            yield url
    finally:
        if before is None:
            os.environ.pop("XLIB_CANVAS", None)
        else:
            os.environ["XLIB_CANVAS"] = before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_web_canvas_paints_plays_a_click_answers_a_busy_click_and_shows_the_reply(browser, web_server,
                                                                                      artifacts, size):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    try:
        open_app(page, web_server, "x.ipynb")
        canvases = page.locator("canvas.xlib-canvas")
        canvases.first.wait_for(timeout=60_000)
        assert page.locator(".xlib-canvas").count() == canvases.count()   # the class is on the <canvas> alone
        wait_painted(page, canvases.first)
        no_errors(page)

        board = page.locator(".xlib-board.xlib-controls").last
        board.scroll_into_view_if_needed()
        canvas = board.locator("canvas.xlib-canvas")
        wait_painted(page, canvas)
        assert canvas.get_attribute("tabindex") == "0"
        shown = canvas.bounding_box()
        pixels = canvas.evaluate("(c) => [c.width, c.height]")
        assert shown is not None and shown["width"] < pixels[0]   # drawn sharp, shown smaller: CSS scales it
        assert abs(shown["width"] / shown["height"] - pixels[0] / pixels[1]) < 0.02   # and keeps its shape

        status, log, message = board.locator(".xlib-status"), board.locator(".xlib-log"), board.locator(".xlib-message")
        assert "Red to move" in status.inner_text()
        before = canvas.evaluate(HASH_JS)
        # every sentence the message box shows, however soon the next one replaces it
        message.evaluate("(el) => { window.said = []; new MutationObserver((ms) => ms.forEach((m) => "
                         "[...m.addedNodes].forEach((n) => window.said.push(n.textContent)))).observe(el, "
                         "{childList: true, subtree: true}); }")
        view = XView(size=9)
        click_view_point(canvas, view, *view.cell_centre("e5"))
        click_view_point(canvas, view, *view.cell_centre("b2"))   # at once, while the computer thinks
        page.wait_for_function("() => window.said.some((t) => t.includes('not played'))", timeout=30_000)
        page.wait_for_function("(el) => el.innerText.includes('Red to move')", arg=status.element_handle(),
                               timeout=60_000)
        page.wait_for_function("(el) => el.querySelectorAll('code').length >= 3", arg=log.element_handle(),
                               timeout=30_000)
        page.wait_for_timeout(1500)   # a click played late would show as a fourth move by now
        moves = log.locator("code").all_inner_texts()
        assert moves[0] == "e5" and len(moves) == 3   # Red's click, then Yellow's and Green's replies
        assert "Red to move" in status.inner_text()     # the click made while busy was never played
        assert canvas.evaluate(HASH_JS) != before   # the stones are painted
        wait_painted(page, canvas)

        board.get_by_role("button", name="Zoom in").click()   # drawn twice as large: clicks still find their cell
        page.wait_for_function("(c) => c.getBoundingClientRect().width > 1200", arg=canvas.element_handle(),
                               timeout=30_000)
        free = next(c for c in ("h2", "g3", "b8", "c7") if c not in moves)
        click_view_point(canvas, view, *view.cell_centre(free))
        page.wait_for_function("(el) => el.querySelectorAll('code').length >= 4", arg=log.element_handle(),
                               timeout=30_000)
        assert log.locator("code").nth(3).inner_text() == free
        no_errors(page)
        board.screenshot(path=str(artifacts / f"web-canvas-{size['width']}x{size['height']}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("backend", ["ipycanvas", "web"])
def test_a_board_takes_the_keyboard_focus_and_tab_moves_it_on(page, request, backend):
    url = request.getfixturevalue("server" if backend == "ipycanvas" else "web_server")
    open_app(page, url, "x.ipynb")
    board = page.locator(".xlib-board.xlib-controls").last
    board.scroll_into_view_if_needed()
    canvas = board.locator("canvas.xlib-canvas")
    wait_painted(page, canvas)
    assert canvas.evaluate("(c) => c.tabIndex") == 0
    canvas.focus()
    assert page.evaluate("() => document.activeElement.matches('canvas.xlib-canvas')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") == "BUTTON"   # on to the board's buttons
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.matches('canvas.xlib-canvas')")
    page.keyboard.press("Shift+Tab")   # back past it, to what stands before the board
    assert not canvas.evaluate("(c) => document.activeElement === c")
    no_errors(page)
