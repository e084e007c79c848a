"""Class mode on screen: the teacher's class panel for the lab, and a group's join box beside the board of any
game's app.

The teacher starts a class and projects its code; groups type the code and a group name beside
their board (in any of the five games' apps), and every game they finish is stored for the class
(an unfinished one is saved as it goes, so a reloaded page picks it up again). The panel
refreshes by itself as games arrive, lists them by game and group with a CSV file per game, and
sets the class's own XAllies numbers beside the computer personas' under the same rules.
"""
from __future__ import annotations

import html
import math
import os
import threading
import time
import traceback
from typing import Any, Callable

import ipywidgets as w

from .. import runtime
from ..experiments import xallies as lab
from ..classroom import (Activity, ClassClosed, ClassError, ClassStore, StoredGame, game_title, new_game_key,
                         open_store)
from ..classroom import table as tables
from ..classroom import export
from ..core import State
from ..experiments.politics import too_few
from ..registry import game_names
from .experiment import FIGURE_DPI, Picture, csv_link, plain_number, teacher_sentence
from .pictures import describe_figure, screen_width
from .rounds import RoundsPanel
from ..board import shared
from ..board.board import Board, in_kernel
from ..board.keeper import Keeper
from ..board.progress import LessonProgress, progress_for
from ..live import LocalGame
from .joinlink import TableSlot, join_link, qr_block, query_code
from .seated import ClassSeat
from .xallies_lab import TABLE_STYLE, figure_png, plot_rates

CODE_STYLE = ("<style>.xlib-class-code{font:bold 96px/1.05 monospace;letter-spacing:0.12em;color:#1A1A1A}"
              ".xlib-class-hint{font-size:22px;line-height:1.35;max-width:1100px}"
              ".xlib-class-show{display:flex;flex-wrap:wrap;gap:12px 56px;align-items:flex-start}"
              ".xlib-class-address{font:bold 56px/1.1 monospace;color:#1A1A1A;overflow-wrap:anywhere}</style>")
#: the panel's words grow with the screen as the lab's tables do: 20 px and more on a 1920-pixel projector, read from
#: the back of the room (its headings larger); the teacher's buttons keep their size
PANEL_STYLE = ("<style>.xlib-class-panel .widget-html-content{font-size:clamp(13px,1.05vw,22px)}"
               ".xlib-class-panel h3{font-size:clamp(15px,1.3vw,28px)}</style>")
RED, GREEN = "#B00020", "#00603C"
#: seconds a clear button waits for its second click before it returns to normal
CONFIRM_SECONDS = 10
#: seconds what a clear did stays said under the buttons (anything else the teacher does ends it sooner)
DONE_SECONDS = 15
#: what each clear button removes: its words, and its words while it asks again
CLEARS = {"games": ("Clear the games", "Yes, clear the games"),
          "groups": ("Clear games and groups", "Yes, clear games and groups")}
#: where `make app` tells the kernels the address it serves the apps at (HOST and PORT)
ADDRESS_VARIABLE = "XLIB_APP_ADDRESS"
#: the QR code beside the class code: as large as the code's letters allow on a laptop, larger on a projector,
#: black on white with its quiet zone (its SVG has no size of its own)
QR_STYLE = ("<style>.xlib-class-words{display:flex;flex-direction:column;gap:12px;min-width:0;flex:0 1 auto}"
            ".xlib-class-qr{display:flex;flex-direction:column;gap:4px;width:clamp(180px,19vw,400px);max-width:100%}"
            ".xlib-class-qr svg{width:100%;height:auto;display:block;background:#FFFFFF}"
            ".xlib-class-qr-words{font-size:clamp(14px,1.1vw,22px);line-height:1.3}"
            ".xlib-class-link{font:clamp(12px,0.9vw,18px)/1.3 monospace;overflow-wrap:anywhere;color:#333333}</style>")
#: the top of an app's page for a student in a class (xlib.panels.joinlink): the class box and the table above the
#: lesson, a link back to the lesson, and from anywhere in the lesson a button back up to the table
TOP_STYLE = ("<style>.xlib-top-slot{padding:8px 4px 14px;margin:0 0 14px;border-bottom:2px solid #BBBBBB}"
             ".xlib-top-slot[hidden],.xlib-to-table[hidden]{display:none!important}"
             ".xlib-top-links{display:flex;justify-content:flex-end}"
             ".xlib-top-links a,.xlib-table-away a{display:inline-block;min-height:44px;line-height:44px;"
             "padding:0 10px;font-size:16px}"
             ".xlib-top-join .xlib-class-join{margin-bottom:8px}"
             ".xlib-table-away{padding:6px 10px;margin:6px 0;border:1px dashed #999999;color:#222222;font-size:15px}"
             ".xlib-to-table{position:fixed;right:12px;bottom:12px;z-index:900;min-height:44px;box-sizing:border-box;"
             "padding:12px 18px;border-radius:22px;background:#1F3A5F;color:#FFFFFF!important;"
             "font:bold 16px/20px sans-serif;text-decoration:none;box-shadow:0 2px 6px rgba(0,0,0,0.35)}"
             # on a touch screen the class box's fields and buttons are a finger's size, and its text of 16 px
             # keeps a phone from zooming into a field
             "@media (pointer:coarse),(any-pointer:coarse){.xlib-class-join button{min-height:44px}"
             ".xlib-class-join .widget-text{height:auto !important}"
             ".xlib-class-join input{min-height:44px;font-size:16px}}</style>")


def app_address() -> str | None:
    """The address the students' devices open, as `make app` serves it; None when unknown or when it is this
    computer's own loopback address, which other devices cannot open."""
    address = os.environ.get(ADDRESS_VARIABLE, "").strip().rstrip("/")
    host = address.split("://", 1)[-1].split(":", 1)[0]
    if not address or host in ("127.0.0.1", "localhost", "::1", "0.0.0.0"):
        return None
    return address


