"""Figures of the static site, printed (never asserted): its size on disk and gzipped, the gallery's first visit,
each game's app's first visit (empty browser cache) and repeat visit (the browser's cache) with the bytes each
moved, file by file, and how long the computer takes to answer a student's moves in the browser. A visit is timed
twice: to a painted board on the screen (the page shows itself once its first board is drawn, the student's first
sight of the app), and to the app's game board painted (the page's last cell, once every cell has run).

    python benchmarks/site.py                         # builds the site with `make site` first if build/site is missing
    python benchmarks/site.py --rounds 5              # five visits of each kind per app, their medians at the end
    python benchmarks/site.py --moves 8               # the computer's answer to eight moves of each game
    python benchmarks/site.py --site build/site --site /tmp/site-before    # two builds, taken in turns
    python benchmarks/site.py --quiet                 # each visit once the machine has been idle for 3 s

Each site is served by Python's http.server on 127.0.0.1, as the site ships: plain files, no compression, no
Cache-Control. The bytes are counted where they leave: the server's log says which file it sent whole (200) and
which it only confirmed unchanged (304), so a file the browser took from its cache is not counted, and a 304
moves no data. Chromium reaches no other address (every other request fails, and is counted). Requests are not
intercepted, which would turn the browser's cache off. Each round gives every app a browser profile of its own, as
a student's browser keeps one: a first visit with it empty, the computer's answers to the student's moves (the
first by clicks, the others typed into the move box, any legal move), then a repeat visit with what the browser
kept (its cache of files and of the code it compiled). With --private the profile is Playwright's private one,
which keeps files but no compiled code. Given two sites, each app is visited on one then on the other, so that
both meet the same load of the machine; the load average is printed beside each figure.
Goals: the gallery painted within 1 s and under 2 MB; an app's first visit under 20 MB and a painted board within
6 s (4 s on a quiet machine), a repeat visit within 3 s moving the data of at most one request; the computer's
move within 1 s, XAllies' round of two computer seats within 2 s. With --quiet, each visit waits until both cores
have been at least 90 % idle for 3 s (at most a minute), so that the figures are a quiet machine's.
"""
from __future__ import annotations

import argparse
import gzip
import os
import random
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
from tests.browser.test_site import KEPT_RECORD_JS, ServedLog  # noqa: E402

SITE = ROOT / "build" / "site"
APPS = ["alea", "x", "xats", "xerog", "xallies"]
LONG = 300_000
#: the files of a first visit listed one by one, down to this size (the smaller ones are summed)
LISTED = 50_000


def size(site: Path) -> tuple[float, float, int]:
    """MB on disk, MB gzipped (file by file, as a web server sends them compressed), number of files."""
    files = [p for p in site.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in files)
    return raw / 1e6, packed / 1e6, len(files)


#: whether a board on the screen has drawn its position, with nothing over it (Voici's spinner or its empty
#: panel): polled
ON_SCREEN_JS = """() => {
  const spinner = document.getElementById('loading');
  if (spinner && getComputedStyle(spinner).display !== 'none') return false;
  for (const board of document.querySelectorAll('.xlib-board')) {
    const canvas = board.querySelector('canvas');
    const box = canvas && canvas.getBoundingClientRect();
    if (!box || box.width < 50 || box.bottom <= 0 || box.top >= innerHeight) continue;
    const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
    if (document.elementFromPoint(box.left + box.width / 2, (top + bottom) / 2) !== canvas) continue;  // covered
    if ((%s)(canvas).colours > 8) return true;
  }
  return false;
}""" % PAINTED_JS


def board_on_screen(page) -> None:
    """Wait until a board on the screen has drawn its position, with nothing over it."""
    page.wait_for_function(ON_SCREEN_JS, timeout=LONG, polling=50)


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


def cpu_times() -> tuple[int, int]:
    """The machine's idle and total CPU time so far, in clock ticks (Linux's /proc/stat)."""
    with open("/proc/stat") as stat:
        ticks = [int(v) for v in stat.readline().split()[1:]]
    return ticks[3] + ticks[4], sum(ticks)


