"""The Voila apps in a real Chromium: rendered, painted, played by clicks, undone, reloaded."""
import re
import time

import pytest

from xlib.views.xallies.view import well_centre

from xlib.views.xallies.view import XAlliesView

from .harness import (HASH_JS, build_every_board, click_view_point, inside_viewport, no_errors,  # noqa: F401
                      no_violations, open_app, wait_idle, rerun_with_seed, wait_painted, wait_without)

VIEW = XAlliesView()

NOTEBOOKS = ["index.ipynb", "xallies.ipynb", "xallies-lab.ipynb"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_notebook_renders_without_code_or_errors(page, server, artifacts, name):
    open_app(page, server, name)
    canvases = page.locator(".xlib-canvas")
    if name != "index.ipynb":
        canvases.first.wait_for(timeout=60_000)
        build_every_board(page)
        for k in range(canvases.count()):
            canvases.nth(k).scroll_into_view_if_needed()
            wait_painted(page, canvases.nth(k))
    assert "import xlib" not in page.inner_text("body")  # Voila shows no code
    no_errors(page)
    if name == "xallies-lab.ipynb":   # the lab with its plots shown: nothing axe-core finds (gallery and app: a11y)
        page.locator("img.xlib-plot").first.wait_for(timeout=120_000)
        no_violations(page, name, artifacts)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def test_the_served_gallery_says_which_game_to_start_with_and_names_the_rules(page, server, artifacts):
    open_app(page, server, "index.ipynb")
    first = page.locator(".xlib-first")
    first.wait_for(timeout=60_000)
    assert first.inner_text().startswith("New here? Start with X:") and "one stone on any empty cell" in \
        first.inner_text()
    assert first.locator("a").get_attribute("href") == "x.ipynb"
    assert page.locator(".xlib-card", has_text="(start here)").locator("h3").inner_text().startswith("X")
    assert "docs/RULES.md (in the project's folder)" in page.inner_text("body")   # no repository configured
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(artifacts / "gallery-served-top.png"))
    first.locator("a").click()
    page.wait_for_url("**/voila/render/x.ipynb", wait_until="commit", timeout=60_000)


def full_board(page, server):
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-full").first
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    return board, canvas


def click_well(canvas, well: int) -> None:
    click_view_point(canvas, VIEW, *well_centre(well))


def test_xallies_turn_by_clicks_undo_and_reload(page, server, artifacts):
    board, canvas = full_board(page, server)
    log = board.locator(".xlib-log")
    status = board.locator(".xlib-status")
    assert "Turn 1: blue" in status.inner_text()
    for well in (3, 4):  # choose well 3, then the next well clockwise: the turn 3+
        click_well(canvas, well)
    page.wait_for_function("(el) => el.innerText.includes('3+:bb')", arg=log.element_handle(), timeout=30_000)
    # the two computer seats answer; then it is blue's turn again
    page.wait_for_function("(el) => el.innerText.includes('Turn 4: blue')", arg=status.element_handle(),
                           timeout=60_000)
    assert "3+:bb" in log.inner_text()
    board.screenshot(path=str(artifacts / "xallies-after-turn.png"))
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function("(el) => el.innerText.includes('Turn 1: blue')", arg=status.element_handle(),
                           timeout=30_000)
    wait_without(page, log, "3+:bb")   # the move list follows the status line
    no_errors(page)
    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    board = page.locator(".xlib-full").first
    board.wait_for(timeout=60_000)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    no_errors(page)
    board.screenshot(path=str(artifacts / "xallies-after-reload.png"))


def test_clicks_during_the_computers_replies_are_not_played(page, server, artifacts):
    board, canvas = full_board(page, server)
    status, log = board.locator(".xlib-status"), board.locator(".xlib-log")
    for well in (3, 4):
        click_well(canvas, well)
    for well in (2, 1, 2, 1):      # four quick clicks while purple and green reply
        click_well(canvas, well)
    page.wait_for_function("(el) => el.innerText.includes('Turn 4: blue')", arg=status.element_handle(),
                           timeout=60_000)
    wait_idle(page, board)
    time.sleep(1.0)                # anything queued would have been played by now
    entries = [line for line in log.inner_text().splitlines() if line.strip()]
    assert len(entries) == 3 and entries[0].startswith("1. 3+:bb"), entries
    assert "Turn 4: blue" in status.inner_text()
    board.screenshot(path=str(artifacts / "xallies-clicks-ignored.png"))


