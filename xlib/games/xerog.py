"""Xero-G (RULES.md section 4, after Gyges): ships fly legs, boost off pyramids or reprogram them.

Pyramids belong to nobody: a player flies a pyramid of their home row. A flight is searched
leg by leg; the board does not change during a flight (the start square counts as empty once
left), so all that matters of a flight is where its legs can end (see FlightSearch). Moves are
outcomes: flights that leave the same board are one move, listed once under one notation that
the parser reads every other flight with that outcome to, and every flight into the opponent's
base is the win. Each move keeps one witness flight (every square in order, the gates crossed,
the landings and the reprogram drop) so a board can animate it.

When a ship reprograms, the opponent's home row is read on the board as it is at the drop:
the ship on its landing square, the pyramid in hand (ours).
"""
from __future__ import annotations

import re
from itertools import permutations
from typing import Iterable, Iterator, NamedTuple

from ..core import Game, Move, State
from ..errors import NotationError, PositionError
from ..options import Option, choice, integer
from ..text import is_number

SIZE = 6
SQUARES = SIZE * SIZE
FILES = "abcdef"
SOUTH, NORTH = 0, 1
NAMES = ("South", "North")
BASE = (-1, -2)  # BASE[player]: that player's base, as a pseudo-square
SETUP_SET = (1, 1, 2, 2, 3, 3)
QUICK_ROW = (3, 2, 1, 1, 2, 3)
WINS, DRAW = "wins", "draw"  # a finished game's position text ends in one of these (RULES.md)


def sq_name(i: int) -> str:
    return SQ_NAMES[i]


# the squares' names by index; BASE[SOUTH] (-1) and BASE[NORTH] (-2) read from the end
SQ_NAMES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SQUARES)) + ("N", "S")


SquareSteps = tuple[tuple[int, int], ...]  # (destination, gate) for each step from a square
MoverSteps = tuple[SquareSteps, ...]       # every square's steps, for one mover


def _build_steps() -> tuple[tuple[MoverSteps, ...], tuple[str, ...]]:
    """For each mover, each square's steps as (destination, gate bit index); the gate names."""
    gate_names: list[str] = []
    gate_of: dict[tuple[int, int], int] = {}
    for i in range(SQUARES):
        f, r = i % SIZE, i // SIZE
        for j in ((i + 1) if f < SIZE - 1 else None, (i + SIZE) if r < SIZE - 1 else None):
            if j is not None:
                gate_of[(i, j)] = gate_of[(j, i)] = len(gate_names)
                gate_names.append(f"{sq_name(i)}|{sq_name(j)}")
    base_gate: dict[tuple[int, int], int] = {}
    for base, rank in ((BASE[NORTH], SIZE - 1), (BASE[SOUTH], 0)):
        for f in range(SIZE):
            i = rank * SIZE + f
            base_gate[(i, base)] = len(gate_names)
            gate_names.append(f"{sq_name(i)}|{sq_name(base)}")
    per_mover: list[MoverSteps] = []
    for mover in (SOUTH, NORTH):
        target = BASE[1 - mover]  # the opponent's base: the only base a ship may enter
        rows: list[SquareSteps] = []
        for i in range(SQUARES):
            f, r = i % SIZE, i // SIZE
            steps = [(j, gate_of[(i, j)]) for j in (i - SIZE if r > 0 else None, i + SIZE if r < SIZE - 1 else None,
                                                   i - 1 if f > 0 else None, i + 1 if f < SIZE - 1 else None)
                     if j is not None]
            if (i, target) in base_gate:
                steps.append((target, base_gate[(i, target)]))
            rows.append(tuple(steps))
        per_mover.append(tuple(rows))
    return tuple(per_mover), tuple(gate_names)


STEPS, GATE_NAMES = _build_steps()
# the same with each gate's bit too, (destination, gate, 1 << gate), for the search
GATED_STEPS = tuple(tuple(tuple((nxt, gate, 1 << gate) for nxt, gate in steps) for steps in per_square)
                    for per_square in STEPS)


class Flight(NamedTuple):
    """A witness flight: every square in order, the gates crossed, the landings, the reprogram drop."""

    squares: tuple[int, ...]      # start, then every square stepped on (a base as BASE[p])
    gates: tuple[int, ...]
    landings: tuple[int, ...]     # the end of each leg
    drop: int | None = None       # where the reprogrammed pyramid went

    def notation(self) -> str:
        text = "-".join([SQ_NAMES[self.squares[0]], *[SQ_NAMES[s] for s in self.landings]])
        return text if self.drop is None else f"{text}>{SQ_NAMES[self.drop]}"

    def gate_names(self) -> list[str]:
        return [GATE_NAMES[g] for g in self.gates]


class Fly(Move):
    """A flight, named by its witness's notation. Flights that leave the same board are one move,
    listed once under the first witness found; every flight into the opponent's base is the win."""

    __slots__ = ("drop", "_witness")

    def __init__(self, flight: Flight, text: str | None = None) -> None:
        super().__init__(text or flight.notation())
        self.drop = flight.drop
        self._witness = flight  # the flight, but perhaps for the drop (see FlightSearch.outcomes)

    @property
    def start(self) -> int:
        return self._witness.squares[0]

    @property
    def end(self) -> int:
        """Where the last leg ends (a base as BASE[p])."""
        return self._witness.landings[-1]

    @property
    def flight(self) -> Flight:
        """The witness flight: every square in order, the gates crossed, the landings and the drop."""
        witness = self._witness
        if witness.drop != self.drop:
            witness = self._witness = witness._replace(drop=self.drop)
        return witness

    @property
    def wins(self) -> bool:
        """True for the flight into the opponent's base."""
        return self.end < 0


class Setup(Move):
    """Arrange a back row: the pip counts from file a to f, `setup 321123`."""

    __slots__ = ("row",)

    def __init__(self, row: tuple[int, ...]) -> None:
        super().__init__("setup " + "".join(map(str, row)))
        self.row = row


