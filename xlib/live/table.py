"""A class table on this device: a live game whose moves are stored in the class database, which decides.

This device plays its own seat with the seat's ticket; a classmate's move, read from the database when the
doorbell rings (xlib.live.watch), reaches the board by the same path as a click. A seat nobody holds, or whose
holder is away, is played by the computer: the device that claims the move plays it. Moves are not taken
back and new games are the teacher's; a what-if line on this device is a local game beside the table."""
from __future__ import annotations

from typing import Any, Generator

from ..classroom import ClassError, ClassStore
from ..classroom.live import ENDED, FINISHED, SeatView, TableInfo, TableMoved, TableView
from ..core import Move, State
from ..errors import XlibError
from .game import BY_COMPUTER, ELSEWHERE, HERE, PERSON, Change, Decision, LiveGame, LocalGame

#: a seat held by a classmate at another device
CLASSMATE = "classmate"


class MoveRefused(XlibError):
    """The class database did not store a move (another came first, the table ended, the class closed): the
    sentence says why, and the game shows the table as it is."""


class TableGame(LiveGame):
    """A class table as this device sees it: `seat` is this device's seat (None to watch only, as the teacher's
    panel does), `ticket` its secret. Every seat but this device's is a classmate's or the computer's."""

    takes_back = False
    owns_game = False

    def __init__(self, store: ClassStore, code: str, key: str, seat: int | None = None,
                 ticket: str | None = None) -> None:
        view = store.table(code, key)
        super().__init__(view.state, seed=view.info.seed)
        self.store, self.code, self.key = store, code, key
        self.mine, self.ticket = seat, ticket
        self.info: TableInfo = view.info
        self.seat_views: tuple[SeatView, ...] = view.seat_views
        self._claim: str | None = None
        self._levels: dict[int, str] = {}   # the computer player each seat's agent was made for
        self._names()

    # ---- who plays ---------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether the table's game goes on (not over, nor ended by the teacher)."""
        return self.info.status not in (FINISHED, ENDED) and self.state.to_move is not None

    def seat(self, p: int) -> str:
        if p == self.mine:
            return PERSON
        view = self.seat_views[p] if p < len(self.seat_views) else None
        if view is None or view.by_computer:
            return view.agent if view is not None else self.info.level
        return CLASSMATE

    def person_to_move(self) -> bool:
        return self.playing and self.state.to_move == self.mine and self.mine is not None

    def computer_to_move(self) -> bool:
        """A seat the computer plays is to move, and this device sits at the table (a device that only watches,
        as a projected table does, leaves the computer's moves to the devices at it)."""
        return (self.mine is not None and self.playing and self.state.to_move is not None
                and self.seat(self.state.to_move) not in (PERSON, CLASSMATE))

    def away(self, p: int) -> bool:
        """Whether the holder of seat `p` is away (the computer plays for them until they come back)."""
        return p < len(self.seat_views) and self.seat_views[p].away

    def _names(self) -> None:
        self.names = {v.seat: v.name for v in self.seat_views if v.name}

    def set_seat(self, p: int, who: str) -> None:
        raise XlibError("at a class table the teacher seats the players: the seats cannot be changed here")

    def set_name(self, p: int, name: str) -> None:
        raise XlibError("at a class table each player's name is the one they joined the class with")

    # ---- moves ---------------------------------------------------------------------------------------
    def play(self, move: Move | str, source: str = HERE, said: str = "") -> State:
        """Store `move` as the table's next move (this device's seat, or the computer's move it claimed), then
        show it; refused by the database, MoveRefused says why and the game is read anew."""
        before = self.state
        after = before.play(move)   # the engine first: an illegal move is refused here, at once
        ticket = self._claim if source == BY_COMPUTER else self.ticket
        self._claim = None
        if ticket is None:
            raise MoveRefused("this device only watches this table: it holds no seat")
        try:
            stored = self.store.play(self.code, self.key, ticket, before.ply, str(after.last_move))
        except TableMoved as exc:
            self.sync()
            raise MoveRefused(f"Another move came first: {exc}.") from None
        except ClassError as exc:
            self.sync()
            raise MoveRefused(str(exc)[:1].upper() + str(exc)[1:] + ".") from None
        self.info = stored.info
        self.state = after
        self._tell(Change("played", before, after, before.to_move, source, said))
        return after

    def computer_move(self) -> Generator[float, None, Decision | None]:
        """The computer's move for a seat it plays, when this device claims it (None when another device has
        claimed it, or the move was played meanwhile)."""
        try:
            self._claim = self.store.claim(self.code, self.key, self.state.ply)
        except ClassError:
            self._claim = None
        if self._claim is None:
            return None
        decision = yield from super().computer_move()
        return decision

    def agent(self, p: int) -> Any:
        """The computer player of a seat the computer plays (made anew when the seat's level changed)."""
        if self._levels.get(p) != self.seat(p):
            self.agents.pop(p, None)
            self._levels[p] = self.seat(p)
        return super().agent(p)

    # ---- the table as the database has it ------------------------------------------------------------
    def sync(self) -> bool:
        """Read the table again: moves played elsewhere are played here (each told as a change from elsewhere),
        and seats or status that changed are told. Whether anything changed."""
        try:
            view = self.store.table(self.code, self.key)
        except ClassError:
            return False
        return self.follow(view)

    def follow(self, view: TableView) -> bool:
        """Bring the game in line with `view` of the table (read by this device or another part of the page)."""
        moves = [str(m) for m in view.record.get("moves", [])]
        mine = [str(m) for m in self.state.moves_played()]
        changed = False
        if moves[:len(mine)] != mine:   # the table was read anew from its start (never in normal play)
            before = self.state
            self.state = view.state
            self.info, self.seat_views = view.info, view.seat_views
            self._names()
            self._tell(Change("reset", before, self.state, source=ELSEWHERE))
            return True
        seats_changed = (_who_plays(view.seat_views) != _who_plays(self.seat_views)
                         or view.info.status != self.info.status)
        self.info, self.seat_views = view.info, view.seat_views
        if seats_changed:
            self._names()
        for text in moves[len(mine):]:
            before = self.state
            try:
                after = before.play(text)
            except XlibError:   # never in normal play: read the whole table again
                self.state = view.state
                self._tell(Change("reset", before, self.state, source=ELSEWHERE))
                return True
            self.state = after
            self._tell(Change("played", before, after, before.to_move, ELSEWHERE))
            changed = True
        if seats_changed:
            self._tell(Change("seats", self.state, self.state, source=ELSEWHERE))
        return changed or seats_changed

    def branch(self, state: State) -> LocalGame:
        """A what-if line on this device from `state`: every seat a person's here but the computer's."""
        seats = {p: self.seat(p) for p in range(len(state.players)) if self.seat(p) not in (PERSON, CLASSMATE)}
        return LocalGame(state, seats, dict(self.names), self.seed)


def _who_plays(seats: tuple[SeatView, ...]) -> tuple[tuple[int, str | None, str, bool], ...]:
    """Who plays each seat, as a device shows it: the holder, the computer player and whether the holder is away
    (not when each device last gave a sign of life, which changes every few seconds and shows nowhere)."""
    return tuple((s.seat, s.name, s.agent, s.away) for s in seats)


def seat_words(game: TableGame, p: int, colour: str) -> str:
    """Who plays seat `p` at the table, in words: 'you', a classmate's name, or the computer (for someone away)."""
    view = game.seat_views[p] if p < len(game.seat_views) else None
    if p == game.mine:
        return f"{game.who(p, colour)}: you"
    if view is None or view.name is None:
        return f"{colour}: the computer"
    if view.away:
        return f"{game.who(p, colour)}: away, the computer plays for them"
    return game.who(p, colour)
