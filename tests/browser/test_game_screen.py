"""The full game's small things, in the browser: New game's question fits its button, the move list's first lines
stand under its heading and its newest at its foot once full, never a line cut in half, and a move typed in
capitals is played."""
import re

from .harness import no_errors, open_app, wait_idle, wait_painted

#: where the move list's lines stand in it: the first line's top below the list's top, the list's foot below the
#: newest line's foot (in px)
PLACES = """(el) => {
  const list = el.querySelector('.xlib-log-list'); const box = list.getBoundingClientRect();
  const lines = [...list.querySelectorAll(':scope > div > div')].map(d => d.getBoundingClientRect());
  return {first: lines[0].top - box.top, last: box.bottom - lines[lines.length - 1].bottom}; }"""


def test_the_move_list_shows_whole_lines_and_yes_new_game_fits_its_button(page, server, artifacts):
    open_app(page, server, "alea.ipynb")
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    entry = board.locator(".xlib-entry input")
    log = board.locator(".xlib-log")
    for turn in range(6):
        wait_idle(page, board)
        move = board.locator(".xlib-entry datalist option").first.get_attribute("value")
        entry.fill(move.upper())   # typed in capitals, as students do
        entry.press("Enter")
        page.wait_for_function(f"(el) => (el.innerText.match(/^\\d+\\. /gm) || []).length > {2 * turn}",
                               arg=log.element_handle(), timeout=60_000)
        if turn == 0:   # the first lines stand at the top of the list, under its heading
            assert log.evaluate(PLACES)["first"] < 2, log.evaluate(PLACES)
    wait_idle(page, board)
    places = log.evaluate(PLACES)
    assert -1 < places["last"] < 2, places   # a full list shows its newest line at its foot
    cut = log.evaluate("""(el) => {
      const list = el.querySelector('.xlib-log-list'); const top = list.getBoundingClientRect().top;
      return [...list.querySelectorAll(':scope > div > div')].map(d => d.getBoundingClientRect())
        .filter(r => r.top < top - 1 && r.bottom > top + 1).length; }""")
    assert cut == 0, "the move list's first line is cut in half"
    board.get_by_role("button", name=re.compile(r"^\W*New game$")).first.click()
    yes = board.get_by_role("button", name="Yes, new game")
    yes.wait_for(timeout=30_000)
    assert yes.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), "Yes, new game is cut on its button"
    box, side = yes.bounding_box(), board.locator(".xlib-side").bounding_box()
    assert box["x"] + box["width"] <= side["x"] + side["width"] + 1, (box, side)   # and stays in its column
    page.screenshot(path=str(artifacts / "game-small-things.png"))
    no_errors(page)
