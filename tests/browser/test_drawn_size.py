"""The XAllies board keeps the size it is drawn at and the place its clicks land through a long game, while the
window is resized and the board zoomed in and out: after it all, the same position is drawn pixel for pixel as
before, and a click on a well plays that well."""
import json

import xlib
from xlib.board import view_for
from xlib.views.xallies.view import well_centre

from .harness import HASH_JS, no_errors, open_app, wait_idle, wait_painted


def long_game() -> tuple[dict, int]:
    """A record about 25 turns into a game, with blue (the person) to start a turn, and a well blue can sow
    clockwise."""
    from xlib.agents import make_agent

    for seed in range(100):
        s = xlib.game("xallies", shooting="manual").start(seed=seed)
        agent = make_agent("random", seed=seed)
        while not s.over and len(view_for(s).log(s)) < 25:
            s = s.play(agent.choose(s))
        while not s.over and not (s.to_move == 0 and not s.in_turn and s.phase == "play"):
            s = s.play(agent.choose(s))
        wells = [w for w in (3, 2, 1, 0) if any(str(m).startswith(f"{w}+") for m in s.moves())]
        if not s.over and wells:
            return s.record(), wells[0]
    raise AssertionError("no long game found")


def test_resizing_and_zooming_during_a_long_game_keeps_the_drawn_board_and_its_clicks_together(page, server,
                                                                                             artifacts, tmp_path):
    record = tmp_path / "long.json"
    game, well = long_game()
    record.write_text(json.dumps(game))
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    with page.expect_file_chooser() as chooser:
        board.locator(".xlib-upload").click()
    chooser.value.set_files(str(record))
    log = board.locator(".xlib-log")
    page.wait_for_function("(el) => el.innerText.includes('25.')", arg=log.element_handle(), timeout=30_000)
    wait_idle(page, board)
    page.wait_for_timeout(500)
    drawn = canvas.evaluate(HASH_JS)
    count = "(el) => (el.innerText.match(/^\\d+\\. /gm) || []).length"
    turns = log.evaluate(count)
    zoom = board.get_by_role("button", name="Zoom in")
    for size in ((1093, 614), (1920, 1080), (1024, 768), (1366, 768)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        zoom.click()
        page.wait_for_timeout(150)
        zoom.click()
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", board.element_handle())
    page.wait_for_timeout(300)
    view = view_for(xlib.game("xallies").start(seed=0))
    for w in (well, well + 1):   # a click on a well drawn there plays that well: sown clockwise
        box = canvas.bounding_box()
        x, y = well_centre(w)
        canvas.click(position={"x": x * box["width"] / view.width, "y": y * box["height"] / view.height})
        page.wait_for_timeout(400)
    auto = board.get_by_role("button", name="Automatic order")
    if auto.count():
        auto.click()   # the colours of the drops, in the usual order
    page.wait_for_function(f"(el) => (el.innerText.match(/^\\d+\\. /gm) || []).length > {turns}",
                           arg=log.element_handle(), timeout=60_000)
    for size in ((1093, 614), (1920, 1080), (1366, 768)):   # while the computers reply
        page.set_viewport_size({"width": size[0], "height": size[1]})
        zoom.click()
        page.wait_for_timeout(200)
        zoom.click()
    wait_idle(page, board)
    assert log.evaluate(count) > turns
    board.locator(".xlib-undo").click()   # back to the position loaded: drawn exactly as it was
    page.wait_for_function("(el) => el.innerText.includes('Took back')",
                           arg=board.locator(".xlib-message").element_handle(), timeout=30_000)
    wait_idle(page, board)
    page.wait_for_timeout(500)
    assert canvas.evaluate(HASH_JS) == drawn
    page.screenshot(path=str(artifacts / "drawn-size-xallies.png"))
    no_errors(page)