def wait_quiet(seconds: float = 3.0, idle: float = 0.9, at_most: float = 60.0) -> bool:
    """Wait until every core has been at least `idle` idle for `seconds` (at most `at_most` seconds in all);
    whether it was. Where the system does not say, it waits `seconds`."""
    if not os.path.exists("/proc/stat"):
        time.sleep(seconds)
        return False
    deadline = time.perf_counter() + at_most
    while time.perf_counter() < deadline:
        idle0, total0 = cpu_times()
        time.sleep(seconds)
        idle1, total1 = cpu_times()
        if (idle1 - idle0) / max(1, total1 - total0) >= idle:
            return True
    return False


def visit(ctx, url: str, quiet: bool = False) -> tuple[float, float, float, Any]:
    """Seconds on the clock from the request to a painted board on the screen and to the game board painted, CPU
    seconds of the browser to the latter, and the page."""
    page = ctx.new_page()
    if quiet:
        wait_quiet()
    start, cpu = time.perf_counter(), browser_cpu()
    page.goto(url, wait_until="commit", timeout=LONG)
    board_on_screen(page)
    seen = time.perf_counter() - start
    painted_board(page)
    return seen, time.perf_counter() - start, browser_cpu() - cpu, page


def answered(page, board, played: int) -> None:
    """Wait until the game the page keeps is longer than `played` moves and the board is idle, its Move box open."""
    page.wait_for_function(
        f"([n, board]) => {{ const r = ({KEPT_RECORD_JS})(); return r !== null && r.moves.length > n && "
        "!board.classList.contains('xlib-busy') && !board.querySelector('.xlib-busy') && "
        "(!board.querySelector('.xlib-entry input').disabled || board.innerText.includes('Game over')); }",
        arg=[played, board.element_handle()], timeout=LONG, polling=50)


def computer_moves(page, game: str, moves: int, seed: int) -> list[float]:
    """Seconds from a student's move (the last click of the first one; Enter in the move box for the others)
    until the computer has answered and the board is idle, for `moves` moves of the student's."""
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
    times = [time.perf_counter() - start]
    rng = random.Random(seed)
    entry = board.locator(".xlib-entry input")
    while len(times) < moves:
        record = page.evaluate(KEPT_RECORD_JS)
        state = xlib.replay(record)
        if state.over:
            break
        if state.to_move != 0:          # the computer's seats still to play
            answered(page, board, len(record["moves"]))
            continue
        played = len(record["moves"])
        entry.fill(str(rng.choice(state.moves())))
        entry.press("Enter")
        start = time.perf_counter()
        answered(page, board, played)
        record = page.evaluate(KEPT_RECORD_JS)
        while not xlib.replay(record).over and xlib.replay(record).to_move != 0:
            answered(page, board, len(record["moves"]))
            record = page.evaluate(KEPT_RECORD_JS)
        if len(record["moves"]) > played + 1:     # not a decision that left the turn with the student
            times.append(time.perf_counter() - start)
    return times


Served = list[tuple[str, int, int]]


def megabytes(served: Served) -> float:
    return sum(b for _, _, b in served) / 1e6


@dataclass
class Row:
    """One round of one app on one site: a first visit, the computer's answers, a repeat visit."""
    seen: float
    first: float
    first_cpu: float
    first_load: float
    moves: list[float]
    repeat_seen: float
    repeat: float
    repeat_cpu: float
    repeat_load: float
    fetched: Served
    refetched: Served


@dataclass
class Gallery:
    """One first visit of the gallery: seconds to its cards shown, and what it fetched."""
    shown: float
    fetched: Served


@dataclass
class Site:
    """A built site served on a port of its own, with the rounds measured on it so far."""
    folder: Path
    base: str = ""
    log: ServedLog | None = None
    rows: dict[str, list[Row]] = field(default_factory=dict)
    galleries: list[Gallery] = field(default_factory=list)


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


def settled(log: ServedLog, mark: int) -> Served:
    """The requests served since `mark`, once the page has asked for nothing more for half a second."""
    served = log.since(mark)
    while True:
        time.sleep(0.5)
        now = log.since(mark)
        if len(now) == len(served):
            return now
        served = now


