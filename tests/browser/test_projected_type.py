"""On a projector (1920×1080) everything a class reads of a projected board is at least 20 px: the status, the
last move, the buttons, and at the game's end the result beside the board ("Blue wins" and how)."""
import json

import xlib

from .harness import no_errors, open_app, wait_painted

#: every piece of text the projected board shows, with its type as the screen shows it (CSS px, with any zoom)
SHOWN_TEXT = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, text = node.data.trim();
    if (!text || !el) continue;
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden]')) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    let spoken = false;   // a screen reader's words, in a box of 1 pixel: not read on the screen
    for (let a = el; a && a !== root.parentElement; a = a.parentElement) {
      const r = a.getBoundingClientRect();
      if ((r.width <= 2 || r.height <= 2) && getComputedStyle(a).overflow.includes('hidden')) { spoken = true; break; }
    }
    if (spoken) continue;
    out.push([text.slice(0, 60), parseFloat(style.fontSize) * (el.currentCSSZoom || 1)]);
  }
  return out;
}"""


def finished_game() -> dict:
    """A finished XAllies game of 3 players, 2 rounds (every seat's first legal move)."""
    state = xlib.game("xallies", rounds=2).start(seed=1)
    while not state.over:
        state = state.play(state.moves()[0])
    return state.record()


def test_a_projected_game_over_reads_at_20_px_or_more(context_page, server, artifacts, tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(finished_game()))
    page = context_page((1920, 1080))
    open_app(page, server, "xallies.ipynb")
    board = page.locator(".xlib-board.xlib-full").last
    board.scroll_into_view_if_needed()
    wait_painted(page, board.locator(".xlib-canvas").first)
    with page.expect_file_chooser() as chooser:
        board.locator(".xlib-upload").click()
    chooser.value.set_files(str(record))
    board.locator(".xlib-result").wait_for(timeout=30_000)
    board.get_by_role("button", name="Projector view").click()
    page.wait_for_function("(el) => el.classList.contains('xlib-projector')", arg=board.element_handle(),
                           timeout=30_000)
    page.wait_for_timeout(500)
    result = board.locator(".xlib-result")
    assert result.is_visible() and "wins" in result.inner_text()
    shown = board.evaluate(SHOWN_TEXT)
    page.screenshot(path=str(artifacts / "projector-xallies-game-over.png"))
    small = [(text, size) for text, size in shown if size < 20]
    assert any("wins" in text for text, _ in shown)
    assert not small, f"projected type under 20 px: {small}"
    no_errors(page)
