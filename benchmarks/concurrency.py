"""Classroom figures for one computer (printed, never asserted): memory per open app, first paint
with many pages opened at once, and memory given back when the pages close.

Serves notebooks/ with `make app`'s settings (serve/: gallery first, idle kernels culled) on
127.0.0.1 only. Each round opens the XAllies app in N Chromium pages at the same moment and
reads the memory of every kernel (PSS: pages shared between processes are split among them, so
the figures add up) and the CPU time of Voila, the kernels and the browser; then it requests
the same N pages without a browser, which is the server's share of first paint. The browser
runs on the same computer here, so first paint in Chromium is pessimistic: in a class each
student's device draws its own page. Bounded: every wait has a deadline and the server stops
at the end.

    python benchmarks/concurrency.py [--pages 1 10 30] [--notebook xallies.ipynb] [--timeout 600]
        [--without-browser] [--class-size 30]

--class-size N serves as `make app CLASS=N APP=<notebook>` does: N pages of the notebook heated before the
first round, which starts once the server's log says READY.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import math
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, PAINTED_JS, voila  # noqa: E402

# make app's culling, unchanged: a kernel with no page connected is stopped after IDLE_S idle
# seconds, checked every INTERVAL_S. A kernel whose page has not connected yet is idle too, so a
# shorter timeout here would stop the kernels of pages that a loaded machine is still drawing.
CULLING = json.loads((ROOT / "serve" / "voila.json").read_text())["MappingKernelManager"]
IDLE_S, INTERVAL_S = CULLING["cull_idle_timeout"], CULLING["cull_interval"]
ANY_BOARD_PAINTED_JS = ("() => { const painted = " + PAINTED_JS + "; return [...document.querySelectorAll("
                        "'.xlib-canvas')].some(el => { try { return painted(el).colours > 8; } "
                        "catch (e) { return false; } }); }")
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
MB = 1 << 20


def pss(proc: psutil.Process) -> int:
    """The proportional set size of a process and its children, in bytes (0 once they are gone)."""
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            info = p.memory_full_info()
            total += getattr(info, "pss", info.rss)
        except psutil.Error:
            pass
    return total


def kernels() -> dict[str, psutil.Process]:
    """The running kernels of this benchmark's Voila, by kernel id (their workers are children)."""
    found = {}
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = p.cmdline()
            if cmd[1:3] == ["-m", "ipykernel_launcher"] and p.parent().cmdline() != cmd:  # not a forked worker
                found[Path(cmd[-1]).stem.removeprefix("kernel-")] = p
        except psutil.Error:
            pass
    return found


def cpu_seconds(proc: psutil.Process) -> float:
    """CPU time used so far by a process and its children (user and system)."""
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def cpu_split() -> tuple[float, float]:
    """CPU seconds used so far by the Voila server process itself and by the browser's processes."""
    server = browser = 0.0
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = p.cmdline()
            times = p.cpu_times()
            if "voila" in cmd and "ipykernel_launcher" not in cmd:
                server += times.user + times.system
            elif "chrom" in p.name():
                browser += times.user + times.system
        except psutil.Error:
            pass
    return server, browser


def server_memory() -> int:
    """Voila and all of its kernels (this process's children but not the browser), in bytes."""
    for p in psutil.Process().children():
        try:
            if "voila" in p.cmdline():
                return pss(p)
        except psutil.Error:
            pass
    return 0


def cpu_percent(proc: psutil.Process) -> float:
    try:
        return proc.cpu_percent(None)
    except psutil.Error:
        return 0.0


def wait_settled(deadline: float) -> None:
    """Wait until the kernels of earlier pages are idle: for 2 s under 10 % of a core, plus half a
    percent for each kernel (an idle kernel still answers heartbeats)."""
    while time.time() < deadline:
        procs = [q for k in kernels().values() for q in (k, *k.children(recursive=True))]
        for q in procs:
            cpu_percent(q)  # the first reading only starts the measurement
        time.sleep(2)
        if sum(cpu_percent(q) for q in procs) < 10 + 0.5 * len(procs):
            return