def code_and_address(code: str, game: str = "xallies") -> str:
    """The class code, large, beside the address the students open (or where to find it) and the QR code of the
    link that opens `game`'s app with the code filled in (a phone's camera reads it: the student types a name)."""
    address = app_address()
    scan = ""
    if address is None:
        where = ("<div class='xlib-class-hint'>The students open the apps at this computer's network address. "
                 "To show it here, serve the apps with <b>make app HOST=0.0.0.0</b> (it also prints it).</div>")
        first = "Open the app of any game"
    else:
        where = (f"<div><div>Students open</div><div class='xlib-class-address'>{html.escape(address)}</div>"
                 "</div>")
        first = "Or open this address, then the app of any game"
        scan = qr_block(join_link(address, game, code), game_title(game), code)
    return (CODE_STYLE + QR_STYLE + f"<div class='xlib-class-show'><div class='xlib-class-words'><div><div>Class "
            f"code</div><div class='xlib-class-code'>{code}</div></div>{where}</div>{scan}</div>"
            f"<div class='xlib-class-hint'>{first}, scroll to <b>Play in a class</b>, type "
            f"<b>{code}</b> and a name for your group.</div>")


def rules_words(rules: dict[str, Any]) -> str:
    """The XAllies rules the class's tables were played under, in words: players, white supply, shooting skill,
    the round cap (every game ends after it) and, where shots are not by chance, how they score."""
    skill = rules["skill"]
    skill_text = ", ".join(plain_number(v) for v in skill) if isinstance(skill, list) else plain_number(skill)
    words = (f"{rules['players']} players, white supply "
             f"{'unlimited' if rules['supply'] is None else rules['supply']}, shooting skill {skill_text}")
    rounds = rules.get("rounds", tables.GAME_ROUNDS)
    words += f", at most {rounds} round{'s' if rounds != 1 else ''}"
    if rules.get("shooting", tables.GAME_SHOOTING) != tables.GAME_SHOOTING:
        words += ", each white piece scoring the shooting skill in points with no shots"
    return words


def _say(text: str, colour: str = "#222222") -> str:
    """A message in a colour (red for a problem, green for done)."""
    return f"<span style='color:{colour}'>{text}</span>"


def _table(df: Any) -> str:
    """A table as HTML, with a dash where there is no number (a group with no game yet), whole numbers without
    decimals, and the rows' names ('Game', 'Group') over their columns in the one header row."""
    text = df.to_html(na_rep="–", index_names=False, float_format=plain_number)
    head, body = text.split("</thead>", 1)
    for name in df.index.names:   # pandas leaves the header cells over the rows' names empty
        head = head.replace("<th></th>", f"<th style='text-align:left'>{html.escape(str(name or '').capitalize())}"
                                          f"</th>", 1)
    return f"<div class='xlib-table'>{head}</thead>{body}</div>"


def _plot_widget() -> Picture:
    """An image for a plot, hidden until there is one."""
    img = Picture(value=b"", format="png", layout=w.Layout(max_width="100%", display="none"))
    img.add_class("xlib-plot")
    return img


def _show_plot(img: w.Image, fig: Any) -> None:
    """Show `fig` in `img` (None hides it)."""
    if fig is None:
        img.layout.display = "none"
        return
    img.value = figure_png(fig)
    img.layout.width = screen_width(img.value, FIGURE_DPI)   # grows with the screen, as the labs' plots
    img.tooltip = describe_figure(fig)   # the picture's text alternative: what it shows, with its numbers
    img.layout.display = None


