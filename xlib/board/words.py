"""What a board says: the status line (whose turn, the game's own words), the message box above the board (what a
move did, why a click was refused, the last move when there is nothing to say), the move list, the result at the
end, and the position in words for a screen reader. It listens to the live game's moves for what they made happen."""
from __future__ import annotations

import html
import re
from typing import Any, Callable

import ipywidgets as w

from ..core import State
from ..live import CLASSMATE, PERSON, Change
from . import shared
from .result import result_detail, result_title
from .shown import Shown
from .style import SIDE_WIDTH

#: the lines the move list shows at once (it scrolls for more): few enough that the buttons under it (Save,
#: Projector view) stay on a 1366×768 screen from the first move to the last
LOG_LINES = 5


def message_size(text: str, width: float = 440, lines: int = 3) -> float:
    """The font size (px) at which `text` fits the message box (`lines` lines of 14 px high, 64 px for three;
    `width` px wide): 14 px while it fits, a little smaller for a longer sentence, never below 12 px (a longer
    one scrolls in its box, which the keys scroll too), so a student can still read it."""
    plain = len(re.sub(r"<[^>]+>", "", text).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    for size, room in ((14.0, lines), (13.0, lines)):
        if plain <= room * width / (size * 0.5):
            return size
    return 12.0


class Words:
    """The board's sentences and the widgets that show them: `status`, `message`, `live` (the position in words,
    read on demand), `key_live` (moves and the keyboard's cursor, said as they happen), and on a board with
    controls the move list `log` (and on a full one `text_board`, the position as text). `repaint` redraws the
    board when what a move did is outlined."""

    def __init__(self, shown: Shown, controls: bool | str, repaint: Callable[[], None]) -> None:
        self.shown = shown
        self.repaint = repaint
        # as wide as the board's column and no wider (no margin beside it): the column never scrolls sideways
        self.status = w.HTML(layout=shared.layout(height="40px", overflow="hidden", width="0", min_width="100%",
                                                  margin="0"), style=shared.html_style())
        self.message = w.HTML(layout=shared.layout(height="64px", overflow="auto", margin="0 0 2px 0", width="0",
                                                   min_width="100%"), style=shared.html_style())
        self.live = w.HTML(layout=shared.layout(height="1px", width="1px", overflow="hidden"),
                           style=shared.html_style())
        # where the keyboard's cursor stands, said to a screen reader
        self.key_live = w.HTML(layout=w.Layout(height="1px", width="1px", overflow="hidden"))
        self.key_live.add_class("xlib-key-live")
        self.log: w.HTML | None = None
        self.text_board: w.HTML | None = None
        if controls:
            self.log = w.HTML(layout=shared.layout(width=f"{SIDE_WIDTH}px"), style=shared.html_style())
            self.log.add_class("xlib-log")
        if controls is True:
            self.text_board = w.HTML(style=shared.html_style(), layout=shared.layout())
        self.status.add_class("xlib-status")
        self.message.add_class("xlib-message")
        self.live.add_class("xlib-live")
        self.news: list[str] = []          # what the moves of this turn made happen
        self.news_marks: tuple[Any, ...] = ()
        self.quiet = True                  # nothing said: the message box shows the last move
        self.busy_said = False             # the message box says only that the board is busy
        self.message_lines = 3             # lines of 14 px the message box holds (an exercise's holds more)
        self._told: list[tuple[str, str]] | None = None
        self._told_ply: int | None = None

    # ---- the message box -------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Show a sentence in the message box above the board; a long one in smaller type, so it fits whole."""
        colour = {"info": "#222222", "illegal": "#B00020", "busy": "#6A4C00", "good": "#00603C"}[kind]
        icon = {"illegal": "✗ "}.get(kind, "")
        size = message_size(text, 480, self.message_lines)
        self.quiet = not text
        self.busy_said = False
        self.message.value = (f'<div style="color:{colour};line-height:1.3;font-size:{size}px">{icon}{text}</div>'
                              if text else self.last_move_line())

    def say_busy(self) -> None:
        """Say that the board is busy (what it does), to be unsaid when it is done unless something else is said."""
        assert self.shown.busy is not None
        self.say(self.shown.busy, "busy")
        self.busy_said = True

    def tell_news(self, prefix: str = "") -> None:
        """Say what the last moves made happen, and outline where."""
        text = " ".join(self.news[-3:])
        self.say(f"{prefix} {text}".strip(), "good" if text else "info")
        self.shown.marks = self.news_marks
        self.repaint()

    def heard(self, change: Change, alone: bool) -> None:
        """A move was played in the game shown: keep what it made happen (`alone`: what came before is dropped,
        a move from elsewhere is told by itself), and outline what the view outlines."""
        if alone:
            self.news, self.news_marks = [], ()
        text, marks = self.shown.view.news(change.before, change.after)
        if text:
            self.news.append(text)
        if marks:   # a view may outline what a move did without a word about it
            self.news_marks = self.news_marks + tuple(marks)
            self.shown.marks = self.news_marks

    def show_quiet(self) -> None:
        """With nothing said, the message box shows the last move (of the position shown)."""
        if self.quiet:
            self.message.value = self.last_move_line()

    def last_move_line(self) -> str:
        """What the message box shows when there is nothing to say: the last move, in grey."""
        entries = self.shown.view.log(self.shown.shown_state)
        if not entries:
            return ""
        move, words = entries[-1]
        return (f"<div style='color:#555555;line-height:1.3;font-size:13px'>Last move: <code>{html.escape(move)}"
                f"</code> {html.escape(words)}</div>")

    # ---- whose turn ------------------------------------------------------------------------------
    def status_line(self, shown: State) -> str:
        game, view = self.shown.game, self.shown.view
        text = view.status(shown)
        p = shown.to_move
        if not game.owns_game and p is not None and not shown.over and self.shown.browsing is None:
            text = f"{self.turn_words(p)} {text}"
        elif not shown.over and p is not None and game.name_of(p):
            text = f"{self.shown.who(p)}: {text}"
        if self.shown.line:
            text = f"What-if line {self.shown.line}. {text}"
        if self.shown.browsing is not None:
            text = f"Looking back at move {self.shown.browsing}. {text}"
        return text

    def show_status(self) -> None:
        self.status.value = f"<b>{self.status_line(self.shown.shown_state)}</b>"

    def turn_words(self, p: int) -> str:
        """Whose turn it is at a class table, by name: yours, a classmate's, or the computer's."""
        seat, who = self.shown.game.seat(p), self.shown.who(p)
        if seat == PERSON:
            return f"Your turn, {who}:"
        if seat == CLASSMATE:
            return f"{who} is choosing…"
        if self.shown.game.name_of(p):
            return f"{who} is away: the computer plays for them…"
        return f"The computer plays {who}…"

    def not_yours(self) -> str:
        """Why a click does not play now: whose turn it is."""
        p = self.shown.state.to_move
        if p is not None and self.shown.game.seat(p) == CLASSMATE:
            return f"It is {self.shown.who(p)}'s turn: their move shows here as soon as it is played."
        return "It is the computer's turn."

    def elsewhere(self, change: Change) -> str:
        """A move another device stored, in words: who played it, and its notation."""
        move = change.after.last_move
        who = self.shown.mover(change.seat) if change.seat is not None else "A player"
        return f"{who} played <code>{html.escape(str(move))}</code>." if move is not None else ""

    def result_panel(self, shown: State) -> tuple[Any, ...]:
        """At the end of a game: the result in words, in the place the game's own buttons had, beside the board
        and over none of it. New game and Undo stay where they were all game (New game is lit)."""
        view = self.shown.view
        detail = html.escape(result_detail(view, shown))
        # compact enough that a two-line title and a two-line detail stay inside the fixed-height button row
        title = w.HTML(f"<div class='xlib-result' style='line-height:1.22;color:#00603C'><b style='font-size:16px'>"
                       f"{html.escape(result_title(view, shown))}</b><div style='font-size:12.5px;"
                       f"line-height:1.2;color:#222222'>{detail}</div></div>", layout=w.Layout(width="100%"))
        return (title,)

    # ---- the move list and the position in words -------------------------------------------------
    def show_log(self, shown: State) -> None:
        if self.log is None:
            return
        entries = self.shown.view.log(shown)
        # one line per move, never wrapped (a long phrase ends in "…", whole in its tooltip and in what a
        # screen reader hears), so the list shows whole lines only
        lines = "".join(f"<div title='{html.escape(f'{i + 1}. {m} {p}'.strip(), quote=True)}' "
                        f"style='white-space:nowrap;overflow:hidden;text-overflow:ellipsis'>{i + 1}. "
                        f"<code>{html.escape(m)}</code>" + (f" {html.escape(p)}" if p else "") + "</div>"
                        for i, (m, p) in enumerate(entries)) or "<i>no moves yet</i>"
        # newest at the foot, and the list starts scrolled there: a reversed column keeps its end in view; it
        # holds LOG_LINES whole lines of 19 px, and is that high from the start, so nothing under it moves as
        # it fills; its lines stand at the top under the heading until they fill it (the free room goes below)
        flow = "display:flex;flex-direction:column-reverse;" if entries else ""
        self.log.value = (f"<div class='xlib-log-list' style='{flow}height:{LOG_LINES * 19}px;line-height:19px;"
                          f"overflow-y:auto'><div style='margin-bottom:auto'>{lines}</div></div>")

    def show_text(self, description: str) -> None:
        """The position as text, in its section of a full board."""
        if self.text_board is not None:
            self.text_board.value = f"<pre style='font-size:12px;line-height:1.25'>{description}</pre>"

    def show_live(self, shown: State, description: str) -> None:
        last = f"{html.escape(str(shown.last_move))} was played. " if shown.last_move is not None else ""
        # the position in words, in step with the board (read on demand: the moves are said in key_live)
        self.live.value = (f"<div class='xlib-ply' data-ply='{shown.ply}'>{last}"
                           f"{html.escape(self.status_line(shown))}<pre>{description}</pre></div>")
        self.say_moves(shown)

    def say_moves(self, shown: State) -> None:
        """Say each new move in the move list's words (the student's and the computer's), in the board's live
        region; a move taken back, or a position looked back at, is said by the message box instead."""
        entries = self.shown.view.log(shown)
        told = entries if self._told is None else self._told
        # the first entry not yet said as it stands: a new move, or a turn in progress now complete
        first = next((i for i, (a, b) in enumerate(zip(entries, told)) if a != b), min(len(entries), len(told)))
        forward = shown.ply > (shown.ply if self._told_ply is None else self._told_ply)
        if self.shown.browsing is None and forward and first < len(entries):
            new = [f"Move {i + 1}: {m}" + (f", {p}" if p else "") for i, (m, p) in enumerate(entries)][first:][-3:]
            self.key_live.value = f"<span>{html.escape('. '.join(new))}.</span>"
        self._told, self._told_ply = entries, shown.ply

