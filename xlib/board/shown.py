"""What a board shows at a moment: the live game (or a what-if line beside it), the view that draws it, and what a
click, a key or a lesson has marked on it. The board's parts share this one small object instead of the board."""
from __future__ import annotations

from typing import Any

from .. import registry
from ..core import State
from ..live import CLASSMATE, PERSON, LiveGame
from .view import View


def view_for(game: str | State, **options: Any) -> View:
    """The view that draws a game: by name (with options) or for the game of a state."""
    if isinstance(game, State):
        name, options = game.game.name, dict(game.game.options)
    else:
        name = game
    cls = registry.view_class(name)
    view: View = cls(**options)
    return view


class Shown:
    """The game shown and how: `selection` (a click's half-made move), `marks` (places outlined), `browsing` (a
    history index the slider shows, None while live), `line` (0: the game; else a what-if line), `busy` (what the
    board is doing while the computer moves or a move is animated) and `locked` (a lesson's sentence that answers
    clicks instead of playing them)."""

    def __init__(self, game: LiveGame, view: View) -> None:
        self.game = game
        self.view = view
        self.selection: Any = None
        self.marks: tuple[Any, ...] = ()
        self.browsing: int | None = None
        self.line = 0
        self.busy: str | None = None
        self.locked: str | None = None

    @property
    def state(self) -> State:
        """The position of the game shown (the live game, or the what-if line being tried)."""
        return self.game.state

    @property
    def shown_state(self) -> State:
        """The position on the board: the one the history slider looks back at, else the game's."""
        return self.state.history()[self.browsing] if self.browsing is not None else self.state

    def forget(self) -> None:
        """Nothing selected, nothing outlined, the game live (a new position is shown)."""
        self.selection, self.browsing, self.marks = None, None, ()

    def who(self, seat: int) -> str:
        """A seat in words, as HTML: the student's name with the colour, or the colour alone."""
        return self.game.who(seat, self.view.player_name(self.state, seat))

    def moves_listed(self, state: State) -> int:
        """How many moves the move list shows for `state` (a turn of several decisions is one move there):
        every count the board says agrees with the list the student sees."""
        return len(self.view.log(state))

    def person_to_move(self) -> bool:
        return self.game.person_to_move()

    def interactive(self) -> bool:
        """Whether a click now may play: live, idle, unlocked, and a person's turn."""
        return self.browsing is None and self.busy is None and not self.locked and self.person_to_move()

    def mover(self, seat: int) -> str:
        """Who made the seat's move, as HTML: its student, or the computer for a student who is away ('The
        computer, playing for Chen (green),'), so that no move is credited to someone who did not make it."""
        who = self.who(seat)
        if self.game.seat(seat) in (PERSON, CLASSMATE) or not self.game.name_of(seat):
            return who
        return f"The computer, playing for {who},"
