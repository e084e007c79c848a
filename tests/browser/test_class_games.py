"""Every game in a class, in a real Chromium: two groups' pages of the X app join one class and each finishes a
6×6 game with the computer (Easy) at every seat; the politics lab, given the class code, counts and measures
both games; and the teacher's class panel, on the same database as the lab's kernel opens it, lists them by game
and group with their CSV file.

Voila runs with XLIB_CLASS_DB set to a fresh SQLite file (test_class_mode's server), so every kernel shares
the class database, as on a classroom laptop running `make app`."""
from __future__ import annotations

import re

from xlib.classroom import open_store

from .harness import no_errors, open_app, wait_idle, wait_painted
from .test_class_mode import LONG, SHORT, _page, class_server  # noqa: F401  (class_server: a fixture)

GROUPS = ("Reds", "Blues")


def wait_text(page, locator, text: str, timeout: float = SHORT) -> None:
    page.wait_for_function("([el, t]) => el.textContent.includes(t)", arg=[locator.element_handle(), text],
                           timeout=timeout)


def start_a_game_of_x_in_class(page, server: str, code: str, group: str):
    """A group opens the X app, joins the class beside the whole-game board, chooses the quick 6×6 board and
    hands every seat to the computer (Easy), which plays the game to its end; the board and the join box."""
    open_app(page, server, "x.ipynb")
    join = page.locator(".xlib-class-join")
    join.wait_for(timeout=SHORT)
    join.scroll_into_view_if_needed()
    join.locator(".xlib-class-code-input input").fill(code.lower())
    join.locator(".xlib-class-group-input input").fill(group)
    join.get_by_role("button", name="Join the class").click()
    wait_text(page, join.locator(".xlib-class-status"), f"Joined class {code}")

    board = page.locator(".xlib-board.xlib-controls").last   # the whole game, after the lesson's boards
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    board.get_by_text("Options for a new game").click()
    size = board.locator(".widget-vbox", has=page.get_by_text("Board size")).last.locator("input")
    size.fill("6")
    size.press("Tab")
    board.get_by_role("button", name=re.compile(r"^\W*New game$")).click()
    wait_text(page, board.locator(".xlib-live"), "X by Mark Steere, 6×6")   # the screen reader's words
    wait_idle(page, board)
    board.get_by_text("Players").first.click()
    seats = board.locator("select:has(option:text-is('Computer: Easy'))")
    for seat in (1, 2, 0):   # Red last: the computer starts playing once Red's seat is the computer's
        seats.nth(seat).select_option(label="Computer: Easy")
    return board, join


def test_two_groups_finish_games_of_x_and_the_labs_read_them(browser, class_server, artifacts):
    server, db = class_server
    with open_store(db) as store:
        code = store.create_class().code
    contexts = []
    try:
        playing = []
        for group in GROUPS:
            context, page = _page(browser)
            contexts.append(context)
            playing.append((page, *start_a_game_of_x_in_class(page, server, code, group)))
        lab_context, lab = _page(browser)   # the teacher opens the politics lab while the games go on
        contexts.append(lab_context)
        lab.goto(f"{server}/voila/render/politics-lab.ipynb", timeout=LONG, wait_until="commit")
        for (page, board, join), group in zip(playing, GROUPS):
            wait_text(page, join.locator(".xlib-class-status"), "Game stored for class", timeout=LONG)
            assert "Game over" in board.locator(".xlib-status").inner_text()
            page.screenshot(path=str(artifacts / f"class-x-{group.lower()}.png"))
            join.scroll_into_view_if_needed()
            join.screenshot(path=str(artifacts / f"class-x-join-{group.lower()}.png"))
            no_errors(page)
        with open_store(db) as store:
            games = store.games(code, game="x", records=True)
            assert store.games(code, game="xallies") == []
        assert sorted(g.group for g in games) == sorted(GROUPS)
        assert all(g.finished and g.record["options"] == {"size": 6} and g.seats == ("easy",) * 3 for g in games)

        view = lab.locator(".xlib-politics-class")
        view.wait_for(timeout=LONG)
        lab.wait_for_load_state("networkidle", timeout=LONG)
        view.scroll_into_view_if_needed()
        view.locator(".xlib-class-code-input input").fill(code)
        view.get_by_role("button", name="Show our class's games").click()
        results = view.locator(".xlib-politics-class-results")
        wait_text(lab, results, f"Class {code}: 2 games of X on 6×6")
        text = results.inner_text()
        assert "Reds 1" in text and "Blues 1" in text
        assert "only 2 finished games of X on 6×6 so far: too few to say anything yet" in text
        # the class's line-up counts its two games, beside the personas' line-ups of the experiment shown at load
        assert re.search(r"our class\s+2\s", text) and "three self-interested" in text, text
        assert re.search(r"our class\s+1: Red\s+2\s", text) and "the personas" in text, text
        no_errors(lab)
        lab.set_viewport_size({"width": 1366, "height": 1800})
        view.screenshot(path=str(artifacts / "class-politics.png"))
    finally:
        for context in contexts:
            context.close()
    the_class_panel_lists_them(db, code)


def the_class_panel_lists_them(db: str, code: str) -> None:
    """The teacher's class panel on the same database (as the lab's kernel opens it) lists both groups' games
    of X by game and group, with a CSV file of them."""
    import base64

    from xlib.panels.classroom import ClassPanel

    with open_store(db) as store:
        panel = ClassPanel(store=store, baseline_games=1, background=False)
        panel.open(code)
        listing = panel.listing
        assert [(game, group) for game, group in listing.index] == [("X", "Reds"), ("X", "Blues")]
        assert list(listing["finished"]) == [1, 1] and list(listing["in progress"]) == [0, 0]
        assert "Games by game and group" in panel.games_view.value and "<b>2</b> finished games" in panel.status.value
        link = panel.csv_link.value
        assert f'download="x-class-{code}.csv"' in link and "X: 2 finished games (CSV)" in link
        lines = base64.b64decode(link.split("base64,")[1].split('"')[0]).decode().splitlines()
        assert len(lines) == 1 + 2 * 3 and "size" in lines[0].split(",")