class Pass(Move):
    """No flight: only when no pyramid of any occupied rank can move."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")


PASS = Pass()
WIN_KEY = -1  # the outcome of every flight into the base
SETUPS = tuple(Setup(row) for row in sorted(set(permutations(SETUP_SET))))
_SQ_RE = r"[a-f][1-6]"
_FLIGHT_RE = re.compile(rf"({_SQ_RE})((?:-{_SQ_RE})*)(?:-([NS])|>({_SQ_RE}))?")


class XeroG(Game):
    name = "xerog"
    title = "Xero-G"
    option_specs = (
        Option("first", "south", "who sets up and flies first: 'south' or 'north'", choice("south", "north"),
               label="Who arranges a row and flies first",
               words=(("south", "South, from rank 1"), ("north", "North, from rank 6"))),
        Option("quick_start", False, "skip the set-up: both back rows 321123", choice(False, True),
               label="Quick start: skip the set-up",
               words=((False, "no, each player sets up the back row"),
                      (True, "yes, both back rows large, medium, small, small, medium, large"))),
        Option("repetitions", 3, "a position seen this many times is a draw (None: never)",
               integer(2, allow_none=True), label="A position seen this many times is a draw", blank="never"),
        Option("max_plies", 300, "a draw after this many moves of flying (None: no limit)", integer(1, allow_none=True),
               label="A draw after this many flights", blank="no limit"),
    )

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def _start(self) -> "XeroGState":
        first = SOUTH if self.options["first"] == "south" else NORTH
        if self.options["quick_start"]:
            board = QUICK_ROW + (0,) * (SQUARES - 2 * SIZE) + QUICK_ROW
            return XeroGState._make(self, board, first, 0)
        return XeroGState._make(self, (0,) * SQUARES, first, 0, setups_left=2)

    def _position(self, text: str) -> "XeroGState":
        parts = text.split()
        if len(parts) not in (2, 3) or parts[2:] not in ([], [WINS], [DRAW]):
            raise PositionError("a Xero-G position is the ranks 6 to 1 joined by /, a space, and S or N, "
                                "e.g. '321123/000000/000000/000000/000000/321123 S'; a finished game adds "
                                f"'{WINS}' or '{DRAW}'")
        rows = parts[0].split("/")
        if len(rows) != SIZE:
            raise PositionError(f"the position has {len(rows)} ranks, not 6")
        board = [0] * SQUARES
        for k, row in enumerate(rows):
            r = SIZE - 1 - k
            if len(row) != SIZE or any(ch not in "0123" for ch in row):
                raise PositionError(f"rank {r + 1} ({row!r}) needs six digits 0–3 (0 empty, else the pips)")
            for f, ch in enumerate(row):
                board[r * SIZE + f] = int(ch)
        if parts[1] not in ("S", "N"):
            raise PositionError(f"the side to move is S or N, not {parts[1]!r}")
        sizes = [board.count(p) for p in (1, 2, 3)]
        if sizes != [4, 4, 4]:
            raise PositionError(f"a Xero-G position holds 12 pyramids, four of each size; this one has "
                                f"{sizes[0]} small (1), {sizes[1]} medium (2) and {sizes[2]} large (3)")
        s = XeroGState._make(self, tuple(board), "SN".index(parts[1]), 0)
        if parts[2:] == [DRAW]:
            s.result = (SOUTH, NORTH)
        elif parts[2:] == [WINS]:
            if not s.reaches_base():
                raise PositionError(f"{NAMES[s.mover]} has not won: no flight of {NAMES[s.mover]}'s home row reaches "
                                    f"{NAMES[1 - s.mover]}'s base on this board")
            s.result = (s.mover,)
        return s


class XeroGState(State):
    """A position: pips on every square, the side to move, the set-up still to come, the plies flown."""

    __slots__ = ("board", "mover", "setups_left", "flown", "result", "_moves", "_listed", "_named", "_pack",
                 "_homes")

    game: XeroG
    board: tuple[int, ...]
    mover: int
    setups_left: int
    flown: int                              # moves of flying (and passes) so far
    result: tuple[int, ...] | None          # the winners once over (both on a draw)
    _moves: tuple[Move, ...] | None
    _listed: dict[int, Fly] | None       # the listed flights by outcome (see outcome_key)
    _named: dict[str, Move] | None        # the listed moves by notation
    _pack: int | None                     # the board packed (see pack)
    _homes: list[int] | None              # the squares the listed flights start from

    @classmethod
    def _make(cls, g: XeroG, board: tuple[int, ...], mover: int, flown: int, setups_left: int = 0,
              result: tuple[int, ...] | None = None) -> "XeroGState":
        s = cls.__new__(cls)
        s.game = g
        s.board, s.mover, s.flown, s.setups_left, s.result = board, mover, flown, setups_left, result
        s._moves = s._listed = s._named = s._pack = s._homes = None
        return s

    # ---- reading the position ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.mover

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result or ()

    @property
    def scores(self) -> tuple[float, ...]:
        if self.result is None:
            return (0.0, 0.0)
        return tuple(1.0 / len(self.result) if p in self.result else 0.0 for p in (SOUTH, NORTH))

    @property
    def in_setup(self) -> bool:
        return self.setups_left > 0

    def pips(self, square: str) -> int:
        """Pips of the pyramid on `square` (0 when empty)."""
        return self.board[_square(square, square)]

    def home_rank(self, player: int | None = None) -> int | None:
        """The occupied rank (1–6) nearest `player`'s side, or None on an empty board."""
        return nearest_rank(self.board, self.mover if player is None else player)

    def reaches_base(self, player: int | None = None) -> bool:
        """Could `player` (default: the player to move) fly into the opponent's base from this board, were it
        their turn? A win in one for the player to move, a threat for the other; much cheaper than listing
        the moves, since the search looks for the base alone, stops at the first flight in and builds no
        moves. False during the set-up and once the game is over."""
        p = self.mover if player is None else player
        if self.setups_left or self.result is not None:
            return False
        if p == self.mover and self._moves is not None:
            return any(isinstance(m, Fly) and m.wins for m in self._moves)
        for starts in _home_row_candidates(self.board, p):
            if any(FlightSearch(self.board, p, s, stop="win").win is not None for s in starts):
                return True
            if any(FlightSearch(self.board, p, s, stop="any").moves_board() for s in starts):
                return False  # this rank can move, so it is the home row: no flight of it reaches the base
        return False

    # ---- move generation -------------------------------------------------------------------
    def moves(self) -> list[Move]:
        if self._moves is None:
            if self.result is not None:
                self._moves = ()
            elif self.setups_left:
                self._moves = SETUPS
            else:
                self._moves = tuple(self._flights()) or (PASS,)  # made for this state alone: marked as made
        if self._moves and not isinstance(self._moves[0], Fly):
            token = self._mark()
            for shared in self._moves:  # the set-ups and the pass serve every state: marked at each listing
                shared.origin = token
        return list(self._moves)

    # the flights are marked when made, the shared moves at each listing (see State and Move.origin)
    moves.stamps_origin = True  # type: ignore[attr-defined]

    def _mark(self) -> object:
        """The token that marks the moves this state made (see Move.origin)."""
        try:
            return self._token
        except AttributeError:
            self._token = object()
            return self._token

    def _packed(self) -> int:
        """The board packed (see pack), worked out once."""
        if self._pack is None:
            self._pack = pack(self.board)
        return self._pack

    def _flights(self) -> list[Fly]:
        """The legal flights from the home row (falling back rank by rank while none can move), kept by
        outcome too (see _index)."""
        found: dict[int, Fly] = {}
        token = self._mark()
        for starts in _home_row_candidates(self.board, self.mover):
            packed = self._packed()
            for start in starts:
                FlightSearch(self.board, self.mover, start).outcomes(found, packed, token)
            if found:
                break
        self._listed = found
        return list(found.values())

    def _index(self) -> dict[int, Fly]:
        """The listed flights by outcome (see outcome_key)."""
        if self._listed is None:
            self.moves()
            if self._listed is None:  # the set-up, the end of the game: no flight
                self._listed = {}
        return self._listed

    def home_row_squares(self) -> list[str]:
        """The squares of the pyramids the player to move may fly now."""
        starts = dict.fromkeys(m.start for m in self.moves() if isinstance(m, Fly))
        return [sq_name(sq) for sq in starts]

    # ---- notation ------------------------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if text == "pass":
            return PASS
        if text.startswith("setup"):
            digits = text[5:].strip()
            if len(digits) != 6 or not is_number(digits):
                raise NotationError(f"{text!r} is not a set-up: write setup and six pip counts, like setup 321123")
            row = tuple(int(d) for d in digits)
            return next((s for s in SETUPS if s.row == row), None) or Setup(row)
        read = read_flight(text)
        if read is None:
            raise NotationError(f"{text!r} is not Xero-G notation: a flight is its start and landing squares "
                                f"joined by -, like c1-c3-e3, with >sq for a reprogram drop (d1-d3>e5) or "
                                f"-N/-S into a base (a1-a4-a6-N)")
        start, landings, drop = read
        if not landings:
            raise NotationError(f"{text!r} names no landing square: a flight is written start-landing, like b1-b3")
        if self._moves is not None:
            if self._named is None:
                self._named = {m.text: m for m in self._moves}
            listed = self._named.get(text)
            if listed is not None:
                return listed  # written as listed: no need to search for it
        written = _Written(text, start, tuple(landings), drop)
        if self.result is None and not self.setups_left and self._written_problem(written) is None:
            # a legal flight: the listed move with its outcome, under that move's one notation
            return self._index()[outcome_key(self.board, start, landings[-1], drop, self._packed())]
        return written

    def _explain(self, move: Move) -> str | None:
        if isinstance(move, Setup):
            if not self.setups_left:
                return "The set-up is over: the back rows are arranged."
            if sorted(move.row) != list(SETUP_SET):
                return f"{move}: a back row holds 2 large, 2 medium and 2 small pyramids (the digits 3, 3, 2, 2, 1, 1)."
            return None
        if self.setups_left:
            return f"First {NAMES[self.mover]} arranges the back row, like setup 321123."
        listed = self.moves()
        if isinstance(move, Pass):
            return None if listed == [PASS] else "Passing is allowed only when no pyramid of any occupied rank can move."
        if isinstance(move, Fly):
            key = outcome_key(self.board, move.start, move.end, move.drop, self._packed())
            return None if self._index().get(key) is move else f"{move} is not a legal flight here."
        if isinstance(move, _Written):
            return self._written_problem(move)
        return f"{move} is not a Xero-G move."

    def _written_problem(self, w: "_Written") -> str | None:
        """None when the flight as written is legal here, else the rule it breaks."""
        board, mover = self.board, self.mover
        name = NAMES[mover]
        if w.landings[-1] == BASE[mover]:
            return f"{w}: {name}'s own base is never entered; fly into the opponent's base ({sq_name(BASE[1 - mover])})."
        if BASE[mover] in w.landings[:-1] or BASE[1 - mover] in w.landings[:-1]:
            return f"{w}: entering the base wins at once, so nothing can follow it."
        if not board[w.start]:
            return f"{w}: there is no pyramid on {sq_name(w.start)} to fly."
        listed = self.moves()
        if listed == [PASS]:
            return f"{w}: no pyramid of any occupied rank can move, so {name} must pass."
        if self._homes is None:   # worked out once: every flight written is checked against it
            self._homes = sorted({m.start for m in listed if isinstance(m, Fly)})
        homes = self._homes
        if w.start not in homes:
            names = [sq_name(i) for i in homes]
            home_rank = homes[0] // SIZE + 1
            rank = self.home_rank()
            extra = "" if rank is None or rank == home_rank else \
                f"; rank {rank} is nearer, but none of its pyramids can move"
            return (f"{w}: {sq_name(w.start)} is not in {name}'s home row: {name} flies the pyramids of rank "
                    f"{home_rank} ({', '.join(names)}){extra}.")
        flight, problem = match_flight(board, mover, w.start, w.landings, w.drop)
        if flight is None:
            return f"{w}: {problem}"
        if outcome_key(board, w.start, w.landings[-1], w.drop, self._packed()) == self._packed():
            return f"{w}: the flight leaves every square with the pips it had; the board must have changed."
        return None

    def _apply(self, move: Move) -> "XeroGState":
        g = self.game
        if isinstance(move, Setup):
            board = list(self.board)
            rank = 0 if self.mover == SOUTH else SIZE - 1
            board[rank * SIZE:(rank + 1) * SIZE] = move.row
            return XeroGState._make(g, tuple(board), 1 - self.mover, 0, self.setups_left - 1)
        if isinstance(move, Fly):
            if move.wins:
                return XeroGState._make(g, self.board, self.mover, self.flown + 1, result=(self.mover,))
            start, end, drop = move.start, move.end, move.drop
            s = XeroGState._make(g, board_after(self.board, start, end, drop), 1 - self.mover, self.flown + 1)
            s._pack = outcome_key(self.board, start, end, drop, self._packed())  # the board after, packed
        else:  # a pass
            s = XeroGState._make(g, self.board, 1 - self.mover, self.flown + 1)
            s._pack = self._pack
        s.result = self._draw_after(s)
        return s

    def _draw_after(self, s: "XeroGState") -> tuple[int, ...] | None:
        g = self.game
        if g.options["max_plies"] is not None and s.flown >= g.options["max_plies"]:
            return (SOUTH, NORTH)
        reps = g.options["repetitions"]
        if reps is not None:
            # every move hands the turn over, so the positions with s's mover to move are two moves apart;
            # equal packed boards are equal boards
            count, board = 1, s._packed()
            t = self.parent
            while isinstance(t, XeroGState) and not t.setups_left:
                if (t._pack if t._pack is not None else t._packed()) == board:
                    count += 1
                    if count >= reps:
                        return (SOUTH, NORTH)
                t = t.parent
                t = t.parent if t is not None else None
        return None

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        if self.setups_left:
            raise PositionError("a position text describes a position in play, after the set-up")
        rows = ["".join(str(self.board[r * SIZE + f]) for f in range(SIZE)) for r in range(SIZE - 1, -1, -1)]
        text = "/".join(rows) + " " + "SN"[self.mover]
        if self.result is None:
            return text
        return text + " " + (DRAW if len(self.result) == 2 else WINS)  # a win leaves the winner as the mover

    def __str__(self) -> str:
        if self.result is not None:
            head = "a draw" if len(self.result) == 2 else f"{NAMES[self.result[0]]} wins"
        elif self.setups_left:
            head = f"{NAMES[self.mover]} arranges the back row"
        else:
            head = f"{NAMES[self.mover]} to fly"
        lines = [f"Xero-G: {head}", "       North's base (N)"]
        for r in range(SIZE - 1, -1, -1):
            cells = " ".join("." if not self.board[r * SIZE + f] else str(self.board[r * SIZE + f]) for f in range(SIZE))
            lines.append(f"  {r + 1}  {cells}")
        lines.append("     " + " ".join(FILES))
        lines.append("       South's base (S)")
        if self.result is None and not self.setups_left:
            lines.append(f"  home row: {', '.join(self.home_row_squares()) or 'none can move: pass'}")
        return "\n".join(lines)


