"""What the browser keeps for a page: a student's game (or lesson progress) in the browser's own storage, so
that a reload or a lost kernel loses nothing, and a watch on the connection that says in words when it is lost.

A `Keeper` is a small widget with no look of its own. When its page opens, it reads what this device kept
under its key for this app (`saved`, with its age in seconds) and says it has (`loaded`); whatever the kernel
puts in `keep` is stored at once. It pings the kernel every few seconds and after a click; when no answer
comes, a banner across the top of the page says so, with a Reload button, and then what the server tells of the
page's kernel: stopped, busy, no longer answering the page, or the server itself silent; and that the game is kept
on this device and comes back after the reload. It also lets Tab move the keyboard's focus on from a board's
canvas (ipycanvas's would keep it)."""
from __future__ import annotations

import json
import uuid
from typing import Any, Callable

import anywidget
import traitlets

#: seconds without an answer from the kernel before the page says the connection is lost
LOST_AFTER = 10
#: seconds a click waits for the kernel's answer before the page says so
CLICK_WAIT = 4

#: the most games one app page keeps on a device (the games of several tabs, newest first)
MAX_KEPT = 6

#: How a game a tab keeps joins what the device holds under the page's key: `{kept: [game, ...]}`, newest first.
#: The tab's own game (its `id`) is replaced; a game whose moves another game holds all of, in order (the same game
#: played on), gives way to it; every other game stays, whichever tab played it, so the newest is never lost. A
#: game of no moves is not kept. (A value kept before as one game counts as a game of that list.)
MERGE_JS = """
function merged(storedText, d) {
  let kept = [];
  try {
    const cur = storedText ? JSON.parse(storedText) : null;
    if (cur && Array.isArray(cur.kept)) kept = cur.kept;
    else if (cur && cur.record) kept = [cur];
  } catch (e) { kept = []; }
  const same = (a, b) => JSON.stringify(Object.assign({}, a, {moves: null})) ===
                         JSON.stringify(Object.assign({}, b, {moves: null}));
  const within = (a, b) => {   // game record a's moves are the first moves of record b's
    if (!a || !b || !same(a, b)) return false;
    const x = a.moves || [], y = b.moves || [];
    return x.length <= y.length && x.every((m, i) => JSON.stringify(m) === JSON.stringify(y[i]));
  };
  kept = kept.filter((e) => e && e.id !== d.id);
  if (!(d.moves > 0) || kept.some((e) => within(d.record, e.record))) return {kept: kept};
  kept = kept.filter((e) => !within(e.record, d.record));
  kept.unshift(d);
  return {kept: kept.slice(0, MAX_KEPT)};
}
""".replace("MAX_KEPT", str(MAX_KEPT))

