"""Joining from the QR link on phones: the teacher's lab (a 1366×768 laptop) starts a class and shows the QR code of
the link to the XAllies app with the class code in it; three phones (390×844, a mobile browser, touch) open that
link, each types only a name and taps Join; the teacher seats them at one table from the lab's panel, and the three
play the whole table by taps. One phone reloads midway: its page opens on "Welcome back" and its table.

Voila serves as `make app CLASS=3` does (serve/'s configuration, three pages of the XAllies app heated), with the
class database in a fresh SQLite file and XLIB_APP_ADDRESS naming the address the phones open; Chromium resolves
that name to this computer, as a phone on the classroom's network resolves the laptop's address."""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Iterator
from unittest import mock

import pytest

import xlib
from xlib.classroom import open_store
from xlib.views.xallies.view import XAlliesView, well_centre

from . import harness
from .conftest import _require_browser
from .harness import CHROMIUM, CHROMIUM_ARGS, ROOT, no_errors, voila
from ..test_join_link import matrix_modules, svg_modules

VIEW = XAlliesView()
NAMES = ("Ana", "Ben", "Chen")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
HOST = "classroom.test"   # the laptop's address on the classroom's network, as the phones know it
JOIN_SECONDS = 15         # from the scan to a seated table, at most
SHORT = 60_000


@pytest.fixture(scope="module")
def class_site(tmp_path_factory) -> Iterator[tuple[str, str, Path]]:
    """Voila as `make app HOST=… CLASS=3` serves the XAllies app, on a port chosen first so that the address the
    panel shows is known; yields (the address the phones open, the class database, the server's log)."""
    _require_browser()
    tmp = tmp_path_factory.mktemp("phone-join")
    db, log, conf = str(tmp / "classes.sqlite3"), tmp / "voila.log", tmp / "class"
    conf.mkdir()
    (conf / "voila.json").write_text(json.dumps({"VoilaKernelManager": {"kernel_pools_config": {
        "default": {"pool_size": 0}, "xallies.ipynb": {"pool_size": len(NAMES)}}}}))
    port = harness.free_port()
    env = {"XLIB_CLASS_DB": db, "XLIB_APP_ADDRESS": f"http://{HOST}:{port}", "JUPYTER_PATH": str(ROOT / "serve"),
           "JUPYTER_CONFIG_PATH": f"{ROOT / 'serve'}{os.pathsep}{conf}"}
    with mock.patch.dict(os.environ, env), mock.patch.object(harness, "free_port", return_value=port), \
            voila(log_to=log):
        yield f"http://{HOST}:{port}", db, log


