"""The static site in Chromium, with nothing but its own files: `make site` builds it once per test run, Python's
http.server serves it on 127.0.0.1, and any request to another address fails the test (it is blocked, and
recorded). In each game's app a student plays a move by clicks, the computer answers in the browser, and a
reload offers the game back (the page registers no service worker, its Python starts with the packages' archive
and asks the page for no file); in Alea Evangelion a whole game against the computer (Medium) is
played to its end through the move box, with a reload halfway; the gallery shows the labs as running elsewhere,
and a handout is made."""
from __future__ import annotations

import json
import random
import re

import pytest

import xlib
from xlib.board import view_for
from xlib.board.result import result_title

from ..keyboard import keys_for_clicks
from .harness import (CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT, axe_violations, focus_canvas_by_tab,
                      no_errors, wait_idle, wait_painted)
from .sites import VISIT, ServedLog
from .test_exercises import first_move_exercise, type_moves
from .test_screens import clicks_for_a_move, point_on

APPS = ["alea", "x", "xats", "xerog", "xallies"]
#: the apps whose move the test plays by keys on the web canvas (Tab to the board, arrows, Enter), not by clicks
BY_KEYS = {"x", "xats"}


@pytest.fixture(scope="module")
def offline(browser, site):
    """One browser context for the module (its cache is kept between pages, as a student's browser keeps it),
    with every request to another address blocked and recorded."""
    outside: list[str] = []
    ctx = browser.new_context(viewport=VIEWPORT)

    def route(r) -> None:
        if r.request.url.startswith(site + "/"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    ctx.on("request", lambda req: None if req.url.startswith((site + "/", "data:", "blob:"))
           else outside.append(req.url))
    ctx.outside = outside
    yield ctx
    ctx.close()


@pytest.fixture
def site_page(offline):
    pg = offline.new_page()
    pg.errors = []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    yield pg
    pg.close()
    assert offline.outside == [], f"requests beyond the site: {offline.outside}"


def open_page(page, site: str, name: str) -> None:
    page.goto(f"{site}/voici/render/{name}.html", timeout=VISIT)
    page.wait_for_selector("h1", timeout=VISIT)


def moves_listed(board) -> int:
    return len(re.findall(r"^\s*\d+\. ", board.locator(".xlib-log").inner_text(), re.M))


def full_board(page):
    board = page.locator(".xlib-board.xlib-full").last
    board.wait_for(timeout=VISIT)
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first, timeout=120)
    return board


def solve_the_first_exercise(page, game: str) -> None:
    """Solve the first lesson's first move exercise by typing its solution, as a student at the keyboard."""
    scene, k, ex = first_move_exercise(game)
    lesson = page.locator(".xlib-tutorial").first
    wait_painted(page, lesson.locator(".xlib-canvas").first, timeout=120)
    lesson.locator(".xlib-exercises").click()
    for _ in range(k):
        lesson.get_by_role("button", name="Next exercise").click()
    page.wait_for_function("(el) => el.innerText.includes('Exercise')",
                           arg=lesson.locator(".xlib-sentence").element_handle(), timeout=60_000)
    type_moves(page, lesson, list(ex.solution))
    page.wait_for_function("(el) => el.innerText.includes('✓')", arg=lesson.locator(".xlib-message").element_handle(),
                           timeout=60_000)
    page.wait_for_function("(el) => el.innerText.includes('exercises 1 of')",
                           arg=page.locator(".xlib-progress").first.element_handle(), timeout=60_000)


