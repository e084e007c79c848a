"""What a phone's page is checked for (tests/browser/test_phone.py): the JavaScript that measures it, one check each."""

#: the least size (CSS px) of a control a finger presses, and of a place on a board a tap picks
FINGER = 44
TAP = 24

#: every box that scrolls sideways: the page, and each box holding a board's canvas or the aiming game's
SIDEWAYS_JS = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth}`);
  for (const c of document.querySelectorAll('canvas.xlib-canvas, .xlib-shooting canvas')) {
    if (!c.getClientRects().length) continue;
    const r = c.getBoundingClientRect();
    if (r.right > doc.clientWidth + 1) out.push(`a canvas reaches past the page's edge, to ${r.right}`);
    for (let e = c.parentElement; e; e = e.parentElement) {
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
        out.push(`${e.tagName}.${[...e.classList].join('.')}: ${e.scrollWidth} > ${e.clientWidth}`);
    }
  }
  return out;
}"""

#: every visible control smaller than a finger: buttons, menus, text fields, the slider's knob, sections' headings
CONTROLS_JS = """(least) => {
  const out = [];
  const sel = 'button, select, input:not([type=hidden]):not([type=file]), .noUi-handle, a.xlib-save, ' +
              '.jupyter-widget-Collapse-header, [role=button], [role=slider]';
  for (const e of document.querySelectorAll(sel)) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    if (e.closest('.noUi-handle') && !e.classList.contains('noUi-handle')) continue;
    if (r.width < least - 0.5 || r.height < least - 0.5)
      out.push(`${e.tagName}.${[...e.classList].join('.')} "${(e.innerText || e.value || e.title || '').slice(0, 30)}" ` +
               `${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
  }
  return out;
}"""

#: every status, message, lesson sentence, progress line or result whose text does not fit its box
CUT_JS = """() => {
  const out = [];
  const sel = '.xlib-status, .xlib-message, .xlib-sentence, .xlib-title, .xlib-progress, .xlib-result, ' +
              '.xlib-choices, .xlib-lesson-progress';
  for (const e of document.querySelectorAll(sel)) {
    if (!e.getClientRects().length) continue;
    if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
      out.push(`${[...e.classList].join('.')}: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight} ` +
               `"${e.innerText.slice(0, 60)}"`);
  }
  return out;
}"""

#: the width the page shows, and each visible board's canvas width in CSS px
WIDTHS_JS = """() => ({page: document.documentElement.clientWidth,
  boards: [...document.querySelectorAll('canvas.xlib-canvas')].filter((c) => c.getClientRects().length)
          .map((c) => c.getBoundingClientRect().width)})"""


def taps_for(view, state, wanted=None, selection=None, depth: int = 7, seen=None):
    """The places (the view's targets) to tap, in order, that play a move from `state`: `wanted` (its notation)
    or, when None, any move. A tap may first select (a tile, a ship, a pyramid placed): the search follows each
    new selection, `depth` taps at most. None when no taps play it."""
    seen = set() if seen is None else seen
    targets = view.key_targets(state, selection)
    later = []
    for t in targets:
        click = view.click(state, t.x, t.y, selection)
        if click.move is not None and not click.illegal:
            if wanted is None or str(click.move) == str(wanted):
                return [t]
        elif click.selection is not None and click.selection != selection and repr(click.selection) not in seen:
            seen.add(repr(click.selection))
            later.append((t, click.selection))
    if depth > 1:
        for t, chosen in later:
            rest = taps_for(view, state, wanted, chosen, depth - 1, seen)
            if rest is not None:
                return [t, *rest]
    return None


def tap_at(canvas, view, target) -> None:
    """Tap the canvas where the view draws `target`: the page scales the view to the width it shows it at."""
    box = canvas.bounding_box()
    canvas.tap(position={"x": target.x * box["width"] / view.width, "y": target.y * box["height"] / view.height})