class _Written(Move):
    """A flight as a person wrote it that is not a legal move here; `explain` names the rule it breaks."""

    __slots__ = ("start", "landings", "drop")

    def __init__(self, text: str, start: int, landings: tuple[int, ...], drop: int | None) -> None:
        super().__init__(text)
        self.start, self.landings, self.drop = start, landings, drop


def read_flight(text: str) -> tuple[int, tuple[int, ...], int | None] | None:
    """The start, landings (a base as BASE[player]) and reprogram drop that a flight's notation names, as written
    (None when the text is no flight's notation)."""
    m = _FLIGHT_RE.fullmatch(text)
    if not m:
        return None
    landings = [_square(x, text) for x in m.group(2).split("-")[1:]]
    if m.group(3):
        landings.append(BASE[SOUTH] if m.group(3) == "S" else BASE[NORTH])
    return _square(m.group(1), text), tuple(landings), _square(m.group(4), text) if m.group(4) else None


def _square(text: str, whole: str) -> int:
    if not isinstance(text, str) or len(text) != 2 or text[0] not in FILES or text[1] not in "123456":
        raise NotationError(f"{text!r} in {whole!r} is not a square: files a–f, ranks 1–6, like c3")
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def _nearest_occupied(board: tuple[int, ...] | list[int], player: int) -> int | None:
    ranks = range(SIZE) if player == SOUTH else range(SIZE - 1, -1, -1)
    for r in ranks:
        if any(board[r * SIZE:(r + 1) * SIZE]):
            return r
    return None