def gallery_visit(browser: Browser, site: Site) -> Gallery:
    """A first visit of the gallery, in a new profile: seconds until its cards are shown, and what it fetched."""
    assert site.log is not None
    ctx = browser.context()
    page = ctx.new_page()
    mark = site.log.mark()
    start = time.perf_counter()
    page.goto(f"{site.base}/", timeout=LONG)
    page.locator(".xlib-card").last.wait_for(timeout=LONG)
    shown = time.perf_counter() - start
    fetched = settled(site.log, mark)
    ctx.close()
    return Gallery(shown, fetched)


def one_round(browser: Browser, site: Site, game: str, moves: int, seed: int, quiet: bool = False) -> Row:
    """A first visit, the computer's answers to the student's moves, and a repeat visit, in a new profile."""
    assert site.log is not None
    ctx = browser.context()
    url = f"{site.base}/voici/render/{game}.html"
    first_load = load()
    mark = site.log.mark()
    seen, first, first_cpu, page = visit(ctx, url, quiet)
    fetched = settled(site.log, mark)
    times = computer_moves(page, game, moves, seed)
    page.close()
    repeat_load = load()
    mark = site.log.mark()
    repeat_seen, repeat, repeat_cpu, page = visit(ctx, url, quiet)
    refetched = settled(site.log, mark)
    page.close()
    ctx.close()
    return Row(seen, first, first_cpu, first_load, times, repeat_seen, repeat, repeat_cpu, repeat_load, fetched,
               refetched)


def file_list(served: Served, indent: str = "    ") -> str:
    """The files a visit fetched whole, largest first; the smallest summed on one line."""
    sent = sorted(((b, name) for name, status, b in served if status == 200), reverse=True)
    lines = [f"{indent}{b / 1e6:7.2f} MB  {name}" for b, name in sent if b >= LISTED]
    small = [b for b, _ in sent if b < LISTED]
    if small:
        lines.append(f"{indent}{sum(small) / 1e6:7.2f} MB  {len(small)} files under {LISTED // 1000} kB each")
    others = [s for s in served if s[1] != 200]
    if others:
        lines.append(f"{indent}and {len(others)} requests that moved no file: " +
                     ", ".join(sorted({str(status) for _, status, _ in others})))
    return "\n".join(lines)