def test_the_gallery_offers_the_games_and_says_where_the_labs_run(site_page, site, artifacts):
    open_page(site_page, site, "index")
    cards = site_page.locator(".xlib-card")
    cards.first.wait_for(timeout=VISIT)
    assert cards.count() == 8
    links = [a.get_attribute("href") for a in site_page.locator(".xlib-card a[href]").all()]
    documents = [link for link in links if link.startswith("../../")]       # the README the site ships
    assert sorted(set(links) - set(documents)) == sorted(f"{game}.html" for game in APPS)
    assert site_page.locator(".xlib-card", has_text="XAllies lab").inner_text().count("make app") == 1
    lab = site_page.locator(".xlib-card", has_text="XAllies lab")
    assert lab.locator("a", has_text="make app").get_attribute("href") == "../../readme.html#two-commands"
    first = site_page.locator(".xlib-first")
    assert first.inner_text().startswith("New here? Start with X:") and \
        first.locator("a").get_attribute("href") == "x.html"
    rules = site_page.locator("a", has_text="docs/RULES.md")
    rules.wait_for(timeout=VISIT)
    documents.append(rules.get_attribute("href"))
    for href in set(documents):   # each page the site ships, with the section linked
        page, _, section = href.removeprefix("../../").partition("#")
        shipped = site_page.request.get(f"{site}/{page}")
        assert shipped.ok and (not section or f'id="{section}"' in shipped.text()), href
    site_page.set_viewport_size({"width": 1366, "height": 768})
    site_page.screenshot(path=str(artifacts / "site-gallery-top.png"))
    lab.scroll_into_view_if_needed()
    site_page.screenshot(path=str(artifacts / "site-gallery-labs.png"))
    site_page.locator(".xlib-card a", has_text="Learn and play").first.click()
    site_page.wait_for_url("**/voici/render/xallies.html", wait_until="commit", timeout=60_000)
    site_page.screenshot(path=str(artifacts / "site-gallery-link.png"))


#: what a first visit may fetch at most: the gallery, and a game's page (a class of thirty on one school connection
#: fetches thirty times as much at once)
GALLERY_BYTES, APP_BYTES = 2_000_000, 20_000_000


def fresh_context(browser, site: str):
    """A browser context with nothing kept yet (a student's first visit) whose cache works (no request is
    intercepted); a request beyond the site fails the test at its end (ctx.outside)."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.outside = []
    ctx.on("request", lambda req: None if req.url.startswith((site + "/", "data:", "blob:"))
           else ctx.outside.append(req.url))
    return ctx


def test_the_gallery_is_a_plain_page_that_shows_at_once_with_no_python(browser, site_server, artifacts):
    """The gallery, the site's first page, fetches under 2 MB and no Python: its cards paint with no script to run,
    and on a phone they fit the screen's width; axe-core finds no WCAG A or AA fault on either. A game's card
    opens the game's page, which then starts Python."""
    site, served = site_server
    ctx = fresh_context(browser, site)
    page = ctx.new_page()
    mark = served.quiet_mark()
    page.goto(site + "/", timeout=VISIT)
    page.locator(".xlib-card").last.wait_for(timeout=10_000)
    # the browser records its first paint a moment after the cards are in the page: wait for the record (how soon
    # it comes is benchmarks/site.py's to say, a test asserts no wall-clock time)
    painted = page.wait_for_function(
        "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null",
        timeout=30_000).json_value()
    (artifacts / "site-gallery-paint.txt").write_text(f"first contentful paint: {painted:.0f} ms\n")
    page.wait_for_timeout(500)
    fetched = served.since(mark)
    sent = sum(size for _, _, size in fetched)
    assert sent < GALLERY_BYTES, f"the gallery fetched {sent / 1e6:.1f} MB: {fetched[:20]}"
    assert not [f for f in fetched if "/static/pyodide/" in f[0] or "/voici/build/" in f[0]], fetched
    assert page.locator("script").count() == 0
    assert painted is not None and painted > 0, "the gallery never painted"
    assert page.locator(".xlib-card").count() == 8
    assert page.locator(".xlib-first a").get_attribute("href") == "x.html"
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 740})      # a phone
    page.wait_for_timeout(200)
    wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"the gallery scrolls sideways on a phone by {wide} px"
    assert axe_violations(page) == []
    page.screenshot(path=str(artifacts / "site-gallery-phone.png"), full_page=True)
    page.locator(".xlib-card a", has_text="Learn and play").first.click()
    page.wait_for_url("**/voici/render/xallies.html", wait_until="commit", timeout=60_000)
    ctx.close()
    assert ctx.outside == [], f"requests beyond the site: {ctx.outside}"