_ESM = MERGE_JS + """
function render({ model, el }) {
  const key = model.get("key") + "@" + window.location.pathname;
  let payload = "";
  try {
    const stored = window.localStorage.getItem(key);
    if (stored) {
      const d = JSON.parse(stored);
      const age = (e) => { e.age = Math.max(0, Math.round((Date.now() - (e.savedAt || Date.now())) / 1000)); };
      if (Array.isArray(d.kept)) d.kept.forEach(age); else age(d);
      payload = JSON.stringify(d);
    }
  } catch (e) { payload = ""; }
  model.set("saved", payload);
  model.set("loaded", true);
  model.save_changes();

  model.on("change:keep", () => {
    const keep = model.get("keep");
    try {
      if (keep) {
        const d = JSON.parse(keep);
        d.savedAt = Date.now();
        // a game is merged with the games other tabs keep under the same key, read at this very moment
        const stored = d.id ? merged(window.localStorage.getItem(key), d) : d;
        window.localStorage.setItem(key, JSON.stringify(stored));
      } else {
        window.localStorage.removeItem(key);
      }
    } catch (e) { /* storage full or blocked: the game goes on, unkept */ }
  });

  let answered = Date.now(), n = 0, lost = false;
  // one banner for the page, however many keepers it has (a game and a lesson's progress): what is known of the
  // lost connection in words, and a button that reloads the page
  let banner = document.querySelector(".xlib-lost");
  if (!banner) {
    banner = document.createElement("div");
    banner.className = "xlib-lost";
    banner.setAttribute("role", "alert");
    banner.style.cssText = "display:none;position:fixed;top:0;left:0;right:0;z-index:10000;background:#B00020;" +
      "color:#FFFFFF;font:bold 18px/1.35 sans-serif;padding:14px 18px;text-align:center";
    const words = document.createElement("span");
    words.className = "xlib-lost-words";
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = "Reload the page";
    again.style.cssText = "margin-left:14px;font:bold 18px sans-serif;padding:6px 14px;cursor:pointer";
    again.addEventListener("click", () => window.location.reload());
    banner.append(words, again);
    document.body.appendChild(banner);
  }
  const words = banner.querySelector(".xlib-lost-words");
  const KEPT = " Your game is kept on this device and comes back after the reload.";
  const tell = (text) => { if (words.textContent !== text) words.textContent = text; };
  // what the server says of this page's app (a page Voila serves; on the static site the app runs in the browser):
  // it answers or not, and knows the app or has stopped it
  let config = {};
  try { config = JSON.parse(document.getElementById("jupyter-config-data").textContent); } catch (e) { config = {}; }
  const served = /\\/voila\\/render\\//.test(window.location.pathname) && config.kernelId && window.fetch;
  let asking = false;
  const ask = () => {
    if (asking || !served) return;
    asking = true;
    const silent = Math.round((Date.now() - answered) / 1000);
    window.fetch((config.baseUrl || "/") + "api/kernels/" + config.kernelId, {credentials: "same-origin", cache: "no-store"})
      .then((reply) => reply.status === 404 ? {stopped: true} : reply.ok ? reply.json() : {})
      .then((app) => {
        if (!lost) return;
        if (app.stopped || app.execution_state === "dead" || app.execution_state === "restarting") {
          tell("This game's app stopped on the server (the server itself still answers), so your clicks cannot " +
               "be played. Reload the page to start it again." + KEPT);
        } else if (app.execution_state === "busy") {
          tell("This game's app has been busy for " + silent + " seconds and has not answered this page; the " +
               "server still answers. If it stays so, reload the page." + KEPT);
        } else {
          tell("The server still answers, but this game's app no longer answers this page, so your clicks cannot " +
               "be played. Reload the page to start it again." + KEPT);
        }
      }, () => {
        if (lost) tell("The server that runs this game does not answer: it stopped, or this device lost its " +
                       "network. Your clicks cannot be played. Reload the page when it answers again." + KEPT);
      })
      .then(() => { asking = false; });
  };
  const say = () => {
    if (!lost) tell("The connection to this game's app was lost, so your clicks cannot be played. Reload the page." + KEPT);
    lost = true;
    banner.style.display = "block";
    ask();
  };
  const ping = () => { Promise.resolve().then(() => model.send({ ping: ++n })).catch(say); };
  // a message the page cannot send any more (its kernel is gone) is this sentence, not a silent error
  const onRejected = (ev) => {
    if (/Cannot send|Kernel (is )?dead|disposed|not connected/i.test(String(ev.reason && (ev.reason.message || ev.reason)))) {
      ev.preventDefault();
      say();
    }
  };
  window.addEventListener("unhandledrejection", onRejected);
  const onError = (ev) => {
    if (/Cannot send|Kernel (is )?dead|not connected/i.test(String(ev.message || (ev.error && ev.error.message)))) {
      ev.preventDefault();
      say();
    }
  };
  window.addEventListener("error", onError, true);
  model.on("msg:custom", (m) => {
    if (m && m.pong !== undefined) {
      answered = Date.now();
      if (lost) { lost = false; banner.style.display = "none"; }
    }
  });
  const timer = setInterval(() => {   // while lost, the server is asked again, and the words follow what it says
    ping();
    if (lost || Date.now() - answered > LOST_AFTER * 1000) say();
  }, 3000);
  const onPress = (ev) => {
    if (!ev.target.closest || !ev.target.closest(".xlib-board, .xlib-tutorial")) return;
    if (lost) { say(); ev.stopPropagation(); ev.preventDefault(); return; }
    const asked = Date.now();
    ping();
    setTimeout(() => { if (answered < asked) say(); }, CLICK_WAIT * 1000);
  };
  document.addEventListener("pointerdown", onPress, true);
  // once the kernel is gone, the board's own handlers get nothing more to send: the banner answers instead
  const hold = (ev) => {
    if (lost && ev.target.closest && ev.target.closest(".xlib-board, .xlib-tutorial")) {
      ev.stopImmediatePropagation();
      ev.preventDefault();
    }
  };
  const held = ["mousedown", "mouseup", "mousemove", "click", "touchstart", "touchend", "keydown"];
  held.forEach((type) => document.addEventListener(type, hold, true));
  // Tab moves the focus on from a board's canvas, as from anything else: ipycanvas's canvas would cancel it
  const tabOn = (ev) => {
    if (ev.key === "Tab" && ev.target.matches && ev.target.matches("canvas.xlib-canvas")) ev.stopImmediatePropagation();
  };
  document.addEventListener("keydown", tabOn, true);
  return () => {
    document.removeEventListener("keydown", tabOn, true);
    held.forEach((type) => document.removeEventListener(type, hold, true));
    clearInterval(timer);
    document.removeEventListener("pointerdown", onPress, true);
    window.removeEventListener("unhandledrejection", onRejected);
    window.removeEventListener("error", onError, true);
  };
}
export default { render };
""".replace("LOST_AFTER", str(LOST_AFTER)).replace("CLICK_WAIT", str(CLICK_WAIT))


