"""Class mode in a real Chromium: two groups' app pages join one class, each finishes a game, and the
teacher's class panel in the lab shows both; a reloaded page joins again by itself and gets its unfinished game back.

Voila runs with XLIB_CLASS_DB set to a fresh SQLite file, so every kernel (the lab's and each
app page's) shares that class database, as on a classroom laptop running `make app`."""
from __future__ import annotations

import re
from typing import Iterator

import pytest

from xlib.views.xallies.view import XAlliesView, well_centre
import xlib
from xlib.classroom import new_game_key, open_store

from .conftest import _require_browser
from .harness import VIEWPORT, click_view_point, no_errors, open_app, voila_with_class_db, wait_idle, wait_painted

VIEW = XAlliesView()

SHORT = 60_000
LONG = 240_000
LAB = 600_000   # the lab plays its default experiment before its page is complete


@pytest.fixture(scope="module")
def class_server(tmp_path_factory, artifacts) -> Iterator[tuple[str, str]]:
    """Voila on the notebooks with its own class database; (URL, database file)."""
    _require_browser()
    db = str(tmp_path_factory.mktemp("class") / "classes.sqlite3")
    with voila_with_class_db(db) as url:
        yield url, db


def _page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def start_class(page, server: str) -> str:
    """The teacher opens the lab and starts a class; the code shown large."""
    page.goto(f"{server}/voila/render/xallies-lab.ipynb", timeout=LAB, wait_until="commit")
    panel = page.locator(".xlib-class-panel")
    panel.wait_for(timeout=LAB)
    page.wait_for_load_state("networkidle", timeout=LAB)
    panel.scroll_into_view_if_needed()
    panel.get_by_role("button", name="Start a new class").click()
    code = panel.locator(".xlib-class-code")
    code.wait_for(timeout=SHORT)
    assert re.fullmatch(r"[2-9A-Z]{4}", code.inner_text().strip())
    return code.inner_text().strip()


def join_class(page, server: str, code: str, group: str):
    """A group opens the XAllies app and joins the class; the board and the join box."""
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-full").first
    board.wait_for(timeout=SHORT)
    wait_painted(page, board.locator(".xlib-canvas").first)
    join = page.locator(".xlib-class-join")
    join.scroll_into_view_if_needed()
    join.locator(".xlib-class-code-input input").fill(code)
    join.locator(".xlib-class-group-input input").fill(group)
    join.get_by_role("button", name="Join the class").click()
    page.wait_for_function("(el) => el.innerText.includes('Joined class')",
                           arg=join.locator(".xlib-class-status").element_handle(), timeout=SHORT)
    return board, join


def finish_a_short_game(page, board, join) -> None:
    """A one-round game (the board's own options), then the blue seat handed to a computer: it plays to the end."""
    board.scroll_into_view_if_needed()
    board.get_by_text("Options for a new game").click()
    rounds = board.locator(".widget-vbox", has=page.get_by_text("Play ends after this many rounds")).last
    box = rounds.locator("input")
    box.fill("1")
    box.press("Tab")
    board.get_by_role("button", name=re.compile(r"^\W*New game$")).click()
    wait_idle(page, board)
    board.get_by_text("Players").first.click()
    seat = board.locator("select", has=page.locator("option", has_text="Computer: Random")).first
    seat.select_option(label="Computer: Random")
    page.wait_for_function("(el) => el.innerText.includes('Game stored for class')",
                           arg=join.locator(".xlib-class-status").element_handle(), timeout=LONG)


def test_two_groups_join_one_class_and_the_lab_panel_shows_both(browser, class_server, artifacts):
    server, db = class_server
    lab_context, lab = _page(browser)
    pages = []
    try:
        code = start_class(lab, server)
        lab.locator(".xlib-class-panel").screenshot(path=str(artifacts / "class-start.png"))
        for group in ("Reds", "Blues"):
            context, page = _page(browser)
            pages.append((context, page))
            board, join = join_class(page, server, code, group)
            finish_a_short_game(page, board, join)
            assert "Game stored for class" in join.inner_text()
            page.screenshot(path=str(artifacts / f"class-app-{group.lower()}.png"))
            no_errors(page)
        status = lab.locator(".xlib-class-panel-status")
        lab.wait_for_function("(el) => el.innerText.includes('2 finished games')", arg=status.element_handle(),
                              timeout=SHORT)   # the panel refreshes by itself
        results = lab.locator(".xlib-class-results")
        # both games pooled in the class row, beside the personas' games under the same rules
        lab.wait_for_function("(el) => /our class\\s+2\\s/.test(el.innerText) && "
                              "el.innerText.includes('all prosocial')", arg=results.element_handle(), timeout=LONG)
        text = results.inner_text()
        assert re.search(r"Reds\s+1\s+0\s", text) and re.search(r"Blues\s+1\s+0\s", text), text
        assert "Groups: 2 (Reds, Blues)" in status.inner_text()
        no_errors(lab)
        lab.set_viewport_size({"width": 1920, "height": 1080})   # projected: what the class reads is 20 px or more
        panel = lab.locator(".xlib-class-panel")
        sizes = {part: panel.locator(part).first.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
                 for part in (".xlib-class-panel-status .widget-html-content", "h3", ".xlib-class-games table")}
        assert min(sizes.values()) >= 20, sizes
        lab.set_viewport_size({"width": VIEWPORT["width"], "height": 2400})   # the whole panel in one picture
        lab.locator(".xlib-class-panel").screenshot(path=str(artifacts / "class-panel.png"))
        with open_store(db) as store:
            games = store.games(code, records=True)
        assert sorted(g.group for g in games) == ["Blues", "Reds"]
        assert all(g.finished and g.record is not None and g.record["options"]["rounds"] == 1 for g in games)
    finally:
        for context, _ in pages:
            context.close()
        lab_context.close()