def test_a_first_visit_to_a_game_fetches_under_20_mb_and_a_repeat_visit_moves_at_most_one_file(browser,
                                                                                                site_server):
    """A student's first visit to a game's page, served from plain files (no compression), fetches under 20 MB
    to a painted board; a visit again in the same browser moves the data of at most one request (the rest is the
    browser's cache, or answered "unchanged" by the server)."""
    site, served = site_server
    ctx = fresh_context(browser, site)
    page = ctx.new_page()
    mark = served.quiet_mark()
    open_page(page, site, "xerog")
    full_board(page)
    page.wait_for_timeout(500)
    fetched = served.since(mark)
    sent = sum(size for _, _, size in fetched)
    largest = sorted(fetched, key=lambda f: -f[2])[:8]
    assert sent < APP_BYTES, f"a first visit fetched {sent / 1e6:.1f} MB, the largest: {largest}"
    page.close()
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    mark = served.quiet_mark()
    open_page(page, site, "xerog")
    full_board(page)
    page.wait_for_timeout(500)
    moved = ServedLog.moved(served.since(mark))
    assert len(moved) <= 1, f"a repeat visit moved {len(moved)} files: {moved}"
    no_errors(page)
    ctx.close()
    assert ctx.outside == [], f"requests beyond the site: {ctx.outside}"


def test_without_its_archive_a_page_starts_python_as_usual(site_page, site):
    """When the packages' archive cannot be had (here the server answers 404), the page's Python starts the usual
    way, from the packages' wheels, and the app works."""
    said: list[str] = []
    site_page.on("console",
                 lambda msg: said.append(msg.text) if "without its packages' archive" in msg.text else None)
    site_page.route(re.compile(r".*/static/pyodide/packages-\w+\.gz$"),
                    lambda route: route.fulfill(status=404, body="missing"))
    open_page(site_page, site, "xerog")
    full_board(site_page)
    assert len(said) == 1 and re.search(r"packages-\w+\.gz: 404", said[0]), said
    no_errors(site_page)


#: run in the page when the note "Loading the rest of the page…" first shows: what the page shows then, and the
#: student scrolls down (SCROLL pixels, the next lesson's place coming near) and puts the keyboard's focus on the
#: first board's Next button
EARLY_JS = """() => {
  const note = document.querySelector('.xlib-page-loading');
  if (!note) return null;
  const spinner = document.getElementById('loading');
  const first = document.querySelector('.xlib-board');
  const canvas = first.querySelector('canvas');
  window.scrollTo(0, SCROLL);
  const next = [...document.querySelectorAll('button')].find((b) => b.innerText.trim() === 'Next');
  next.focus();
  next.dataset.focusedEarly = '1';
  const box = next.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {seen: next.contains(hit), note: note.innerText, role: note.getAttribute('role'), spinner: Boolean(spinner),
          drawn: canvas.hasAttribute('data-drawn'), width: canvas.getBoundingClientRect().width,
          games: document.querySelectorAll('.xlib-board.xlib-full').length,
          scrolled: document.scrollingElement.scrollTop, top: next.getBoundingClientRect().top,
          left: canvas.getBoundingClientRect().left};
}"""
#: the order in which the page's game board and the first lesson board built as it came into view appear
ORDER_JS = """window.xlibOrder = [];
new MutationObserver(() => {
  const seen = {game: '.xlib-board.xlib-full', lesson: '.xlib-lazy .xlib-board'};
  for (const [name, selector] of Object.entries(seen)) {
    if (!window.xlibOrder.includes(name) && document.querySelector(selector)) window.xlibOrder.push(name);
  }
}).observe(document, {childList: true, subtree: true});"""
#: where the student's place is once the page is whole (Voici's panel has taken the cells)
SETTLED_JS = """() => {
  const next = document.querySelector('[data-focused-early]');
  const cells = document.getElementById('rendered_cells');
  return {note: Boolean(document.querySelector('.xlib-page-loading')), focused: document.activeElement === next,
          top: next.getBoundingClientRect().top, scrolled: cells.scrollTop,
          left: document.querySelector('.xlib-board canvas').getBoundingClientRect().left,
          width: document.querySelector('.xlib-board canvas').getBoundingClientRect().width,
          games: document.querySelectorAll('.xlib-board.xlib-full').length};
}"""