def median_line(label: str, rows: list[Row]) -> str:
    med = statistics.median
    moves = [t for r in rows for t in r.moves] or [float("nan")]
    return (f"{label:8} first visit {med(r.seen for r in rows):4.2f} s to a board on screen (max "
            f"{max(r.seen for r in rows):4.2f}), {med(r.first for r in rows):4.2f} s to the game board (max "
            f"{max(r.first for r in rows):4.2f}; {med(r.first_cpu for r in rows):4.1f} s CPU,"
            f" {med(megabytes(r.fetched) for r in rows):5.1f} MB)"
            f"   repeat visit {med(r.repeat_seen for r in rows):4.2f}/{med(r.repeat for r in rows):4.2f} s "
            f"({med(r.repeat_cpu for r in rows):4.1f} s CPU, "
            f"{med(len(ServedLog.moved(r.refetched)) for r in rows):.0f} moved)"
            f"   computer {med(moves):4.2f} s (max {max(moves):4.2f}, {len(moves)} moves)"
            f"   load {med(r.first_load for r in rows):4.1f}/{med(r.repeat_load for r in rows):4.1f}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", action="append", type=Path,
                        help="a built site (default build/site); given twice, the two are measured in turns")
    parser.add_argument("--rounds", type=int, default=1, help="visits of each kind per app and site (default 1)")
    parser.add_argument("--moves", type=int, default=5, help="the student's moves per app and round (default 5)")
    parser.add_argument("--apps", nargs="+", choices=APPS, default=APPS)
    parser.add_argument("--quiet", action="store_true",
                        help="each visit once both cores have been idle for 3 s, as on a quiet machine")
    parser.add_argument("--private", action="store_true",
                        help="Playwright's private profiles, which keep no compiled code (as measured before)")
    args = parser.parse_args()
    folders = args.site or [SITE]
    if folders == [SITE] and not (SITE / "index.html").exists():
        subprocess.run(["make", "site", f"PYTHON={sys.executable}"], cwd=ROOT, check=True)
    sites = [Site(folder.resolve()) for folder in folders]
    servers, logs = [], tempfile.mkdtemp(prefix="xlib-site-log-")
    for i, site in enumerate(sites):
        mb, gz, count = size(site.folder)
        print(f"site {site.folder}: {mb:.1f} MB on disk in {count} files, {gz:.1f} MB gzipped")
        port = free_port()
        path = Path(logs) / f"server-{i}.log"
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site.folder), str(port)],
            stdout=subprocess.DEVNULL, stderr=open(path, "w")))
        site.base, site.log = f"http://127.0.0.1:{port}", ServedLog(path, site.folder)
    print(f"{'private' if args.private else 'kept'} browser profiles, {args.rounds} round(s), {args.moves} moves "
          f"each; load average at the start: {load():.1f} on {os.cpu_count()} cores", flush=True)
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = Browser(p, args.private, [s.base for s in sites])
            for n in range(args.rounds):
                for i, site in enumerate(sites):
                    tag = f" [{i + 1}]" if len(sites) > 1 else ""
                    g = gallery_visit(browser, site)
                    site.galleries.append(g)
                    print(f"gallery  first visit {g.shown:5.2f} s to its cards, {megabytes(g.fetched):5.2f} MB in "
                          f"{len(g.fetched)} requests{tag}", flush=True)
                for game in args.apps:
                    for i, site in enumerate(sites):
                        row = one_round(browser, site, game, args.moves, seed=n, quiet=args.quiet)
                        site.rows.setdefault(game, []).append(row)
                        tag = f" [{i + 1}]" if len(sites) > 1 else ""
                        print(f"{game:8} first visit {row.seen:4.2f} s on screen, {row.first:4.2f} s the game "
                              f"board ({row.first_cpu:4.1f} s CPU, load "
                              f"{row.first_load:4.1f}, {megabytes(row.fetched):5.1f} MB in {len(row.fetched)} "
                              f"requests)   repeat visit {row.repeat_seen:4.2f}/{row.repeat:4.2f} s "
                              f"({row.repeat_cpu:4.1f} s CPU, load "
                              f"{row.repeat_load:4.1f}, {len(ServedLog.moved(row.refetched))} of "
                              f"{len(row.refetched)} requests moved {megabytes(row.refetched):.2f} MB)   computer "
                              + " ".join(f"{t:.2f}" for t in row.moves) + f" s{tag}", flush=True)
            browser.close()
    finally:
        for server in servers:
            server.terminate()
    for i, site in enumerate(sites):
        rows = [r for game in args.apps for r in site.rows[game]]
        print(f"\n[{i + 1}] {site.folder}: medians of {args.rounds} round(s)")
        print(f"gallery  first visit {statistics.median(g.shown for g in site.galleries):5.2f} s to its cards, "
              f"{statistics.median(megabytes(g.fetched) for g in site.galleries):5.2f} MB")
        for game in args.apps:
            print(median_line(game, site.rows[game]))
        print(median_line("all apps", rows))
        print("the gallery's first visit, file by file:")
        print(file_list(site.galleries[0].fetched))
        first = site.rows[args.apps[0]][0]
        print(f"{args.apps[0]}'s first visit, file by file:")
        print(file_list(first.fetched))
        for game in args.apps[1:]:
            other = site.rows[game][0].fetched
            same = {(name, b) for name, _, b in first.fetched}
            print(f"{game}'s first visit: {megabytes(other):.1f} MB, the same files but "
                  + (", ".join(f"{name} ({b / 1e6:.2f} MB)" for name, status, b in other
                               if status == 200 and (name, b) not in same) or "none"))
        print("what a repeat visit moved (each app's last round): " + "; ".join(
            f"{game} " + (", ".join(f"{name} ({b / 1e6:.2f} MB)" for name, _, b in
                                    ServedLog.moved(site.rows[game][-1].refetched)) or "nothing")
            for game in args.apps))
    print(f"load average at the end: {load():.1f} on {os.cpu_count()} cores")
    print(f"requests beyond the sites: {len(browser.outside)}")


if __name__ == "__main__":
    main()
