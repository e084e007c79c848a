"""Nothing a student does is lost, tried as it happens in a real Chromium: a reload mid-game offers the game
back and continues it; when the page's kernel dies mid-game, a click gets a sentence saying what the server knows,
and its Reload button brings the same game back."""
import os
import re
import signal
import time

import psutil

from .harness import no_errors, open_app, wait_idle, wait_painted


def moves_listed(board) -> int:
    return len(re.findall(r"^\s*\d+\. ", board.locator(".xlib-log").inner_text(), re.M))


def full_board(page):
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    return board


def play_until_the_computer_answered(page, board, least: int) -> int:
    entry = board.locator(".xlib-entry input")
    for _ in range(10):
        wait_idle(page, board)
        if moves_listed(board) >= least and not entry.is_disabled():
            return moves_listed(board)
        entry.fill(board.locator(".xlib-entry datalist option").first.get_attribute("value"))
        entry.press("Enter")
        page.wait_for_timeout(400)
    raise AssertionError("the computer did not answer")


def continue_after_reload(page, played: int, button=None):
    """Reload (by `button` when given), and continue the game the page offers back."""
    if button is None:
        page.reload()
    else:
        with page.expect_navigation(timeout=60_000):
            button.click()
    page.wait_for_selector("h1", timeout=90_000)
    board = full_board(page)
    button = board.locator(".xlib-continue")
    button.wait_for(timeout=60_000)
    assert f"{played} moves" in board.locator(".xlib-message").inner_text()
    button.click()
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length >= {played}",
                           arg=board.locator(".xlib-log").element_handle(), timeout=60_000)
    return board


def kill_kernel(kernel_id: str) -> None:
    for p in psutil.Process().children(recursive=True):
        try:
            if f"kernel-{kernel_id}.json" in " ".join(p.cmdline()):
                os.kill(p.pid, signal.SIGKILL)
                return
        except psutil.Error:
            pass
    raise AssertionError("the page's kernel was not found")


def test_a_reload_mid_game_offers_the_game_back_and_it_goes_on(page, server, artifacts):
    open_app(page, server, "x.ipynb")
    board = full_board(page)
    played = play_until_the_computer_answered(page, board, 3)
    board = continue_after_reload(page, played)
    assert "goes on from move" in board.locator(".xlib-message").inner_text()
    after = play_until_the_computer_answered(page, board, played + 3)   # and play goes on from there
    assert after >= played + 3
    board.screenshot(path=str(artifacts / "kept-after-reload.png"))
    no_errors(page)


def test_a_lost_kernel_is_said_in_words_and_a_reload_brings_the_game_back(page, server, artifacts):
    open_app(page, server, "alea.ipynb")
    board = full_board(page)
    played = play_until_the_computer_answered(page, board, 2)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    kill_kernel(kernel)
    time.sleep(1)
    board.locator(".xlib-canvas").first.click(position={"x": 40, "y": 40})   # a click into the void
    banner = page.locator(".xlib-lost")
    banner.wait_for(state="visible", timeout=20_000)
    # then what the server says: it still answers, and this page's app stopped or no longer answers the page
    page.wait_for_function("() => /server/.test(document.querySelector('.xlib-lost').innerText)", timeout=20_000)
    words = banner.inner_text()
    assert "still answers" in words and "kept on this device and comes back" in words, words
    assert "sleep" not in words and "kernel" not in words, words
    page.screenshot(path=str(artifacts / "kernel-lost.png"))
    board = continue_after_reload(page, played, banner.get_by_role("button", name="Reload the page"))
    assert not page.locator(".xlib-lost").is_visible()
    no_errors(page)