@pytest.mark.parametrize("screen, scroll", [(VIEWPORT, 120), ({"width": 390, "height": 844}, 400)],
                         ids=["laptop", "phone"])
def test_an_apps_page_shows_its_first_board_while_the_rest_loads_and_keeps_the_students_place(
        browser, site, screen, scroll):
    """The page starts its kernel's worker before JupyterLab's scripts are even asked for, and the kernel runs in
    that worker (one worker in all). The page shows itself once its first board is drawn, the game board further
    down not there yet, with a note that the rest is loading (said to a screen reader). The student scrolls and
    puts the focus on the board's Next button meanwhile: when the rest has come and Voici's panel has taken the
    cells, the board has not moved on the screen, and the focus is where it was. The next lesson's board, in view,
    is built once the rest is there: the game board comes first."""
    ctx = browser.new_context(viewport=screen, has_touch=screen["width"] < 600)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    events: list[str] = []
    page.add_init_script(ORDER_JS)
    page.on("worker", lambda worker: events.append("worker " + worker.url.rsplit("/", 1)[-1]))
    page.on("request", lambda req: events.append("kernel's page side") if re.search(
        r"pyodide-kernel-extension/static/remoteEntry", req.url) else None)
    page.goto(f"{site}/voici/render/xerog.html", wait_until="commit", timeout=VISIT)
    early = page.wait_for_function(EARLY_JS.replace("SCROLL", str(scroll)), timeout=VISIT,
                                   polling="raf").json_value()
    assert early["note"] == "Loading the rest of the page…" and early["role"] == "status", early
    assert early["seen"] and not early["spinner"] and early["drawn"] and early["games"] == 0, early
    assert early["width"] > 300 and early["scrolled"] == scroll, early
    page.wait_for_function("() => !document.querySelector('.xlib-page-loading')", timeout=VISIT)
    page.wait_for_timeout(300)   # Voici's panel lays the cells out
    settled = page.evaluate(SETTLED_JS)
    assert settled["games"] == 1 and settled["focused"], settled
    assert settled["scrolled"] == scroll and abs(settled["top"] - early["top"]) <= 1, (early, settled)
    assert settled["left"] == early["left"] and settled["width"] == early["width"], (early, settled)
    page.wait_for_function("() => window.xlibOrder.length === 2", timeout=VISIT)
    assert page.evaluate("window.xlibOrder") == ["game", "lesson"]
    workers = [e for e in events if e.startswith("worker")]
    assert len(workers) == 1 and re.fullmatch(r"worker worker-[0-9a-f]{16}\.js", workers[0]), events
    assert events.index(workers[0]) < events.index("kernel's page side"), events
    no_errors(page)
    ctx.close()


