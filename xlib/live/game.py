"""A game as it is played live: its position, who holds each seat, whose turn it is, and what happened.

A board shows a live game. A person's click, a computer seat's move and a classmate's move all reach the game
by one path, `play`, which checks the move, makes it the position and tells every listener a `Change`. The
game holds no widget: a LocalGame lives on one device (take back, play again, new games), and a class table
(xlib.live.table) keeps its moves in the class database, where the move number decides."""
from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any, Callable, Generator

from .. import agents, threads
from ..agents.chance import chance_move
from ..core import Move, State
from ..errors import XlibError

PERSON = "person"
COMPUTER = "computer"          # a seat for the game's default computer level

#: what moved a position on: this device's person, a computer seat, or another device at the same table
HERE, BY_COMPUTER, ELSEWHERE = "here", "computer", "elsewhere"


def seat_value(game: str, who: str) -> str:
    """A seat's value: "computer" stands for the game's default level."""
    if who == COMPUTER:
        return agents.default_for(game)
    return who


@dataclass(frozen=True)
class Change:
    """What changed in a live game. `kind` is "played" (one move, `before` to `after`, made by `source` for
    `seat`, with the computer's sentence in `said`), "reset" (the position was replaced: a new game, a record
    loaded, moves taken back or played again, a table read anew), "seats" (who plays a seat: a person or a
    computer) or "names" (the name of who holds a seat)."""

    kind: str
    before: State
    after: State
    seat: int | None = None
    source: str = HERE
    said: str = ""


Listener = Callable[[Change], None]


@dataclass(frozen=True)
class Decision:
    """A computer seat's move, and what puts it into words: asked once the move has landed, so the move shows at
    once. `thrown` when chance decided it (a shot), not the seat's player: each throw has its own sentence."""

    move: Move
    words: Callable[[], str]
    thrown: bool = False


class LiveGame:
    """One game as it is played: the position, the seats (a person, or a computer player by name), the names of
    those who hold them, and the listeners told of every change. What a device may do with it (take moves
    back, start a new game) depends on the kind of game."""

    #: whether moves can be taken back and played again on this device
    takes_back = True
    #: whether this device starts new games and changes the seats (at a class table, the teacher does)
    owns_game = True

    def __init__(self, state: State, seats: dict[int, str] | None = None, names: dict[int, str] | None = None,
                 seed: int = 0) -> None:
        self.state = state
        self.seed = seed
        self.seats: dict[int, str] = {p: seat_value(state.game.name, who) for p, who in (seats or {}).items()}
        self.names: dict[int, str] = dict(names or {})
        self.listeners: list[Listener] = []
        self.agents: dict[int, Any] = {}   # each computer seat's player, made when it first moves
        self.chance = random.Random(seed * 7919 + 17)   # chance drawn for computer seats (a thrown shot)

    @property
    def name(self) -> str:
        """The game's name ("xallies", "x", …)."""
        return self.state.game.name

    # ---- who plays ---------------------------------------------------------------------------------
    def seat(self, p: int) -> str:
        """Who plays seat `p` now: "person" or a computer player's name."""
        return self.seats.get(p, PERSON)

    def person_to_move(self) -> bool:
        """A person of this device is to move (at a table: this device's own seat)."""
        return self.state.to_move is not None and self.seat(self.state.to_move) == PERSON

    def computer_to_move(self) -> bool:
        """A computer seat is to move, and this device plays it."""
        return self.state.to_move is not None and self.seat(self.state.to_move) != PERSON

    def name_of(self, p: int) -> str:
        """The name of whoever holds seat `p` ("" when nobody gave one)."""
        return self.names.get(p, "").strip()

    def who(self, p: int, colour: str) -> str:
        """A seat in words, as HTML: the holder's name with the seat's colour, or the colour alone."""
        name = self.name_of(p)
        return f"{html.escape(name)} ({colour.lower()})" if name else colour

    def set_seat(self, p: int, who: str) -> None:
        """Seat a person ("person"), the default computer ("computer") or a computer player by name."""
        who = seat_value(self.name, who)
        names = {name for name, _ in agents.for_game(self.name, len(self.state.players))}
        if who != PERSON and who not in names:
            raise XlibError(f"no computer player {who!r} for {self.state.game.title}; choose person or one of "
                            f"{', '.join(sorted(names))}")
        if not 0 <= p < len(self.state.players):
            raise XlibError(f"there is no seat {p}: seats are 0 to {len(self.state.players) - 1}")
        self.seats[p] = who
        self.agents.pop(p, None)
        self._tell(Change("seats", self.state, self.state, p))

    def set_name(self, p: int, name: str) -> None:
        """Name whoever holds seat `p` (40 characters at most)."""
        self.names[p] = name[:40]
        self._tell(Change("names", self.state, self.state, p))

    # ---- moves -------------------------------------------------------------------------------------
    def play(self, move: Move | str, source: str = HERE, said: str = "") -> State:
        """Play `move` for the seat to move and tell the listeners; an illegal move raises IllegalMove with the
        rule's sentence and changes nothing."""
        before = self.state
        seat = before.to_move
        after = before.play(move)
        self._moved(after)
        self.state = after
        self._tell(Change("played", before, after, seat, source, said))
        return after

    def _moved(self, after: State) -> None:
        """What a kind of game does as a move is made (a local game forgets the moves it could play again)."""

    def computer_move(self) -> Generator[float, None, Decision | None]:
        """The decision of the computer seat to move: by chance where the seat would throw (a shot), else by its
        player (None where another device plays it). Where threads cannot start, the search runs in slices with
        a pause between them (the generator yields the pauses)."""
        state = self.state
        p = state.to_move
        if p is None:
            raise XlibError("the game is over: no seat is to move")
        drawn = chance_move(state, self.chance)
        if drawn is not None:
            thrown, sentence = drawn
            return Decision(thrown, lambda: sentence, thrown=True)
        agent = self.agent(p)
        steps = getattr(agent, "steps", None)
        if steps is None or threads.available():
            move: Move = agent.choose(state)
        else:
            search = steps(state)
            while True:
                try:
                    next(search)
                except StopIteration as done:
                    move = done.value
                    break
                yield 0.0
        reason = getattr(agent, "reason", None)
        return Decision(move, lambda: (reason() if callable(reason) else None) or "")

    def agent(self, p: int) -> Any:
        """The computer player of seat `p` (made when it first moves, seeded by the game and the seat)."""
        agent = self.agents.get(p)
        if agent is None:
            agent = self.agents[p] = agents.make_agent(self.seat(p), seed=self.seed * 10 + p)
        return agent

    # ---- the whole position --------------------------------------------------------------------------
    def replace(self, state: State, seed: int | None = None) -> None:
        """Make `state` the position (a new game, a record, a scene of a lesson): computer players start anew."""
        before = self.state
        self.state = state
        if seed is not None:
            self.seed = seed
            self.chance = random.Random(seed * 7919 + 17)
        self.agents.clear()
        if len(state.players) != len(before.players):
            self.seats = {p: s for p, s in self.seats.items() if p < len(state.players)}
        self._tell(Change("reset", before, state))

    def branch(self, state: State) -> "LocalGame":
        """A what-if line from `state` on this device: a local game beside this one, with the same computer seats
        and names (every other seat is this device's person), which never changes this game."""
        return LocalGame(state, dict(self.seats), dict(self.names), self.seed)

    def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)


