"""Alea Evangelion in Chromium at 1366×768: rendered, painted, placed and converted by clicks, undone, reloaded."""
import xlib
from xlib.board import view_for
from xlib.lessons import alea as lesson

from .harness import (build_every_board, click_view_point, inside_viewport, no_errors, open_app, wait_idle,
                      wait_painted, wait_without)

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
    build_every_board(page)
    assert page.locator(".xlib-tutorial").count() == 11
    board = game_board(page)
    body = page.inner_text("body")
    assert "import xlib" not in body and "from xlib" not in body   # Voila shows no code
    assert "Our decisions" in body and "## " not in body           # decisions, and the rules as formatted text
    assert any(t.startswith("Black defends") for t in page.locator(".xlib-rules-text h4").all_inner_texts())
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


def test_alea_tutorial_follows_its_your_turn_sentences_by_clicks(page, server, artifacts):
    """Two scenes as a student plays them: c3 converts as the one move written xd2, and superko refuses xc1 in words."""
    open_app(page, server, NAME)
    build_every_board(page)
    page.locator(".xlib-tutorial").nth(10).wait_for(timeout=60_000)

    def scene(index):
        tutorial = page.locator(".xlib-tutorial").nth(index)
        tutorial.scroll_into_view_if_needed()
        board = tutorial.locator(".xlib-board").first
        canvas = tutorial.locator(".xlib-canvas").first
        wait_painted(page, canvas)
        view = view_for(lesson.SCENES[index].start())

        def press(name):
            tutorial.locator("button").filter(has_text=name).first.click()
            wait_idle(page, board)

        def click(cell):
            click_view_point(canvas, view, *view.cell_centre(cell))
        return tutorial, board, press, click

    tutorial, board, press, click = scene(lesson.SCENES.index(lesson.SAME_FLIPS))
    press("Your turn")                              # at the first step Black is to move, as the sentence says
    wait_text(page, tutorial.locator(".xlib-sentence"), "click c3 instead of d2")   # the page hears it a moment later
    click("c3")
    wait_text(page, board.locator(".xlib-log"), "xd2")   # converting around c3 is the one move written xd2
    wait_text(page, board.locator(".xlib-status"), "Black 4, White 0")
    tutorial, board, press, click = scene(lesson.SCENES.index(lesson.SUPERKO))
    for _ in lesson.SUPERKO.moves:
        press("Next")
    press("Your turn")
    click("c1")
    message = board.locator(".xlib-message")
    wait_text(page, message, "superko")
    assert "it would bring back a board that occurred earlier in this game, with Black to move" in message.inner_text()
    tutorial.screenshot(path=str(artifacts / "alea-superko-refused.png"))
    no_errors(page)