async def open_page(browser, url: str, timeout_s: float) -> tuple[float | None, object, str | None]:
    """Open one app page in its own browser context; seconds to a painted board (None if not in time), the
    context, and the id of the page's kernel."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    t0 = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        left = timeout_s - (time.perf_counter() - t0)
        # read twice a second: reading canvases takes the CPU that the pages themselves need
        await page.wait_for_function(ANY_BOARD_PAINTED_JS, polling=500, timeout=max(left, 1) * 1000)
        return time.perf_counter() - t0, context, await page.evaluate(KERNEL_ID_JS)
    except Exception:  # a page that did not paint in time is counted as such, not fatal
        try:
            kernel = await page.evaluate(KERNEL_ID_JS)
        except Exception:
            kernel = None
        return None, context, kernel


def render_only(url: str, timeout_s: float) -> float | None:
    """Seconds for Voila to send one fully rendered page (the notebook run in a new kernel), no
    browser; None if it did not finish in time (Voila keeps a slow page alive with keep-alive bytes)."""
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:
            while response.read(1 << 16):
                if time.perf_counter() - t0 > timeout_s:
                    return None
        return time.perf_counter() - t0
    except (OSError, http.client.HTTPException):
        return None


OPENED: set[str] = set()  # the kernels that served a page in this benchmark (not the ones waiting in the pool)


def wait_culled() -> tuple[int, float]:
    """Wait until the kernels that served a page are culled; (how many are left, seconds waited)."""
    t0 = time.time()
    while OPENED & set(kernels()) and time.time() - t0 < IDLE_S + 2 * INTERVAL_S + 60:
        time.sleep(1)
    return len(OPENED & set(kernels())), time.time() - t0


def spread(seconds: list[float], n: int, timeout_s: float) -> str:
    """`k/n within T s; median, 90th percentile, slowest` of a round's times."""
    text = f"{len(seconds)}/{n} within {timeout_s:.0f} s"
    if seconds:
        s = sorted(seconds)
        text += (f"; median {statistics.median(s):.1f} s, 90th percentile {s[math.ceil(0.9 * len(s)) - 1]:.1f} s, "
                 f"slowest {s[-1]:.1f} s")
    return text


async def browser_round(browser, url: str, n: int, timeout_s: float) -> None:
    """N pages opened at the same moment in Chromium: first paint, memory and CPU, then culling."""
    before = server_memory()
    cpu0 = cpu_split()
    results = await asyncio.gather(*(open_page(browser, url, timeout_s) for _ in range(n)))
    running = kernels()
    ids = {page_kernel for _, _, page_kernel in results if page_kernel in running}
    OPENED.update(ids)
    mine = [running[k] for k in ids]
    per_app = sorted(pss(k) for k in mine)
    kernel_cpu = sum(cpu_seconds(k) for k in mine)
    total = server_memory()
    server_cpu, browser_cpu = (b - a for a, b in zip(cpu0, cpu_split()))
    print(f"{n} page(s) opened at once in Chromium: painted {spread([s for s, _, _ in results if s is not None], n, timeout_s)}")
    if per_app:
        print(f"    memory per open app (its kernel): median {statistics.median(per_app) / MB:.0f} MB, "
              f"largest {per_app[-1] / MB:.0f} MB")
    print(f"    Voila and all kernels: {before / MB:.0f} MB before, {total / MB:.0f} MB with the page(s) open "
          f"({(total - before) / MB / n:.0f} MB more per page), {len(running)} kernels")
    print(f"    CPU seconds while they opened: Voila server {server_cpu:.1f}, kernels {kernel_cpu:.1f}, "
          f"browser {browser_cpu:.1f}; load average of the machine (all its users) {os.getloadavg()[0]:.1f}")
    for _, context, _ in results:
        await context.close()


