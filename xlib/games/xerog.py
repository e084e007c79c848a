"""Xero-G (RULES.md section 4, after Gyges): ships fly legs, boost off pyramids or reprogram them.

Pyramids belong to nobody: a player flies a pyramid of their home row. A flight is searched
leg by leg; the board does not change during a flight (the start square counts as empty once
left), so the continuation from a landing depends only on (square, gates crossed) and is
searched once. Moves are outcomes: flights that leave the same board are one move, and every
flight into the opponent's base is the win. Each move keeps one witness flight (every square
in order, the gates crossed, the landings and the reprogram drop) so a board can animate it.

When a ship reprograms, the opponent's home row is read on the board as it is at the drop:
the ship on its landing square, the pyramid in hand (ours).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ..core import Game, Move, State
from ..errors import NotationError, PositionError
from ..options import Option, choice, integer

SIZE = 6
SQUARES = SIZE * SIZE
FILES = "abcdef"
SOUTH, NORTH = 0, 1
NAMES = ("South", "North")
BASE = (-1, -2)  # BASE[player]: that player's base, as a pseudo-square
SETUP_SET = (1, 1, 2, 2, 3, 3)
QUICK_ROW = (3, 2, 1, 1, 2, 3)


def sq_name(i: int) -> str:
    if i < 0:
        return "S" if i == BASE[SOUTH] else "N"
    return f"{FILES[i % SIZE]}{i // SIZE + 1}"


def _build_steps() -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[str, ...]]:
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
    per_mover = []
    for mover in (SOUTH, NORTH):
        target = BASE[1 - mover]  # the opponent's base: the only base a ship may enter
        rows = []
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


@dataclass(frozen=True)
class Flight:
    """A witness flight: every square in order, the gates crossed, the landings, the reprogram drop."""

    squares: tuple[int, ...]      # start, then every square stepped on (a base as BASE[p])
    gates: tuple[int, ...]
    landings: tuple[int, ...]     # the end of each leg
    drop: int | None = None       # where the reprogrammed pyramid went

    def notation(self) -> str:
        text = "-".join(sq_name(s) for s in (self.squares[0], *self.landings))
        return text + (f">{sq_name(self.drop)}" if self.drop is not None else "")

    def gate_names(self) -> list[str]:
        return [GATE_NAMES[g] for g in self.gates]


class Fly(Move):
    """A flight, named by its witness's notation; equal to every flight with the same outcome."""

    __slots__ = ("outcome", "flight")

    def __init__(self, outcome: object, flight: Flight, text: str | None = None) -> None:
        super().__init__(text or flight.notation())
        self.outcome, self.flight = outcome, flight

    def key(self) -> object:
        return self.outcome


class Setup(Move):
    """Arrange a back row: the pip counts from file a to f, `setup 321123`."""

    __slots__ = ("row",)

    def __init__(self, row: tuple[int, ...]) -> None:
        super().__init__("setup " + "".join(map(str, row)))
        self.row = row


class Pass(Move):
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")


PASS = Pass()
WIN = ("win",)
SETUPS = tuple(Setup(row) for row in sorted(set(permutations(SETUP_SET))))
_SQ_RE = r"[a-f][1-6]"
_FLIGHT_RE = re.compile(rf"^({_SQ_RE})((?:-{_SQ_RE})*)(?:-([NS])|>({_SQ_RE}))?$")