@pytest.mark.parametrize("game", APPS)
def test_a_move_by_clicks_the_computer_answers_and_a_reload_keeps_the_game(site_page, site, artifacts, game):
    view = view_for(xlib.game(game).start(seed=0))
    points = clicks_for_a_move(game)
    drive: list[str] = []   # Python asking the page for the files of JupyterLite's drive (a service worker's)
    site_page.on("request", lambda req: drive.append(req.url) if "/api/drive" in req.url else None)
    archive: list[str] = []   # the packages' archive Python starts with, and whether it could not
    site_page.on("requestfinished",
                 lambda req: archive.append(req.url) if "/static/pyodide/packages-" in req.url else None)
    site_page.on("console", lambda msg: archive.append(msg.text) if "without its packages' archive" in msg.text
                 else None)
    open_page(site_page, site, game)
    if game == "alea":   # a lesson's exercise solved on the site counts, and the count survives the reload too
        solve_the_first_exercise(site_page, game)
    board = full_board(site_page)
    # the page runs without a service worker, and its Python imports without asking the page for files
    assert site_page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert drive == [], f"{len(drive)} requests for the drive's files"
    assert len(archive) == 1 and re.search(r"/static/pyodide/packages-\w+\.gz$", archive[0]), archive
    canvas = board.locator(".xlib-canvas").first
    if game in BY_KEYS:   # the web canvas takes the keyboard: its cursor shown, said, and Enter plays there
        focus_canvas_by_tab(site_page, canvas)
        presses = keys_for_clicks(view, xlib.game(game).start(seed=0), points)
        for key in presses[:-1]:
            site_page.keyboard.press(key)
            site_page.wait_for_timeout(80)
        site_page.wait_for_function("(el) => el.innerText.trim().length > 0",
                                    arg=board.locator(".xlib-key-live").element_handle(), timeout=60_000)
        site_page.screenshot(path=str(artifacts / f"site-{game}-keys-cursor.png"))
        site_page.keyboard.press(presses[-1])
        site_page.wait_for_function("(el) => /Move \\d+: /.test(el.innerText)",   # the move said (or the reply)
                                    arg=board.locator(".xlib-key-live").element_handle(), timeout=120_000)
    else:
        for x, y in points:
            canvas.click(position=point_on(canvas, view, x, y))
            site_page.wait_for_timeout(250)
    entry = board.locator(".xlib-entry input")
    site_page.wait_for_function("(el) => (el.innerText.match(/^\\s*\\d+\\. /gm) || []).length >= 2",
                                arg=board.locator(".xlib-log").element_handle(), timeout=120_000)
    wait_idle(site_page, board, timeout=120_000)
    played = moves_listed(board)
    assert played >= 2 and not entry.is_disabled(), board.inner_text()   # the computer answered; our turn again
    listed = board.locator(".xlib-log").inner_text()
    board.screenshot(path=str(artifacts / f"site-{game}-answered.png"))
    no_errors(site_page)

    site_page.reload(timeout=VISIT)
    site_page.wait_for_selector("h1", timeout=VISIT)
    board = full_board(site_page)
    button = board.locator(".xlib-continue")
    button.wait_for(timeout=120_000)
    assert "Continue your game?" in board.locator(".xlib-message").inner_text()
    button.click()
    site_page.wait_for_function("([el, text]) => el.innerText === text",
                                arg=[board.locator(".xlib-log").element_handle(), listed], timeout=60_000)
    assert "goes on from move" in board.locator(".xlib-message").inner_text()
    if game == "alea":
        site_page.wait_for_function("(el) => el.innerText.includes('exercises 1 of')",
                                    arg=site_page.locator(".xlib-progress").first.element_handle(), timeout=60_000)
    if game == "alea":   # the class box says where class mode runs; the rules sheet is made in the browser
        notice = site_page.locator(".xlib-class-site")
        assert "Class mode and live tables need the apps served" in notice.inner_text()
        handout = site_page.locator(".xlib-handout")
        handout.get_by_role("button").click()
        link = handout.locator("a.xlib-handout-link")
        link.wait_for(timeout=120_000)
        assert link.get_attribute("href").startswith("data:text/html;base64,")
    site_page.screenshot(path=str(artifacts / f"site-{game}-reloaded.png"), full_page=False)
    no_errors(site_page)


