"""Start Voila on the notebooks and drive Debian's Chromium with Playwright (tests and benchmarks)."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("XLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which("chromium") is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila(*extra: str, log_to: Path | None = None) -> Iterator[str]:
    """Serve notebooks/ with Voila on a free loopback port; yields the base URL. Its log goes to `log_to`, else
    to test-artifacts/voila.log when that folder exists."""
    port = free_port()
    if log_to is None and (ROOT / "test-artifacts").is_dir():
        log_to = ROOT / "test-artifacts" / "voila.log"
    log = open(log_to, "a") if log_to is not None else subprocess.DEVNULL
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", *extra],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(url + "/", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("Voila stopped at start-up; see test-artifacts/voila.log")
                time.sleep(0.3)
        else:
            raise RuntimeError("Voila did not answer within 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def voila_with_class_db(db: str) -> Iterator[str]:
    """Voila on the notebooks whose kernels keep classes in the database file `db`; yields the base URL."""
    old = os.environ.get("XLIB_CLASS_DB")
    os.environ["XLIB_CLASS_DB"] = db
    try:
        with voila() as url:
            yield url
    finally:
        if old is None:
            os.environ.pop("XLIB_CLASS_DB", None)
        else:
            os.environ["XLIB_CLASS_DB"] = old


PAINTED_JS = """(el) => {
  const c = el.querySelector('canvas') || el;
  const ctx = c.getContext('2d');
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  let inked = 0;
  for (let i = 0; i < d.length; i += 4 * 37) {
    seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    if (d[i + 3] > 0) inked++;
  }
  return {colours: seen.size, inked: inked};
}"""

HASH_JS = """(el) => {
  const c = el.querySelector('canvas') || el;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 4 * 13) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
  return h;
}"""


ERROR_TEXT = re.compile(r"Traceback|Something went wrong|Error executing|ModuleNotFoundError|NameError")
VIEWPORT = {"width": 1366, "height": 768}   # a school laptop


def open_app(page, server: str, name: str) -> None:
    page.goto(f"{server}/voila/render/{name}", timeout=180_000)   # the page comes when its notebook has run
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



def click_view_point(canvas, view, x: float, y: float) -> None:
    """Click the canvas where the view draws (x, y): the board scales the view to fit the screen."""
    box = canvas.bounding_box()
    zoom = box["width"] / view.width
    canvas.click(position={"x": x * zoom, "y": y * zoom})


def wait_without(page, locator, text: str, timeout: float = 30_000) -> None:
    """Wait until `text` has left the element: a board sends its widgets' new values one after another, so the
    status line can change a moment before the move list does."""
    page.wait_for_function("([el, t]) => !el.innerText.includes(t)", arg=[locator.element_handle(), text],
                           timeout=timeout)


def inside_viewport(page, locator) -> bool:
    """True when the element is wholly inside the visible part of the page."""
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"])


def wait_idle(page, board, timeout: float = 60_000) -> None:
    """Wait until the board has finished the moves and animations under way (it drops its xlib-busy mark)."""
    page.wait_for_function("(el) => !el.classList.contains('xlib-busy') && !el.querySelector('.xlib-busy')",
                           arg=board.element_handle(), timeout=timeout)


def rerun_with_seed(page, panel, seed: int = 7) -> tuple[str, str]:
    """Run a lab panel's experiment again with another seed, as a teacher would: the button is disabled while
    it runs and a second press is not a second run. The first results row before and after the run."""
    results = panel.locator(".xlib-lab-results")
    results.locator("img").first.wait_for(timeout=60_000)  # the default experiment, shown at load
    before = results.locator("table").first.locator("tbody tr").first.inner_text()
    box = panel.locator("input[type=number]").first
    box.fill(str(seed))
    box.press("Enter")
    run = panel.get_by_role("button", name="Run experiment")
    run.click()
    page.wait_for_function("(el) => el.disabled", arg=run.element_handle(), timeout=10_000)
    run.click(force=True)   # a second press while it runs is not a second run
    page.wait_for_function(f"(el) => el.innerText.includes('with seed {seed}')", arg=panel.element_handle(),
                           timeout=120_000)
    after = results.locator("table").first.locator("tbody tr").first.inner_text()
    page.wait_for_function("(el) => !el.disabled", arg=run.element_handle(), timeout=30_000)
    return before, after


def build_every_board(page, timeout: float = 60_000) -> None:
    """Scroll to every lesson board that is built only when reached, as a student reading down the page does,
    and wait until each is there."""
    lazy = page.locator(".xlib-lazy")
    for k in range(lazy.count()):
        place = lazy.nth(k)
        place.scroll_into_view_if_needed()
        place.locator(".xlib-tutorial").wait_for(timeout=timeout)


#: the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA that axe-core checks
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def axe_violations(page) -> list[dict]:
    """axe-core's WCAG A and AA violations on the page as it stands: per rule its id, help and the elements."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS},
                                       "resultTypes": ["violations"]})
    return [{"id": v["id"], "help": v["help"],
             "nodes": [(n["target"], n.get("failureSummary", "")[:300]) for n in v["nodes"]]}
            for v in results.response["violations"]]


def focus_canvas_by_tab(page, canvas) -> None:
    """Reach the board's canvas with Tab, as a keyboard user does: Shift+Tab leaves it for the control before,
    and Tab comes back to it (the canvas is in the page's order, and no trap)."""
    canvas.scroll_into_view_if_needed()
    canvas.focus()
    page.keyboard.press("Shift+Tab")
    assert not canvas.evaluate("(c) => document.activeElement === c"), "Shift+Tab does not leave the board"
    page.keyboard.press("Tab")
    assert canvas.evaluate("(c) => document.activeElement === c"), "Tab does not reach the board"


def no_violations(page, where: str, artifacts) -> None:
    """axe-core finds no WCAG A or AA fault on the page as it stands (a screenshot of it is kept when it does)."""
    page.wait_for_timeout(400)   # the page's own set-up names what was just drawn
    found = axe_violations(page)
    if found:
        page.screenshot(path=str(artifacts / f"axe-{where}.png"))
    assert not found, f"axe on {where}:\n{axe_summary(found)}"


def axe_summary(violations: list[dict]) -> str:
    """The violations in a few lines each, for an assertion's message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({len(v['nodes'])}): {v['help']}")
        for target, why in v["nodes"][:4]:
            lines.append(f"    {target} {why.splitlines()[1] if why.count(chr(10)) else why}")
    return "\n".join(lines)
