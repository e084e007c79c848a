"""What the page needs so that every student can use it: a widget with no look that sets up the page once.

It names the board's canvas for screen readers and lets Tab leave it (the canvas keeps every other key for
the board), gives it the focus where the page stands when it is pressed (so a click is read where it was
made), makes the status line and the message box live regions (a screen reader says each move and why a click
was refused), names the controls that have no words of their own (the history slider's handle, icon-only
buttons), draws the keyboard focus visibly on every control, gives buttons colours of AA contrast, and tells the
kernel when the browser asks for reduced motion, so that the board plays moves without animating them."""
from __future__ import annotations

import json
from typing import Any

import anywidget
import traitlets

#: what a screen reader says on reaching a board's canvas
BOARD_LABEL = ("Game board. Arrow keys move the cursor over the places to choose, Enter or Space clicks there, "
               "Escape drops a selection; the position and the last move are told in words beside it.")

#: button colours of AA contrast with white words (ipywidgets' own are lighter)
BUTTON_COLOURS = {"primary": "#1565C0", "success": "#2E7D32", "info": "#006B75", "warning": "#8A4B00",
                  "danger": "#C62828"}

_CSS = "".join(
    f".jupyter-widgets .jupyter-button.mod-{name},.jupyter-widgets .jupyter-button.mod-{name}:hover:enabled,"
    f".jupyter-widgets .jupyter-button.mod-{name}:active{{background-color:{colour} !important;color:#FFFFFF "
    f"!important}}" for name, colour in BUTTON_COLOURS.items()) + (
    # the keyboard's focus is seen on every control, the board's canvas included
    ".jupyter-widgets :focus-visible,.xlib-board canvas:focus-visible,.xlib-tutorial canvas:focus-visible,"
    ".jp-OutputArea a:focus-visible{outline:3px solid #1A1A1A !important;outline-offset:2px !important;"
    "box-shadow:0 0 0 5px #FFFFFF !important}"
    # the board's own outline is drawn inside its edge, where no column clips it
    ".xlib-board canvas:focus-visible,.xlib-tutorial canvas:focus-visible{outline-offset:-3px !important;"
    "box-shadow:none !important}"
    ".jupyter-widgets .noUi-handle:focus,.jupyter-widgets input.widget-input:focus,.jupyter-widgets input:focus,"
    ".jupyter-widgets textarea:focus{outline:3px solid #1A1A1A !important;outline-style:solid !important}"
    # links inside text are underlined: told apart by more than their colour
    ".jp-OutputArea p a,.jp-OutputArea li a,.jp-OutputArea td a,.jp-RenderedHTMLCommon p a,"
    ".jp-RenderedHTMLCommon li a,.widget-html-content a{text-decoration:underline !important}"
    # the titles of a folded section read clearly (ipywidgets' grey is just below AA)
    ".jupyter-widget-Collapse-header,.jupyter-widget-Collapse-header span{color:#333333 !important}"
    # the position in words is read, never a stop of its own for Tab
    ".xlib-live pre,.xlib-live .widget-html-content{overflow:hidden !important}"
    "@media (prefers-reduced-motion: reduce){*,*::before,*::after{animation-duration:0.01ms !important;"
    "animation-iteration-count:1 !important;transition-duration:0.01ms !important;scroll-behavior:auto "
    "!important}}")

