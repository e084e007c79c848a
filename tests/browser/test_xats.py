"""The XATS app in a real Chromium at 1366×768: rendered with no code and no error, every table painted,
a tile played and a stack destroyed by clicks, an illegal choice explained in view, undo, reload."""
import re

import xlib
from xlib.views.xats.view import XatsView
from xlib.games.xats import Play

from .harness import (HASH_JS, build_every_board, click_view_point, inside_viewport, no_errors, open_app, wait_idle,
                      wait_painted)

VIEW = XatsView()
CHANGED_JS = ("([el, h]) => { const c = el.querySelector('canvas') || el; "
              "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let x = 0; "
              "for (let i = 0; i < d.length; i += 4 * 13) x = (x * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0; "
              "return x !== h; }")


def shown_state(board):
    """The live position, replayed from the moves in the board's log."""
    state = xlib.game("xats").start()
    for move in board.locator(".xlib-log code").all_inner_texts():
        state = state.play(move)
    return state


def moves_logged(board) -> int:
    return board.locator(".xlib-log code").count()


def wait_moves(page, board, count: int) -> None:
    """Wait for `count` moves in the log, then for the board to be free again (Undo enabled)."""
    page.wait_for_function(f"(el) => el.querySelectorAll('code').length >= {count}",
                           arg=board.locator(".xlib-log").element_handle(), timeout=60_000)
    page.wait_for_function("(el) => !el.disabled", arg=board.locator("button.xlib-undo").element_handle(),
                           timeout=60_000)
    wait_idle(page, board)


def play_a_tile(page, board, canvas, state) -> None:
    """White clicks a tile of the tray, then the empty table (or a stack, when one must be used); the
    computer (Red) answers."""
    plays = [m for m in state.moves() if isinstance(m, Play)]
    move = max(plays, key=lambda m: (m.stack is None, m.tile))
    before = moves_logged(board)
    click_view_point(canvas, VIEW, *VIEW.tray_tile_centre(state, 0, move.tile))
    target = VIEW.table_point(state) if move.stack is None else VIEW.stack_point(state, f"s{move.stack}")
    click_view_point(canvas, VIEW, *target)
    wait_moves(page, board, before + 2)


def illegal_choice(state):
    """Clicks (view points) ending in an illegal choice, best a tile on a stack it does not fit; and the
    tile left chosen, if any."""
    tiles = [(t, VIEW.tray_tile_centre(state, 0, t)) for t in state.reserve(0)]
    for t, at in tiles:
        chosen = VIEW.click(state, *at).selection
        for k, _ in state.stack_list:
            onto = VIEW.stack_point(state, f"s{k}")
            if chosen == ("tile", t) and VIEW.click(state, *onto, chosen).illegal:
                return [at, onto], at
    for t, at in tiles:
        first = VIEW.click(state, *at)
        if first.illegal:
            return [at], None
        if VIEW.click(state, *VIEW.table_point(state), first.selection).illegal:
            return [at, VIEW.table_point(state)], at
    raise AssertionError(f"no illegal choice for White in {state.position_text()}")


def test_xats_app_plays_by_clicks_explains_undoes_and_reloads(page, server, artifacts):
    open_app(page, server, "xats.ipynb")
    canvases = page.locator(".xlib-canvas")
    canvases.first.wait_for(timeout=60_000)
    build_every_board(page)
    assert canvases.count() == 15            # fourteen lesson tables and the game
    for k in range(canvases.count()):
        canvases.nth(k).scroll_into_view_if_needed()
        wait_painted(page, canvases.nth(k))
    assert "import xlib" not in page.inner_text("body") and "Tutorial(" not in page.inner_text("body")
    no_errors(page)

    board = page.locator(".xlib-full").first
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    assert "White to move" in board.locator(".xlib-status").inner_text()

    # a tile played by clicks, until White has a stack to destroy (Red may destroy White's first stack)
    state = shown_state(board)
    for _ in range(4):
        play_a_tile(page, board, canvas, state)
        state = shown_state(board)
        assert "White starts s1 with tile 13" in board.locator(".xlib-log").inner_text()
        if any(m for m in state.moves() if str(m).startswith("s")):
            break
    board.screenshot(path=str(artifacts / "xats-after-play.png"))

    # an illegal choice: a tile on a stack it does not fit, explained in view and drawn over the stack
    clicks, chosen = illegal_choice(state)
    for point in clicks[:-1]:
        click_view_point(canvas, VIEW, *point)
    before = canvas.evaluate(HASH_JS)
    click_view_point(canvas, VIEW, *clicks[-1])
    message = board.locator(".xlib-message")
    page.wait_for_function("(el) => el.innerText.includes('✗')", arg=message.element_handle(), timeout=10_000)
    assert inside_viewport(page, message) and inside_viewport(page, canvas)
    page.wait_for_function(CHANGED_JS, arg=[canvas.element_handle(), before], timeout=10_000)
    page.screenshot(path=str(artifacts / "xats-illegal.png"))
    assert moves_logged(board) == len(state.moves_played())

    # a Destroy by clicks: the tile goes back to the tray, then a stack and its Destroy button
    destroy = next(m for m in state.moves() if str(m).startswith("s"))
    if chosen is not None:
        click_view_point(canvas, VIEW, *chosen)
    click_view_point(canvas, VIEW, *VIEW.stack_point(state, f"s{destroy.stack}"))
    button = board.get_by_role("button", name=re.compile(rf"^Destroy s{destroy.stack} with tile"))
    button.first.wait_for(timeout=10_000)
    played = len(state.moves_played())
    log_before = board.locator(".xlib-log").inner_text()
    button.first.click()
    wait_moves(page, board, played + 1)
    assert f"White destroys s{destroy.stack}" in board.locator(".xlib-log").inner_text()
    board.screenshot(path=str(artifacts / "xats-after-destroy.png"))

    # undo takes back the destroy (and the computer's answer)
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"(el) => el.querySelectorAll('code').length == {played}",
                           arg=board.locator(".xlib-log").element_handle(), timeout=30_000)
    assert board.locator(".xlib-log").inner_text() == log_before
    no_errors(page)

    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    board = page.locator(".xlib-full").first
    board.wait_for(timeout=60_000)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    no_errors(page)
    board.screenshot(path=str(artifacts / "xats-after-reload.png"))