def nearest_rank(board: tuple[int, ...] | list[int], player: int) -> int | None:
    """The occupied rank (1–6) nearest `player`'s side of `board`, or None on an empty board: the home row, and
    for the opponent of a reprogramming ship the rank beyond which its pyramid may not go."""
    r = _nearest_occupied(board, player)
    return None if r is None else r + 1


def _home_row_candidates(board: tuple[int, ...], player: int) -> Iterator[list[int]]:
    """The occupied squares of each occupied rank, nearest `player`'s side first: the home row is the
    first of these whose pyramids can move."""
    ranks = range(SIZE) if player == SOUTH else range(SIZE - 1, -1, -1)
    for r in ranks:
        starts = [r * SIZE + f for f in range(SIZE) if board[r * SIZE + f]]
        if starts:
            yield starts


def drop_squares(board: list[int], mover: int) -> list[int]:
    """Empty squares a reprogrammed pyramid may go to: not beyond the opponent's home row."""
    opp = 1 - mover
    home = _nearest_occupied(board, opp)
    if home is None:
        allowed = range(SIZE)
    elif mover == SOUTH:  # North's home row is the highest occupied rank; ranks above it are beyond
        allowed = range(0, home + 1)
    else:
        allowed = range(home, SIZE)
    return [r * SIZE + f for r in allowed for f in range(SIZE) if not board[r * SIZE + f]]