_ESM = """
const LABEL = BOARD_LABEL_JSON;
const PLAY_WORDS = {"fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop", "fa-retweet": "Repeat",
                    "fa-repeat": "Repeat"};

function fix(root) {
  root.querySelectorAll(".xlib-canvas:not([data-xlib-a11y]), .xlib-canvas canvas:not([data-xlib-a11y])")
    .forEach((c) => {
      if (c.tagName !== "CANVAS") return;
      c.setAttribute("data-xlib-a11y", "1");
      if (!c.hasAttribute("tabindex")) c.setAttribute("tabindex", "0");
      c.setAttribute("role", "application");
      if (!c.getAttribute("aria-label")) c.setAttribute("aria-label", LABEL);
    });
  root.querySelectorAll(".xlib-status:not([aria-live])").forEach((el) => {
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
  });
  root.querySelectorAll(".xlib-message:not([aria-live])").forEach((el) => {
    el.setAttribute("role", "log");
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
  });
  root.querySelectorAll(".xlib-key-live:not([aria-live])").forEach((el) => {
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
  });
  root.querySelectorAll(".noUi-handle:not([aria-label])").forEach((h) => {
    const box = h.closest(".widget-slider, .jupyter-widgets");
    const label = box && box.querySelector(".widget-label");
    const words = label && label.textContent.trim();
    h.setAttribute("aria-label", words || "Slider");
  });
  root.querySelectorAll(".widget-play button:not([aria-label])").forEach((b) => {
    const icon = b.querySelector("i");
    const cls = icon ? Array.from(icon.classList).find((k) => PLAY_WORDS[k]) : null;
    b.setAttribute("aria-label", cls ? PLAY_WORDS[cls] : "Play");
  });
  // the move list scrolls: it takes the focus, so that the keys can scroll it
  root.querySelectorAll(".xlib-log .widget-html-content > div:not([tabindex])").forEach((d) => {
    d.setAttribute("tabindex", "0");
    d.setAttribute("role", "region");
    d.setAttribute("aria-label", "Moves");
  });
  // a lesson's words and the message box scroll when they are long: they take the focus, so the keys scroll them
  root.querySelectorAll(".xlib-sentence:not([tabindex]), .xlib-message:not([tabindex])").forEach((d) => {
    d.setAttribute("tabindex", "0");
    if (!d.hasAttribute("role")) {
      d.setAttribute("role", "region");
      d.setAttribute("aria-label", "The lesson's words");
    }
  });
  // the sections of an accordion (Players, Options for a new game…) open by keyboard like buttons
  root.querySelectorAll(".jupyter-widget-Collapse-header").forEach((h) => {
    if (!h.hasAttribute("tabindex")) {
      h.setAttribute("tabindex", "0");
      h.setAttribute("role", "button");
      h.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); h.click(); }
      });
    }
    const open = h.parentElement && h.parentElement.classList.contains("jupyter-widget-Collapse-open");
    if (h.getAttribute("aria-expanded") !== String(!!open)) h.setAttribute("aria-expanded", String(!!open));
  });
  root.querySelectorAll("img.xlib-plot[title]").forEach((img) => {
    if (img.getAttribute("alt") !== img.getAttribute("title")) img.setAttribute("alt", img.getAttribute("title"));
  });
  // a menu or a box whose label is hidden is named by its tooltip (or its placeholder)
  root.querySelectorAll(".jupyter-widgets select:not([aria-label]), .jupyter-widgets input:not([aria-label])," +
                        ".jupyter-widgets textarea:not([aria-label])").forEach((s) => {
    if (s.type === "file" || s.type === "checkbox") return;
    const box = s.closest(".widget-inline-hbox, .jupyter-widgets");
    const label = box && box.querySelector(".widget-label");
    const titled = s.closest("[title]");
    const words = (label && label.textContent.trim()) || (titled && titled.getAttribute("title")) ||
                  s.getAttribute("placeholder") || "";
    if (words && words !== "null") s.setAttribute("aria-label", words);
  });
}

// a control redrawn by the kernel (a lesson's buttons, the choices above a board) is a new element: the
// keyboard's focus goes on to the new control of the same name, or to the board it was in, never to the page
let focused = null;
function keepFocus() {
  const gone = focused && !focused.el.isConnected;
  if (!gone || (document.activeElement && document.activeElement !== document.body)) return;
  const box = focused.box && focused.box.isConnected ? focused.box : null;
  if (!box) return;
  const same = Array.from(box.querySelectorAll("button, input, select"))
    .find((b) => !b.disabled && b.textContent.trim() === focused.text && b.getClientRects().length);
  const next = same || box.querySelector("canvas");
  if (next) next.focus({ preventScroll: true });   // the page stays where it was (a lesson may have moved on)
}

function render({ model, el }) {
  el.style.display = "none";
  const media = window.matchMedia("(prefers-reduced-motion: reduce)");
  const tell = () => { model.set("reduced_motion", media.matches); model.save_changes(); };
  tell();
  media.addEventListener("change", tell);
  if (!window.__xlibAccess) {
    window.__xlibAccess = true;
    const style = document.createElement("style");
    style.textContent = CSS_JSON;
    document.head.appendChild(style);
    // Tab and Shift+Tab leave the board's canvas: the canvas keeps every other key for the board
    window.addEventListener("keydown", (ev) => {
      if (ev.key === "Tab" && ev.target && ev.target.tagName === "CANVAS" && ev.target.closest(".xlib-canvas, canvas.xlib-canvas, .xlib-board, .xlib-tutorial")) {
        ev.stopPropagation();
      }
    }, true);
    // a press on a board's canvas gives it the keyboard's focus where the page stands: ipycanvas focuses its
    // canvas before it reads where the press was, and a canvas partly out of view would first scroll under the
    // pointer, so the press would be read elsewhere (the first click after a button press played on another
    // cell, or off the board and lost)
    document.addEventListener("mousedown", (ev) => {
      const c = ev.target;
      if (c && c.tagName === "CANVAS" && document.activeElement !== c &&
          c.closest(".xlib-canvas, canvas.xlib-canvas, .xlib-board, .xlib-tutorial")) c.focus({ preventScroll: true });
    }, true);
    document.addEventListener("focusin", (ev) => {
      const t = ev.target;
      if (t && t.closest) focused = { el: t, text: (t.textContent || "").trim(),
                                      box: t.closest(".xlib-tutorial, .xlib-board, .jp-OutputArea-output") };
    });
    fix(document);
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; fix(document); keepFocus(); });
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["title", "class"] });
  }
  return () => media.removeEventListener("change", tell);
}
export default { render };
"""


class PageAccess(anywidget.AnyWidget):
    """Sets up the page for keyboards and screen readers (once, however many boards show it), and holds what
    the browser asks for: `reduced_motion` is True when the student's system asks for less motion."""

    _esm = _ESM.replace("BOARD_LABEL_JSON", json.dumps(BOARD_LABEL)).replace("CSS_JSON", json.dumps(_CSS))
    reduced_motion = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.width = "0px"
        self.layout.height = "0px"
        self.add_class("xlib-access")


_PAGE: list[PageAccess] = []


def page_access() -> PageAccess:
    """The page's one PageAccess widget (made anew if its connection to the page was closed)."""
    if not _PAGE or getattr(_PAGE[0], "comm", True) is None:
        _PAGE[:] = [PageAccess()]
    return _PAGE[0]


def reduced_motion() -> bool:
    """True when the page asked for reduced motion: moves are then played without animation."""
    return bool(_PAGE) and _PAGE[0].reduced_motion