@pytest.fixture(scope="module")
def lan_browser(browser):
    """Chromium that finds the classroom's address at this computer."""
    b = browser.browser_type.launch(executable_path=CHROMIUM,
                                    args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
    yield b
    b.close()


def wait_ready(log: Path, timeout: float = 300) -> None:
    """Wait until the server says every page of the class is heated (as `make app CLASS=…` prints it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and "READY" in log.read_text(errors="replace"):
            return
        time.sleep(1)
    raise AssertionError("the class's pages were not heated in time:\n" + log.read_text(errors="replace")[-3000:])


def tap_view_point(canvas, x: float, y: float) -> None:
    """Tap the canvas where the view draws (x, y): the board scales the view to fit the screen."""
    box = canvas.bounding_box()
    zoom = box["width"] / VIEW.width
    canvas.tap(position={"x": x * zoom, "y": y * zoom})


class Phone:
    """A student's phone (a context of its own, so its storage is its own)."""

    def __init__(self, browser, name: str) -> None:
        self.context = browser.new_context(**PHONE)
        self.name = name
        self.page = self.context.new_page()
        self.page.errors = []
        self.page.on("pageerror", lambda exc: self.page.errors.append(str(exc)))
        self.top = self.page.locator("#xlib-your-table")
        self.board = self.page.locator(".xlib-full").first
        self.join = self.page.locator(".xlib-class-join")

    def scan(self, link: str, code: str) -> None:
        """Open the link as the camera does, and find the class box at the top with the code in it."""
        self.page.goto(link, timeout=180_000, wait_until="commit")
        name = self.top.locator(".xlib-class-group-input input")
        name.wait_for(state="visible", timeout=180_000)
        self.page.wait_for_function("(c) => document.querySelector('.xlib-class-code-input input').value === c",
                                    arg=code, timeout=SHORT)
        assert self.top.bounding_box()["y"] < 100   # where the page opens

    def type_name_and_join(self) -> None:
        name = self.top.locator(".xlib-class-group-input input")
        name.tap()
        self.page.keyboard.type(self.name)
        self.top.get_by_role("button", name="Join the class").tap()
        self.wait_status("Joined class")

    def wait_status(self, words: str, timeout: float = SHORT) -> None:
        self.page.wait_for_function("([el, t]) => el.innerText.includes(t)",
                                    arg=[self.join.locator(".xlib-class-status").element_handle(), words],
                                    timeout=timeout)

    def wait_ply(self, ply: int, timeout: float = SHORT) -> None:
        self.page.wait_for_function("([el, n]) => { const p = el.querySelector('.xlib-ply'); "
                                    "return p !== null && p.dataset.ply === String(n); }",
                                    arg=[self.board.element_handle(), ply], timeout=timeout)

    def play(self, state: xlib.State) -> None:
        """Play this phone's next decision by taps: a well and its neighbour, a piece of the hand, or Pass."""
        move = str(state.moves()[0])
        canvas = self.board.locator(".xlib-canvas").first
        canvas.scroll_into_view_if_needed()
        if move == "pass":
            self.board.get_by_role("button", name=re.compile("Pass")).tap()
        elif move[0].isdigit():
            well = int(move[:-1])
            tap_view_point(canvas, *well_centre(well))
            tap_view_point(canvas, *well_centre((well + (1 if move[-1] == "+" else -1)) % 12))
        else:
            chips = {c: (x, y) for c, x, y in VIEW.chip_positions(state)}
            tap_view_point(canvas, *chips["bpgy".index(move)])

    def on_first_screen(self, selector: str) -> float:
        """The top of an element, from the top of the screen (it is on the first screen when below 844)."""
        return self.page.locator(selector).first.evaluate("(el) => el.getBoundingClientRect().top")


def table_state(db: str, code: str):
    with open_store(db) as store:
        view = store.tables(code)[0]
    return view.state, view.seats


def test_three_phones_join_from_the_qr_link_and_play_a_whole_table_by_taps(lan_browser, class_site, artifacts):
    address, db, log = class_site
    shots = Path(os.environ.get("XLIB_SHOTS", str(artifacts)))
    shots.mkdir(parents=True, exist_ok=True)
    teacher = lan_browser.new_context(viewport=harness.VIEWPORT).new_page()
    teacher.errors = []
    teacher.on("pageerror", lambda exc: teacher.errors.append(str(exc)))
    phones: list[Phone] = []
    try:
        teacher.goto(f"{address}/voila/render/xallies-lab.ipynb", timeout=300_000)
        panel = teacher.locator(".xlib-class-panel")
        panel.wait_for(timeout=300_000)
        panel.get_by_role("button", name="Start a new class").click()
        shown = panel.locator(".xlib-class-code-view")
        shown.locator(".xlib-class-qr svg").wait_for(timeout=SHORT)
        code = shown.locator(".xlib-class-code").inner_text().strip()
        link = shown.locator(".xlib-class-link").inner_text().strip()
        assert link == f"{address}/voila/render/xallies.ipynb?class={code}"
        assert svg_modules(shown.locator(".xlib-class-qr").inner_html()) == matrix_modules(link)   # what is scanned
        shown.scroll_into_view_if_needed()
        teacher.screenshot(path=str(shots / "join-teacher-panel.png"))
        # a short game: two rounds (the tables' options, in the panel)
        rounds = teacher.locator(".xlib-rounds")
        rounds.get_by_text("Options for the tables' games").click()
        field = rounds.locator(".widget-vbox", has=teacher.get_by_text("Play ends after this many rounds")).last
        field.locator("input").fill("2")
        field.locator("input").press("Tab")
        wait_ready(log)

        joined: dict[str, float] = {}
        for name in NAMES:
            phone = Phone(lan_browser, name)
            phones.append(phone)
            start = time.monotonic()
            phone.scan(link, code)
            if name == NAMES[0]:
                phone.page.screenshot(path=str(shots / "join-phone-scanned.png"))
            phone.type_name_and_join()
            joined[name] = time.monotonic() - start
        rounds.get_by_role("button", name="Seat the students").click()
        seated_at = time.monotonic()
        seated: dict[str, float] = {}
        for phone in phones:
            phone.wait_status("You sit at")
            phone.board.locator(".xlib-canvas").first.wait_for(timeout=SHORT)
            seated[phone.name] = joined[phone.name] + time.monotonic() - seated_at
            assert phone.on_first_screen("#xlib-your-table .xlib-full") < 844   # the table comes first
        print("scan to seated (s):", {n: round(t, 1) for n, t in seated.items()})
        assert max(seated.values()) <= JOIN_SECONDS, seated
        phones[0].page.screenshot(path=str(shots / "join-phone-seated.png"))
        no_errors(phones[0].page)

        state, seats = table_state(db, code)
        by_seat = [next(p for p in phones if p.name == seats[s]) for s in range(3)]
        reloaded = False
        while not state.over:
            if state.ply >= 2 and not reloaded:   # a phone reloads its page: it opens on its table again
                reloaded = True
                phone = by_seat[(state.to_move + 1) % 3]
                phone.page.reload(timeout=180_000)
                phone.wait_status("Welcome back", timeout=120_000)
                phone.page.wait_for_timeout(500)
                assert phone.on_first_screen(".xlib-class-status") < 844
                assert phone.on_first_screen("#xlib-your-table .xlib-full") < 844
                phone.page.screenshot(path=str(shots / "join-phone-reloaded.png"))
                phone.wait_ply(state.ply)
            by_seat[state.to_move].play(state)
            for p in phones:
                p.wait_ply(state.ply + 1)
            state, _ = table_state(db, code)
        assert reloaded
        for p in phones:
            p.page.wait_for_function("(el) => el.innerText.includes('Game over')",
                                     arg=p.board.locator(".xlib-status").element_handle(), timeout=SHORT)
            no_errors(p.page)
        assert len({p.board.locator(".xlib-log").inner_text() for p in phones}) == 1
        with open_store(db) as store:
            games = store.games(code, game="xallies", records=True)
        assert len(games) == 1 and games[0].record == state.record()
    finally:
        for p in phones:
            p.context.close()
        teacher.context.close()


WIDE = """() => { const w = document.documentElement.clientWidth; const out = [];
  for (const el of document.querySelectorAll('#rendered_cells *')) { const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1) out.push(el.tagName + '.' + String(el.className).slice(0, 60)); }
  return out; }"""


def test_the_gallery_fits_a_phone_and_a_lab_says_it_is_for_the_laptop(lan_browser, class_site, artifacts):
    """The gallery at both phones' widths (laid out again at the smaller one: the layout is CSS), then a lab."""
    address, _, _ = class_site
    sizes = [(390, 844), (360, 640)]
    context = lan_browser.new_context(**{**PHONE, "viewport": {"width": sizes[0][0], "height": sizes[0][1]}})
    try:
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(f"{address}/voila/render/index.ipynb", timeout=180_000)
        page.locator(".xlib-card").first.wait_for(timeout=180_000)
        for size in sizes:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_function("(w) => document.documentElement.clientWidth === w", arg=size[0])
            page.wait_for_timeout(300)
            assert page.evaluate(WIDE) == []   # nothing lies off the right edge
            widths = page.locator(".xlib-card").evaluate_all("(cs) => cs.map(c => c.getBoundingClientRect().width)")
            assert min(widths) >= 0.85 * size[0], widths   # one card across the width, under the other
            heights = page.locator(".xlib-card a, .xlib-handouts button").evaluate_all(
                "(es) => es.map(e => e.getBoundingClientRect().height)")
            assert heights and min(heights) >= 44, heights   # a finger's size
            labs = page.locator(".xlib-card", has=page.locator(".xlib-card-phone"))
            assert labs.count() == 3 and all(n.is_visible() for n in labs.locator(".xlib-card-phone").all())
            page.screenshot(path=str(artifacts / f"join-gallery-{size[0]}.png"))
        no_errors(page)
        page.goto(f"{address}/voila/render/balance.ipynb", timeout=300_000)
        note = page.locator(".xlib-lab-phone-note")
        note.wait_for(state="visible", timeout=300_000)
        assert "made for the teacher's laptop and the projector" in note.inner_text()
        assert note.evaluate("(el) => el.getBoundingClientRect().top") < 100   # at the top
        page.set_viewport_size({"width": 1366, "height": 768})   # on the laptop it says nothing
        assert not note.is_visible()
    finally:
        context.close()
