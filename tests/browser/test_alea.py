"""Alea Evangelion in Chromium at 1366×768: rendered, painted, placed and converted by clicks, undone, reloaded."""
import xlib
from xlib.board import view_for

from .harness import click_view_point, inside_viewport, no_errors, open_app, wait_painted, wait_without

NAME = "alea.ipynb"


def game_board(page):
    """The whole-game board (the last board on the page: the tutorials come first)."""
    board = page.locator(".xlib-board.xlib-controls").last
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    return board


def wait_text(page, locator, text, timeout=30_000):
    page.wait_for_function("([el, t]) => el.innerText.includes(t)", arg=[locator.element_handle(), text],
                           timeout=timeout)


def wait_ready(page, board):
    """Wait until the board takes clicks again (Undo is enabled once a move has landed)."""
    page.wait_for_function("(el) => !el.disabled", arg=board.locator(".xlib-undo button, button.xlib-undo")
                           .first.element_handle(), timeout=30_000)


def test_alea_renders_then_places_converts_refuses_undoes_and_reloads_by_clicks(page, server, artifacts):
    open_app(page, server, NAME)
    first = page.locator(".xlib-tutorial .xlib-canvas").first
    first.wait_for(timeout=60_000)
    wait_painted(page, first)
    assert page.locator(".xlib-tutorial").count() == 11
    board = game_board(page)
    body = page.inner_text("body")
    assert "import xlib" not in body and "from xlib" not in body   # Voila shows no code
    assert "Our decisions" in body and "## Black defends" in body   # decisions and the transcript
    no_errors(page)
    board.locator("select:has(option[value='Person'])").nth(1).select_option(label="Person")  # White: a person
    canvas = board.locator(".xlib-canvas").first
    status, log, message = (board.locator(c) for c in (".xlib-status", ".xlib-log", ".xlib-message"))
    view = view_for(xlib.game("alea").start())

    def click(cell):
        click_view_point(canvas, view, *view.cell_centre(cell))

    def play(cell):
        click(cell.lstrip("x"))
        wait_text(page, log, cell)
        wait_ready(page, board)

    play("d4")
    play("e4")
    click("d4")                                   # e4 was placed last turn: protected
    wait_text(page, message, "protected")
    assert "d4 cannot convert" in message.inner_text() and inside_viewport(page, message)
    board.screenshot(path=str(artifacts / "alea-refused.png"))
    for cell in ("a1", "h8", "xd4"):              # one turn later d4 converts e4
        play(cell)
    wait_text(page, status, "Black 3, White 1")
    board.screenshot(path=str(artifacts / "alea-converted.png"))
    board.get_by_role("button", name="Undo").click()
    wait_text(page, status, "Black 2, White 2")
    wait_without(page, log, "xd4")   # the move list follows the status line
    no_errors(page)
    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    page.locator(".xlib-board.xlib-controls").last.wait_for(timeout=60_000)
    game_board(page)
    no_errors(page)
    page.locator(".xlib-board.xlib-controls").last.screenshot(path=str(artifacts / "alea-after-reload.png"))
