"""The one game API: Move, State and Game base classes that every game module builds on.

The base classes hold what all games share: parsing and checking a move before it is
played, immutable states linked to their parent (history and undo), JSON records and
errors. A game subclass supplies only its rules: `_parse`, `_explain`, `_apply`, `moves`.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, Callable, ClassVar, Iterator, Sequence, final

from .errors import IllegalMove, NotationError, PositionError, XlibError
from .options import Option, resolve
from .rng import check_seed
from .text import non_ascii_digit

RECORD_VERSION = 1


class Move:
    """A move; `str(move)` is its notation. A move equals its notation text, and hashes as it does.

    A game's parser returns every move in its one canonical notation (an alias is read to the
    listed move's text), so comparing and hashing by the text is comparing moves. `origin` is the
    token of the position that made the move (set by State.moves and State.parse), or the token of
    its game (Game.token) for a move that means the same in every position of that game (a cell to
    place on, a pass): played where neither matches, the move is read again from its notation, so
    a move object from another game, board size or position is never misapplied."""

    __slots__ = ("text", "origin")
    #: what a move that chance decided says when Undo reaches it ('' for a move a player chose): once drawn, a
    #: chance outcome stands, as a die thrown does, so Undo takes back the moves after it and never redraws it
    stands: ClassVar[str] = ""

    def __init__(self, text: str) -> None:
        self.text = text
        self.origin: object = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("__eq__", "__hash__"):
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__} redefines {name}: moves compare and hash by their notation")

    @final
    def key(self) -> str:
        """What makes two moves the same move: the canonical notation."""
        return self.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


def _stamped(moves: Callable[[Any], list[Move]]) -> Callable[[Any], list[Move]]:
    """Wrap a game's moves() so that every move it lists is marked as made by that state."""

    @functools.wraps(moves)
    def listed(self: State) -> list[Move]:
        out = moves(self)
        try:
            token = self._token
        except AttributeError:
            token = self._token = object()
        for m in out:
            m.origin = token
        return out

    listed.stamps_origin = True  # type: ignore[attr-defined]
    return listed


class State:
    """An immutable game position with its history. Games subclass it and add their data.

    `_token` marks the moves a state made (Move.origin). By default each state has its own, and
    the base class marks every move its moves() lists. A move that means the same in every
    position (a cell or a well, checked by _explain) may carry the game's token (Game.token)
    instead: made once per game, it is played anywhere in that game without being read again. A
    game whose moves all do may give its states the game's token too; a game that marks its
    listed moves itself sets `moves.stamps_origin = True` to skip the per-call marking.

    play() is the hot path of every search and playout: a move this state or its game made is
    taken as it is, then `_explain` (the one legality check) and `_apply` run. A game may keep
    `over` in a slot of its own (set by _apply) rather than a property, to answer at once."""

    __slots__ = ("game", "seed", "parent", "last_move", "ply", "start_text", "_token")

    game: Game
    seed: int
    parent: State | None
    last_move: Move | None
    ply: int
    start_text: str | None
    _token: object  # marks the moves this state made (see Move.origin); made when first needed

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("moves")
        if own is not None and not getattr(own, "stamps_origin", False):
            setattr(cls, "moves", _stamped(own))

    # ---- what a game provides -------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """Index of the player to move; None once the game is over."""
        raise NotImplementedError

    def moves(self) -> list[Move]:
        """The legal moves (decisions) available now, in a stable order."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> tuple[float, ...]:
        raise NotImplementedError

    @property
    def winners(self) -> tuple[int, ...]:
        """Indices of the winners (several on a shared win); empty while the game goes on."""
        raise NotImplementedError

    def values(self) -> tuple[float, ...]:
        """The game's own evaluation of each player now (agents use it); the scores unless a game says more."""
        return tuple(float(v) for v in self.scores)

    def _parse(self, text: str) -> Move:
        raise NotImplementedError

    def _explain(self, move: Move) -> str | None:
        raise NotImplementedError

    def _apply(self, move: Move) -> "State":
        """A new state (game data only) after the legal `move`; history is linked by play()."""
        raise NotImplementedError

    def position_text(self) -> str:
        """The game's position text of this state (see RULES.md), read back by Game.position."""
        raise NotImplementedError(f"{self.game.name} has no position text")

    # ---- shared machinery ----------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def parse(self, text: str) -> Move:
        """The move that `text` names here; NotationError if it is not valid notation."""
        if not isinstance(text, str):
            raise NotationError(f"a move is given as notation text or a Move, not {type(text).__name__}")
        bad = non_ascii_digit(text)
        if bad is not None:
            raise NotationError(f"{bad!r} in {text!r} is not a digit 0-9: notation uses the ASCII digits only")
        move = self._parse(text.strip())
        if move.origin is not self.game.token:  # a move of the whole game keeps the game's token
            try:
                move.origin = self._token
            except AttributeError:
                move.origin = self._token = object()
        return move

    def _coerce(self, move: Move | str) -> Move:
        """`move` as a move of this position: one it or its game made as is, any other read again from its
        notation."""
        if isinstance(move, Move):
            origin = getattr(move, "origin", None)
            if origin is not None and (origin is self.game.token or origin is getattr(self, "_token", None)):
                return move
            return self.parse(move.text)
        return self.parse(move)

    def explain(self, move: Move | str) -> str | None:
        """None when `move` is legal here, else one sentence naming the rule that forbids it."""
        try:
            m = self._coerce(move)
        except NotationError as exc:
            return str(exc)
        if self.over:
            return "The game is over."
        return self._explain(m)

    def play(self, move: Move | str) -> "State":
        """The state after `move`; raises IllegalMove (a ValueError) and leaves this state as it was."""
        try:  # the common case first: a move listed here or made by the game (only a Move carries a token)
            origin = move.origin  # type: ignore[union-attr]
            known = origin is self.game.token or (origin is not None and origin is self._token)
        except AttributeError:  # text, or a state that has not marked a move yet
            known = False
        m: Move = move if known else self._coerce(move)  # type: ignore[assignment]
        reason = "The game is over." if self.over else self._explain(m)
        if reason is not None:
            raise IllegalMove(str(m), reason)
        child = self._apply(m)
        child.game = self.game
        child.seed = self.seed
        child.parent = self
        child.last_move = m
        child.ply = self.ply + 1
        child.start_text = self.start_text
        return child

    def _init_root(self, game: "Game", seed: int, start_text: str | None) -> None:
        self.game = game
        self.seed = seed
        self.parent = None
        self.last_move = None
        self.ply = 0
        self.start_text = start_text

    def undo(self) -> "State":
        """The state before the last move (undo is simply the previous state)."""
        if self.parent is None:
            raise XlibError("nothing to undo: this is the first position of the game")
        return self.parent

    def history(self) -> list["State"]:
        """Every state from the first position to this one."""
        out: list[State] = []
        s: State | None = self
        while s is not None:
            out.append(s)
            s = s.parent
        out.reverse()
        return out

    def moves_played(self) -> list[Move]:
        """The moves from the first position to this one."""
        return [s.last_move for s in self.history()[1:] if s.last_move is not None]

    @property
    def root(self) -> "State":
        s = self
        while s.parent is not None:
            s = s.parent
        return s

    def record(self) -> dict[str, Any]:
        """A JSON-safe record: game, options, seed, the starting position if any, and the moves."""
        rec: dict[str, Any] = {
            "format": "xlib-record",
            "version": RECORD_VERSION,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
        }
        if self.start_text is not None:
            rec["position"] = self.start_text
        rec["moves"] = [str(m) for m in self.moves_played()]
        return rec

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves())


