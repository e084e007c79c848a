"""A joined device at the class's live tables: it follows the class from the kernel's own loop, sits at the
table the teacher gives it (its board then shows the table), tells the class it is here while its page lives,
and says what the teacher changed (a table ended, the class's games cleared, its group removed).

The device proves it is the player with the pass the class gave it on joining, kept in the browser, so a
reload or a sleeping laptop comes back to the same seat."""
from __future__ import annotations

import html
import time
from typing import Any, Callable

from ..classroom import ClassError, ClassStore, StorageError
from ..classroom.live import ENDED, FINISHED, TableInfo
from ..live import LocalGame, TableGame
from ..live.watch import Watch
from ..board.board import Board

#: seconds between two signs of life a page sends the class (its browser asks the kernel every 3 s)
HERE_EVERY = 5.0


class ClassSeat:
    """Follows class `code` for player `name` (with their `passed` pass) beside `board`: `say(text, kind)` tells
    the student what happened; `cleared()` is called when the teacher cleared the class's games, `left(why)` when
    this page no longer holds the player (removed by the teacher, or another device joined as them)."""

    def __init__(self, board: Board, store: ClassStore, code: str, name: str, passed: str,
                 say: Callable[[str, str], None], cleared: Callable[[], None], left: Callable[[str], None],
                 watch: bool = True) -> None:
        self.board, self.store = board, store
        self.code, self.name, self.passed = code, name, passed
        self.say, self.cleared, self.left = say, cleared, left
        self.table: TableGame | None = None
        self.gone = False              # this page no longer holds the player (another device took over, removed)
        self.unreachable = False       # the class database did not answer the last time it was asked
        self.sent = 0.0
        self.finished_seen: int | None = None
        self.over_said: str | None = None     # the table whose game over this page has said
        self.removed_label = ""
        self.watch = Watch(store, code, self.follow)
        if watch:
            self.watch.start()

    # ---- the class, as the database has it ----------------------------------------------------------
    def follow(self) -> None:
        """Read what changed: the player's table (a new one, moves, seats, the end, or gone with a clear), and the
        class's games (fewer than before: the teacher cleared them). Nothing on the page changes when nothing did."""
        if self.gone:
            return
        try:
            seat = self.store.my_seat(self.code, self.name, self.passed)
            finished = self.store.activity(self.code).finished
            removed = seat is None and self.table is not None and not self._still_there(self.table)
        except StorageError as exc:   # the class database does not answer now: say so, and keep trying
            if not self.unreachable:
                self.unreachable = True
                self.say(f"✗ This page cannot reach class {html.escape(self.code)} at the moment ("
                         f"{html.escape(str(exc), quote=False)}). It keeps trying; nothing played here is lost.",
                         "illegal")
            return
        except ClassError as exc:
            self._leave(str(exc))
            return
        if self.unreachable:
            self.unreachable = False
            self.say(f"This page reaches class {html.escape(self.code)} again.", "good")
        dropped = self.finished_seen is not None and finished < self.finished_seen
        self.finished_seen = finished
        if removed:
            self._removed()
        if dropped or removed:
            self.cleared()
        if removed:
            self.say(f"The teacher cleared the class's games: {html.escape(self.removed_label)} and its game are "
                     f"removed. Your next table appears here when the teacher seats the next round.", "info")
        if seat is None:
            if self.table is not None and self.table.info.status not in (FINISHED, ENDED):
                self.table.sync()   # ended by the teacher: the board says so
                self.say(f"The teacher ended {html.escape(self.table.info.label)}. Your next table appears here "
                         f"when the teacher seats the next round.", "info")
            return
        info, p, ticket = seat
        if self.table is not None and self.table.key == info.key:
            self.table.sync()
            self._over()
            return
        self._sit(info, p, ticket)
        self._over()

    def _still_there(self, table: TableGame) -> bool:
        """Whether the class still has the table this page shows (a clear removes the tables with their games)."""
        try:
            self.store.table(self.code, table.key)
        except StorageError:
            raise
        except ClassError:
            return False
        return True

    def _removed(self) -> None:
        """The table this page showed was cleared: the board shows a new game of its own until the next table."""
        table = self.table
        assert table is not None
        self.removed_label = table.info.label
        self.table = None
        if self.board.game is table:
            self.board.use(LocalGame(table.state.game.start(seed=table.seed), seed=table.seed))

    def _over(self, _change: Any = None) -> None:
        """Say once, on every device of the table (the last mover's too), that its game is over and stored."""
        table = self.table
        if table is None or table.info.status != FINISHED or self.over_said == table.key:
            return
        self.over_said = table.key
        self.say(f"{html.escape(table.info.label)}'s game is over and stored for the class. Your next table "
                 f"appears here when the teacher seats the next round.", "good")

    def _sit(self, info: TableInfo, p: int, ticket: str) -> None:
        """Show the table the teacher gave this player on the board."""
        self.table = TableGame(self.store, self.code, info.key, p, ticket)
        self.table.listeners.append(self._over)   # the last move, this device's own too, ends the game here
        self.board.use(self.table)
        view, state = self.board.view, self.table.state
        others = [self.table.who(q, view.player_name(state, q)) if self.table.name_of(q) else
                  f"the computer ({html.escape(view.player_name(state, q).lower())})"
                  for q in range(len(state.players)) if q != p]
        self.say(f"You sit at <b>{html.escape(info.label)}</b> as <b>{html.escape(view.player_name(state, p))}</b>, "
                 f"with {', '.join(others[:-1]) + ' and ' + others[-1] if len(others) > 1 else others[0]}. "
                 f"Your moves are yours alone; the others play theirs on their own devices.", "good")

    def _leave(self, why: str) -> None:
        """This page no longer holds the player: it stops following the class and shows its own game again."""
        self.gone = True
        self.watch.stop()
        if self.table is not None and self.board.game is self.table:
            self.board.use(LocalGame(self.table.state.game.start(seed=self.table.seed), seed=self.table.seed))
        self.table = None
        self.left(why[:1].upper() + why[1:] + ".")

    # ---- this page is here ----------------------------------------------------------------------------
    def here(self, _change: Any = None) -> None:
        """The page answered its kernel (its browser lives): tell the class, at most every HERE_EVERY seconds."""
        now = time.monotonic()
        if self.gone or now - self.sent < HERE_EVERY:
            return
        self.sent = now
        try:
            self.store.here(self.code, self.name, self.passed)
        except ClassError:
            pass   # the next sign of life tries again; following the class says what went wrong

    def depart(self) -> None:
        """The student pressed Leave: the class frees their name for another device at once, then this page stops
        following it."""
        if not self.gone:
            try:
                self.store.depart(self.code, self.name, self.passed)
            except ClassError:
                pass   # the class or the player is gone already: nothing holds the name
        self.stop()

    def stop(self) -> None:
        """Stop following the class (the page left it); the board keeps the table's last position."""
        self.watch.stop()
        self.gone = True
