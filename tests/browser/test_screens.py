"""Every app on the screens a class uses: a school laptop (1366×768, and 1093×614 when it is zoomed to 125 %),
a projector (1920×1080) and a touch tablet (1024×768). The board uses the space it has and can be read and
played; the status line, the feedback of a wrong click and Undo are in one view, with no sideways scroll."""
import pytest

import xlib
from xlib.board import view_for

from .harness import inside_viewport, no_errors, open_app, wait_painted

APPS = {"alea.ipynb": "alea", "x.ipynb": "x", "xats.ipynb": "xats", "xerog.ipynb": "xerog", "xallies.ipynb": "xallies"}
#: (viewport, the smallest side of the board that reads from the back of the room there, in screen pixels)
SCREENS = [((1366, 768), 560), ((1093, 614), 420), ((1920, 1080), 800)]


def clicks_for_a_move(game: str) -> list[tuple[float, float]]:
    """Points (in the view's coordinates) whose clicks play a legal move from the app's opening position,
    checked against the view itself before the browser taps them."""
    from xlib.views.xallies.view import well_centre

    state = xlib.game(game).start(seed=0)
    view = view_for(state)
    cells = {"alea": ["d4"], "x": ["e5"], "xerog": ["a1", "b1", "c1", "d1", "e1", "f1"]}
    if game in cells:
        points = [view.cell_centre(c) for c in cells[game]]
    elif game == "xats":
        points = [view.tray_tile_centre(state, 0, 1), view.table_point(state)]
    else:
        points = [well_centre(3), well_centre(4)]
    selection = None
    for k, (x, y) in enumerate(points):
        result = view.click(state, x, y, selection)
        selection = result.selection
        if k == len(points) - 1:
            assert result.move is not None and state.explain(result.move) is None, (game, result)
    return points


def full_board(page):
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    canvas = board.locator(".xlib-canvas").first
    wait_painted(page, canvas)
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", board.element_handle())
    page.wait_for_timeout(300)
    return board, canvas


def point_on(canvas, view, x, y):
    box = canvas.bounding_box()
    zoom = box["width"] / view.width
    return {"x": x * zoom, "y": y * zoom}


@pytest.mark.parametrize("app", APPS)
def test_the_board_uses_the_screen_and_what_a_student_needs_is_in_one_view(context_page, server, artifacts, app):
    game = APPS[app]
    view = view_for(xlib.game(game).start(seed=0))
    page = context_page(SCREENS[0][0])
    open_app(page, server, app)
    for (width, height), readable in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        board, canvas = full_board(page)
        box = canvas.bounding_box()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
        column = board.locator(".xlib-main").evaluate("(el) => el.scrollWidth - el.clientWidth")
        assert column <= 0, f"the board's column scrolls sideways by {column} px"
        assert min(box["width"], box["height"]) >= readable * min(1.0, view.height / view.width, view.width /
                                                                 view.height) * 0.95, (width, box)
        for part in (canvas, board.locator(".xlib-status"), board.locator(".xlib-message"), board.locator(".xlib-undo")):
            assert inside_viewport(page, part), (width, height, part)
        if (width, height) == (1093, 614):
            entry = board.locator(".xlib-entry input")    # a wrong move: its feedback must be in view too
            entry.fill("zz99")
            entry.press("Enter")
            page.wait_for_function("(el) => el.innerText.includes('✗')", arg=board.locator(".xlib-message")
                                   .element_handle(), timeout=30_000)
            assert inside_viewport(page, board.locator(".xlib-message"))
        page.screenshot(path=str(artifacts / f"screen-{game}-{width}x{height}.png"))
        no_errors(page)


