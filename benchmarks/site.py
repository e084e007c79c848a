"""Figures of the static site, printed (never asserted): its size on disk and gzipped, the first visit (empty
browser cache) and the repeat visit (the browser's cache) to a painted board in each game's app, and how long the
computer's answer to a move takes in the browser.

    python benchmarks/site.py            # builds the site with `make site` first if build/site is missing

The site is served by Python's http.server on 127.0.0.1 and Chromium fetches nothing else (every other request
is blocked and counted). Goals: first visit at most 15 s, repeat visit at most 5 s, the computer's move at
most 2 s.
"""
from __future__ import annotations

import gzip
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, PAINTED_JS, free_port  # noqa: E402

SITE = ROOT / "build" / "site"
APPS = ["alea", "x", "xats", "xerog", "xallies"]
LONG = 300_000


def size() -> tuple[float, float, int]:
    """MB on disk, MB gzipped (file by file, as a web server sends them compressed), number of files."""
    files = [p for p in SITE.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in files)
    return raw / 1e6, packed / 1e6, len(files)


def painted_board(page) -> None:
    """Wait until the app's game board (the last one on the page) has drawn its position."""
    board = page.locator(".xlib-board.xlib-full").last
    board.wait_for(timeout=LONG)
    canvas = board.locator(".xlib-canvas").first
    deadline = time.time() + LONG / 1000
    while time.time() < deadline:
        if canvas.evaluate(PAINTED_JS)["colours"] > 8:
            return
        time.sleep(0.1)
    raise RuntimeError("the board was not painted")


def browser_cpu() -> float:
    """CPU seconds used so far by every process of this benchmark's Chromium (the page, its Python worker, the
    network service): a figure that the machine's other work does not inflate, unlike the seconds on the clock.
    Only this run's own processes count, not another Chromium on the same machine."""
    import psutil

    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name():
                times = proc.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            pass
    return total


def visit(ctx, url: str) -> tuple[float, float, object]:
    """Seconds on the clock and CPU seconds of the browser from the request to a painted board, and the page."""
    page = ctx.new_page()
    start, cpu = time.perf_counter(), browser_cpu()
    page.goto(url, timeout=LONG)
    painted_board(page)
    return time.perf_counter() - start, browser_cpu() - cpu, page


def computer_move(page, game: str) -> float:
    """Seconds from the student's last click of a move until the computer has answered and the board is idle."""
    import xlib
    from xlib.board import view_for
    from tests.browser.test_screens import clicks_for_a_move, point_on

    view = view_for(xlib.game(game).start(seed=0))
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    points = clicks_for_a_move(game)
    for x, y in points[:-1]:
        canvas.click(position=point_on(canvas, view, x, y))
        page.wait_for_timeout(250)
    x, y = points[-1]
    start = time.perf_counter()
    canvas.click(position=point_on(canvas, view, x, y))
    page.wait_for_function("(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length >= 2 && "
                           "!el.closest('.xlib-board').classList.contains('xlib-busy') && "
                           "!el.closest('.xlib-board').querySelector('.xlib-busy')",
                           arg=board.locator(".xlib-log").element_handle(), timeout=LONG, polling=50)
    return time.perf_counter() - start


def main() -> None:
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").exists():
        subprocess.run(["make", "site", f"PYTHON={sys.executable}"], cwd=ROOT, check=True)
    mb, gz, count = size()
    print(f"site: {mb:.1f} MB on disk in {count} files, {gz:.1f} MB gzipped")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(SITE), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    outside: list[str] = []
    fetched: list[int] = []
    rows = []
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in APPS:
                ctx = browser.new_context(viewport=VIEWPORT)   # an empty cache: a first visit
                ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base + "/")
                          else (outside.append(r.request.url), r.abort()))
                url = f"{base}/voici/render/{game}.html"
                body = []
                ctx.on("requestfinished", lambda req: body.append((req.sizes() or {}).get("responseBodySize", 0)))
                first, first_cpu, page = visit(ctx, url)
                fetched.append(sum(body))
                move = computer_move(page, game)
                page.close()
                repeat, repeat_cpu, page = visit(ctx, url)
                page.close()
                ctx.close()
                rows.append((game, first, repeat, move, first_cpu, repeat_cpu))
                print(f"{game:8} first visit {first:5.1f} s ({first_cpu:4.1f} s CPU)   repeat visit {repeat:5.1f} s "
                      f"({repeat_cpu:4.1f} s CPU)   computer move {move:4.1f} s", flush=True)
            browser.close()
    finally:
        server.terminate()
    print(f"median: first visit {statistics.median(r[1] for r in rows):.1f} s "
          f"({statistics.median(r[4] for r in rows):.1f} s CPU), repeat visit {statistics.median(r[2] for r in rows):.1f}"
          f" s ({statistics.median(r[5] for r in rows):.1f} s CPU), computer move "
          f"{statistics.median(r[3] for r in rows):.1f} s; one first visit fetched {statistics.median(fetched) / 1e6:.0f} MB")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end: {load:.1f} on {os.cpu_count()} cores")
    print(f"requests beyond the site: {len(outside)}")


if __name__ == "__main__":
    main()