def test_a_reloaded_page_gets_its_unfinished_game_back(browser, class_server, artifacts):
    server, db = class_server
    with open_store(db) as store:
        code = store.create_class().code
    context, page = _page(browser)
    try:
        board, join = join_class(page, server, code, "Greens")
        board.scroll_into_view_if_needed()
        canvas = board.locator(".xlib-canvas").first
        for well in (3, 4):   # blue sows well 3 clockwise: the turn 3+:bb
            click_view_point(canvas, VIEW, *well_centre(well))
        status, log = board.locator(".xlib-status"), board.locator(".xlib-log")
        page.wait_for_function("(el) => el.innerText.includes('Turn 4: blue')", arg=status.element_handle(),
                               timeout=LONG)
        wait_idle(page, board)
        played = log.inner_text()
        assert "3+:bb" in played
        page.wait_for_function("(el) => el.innerText.includes('saved as you play')",
                               arg=join.locator(".xlib-class-status").element_handle(), timeout=SHORT)
        page.reload()   # the page joins the class again by itself, with the pass its browser kept
        page.wait_for_selector("h1", timeout=90_000)
        board = page.locator(".xlib-full").first
        join = page.locator(".xlib-class-join")
        page.wait_for_function("(el) => el.innerText.includes('Welcome back') && "
                               "el.innerText.includes('back on the board')",
                               arg=join.locator(".xlib-class-status").element_handle(), timeout=SHORT)
        log = board.locator(".xlib-log")
        assert log.inner_text() == played
        assert "Turn 4: blue" in board.locator(".xlib-status").inner_text()
        page.screenshot(path=str(artifacts / "class-app-resumed.png"))
        no_errors(page)
    finally:
        context.close()


def test_a_clear_confirmation_expires_on_the_page_and_a_reloaded_lab_offers_the_last_class(browser, class_server,
                                                                                          artifacts):
    server, db = class_server
    context, lab = _page(browser)
    try:
        code = start_class(lab, server)
        panel = lab.locator(".xlib-class-panel")
        with open_store(db) as store:
            store.join(code, "Reds")
            store.save_game(code, "Reds", new_game_key(), xlib.play_match("x", ["random"] * 3, seed=1).record(),
                            ["person", "random", "random"])
        clear = panel.get_by_role("button", name="Clear the games")
        clear.click()
        confirm = panel.locator(".xlib-class-confirm")
        lab.wait_for_function("(el) => el.innerText.includes('Yes, clear the games') && "
                              "el.innerText.includes('within 10 seconds')", arg=confirm.element_handle(),
                              timeout=SHORT)
        assert "Click Click" not in confirm.inner_text()
        assert panel.get_by_role("button", name="Yes, clear the games").is_visible()
        panel.screenshot(path=str(artifacts / "class-clear-asks.png"))
        # nobody clicks: within a few ticks after ten seconds the button and the message are back to normal
        lab.wait_for_function("(el) => el.innerText.trim() === ''", arg=confirm.element_handle(), timeout=SHORT)
        assert panel.get_by_role("button", name="Clear the games").is_visible()
        with open_store(db) as store:
            assert store.groups(code) == ["Reds"] and len(store.games(code)) == 1   # nothing was cleared
        lab.reload(timeout=LAB, wait_until="commit")
        panel = lab.locator(".xlib-class-panel")
        panel.wait_for(timeout=LAB)
        again = panel.get_by_role("button", name=f"Open class {code} again")
        again.wait_for(timeout=LAB)
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=str(artifacts / "class-offered-again.png"))
        again.click()
        shown = panel.locator(".xlib-class-code")
        shown.wait_for(timeout=SHORT)
        assert shown.inner_text().strip() == code
        no_errors(lab)
    finally:
        context.close()