@pytest.mark.parametrize("app", APPS)
def test_a_tap_plays_on_a_touch_tablet(context_page, server, artifacts, app):
    game = APPS[app]
    view = view_for(xlib.game(game).start(seed=0))
    page = context_page((1024, 768), touch=True)
    open_app(page, server, app)
    board, canvas = full_board(page)
    for x, y in clicks_for_a_move(game):
        canvas.tap(position=point_on(canvas, view, x, y))
        page.wait_for_timeout(250)
    page.wait_for_function("(el) => /1\\. /.test(el.innerText)", arg=board.locator(".xlib-log").element_handle(),
                           timeout=30_000)
    undo = board.locator(".xlib-undo").bounding_box()
    assert undo["height"] >= 40, undo   # a finger's size on a touch screen
    menu = board.locator("select:visible").first.bounding_box()
    name = board.get_by_placeholder("a name (optional)").first.bounding_box()
    assert menu["y"] + menu["height"] <= name["y"] + 1, (menu, name)   # a seat's menu never covers its name box
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    page.screenshot(path=str(artifacts / f"touch-{game}.png"))
    no_errors(page)


def test_the_projector_view_gives_the_board_the_screen_in_large_type(context_page, server, artifacts):
    page = context_page((1920, 1080))
    open_app(page, server, "x.ipynb")
    board, canvas = full_board(page)
    before = canvas.bounding_box()["width"]
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-projector')", arg=board.element_handle(),
                           timeout=30_000)
    page.wait_for_timeout(300)
    size = board.locator(".xlib-status b").evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 28 and canvas.bounding_box()["width"] > before
    lines = board.locator(".xlib-status b").evaluate(SCORE_LINES)   # "corners 0-0-0." is never cut in two
    assert lines == 1, lines
    assert not board.get_by_text("Players").is_visible()          # only what the class needs
    assert board.locator(".xlib-undo").is_visible()
    page.screenshot(path=str(artifacts / "projector-x.png"))
    no_errors(page)


#: on how many lines the score at the end of a status line ("0-0-0.") stands
SCORE_LINES = """(el) => {
  const text = el.firstChild, at = text.data.lastIndexOf(' ') + 1, range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, text.data.length);
  return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
}"""
#: an element's type as the screen shows it, in CSS pixels (its own size times any zoom around it)
SHOWN_SIZE = "(el) => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1)"


def test_zoom_in_draws_the_xats_table_twice_as_large_inside_its_column(context_page, server, artifacts):
    page = context_page((1366, 768))
    open_app(page, server, "xats.ipynb")
    board, canvas = full_board(page)
    before = canvas.bounding_box()["width"]
    board.get_by_role("button", name="Zoom in").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-zoomed')", arg=board.element_handle(), timeout=30_000)
    page.wait_for_timeout(300)
    assert canvas.bounding_box()["width"] >= 1.8 * before
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366   # the column scrolls, not the page
    page.screenshot(path=str(artifacts / "zoom-xats.png"))
    no_errors(page)


@pytest.mark.parametrize("size,beside", [((1920, 1080), True), ((1366, 768), False)])
def test_the_labs_ledger_reads_from_the_back_and_sits_where_the_lab_says(context_page, server, artifacts, size,
                                                                         beside):
    page = context_page(size)
    open_app(page, server, "xallies-lab.ipynb")
    ledger = page.locator(".xlib-ledger").first
    ledger.locator("table").first.wait_for(timeout=120_000)
    board = page.locator(".xlib-class-round .xlib-board").first
    wait_painted(page, board.locator(".xlib-canvas").first)
    ledger.scroll_into_view_if_needed()
    b, l = board.bounding_box(), ledger.bounding_box()
    assert (l["x"] >= b["x"] + b["width"] - 1 and l["y"] < b["y"] + b["height"]) == beside, (b, l)
    assert l["x"] + l["width"] <= size[0]
    font = ledger.locator("table").first.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert font >= (20 if beside else 14), font
    words = page.inner_text("body")
    assert "beside the board on a wide screen such as a projector (1920 pixels) and under it on a laptop" in words
    if beside:   # on the projector the board's words and buttons are as large as the ledger's, or nearly
        status = board.locator(".xlib-status b").evaluate(SHOWN_SIZE)
        undo = board.locator(".xlib-undo").evaluate(SHOWN_SIZE)
        assert status >= 20 and undo >= 18, (status, undo)
    page.screenshot(path=str(artifacts / f"lab-ledger-{size[0]}.png"))
    # the board's projector view keeps the ledger beside it, large: what the class discusses
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-projector')", arg=board.element_handle(),
                           timeout=30_000)
    page.wait_for_timeout(500)
    projected = board.locator(".xlib-ledger")
    assert projected.is_visible() and projected.locator("table").count() == 2
    font = projected.locator("table").first.evaluate(SHOWN_SIZE)
    heading = projected.locator("h4").first.evaluate(SHOWN_SIZE)
    assert font >= 18 and heading >= 20 and (font >= 20 or not beside), (font, heading)
    if beside:   # the board and the whole ledger on one 1920×1080 screen
        assert inside_viewport(page, board.locator(".xlib-canvas")) and inside_viewport(page, projected)
    page.screenshot(path=str(artifacts / f"lab-projector-{size[0]}.png"))
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => !el.querySelector('.xlib-ledger')", arg=board.element_handle(), timeout=30_000)
    no_errors(page)