class _Worker:
    """Runs jobs one at a time beside the kernel's message loop; only the newest job of each name is kept."""

    def __init__(self, report: Callable[[], None]) -> None:
        self.report = report
        self.pending: dict[str, Callable[[], None]] = {}
        self.busy = False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def submit(self, name: str, job: Callable[[], None]) -> None:
        with self.cond:
            self.pending.pop(name, None)
            self.pending[name] = job
            self.cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self.cond:
                while not self.pending:
                    self.cond.wait()
                name = next(iter(self.pending))
                job = self.pending.pop(name)
                self.busy = True
            try:
                job()
            except Exception:
                self.report()
            finally:
                with self.cond:
                    self.busy = False
                    self.cond.notify_all()

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait until every submitted job has run; False if that took longer than `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while self.pending or self.busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
        return True


# ---- the group's side: join a class beside the board -----------------------------------------------

def site_notice() -> w.VBox:
    """The class box where a class's devices cannot meet (the static site, Binder): class mode and live tables need
    the apps served from one computer, and where to read how."""
    section = runtime.document("README.md", runtime.CLASS_SECTION)   # on the site, the README it ships
    how = (f'<a href="{html.escape(section, quote=True)}" target="_blank" rel="noopener">how to serve the apps for '
           f"a class</a>" if section else "how to serve the apps for a class: <i>A class on one computer</i>, in the "
           "README")
    where = ("On Binder every visitor has a computer of their own" if runtime.on_binder() and not runtime.on_site()
             else "On this site each device plays on its own")
    note = w.HTML(_say("<b>Class mode and live tables need the apps served from one computer</b> (the teacher's "
                       "laptop with <b>make app</b>, or a school's server), so that the class's devices meet in one "
                       f"class database: there every student plays at their own device, at tables the teacher seats. "
                       f"{where}, and keeps its games and lessons for itself. Read {how}."))
    note.add_class("xlib-class-status")
    box = w.VBox([note], layout=w.Layout(border="1px solid #BBBBBB", padding="6px 10px", max_width="900px"))
    box.add_class("xlib-class-join")
    box.add_class("xlib-class-site")
    return box


class _ClassWidget:
    """What the join box and the class panel share: the class database, opened when first needed, and errors
    shown on the page (Voila hides a callback's errors otherwise)."""

    _store: ClassStore | None
    url: str | None
    errors: w.Output
    widget: w.VBox

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _report(self) -> None:
        self.errors.append_stdout("Something went wrong; please report this message:\n" + traceback.format_exc())

    def store(self) -> ClassStore:
        """The class database, opened when first needed."""
        if self._store is None:
            self._store = open_store(self.url)
        return self._store


class ClassJoin(_ClassWidget):
    """A group joins a class beside the Board of any game: `ClassJoin(game)`. Every finished game is stored for
    the class, as a game of the board's game.

    While joined, each change of the board's game is saved (the newest state; a what-if line is
    not), so after a page reload the same code and group name bring the unfinished game of this
    board's game back. A finished game is stored once and then kept as it is."""

    def __init__(self, board: Board, store: ClassStore | None = None, url: str | None = None,
                 background: bool | None = None, progress: LessonProgress | None = None) -> None:
        self.board = board
        self._store = store
        self.url = url
        self.background = in_kernel() if background is None else background
        self.code: str | None = None
        self.group: str | None = None
        self.key: str | None = None
        self.root: State | None = None       # the first position of the game being saved
        self.stored: set[str] = set()        # keys of the finished games stored from this board
        self.last: State | None = None
        self.worker: _Worker | None = None
        self.seat: ClassSeat | None = None   # following the class's live tables, while joined
        self.code_box = w.Text(placeholder="e.g. 7F3K", description="Class code", layout=w.Layout(width="210px"),
                               style={"description_width": "80px"})
        self.group_box = w.Text(placeholder="e.g. Ana, or Table 3", description="Your name",
                                layout=w.Layout(width="290px"), style={"description_width": "84px"})
        self.join_button = w.Button(description="Join the class", icon="users", button_style="primary",
                                    layout=w.Layout(width="150px"))
        self.leave_button = w.Button(description="Leave", icon="sign-out", layout=w.Layout(width="90px",
                                                                                         display="none"), style=shared.button_style())
        self.status = w.HTML(_say("Your teacher shows a class code. Type it with your name (or your group's, if you "
                                  "share this device), then press <b>Join the class</b>."))
        self.errors = w.Output()
        self.code_box.add_class("xlib-class-code-input")
        self.group_box.add_class("xlib-class-group-input")
        self.join_button.add_class("xlib-class-join-button")
        self.status.add_class("xlib-class-status")
        self.join_button.on_click(self._guard(lambda _: self.join(self.code_box.value, self.group_box.value)))
        self.leave_button.on_click(self._guard(lambda _: self.leave()))
        # this device's place in the class (code, name, pass), kept in the browser: a reload joins again
        self.keeper = Keeper(f"xlib-class:{board.game_name}")
        self.passed: str | None = None
        # the top of the page, where the class box and the table stand for a student who came by the class's link,
        # joined, or sits at a table; it also reads the page's link (before the keeper: a link's class comes first)
        self.slot = TableSlot(board_class=f"xlib-class-board-{board.game_name}",
                              layout=w.Layout(height="0px", overflow="hidden"))
        self.link_code: str | None = None   # the class code the page's link carried
        self.at_top = False                  # the class box stands at the top (link, reload, seated at a table)
        self.seated = False                  # the board shows this student's class table
        self.widget = w.VBox([w.HBox([self.code_box, self.group_box, self.join_button, self.leave_button],
                                     layout=w.Layout(flex_flow="row wrap")), self.status, self.errors,
                              w.HTML(TOP_STYLE, layout=w.Layout(height="0px")), self.slot, self.keeper],
                             layout=w.Layout(border="1px solid #BBBBBB", padding="6px 10px", max_width="900px"))
        self.widget.add_class("xlib-class-join")
        # the lesson's exercises done on this page count for the group too
        self.progress: LessonProgress | None = progress if progress is not None else progress_for(board.game_name)
        if not runtime.shared_classes():   # no class database is shared here: the box says where class mode runs
            self.widget = site_notice()
            return
        board.listeners.append(self._guard(self._changed))
        board.widget.add_class(self.slot.board_class)
        self.progress.listeners.append(self._guard(self._lesson_changed))
        self.slot.observe(self._guard(lambda change: self.from_link(change["new"])), names="query")
        self.from_link(os.environ.get("QUERY_STRING"))   # a page served without a pre-heated kernel knows it now
        self.keeper.observe(self._guard(self._rejoin), names="loaded")
        self.keeper.pinged.append(self._guard(self._here))
        if board.keeper is not None:
            board.keeper.pinged.append(self._guard(self._here))

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception:
                self._report()
        return wrapped

    # ---- joining ------------------------------------------------------------------------------
    def from_link(self, query: str | None) -> bool:
        """The page was opened by a class's link (`?class=UJY9`): the code is filled in and the class box stands at
        the top of the page, so the student types only a name; whether the link carried a class code."""
        code = query_code(query)
        if code is None or self.code is not None or self.link_code == code:
            return code is not None and self.link_code == code
        self.link_code = code
        self.at_top = True
        self.code_box.value = code
        self.status.value = _say(f"Class <b>{code}</b> is filled in from your link. Type your name (or your group's, "
                                 f"if you share this device), then press <b>Join the class</b>.")
        self._place()
        self.slot.bring("link")
        return True

    def _place(self) -> None:
        """The class box at the top of the page once the student came by a link, reloaded a joined page or sat at a
        table, and the board with it while it shows the student's class table (brought into view when new)."""
        seated = self.seat is not None and self.seat.table is not None and self.board.game is self.seat.table
        new = seated and not self.seated
        self.seated = seated
        self.at_top = self.at_top or seated
        with self.slot.hold_sync():
            self.slot.up = self.at_top
            self.slot.board = seated
        if new:
            self.slot.bring("seated")

    def join(self, code: str, group: str, passed: str | None = None) -> bool:
        """Join class `code` as `group` (a student, or a group at this device; `passed` the pass of an earlier
        visit); a group's unfinished game comes back on a board with no moves yet, and the teacher can seat the
        device at the class's live tables."""
        try:
            store = self.store()
            name, passed = store.arrive(code, group, self.board.game_name, passed)
            info = store.class_info(code)
            resumed = (store.unfinished(info.code, name, game=self.board.game_name)
                       if self.board.state.parent is None else None)
        except ClassError as exc:
            self.status.value = _say("✗ " + html.escape(str(exc), quote=False), RED)
            return False
        self.code_box.value, self.group_box.value = info.code, name
        self.code_box.disabled = self.group_box.disabled = self.join_button.disabled = True
        self.leave_button.layout.display = None
        self.passed = passed
        self.keeper.store({"code": info.code, "name": name, "pass": passed})
        if self.background and self.worker is None:
            self.worker = _Worker(self._report)
        if self.seat is not None:
            self.seat.stop()
        self.seat = ClassSeat(self.board, store, info.code, name, passed, self._told, self._cleared, self._dropped,
                              watch=self.background)
        if resumed is not None and resumed.record is not None:
            self._resume(resumed)   # before the code is set: loading the game is not a new game to save
            self.code, self.group, self.last = info.code, name, self.board.state
            if self.board.state.record() != resumed.record:   # computers moved on while the seats were set
                self.last = None
                self._changed(self.board.state)
            self.status.value = _say(f"Joined class <b>{info.code}</b> as <b>{html.escape(name)}</b>. Your group's "
                                     f"unfinished game is back on the board (move {resumed.moves}); play on.", GREEN)
            if self.board.busy is None:
                self.board.computer_turns()
        else:
            self.code, self.group = info.code, name
            self._new_game(self.board.state)
            self.status.value = _say(f"Joined class <b>{info.code}</b> as <b>{html.escape(name)}</b>. Every game "
                                     f"you finish on the board is stored for the class.", GREEN)
            self._changed(self.board.state)
        self._lesson_changed()
        self._place()
        return True

    def _resume(self, game: StoredGame) -> None:
        """Put the group's unfinished game back on the board with its seats; later saves update that game."""
        assert game.record is not None
        self.board.load(game.record)
        for seat, who in enumerate(game.seats):
            if self.board.seats.get(seat, "person") != who:
                self.board.set_seat(seat, who)
        self.key, self.root = game.key, self.board.state.root

    def _rejoin(self, change: dict[str, Any]) -> None:
        """The page has opened: join the class this device was in before the reload, with its pass."""
        kept = self.keeper.read() if change.get("new") else None
        if not kept or self.code is not None:
            return
        code, name, passed = kept.get("code"), kept.get("name"), kept.get("pass")
        if self.link_code is not None and code != self.link_code:
            return   # the page came by another class's link: that class is the one to join
        if isinstance(code, str) and isinstance(name, str) and isinstance(passed, str):
            if self.join(code, name, passed):
                if self.seat is not None:
                    self.seat.follow()   # back at the table this device sat at, as it stands now
                self.status.value = _say(f"Welcome back, <b>{html.escape(name)}</b>: this page joined class "
                                         f"<b>{html.escape(code)}</b> again. {self.status.value}", GREEN)
                self.at_top = True   # where the reloaded page opens
                self._place()
                self.slot.bring("welcome")
            else:
                self.keeper.store(None)

    def _here(self) -> None:
        if self.seat is not None:
            self.seat.here()

    def _told(self, text: str, kind: str) -> None:
        """What following the class's tables made happen, in the join box's status line (a new table comes to the
        top of the page)."""
        self.status.value = _say(text, {"good": GREEN, "illegal": RED}.get(kind, "#222222"))
        self._place()

    def _cleared(self) -> None:
        """The teacher cleared the class's games: the counts start again, and the game on the board is saved
        anew as it goes on."""
        self.stored.clear()
        state = self.board.state
        self._new_game(state)
        if state.over:
            self.last = state   # a game finished before the clear stays cleared
        else:
            self._changed(state)
        self.status.value = _say(f"The teacher cleared the games of class <b>{self.code}</b>: the games finished "
                                 f"here are no longer stored. " + ("Your next game counts for the class." if state.over
                                                                   else "The game on the board is stored when it "
                                                                        "ends."))

    def _dropped(self, why: str) -> None:
        """This page no longer belongs to the class (the teacher removed its group, or another device joined as
        it): it leaves, says why, and can join again."""
        self.leave()
        self.status.value = _say("✗ " + html.escape(why, quote=False), RED)

    def leave(self) -> None:
        """Stop storing games for the class (those stored stay stored), and leave its live tables."""
        if self.worker is not None:
            self.worker.flush(30)
        if self.seat is not None:
            self.seat.depart()
            if self.seat.table is not None and self.board.game is self.seat.table:
                table = self.seat.table
                self.board.use(LocalGame(table.state.game.start(seed=table.seed), seed=table.seed))
            self.seat = None
        self.keeper.store(None)
        self.code = self.group = self.key = None
        self.code_box.disabled = self.group_box.disabled = self.join_button.disabled = False
        self.leave_button.layout.display = "none"
        self.status.value = _say("You left the class: games on this board are no longer stored.")
        self._place()

    # ---- saving -------------------------------------------------------------------------------
    def _new_game(self, state: State) -> None:
        self.root, self.key, self.last = state.root, new_game_key(), None

    def _changed(self, state: State) -> None:
        """Called by the board after every change: save the game (in the background inside a kernel); a class
        table's game is the class database's already."""
        if self.code is None or self.board.line != 0 or state is self.last or \
                not isinstance(self.board.game, LocalGame):
            return
        if state.root is not self.root:
            self._new_game(state)
        self.last = state
        key = self.key
        if key is None or key in self.stored or state.parent is None:
            return
        seats = [self.board.seats.get(p, "person") for p in range(len(state.players))]
        code, group = self.code, self.group
        assert group is not None

        def save() -> None:
            self._save(code, group, key, state, seats)
        if self.worker is not None:
            self.worker.submit(key, save)
        else:
            save()

    def _save(self, code: str, group: str, key: str, state: State, seats: list[str]) -> None:
        if key in self.stored:
            return
        try:
            saved = self.store().save_game(code, group, key, state.record(), seats)
        except ClassClosed as exc:
            self.status.value = _say(f"✗ Not stored: {html.escape(str(exc), quote=False)}.", RED)
            return
        except ClassError as exc:
            self.status.value = _say(f"✗ This game could not be stored: {html.escape(str(exc), quote=False)}", RED)
            return
        if saved.finished:
            self.stored.add(key)
            self.status.value = _say(
                f"✓ Game stored for class <b>{code}</b>: {len(self.stored)} finished "
                f"game{'s' if len(self.stored) != 1 else ''} from this board so far. Press <b>New game</b> to play "
                f"another.", GREEN)
        elif self.code == code:
            self.status.value = _say(f"Class <b>{code}</b>, group <b>{html.escape(group)}</b>: this game is saved as "
                                     f"you play (move {saved.moves}) and counts for the class when it ends.", GREEN)

    def _lesson_changed(self) -> None:
        """Store the page's lesson exercises (solved, misses) for the group, in the background inside a kernel."""
        if self.code is None or self.group is None or self.progress is None:
            return
        p = self.progress
        done = {key: (key in p.solved, int(p.missed.get(key, 0))) for key in set(p.solved) | set(p.missed)}
        if not done:
            return
        code, group, game = self.code, self.group, self.board.game_name

        def save() -> None:
            try:
                self.store().save_exercises(code, group, game, done)
            except ClassError as exc:
                self.status.value = _say(f"✗ The lesson's exercises could not be stored: "
                                         f"{html.escape(str(exc), quote=False)}", RED)
        if self.worker is not None:
            self.worker.submit("lesson", save)
        else:
            save()

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait until every change so far is saved (tests, and leaving the class)."""
        return self.worker.flush(timeout) if self.worker is not None else True


# ---- the teacher's side: the class panel --------------------------------------------------------------

class ClassPanel(_ClassWidget):
    """The teacher's class panel: start a class, project its code, and watch the class's games arrive.

    The games of every game are listed by game and group, with a CSV file per game; the class's
    XAllies games are also measured beside the computer personas', who play `baseline_games` games
    of each mix under the class's rules (in the background inside a kernel). Live: a clock in the
    browser ticks every `refresh` seconds and the panel asks the database whether anything changed."""

    def __init__(self, store: ClassStore | None = None, url: str | None = None, refresh: float = 3.0,
                 baseline_games: int = 60, seed: int = 0, background: bool | None = None) -> None:
        self._store = store
        self.url = url
        self.period = refresh
        self.baseline_games = baseline_games
        self.seed = seed
        self.background = in_kernel() if background is None else background
        self.code: str | None = None
        self.closed = False
        self.frame: Any = tables.game_frame([])
        self.listing: Any = tables.by_game([], [])
        self.finished: list[StoredGame] = []   # the finished games of every game, with their records
        self.groups: Any = None
        self.compared: Any = None
        self.baselines: dict[str, Any] = {}
        self.seen: Activity | None = None
        self.rules: dict[str, Any] = {}
        self.waiting = False
        self.worker: _Worker | None = None
        self._news = threading.Event()   # set when the personas' table is ready to be shown
        self._lock = threading.RLock()
        self._said_until = 0.0   # when the line under the buttons empties: a question unanswered, a clear done
        self.confirming: str | None = None   # the clear ("games" or "groups") waiting for its second click
        self._quiet_at = math.inf   # when the next game in progress counts as left unfinished (unless saved)

        self.start_button = w.Button(description="Start a new class", icon="play", button_style="primary",
                                     layout=w.Layout(width="180px"))
        self.open_box = w.Text(placeholder="a class code", layout=w.Layout(width="130px"))
        self.open_button = w.Button(description="Open this class", icon="folder-open", layout=w.Layout(width="150px"), style=shared.button_style())
        self.code_view = w.HTML(CODE_STYLE + "<div class='xlib-class-hint'>No class yet: press <b>Start a new "
                                "class</b> and show its code to the groups.</div>")
        self.code_view.add_class("xlib-class-code-view")
        self.status = w.HTML()
        self.status.add_class("xlib-class-panel-status")
        self.refresh_button = w.Button(description="Refresh now", icon="refresh", layout=w.Layout(width="130px"), style=shared.button_style())
        self.close_button = w.Button(description="Close the class", icon="lock", layout=w.Layout(width="150px"), style=shared.button_style())
        self.clear_button = w.Button(description=CLEARS["games"][0], icon="trash",
                                     tooltip="Remove every game of the class; the groups and their exercises stay",
                                     layout=w.Layout(width="250px"), style=shared.button_style())
        self.clear_groups_button = w.Button(description=CLEARS["groups"][0], icon="trash",
                                            tooltip="Remove the groups, their games and their exercises",
                                            layout=w.Layout(width="280px"), style=shared.button_style())
        self.clear_buttons = {"games": self.clear_button, "groups": self.clear_groups_button}
        self.confirm = w.HTML()
        self.confirm.add_class("xlib-class-confirm")
        self.csv_link = w.HTML()
        # every decision of the class's games, with the student, table, round and time (xlib/classroom/export.py)
        self.decisions_link = w.HTML()
        self.class_buttons = w.VBox([w.HBox([self.refresh_button, self.close_button, self.clear_button,
                                             self.clear_groups_button, self.csv_link, self.decisions_link],
                                            layout=w.Layout(align_items="center", flex_flow="row wrap")),
                                     self.confirm], layout=w.Layout(display="none"))
        # the last class this browser showed, offered again after the page reloads
        self.keeper = Keeper("xlib-class-panel")
        self.keeper.observe(self._guard(self._offer_last), names="loaded")
        self.again_button = w.Button(description="", icon="undo", layout=w.Layout(width="auto", display="none"),
                                     style=shared.button_style())
        self.again_button.add_class("xlib-class-again")
        # the results are made once and only their values change, so a redraw is a few value updates
        self.games_view = w.HTML()
        self.games_view.add_class("xlib-class-games")
        self.lessons_view = w.HTML()
        self.lessons_view.add_class("xlib-class-lessons")
        self.exercise_rows: list[Any] = []
        self.lessons: Any = tables.lesson_table([], [])
        self.group_view = w.HTML()
        self.group_plot = _plot_widget()
        self.compare_view = w.HTML()
        self.compare_plot = _plot_widget()
        self.prompt = w.HTML()
        self.results = w.VBox([self.games_view, self.lessons_view, self.group_view, self.group_plot, self.compare_view,
                               self.compare_plot, self.prompt])
        self.results.add_class("xlib-class-results")
        self.results.layout.display = "none"
        self.text = w.HTML()
        self.text.add_class("xlib-class-text")
        text = w.Accordion(children=[self.text])
        text.set_title(0, "The class table as text")
        self.errors = w.Output()
        # ticks in the browser every `refresh` seconds while a class is shown (hidden: it is no control)
        self.clock = w.Play(value=0, min=0, max=10**9, step=1, interval=max(250, int(refresh * 1000)),
                            repeat=True, layout=w.Layout(display="none"))
        self.clock.observe(self._guard(self._tick), names="value")
        self.rounds = RoundsPanel(self.store, lambda: self.code, self.background, self._submit, self._report)
        # the QR code opens the app of the game the tables are seated at
        self.rounds.game.observe(self._guard(self._game_chosen), names="value")
        self.start_button.on_click(self._guard(lambda _: self.start()))
        self.open_button.on_click(self._guard(lambda _: self.open(self.open_box.value)))
        self.refresh_button.on_click(self._guard(lambda _: self.refresh_now()))
        self.close_button.on_click(self._guard(lambda _: self.toggle_closed()))
        self.clear_button.on_click(self._guard(lambda _: self._clear_clicked("games")))
        self.clear_groups_button.on_click(self._guard(lambda _: self._clear_clicked("groups")))
        self.again_button.on_click(self._guard(lambda _: self._open_again()))
        self.widget = w.VBox([w.HTML(PANEL_STYLE, layout=w.Layout(height="0px")),
                              w.HBox([self.start_button, w.HTML("&nbsp;or open a class:&nbsp;"), self.open_box,
                                      self.open_button, self.again_button],
                                     layout=w.Layout(align_items="center", flex_flow="row wrap")),
                              self.code_view, self.status, self.class_buttons, self.rounds.widget, self.results, text,
                              self.errors, self.clock, self.keeper])
        self.widget.add_class("xlib-class-panel")

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> Any:
            try:
                return fn(*args)
            except ClassError as exc:
                self.status.value = _say("✗ " + html.escape(str(exc), quote=False), RED)
            except Exception:
                self._report()
        return wrapped

    # ---- the class ------------------------------------------------------------------------------
    def start(self) -> str:
        """Start a new class: its code is shown large, for the projector."""
        info = self.store().create_class()
        self._show_class(info.code, info.closed)
        return info.code

    def open(self, code: str) -> str:
        """Show a class started earlier (after the teacher's kernel restarted, say); a wrong code is said to the
        teacher in the panel."""
        try:
            info = self.store().class_info(code)
        except ClassError as exc:
            raise ClassError(teacher_sentence(code, exc)) from None
        self._show_class(info.code, info.closed)
        return info.code

    def _offer_last(self, _change: Any = None) -> None:
        """When the page has loaded: offer the class this browser showed last (a reload forgets the kernel's)."""
        kept = self.keeper.read() or {}
        code = kept.get("code")
        if self.code is not None or not isinstance(code, str) or not code:
            return
        self.open_box.value = code
        self.again_button.description = f"Open class {code} again"
        self.again_button.layout.display = None

    def _open_again(self) -> None:
        """The offered class, shown again."""
        self.again_button.layout.display = "none"
        self.open(self.open_box.value)

    def _show_class(self, code: str, closed: bool) -> None:
        self.code, self.closed, self.seen = code, closed, None
        self.frame = tables.game_frame([])
        self.code_view.value = code_and_address(code, self.rounds.game.value)
        self.class_buttons.layout.display = None
        self.again_button.layout.display = "none"
        self.keeper.store({"code": code})
        self._reset_confirm()
        self.close_button.description = "Reopen the class" if closed else "Close the class"
        self.refresh(force=True)
        self.rounds.show()
        if self.background:
            self.clock.playing = True

    def _game_chosen(self, _change: Any = None) -> None:
        """The game of the live tables changed: the QR code opens its app."""
        if self.code is not None:
            self.code_view.value = code_and_address(self.code, self.rounds.game.value)

    def _tick(self, _change: dict[str, Any]) -> None:
        """The clock's tick (every `period` seconds, on the kernel's main thread): redraw if anything changed.

        Every widget of the panel is changed on this one thread, so the browser gets each change in
        the order it was made; the personas' games, played in the background, only hand over a table."""
        self.expire()
        self.refresh(force=self._news.is_set())

    def stop(self) -> None:
        """Stop refreshing by itself."""
        self.clock.playing = False
        self.rounds.stop()

    def _submit(self, name: str, job: Callable[[], None]) -> None:
        """Run `job` on the panel's background worker (at once where the panel has none: tests)."""
        if not self.background:
            job()
            return
        if self.worker is None:
            self.worker = _Worker(self._report)
        self.worker.submit(name, job)

    def refresh_now(self) -> None:
        """Read the class again at once (the Refresh button); what a clear said before goes."""
        self._reset_confirm()
        self.refresh(force=True)

    def toggle_closed(self) -> None:
        """Close the class (no more games are taken) or reopen it; what a clear said before goes."""
        if self.code is None:
            return
        self._reset_confirm()
        if self.closed:
            self.store().reopen_class(self.code)
        else:
            self.store().close_class(self.code)
        self.closed = not self.closed
        self.close_button.description = "Reopen the class" if self.closed else "Close the class"
        self.refresh(force=True)

    def _clear_clicked(self, what: str = "games") -> None:
        """The first click asks again, saying exactly what goes; a second click of the same button within
        CONFIRM_SECONDS clears. After that the button and the message return to normal (the clock's tick)."""
        if self.code is None:
            return
        if self.confirming == what and time.monotonic() < self._said_until:
            self._reset_confirm()
            if what == "groups":
                self.clear_groups()
            else:
                self.clear()
            return
        self._reset_confirm()
        store, code = self.store(), self.code
        if not (store.groups(code) if what == "groups" else store.games(code, finished=None)):
            self._tell(_say(f"Class {code} has no {'group' if what == 'groups' else 'game'} to clear."))
            return
        self.confirming = what
        button = self.clear_buttons[what]
        button.description, button.button_style = CLEARS[what][1], "danger"
        self._tell(_say(f"{self.clear_words(what)} This cannot be undone. To go on, click <b>{CLEARS[what][1]}</b> "
                        f"within {CONFIRM_SECONDS} seconds; otherwise nothing is removed.", RED), CONFIRM_SECONDS)

    def _tell(self, text: str, seconds: float = DONE_SECONDS) -> None:
        """Say `text` under the clear buttons for `seconds` (the clock's tick then empties the line)."""
        self.confirm.value = text
        self._said_until = time.monotonic() + seconds

    def clear_words(self, what: str) -> str:
        """What a clear removes and what it keeps, in numbers: 'Remove the 4 games of class 7F3K …'."""
        store, code = self.store(), self.code
        assert code is not None
        games = store.games(code, finished=None)
        done = sum(1 for g in games if g.finished)
        counted = (f"{len(games)} game{'s' if len(games) != 1 else ''} ({done} finished, "
                   f"{tables.unfinished_words(games, time.time(), since=False)})")
        live = store.tables(code)
        playing = sum(1 for v in live if v.info.status == "playing")
        with_tables = (f" and its {len(live)} live table{'s' if len(live) != 1 else ''}"
                       + (f" ({playing} still playing)" if playing else "") if live else "")
        if what == "games":
            return (f"Remove the {counted} of class {code}{with_tables}? The groups stay joined and keep their lesson "
                    f"exercises.")
        groups = store.groups(code)
        names = ", ".join(html.escape(g) for g in groups) or "none yet"
        return (f"Remove the {len(groups)} group{'s' if len(groups) != 1 else ''} of class {code} ({names}), their "
                f"{counted} and their lesson exercises? The class and its code stay: groups join again with the "
                f"code.")

    def expire(self) -> bool:
        """Empty the line under the clear buttons when its time is up: an unanswered question (its button returns
        to normal too) or what a clear did; whether anything ended."""
        if not (self.confirming or self.confirm.value) or time.monotonic() < self._said_until:
            return False
        self._reset_confirm()
        return True

    def _reset_confirm(self) -> None:
        """The clear buttons as they normally are, and nothing said under them."""
        self.confirming, self._said_until = None, 0.0
        for what, button in self.clear_buttons.items():
            button.description, button.button_style = CLEARS[what][0], ""
        self.confirm.value = ""

    def clear(self) -> int:
        """Delete the class's games, finished and in progress (the groups, their exercises and the code stay); the
        number of games deleted."""
        if self.code is None:
            return 0
        deleted = self.store().clear_games(self.code)
        self._reset_confirm()
        self.refresh(force=True)
        self.rounds.refresh()
        self._tell(_say(f"{deleted} game{'s' if deleted != 1 else ''} removed; the groups stay joined."))
        return deleted

    def clear_groups(self) -> int:
        """Delete the class's groups, their games and their exercises (the code stays); the number of games
        deleted."""
        if self.code is None:
            return 0
        groups = len(self.store().groups(self.code))
        deleted = self.store().clear(self.code)
        self._reset_confirm()
        self.refresh(force=True)
        self.rounds.refresh()
        self._tell(_say(f"{groups} group{'s' if groups != 1 else ''} and {deleted} "
                        f"game{'s' if deleted != 1 else ''} removed."))
        return deleted

    # ---- the numbers ----------------------------------------------------------------------------
    def refresh(self, force: bool = False) -> bool:
        """Read the class again if anything changed (or `force`) and redraw; whether it redrew.

        Moves in unfinished games change only the counts; the class's numbers and the plots are
        made again when a game ends, a group joins, or the class is closed or reopened. A game in progress
        that stays quiet for tables.QUIET_SECONDS is counted as left unfinished from then on."""
        code = self.code
        if code is None:
            return False
        store = self.store()
        self._refresh_lessons(store, code, force)
        seen = store.activity(code)
        now = time.time()
        if seen == self.seen and not force and now < self._quiet_at:
            return False
        with self._lock:
            old = self.seen
            if old is not None and seen != old and not self.confirming:
                self._reset_confirm()   # the class changed: what a clear said is past
            full = force or old is None or (seen.finished, seen.last_finished, seen.groups, seen.closed) != \
                (old.finished, old.last_finished, old.groups, old.closed)
            self.seen, self.closed = seen, seen.closed
            groups = store.groups(code)
            everything = store.games(code, finished=None)
            self.listing = tables.by_game(everything, groups, now)
            playing = [g for g in everything if tables.playing(g, now)]
            self._quiet_at = min((g.updated + tables.QUIET_SECONDS for g in playing), default=math.inf)
            in_progress: dict[str, int] = {}   # XAllies games in progress, for the XAllies table
            for g in playing:
                if g.game == tables.XALLIES:
                    in_progress[g.group] = in_progress.get(g.group, 0) + 1
            if full:
                self._news.clear()
                self.finished = store.games(code, finished=True, records=True)
                designs = {v.key: v.info.design for v in store.tables(code, game=tables.XALLIES) if v.info.round}
                self.frame = tables.game_frame(self.finished, designs)
                self.rules = tables.class_rules(self.frame)
                base = self._baseline(self.rules)
                self.waiting = base is None
                self.compared = tables.comparison(self.frame, base)
            self.groups = tables.group_table(self.frame, groups, in_progress)
            self._draw(code, groups, tables.unfinished_words(everything, now), full)
        return True

    def _refresh_lessons(self, store: ClassStore, code: str, force: bool) -> None:
        """The groups' lesson exercises: rules done and where each group is stuck (redrawn when they change)."""
        rows = store.exercises(code)
        if rows == self.exercise_rows and not force:
            return
        self.exercise_rows = rows
        self.lessons = tables.lesson_table(rows, store.groups(code))
        self.lessons_view.value = "<h3>Lessons: rules done and exercises missed most</h3>" + TABLE_STYLE + (
            _table(self.lessons) if len(self.lessons) else "<p>No group has done an exercise yet: the lessons' "
                                                           "exercises done in class appear here.</p>")

    def _baseline(self, rules: dict[str, Any]) -> Any:
        """The personas' table under `rules`: played once per set of rules, in the background in a kernel."""
        key = repr(sorted(rules.items()))
        if key in self.baselines:
            return self.baselines[key]
        if not self.background:
            self.baselines[key] = tables.baseline(rules, self.baseline_games, self.seed)
            return self.baselines[key]
        if self.worker is None:
            self.worker = _Worker(self._report)

        def play() -> None:
            self.baselines[key] = tables.baseline(rules, self.baseline_games, self.seed)
            self._news.set()   # the next tick shows it
        self.worker.submit(key, play)
        return None

    def _draw(self, code: str, groups: list[str], playing: str, full: bool) -> None:
        finished = int(self.listing["finished"].sum()) if len(self.listing) else 0
        xallies = int(self.frame.game.nunique()) if len(self.frame) else 0
        state = "closed: it takes no more games" if self.closed else "open"
        names = ", ".join(html.escape(g) for g in groups) or "none yet"
        self.status.value = (f"<b>Class {code}</b> is {state}. Groups: {len(groups)} ({names}). "
                             f"<b>{finished}</b> finished game{'s' if finished != 1 else ''}, {playing}. "
                             f"<span style='color:#666'>Updated {time.strftime('%H:%M:%S')}.</span>")
        self.games_view.value = "<h3>Games by game and group</h3>" + TABLE_STYLE + (
            _table(self.listing) if len(self.listing) else "<p>No game stored yet: the groups' games appear here "
                                                           "as they play.</p>")
        self.group_view.value = "<h3>XAllies games per group</h3>" + TABLE_STYLE + (
            _table(self.groups) if len(self.groups) else
            f"<p>{'No group has played XAllies yet' if groups else 'No group has joined yet'}.</p>")
        if full:
            self._draw_numbers(code, xallies)
        self.text.value = ("<pre style='font-size:12px'>" + html.escape(
            f"Games by game and group:\n{self.listing.to_string() if len(self.listing) else 'none yet'}\n\n"
            f"XAllies games per group:\n{self.groups.to_string() if len(self.groups) else 'none yet'}\n\n"
            f"Our class beside the computer personas (XAllies):\n"
            f"{lab.readable(self.compared).to_string() if len(self.compared) else 'no games yet'}") + "</pre>")

    def _draw_numbers(self, code: str, finished: int) -> None:
        """The CSV links (one per game played), and the class's XAllies games beside the personas, the plots and
        the prompt (when a game ends)."""
        links, decisions = [], []
        seated = export.seatings(self.store(), code) if self.finished else {}
        for game in game_names():
            played = [g for g in self.finished if g.game == game]
            if not played:
                continue
            links.append(csv_link(export.players_csv(played, code, seated), f"{game}-class-{code}.csv",
                                  f"&#8681; {html.escape(game_title(game))}: {len(played)} finished "
                                  f"game{'s' if len(played) != 1 else ''} (CSV)", "xlib-class-csv"))
            decisions.append(csv_link(export.decisions_csv(played, code, seated), f"{game}-class-{code}-decisions.csv",
                                  f"&#8681; {html.escape(game_title(game))}: every decision, with who and when "
                                  f"(CSV)", "xlib-class-csv xlib-class-decisions"))
        self.csv_link.value = " &nbsp; ".join(links)
        self.decisions_link.value = " &nbsp; ".join(decisions)
        rules = self.rules
        rules_text = rules_words(rules)
        others = tables.other_rules(self.frame)
        if others:
            total = int(self.frame.game.nunique())
            rules_text += (f"; {others} of the class's {total} games were played under other rules, and are "
                           f"compared all the same")
        _show_plot(self.group_plot, plot_groups(self.groups) if finished and len(self.groups) else None)
        few = too_few(finished, "XAllies")
        self.compare_view.value = (
            f"<h3>Our class beside the computer personas</h3><p>Per game, with the personas' games played under "
            f"the class's own rules ({rules_text}); ± gives the 95% interval.</p>" + TABLE_STYLE
            + (f"<div class='xlib-prompt xlib-class-too-few'>{html.escape(few)}</div>" if few else "")
            + (_table(lab.readable(self.compared)) if len(self.compared) else "")
            + ("<p><i>The personas are playing their games…</i></p>" if self.waiting else ""))
        _show_plot(self.compare_plot, plot_rates(self.compared) if len(self.compared) else None)
        prompt = ""
        ours_rows = [m for m in self.compared.index if str(m).startswith(tables.CLASS_ROW)] if len(self.compared) else []
        if not few and len(self.compared) > len(ours_rows):
            ours = self.compared.loc[tables.CLASS_ROW]
            best = self.compared.drop(ours_rows).waste.idxmin()
            prompt = (f"{TABLE_STYLE}<div class='xlib-prompt'><b>Discuss.</b> Our groups wasted "
                      f"{ours.waste * 12:.1f} of the 12 black pieces per game and claimed {ours.cooperation * 12:.1f} "
                      f"through alliances; '{html.escape(str(best))}' wasted {self.compared.loc[best].waste * 12:.1f}. "
                      f"What did the groups do differently from the computers? When did a group take white pieces "
                      f"instead of forming an alliance, and did it pay?</div>")
        partners, strangers = tables.design_row("partners"), tables.design_row("strangers")
        if partners in ours_rows and strangers in ours_rows:
            p, q = self.compared.loc[partners], self.compared.loc[strangers]
            prompt += (f"<div class='xlib-prompt xlib-design-prompt'><b>Partners against strangers.</b> At tables "
                       f"that kept their partners round after round, players claimed {p.cooperation * 12:.1f} black "
                       f"pieces per game through alliances and wasted {p.waste * 12:.1f}; with new partners each "
                       f"round, {q.cooperation * 12:.1f} and {q.waste * 12:.1f} ({int(p.games)} and {int(q.games)} "
                       f"games). Did knowing you would meet the same players again change how you played? Who "
                       f"remembered a wasted piece in the next round?</div>")
        self.prompt.value = prompt
        self.results.layout.display = None

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until the personas' games in the background are played (tests)."""
        return self.worker.flush(timeout) if self.worker is not None else True


def plot_groups(groups: Any) -> Any:
    """Each group's finished games, and its mean score beside the computers' at its tables."""
    from matplotlib.ticker import MaxNLocator

    from .xallies_lab import _figure

    fig, (a1, a2) = _figure(9, 3.2, cols=2)
    names = [str(n) for n in groups.index]
    xs = list(range(len(names)))
    a1.bar(xs, groups["games"], color="#0072B2")
    a1.set_title("Finished games")
    a1.yaxis.set_major_locator(MaxNLocator(integer=True))   # a count: 0, 1, 2, never 0.5
    a2.bar([x - 0.2 for x in xs], groups["group's score"].fillna(0), 0.4, color="#009E73", label="the group")
    a2.bar([x + 0.2 for x in xs], groups["computers' score"].fillna(0), 0.4, color="#D55E00", hatch="//",
           label="the computers")
    a2.set_title("Mean score per seat")
    a2.legend(frameon=False)
    for a in (a1, a2):
        a.set_xlim(-0.6, max(len(xs), 3) - 0.4)   # one group's bar stays a bar, not the whole width
        a.set_xticks(xs)
        a.set_xticklabels(names, rotation=20, ha="right")
    fig.tight_layout()
    return fig
