"""Joining a class from a link: the link that opens a game's app with the class code filled in, its QR code for
the teacher's panel (students scan it with a phone's camera), and the place at the top of an app's page where the
class box and the student's table stand once the student came by that link, joined or sat at a table.

The page's link is read in the browser (`TableSlot.query`): Voila runs a pre-heated page's notebook before its
address is known, so the kernel's QUERY_STRING is set only for pages served without a pre-heated kernel, and is
read as well (`query_code(os.environ.get("QUERY_STRING"))`)."""
from __future__ import annotations

import html
from urllib.parse import parse_qs, quote

import anywidget
import traitlets

from ..classroom import ClassError
from ..classroom.checks import check_code

#: the query parameter that carries the class code: …/voila/render/xallies.ipynb?class=UJY9
CLASS_PARAMETER = "class"


def join_link(address: str, game: str, code: str) -> str:
    """The link that opens `game`'s app served at `address` (http://host:port) with class `code` filled in."""
    return f"{address.rstrip('/')}/voila/render/{quote(game)}.ipynb?{CLASS_PARAMETER}={quote(check_code(code))}"


def query_code(query: str | None) -> str | None:
    """The class code a page's link carries (`?class=UJY9`, with or without the '?'), in its stored form; None when
    it carries none or one that is no class code (the page then opens as it always did)."""
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get(CLASS_PARAMETER)
    if not values:
        return None
    try:
        return check_code(values[0])
    except ClassError:
        return None


def qr_svg(link: str) -> str:
    """The QR code of `link` as inline SVG, sized by the page's style (no width or height of its own), with the
    link as its title. segno is imported here only: the pages without a class panel never need it."""
    import segno

    qr = segno.make(link, error="m", micro=False)
    return str(qr.svg_inline(scale=1, border=4, dark="#000000", light="#FFFFFF", omitsize=True,
                             title=f"QR code of the link {link}", svgclass="xlib-class-qr-code"))


def qr_block(link: str, game_title: str, code: str) -> str:
    """The QR code of the join link with what it does in words, and the link itself for those who type it."""
    said = (f"Scan with a phone's camera: it opens {html.escape(game_title)} with class {html.escape(code)} "
            f"filled in. Then type only your name.")
    return (f"<div class='xlib-class-qr'><div role='img' aria-label='{html.escape(said, quote=True)}'>"
            f"{qr_svg(link)}</div><div class='xlib-class-qr-words'>{said}</div>"
            f"<div class='xlib-class-link'>{html.escape(link)}</div></div>")