def pack(board: tuple[int, ...] | list[int]) -> int:
    """A board as one number, two bits a square: equal boards, equal numbers."""
    return sum(p << (2 * i) for i, p in enumerate(board))


def outcome_key(board: tuple[int, ...], start: int, end: int, drop: int | None, packed: int | None = None) -> int:
    """The move's identity: the board after the flight, packed (see pack); -1 for a flight into the base.
    Equal to pack(board) when the flight would leave the board unchanged (an illegal flight)."""
    if end < 0:
        return WIN_KEY
    if packed is None:
        packed = pack(board)
    if end == start:
        return packed  # back to the start: nothing changes
    ship, lifted = board[start], board[end]
    key = packed - (ship << (2 * start)) + ((ship - lifted) << (2 * end))
    return key if drop is None else key + (lifted << (2 * drop))


def board_after(board: tuple[int, ...], start: int, end: int, drop: int | None) -> tuple[int, ...]:
    """The board after a flight from `start` whose last leg ends on `end` (dropping that pyramid on `drop`)."""
    after = list(board)
    ship, lifted = after[start], after[end]
    after[start] = 0
    after[end] = ship
    if drop is not None:
        after[drop] = lifted
    return tuple(after)


# One way a leg can go: where its last step lands (a base as BASE[p]), the gate of that step, the gates it
# crosses as bits, and the squares and gates it goes through, in order.
Way = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


def leg_ways(b: list[int], gated: tuple[tuple[tuple[int, int, int], ...], ...], pos: int, steps: int) -> list[Way]:
    """Every way a leg of `steps` steps from `pos` can go on the board `b`, in the order of the steps (see
    GATED_STEPS): through empty squares only, never the same gate twice, its last step onto a square or a
    base. A flight ruling out more gates skips the ways that cross one of them."""
    ways: list[Way] = []

    def go(at: int, left: int, gates: int, squares: tuple[int, ...], crossed: tuple[int, ...]) -> None:
        for nxt, gate, bit in gated[at]:
            if gates & bit:
                continue
            if left > 1:  # pass through: only empty squares, never the base
                if nxt >= 0 and not b[nxt]:
                    go(nxt, left - 1, gates | bit, squares + (nxt,), crossed + (gate,))
            else:
                ways.append((nxt, gate, gates | bit, squares + (nxt,), crossed + (gate,)))

    go(pos, steps, 0, (), ())
    return ways


class _Stop(Exception):
    """Ends a search early once it has found what it was asked for."""