def position_with_a_choice(game: str) -> dict:
    """A record whose person (the first seat) must press one of the game's own buttons: Alea's Pass in a final
    turn, a colour to drop in XAllies; found by random play, checked against the view."""
    from xlib.agents import make_agent

    for seed in range(200):
        s = xlib.game(game).start(seed=seed)
        agent = make_agent("random", seed=seed)
        while not s.over:
            if s.to_move == 0 and view_for(s).choices(s, None) and (game != "alea" or s.explain("pass") is None):
                return s.record()
            s = s.play(agent.choose(s))
    raise AssertionError(f"no position with a choice in {game}")


@pytest.mark.parametrize("app, button", [("alea.ipynb", "Pass"), ("xallies.ipynb", "Automatic order")])
def test_the_projector_view_keeps_the_games_own_buttons_and_gives_the_board_the_screen(
        context_page, server, artifacts, tmp_path, app, button):
    import json

    record = tmp_path / "game.json"
    record.write_text(json.dumps(position_with_a_choice(APPS[app])))
    page = context_page((1920, 1080))
    open_app(page, server, app)
    board, canvas = full_board(page)
    with page.expect_file_chooser() as chooser:
        board.locator(".xlib-upload").click()
    chooser.value.set_files(str(record))
    page.wait_for_function("(el) => el.innerText.includes('Loaded a game')",
                           arg=board.locator(".xlib-message").element_handle(), timeout=30_000)
    normal = canvas.bounding_box()
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-projector')", arg=board.element_handle(),
                           timeout=30_000)
    page.wait_for_timeout(500)
    box = canvas.bounding_box()
    assert box["height"] > normal["height"] and box["width"] >= normal["width"] * 0.98, (normal, box)
    assert inside_viewport(page, canvas)                          # the whole board, larger, in one view
    choice = board.get_by_role("button", name=button)
    assert choice.is_visible() and inside_viewport(page, choice)  # the turn's own button stays at hand
    for part in (".xlib-undo", ".xlib-status", ".xlib-message"):
        assert inside_viewport(page, board.locator(part))
    for label in ("Undo", "Redo", "New game", button):   # every label whole on its button
        whole = board.get_by_role("button", name=label).first.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
        assert whole, f"{label} is cut on its button"
    side = board.locator(".xlib-side").bounding_box()
    assert side["x"] + side["width"] > 0.6 * 1920                 # no empty right part of the screen
    heading = page.locator("h1").first.bounding_box()             # the page's heading is covered by the board's screen
    covering = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.xlib-projector')",
                             [heading["x"] + 5, max(heading["y"], 0) + 5])
    assert covering
    page.screenshot(path=str(artifacts / f"projector-{APPS[app]}-choices.png"))
    no_errors(page)