def server_round(url: str, n: int, timeout_s: float) -> None:
    """N pages requested at the same moment without a browser: the server's share of first paint."""
    earlier = set(kernels())
    cpu0 = cpu_split()[0]
    with ThreadPoolExecutor(n) as pool:
        times = [s for s in pool.map(lambda _: render_only(url, timeout_s), range(n)) if s is not None]
    kernel_cpu = sum(cpu_seconds(running) for k, running in kernels().items() if k not in earlier)
    print(f"{n} page(s) requested at once, no browser: rendered {spread(times, n, timeout_s)}")
    print(f"    CPU seconds: Voila server {cpu_split()[0] - cpu0:.1f}, kernels {kernel_cpu:.1f}; "
          f"load average of the machine {os.getloadavg()[0]:.1f}")


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    os.environ["JUPYTER_PATH"] = str(ROOT / "serve")  # exactly what `make app` sets
    os.environ["JUPYTER_CONFIG_PATH"] = str(ROOT / "serve")
    extra, log = [], Path(tempfile.mkdtemp()) / "voila.log"
    if args.class_size:   # the pools `make app CLASS=N APP=notebook` configures
        pools = {"default": {"pool_size": 1}, args.notebook: {"pool_size": args.class_size}}
        extra.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
    with voila(*extra, log_to=log) as base:
        app = f"{base}/voila/render/{args.notebook}"
        if args.class_size:
            t0 = time.time()
            ready = f"READY: all {args.class_size} pages of {args.notebook}"
            while ready not in log.read_text() and time.time() - t0 < 1800:
                time.sleep(1)
            print(f"{args.class_size} pages of {args.notebook} heated for the class in {time.time() - t0:.0f} s "
                  f"({'READY' if ready in log.read_text() else 'not ready after 30 minutes'}); "
                  f"Voila and all kernels {server_memory() / MB:.0f} MB")
        print(f"Voila with make app's settings, idle: {server_memory() / MB:.0f} MB (PSS); "
              f"{psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB")
        if args.without_browser:
            for n in args.pages:
                wait_settled(time.time() + 180)
                server_round(app, n, args.timeout)
                if args.class_size:   # the pages taken are heated anew behind them
                    t0, told = time.time(), log.read_text().count(ready)
                    while log.read_text().count(ready) == told and time.time() - t0 < 1800:
                        time.sleep(1)
                    print(f"    the class's pool was full again {time.time() - t0:.0f} s later")
        else:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                gallery = await browser.new_page()
                await gallery.goto(f"{base}/", timeout=120_000)
                await gallery.wait_for_url("**/voila/render/index.ipynb", timeout=120_000)
                await gallery.wait_for_load_state("networkidle", timeout=120_000)
                kernel = kernels().get(await gallery.evaluate(KERNEL_ID_JS))
                print(f"the gallery's own kernel: {pss(kernel) / MB if kernel else 0:.0f} MB "
                      f"(freed once the student has moved on to a game and it is culled)")
                await gallery.close()
                for n in args.pages:
                    wait_settled(time.time() + 180)
                    await browser_round(browser, app, n, args.timeout)
                    wait_settled(time.time() + 180)
                    server_round(app, n, args.timeout)
                await browser.close()
        started = len(OPENED & set(kernels()))
        left, waited = wait_culled()  # every page closed; the pool keeps one pre-heated kernel per app
        print(f"all pages closed: {started - left}/{started} of their kernels culled after {waited:.0f} s more "
              f"(idle timeout {IDLE_S} s, checked every {INTERVAL_S} s); Voila now {server_memory() / MB:.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, nargs="+", default=[1, 10, 30])
    ap.add_argument("--notebook", default="xallies.ipynb")
    ap.add_argument("--timeout", type=float, default=600, help="seconds each page may take to paint")
    ap.add_argument("--without-browser", action="store_true", help="only the server's share: pages requested by HTTP")
    ap.add_argument("--class-size", type=int, default=0, help="heat this many pages of the notebook first (make app CLASS=)")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