class FlightSearch:
    """Where the pyramid on `start` can end its legs: the squares of the search behind moves().

    The board does not change during a flight, so what matters is each leg's end: an empty square
    (the turn ends there), a pyramid (reprogram it, or boost from it), or the base. The ways a leg
    of so many steps can go from a square are listed once (leg_ways) and tried against the gates
    crossed so far. A boost from a pyramid continues with the gates still free; a boost from which
    even a flight free to recross gates could reach nothing new is not entered, and a boost from
    the same square with the same gates crossed is searched once. Single legs are searched first,
    so whatever one leg reaches is written as one leg. Each end keeps the first flight found to it
    (in the order of the steps) as its witness."""

    def __init__(self, board: tuple[int, ...], mover: int, start: int, stop: str | None = None) -> None:
        """Search every flight of the pyramid on `start`; stop="win" searches until one reaches the base,
        stop="any" until a leg ends on an empty square or the base."""
        self.board, self.mover, self.start = board, mover, start
        self.ends: dict[int, Flight] = {}      # empty squares where a leg ends (the start excluded)
        self.landings: dict[int, Flight] = {}  # pyramids where a leg ends
        self.win: Flight | None = None
        self.nodes = 0  # ways of legs tried
        self._stop = stop
        try:
            self._run()
        except _Stop:
            pass

    def _run(self) -> None:
        steps_of = STEPS[self.mover]
        gated = GATED_STEPS[self.mover]
        b = list(self.board)
        start = self.start
        ship = b[start]
        b[start] = 0  # the start square counts as empty once left
        ends, landings, stop = self.ends, self.landings, self._stop
        near = _gates_at(steps_of, 1 << start)  # the gates kept exact in the relaxed flights (see _state)
        # the relaxed bound costs a search of its own: a short search goes without it (a question about the
        # base, which it narrows down the most, sooner)
        reach: dict[int, int] | None = None
        first = _state(start, ship, -1, 0)
        # what is still to find: bit sq for an end or landing on sq, WIN_BIT for the base (a question
        # about the base looks for the base alone)
        missing = WIN_BIT if stop == "win" else (1 << (SQUARES + 1)) - 1
        refine_at = BOUND_AFTER if stop != "win" else BOUND_AFTER // 4
        boosted: set[tuple[int, int]] = set()
        ways_from: dict[int, list[Way]] = {}
        nodes = 0
        boosting = False
        new_flight = tuple.__new__  # a Flight made straight from its fields

        def refine() -> None:
            """A long search: work out the relaxed bound, or keep the gates around what is still unfound exact
            too, for a tighter one."""
            nonlocal reach, near, refine_at
            if reach is None:
                reach = _relaxed_reach(b, steps_of, start, ship, near)
                refine_at = REFINE_AFTER
                return
            refine_at *= 4
            more = near | _gates_at(steps_of, reach[first] & missing)
            if more != near and more.bit_count() <= MAX_EXACT_GATES:
                near = more
                reach = _relaxed_reach(b, steps_of, start, ship, near)

        def leg(pos: int, left: int, gates: int, squares: tuple[int, ...], crossed: tuple[int, ...],
                legs: tuple[int, ...]) -> None:
            # every way the leg can go (see leg_ways), in the order of the steps; a boost is entered only if,
            # even ignoring the gates, something new can be reached from it
            nonlocal nodes, missing
            if nodes > refine_at:
                refine()
            ways = ways_from.get(pos << 2 | left)
            if ways is None:
                ways = ways_from[pos << 2 | left] = leg_ways(b, gated, pos, left)
            for nxt, gate, way_gates, way_squares, way_crossed in ways:
                if gates & way_gates:
                    continue
                nodes += 1
                if nxt < 0:  # the opponent's base, on the last step of a leg: the win
                    if self.win is None:
                        self.win = new_flight(Flight, (squares + way_squares, crossed + way_crossed, legs + (nxt,),
                                                       None))
                        missing &= ~WIN_BIT
                        if stop is not None:
                            raise _Stop
                    continue
                p = b[nxt]
                if not p:
                    if nxt != start and nxt not in ends:
                        ends[nxt] = new_flight(Flight, (squares + way_squares, crossed + way_crossed, legs + (nxt,),
                                                        None))
                        missing &= ~(1 << nxt)
                        if stop == "any":
                            raise _Stop
                    continue
                if nxt not in landings:
                    landings[nxt] = new_flight(Flight, (squares + way_squares, crossed + way_crossed, legs + (nxt,),
                                                        None))
                    missing &= ~(1 << nxt)
                now = gates | way_gates
                if not boosting or (nxt, now) in boosted or reach is not None and \
                        not reach[(now & near) << 17 | nxt << 10 | p << 7 | gate + 1] & missing:
                    continue  # boosted from here with these very gates crossed already, or nothing new ahead
                boosted.add((nxt, now))
                leg(nxt, p, now, squares + way_squares, crossed + way_crossed, legs + (nxt,))

        try:
            boosting = False  # single legs first, so that what one leg reaches has a one-leg witness
            leg(start, ship, 0, (start,), (), ())
            boosting = True
            leg(start, ship, 0, (start,), (), ())
        finally:
            self.nodes = nodes

    def moves_board(self) -> bool:
        """Did the search find a flight that changes the board (any end, the win, or a reprogram)?"""
        if self.ends or self.win is not None:
            return True
        probe: dict[int, Fly] = {}
        self.outcomes(probe)
        return bool(probe)

    def outcomes(self, found: dict[int, Fly], packed: int | None = None, origin: object = None) -> None:
        """Add a move for each outcome not yet in `found` (keyed by outcome_key), marked with `origin`
        (see Move.origin): the win, each empty end, then each pyramid landing with each allowed drop square.

        A reprogram lists a move per drop square, so the moves are made here at the least cost, without
        __init__: a move's witness is the landing's flight, with the drop put in when it is asked for."""
        board, start = self.board, self.start
        if packed is None:
            packed = pack(board)
        new = object.__new__
        if self.win is not None and WIN_KEY not in found:
            found[WIN_KEY] = fly = Fly(self.win)
            fly.origin = origin
        ship = board[start]
        left = packed - (ship << (2 * start))  # the board with the start square empty
        for end, flight in self.ends.items():
            key = left + (ship << (2 * end))
            if key not in found:
                found[key] = fly = new(Fly)
                fly.text, fly.origin, fly.drop, fly._witness = flight.notation(), origin, None, flight
        for end, flight in self.landings.items():
            after = list(board)
            after[start] = 0
            after[end] = ship
            lifted = board[end]
            text = flight.notation() + ">"
            landed = left + ((ship - lifted) << (2 * end))
            for d in drop_squares(after, self.mover):
                key = landed + (lifted << (2 * d))
                if key != packed and key not in found:
                    found[key] = fly = new(Fly)
                    fly.text, fly.origin, fly.drop, fly._witness = text + SQ_NAMES[d], origin, d, flight


WIN_BIT = 1 << SQUARES


def _state(pos: int, left: int, came: int, near: int) -> int:
    """A search state with the gates set aside, save a few kept exact: the square, the steps left in the
    leg, the gate just crossed (-1: none), and which of the exact gates are crossed (as gate bits, `near`).
    FlightSearch computes the same number inline."""
    return (near << 17) | (pos << 10) | (left << 7) | (came + 1)


BOUND_AFTER = 1000     # ways of legs tried before the relaxed bound is worked out
REFINE_AFTER = 4000    # ways of legs tried before it is tightened (and four times as many after)
MAX_EXACT_GATES = 8    # at most this many gates kept exact in the relaxed flights


def _gates_at(steps_of: MoverSteps, targets: int) -> int:
    """The gates (as gate bits) into the squares of `targets` (bit sq), and into the base for WIN_BIT."""
    gates = 0
    for sq in range(SQUARES):
        if targets >> sq & 1:
            gates |= sum(1 << gate for _, gate in steps_of[sq])
    if targets & WIN_BIT:
        gates |= sum(1 << gate for steps in steps_of for nxt, gate in steps if nxt < 0)
    return gates