class Keeper(anywidget.AnyWidget):
    """Keeps a JSON-ready value in this device's browser storage under `key` (per app page), and watches
    the connection to the kernel."""

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    saved = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    keep = traitlets.Unicode("").tag(sync=True)

    def __init__(self, key: str, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.layout.width = "0px"
        self.layout.height = "0px"
        self.add_class("xlib-keeper")
        #: told each time the page asks whether its kernel still answers: the page (and its browser) lives
        self.pinged: list[Callable[[], None]] = []
        self.on_msg(self._answer)
        #: this page's own mark on the game it keeps: the games of other tabs stay beside it
        self.tab = uuid.uuid4().hex[:12]

    def _answer(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "ping" in content:
            self.send({"pong": content["ping"]})
            for listener in self.pinged:
                listener()

    def read(self) -> dict[str, Any] | None:
        """What the device had kept, with its `age` in seconds (the newest game, where it keeps several); None when
        nothing (or nothing readable)."""
        games = self.read_all()
        if games:
            return games[0]
        value = self._value()
        return value if value is not None and "kept" not in value else None

    def read_all(self) -> list[dict[str, Any]]:
        """Every game the device kept under this page's key, each with its `age` in seconds, newest first: the games
        of every tab, so that two tabs of one app never lose each other's game."""
        value = self._value()
        if value is None:
            return []
        kept = value.get("kept") if "kept" in value else [value] if "record" in value else []
        games = [g for g in kept if isinstance(g, dict)] if isinstance(kept, list) else []
        return sorted(games, key=lambda g: g.get("age", 0) if isinstance(g.get("age", 0), (int, float)) else 0)

    def _value(self) -> dict[str, Any] | None:
        if not self.saved:
            return None
        try:
            value = json.loads(self.saved)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def store(self, value: dict[str, Any] | None) -> None:
        """Keep `value` on this device (None forgets it). A game (a value with a record) is kept under this tab's
        own id beside the games of other tabs (see MERGE_JS), never over them."""
        if value is not None and "record" in value:
            value = {**value, "id": self.tab}
        self.keep = json.dumps(value, separators=(",", ":")) if value is not None else ""


def offered_games(kept: list[dict[str, Any]], game: str, record: Any,
                  moves_listed: Callable[[Any], int]) -> list[tuple[dict[str, Any], str]]:
    """The games a page offers back, newest first, each with its count of moves in words: every game of this app
    the device kept (every tab's) that has moves, reads back as a game, and is not the one on the board."""
    from ..errors import XlibError
    from ..records import replay

    out = []
    for saved in kept:
        if saved.get("game") != game or not isinstance(saved.get("moves"), int) or saved["moves"] <= 0 \
                or saved.get("record") == record:
            continue
        try:
            moves = moves_listed(replay(saved["record"]))
        except XlibError:
            continue
        out.append((saved, f"{moves} move{'s' if moves != 1 else ''}"))
    return out


def other_game_buttons(others: list[dict[str, Any]], take: Callable[..., None]) -> tuple[Any, ...]:
    """A button for the next newest game kept beside the newest (another tab's): it takes that game back. One, so
    that the offer's buttons stay in the board's two rows of buttons (older games stay kept, offered next time)."""
    import ipywidgets as w

    buttons = []
    for k, saved in enumerate(others[:1]):
        moves = saved.get("moves")
        button = w.Button(description=f"The {moves}-move game", icon="play",
                          layout=w.Layout(width="auto"))
        button.add_class("xlib-continue-other")
        button.on_click(lambda _, k=k: take(True, k))
        buttons.append(button)
    return tuple(buttons)
