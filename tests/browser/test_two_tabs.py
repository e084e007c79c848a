"""Two tabs of one app in one browser keep both games: the second tab's offer of the first tab's game ignored, a game
played there and the page reloaded, both games are kept on the device and both are offered; each continues."""
import json

from .harness import no_errors, open_app
from .test_nothing_lost import full_board, moves_listed, play_until_the_computer_answered


def kept_games(page) -> list[dict]:
    """The games the device keeps for the X app's page (its browser storage)."""
    text = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('xlib-game:x@'))"
                         ".map((k) => localStorage.getItem(k))")
    assert len(text) == 1, text
    value = json.loads(text[0])
    return value.get("kept", [value])


def test_two_tabs_keep_both_games_and_a_reload_offers_both(page, server, artifacts):
    open_app(page, server, "x.ipynb")
    first = play_until_the_computer_answered(page, full_board(page), 7)
    page.wait_for_timeout(1500)
    second_tab = page.context.new_page()
    open_app(second_tab, server, "x.ipynb")
    board = full_board(second_tab)
    board.locator(".xlib-continue").wait_for(timeout=60_000)
    assert f"{first} moves" in board.locator(".xlib-message").inner_text()
    second = play_until_the_computer_answered(second_tab, board, 2)   # the offer ignored: a new game played
    assert second != first
    second_tab.wait_for_timeout(1500)
    assert sorted(g["moves"] for g in kept_games(second_tab)) == sorted([first, second])
    second_tab.reload()
    second_tab.wait_for_selector("h1", timeout=90_000)
    board = full_board(second_tab)
    board.locator(".xlib-continue").wait_for(timeout=60_000)
    said = board.locator(".xlib-message").inner_text()
    assert f"Continue your game? ({second} moves" in said and f"Another game is kept too ({first} moves" in said
    board.screenshot(path=str(artifacts / "two-tabs-both-offered.png"))
    board.locator(".xlib-continue-other").click()
    second_tab.wait_for_function(f"(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length >= {first}",
                                 arg=board.locator(".xlib-log").element_handle(), timeout=60_000)
    assert moves_listed(board) == first and "goes on from move" in board.locator(".xlib-message").inner_text()
    no_errors(page)
    second_tab.close()
