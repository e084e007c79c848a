"""Undo then Redo in a game against the computer, in every game's app at 1366×768: the student's move and the
computer's reply both come back, nothing is left waiting on the computer, and the words say what happened."""
import re

import pytest

from .harness import no_errors, open_app, wait_idle, wait_painted

APPS = ["alea.ipynb", "x.ipynb", "xats.ipynb", "xerog.ipynb", "xallies.ipynb"]


def moves_listed(log) -> int:
    return len(re.findall(r"^\s*\d+\. ", log.inner_text(), re.M))


def play_a_turn(page, board) -> None:
    """Type the first legal move until the computer has answered (a turn may take several decisions)."""
    entry = board.locator(".xlib-entry input")
    for _ in range(12):
        wait_idle(page, board)
        if moves_listed(board.locator(".xlib-log")) >= 2 and not entry.is_disabled():
            return
        entry.fill(board.locator(".xlib-entry datalist option").first.get_attribute("value"))
        entry.press("Enter")
        page.wait_for_timeout(400)
    raise AssertionError("the computer did not answer a move")


@pytest.mark.parametrize("app", APPS)
def test_redo_brings_back_the_move_and_the_computer_reply_and_play_goes_on(page, server, artifacts, app):
    open_app(page, server, app)
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    log, message = board.locator(".xlib-log"), board.locator(".xlib-message")
    play_a_turn(page, board)
    page.wait_for_function("(el) => /\\d+\\. /.test(el.innerText)", arg=log.element_handle(), timeout=60_000)
    wait_idle(page, board)
    played = moves_listed(log)
    assert played >= 2, log.inner_text()

    board.locator(".xlib-undo").click()
    page.wait_for_function("(el) => el.innerText.includes('Took back')", arg=message.element_handle(), timeout=30_000)
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length < {played}",
                           arg=log.element_handle(), timeout=30_000)   # the list follows the message

    board.get_by_role("button", name="Redo").click()
    page.wait_for_function("(el) => el.innerText.includes('Played again')", arg=message.element_handle(),
                           timeout=30_000)
    wait_idle(page, board)
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length >= {played}",
                           arg=log.element_handle(), timeout=60_000)
    assert "Took back" not in message.inner_text()
    assert "thinking" not in board.locator(".xlib-status").inner_text()
    assert not board.locator(".xlib-entry input").is_disabled()   # the student's move: play goes on
    board.screenshot(path=str(artifacts / f"redo-{app.split('.')[0]}.png"))
    no_errors(page)
