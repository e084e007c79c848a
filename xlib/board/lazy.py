"""Widgets built only when their place on the page comes into view: a page of a dozen lesson boards loads
with one, and builds the others as the student scrolls to them (or jumps to them from the lesson's progress)."""
from __future__ import annotations

from typing import Any, Callable

import anywidget
import ipywidgets as w
import traitlets

from . import shared

_ESM = """
function render({ model, el }) {
  const anchor = model.get("anchor");
  const draw = () => {
    const label = model.get("label");
    el.innerHTML = (anchor ? `<a id="${anchor}"></a>` : "") +
      (label ? `<div style="color:#666666;padding:8px 0">${label}</div>` : "");
  };
  draw();
  model.on("change:label", draw);
  const report = () => { model.set("seen", true); model.save_changes(); };
  // a page of the site that shows itself before its last cell has run (site/reveal.js) has the rest built first
  const whenWhole = (then) => window.xlibPageLoading ?
    window.addEventListener("xlib-page-whole", then, { once: true }) : then();
  if (!("IntersectionObserver" in window)) { whenWhole(report); return; }
  const watch = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { watch.disconnect(); whenWhole(report); }
  }, { rootMargin: "500px 0px 500px 0px" });
  watch.observe(el);
  return () => watch.disconnect();
}
export default { render };
"""


class Sentinel(anywidget.AnyWidget):
    """Says (`seen`) when its place on the page is within half a screen of the view."""

    _esm = _ESM
    seen = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)     # shown in the placeholder (HTML, escaped by the caller)
    anchor = traitlets.Unicode("").tag(sync=True)    # an id for links to this place


class Lazy:
    """A box that holds a placeholder of about the widget's height until it is seen, then the widget itself.

    `build` makes the widget; `anchor` gives the place an id the lesson's progress can link to."""

    def __init__(self, build: Callable[[], Any], height: str, label: str = "", anchor: str = "") -> None:
        self._build = build
        self.built: Any = None
        self.sentinel = Sentinel(label=label, anchor=anchor, layout=shared.layout())
        self.sentinel.observe(lambda ch: self.build() if ch["new"] else None, names="seen")
        self.widget = w.VBox([self.sentinel], layout=shared.layout(min_height=height))
        self.widget.add_class("xlib-lazy")

    def build(self) -> Any:
        """Build the widget now (once) and show it in the placeholder's place."""
        if self.built is None:
            self.built = self._build()
            shown = getattr(self.built, "widget", self.built)
            self.sentinel.label = ""   # its anchor stays, for links to this place
            self.widget.children = (self.sentinel, shown)
            self.widget.layout = shared.layout()   # a shared layout is replaced, never changed
        return self.built

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


_SCROLL_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const go = () => {
    const target = document.getElementById(model.get("target"));
    if (!target) return;
    // the lesson board (or the game's board) that stands under the place: in view whole, or the place at the top
    const lesson = target.closest(".xlib-lazy") || target.closest(".xlib-tutorial") || target.closest(".xlib-board") ||
      target.parentElement;
    const board = (lesson && lesson.querySelector("canvas.xlib-canvas")) || target;
    const box = board.getBoundingClientRect();
    const top = target.getBoundingClientRect().top;
    if (model.get("always") || top < 0 || box.bottom > window.innerHeight) target.scrollIntoView({ block: "start" });
    // the keys go on where the eyes went (the control that asked may be gone): to the board
    if (model.get("focus") && board.focus) board.focus({ preventScroll: true });
  };
  model.on("change:count", go);
}
export default { render };
"""


class Scroller(anywidget.AnyWidget):
    """Brings a place of the page into view (`go`): the next rule's lesson, or an exercise's task and board
    when they are not in view already."""

    _esm = _SCROLL_ESM
    target = traitlets.Unicode("").tag(sync=True)   # the id of the place
    always = traitlets.Bool(False).tag(sync=True)   # scroll even when the place's board is in view
    focus = traitlets.Bool(False).tag(sync=True)    # give the place's board the keyboard's focus
    count = traitlets.Int(0).tag(sync=True)         # each change is one request

    def go(self, target: str, always: bool = False, focus: bool = False) -> None:
        """Scroll to the place `target` (at the top of the view), unless `always` is False and its board is
        already wholly in view; with `focus`, the keys go to its board too."""
        with self.hold_sync():
            self.target, self.always, self.focus = target, always, focus
            self.count += 1