def _relaxed_reach(b: list[int], steps_of: MoverSteps, start: int, ship: int, near_gates: int) -> dict[int, int]:
    """For each state of a flight from `start`, what it could still reach if every gate but `near_gates`
    could be crossed any number of times, except straight back: a bit mask of ends and landings (bit sq)
    and WIN_BIT.

    Relaxing the gates can only add flights, so a state whose mask holds nothing new can be skipped. The
    start square's own gates are kept exact: the squares next to the start are where the relaxed
    flights most often differ from the true ones; a long search adds the gates around what it has not
    found yet."""
    succ: dict[int, list[int]] = {}
    reach: dict[int, int] = {}
    todo = [(start, ship, -1, 0)]
    while todo:
        pos, left, came, near = todo.pop()
        here = _state(pos, left, came, near)
        if here in succ:
            continue
        nexts: list[int] = []
        mask = 0
        for nxt, gate in steps_of[pos]:
            bit = 1 << gate
            if gate == came or near & bit:
                continue
            after = near | (bit & near_gates)
            if left > 1:
                if nxt >= 0 and not b[nxt]:
                    nexts.append(_state(nxt, left - 1, gate, after))
                    todo.append((nxt, left - 1, gate, after))
            elif nxt < 0:
                mask |= WIN_BIT
            elif not b[nxt]:
                if nxt != start:
                    mask |= 1 << nxt
            else:
                mask |= 1 << nxt
                nexts.append(_state(nxt, b[nxt], gate, after))
                todo.append((nxt, b[nxt], gate, after))
        succ[here] = nexts
        reach[here] = mask
    # what a state reaches flows back to every state before it, until nothing changes
    before: dict[int, list[int]] = {t: [] for t in succ}
    for here, nexts in succ.items():
        for t in nexts:
            before[t].append(here)
    work = list(succ)
    while work:
        t = work.pop()
        mask = reach[t]
        for here in before[t]:
            if mask & ~reach[here]:
                reach[here] |= mask
                work.append(here)
    return reach


def search_flights(board: tuple[int, ...], mover: int, start: int, found: dict[int, Fly]) -> int:
    """Add every outcome of flying the pyramid on `start` to `found`; return the search nodes (ways of legs tried)."""
    search = FlightSearch(board, mover, start)
    search.outcomes(found)
    return search.nodes


def place_name(square: int | str) -> str:
    """A square by its name, a base in words ("North's base"), as messages say them."""
    name = SQ_NAMES[square] if isinstance(square, int) else square
    return {"N": "North's base", "S": "South's base"}.get(name, name)


def gate_words(gate: int) -> str:
    """A gate as the lesson names it: the side between two squares, "the gate between c4 and c5" (or between
    a square of the last rank and the base beyond it)."""
    a, b = GATE_NAMES[gate].split("|")
    return f"the gate between {place_name(a)} and {place_name(b)}"