class Game:
    """A game with its options fixed: makes starting states and reads position text."""

    name: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve(self.name, self.option_specs, options)
        #: the origin of the moves that mean the same in every position of this game (see Move)
        self.token: object = object()

    @property
    def players(self) -> tuple[str, ...]:
        raise NotImplementedError

    def start(self, seed: int = 0) -> State:
        """The first position of a new game; the seed drives every random event in it."""
        seed = check_seed(seed)
        state = self._start()
        state._init_root(self, seed, None)
        return state

    def position(self, text: str, seed: int = 0) -> State:
        """A state from the game's position text (PositionError if the text is malformed)."""
        seed = check_seed(seed)
        if not isinstance(text, str):
            raise PositionError(f"position text must be a string, not {type(text).__name__}")
        bad = non_ascii_digit(text)
        if bad is not None:
            raise PositionError(f"{bad!r} in the position text is not a digit 0-9: position text uses the "
                                f"ASCII digits only")
        text = text.strip()
        state = self._position(text)
        state._init_root(self, seed, text)  # the record keeps the text as given: read again, it is this state
        return state

    def _start(self) -> State:
        raise NotImplementedError

    def _position(self, text: str) -> State:
        raise PositionError(f"{self.name} has no position text")

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"xlib.game({self.name!r}{', ' if opts else ''}{opts})"


FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def grid_cell_names(size: int) -> tuple[str, ...]:
    """Names of the cells of a size × size grid, row by row: file letter then rank number (a1, b1, …)."""
    return tuple(f"{FILE_LETTERS[i % size]}{i // size + 1}" for i in range(size * size))


def grid(size: int, steps: Sequence[tuple[int, int]]) -> tuple[tuple[str, ...], dict[str, int],
                                                               tuple[tuple[int, ...], ...]]:
    """A size × size board: cell names, their indices, and each cell's neighbours by the (file, rank) steps."""
    names = grid_cell_names(size)
    neighbours = tuple(
        tuple((r + dr) * size + f + df for df, dr in steps if 0 <= f + df < size and 0 <= r + dr < size)
        for r in range(size) for f in range(size))
    return names, {name: i for i, name in enumerate(names)}, neighbours


def next_seat(current: int, count: int, active: Sequence[bool] | None = None) -> int:
    """The next player in seat order after `current`, skipping seats that are out of the game."""
    for step in range(1, count + 1):
        seat = (current + step) % count
        if active is None or active[seat]:
            return seat
    return current


def ranked_winners(scores: Sequence[float] | Sequence[Fraction]) -> tuple[int, ...]:
    """Players with the highest score (all of them on a tie)."""
    best = max(scores)
    return tuple(i for i, v in enumerate(scores) if v == best)
