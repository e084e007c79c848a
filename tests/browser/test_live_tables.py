"""Every student at their own device: three Chromium contexts join one class from the XAllies app and are seated
at one table; each plays only its own seat by clicks, and every move shows on the other two. One device reloads
midway and comes back to its seat; one goes away, its seat is played by the computer, and it takes it back.

Voila runs with XLIB_CLASS_DB set to a fresh SQLite file, as on a classroom laptop running `make app`."""
from __future__ import annotations

import re
import time
from typing import Iterator

import pytest

import xlib
from xlib.classroom import open_store
from xlib.views.xallies.view import CHIP_R, XAlliesView, well_centre

from .conftest import _require_browser
from .harness import (VIEWPORT, click_view_point, no_errors, no_violations, open_app, voila_with_class_db,
                      wait_painted)

VIEW = XAlliesView()
NAMES = ("Ana", "Ben", "Chen")
SHORT = 60_000
AWAY = 10.0   # seconds a device may be gone before the computer plays its seat (the shortest a teacher sets)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory) -> Iterator[tuple[str, str]]:
    _require_browser()
    db = str(tmp_path_factory.mktemp("live") / "classes.sqlite3")
    with voila_with_class_db(db) as url:
        yield url, db


class Device:
    """One student's browser (a context of its own, so its storage is its own) with the XAllies app open."""

    def __init__(self, browser, server: str, name: str) -> None:
        self.context = browser.new_context(viewport=VIEWPORT)
        self.server, self.name = server, name
        self.open()

    def open(self) -> None:
        self.page = self.context.new_page()
        self.page.errors = []
        self.page.on("pageerror", lambda exc: self.page.errors.append(str(exc)))
        open_app(self.page, self.server, "xallies.ipynb")
        self.board = self.page.locator(".xlib-full").first
        self.board.wait_for(timeout=SHORT)
        wait_painted(self.page, self.board.locator(".xlib-canvas").first)
        self.join = self.page.locator(".xlib-class-join")

    def join_class(self, code: str) -> None:
        self.join.scroll_into_view_if_needed()
        self.join.locator(".xlib-class-code-input input").fill(code)
        self.join.locator(".xlib-class-group-input input").fill(self.name)
        self.join.get_by_role("button", name="Join the class").click()
        self.wait_status("Joined class")

    def wait_status(self, words: str, timeout: float = SHORT) -> None:
        self.page.wait_for_function("([el, t]) => el.innerText.includes(t)",
                                    arg=[self.join.locator(".xlib-class-status").element_handle(), words],
                                    timeout=timeout)

    def wait_ply(self, ply: int, timeout: float = SHORT) -> None:
        """Wait until the board's move list shows the table at `ply` decisions (a turn's decisions are one line)."""
        self.page.wait_for_function("([el, n]) => { const p = el.querySelector('.xlib-ply'); "
                                    "return p !== null && p.dataset.ply === String(n); }",
                                    arg=[self.board.element_handle(), ply], timeout=timeout)

    def status(self) -> str:
        return self.board.locator(".xlib-status").inner_text()

    def play(self, state: xlib.State) -> None:
        """Play this device's next decision by clicks: a well and its neighbour, a piece of the hand, or Pass."""
        move = str(state.moves()[0])
        canvas = self.board.locator(".xlib-canvas").first
        canvas.scroll_into_view_if_needed()
        if move == "pass":
            self.board.get_by_role("button", name=re.compile("Pass")).click()
        elif move[0].isdigit():
            well = int(move[:-1])
            click_view_point(canvas, VIEW, *well_centre(well))
            click_view_point(canvas, VIEW, *well_centre((well + (1 if move[-1] == "+" else -1)) % 12))
        else:
            chips = {c: (x, y) for c, x, y in VIEW.chip_positions(state)}
            colour = "bpgy".index(move)
            click_view_point(canvas, VIEW, *chips[colour])


def table_state(db: str, code: str) -> tuple[xlib.State, str]:
    with open_store(db) as store:
        view = store.tables(code)[0]
    return view.state, view.key


def test_three_devices_play_one_table_one_reloading_one_going_away(browser, class_server, artifacts):
    server, db = class_server
    with open_store(db) as store:
        code = store.create_class().code
    devices = [Device(browser, server, name) for name in NAMES]
    try:
        for d in devices:
            d.join_class(code)
        with open_store(db) as store:
            store.seat_round(code, "xallies", 3, order="joined", away=AWAY, options={"rounds": 3})
        for d in devices:
            d.wait_status("You sit at")
        assert "Your turn, Ana (blue)" in devices[0].status()
        assert "Ana (blue) is choosing" in devices[1].status()
        no_violations(devices[1].page, "live-table-seated", artifacts)
        reloaded = gone = False
        state, _ = table_state(db, code)
        while not state.over:
            p = state.to_move
            mover = devices[p]
            if state.ply >= 3 and not reloaded:          # Ben reloads his page midway: his seat comes back
                reloaded = True
                devices[1].page.reload()
                devices[1].board = devices[1].page.locator(".xlib-full").first
                devices[1].wait_status("Welcome back", timeout=120_000)
            if p == 2 and reloaded and not gone:   # Chen goes away: the computer plays her turn
                gone = True
                devices[2].page.close()
                deadline = time.monotonic() + AWAY + 60
                while table_state(db, code)[0].ply == state.ply and time.monotonic() < deadline:
                    time.sleep(0.5)
                state, _ = table_state(db, code)
                assert state.ply > 0 and state.history()[-1].parent is not None
                devices[0].page.wait_for_function(
                    "(el) => el.innerText.includes('away')", arg=devices[0].board.locator(".xlib-status")
                    .element_handle(), timeout=SHORT) if state.to_move == 2 else None
                while table_state(db, code)[0].to_move == 2 and time.monotonic() < deadline:
                    time.sleep(0.5)         # the computer finishes her turn
                devices[2].open()           # and she comes back on the same browser: her seat is hers again
                devices[2].wait_status("Welcome back", timeout=120_000)
                state, _ = table_state(db, code)
                for d in devices:
                    d.wait_ply(state.ply)
                continue
            mover.play(state)
            for d in devices:
                d.wait_ply(state.ply + 1)
            state, _ = table_state(db, code)
        assert reloaded and gone
        for d in devices:
            d.page.wait_for_function("(el) => el.innerText.includes('Game over')",
                                     arg=d.board.locator(".xlib-status").element_handle(), timeout=SHORT)
            no_errors(d.page)
        logs = {d.board.locator(".xlib-log").inner_text() for d in devices}
        assert len(logs) == 1
        for k, d in enumerate(devices):
            d.page.screenshot(path=str(artifacts / f"live-table-{NAMES[k].lower()}.png"))
        with open_store(db) as store:
            games = store.games(code, game="xallies", records=True)
            sources = store._attempt(lambda tx: tx.rows("SELECT seat, source FROM table_moves WHERE class_code = ? "
                                                        "ORDER BY ply", (code,)))
        assert len(games) == 1 and games[0].record == state.record()
        computer = [k for k, (seat, source) in enumerate(sources) if source == "computer"]
        assert computer and {sources[k][0] for k in computer} == {2}          # Chen's turn, played for her
        assert any(seat == 2 and source == "person" for seat, source in sources[computer[-1]:])   # and hers again
    finally:
        for d in devices:
            d.context.close()