def _leg_walks(b: list[int], steps_of: MoverSteps, pos: int, left: int, goal: int | None, gates: int,
               squares: tuple[int, ...], crossed: tuple[int, ...], relax: str
               ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every way a leg of `left` steps from `pos` ends on `goal` (anywhere when None): the gates crossed by then
    as bits, the squares and the gates in order. relax="gates" lets gates be recrossed, relax="empty" lets
    the leg pass through pyramids (to find why no flight exists)."""
    for nxt, gate in steps_of[pos]:
        bit = 1 << gate
        if gates & bit and relax != "gates":
            continue
        if nxt < 0:   # a base: only on the last step of a leg
            if left == 1 and (goal is None or nxt == goal):
                yield gates | bit, squares + (nxt,), crossed + (gate,)
            continue
        if left > 1:
            if not b[nxt] or relax == "empty":
                yield from _leg_walks(b, steps_of, nxt, left - 1, goal, gates | bit, squares + (nxt,),
                                      crossed + (gate,), relax)
        elif goal is None or nxt == goal:
            yield gates | bit, squares + (nxt,), crossed + (gate,)


def _route(b: list[int], steps_of: MoverSteps, ship: int, start: int, landings: tuple[int, ...],
           relax: str = "") -> Flight | None:
    """The first flight from `start` (its square already emptied in `b`) through exactly these landings."""
    last = len(landings) - 1

    def search(k: int, pos: int, gates: int, squares: tuple[int, ...], crossed: tuple[int, ...]) -> Flight | None:
        steps = ship if k == 0 else b[landings[k - 1]]
        for g2, sq2, cr2 in _leg_walks(b, steps_of, pos, steps, landings[k], gates, squares, crossed, relax):
            if k == last:
                return Flight(sq2, cr2, landings)
            found = search(k + 1, landings[k], g2, sq2, cr2)
            if found is not None:
                return found
        return None

    return search(0, start, 0, (start,), ()) if landings else Flight((start,), (), ())


def gate_in_the_way(board: tuple[int, ...] | list[int], mover: int, start: int, closed: Iterable[int], at: int,
                    steps: int, goal: int | None = None) -> int | None:
    """The gate a leg of `steps` steps from `at` would have to cross again, the gates `closed` being crossed
    already this turn (the ship left `start`): the one a person looks at, on the way that crosses the fewest
    closed gates and keeps closest to `goal` (any end when None). None when some way needs no closed gate, or
    when no way gets through even with every gate open (squares in the way are taken)."""
    steps_of = STEPS[mover]
    b = list(board)
    b[start] = 0
    shut = set(closed)

    def distance(sq: int) -> int:
        if goal is None:
            return 0
        if goal < 0:
            edge = SIZE - 1 if goal == BASE[NORTH] else 0
            return 0 if sq < 0 else abs(sq // SIZE - edge) + 1
        return 0 if sq < 0 else abs(sq % SIZE - goal % SIZE) + abs(sq // SIZE - goal // SIZE)

    best: tuple[tuple[int, int, int], int] | None = None
    for _, squares, crossed in _leg_walks(b, steps_of, at, steps, goal, 0, (at,), (), "gates"):
        blocked = [k for k, g in enumerate(crossed) if g in shut or g in crossed[:k]]
        if not blocked:
            return None
        score = (len(blocked), sum(distance(s) for s in squares[1:]), blocked[0])
        if best is None or score < best[0]:
            best = (score, crossed[blocked[0]])
    return None if best is None else best[1]


def leg_ends(board: tuple[int, ...] | list[int], mover: int, start: int, closed: Iterable[int], at: int,
             steps: int) -> set[int]:
    """Where a leg of `steps` steps from `at` can end (squares, or the opponent's base), the gates `closed`
    being crossed already this turn and the ship having left `start`."""
    b = list(board)
    b[start] = 0
    gates = sum(1 << g for g in set(closed))
    return {squares[-1] for _, squares, _ in _leg_walks(b, STEPS[mover], at, steps, None, gates, (at,), (), "")}


def match_flight(board: tuple[int, ...], mover: int, start: int, landings: tuple[int, ...],
                 drop: int | None) -> tuple[Flight | None, str]:
    """A flight from `start` with exactly these landings (and drop), or None and the reason there is none."""
    steps_of = STEPS[mover]
    b = list(board)
    ship = b[start]
    b[start] = 0
    for at in landings[:-1]:
        if not b[at]:
            return None, f"{sq_name(at)} is empty, so the flight cannot boost from there (a leg ends there)."
    end = landings[-1]
    if end >= 0 and b[end] and drop is None:
        return None, (f"the flight lands on the pyramid on {sq_name(end)}: it must boost "
                      f"({sq_name(start)}-…-{sq_name(end)}-…) or reprogram it ({sq_name(start)}-…-{sq_name(end)}>sq).")
    if drop is not None and (end < 0 or not b[end]):
        return None, f"only a flight that lands on a pyramid can reprogram it, and {sq_name(end)} is empty."
    route = _route(b, steps_of, ship, start, landings)
    flight = None if route is None else Flight(route.squares, route.gates, landings, drop)
    if flight is None:
        return None, _why_no_route(board, b, mover, ship, start, landings)
    if drop is not None:
        after = list(b)
        after[end] = ship
        if after[drop]:
            return None, f"the drop square {sq_name(drop)} is occupied."
        if drop not in drop_squares(after, mover):
            return None, (f"{sq_name(drop)} is beyond the opponent's home row: a reprogrammed pyramid may not go "
                          f"on a rank between the opponent's home row and the opponent's base.")
    return flight, ""


def _why_no_route(board: tuple[int, ...], b: list[int], mover: int, ship: int, start: int,
                  landings: tuple[int, ...]) -> str:
    """Why no flight from `start` goes through exactly these landings, in the words of the rules."""
    steps_of = STEPS[mover]
    legs = [(start if k == 0 else landings[k - 1], landings[k]) for k in range(len(landings))]
    a, z = legs[-1]
    steps = ship if len(legs) == 1 else b[landings[-2]]
    if z < 0 and abs((a // SIZE) - (SIZE - 1 if z == BASE[NORTH] else 0)) + 1 < steps:
        return (f"the base may be entered only on the last step of a leg, and no {steps}-step leg "
                f"from {sq_name(a)} ends there.")
    # the first leg no flight gets through, after the first route of the legs before it
    k = len(landings) - 1
    prefix = _route(b, steps_of, ship, start, landings[:k])
    while prefix is None:
        k -= 1
        prefix = _route(b, steps_of, ship, start, landings[:k])
    a, z = legs[k]
    gate = gate_in_the_way(board, mover, start, prefix.gates, a, ship if k == 0 else b[a], z)
    if gate is not None:
        return (f"every such flight crosses a gate already crossed this turn: the leg from {sq_name(a)} to "
                f"{place_name(z)} would cross {gate_words(gate)} again; each gate is crossed at most once a turn.")
    relaxed_gates = _route(b, steps_of, ship, start, landings, "gates")
    if relaxed_gates is not None:
        twice = _first_repeat(relaxed_gates.gates)
        return (f"every such flight crosses a gate already crossed this turn ({gate_words(twice)}); each gate "
                f"is crossed at most once a turn.")
    relaxed_empty = _route(b, steps_of, ship, start, landings, "empty")
    if relaxed_empty is not None:
        ends, k = set(), 0
        for steps in [ship] + [b[x] for x in landings[:-1]]:   # the step on which each leg ends
            k += steps
            ends.add(k)
        blocked = next(s for k, s in enumerate(relaxed_empty.squares) if k not in ends and s >= 0 and b[s])
        return (f"a square in the way is occupied ({sq_name(blocked)}): ships pass only through empty "
                f"squares and land on the last step of a leg.")
    for k, (a, z) in enumerate(legs):
        steps = ship if k == 0 else b[landings[k - 1]]
        what = "ship" if k == 0 else f"boost from {sq_name(a)}"
        pips = f"{steps} pip{'s' if steps > 1 else ''}"
        if z >= 0:
            dist = abs(a % SIZE - z % SIZE) + abs(a // SIZE - z // SIZE)
            if dist > steps or (steps - dist) % 2:
                return (f"{sq_name(z)} is not {steps} step{'s' if steps > 1 else ''} from {sq_name(a)}: "
                        f"the {what} has {pips} and flies exactly that far.")
        else:
            dist = abs(a // SIZE - (SIZE - 1 if z == BASE[NORTH] else 0)) + 1
            if dist > steps:
                return (f"{place_name(z)} is {dist} steps from {sq_name(a)}, and the {what} has {pips}: a ship "
                        f"enters the base only with the last step of a leg.")
    return "no flight with these landings exists."


def _first_repeat(gates: tuple[int, ...]) -> int:
    seen: set[int] = set()
    for g in gates:
        if g in seen:
            return g
        seen.add(g)
    return gates[-1]