class XeroG(Game):
    name = "xerog"
    title = "Xero-G"
    option_specs = (
        Option("first", "south", "who sets up and flies first: 'south' or 'north'", choice("south", "north")),
        Option("quick_start", False, "skip the set-up: both back rows 321123", choice(False, True)),
        Option("repetitions", 3, "a position seen this many times is a draw (None: never)",
               integer(2, allow_none=True)),
        Option("max_plies", 300, "a draw after this many moves of flying (None: no limit)", integer(1, allow_none=True)),
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
        if len(parts) != 2:
            raise PositionError("a Xero-G position is the ranks 6 to 1 joined by /, a space, and S or N, "
                                "e.g. '321123/000000/000000/000000/000000/321123 S'")
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
        if not any(board):
            raise PositionError("the position has no pyramid")
        return XeroGState._make(self, tuple(board), "SN".index(parts[1]), 0)


class XeroGState(State):
    """A position: pips on every square, the side to move, the set-up still to come, the plies flown."""

    __slots__ = ("board", "mover", "setups_left", "flown", "result", "_moves")

    game: XeroG

    @classmethod
    def _make(cls, g: XeroG, board: tuple[int, ...], mover: int, flown: int, setups_left: int = 0,
              result: tuple[int, ...] | None = None) -> "XeroGState":
        s = cls.__new__(cls)
        s.game = g
        s.board, s.mover, s.flown, s.setups_left, s.result = board, mover, flown, setups_left, result
        s._moves = None
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
        p = self.mover if player is None else player
        r = _nearest_occupied(self.board, p)
        return None if r is None else r + 1

    # ---- move generation -------------------------------------------------------------------
    def moves(self) -> list[Move]:
        if self._moves is None:
            if self.result is not None:
                self._moves = ()
            elif self.setups_left:
                self._moves = SETUPS
            else:
                self._moves = tuple(self._flights()) or (PASS,)
        return list(self._moves)

    def _flights(self) -> list[Fly]:
        """The legal flights from the home row (falling back rank by rank while none can move)."""
        board, mover = self.board, self.mover
        ranks = range(SIZE) if mover == SOUTH else range(SIZE - 1, -1, -1)
        for r in ranks:
            starts = [r * SIZE + f for f in range(SIZE) if board[r * SIZE + f]]
            if not starts:
                continue
            found: dict[object, Flight] = {}
            for start in starts:
                search_flights(board, mover, start, found)
            if found:
                return [Fly(key, flight) for key, flight in found.items()]
        return []

    def home_row_squares(self) -> list[str]:
        """The squares of the pyramids the player to move may fly now."""
        seen: list[str] = []
        for m in self.moves():
            if isinstance(m, Fly) and sq_name(m.flight.squares[0]) not in seen:
                seen.append(sq_name(m.flight.squares[0]))
        return seen

    # ---- notation ------------------------------------------------------------------------
    def _parse(self, text: str) -> Move:
        if text == "pass":
            return PASS
        if text.startswith("setup"):
            digits = text[5:].strip()
            if len(digits) != 6 or not digits.isdigit():
                raise NotationError(f"{text!r} is not a set-up: write setup and six pip counts, like setup 321123")
            return Setup(tuple(int(d) for d in digits))
        m = _FLIGHT_RE.match(text)
        if not m:
            raise NotationError(f"{text!r} is not Xero-G notation: a flight is its start and landing squares "
                                f"joined by -, like c1-c3-e3, with >sq for a reprogram drop (d1-d3>e5) or "
                                f"-N/-S into a base (a1-a4-a6-N)")
        start = _square(m.group(1), text)
        landings = [_square(x, text) for x in m.group(2).split("-")[1:]]
        base = m.group(3)
        drop = _square(m.group(4), text) if m.group(4) else None
        if base:
            landings.append(BASE[SOUTH] if base == "S" else BASE[NORTH])
        if not landings:
            raise NotationError(f"{text!r} names no landing square: a flight is written start-landing, like b1-b3")
        w = _Written(text, start, tuple(landings), drop)
        if self.board[start] and not self.setups_left and BASE[self.mover] not in landings:
            flight, _ = match_flight(self.board, self.mover, start, w.landings, drop)
            if flight is not None:  # so that it compares equal to the listed move with its outcome
                w.outcome, w.flight = outcome_of(self.board, self.mover, flight), flight
        return w

    def _explain(self, move: Move) -> str | None:
        listed = self.moves()
        if isinstance(move, Setup):
            if not self.setups_left:
                return "The set-up is over: the back rows are arranged."
            if sorted(move.row) != list(SETUP_SET):
                return f"{move}: a back row holds 2 large, 2 medium and 2 small pyramids (the digits 3, 3, 2, 2, 1, 1)."
            return None
        if self.setups_left:
            return f"First {NAMES[self.mover]} arranges the back row, like setup 321123."
        if isinstance(move, Pass):
            return None if listed == [PASS] else "Passing is allowed only when no pyramid of any occupied rank can move."
        if isinstance(move, Fly):
            return None if move in listed else f"{move} is not a legal flight here."
        if isinstance(move, _Written):
            return self._explain_written(move, listed)
        return f"{move} is not a Xero-G move."

    def _explain_written(self, w: "_Written", listed: list[Move]) -> str | None:
        board, mover = self.board, self.mover
        name = NAMES[mover]
        if w.landings[-1] == BASE[mover]:
            return f"{w}: {name}'s own base is never entered; fly into the opponent's base ({sq_name(BASE[1 - mover])})."
        if BASE[mover] in w.landings[:-1] or BASE[1 - mover] in w.landings[:-1]:
            return f"{w}: entering the base wins at once, so nothing can follow it."
        if not board[w.start]:
            return f"{w}: there is no pyramid on {sq_name(w.start)} to fly."
        homes = {sq_name(m.flight.squares[0]) for m in listed if isinstance(m, Fly)}
        if sq_name(w.start) not in homes:
            rank = self.home_rank()
            if homes:
                where = f"the pyramids of rank {sorted(homes)[0][1]} ({', '.join(sorted(homes))})"
            else:
                where = "no pyramid (there is nothing to fly)"
            extra = "" if rank is None or rank == int(sorted(homes)[0][1]) else \
                f"; rank {rank} is nearer, but none of its pyramids can move"
            return f"{w}: {sq_name(w.start)} is not in {name}'s home row: {name} flies {where}{extra}."
        flight, problem = match_flight(board, mover, w.start, w.landings, w.drop)
        if flight is None:
            return f"{w}: {problem}"
        outcome = outcome_of(board, mover, flight)
        if outcome != WIN and outcome == board:
            return f"{w}: the flight leaves every square with the pips it had; the board must have changed."
        w.outcome, w.flight = outcome, flight
        return None

    def _apply(self, move: Move) -> "XeroGState":
        g = self.game
        if isinstance(move, Setup):
            board = list(self.board)
            rank = 0 if self.mover == SOUTH else SIZE - 1
            board[rank * SIZE:(rank + 1) * SIZE] = move.row
            s = XeroGState._make(g, tuple(board), 1 - self.mover, 0, self.setups_left - 1)
            return s
        if isinstance(move, Pass):
            s = XeroGState._make(g, self.board, 1 - self.mover, self.flown + 1)
        else:
            outcome = move.outcome  # type: ignore[attr-defined]  (set by moves() or by _explain)
            if outcome == WIN:
                return XeroGState._make(g, self.board, self.mover, self.flown + 1, result=(self.mover,))
            s = XeroGState._make(g, outcome, 1 - self.mover, self.flown + 1)  # type: ignore[arg-type]
        s.result = self._draw_after(s)
        return s

    def _draw_after(self, s: "XeroGState") -> tuple[int, ...] | None:
        g = self.game
        if g.options["max_plies"] is not None and s.flown >= g.options["max_plies"]:
            return (SOUTH, NORTH)
        reps = g.options["repetitions"]
        if reps is not None:
            count = 1
            t: State | None = self
            while t is not None and not t.setups_left:  # type: ignore[attr-defined]
                if t.board == s.board and t.mover == s.mover:  # type: ignore[attr-defined]
                    count += 1
                    if count >= reps:
                        return (SOUTH, NORTH)
                t = t.parent
        return None

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        if self.setups_left:
            raise ValueError("a position text describes a position in play, after the set-up")
        rows = ["".join(str(self.board[r * SIZE + f]) for f in range(SIZE)) for r in range(SIZE - 1, -1, -1)]
        return "/".join(rows) + " " + "SN"[self.mover]

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
    """A flight as a person wrote it; legal when some flight with these landings exists."""

    __slots__ = ("start", "landings", "drop", "outcome", "flight")

    def __init__(self, text: str, start: int, landings: tuple[int, ...], drop: int | None) -> None:
        super().__init__(text)
        self.start, self.landings, self.drop = start, landings, drop
        self.outcome: object = None
        self.flight: Flight | None = None

    def key(self) -> object:
        return self.outcome if self.outcome is not None else ("written", self.text)


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


def search_flights(board: tuple[int, ...], mover: int, start: int, found: dict[object, Flight]) -> int:
    """Add every outcome of flying the pyramid on `start` to `found` (keeping the first witness).

    Returns the number of search nodes (steps tried), for benchmarks."""
    steps_of = STEPS[mover]
    b = list(board)
    ship = b[start]
    b[start] = 0  # the start square counts as empty once left
    target = BASE[1 - mover]
    expanded: set[tuple[int, int]] = set()
    nodes = 0

    def leg(pos: int, left: int, gates: int, squares: tuple[int, ...], crossed: tuple[int, ...],
            landings: tuple[int, ...]) -> None:
        nonlocal nodes
        for nxt, gate in steps_of[pos]:
            bit = 1 << gate
            if gates & bit:
                continue
            nodes += 1
            if nxt < 0:  # the opponent's base: only on the last step of a leg
                if left == 1 and WIN not in found:
                    found[WIN] = Flight(squares + (nxt,), crossed + (gate,), landings + (nxt,))
                continue
            if left > 1:
                if not b[nxt]:
                    leg(nxt, left - 1, gates | bit, squares + (nxt,), crossed + (gate,), landings)
                continue
            land(nxt, gates | bit, squares + (nxt,), crossed + (gate,), landings + (nxt,))

    def land(at: int, gates: int, squares: tuple[int, ...], crossed: tuple[int, ...], landings: tuple[int, ...]) -> None:
        p = b[at]
        if not p:  # an empty square ends the turn
            after = list(b)
            after[at] = ship
            key = tuple(after)
            if key != board and key not in found:
                found[key] = Flight(squares, crossed, landings)
            return
        # Reprogram: the ship stays on `at`, the pyramid goes to an allowed empty square
        after = list(b)
        after[at] = ship
        for d in drop_squares(after, mover):
            after[d] = p
            key = tuple(after)
            after[d] = 0
            if key != board and key not in found:
                found[key] = Flight(squares, crossed, landings, d)
        # Rocket Boost: a new leg with the pyramid's pips, once per (square, gates crossed)
        if (at, gates) not in expanded:
            expanded.add((at, gates))
            leg(at, p, gates, squares, crossed, landings)

    leg(start, ship, 0, (start,), (), ())
    return nodes


def match_flight(board: tuple[int, ...], mover: int, start: int, landings: tuple[int, ...],
                 drop: int | None) -> tuple[Flight | None, str]:
    """A flight from `start` with exactly these landings (and drop), or None and the reason there is none."""
    steps_of = STEPS[mover]
    b = list(board)
    ship = b[start]
    b[start] = 0
    last = len(landings) - 1
    for k, at in enumerate(landings[:-1]):
        if not b[at]:
            return None, f"{sq_name(at)} is empty, so the flight cannot boost from there (a leg ends there)."
    end = landings[-1]
    if end >= 0 and b[end] and drop is None:
        return None, (f"the flight lands on the pyramid on {sq_name(end)}: it must boost "
                      f"({sq_name(start)}-…-{sq_name(end)}-…) or reprogram it ({sq_name(start)}-…-{sq_name(end)}>sq).")
    if drop is not None and (end < 0 or not b[end]):
        return None, f"only a flight that lands on a pyramid can reprogram it, and {sq_name(end)} is empty."

    def walks(pos: int, left: int, goal: int, gates: int, squares: tuple, crossed: tuple, relax: str):
        for nxt, gate in steps_of[pos]:
            bit = 1 << gate
            if gates & bit and relax != "gates":
                continue
            if nxt < 0:
                if left == 1 and nxt == goal:
                    yield gates | bit, squares + (nxt,), crossed + (gate,)
                continue
            if left > 1:
                if not b[nxt] or relax == "empty":
                    yield from walks(nxt, left - 1, goal, gates | bit, squares + (nxt,), crossed + (gate,), relax)
            elif nxt == goal:
                yield gates | bit, squares + (nxt,), crossed + (gate,)

    def search(k: int, pos: int, gates: int, squares: tuple, crossed: tuple, relax: str):
        steps = ship if k == 0 else b[landings[k - 1]]
        for g2, sq2, cr2 in walks(pos, steps, landings[k], gates, squares, crossed, relax):
            if k == last:
                return Flight(sq2, cr2, landings, drop)
            found = search(k + 1, landings[k], g2, sq2, cr2, relax)
            if found is not None:
                return found
        return None

    flight = search(0, start, 0, (start,), (), "")
    if flight is None:
        legs = [(start if k == 0 else landings[k - 1], landings[k]) for k in range(len(landings))]
        a, z = legs[-1]
        steps = ship if len(legs) == 1 else b[landings[-2]]
        if z < 0 and abs((a // SIZE) - (SIZE - 1 if z == BASE[NORTH] else 0)) + 1 < steps:
            return None, (f"the base may be entered only on the last step of a leg, and no {steps}-step leg "
                          f"from {sq_name(a)} ends there.")
        relaxed_gates = search(0, start, 0, (start,), (), "gates")
        if relaxed_gates is not None:
            twice = _first_repeat(relaxed_gates.gates)
            return None, (f"every such flight crosses a gate already crossed this turn (the gate "
                          f"{GATE_NAMES[twice]}); each gate is crossed at most once a turn.")
        relaxed_empty = search(0, start, 0, (start,), (), "empty")
        if relaxed_empty is not None:
            blocked = next(s for s in relaxed_empty.squares[1:] if s >= 0 and b[s] and s not in landings)
            return None, (f"a square in the way is occupied ({sq_name(blocked)}): ships pass only through empty "
                          f"squares and land on the last step of a leg.")
        for k, (a, z) in enumerate(legs):
            steps = ship if k == 0 else b[landings[k - 1]]
            if z >= 0:
                dist = abs(a % SIZE - z % SIZE) + abs(a // SIZE - z // SIZE)
                if dist > steps or (steps - dist) % 2:
                    what = "ship" if k == 0 else f"boost from {sq_name(a)}"
                    return None, (f"{sq_name(z)} is not {steps} step{'s' if steps > 1 else ''} from {sq_name(a)}: "
                                  f"the {what} has {steps} pip{'s' if steps > 1 else ''} and flies exactly that far.")
        return None, "no flight with these landings exists."
    if drop is not None:
        after = list(b)
        after[end] = ship
        if after[drop]:
            return None, f"the drop square {sq_name(drop)} is occupied."
        if drop not in drop_squares(after, mover):
            return None, (f"{sq_name(drop)} is beyond the opponent's home row: a reprogrammed pyramid may not go "
                          f"on a rank between the opponent's home row and the opponent's base.")
    return flight, ""


def _first_repeat(gates: tuple[int, ...]) -> int:
    seen: set[int] = set()
    for g in gates:
        if g in seen:
            return g
        seen.add(g)
    return gates[-1]


def outcome_of(board: tuple[int, ...], mover: int, flight: Flight) -> object:
    """The board after `flight` (or WIN): the move's identity."""
    end = flight.landings[-1]
    if end < 0:
        return WIN
    after = list(board)
    start = flight.squares[0]
    ship = after[start]
    after[start] = 0
    p = after[end]
    after[end] = ship
    if flight.drop is not None:
        after[flight.drop] = p
    return tuple(after)
