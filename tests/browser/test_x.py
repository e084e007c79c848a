"""The X app in a real Chromium at 1366×768: rendered without code or errors, every board painted, a stone
placed by a click (the first on a board partly below the fold, the focus elsewhere, is read where it was made),
an occupied cell explained in view, a corner taken said above the board, undo, and a reload that paints again."""
from xlib.views.x.view import XView

from .harness import HASH_JS, click_view_point, inside_viewport, no_errors, open_app, wait_painted


def test_x_app_places_by_click_explains_an_occupied_cell_tells_a_corner_undoes_and_reloads(page, server, artifacts):
    open_app(page, server, "x.ipynb")
    canvases = page.locator(".xlib-canvas")
    canvases.first.wait_for(timeout=60_000)
    wait_painted(page, canvases.first)
    assert "import xlib" not in page.inner_text("body")   # Voila shows no code
    assert "Mark Steere" in page.inner_text("body")
    no_errors(page)

    board = page.locator(".xlib-board.xlib-controls").last  # the whole game, after the lesson's boards
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    seats = board.locator("select:has(option:text-is('Person'))")
    for seat in (1, 2):                                      # people at every seat: no waiting on the computer
        seats.nth(seat).select_option(label="Person")
    status, log, message = board.locator(".xlib-status"), board.locator(".xlib-log"), board.locator(".xlib-message")
    assert "Red to move" in status.inner_text()
    before = canvas.evaluate(HASH_JS)

    view = XView(size=9)
    # the board's foot below the fold, the focus on a control beside it (as after New game): the first click on the
    # board plays where it was made, the page staying where it stands
    canvas.evaluate("(c) => c.scrollIntoView({block: 'start'})")
    page.mouse.wheel(0, -250)
    page.wait_for_timeout(300)
    assert canvas.bounding_box()["y"] + canvas.bounding_box()["height"] > page.viewport_size["height"]
    board.locator(".xlib-top-row button").first.focus()
    top = canvas.bounding_box()["y"]
    click_view_point(canvas, view, *view.cell_centre("e5"))
    page.wait_for_function("(el) => el.innerText.includes('Yellow to move')", arg=status.element_handle(),
                           timeout=30_000)
    assert "1. e5" in log.inner_text() and abs(canvas.bounding_box()["y"] - top) < 1
    status.evaluate("(el) => el.scrollIntoView({block: 'start'})")   # the status, message and board in view
    page.wait_for_function("(el) => el.innerText.includes('e5')", arg=log.element_handle(), timeout=30_000)
    page.wait_for_function(f"(el) => ({HASH_JS})(el) !== {before}", arg=canvas.element_handle(), timeout=30_000)

    click_view_point(canvas, view, *view.cell_centre("e5"))
    page.wait_for_function("(el) => el.innerText.includes('taken by Red')", arg=message.element_handle(),
                           timeout=30_000)
    assert inside_viewport(page, message) and inside_viewport(page, canvas)
    board.screenshot(path=str(artifacts / "x-occupied.png"))

    click_view_point(canvas, view, *view.cell_centre("a1"))          # Yellow's stone on a corner cell
    page.wait_for_function("(el) => el.innerText.includes('Yellow takes corner a1.')", arg=message.element_handle(),
                           timeout=30_000)
    page.wait_for_function("(el) => el.innerText.includes('a1 takes corner a1')", arg=log.element_handle(),
                           timeout=30_000)
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function("(el) => el.innerText.includes('Yellow to move')", arg=status.element_handle(),
                           timeout=30_000)
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function("(el) => el.innerText.includes('Red to move')", arg=status.element_handle(),
                           timeout=30_000)
    page.wait_for_function("(el) => el.innerText.includes('no moves yet')", arg=log.element_handle(),
                           timeout=30_000)   # the move list follows the status line
    no_errors(page)

    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    board = page.locator(".xlib-board.xlib-controls").last
    board.wait_for(timeout=60_000)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    no_errors(page)
    page.screenshot(path=str(artifacts / "x-after-reload.png"))