_ESM = """
const TOP_ID = "xlib-your-table", LESSON_ID = "xlib-the-lesson";
// The one place at the top of the page (above the lesson) where the class box and the student's table stand.
function topPlace() {
  let slot = document.getElementById(TOP_ID);
  if (slot) return slot;
  const cells = document.querySelector("#rendered_cells > div");
  if (!cells) return null;   // JupyterLab, or a page that is no Voila app: everything stays where it is
  slot = document.createElement("section");
  slot.id = TOP_ID;
  slot.className = "xlib-top-slot";
  slot.setAttribute("aria-label", "Your class and your table");
  slot.hidden = true;
  slot.innerHTML = "<div class='xlib-top-links'><a class='xlib-to-lesson' href='#" + LESSON_ID + "'>" +
    "Back to the lesson \u2193</a></div><div class='xlib-top-join'></div><div class='xlib-top-board'></div>";
  const lesson = document.createElement("div");
  lesson.id = LESSON_ID;
  lesson.className = "xlib-lesson-start";
  lesson.tabIndex = -1;
  cells.prepend(lesson);
  cells.prepend(slot);
  const jump = document.createElement("a");   // one tap from anywhere in the lesson back to the table
  jump.className = "xlib-to-table";
  jump.href = "#" + TOP_ID;
  jump.textContent = "Your table \u2191";
  jump.hidden = true;
  document.body.appendChild(jump);
  // the element that scrolls the page (Voila's lab template scrolls a box of its own, not the window)
  const scroller = () => {
    for (let n = slot.parentElement; n; n = n.parentElement) {
      const y = getComputedStyle(n).overflowY;
      if ((y === "auto" || y === "scroll") && n.scrollHeight > n.clientHeight) return n;
    }
    return document.scrollingElement || document.documentElement;
  };
  let back = null;   // where the student was reading when they went up to their table
  jump.addEventListener("click", (e) => {
    e.preventDefault();
    back = scroller().scrollTop;
    slot.scrollIntoView({ block: "start" });
    const first = slot.querySelector("a, button, input");
    if (first) first.focus({ preventScroll: true });
  });
  slot.querySelector(".xlib-to-lesson").addEventListener("click", (e) => {
    e.preventDefault();
    if (back !== null) { scroller().scrollTop = back; back = null; }
    else lesson.scrollIntoView({ block: "start" });
    lesson.focus({ preventScroll: true });
  });
  let inView = true;
  const showJump = () => { jump.hidden = slot.hidden || inView; };
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => { inView = entries[entries.length - 1].isIntersecting; showJump(); })
      .observe(slot);
  }
  slot.xlibShowJump = showJump;
  return slot;
}
// Move `node` into `box`, leaving a note at its own place that says where it went; back again when `up` is false.
function place(node, box, up, note) {
  if (!node || !box) return;
  if (up && node.parentNode !== box) {
    const away = document.createElement("div");
    away.className = "xlib-table-away";
    away.innerHTML = note + " <a href='#" + TOP_ID + "'>Your table \u2191</a>";
    node.xlibAway = away;
    node.replaceWith(away);
    box.appendChild(node);
  } else if (!up && node.xlibAway) {
    node.xlibAway.replaceWith(node);
    node.xlibAway = null;
  }
}
function render({ model, el }) {
  model.set("query", window.location.search || "");
  model.save_changes();
  const slot = topPlace();
  if (!slot) return;
  let pending = "", timer = 0;
  // The class box is this view's box; the board is found by its class. A view is drawn before the page holds it,
  // and Voila draws the cells one after the other: what is not on the page yet is looked for again shortly.
  const arrange = (tries) => {
    window.clearTimeout(timer);
    const join = el.closest(".xlib-class-join");
    const board = document.querySelector("." + model.get("board_class"));
    const up = model.get("up"), boardUp = up && model.get("board");
    place(join, slot.querySelector(".xlib-top-join"), up, "Your class box is at the top of the page.");
    place(board, slot.querySelector(".xlib-top-board"), boardUp,
          "The board shows your class table, at the top of the page.");
    slot.hidden = !up;
    slot.xlibShowJump();
    if (((up && !join) || (boardUp && !board)) && tries < 300) {
      timer = window.setTimeout(() => arrange(tries + 1), 100);
      return;
    }
    if (pending && !slot.hidden) {   // the table (or the class box, from a link) is new on this page: go to it
      const why = pending;
      pending = "";
      slot.scrollIntoView({ block: "start" });
      const name = slot.querySelector(".xlib-class-group-input input");
      if (why === "link" && name && !name.disabled) name.focus({ preventScroll: true });
    }
  };
  arrange(0);
  model.on("change:up", () => arrange(0));
  model.on("change:board", () => arrange(0));
  model.on("change:show", () => { pending = model.get("show"); if (pending) arrange(0); });
  if (model.get("show")) { pending = model.get("show"); arrange(0); }
}
export default { render };
"""


class TableSlot(anywidget.AnyWidget):
    """The top of an app's page, for a student in a class: `up` puts the class box there (above the lesson), `board`
    the board with the class's table too (the element with the class `board_class`); `show` brings it into view
    (each new value once: "link", "seated", "welcome"). It also tells the kernel the page's link (`query`).
    Outside Voila (JupyterLab) nothing moves."""

    _esm = _ESM
    query = traitlets.Unicode("").tag(sync=True)
    board_class = traitlets.Unicode("").tag(sync=True)
    up = traitlets.Bool(False).tag(sync=True)
    board = traitlets.Bool(False).tag(sync=True)
    show = traitlets.Unicode("").tag(sync=True)

    def bring(self, why: str) -> None:
        """Bring the top of the page into view, for `why` ("link", "seated", "welcome"): each call scrolls once."""
        if self.show == why:
            self.show = ""
        self.show = why
