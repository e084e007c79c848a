"""The politics lab in a real Chromium at 1366×768: rendered without code or errors, the class game played
by a click with the politics beside it, and an experiment run from the page with its tables and plots."""
from xlib.panels.politics import PoliticsView

from .harness import (click_view_point, inside_viewport, no_errors, no_violations, open_app, rerun_with_seed,
                      wait_idle, wait_painted)


def test_politics_lab_plays_the_class_game_and_runs_an_experiment(page, server, artifacts):
    open_app(page, server, "politics-lab.ipynb")
    game = page.locator(".xlib-class-game").first
    game.wait_for(timeout=90_000)
    board = game.locator(".xlib-board").first
    canvas = board.locator(".xlib-canvas").first
    game.scroll_into_view_if_needed()
    wait_painted(page, canvas)
    body = page.inner_text("body")
    assert "from xlib" not in body and "PoliticsPanel()" not in body  # Voila shows no code
    no_errors(page)
    assert inside_viewport(page, canvas)
    politics = game.locator(".xlib-politics")
    assert "Who leads?" in politics.inner_text() and "nobody leads" in politics.inner_text()

    view = PoliticsView(size=6)
    click_view_point(canvas, view, *view.cell_centre("a1"))   # Red takes a corner; the computers answer
    page.wait_for_function("(el) => el.innerText.includes('a1')", arg=board.locator(".xlib-log").element_handle(),
                           timeout=60_000)
    wait_idle(page, board)
    assert "Red to move" in board.locator(".xlib-status").inner_text()
    assert "could still own it" in politics.inner_text() and "leads" in politics.inner_text()
    game.screenshot(path=str(artifacts / "politics-class-game.png"))

    panel = page.locator(".xlib-politics-lab").first
    panel.scroll_into_view_if_needed()
    results = panel.locator(".xlib-lab-results")
    before, after = rerun_with_seed(page, panel, 7)
    told = panel.locator(".xlib-progress").inner_text().strip()
    assert told.startswith("Finished: ") and told.endswith(" games played.") and " of " not in told, told
    assert results.locator("img").count() == 2 and results.locator("table").count() == 3
    assert "Discuss." in results.inner_text() and "could no longer win" in results.inner_text()
    assert after != before  # seed 7 played other games than the seed-0 results shown at load
    no_errors(page)
    results.locator("img").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "politics-lab-after-run.png"))
    results.locator("img").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "politics-lab-shares.png"))
    page.screenshot(path=str(artifacts / "politics-lab-page.png"), full_page=True)
    no_violations(page, "politics-lab", artifacts)   # the lab after a run, its plots shown: nothing axe-core finds