#: the game this page keeps on the device (its keeper's entry with a game record; every app of the site has its
#: own, under a key ending with the page's path)
KEPT_RECORD_JS = """() => {
  for (const key of Object.keys(localStorage)) {
    if (!key.endsWith("@" + location.pathname)) continue;
    try {
      const d = JSON.parse(localStorage.getItem(key));   // every tab's game, newest first, or one game as before
      if (d && Array.isArray(d.kept) && d.kept.length && d.kept[0].record) return d.kept[0].record;
      if (d && d.record) return d.record;
    }
    catch (e) { /* not one of ours */ }
  }
  return null;
}"""


def continue_after_reload(page, listed: str):
    """Reload the page, take the offer to continue, and wait until the move list is the one before."""
    page.reload(timeout=VISIT)
    page.wait_for_selector("h1", timeout=VISIT)
    board = full_board(page)
    button = board.locator(".xlib-continue")
    button.wait_for(timeout=120_000)
    button.click()
    page.wait_for_function("([el, text]) => el.innerText === text",
                           arg=[board.locator(".xlib-log").element_handle(), listed], timeout=60_000)
    return board


def test_a_whole_game_against_the_computer_to_its_end_with_a_reload_halfway(site_page, site, artifacts):
    """A student plays Alea Evangelion against the computer (Medium, the seat's own) to the end, typing each move
    (any legal one) into the move box; halfway the page is reloaded and the game continued. The game the page
    keeps is replayed here, by the same rules, to know the position and to check the result the board shows."""
    rng = random.Random(5)
    open_page(site_page, site, "alea")
    board = full_board(site_page)
    # a game this browser kept from an earlier visit is offered back: the student takes it up and plays on
    site_page.wait_for_function(f"() => ({KEPT_RECORD_JS})() === null || document.querySelector('.xlib-continue')",
                                timeout=120_000)
    if site_page.evaluate(KEPT_RECORD_JS) is not None:
        board.locator(".xlib-continue").click()
        site_page.wait_for_function("(el) => el.innerText.includes('goes on from move')",
                                    arg=board.locator(".xlib-message").element_handle(), timeout=60_000)
    typed, reloaded = 0, False
    kept_longer = f"(n) => {{ const r = ({KEPT_RECORD_JS})(); return r !== null && r.moves.length > n; }}"
    while True:
        wait_idle(site_page, board, timeout=120_000)
        record = site_page.evaluate(KEPT_RECORD_JS)
        state = xlib.replay(record) if record else xlib.game("alea").start()
        played = len(record["moves"]) if record else 0
        if state.over:
            break
        if state.to_move != 0:   # the computer's turn: its move is kept once played
            site_page.wait_for_function(kept_longer, arg=played, timeout=120_000)
            continue
        entry = board.locator(".xlib-entry input")
        site_page.wait_for_function("(el) => !el.disabled", arg=entry.element_handle(), timeout=30_000)
        entry.fill(str(rng.choice(state.moves())))
        entry.press("Enter")
        site_page.wait_for_function(kept_longer, arg=played, timeout=60_000)   # the board took the move
        typed += 1
        assert typed < 200, "the game does not end"
        if typed == 20 and not reloaded:
            wait_idle(site_page, board, timeout=120_000)
            board = continue_after_reload(site_page, board.locator(".xlib-log").inner_text())
            reloaded = True
    assert reloaded and typed >= 20
    assert moves_listed(board) == len(record["moves"])   # one decision a move in this game
    message = board.inner_text()
    assert "Game over" in message and result_title(view_for(state), state) in message, message
    board.screenshot(path=str(artifacts / "site-alea-game-over.png"))
    no_errors(site_page)


def record_where(game: str, found, **options) -> dict:
    """The record of a game played by random moves (seeds 0, 1, …) up to the first position `found` accepts."""
    from xlib.agents import make_agent

    for seed in range(200):
        state = xlib.game(game, **options).start(seed=seed)
        agent = make_agent("random", seed=seed)
        while not state.over and not found(state):
            state = state.play(agent.choose(state))
        if found(state):
            return state.record()
    raise AssertionError(f"no such position in {game}")


