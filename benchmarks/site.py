"""Figures of the static site, printed (never asserted): its size on disk and gzipped, the first visit (empty
browser cache) and the repeat visit (the browser's cache) to a painted board in each game's app, and how long the
computer's answer to a move takes in the browser.

    python benchmarks/site.py                         # builds the site with `make site` first if build/site is missing
    python benchmarks/site.py --rounds 5              # five visits of each kind per app, their medians at the end
    python benchmarks/site.py --site build/site --site /tmp/site-before    # two builds, taken in turns

Each site is served by Python's http.server on 127.0.0.1 and Chromium reaches no other address (every other
request fails, and is counted). Requests are not intercepted, which would turn the browser's cache off. Each round
gives every app a browser profile of its own, as a student's browser keeps one: a first visit with it empty, the
computer's answer to a move, then a repeat visit with what the browser kept (its cache of files and of the code it
compiled). With --private the profile is Playwright's private one, which keeps files but no compiled code (this
benchmark measured before with private profiles and its requests intercepted: a repeat visit then found nothing
in the browser's cache). Given two sites, each app is visited on one then on the other, so that both meet the
same load of the machine; the load average is printed beside each figure.
Goals: first visit at most 6 s, repeat visit at most 3 s, the computer's move at most 2 s.
"""
from __future__ import annotations

import argparse
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, PAINTED_JS, free_port  # noqa: E402

from playwright.sync_api import Error as PlaywrightError  # noqa: E402

SITE = ROOT / "build" / "site"
APPS = ["alea", "x", "xats", "xerog", "xallies"]
LONG = 300_000


def size(site: Path) -> tuple[float, float, int]:
    """MB on disk, MB gzipped (file by file, as a web server sends them compressed), number of files."""
    files = [p for p in site.rglob("*") if p.is_file()]
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


def load() -> float:
    """The machine's load average over the last minute (nan where the system does not say)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def visit(ctx, url: str) -> tuple[float, float, Any]:
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


@dataclass
class Row:
    """One round of one app on one site: a first visit, the computer's answer, a repeat visit."""
    first: float
    first_cpu: float
    first_load: float
    move: float
    repeat: float
    repeat_cpu: float
    repeat_load: float
    fetched: int


@dataclass
class Site:
    """A built site served on a port of its own, with the rounds measured on it so far."""
    folder: Path
    base: str = ""
    rows: dict[str, list[Row]] = field(default_factory=dict)


#: Chromium resolves no host name but 127.0.0.1: the pages reach nothing beyond the served sites. (Intercepting
#: requests instead, as the site's browser test does, would turn the browser's cache off.)
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class Browser:
    """A Chromium profile per app and round, private (Playwright's) or kept on disk as a student's browser keeps
    it; every request beyond the served sites fails and is counted."""

    def __init__(self, playwright, private: bool, bases: list[str]) -> None:
        self.playwright, self.private, self.bases = playwright, private, bases
        self.outside: list[str] = []
        self.args = CHROMIUM_ARGS + OFFLINE_ARGS
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=self.args) if private else None

    def context(self):
        if self.browser is not None:
            ctx = self.browser.new_context(viewport=VIEWPORT)
        else:
            profile = tempfile.mkdtemp(prefix="xlib-site-profile-")
            ctx = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=self.args, viewport=VIEWPORT)
        mine = tuple(b + "/" for b in self.bases) + ("data:", "blob:")
        ctx.on("request", lambda req: None if req.url.startswith(mine) else self.outside.append(req.url))
        return ctx

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()


def one_round(browser: Browser, site: Site, game: str) -> Row:
    """A first visit, the computer's answer to a move, and a repeat visit, in a new profile."""
    ctx = browser.context()
    body: list[int] = []

    def sized(req) -> None:
        try:
            body.append(req.sizes()["responseBodySize"])
        except PlaywrightError:   # a request still finishing as its page closes
            pass

    ctx.on("requestfinished", sized)
    url = f"{site.base}/voici/render/{game}.html"
    first_load = load()
    first, first_cpu, page = visit(ctx, url)
    fetched = sum(body)
    move = computer_move(page, game)
    page.close()
    repeat_load = load()
    repeat, repeat_cpu, page = visit(ctx, url)
    page.close()
    ctx.close()
    return Row(first, first_cpu, first_load, move, repeat, repeat_cpu, repeat_load, fetched)


def median_line(label: str, rows: list[Row]) -> str:
    med = statistics.median
    return (f"{label:8} first visit {med(r.first for r in rows):5.1f} s ({med(r.first_cpu for r in rows):4.1f} s CPU)"
            f"   repeat visit {med(r.repeat for r in rows):5.1f} s ({med(r.repeat_cpu for r in rows):4.1f} s CPU)"
            f"   computer move {med(r.move for r in rows):4.1f} s"
            f"   load {med(r.first_load for r in rows):4.1f}/{med(r.repeat_load for r in rows):4.1f}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", action="append", type=Path,
                        help="a built site (default build/site); given twice, the two are measured in turns")
    parser.add_argument("--rounds", type=int, default=1, help="visits of each kind per app and site (default 1)")
    parser.add_argument("--apps", nargs="+", choices=APPS, default=APPS)
    parser.add_argument("--private", action="store_true",
                        help="Playwright's private profiles, which keep no compiled code (as measured before)")
    args = parser.parse_args()
    folders = args.site or [SITE]
    if folders == [SITE] and not (SITE / "index.html").exists():
        subprocess.run(["make", "site", f"PYTHON={sys.executable}"], cwd=ROOT, check=True)
    sites = [Site(folder.resolve()) for folder in folders]
    servers = []
    for site in sites:
        mb, gz, count = size(site.folder)
        print(f"site {site.folder}: {mb:.1f} MB on disk in {count} files, {gz:.1f} MB gzipped")
        port = free_port()
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site.folder), str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        site.base = f"http://127.0.0.1:{port}"
    print(f"{'private' if args.private else 'kept'} browser profiles, {args.rounds} round(s); "
          f"load average at the start: {load():.1f} on {os.cpu_count()} cores", flush=True)
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = Browser(p, args.private, [s.base for s in sites])
            for n in range(args.rounds):
                for game in args.apps:
                    for i, site in enumerate(sites):
                        row = one_round(browser, site, game)
                        site.rows.setdefault(game, []).append(row)
                        tag = f" [{i + 1}]" if len(sites) > 1 else ""
                        print(f"{game:8} first visit {row.first:5.1f} s ({row.first_cpu:4.1f} s CPU, load "
                              f"{row.first_load:4.1f})   repeat visit {row.repeat:5.1f} s ({row.repeat_cpu:4.1f} s "
                              f"CPU, load {row.repeat_load:4.1f})   computer move {row.move:4.1f} s{tag}", flush=True)
            browser.close()
    finally:
        for server in servers:
            server.terminate()
    for i, site in enumerate(sites):
        rows = [r for game in args.apps for r in site.rows[game]]
        print(f"\n[{i + 1}] {site.folder}: medians of {args.rounds} round(s)")
        for game in args.apps:
            print(median_line(game, site.rows[game]))
        print(median_line("all apps", rows) +
              f"; one first visit fetched {statistics.median(r.fetched for r in rows) / 1e6:.0f} MB")
    print(f"load average at the end: {load():.1f} on {os.cpu_count()} cores")
    print(f"requests beyond the sites: {len(browser.outside)}")


if __name__ == "__main__":
    main()