class LocalGame(LiveGame):
    """A game on one device: every seat a person of this device or a computer; moves taken back and played
    again, new games and records loaded."""

    def __init__(self, state: State, seats: dict[int, str] | None = None, names: dict[int, str] | None = None,
                 seed: int = 0) -> None:
        super().__init__(state, seats, names, seed)
        self.redo_stack: list[State] = []
        self.floor: State | None = None   # Undo goes back no further (an exercise's given history)

    def _moved(self, after: State) -> None:
        self.redo_stack.clear()

    def undoable(self) -> bool:
        """Whether a move stands to be taken back: the position has a parent and is not the floor."""
        return self.state.parent is not None and self.state is not self.floor

    def standing(self) -> str:
        """What the last move says when it is chance's outcome (a shot), which Undo never takes back; else ''."""
        last = self.state.last_move
        return last.stands if last is not None and self.state.parent is not None else ""

    def undo(self) -> State | None:
        """Take back the last move, and the computer's replies, back to a person's move or to a chance outcome
        (a shot: it stands); the position before, or None when there was nothing to take back."""
        if not self.undoable() or self.standing():
            return None
        before = self.state
        while self.undoable() and not self.standing():
            assert self.state.parent is not None
            self.redo_stack.append(self.state)
            self.state = self.state.parent
            if self.person_to_move():
                break
        self._tell(Change("reset", before, self.state))
        return before

    def redo(self) -> State | None:
        """Play the moves taken back again, back to a person's move (the computer's replies too); the position
        before, or None when there was nothing to play again."""
        if not self.redo_stack:
            return None
        before = self.state
        while self.redo_stack:
            self.state = self.redo_stack.pop()
            if self.state.over or self.person_to_move():
                break
        self._tell(Change("reset", before, self.state))
        return before

    def replace(self, state: State, seed: int | None = None) -> None:
        self.redo_stack.clear()
        self.floor = None
        super().replace(state, seed)



__all__ = ["BY_COMPUTER", "COMPUTER", "Change", "ELSEWHERE", "HERE", "LiveGame", "LocalGame", "PERSON", "seat_value"]
