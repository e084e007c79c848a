"""The Voila apps in a real Chromium: rendered, painted, played by clicks, undone, reloaded."""
import re
import time

import pytest

from xlib.board.xallies_view import well_centre

from .harness import PAINTED_JS

NOTEBOOKS = ["index.ipynb", "xallies.ipynb", "xallies-lab.ipynb"]
ERROR_TEXT = re.compile(r"Traceback|Something went wrong|Error executing|ModuleNotFoundError|NameError")


def open_app(page, server: str, name: str) -> None:
    page.goto(f"{server}/voila/render/{name}", timeout=90_000)
    page.wait_for_selector("h1", timeout=90_000)
    page.wait_for_load_state("networkidle", timeout=90_000)


def wait_painted(page, element, timeout: float = 30.0) -> dict:
    deadline = time.time() + timeout
    result = {}
    while time.time() < deadline:
        result = element.evaluate(PAINTED_JS)
        if result["colours"] > 8:
            return result
        time.sleep(0.2)
    raise AssertionError(f"the canvas was not painted: {result}")


def no_errors(page) -> None:
    text = page.inner_text("body")
    match = ERROR_TEXT.search(text)
    assert match is None, f"error text on the page: {text[max(0, match.start() - 200):match.end() + 400]}"
    assert not page.errors, f"JavaScript errors: {page.errors}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_notebook_renders_without_code_or_errors(page, server, artifacts, name):
    open_app(page, server, name)
    canvases = page.locator(".xlib-canvas")
    if name != "index.ipynb":
        canvases.first.wait_for(timeout=60_000)
        for k in range(canvases.count()):
            canvases.nth(k).scroll_into_view_if_needed()
            wait_painted(page, canvases.nth(k))
    assert "import xlib" not in page.inner_text("body")  # Voila shows no code
    no_errors(page)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def test_xallies_turn_by_clicks_undo_and_reload(page, server, artifacts):
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-board.xlib-controls").first
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    log = board.locator(".xlib-log")
    status = board.locator(".xlib-status")
    assert "Turn 1: blue" in status.inner_text()
    for well in (3, 4):  # choose well 3, then the next well clockwise: the turn 3+
        x, y = well_centre(well)
        canvas.click(position={"x": x, "y": y})
    page.wait_for_function("(el) => el.innerText.includes('3+:bb')", arg=log.element_handle(), timeout=30_000)
    # the two computer seats answer; then it is blue's turn again
    page.wait_for_function("(el) => el.innerText.includes('Turn 4: blue')", arg=status.element_handle(),
                           timeout=30_000)
    assert "3+:bb" in log.inner_text()
    board.screenshot(path=str(artifacts / "xallies-after-turn.png"))
    board.get_by_role("button", name="Undo").click()
    page.wait_for_function("(el) => el.innerText.includes('Turn 1: blue')", arg=status.element_handle(),
                           timeout=30_000)
    assert "3+:bb" not in log.inner_text()
    no_errors(page)
    page.reload()
    page.wait_for_selector("h1", timeout=90_000)
    board = page.locator(".xlib-board.xlib-controls").first
    board.wait_for(timeout=60_000)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    no_errors(page)
    board.screenshot(path=str(artifacts / "xallies-after-reload.png"))


def test_illegal_click_shows_the_rule(page, server):
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-board.xlib-controls").first
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    x, y = well_centre(6)
    canvas.click(position={"x": x, "y": y})
    page.wait_for_function("(el) => el.innerText.includes(\"purple's region\")", arg=board.element_handle(),
                           timeout=30_000)


def test_preheated_kernel_still_paints_the_board(browser, artifacts):
    """`make app` preheats kernels: every drawing happens before the page connects (ipycanvas #322)."""
    from .harness import voila

    with voila("--preheat_kernel=True", "--pool_size=1") as url:
        time.sleep(6)  # the pool runs the notebook before the page opens
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
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
    results.locator("img").first.wait_for(timeout=60_000)  # the default experiment, shown at load
    before = results.locator("table").first.locator("tbody tr").first.inner_text()
    seed = panel.locator("input[type=number]").first
    seed.fill("7")
    seed.press("Enter")
    panel.get_by_role("button", name="Run experiment").click()
    page.wait_for_function("(el) => el.innerText.includes('with seed 7')", arg=panel.element_handle(),
                           timeout=120_000)
    assert results.locator("img").count() == 3 and results.locator("table").count() == 2
    assert "Discuss." in results.inner_text()
    after = results.locator("table").first.locator("tbody tr").first.inner_text()
    assert after != before  # seed 7 played other games than the seed-0 results shown at load
    no_errors(page)
    panel.screenshot(path=str(artifacts / "lab-after-run.png"))
