"""Browser figures for every app (printed, never asserted): first paint, and click-to-repaint on XAllies.

Starts Voila on notebooks/ and drives Debian's Chromium with Playwright at 1366×768, as the
browser tests do. First paint is measured with a plain kernel (Voila's defaults) and with `make app`'s settings
(serve/voila.json: a pre-heated kernel per notebook), beside Voila's own floor: a notebook holding one bare
canvas. `benchmarks/widgets.py` counts the widget models each app sends.

    python benchmarks/browser.py [--clicks N] [--apps xallies.ipynb ...]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, PAINTED_JS, VIEWPORT, open_app, voila  # noqa: E402
from xlib.views.xallies.view import XAlliesView, well_centre  # noqa: E402

APPS = [p.name for p in sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
        if p.name != "index.ipynb"]

CLICK_JS = """async (el, [x, y]) => {
  const c = el.querySelector('canvas') || el;
  const hash = () => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4 * 7) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    return h;
  };
  const before = hash();
  const r = c.getBoundingClientRect();
  const t0 = performance.now();
  c.dispatchEvent(new MouseEvent('mousedown', {clientX: r.left + x, clientY: r.top + y, bubbles: true}));
  c.dispatchEvent(new MouseEvent('mouseup', {clientX: r.left + x, clientY: r.top + y, bubbles: true}));
  while (performance.now() - t0 < 5000) {
    await new Promise(requestAnimationFrame);
    if (hash() !== before) return performance.now() - t0;
  }
  return -1;
}"""


FLOOR = {"cells": [{"cell_type": "code", "execution_count": None, "id": "floor", "metadata": {}, "outputs": [],
                    "source": ["from ipycanvas import Canvas\n", "c = Canvas(width=300, height=300)\n",
                               "def draw():  # as many colours as a painted board shows\n",
                               "    for i in range(12):\n",
                               "        c.fill_style = f'hsl({30 * i}, 70%, 50%)'\n",
                               "        c.fill_rect(25 * i, 0, 25, 300)\n",
                               "c.on_client_ready(draw)  # as the boards do (ipycanvas #322)\n", "c"]}],
         "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
         "nbformat": 4, "nbformat_minor": 5}


def first_paint(browser, url: str, app: str) -> float:
    page = browser.new_page(viewport=VIEWPORT)
    t0 = time.perf_counter()
    page.goto(f"{url}/voila/render/{app}", timeout=90_000)
    canvas = page.locator("canvas" if app == "_floor.ipynb" else ".xlib-canvas").first
    canvas.wait_for(timeout=90_000)
    while canvas.evaluate(PAINTED_JS)["colours"] <= 8:
        time.sleep(0.02)
    secs = time.perf_counter() - t0
    page.close()
    return secs


def click_latencies(browser, url: str, clicks: int) -> list[float]:
    page = browser.new_page(viewport=VIEWPORT)
    open_app(page, url, "xallies.ipynb")
    board = page.locator(".xlib-full").first
    board.wait_for(state="attached", timeout=90_000)
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    while canvas.evaluate(PAINTED_JS)["colours"] <= 8:
        time.sleep(0.05)
    time.sleep(1)
    zoom = canvas.bounding_box()["width"] / XAlliesView().width
    x, y = (v * zoom for v in well_centre(3))
    out = []
    for _ in range(clicks):  # select well 3, then click it again to deselect: each repaints the board
        ms = canvas.evaluate(CLICK_JS, [x, y])
        if ms >= 0:
            out.append(ms)
    page.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--apps", nargs="*", default=APPS)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        serve = str(Path(__file__).resolve().parents[1] / "serve")
        for label, extra in (("plain", False), ("make app's pre-heated", True)):
            for key in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
                if extra:
                    os.environ[key] = serve
                else:
                    os.environ.pop(key, None)
            floor = Path(__file__).resolve().parents[1] / "notebooks" / "_floor.ipynb"
            floor.write_text(json.dumps(FLOOR))
            try:
                server = voila()
                url = server.__enter__()
            except BaseException:
                floor.unlink()
                raise
            try:
                for app in ["_floor.ipynb"] + list(args.apps):
                    paints = []
                    for _ in range(5):   # first paint varies by a few tenths: the median of five
                        if extra:
                            time.sleep(10)  # let the pool heat a kernel again, as it would before a lesson
                        paints.append(first_paint(browser, url, app))
                    name = "a bare canvas (Voila's own floor)" if app == "_floor.ipynb" else app
                    print(f"first paint of {name} ({label} kernel): "
                          f"{', '.join(f'{s:.2f}' for s in paints)} s (median {statistics.median(paints):.2f} s)",
                          flush=True)
                if not extra and "xallies.ipynb" in args.apps:
                    ms = sorted(click_latencies(browser, url, args.clicks))
                    p95 = ms[int(0.95 * (len(ms) - 1))]
                    print(f"click to repainted board: {len(ms)} clicks, median {statistics.median(ms):.0f} ms, "
                          f"p95 {p95:.0f} ms, max {ms[-1]:.0f} ms")
            finally:
                server.__exit__(None, None, None)
                floor.unlink(missing_ok=True)
        browser.close()


if __name__ == "__main__":
    main()
