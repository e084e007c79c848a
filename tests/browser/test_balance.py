"""The balance study in a real Chromium at 1366×768: the shipped results shown at once without code, every plot
within the page's width, and a small study run from the page with its progress bar and new plots; on a
1920-pixel projector every chart's smallest type reads at 20 px or more."""
from xlib.experiments import balance as B
from xlib.panels.experiment import FIGURE_DPI

from .harness import VIEWPORT, no_errors, open_app

#: the smallest type of a chart as the screen shows it, in CSS pixels: its points at the chart's shown size (the
#: picture's pixels per inch, drawn at `dpi`, scaled to the width shown)
CHART_TYPE = "(img, [dpi, points]) => points / 72 * dpi * img.getBoundingClientRect().width / img.naturalWidth"


def test_balance_study_shows_its_results_and_runs_a_small_study(page, server, artifacts):
    open_app(page, server, "balance.ipynb")
    page.locator("img").nth(5).wait_for(timeout=90_000)  # the plots of the five games and the komi search
    body = page.inner_text("body")
    assert "def show_game" not in body and "plt.rcParams" not in body  # Voila shows no code
    assert "wins" in body and "Recommended komi" in body and "Questions for the class" in body
    assert "Dask" not in body and "from dask" not in body and "two-core" not in body and "45 minutes" not in body
    no_errors(page)
    width = page.viewport_size["width"]
    images = page.locator("img")
    assert images.count() == 6
    for i in range(images.count()):
        box = images.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (i, box)
    page.screenshot(path=str(artifacts / "balance-top.png"))
    page.set_viewport_size({"width": 1920, "height": 1080})   # on a projector the charts grow, and their type
    page.wait_for_timeout(300)
    for i in range(images.count()):
        shown = images.nth(i).evaluate(CHART_TYPE, [B.READABLE_DPI, B.TYPE])
        assert shown >= 20, (i, shown)
    page.screenshot(path=str(artifacts / "balance-top-1920.png"))
    page.set_viewport_size(VIEWPORT)
    images.nth(5).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "balance-komi.png"))

    panel = page.locator(".xlib-balance-run").first
    panel.scroll_into_view_if_needed()
    run = panel.get_by_role("button", name="Run a small study")
    run.click()
    page.wait_for_function("(el) => el.disabled", arg=run.element_handle(), timeout=10_000)
    panel.locator(".progress, .widget-hprogress, progress").first.wait_for(timeout=30_000)  # the progress bar
    panel.locator("img").first.wait_for(timeout=180_000)
    page.wait_for_function("(el) => !el.disabled", arg=run.element_handle(), timeout=30_000)
    assert "wins" in panel.inner_text() and "With a komi of" in panel.inner_text()
    box = panel.locator("img").first.bounding_box()
    assert box["x"] + box["width"] <= width
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(300)
    assert panel.locator("img").first.evaluate(CHART_TYPE, [FIGURE_DPI, B.TYPE]) >= 20
    page.set_viewport_size(VIEWPORT)
    no_errors(page)
    panel.locator("img").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "balance-small-study.png"))