def load_record(page, board, record: dict, tmp_path) -> None:
    """Load `record` with the board's Load a game button, as a student loads a saved game."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        board.locator(".xlib-upload").click()
    chooser.value.set_files(str(path))
    page.wait_for_function("(el) => el.innerText.includes('Loaded a game')",
                           arg=board.locator(".xlib-message").element_handle(), timeout=60_000)


def test_xallies_shots_are_taken_with_the_aiming_game_and_nobody_awards_themselves_a_point(site_page, site,
                                                                                          artifacts, tmp_path):
    """On the site, when play ends the aiming game stands beside the board, the board offers no Hit or Miss and its
    Move box takes no shot; the aim swept and Shoot pressed, the shot is entered for the student."""
    record = record_where("xallies", lambda s: s.phase == "shoot" and s.to_move == 0 and s.whites[0] >= 2,
                          shooting="manual")
    open_page(site_page, site, "xallies")
    board = full_board(site_page)
    load_record(site_page, board, record, tmp_path)
    status = board.locator(".xlib-status")
    assert "shot 1 of" in status.inner_text()
    aim = board.locator(".xlib-shooting")
    aim.wait_for(state="visible", timeout=30_000)
    assert board.get_by_role("button", name="Hit").count() == 0 and board.get_by_role("button", name="Miss").count() == 0
    assert board.locator(".xlib-entry input").is_disabled()
    aim.locator("button").first.click()                   # ▶: the aim sweeps across the well
    site_page.wait_for_timeout(600)
    aim.get_by_role("button", name="Shoot").click()
    site_page.wait_for_function("(el) => el.innerText.includes('shot 2 of')", arg=status.element_handle(),
                                timeout=60_000)
    last = board.locator(".xlib-log").inner_text().strip().splitlines()[-1]
    assert re.search(r"\b(hit|miss) blue's shot$", last), last
    assert re.search(r"blue: (Hit!|Missed\.) [01] hits? from 1 shot\.", aim.inner_text()), aim.inner_text()
    board.screenshot(path=str(artifacts / "site-xallies-aiming.png"))
    no_errors(site_page)


def test_a_long_move_ends_in_an_ellipsis_inside_the_move_list(site_page, site, artifacts, tmp_path):
    """A Xero-G flight of many boosts is written on one line longer than the list is wide: it ends in "…" inside
    the list (whole in its tooltip), and the side column never scrolls sideways."""
    view = view_for(xlib.game("xerog").start())
    record = record_where("xerog", lambda s: len(" ".join(view.log(s)[-1])) > 90 if view.log(s) else False)
    open_page(site_page, site, "xerog")
    board = full_board(site_page)
    load_record(site_page, board, record, tmp_path)
    rows = board.locator(".xlib-log").evaluate("""(log) => {
      const list = log.querySelector('.xlib-log-list'), edge = log.getBoundingClientRect().right;
      return [...list.querySelectorAll('div[title]')].map(row => ({
        right: row.getBoundingClientRect().right, edge: edge, cut: row.scrollWidth > row.clientWidth,
        ellipsis: getComputedStyle(row).textOverflow, title: row.title, text: row.innerText}));
    }""")
    for row in rows:
        assert row["right"] <= row["edge"] + 0.5, row                      # inside the list, not cut at the column
        assert not row["cut"] or (row["ellipsis"] == "ellipsis" and row["title"] == row["text"].strip()), row
    assert any(row["cut"] for row in rows)
    side = board.locator(".xlib-side").evaluate("(el) => el.scrollWidth - el.clientWidth")
    assert side <= 0, f"the side column scrolls sideways by {side} px"
    board.screenshot(path=str(artifacts / "site-xerog-long-move.png"))
    no_errors(site_page)
