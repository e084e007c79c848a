"""Keeping a board's game on the student's device: the game is stored in the browser (a `Keeper`) as it changes,
and when the page opens again with a game kept there, the board offers it back ("Continue your game")."""
from __future__ import annotations

import html
import json
from typing import Any, Callable

import ipywidgets as w

from ..live import LiveGame, LocalGame
from .keeper import Keeper, offered_games, other_game_buttons
from .progress import page_progress
from .shown import Shown


def ago(seconds: Any) -> str:
    """'just now', '2 minutes ago', 'an hour ago', '3 days ago'."""
    s = int(seconds) if isinstance(seconds, (int, float)) else 0
    for size, one, many in ((86400, "a day", "days"), (3600, "an hour", "hours"), (60, "a minute", "minutes")):
        if s >= size:
            n = s // size
            return f"{one} ago" if n == 1 else f"{n} {many} ago"
    return "just now"


def kept_value(game: LiveGame, view_moves: int) -> dict[str, Any]:
    """The game as the device keeps it: its record, who sits where, the students' names."""
    state = game.state
    return {"game": game.name, "title": state.game.title, "record": state.record(), "moves": view_moves,
            "seats": {str(p): s for p, s in game.seats.items()},
            "names": {str(p): n for p, n in game.names.items() if n.strip()}}


class Keeping:
    """The game kept on the device under `key`, and its offer: `keeper` (the widget that stores it), `offer` (what
    the device had kept, while the board offers it back) and `anchor` (the board's place on the page, for the
    page's link down to it). `resume` is the board's: it takes a kept game back (or, given None, the game on the
    board stays)."""

    def __init__(self, key: str, anchor: str, shown: Shown, *, say: Callable[[str, str], None],
                 refresh: Callable[[], None], guard: Callable[[Callable[..., Any]], Callable[..., Any]],
                 resume: Callable[[dict[str, Any] | None], None]) -> None:
        self.shown = shown
        self.say, self.refresh, self.guard, self.resume = say, refresh, guard, resume
        self.keeper = Keeper(key)
        self.keeper.observe(guard(self.on_kept), names="loaded")
        self.anchor = anchor
        self.place = w.HTML(f"<a id='{anchor}'></a>", layout=w.Layout(height="0px"))
        self.offer: dict[str, Any] | None = None
        self.others: list[dict[str, Any]] = []   # older games kept on the device (other tabs'), offered too
        self._kept = ""

    @property
    def game_name(self) -> str:
        return self.shown.game.name

    def kept_value(self) -> dict[str, Any]:
        """The game as the device keeps it: its record, who sits where, the students' names."""
        return kept_value(self.shown.game, self.shown.moves_listed(self.shown.state))

    def keep(self) -> None:
        """Store the live game on the device whenever it changed (not before the device said what it had, and
        not while it offers that game back with none played on the board)."""
        if not self.keeper.loaded or (self.offer is not None and not self.shown.state.ply) or self.shown.line \
                or not isinstance(self.shown.game, LocalGame):   # a class table is kept in the class database
            return
        value = self.kept_value()
        text = json.dumps(value, sort_keys=True)
        if text != self._kept:
            self._kept = text
            self.keeper.store(value)

    def on_kept(self, change: dict[str, Any]) -> None:
        """The page has opened: offer back the game this device kept, when it is not the one on the board."""
        if not change["new"]:
            return
        offers = offered_games(self.keeper.read_all(), self.game_name, self.shown.state.record(),
                               self.shown.moves_listed)
        if not offers:
            self.keep()
            return
        (saved, count), others = offers[0], offers[1:]   # the newest first: every game kept is offered
        self.offer, self.others = saved, [g for g, _ in others]
        title = html.escape(str(saved.get("title")))
        also = "".join(f" Another game is kept too ({n}, {ago(g.get('age', 0))})." for g, n in others)
        self.say(f"Continue your game? ({count}, {title}, {ago(saved.get('age', 0))}) It was kept on this device."
                 f"{also}", "good")
        self.refresh()
        progress = page_progress(self.game_name)   # where the app's page opens: said there too, with a way down
        if progress is not None:
            progress.offer_game(f"<b>Your game of {title} is waiting</b> on the board below: {count}, kept on this "
                                f"device {ago(saved.get('age', 0))}.", self.anchor,
                                self.guard(lambda: self.continue_kept(True)))

    def offer_buttons(self) -> tuple[Any, ...]:
        """Continue your game, or a new one: in the place of the game's choices while the offer stands."""
        yes = w.Button(description="Continue your game", icon="play", button_style="success",
                       layout=w.Layout(width="auto", min_width="150px"))
        no = w.Button(description="New game", icon="plus", layout=w.Layout(width="auto", min_width="110px"))
        yes.add_class("xlib-continue")
        yes.on_click(self.guard(lambda _: self.continue_kept(True)))
        no.on_click(self.guard(lambda _: self.continue_kept(False)))
        return (yes, no, *other_game_buttons(self.others, self.guard(self.continue_kept)))

    def continue_kept(self, yes: bool = True, other: int | None = None) -> None:
        """Take the kept game back (its moves, seats and names), or another game kept (`other`), or leave them for
        the game on the board (they stay kept)."""
        saved, self.offer = self.offer if other is None else self.others[other], None
        self.others = []
        progress = page_progress(self.game_name)
        if progress is not None:
            progress.game_taken()
        self.resume(saved if yes else None)