def test_illegal_click_is_explained_inside_the_viewport_and_the_well_marked(page, server, artifacts):
    board, canvas = full_board(page, server)
    before = canvas.evaluate(HASH_JS)
    click_well(canvas, 6)
    message = board.locator(".xlib-message")
    page.wait_for_function("(el) => el.innerText.includes(\"purple's region\")", arg=message.element_handle(),
                           timeout=30_000)
    assert inside_viewport(page, message) and inside_viewport(page, canvas)
    page.wait_for_function("([el, h]) => { const c = el.querySelector('canvas') || el; "
                           "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let x = 0; "
                           "for (let i = 0; i < d.length; i += 4 * 13) x = (x * 31 + d[i] + 7 * d[i + 1] + "
                           "13 * d[i + 2]) | 0; return x !== h; }", arg=[canvas.element_handle(), before],
                           timeout=10_000)   # the well is outlined
    page.screenshot(path=str(artifacts / "xallies-illegal-click.png"))


def legal_moves(board) -> list[str]:
    """The completions the move box offers (the legal moves)."""
    return board.locator(".xlib-entry input").evaluate(
        "(el) => el.list ? Array.from(el.list.options).map(o => o.value) : []")


def test_typed_moves_play_and_undo_keeps_its_place_over_a_game(page, server, artifacts):
    board, canvas = full_board(page, server)
    undo = board.get_by_role("button", name="Undo")
    status, log = board.locator(".xlib-status"), board.locator(".xlib-log")
    entry = board.locator(".xlib-entry input")
    places = {round(undo.bounding_box()["x"])}
    for turn in range(4):
        moves = legal_moves(board)
        assert moves, "the move box offers the legal moves"
        entry.fill(moves[-1])
        entry.press("Enter")
        done = f"b.querySelector('.xlib-log').innerText.split('\\n').filter(l => l.trim()).length >= {3 * turn + 3}"
        choose = "Array.from(b.querySelectorAll('.xlib-choices button')).some(x => x.innerText.includes('Automatic'))"
        page.wait_for_function(f"(b) => {done} || {choose}", arg=board.element_handle(), timeout=60_000)
        automatic = board.locator(".xlib-choices button", has_text="Automatic order")
        if automatic.count():   # several colours in hand: drop them in the automatic order
            automatic.first.click()
        page.wait_for_function(f"(b) => {done}", arg=board.element_handle(), timeout=60_000)
        wait_idle(page, board)
        places.add(round(undo.bounding_box()["x"]))
        click_well(canvas, 7)   # an illegal click: a long sentence in the message line
        page.wait_for_function("(el) => el.innerText.includes(\"purple's region\")",
                               arg=board.locator(".xlib-message").element_handle(), timeout=10_000)
        places.add(round(undo.bounding_box()["x"]))
    assert len(places) == 1, places
    board.screenshot(path=str(artifacts / "xallies-four-turns.png"))


def test_preheated_kernel_still_paints_the_board(browser, artifacts):
    """`make app` preheats kernels: every drawing happens before the page connects (ipycanvas #322)."""
    from .harness import VIEWPORT, voila

    with voila("--preheat_kernel=True", "--pool_size=1") as url:
        time.sleep(6)  # the pool runs the notebook before the page opens
        page = browser.new_page(viewport=VIEWPORT)
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        open_app(page, url, "xallies.ipynb")
        canvas = page.locator(".xlib-canvas").first
        canvas.wait_for(timeout=60_000)
        wait_painted(page, canvas)
        no_errors(page)
        page.screenshot(path=str(artifacts / "xallies-preheated.png"))
        page.close()


def test_lab_change_a_control_run_an_experiment_and_see_plot_and_table(page, server, artifacts):
    open_app(page, server, "xallies-lab.ipynb")
    panel = page.locator(".xlib-lab").first
    panel.wait_for(timeout=90_000)
    panel.scroll_into_view_if_needed()
    results = panel.locator(".xlib-lab-results")
    text = panel.locator(".xlib-lab-text")
    results.locator("img").first.wait_for(timeout=60_000)  # the default experiment, shown at load
    text_before = text.evaluate("(el) => el.textContent")
    before, after = rerun_with_seed(page, panel, 7)
    assert "game" in panel.locator(".xlib-progress").inner_text()
    assert results.locator("img").count() == 3 and results.locator("table").count() == 2
    assert "Discuss." in results.inner_text()
    assert after != before  # seed 7 played other games than the seed-0 results shown at load
    cells = [c.strip() for c in after.split("\t")]
    text_after = text.evaluate("(el) => el.textContent")
    assert text_after != text_before and cells[0] in text_after and cells[2] in text_after  # the text shows this run
    no_errors(page)
    panel.screenshot(path=str(artifacts / "lab-after-run.png"))
