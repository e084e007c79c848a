"""The Xero-G board: the 6×6 space between two bases, pyramids by size with their pips, flights by clicks.

A flight is entered the way it is flown: click the ship on the home row, then the landing square
of each leg. Landing on a pyramid asks "Rocket Boost or Reprogram?" (buttons on the right of the
board); a reprogram then takes a click on the drop square. Only squares some legal flight reaches
next are ringed; the path flown so far and the gates it closed (red) are drawn. Every question
about legality goes to the engine: a next landing counts when the engine accepts a whole flight
through it (`match_flight`, `explain`), and a refused click shows the engine's own reason. In the
set-up, a player places a large, medium or small pyramid (chosen on the right) on each square of
the back row, or takes the quick row.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..core import Move, State
from ..games.xerog import (BASE, NAMES, NORTH, SIZE, SOUTH, Flight, XeroGState, board_after, drop_squares,
                           match_flight, sq_name)
from . import palette
from .cells import CellView, Piece
from .view import Choice, Click, Overlay

FLY, CHOOSE, DROP = "fly", "choose", "drop"
QUICK_ROW = "321123"
SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}
PYRAMID = "#3E5A4C"          # pyramids belong to nobody: one neutral colour, apart from both seats
PYRAMID_EDGE = "#1E2B24"
GATE_RED = "#D10A1E"         # a gate crossed this turn (closed), as in the seed's pictures
PATH = "#222222"
BASE_H = 48                  # the height of each base strip, beyond rank 6 and beyond rank 1
PANEL_W = 124                # the column of buttons and legend on the right
_SQUARE = re.compile(r"\b([a-f][1-6])\b")
_FLIGHT = re.compile(r"([a-f][1-6])((?:-[a-f][1-6])*)(?:-([NS])|>([a-f][1-6]))?")


@dataclass(frozen=True)
class Entry:
    """A flight being entered: the ship's square, the landings so far, and what the next click means.

    FLY: the next click is where the current leg lands; CHOOSE: the ship landed on a pyramid and
    waits for Rocket Boost or Reprogram; DROP: the next click is where the reprogrammed pyramid goes.
    `witness` is a legal flight through these landings (its path up to the last landing is drawn)."""

    start: int
    landings: tuple[int, ...] = ()
    mode: str = FLY
    witness: Flight | None = None


@dataclass(frozen=True)
class Arrange:
    """A back row being arranged by clicks: the pips placed so far (0: empty) and the size in hand."""

    row: tuple[int, ...] = (0,) * SIZE
    size: int = 3


@dataclass(frozen=True)
class Frame:
    """One picture of a flight being animated: the ship after `step` steps; `dropped` shows the result."""

    flight: Flight
    step: int
    dropped: bool = False


@dataclass
class Pyramid(Piece):
    """A pyramid on a square: its pips set its size; a faded one is the ship that has taken off."""

    pips: int = 1
    faded: bool = False


@dataclass(frozen=True)
class Button:
    """A button drawn in the right-hand column of the board."""

    label: str
    action: str
    x: float
    y: float
    w: float
    h: float
    enabled: bool = True
    pressed: bool = False
    pips: int = 0                 # a stash button shows a pyramid of this size


# ---- notation helpers (names only; the rules stay in the engine) -----------------------------------
def flight_text(start: int, landings: tuple[int, ...], drop: int | None = None) -> str:
    """The notation of a flight: start and landings joined by '-', then '>sq' for a drop."""
    return "-".join(sq_name(s) for s in (start, *landings)) + (f">{sq_name(drop)}" if drop is not None else "")


def steps_through(board: tuple[int, ...], start: int, landings: tuple[int, ...]) -> int:
    """How many steps a flight takes to reach the last of `landings`: the ship's pips, then each boost's."""
    legs = [board[start]] + [board[x] for x in landings[:-1]]
    return sum(legs[:len(landings)])


def _after_landing(board: tuple[int, ...], start: int, at: int) -> list[int]:
    """The board while the ship stands on `at` with that square's pyramid in hand."""
    after = list(board)
    after[start] = 0
    after[at] = board[start]
    return after


def _result(board: tuple[int, ...], flight: Flight) -> object:
    """What a flight leaves behind, the identity of its move: the board after it, or "win"."""
    end = flight.landings[-1]
    return "win" if end < 0 else board_after(board, flight.squares[0], end, flight.drop)


def read_flight(text: str) -> tuple[int, tuple[int, ...], int | None] | None:
    """The start, landings and drop a flight's notation names (None if it is not a flight)."""
    m = _FLIGHT.fullmatch(text)
    if not m:
        return None
    index = {sq_name(i): i for i in range(SIZE * SIZE)}
    landings = [index[x] for x in m.group(2).split("-")[1:]]
    if m.group(3):
        landings.append(BASE[NORTH] if m.group(3) == "N" else BASE[SOUTH])
    return index[m.group(1)], tuple(landings), index[m.group(4)] if m.group(4) else None


_SCRIPTED: dict[tuple[Any, ...], Flight] = {}


def _scripted() -> dict[tuple[Any, ...], Flight]:
    """The flights the lesson scenes write out, by (board, mover, result): a scene animates them as written."""
    if not _SCRIPTED:
        for scene in registry.lesson("xerog").SCENES:
            for state, text in zip(scene.states(), scene.moves):
                read = read_flight(text)
                if read is None or not isinstance(state, XeroGState):
                    continue
                flight, _ = match_flight(state.board, state.mover, *read)
                if flight is not None:
                    _SCRIPTED[(state.board, state.mover, _result(state.board, flight))] = flight
        _SCRIPTED[()] = Flight((), (), ())   # marks the table as built, even when no scene flies
    return _SCRIPTED


def _strip(reason: str, text: str, shown: str) -> str:
    """The engine's reason for `text`, said about `shown` (what a person clicked) rather than the notation."""
    if reason.startswith(text + ": "):
        reason = reason[len(text) + 2:]
        return f"{shown}: {reason}" if shown else reason
    return reason


class XeroGView(CellView):
    """Six by six squares, North's base above rank 6 and South's below rank 1, a button column on the right."""

    shape = "square"
    target_pixels = 440
    margin = 30
    seat_colours = (palette.BLUE, palette.VERMILLION)
    seat_letters = ("S", "N")
    option_labels = {
        "first": "Who arranges a row and flies first",
        "quick_start": "Quick start: skip the set-up",
        "repetitions": "A position seen this many times is a draw",
        "max_plies": "A draw after this many flights",
    }
    value_labels = {
        "first": {"south": "South (from rank 1)", "north": "North (from rank 6)"},
        "quick_start": {False: "no: each player arranges the back row", True: "yes: both back rows 3 2 1 1 2 3"},
    }
    none_labels = {"repetitions": "never", "max_plies": "no limit"}

    def __init__(self, **options: Any) -> None:
        super().__init__(size=SIZE, **options)
        self.grid_right = self.width
        self.width += PANEL_W
        self.height += 2 * BASE_H
        self._shown: tuple[Any, Overlay] | None = None
        self._cache: dict[tuple[int, Any], Any] = {}
        self._written: dict[tuple[Any, ...], Flight] = {}

    # ---- geometry -------------------------------------------------------------------------------
    def centre(self, index: int) -> tuple[float, float]:
        x, y = super().centre(index)
        return x, y + BASE_H

    def base_rect(self, base: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a base strip: North's above rank 6, South's below rank 1."""
        x, w = self.margin, self.cell * SIZE
        if base == BASE[NORTH]:
            return x, 6.0, w, BASE_H - 8.0
        return x, self.height - BASE_H + 2.0, w, BASE_H - 8.0

    def base_at(self, x: float, y: float) -> int | None:
        for base in BASE:
            bx, by, bw, bh = self.base_rect(base)
            if bx <= x <= bx + bw and by <= y <= by + bh:
                return base
        return None

    def point(self, square: int) -> tuple[float, float]:
        """Where a flight passes on `square`: a cell's centre, or a base strip above or below `file`."""
        if square >= 0:
            return self.centre(square)
        bx, by, bw, bh = self.base_rect(square)
        return bx + bw / 2, by + bh / 2

    def base_centre(self, name: str) -> tuple[float, float]:
        """The middle of base "N" or "S": where a person clicks to fly into it."""
        return self.point(BASE[NORTH] if name == "N" else BASE[SOUTH])

    def button_centre(self, state: State, selection: Any, label: str) -> tuple[float, float]:
        """The centre of the board's own button whose label starts with `label` (for tests and people)."""
        for b in self.buttons(state, selection):
            if b.label.startswith(label):
                return b.x + b.w / 2, b.y + b.h / 2
        raise ValueError(f"no button {label!r} now; buttons: {[b.label for b in self.buttons(state, selection)]}")

    # ---- what the engine says about a flight in progress -----------------------------------------------
    def _memo(self, state: XeroGState, key: Any, compute: Any) -> Any:
        k = (id(state), key)
        if k not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[k] = (state, compute())   # the state is kept so its id stays its own
        return self._cache[k][1]

    def witness(self, state: XeroGState, start: int, landings: tuple[int, ...], depth: int = 0) -> Flight | None:
        """A legal whole flight from `start` through these landings (and on, if it must go on), or None."""
        board, mover = state.board, state.mover
        end = landings[-1]
        if end < 0 or end == start or not board[end]:   # a base, or an empty square: the flight ends there
            text = flight_text(start, landings)
            if state.explain(text) is not None:
                return None
            return match_flight(board, mover, start, landings, None)[0]
        after = _after_landing(board, start, end)
        for d in drop_squares(after, mover):           # Reprogram, where the board changes
            after[d] = board[end]
            changed = tuple(after) != board
            after[d] = 0
            if changed:
                return match_flight(board, mover, start, landings, d)[0]
        if depth > 24:
            return None
        for w in self._next(state, start, landings, depth + 1).values():   # or a Rocket Boost that goes on
            return w
        return None

    def _next(self, state: XeroGState, start: int, landings: tuple[int, ...], depth: int = 0) -> dict[int, Flight]:
        board = state.board
        at = landings[-1] if landings else start
        steps = board[start] if not landings else board[at]
        out: dict[int, Flight] = {}
        for z in range(SIZE * SIZE):
            dist = abs(z % SIZE - at % SIZE) + abs(z // SIZE - at // SIZE)
            if dist > steps or (steps - dist) % 2:
                continue
            w = self.witness(state, start, landings + (z,), depth)
            if w is not None:
                out[z] = w
        goal = BASE[1 - state.mover]
        w = self.witness(state, start, landings + (goal,), depth)
        if w is not None:
            out[goal] = w
        return out

    def reachable(self, state: XeroGState, entry: Entry) -> dict[int, Flight]:
        """Where the current leg may land by any route of the legs so far, each with a legal flight through it."""
        return self._memo(state, ("reachable", entry.start, entry.landings),
                          lambda: self._next(state, entry.start, entry.landings))

    def _prefix(self, state: XeroGState, entry: Entry, flight: Flight) -> tuple[int, ...]:
        """The squares `flight` passes up to the entry's last landing: the route of the legs so far."""
        return flight.squares[:steps_through(state.board, entry.start, entry.landings) + 1]

    def targets(self, state: XeroGState, entry: Entry) -> dict[int, Flight]:
        """Where the current leg may land, by the route drawn for the legs so far (its red gates stay closed)."""
        every = self.reachable(state, entry)
        if not entry.landings or entry.witness is None:
            return every
        route = self._prefix(state, entry, entry.witness)
        return {t: w for t, w in every.items() if self._prefix(state, entry, w) == route}

    def routes(self, state: XeroGState, entry: Entry) -> list[Flight]:
        """One legal flight for each route of the legs so far that leads somewhere: the entry's own first."""
        if not entry.landings:
            return []
        out: list[Flight] = [entry.witness] if entry.witness is not None else []
        seen = {self._prefix(state, entry, f) for f in out}
        for w in self.reachable(state, entry).values():
            route = self._prefix(state, entry, w)
            if route not in seen:
                seen.add(route)
                out.append(w)
        return out

    def drops(self, state: XeroGState, entry: Entry) -> set[int]:
        """The squares where the pyramid landed on may be dropped (the engine accepts the whole move)."""
        def compute() -> set[int]:
            after = _after_landing(state.board, entry.start, entry.landings[-1])
            return {d for d in drop_squares(after, state.mover)
                    if state.explain(flight_text(entry.start, entry.landings, d)) is None}
        return self._memo(state, ("drops", entry.start, entry.landings), compute)

    def ships(self, state: XeroGState) -> list[int]:
        """The squares of the pyramids the player to move may fly now."""
        return self._memo(state, "ships", lambda: [self.index_of(s) for s in state.home_row_squares()])

    def flying_rank(self, state: XeroGState) -> int | None:
        """The rank (0–5) the player to move flies from: the home row, or its fallback."""
        ships = self.ships(state)
        return ships[0] // SIZE if ships else None

    def why_not(self, state: XeroGState, entry: Entry, target: int) -> str:
        """The engine's reason why the current leg cannot land on `target`."""
        board, start = state.board, entry.start
        landings = entry.landings + (target,)
        shown = sq_name(target) if target >= 0 else f"{NAMES[NORTH if target == BASE[NORTH] else SOUTH]}'s base"
        drop = None
        if target >= 0 and target != start and board[target]:   # a pyramid: ask about the flight up to it
            after = _after_landing(board, start, target)
            allowed = [d for d in drop_squares(after, state.mover) if d != start] or [start]
            drop = allowed[0]
        if target in self.reachable(state, entry):
            return f"{shown}: not by the route drawn (see its red gates); another route reaches it: press Other route."
        text = flight_text(start, landings, drop)
        reason = state.explain(text)
        if reason is None:
            return (f"{shown}: the ship can land on {sq_name(target)}, but no flight goes on from there that "
                    f"changes the board.")
        if target == BASE[1 - state.mover]:
            at = entry.landings[-1] if entry.landings else start
            steps = board[at] if entry.landings else board[start]
            end_rank = SIZE - 1 if state.mover == SOUTH else 0
            dist = abs(at // SIZE - end_rank) + 1
            if dist > steps:
                return (f"{shown} is {dist} steps from {sq_name(at)} and this leg has {steps}: a ship enters "
                        f"the base only with the last step of a leg.")
        return _strip(reason, text, shown)

    # ---- clicks -----------------------------------------------------------------------------------
    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        assert isinstance(state, XeroGState)
        for b in self.buttons(state, selection):
            if b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h:
                return self._press(state, selection, b)
        target = self.base_at(x, y)
        if target is None:
            target = self.cell_at(x, y)
        if target is None:
            return Click(selection=selection)
        if state.in_setup:
            return self._arrange_click(state, selection if isinstance(selection, Arrange) else Arrange(), target)
        if state.moves() == ["pass"]:
            name = NAMES[state.mover]
            return Click(message=f"No pyramid of {name} can fly from any rank: {name} passes (the Pass button).")
        entry = selection if isinstance(selection, Entry) else None
        if entry is None:
            return self._pick_ship(state, target)
        if entry.mode == CHOOSE:
            at = sq_name(entry.landings[-1])
            return Click(selection=entry, message=f"First choose what the ship does on {at}: <b>Rocket Boost</b> "
                                                  f"or <b>Reprogram</b> (the buttons right of the board).")
        if entry.mode == DROP:
            return self._drop_click(state, entry, target)
        return self._landing_click(state, entry, target)

    def _pick_ship(self, state: XeroGState, target: int) -> Click:
        name = NAMES[state.mover]
        ships = self.ships(state)
        rank = self.flying_rank(state)
        if target in ships:
            pips = state.board[target]
            entry = Entry(target)
            return Click(selection=entry, message=f"Your ship: the {SIZE_WORDS[pips]} pyramid on {sq_name(target)} "
                                                  f"({pips} pip{'s' if pips > 1 else ''}). Click where it lands after "
                                                  f"exactly {pips} step{'s' if pips > 1 else ''} (ringed squares).")
        if target < 0:
            return Click(message=f"First click a ship: a pyramid of {name}'s home row (rank {(rank or 0) + 1}).",
                         marks=("N" if target == BASE[NORTH] else "S",), illegal=True)
        if not state.board[target]:
            return Click(message=f"{sq_name(target)} is empty: click a ship, a pyramid of {name}'s home row "
                                 f"(rank {(rank or 0) + 1}, shaded).", marks=(target,), illegal=True)
        if rank is not None and target // SIZE == rank:
            return Click(message=f"The pyramid on {sq_name(target)} cannot fly now: every flight from it is blocked "
                                 f"or leaves the board as it was.", marks=(target,), illegal=True)
        probe = target + SIZE if target + SIZE < SIZE * SIZE else target - SIZE
        text = flight_text(target, (probe,))
        reason = state.explain(text) or ""
        return Click(message=_strip(reason, text, ""), marks=(target,), illegal=True)

    def _landing_click(self, state: XeroGState, entry: Entry, target: int) -> Click:
        if target == entry.start and not entry.landings:
            return Click(message="Ship put back: click a ship of the home row.")
        options = self.targets(state, entry)
        if target in options:
            landings = entry.landings + (target,)
            if target < 0 or target == entry.start or not state.board[target]:
                self.remember(state, options[target])
                return Click(move=flight_text(entry.start, landings))
            pips = state.board[target]
            return Click(selection=Entry(entry.start, landings, CHOOSE, options[target]),
                         message=f"Landed on the {SIZE_WORDS[pips]} pyramid on {sq_name(target)} ({pips} "
                                 f"pip{'s' if pips > 1 else ''}): choose <b>Rocket Boost</b> or <b>Reprogram</b>, "
                                 f"right of the board.")
        if not entry.landings and target in self.ships(state):
            return self._pick_ship(state, target)
        mark: Any = target if target >= 0 else ("N" if target == BASE[NORTH] else "S")
        return Click(selection=entry, message=self.why_not(state, entry, target), marks=(mark,), illegal=True)

    def _drop_click(self, state: XeroGState, entry: Entry, target: int) -> Click:
        if target < 0:
            return Click(selection=entry, message="A reprogrammed pyramid goes on an empty square of the board, "
                                                  "not into a base.", illegal=True,
                         marks=("N" if target == BASE[NORTH] else "S",))
        text = flight_text(entry.start, entry.landings, target)
        reason = state.explain(text)
        if reason is None:
            if entry.witness is not None:   # the route drawn, then the drop
                n = steps_through(state.board, entry.start, entry.landings)
                w = entry.witness
                self.remember(state, Flight(w.squares[:n + 1], w.gates[:n], entry.landings, target))
            return Click(move=text)
        if "beyond the opponent's home row" in reason:
            opp = 1 - state.mover
            after = _after_landing(state.board, entry.start, entry.landings[-1])
            rows = [r for r in range(SIZE) if any(after[r * SIZE:(r + 1) * SIZE])]
            home = (max(rows) if opp == NORTH else min(rows)) + 1
            reason = (f"{sq_name(target)} is beyond the opponent's home row ({NAMES[opp]}'s, rank {home}): the "
                      f"pyramid may go on rank {home} or nearer {NAMES[state.mover]}.")
        return Click(selection=entry, message=_strip(reason, text, ""), marks=(target,), illegal=True)

    def _press(self, state: XeroGState, selection: Any, b: Button) -> Click:
        if not b.enabled:
            return Click(selection=selection, message=f"{b.label}: not possible here.")
        if b.action.startswith("size"):
            size = int(b.action[4:])
            row = selection.row if isinstance(selection, Arrange) else (0,) * SIZE
            return Click(selection=Arrange(row, size), message=f"Now click a square of the back row for a "
                                                                f"{SIZE_WORDS[size]} pyramid.")
        if b.action == "clear":
            return Click(selection=Arrange(), message="The row is empty again.")
        assert isinstance(selection, Entry)
        if b.action == "cancel":
            return Click(message="Flight cancelled: click a ship of the home row.")
        if b.action == "back":
            return self._step_back(state, selection)
        at = selection.landings[-1]
        pips = state.board[at]
        if b.action == "route":
            routes = self.routes(state, selection)
            k = next((i for i, f in enumerate(routes) if f == selection.witness), 0)
            other = routes[(k + 1) % len(routes)]
            return Click(selection=Entry(selection.start, selection.landings, selection.mode, other),
                         message=f"Another route to {sq_name(at)}: "
                                 f"{', '.join(sq_name(x) for x in self._prefix(state, selection, other)[1:])}. "
                                 f"Its gates are the red ones now.")
        if b.action == "boost":
            flying = Entry(selection.start, selection.landings, FLY, selection.witness)
            if not self.targets(state, flying):   # this route cannot go on: take one that can
                flying = Entry(selection.start, selection.landings, FLY,
                               next(iter(self.reachable(state, flying).values())))
            return Click(selection=flying,
                         message=f"Rocket Boost: click where the ship lands after {pips} more step"
                                 f"{'s' if pips > 1 else ''} from {sq_name(at)}.")
        beyond = self._beyond_words(state, selection)
        return Click(selection=Entry(selection.start, selection.landings, DROP, selection.witness),
                     message=f"Reprogram: click a ringed empty square for the {SIZE_WORDS[pips]} pyramid{beyond}.")

    def _step_back(self, state: XeroGState, entry: Entry) -> Click:
        """Undo the last step of the entry: a drop back to the choice, a choice back to the leg before."""
        if entry.mode == DROP or (entry.mode == FLY and entry.landings):
            return Click(selection=Entry(entry.start, entry.landings, CHOOSE, entry.witness),
                         message="One step back: Rocket Boost or Reprogram?")
        if entry.mode == CHOOSE:
            landings = entry.landings[:-1]
            witness = self.witness(state, entry.start, landings) if landings else None
            return Click(selection=Entry(entry.start, landings, FLY, witness),
                         message="One step back: click where this leg lands.")
        return Click(message="Ship put back: click a ship of the home row.")

    def _beyond_words(self, state: XeroGState, entry: Entry) -> str:
        after = _after_landing(state.board, entry.start, entry.landings[-1])
        allowed = {d // SIZE for d in drop_squares(after, state.mover)}
        opp = NAMES[1 - state.mover]
        ranks = [r for r in range(SIZE) if r not in allowed and any(not after[r * SIZE + f] for f in range(SIZE))]
        if not ranks:
            return ""
        words = ", ".join(str(r + 1) for r in ranks)
        return f" (not rank{'s' if len(ranks) > 1 else ''} {words}: beyond {opp}'s home row)"

    def _arrange_click(self, state: XeroGState, arrange: Arrange, target: int) -> Click:
        name = NAMES[state.mover]
        rank = 0 if state.mover == SOUTH else SIZE - 1
        if target < 0 or target // SIZE != rank:
            return Click(selection=arrange, message=f"{name} arranges the back row: click a square of rank "
                                                    f"{rank + 1}.", marks=(target,) if target >= 0 else (),
                         illegal=True)
        f = target % SIZE
        row = list(arrange.row)
        if row[f]:
            taken = row[f]
            row[f] = 0
            return Click(selection=Arrange(tuple(row), taken), message=f"The {SIZE_WORDS[taken]} pyramid is back "
                                                                        f"in the stash.")
        left = self.stash(arrange)
        size = arrange.size if left[arrange.size] else max(s for s in (3, 2, 1) if left[s])
        row[f] = size
        left[size] -= 1
        if all(row):
            return Click(move="setup " + "".join(map(str, row)))
        nxt = size if left[size] else max(s for s in (3, 2, 1) if left[s])
        return Click(selection=Arrange(tuple(row), nxt),
                     message=f"Next: a {SIZE_WORDS[nxt]} pyramid (or choose another size on the right); click a "
                             f"placed pyramid to take it back.")

    @staticmethod
    def stash(arrange: Arrange) -> dict[int, int]:
        """How many pyramids of each size are still to place (two of each)."""
        return {s: 2 - arrange.row.count(s) for s in (1, 2, 3)}

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        assert isinstance(state, XeroGState)
        if state.over:
            return []
        if state.in_setup:
            return [Choice("Quick row 3 2 1 1 2 3", f"setup {QUICK_ROW}",
                           "large, medium, small, small, medium, large from file a to f")]
        if state.moves() == ["pass"]:
            return [Choice("Pass", "pass", "no pyramid of any rank can fly")]
        return []

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        text = str(move)
        marks: list[Any] = [self.index_of(s) for s in _SQUARE.findall(text)]
        for name in ("N", "S"):
            if text.endswith("-" + name):
                marks.append(name)
        return tuple(marks)

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(n if n in ("N", "S") else self.index_of(n) for n in names)

    # ---- words ------------------------------------------------------------------------------------
    def status(self, state: State) -> str:
        assert isinstance(state, XeroGState)
        if state.over:
            return super().status(state)
        name = NAMES[state.mover]
        if state.in_setup:
            return f"{name} arranges the back row (rank {1 if state.mover == SOUTH else SIZE})."
        if state.moves() == ["pass"]:
            return f"{name} cannot fly any pyramid: {name} passes."
        rank = self.flying_rank(state)
        fallback = "" if rank is None or rank + 1 == state.home_rank() else " (its nearest rank cannot move)"
        return f"{name} to fly a ship of the home row, rank {(rank or 0) + 1}{fallback}."

    def phrase(self, before: State, move: Move) -> str:
        assert isinstance(before, XeroGState)
        name = NAMES[before.mover]
        text = str(move)
        if text.startswith("setup"):
            return f"{name} arranges the back row"
        if text == "pass":
            return f"{name} passes"
        flight = self.flight_of(before, move)
        if flight is None:
            return ""
        pips = before.board[flight.squares[0]]
        words = [f"{name} flies the {SIZE_WORDS[pips]} pyramid"]
        boosts = [sq_name(x) for x in flight.landings[:-1]]
        if boosts:
            words.append("boosts off " + ", ".join(boosts))
        end = flight.landings[-1]
        if end < 0:
            words.append("into the base: wins")
        elif flight.drop is not None:
            words.append(f"reprograms {sq_name(end)} to {sq_name(flight.drop)}")
        else:
            words.append(f"lands on {sq_name(end)}")
        return ", ".join(words)

    def flight_of(self, state: XeroGState, move: Move | str) -> Flight | None:
        """The flight to show for a move of `state`: as a person entered it or a lesson wrote it, else its witness.

        The engine lists one witness per outcome (moves are outcomes), so a flight entered square by square
        may be listed under another route; the board animates and draws the route that was flown."""
        text = str(move)
        if text.startswith("setup") or text == "pass":
            return None
        flight = getattr(move, "flight", None)
        if not isinstance(flight, Flight):
            m = state.parse(text)
            if state.explain(m) is not None:
                return None
            flight = getattr(m, "flight", None)
            if not isinstance(flight, Flight):
                return None
        key = (state.board, state.mover, _result(state.board, flight))
        return self._written.get(key) or _scripted().get(key) or flight

    def remember(self, state: XeroGState, flight: Flight) -> None:
        """Keep the route of a flight entered on this board, to animate and draw it as flown."""
        if len(self._written) > 256:
            self._written.clear()
        self._written[(state.board, state.mover, _result(state.board, flight))] = flight

    def log(self, state: State) -> list[tuple[str, str]]:
        """Each move in notation as flown (a flight entered or scripted keeps its route), with a phrase."""
        out = []
        for s in state.history()[1:]:
            assert isinstance(s.parent, XeroGState) and s.last_move is not None
            flight = self.flight_of(s.parent, s.last_move)
            out.append((flight.notation() if flight is not None else str(s.last_move),
                        self.phrase(s.parent, s.last_move)))
        return out

    # ---- animation --------------------------------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Any]:
        """The ship step by step along the move's witness path, then the reprogrammed pyramid dropped."""
        assert isinstance(state, XeroGState)
        flight = self.flight_of(state, move)
        if flight is None:
            return []
        out: list[Any] = [Frame(flight, k) for k in range(1, len(flight.squares))]
        if flight.drop is not None:
            out.append(Frame(flight, len(flight.squares) - 1, dropped=True))
        return out

    # ---- what the cells show ------------------------------------------------------------------------
    def _overlay(self) -> Overlay:
        return self._shown[1] if self._shown is not None else Overlay()

    def _board(self, state: XeroGState) -> tuple[int, ...]:
        """The pips on every square as drawn now: during an animation, the flight's start is empty."""
        frame = self._overlay().frame
        if isinstance(frame, Frame):
            if frame.dropped:
                f = frame.flight
                return board_after(state.board, f.squares[0], f.landings[-1], f.drop)
            board = list(state.board)
            board[frame.flight.squares[0]] = 0
            return tuple(board)
        won = self._won(state)
        if won is not None:   # the winning ship has left the board for the base
            board = list(state.board)
            board[won.squares[0]] = 0
            return tuple(board)
        return state.board

    def _won(self, state: XeroGState) -> Flight | None:
        """The flight that just won the game by entering a base, if any."""
        if not state.over or not isinstance(state.parent, XeroGState) or state.last_move is None:
            return None
        flight = self.flight_of(state.parent, state.last_move)
        return flight if flight is not None and flight.landings[-1] < 0 else None

    def piece(self, state: State, index: int) -> Piece | None:
        assert isinstance(state, XeroGState)
        board = self._board(state)
        pips = board[index]
        if state.in_setup:
            arrange = self._overlay().selection
            rank = 0 if state.mover == SOUTH else SIZE - 1
            if isinstance(arrange, Arrange) and index // SIZE == rank:
                pips = arrange.row[index % SIZE]
        if not pips:
            return None
        selection = self._overlay().selection
        faded = isinstance(selection, Entry) and selection.start == index and self._overlay().frame is None
        return Pyramid(PYRAMID, str(pips), PYRAMID_EDGE, pips=pips, faded=faded)

    def cell_fill(self, state: State, index: int) -> str:
        assert isinstance(state, XeroGState)
        if state.over or self._overlay().frame is not None:
            return palette.CELL
        rank = (0 if state.mover == SOUTH else SIZE - 1) if state.in_setup else self.flying_rank(state)
        if rank is not None and index // SIZE == rank:
            return palette.tint(self.seat_colour(state.mover), 0.7)
        return palette.CELL

    def legal_cells(self, state: State) -> set[int]:
        assert isinstance(state, XeroGState)
        sel = self._overlay().selection
        if state.in_setup:
            arrange = sel if isinstance(sel, Arrange) else Arrange()
            rank = 0 if state.mover == SOUTH else SIZE - 1
            return {rank * SIZE + f for f in range(SIZE) if not arrange.row[f]}
        if isinstance(sel, Entry):
            if sel.mode == FLY:
                return {t for t in self.targets(state, sel) if t >= 0}
            if sel.mode == DROP:
                return self.drops(state, sel)
            return set()
        return set(self.ships(state))

    def last_cells(self, state: State) -> set[int]:
        assert isinstance(state, XeroGState)
        if self._overlay().frame is not None or state.parent is None or not isinstance(state.parent, XeroGState):
            return set()
        assert state.last_move is not None
        flight = self.flight_of(state.parent, state.last_move)
        if flight is None:
            return set()
        cells = {flight.landings[-1]} | ({flight.drop} if flight.drop is not None else set())
        return {c for c in cells if c >= 0}

    # ---- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        self._shown = (state, overlay)
        try:
            super().draw(canvas, state, overlay)
        finally:
            self._shown = None

    def draw_piece(self, canvas: Any, index: int, p: Piece) -> None:
        cx, cy = self.centre(index)
        pips = p.pips if isinstance(p, Pyramid) else int(p.letter or 1)
        self.draw_pyramid(canvas, cx, cy, pips, faded=isinstance(p, Pyramid) and p.faded)

    def draw_pyramid(self, canvas: Any, cx: float, cy: float, pips: int, scale: float = 1.0,
                     faded: bool = False, ring: str | None = None) -> None:
        """A pyramid seen from the side: its height by size, its pips as dots above the base, its number."""
        c = self.cell * scale
        h = c * (0.36 + 0.15 * pips)
        half = c * (0.16 + 0.07 * pips)
        base_y = cy + c * 0.36
        top = base_y - h
        canvas.global_alpha = 0.3 if faded else 1.0
        canvas.begin_path()
        canvas.move_to(cx, top)
        canvas.line_to(cx + half, base_y)
        canvas.line_to(cx - half, base_y)
        canvas.close_path()
        canvas.fill_style = PYRAMID
        canvas.fill()
        canvas.line_width = 1.5
        canvas.stroke_style = PYRAMID_EDGE
        canvas.stroke()
        canvas.fill_style = palette.WHITE
        gap = c * 0.09
        for k in range(pips):
            canvas.fill_circle(cx + (k - (pips - 1) / 2) * gap, base_y - c * 0.06, max(1.5, c * 0.025))
        canvas.font = f"bold {max(9, int(c * (0.15 + 0.03 * pips)))}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(str(pips), cx, base_y - h * 0.36 - c * 0.02)
        canvas.global_alpha = 1.0
        if ring:
            canvas.line_width = 3
            canvas.stroke_style = ring
            canvas.begin_path()
            canvas.move_to(cx, top - 3)
            canvas.line_to(cx + half + 4, base_y + 2)
            canvas.line_to(cx - half - 4, base_y + 2)
            canvas.close_path()
            canvas.stroke()

    def draw_under(self, canvas: Any, state: State, overlay: Overlay) -> None:
        assert isinstance(state, XeroGState)
        goal = None
        if overlay.interactive and not state.over and not state.in_setup and overlay.frame is None:
            goal = BASE[1 - state.mover]
        for p, base in ((NORTH, BASE[NORTH]), (SOUTH, BASE[SOUTH])):
            x, y, w, h = self.base_rect(base)
            colour = self.seat_colour(p)
            canvas.fill_style = palette.tint(colour, 0.78)
            canvas.fill_rect(x, y, w, h)
            canvas.line_width = 2
            canvas.stroke_style = colour
            canvas.stroke_rect(x, y, w, h)
            canvas.fill_style = palette.TEXT
            canvas.font = "bold 14px sans-serif"
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            target = " — South flies here" if p == NORTH else " — North flies here"
            canvas.fill_text(f"{NAMES[p]}'s base ({'N' if p == NORTH else 'S'}){target if goal is not None else ''}",
                             x + w / 2, y + h / 2)
        # the panel on the right
        px = self.grid_right + 2
        canvas.fill_style = "#F1EEE6"
        canvas.fill_rect(px, 6, PANEL_W - 8, self.height - 12)
        path = self._path_now(state, overlay)
        if path is not None:
            self._draw_line(canvas, path[0], path[2])

    def _path_now(self, state: XeroGState, overlay: Overlay) -> tuple[tuple[int, ...], tuple[int, ...], float] | None:
        """The path to draw (squares, gates crossed, opacity): the flight animated, entered, or last flown."""
        frame, sel = overlay.frame, overlay.selection
        if isinstance(frame, Frame):
            return frame.flight.squares[:frame.step + 1], frame.flight.gates[:frame.step], 1.0
        if isinstance(sel, Entry):
            if not sel.landings or sel.witness is None:
                return None
            n = steps_through(state.board, sel.start, sel.landings)
            return sel.witness.squares[:n + 1], sel.witness.gates[:n], 1.0
        if isinstance(state.parent, XeroGState) and state.last_move is not None:
            flight = self.flight_of(state.parent, state.last_move)
            if flight is not None:
                return flight.squares, flight.gates, 0.5
        return None

    def _drop_now(self, state: XeroGState, overlay: Overlay) -> tuple[int, int, float] | None:
        """Where a reprogrammed pyramid went (from, to, opacity): in the animation's last picture, or the last move."""
        frame, sel = overlay.frame, overlay.selection
        if isinstance(frame, Frame):
            f = frame.flight
            return (f.landings[-1], f.drop, 1.0) if frame.dropped and f.drop is not None else None
        if isinstance(sel, Entry) or not isinstance(state.parent, XeroGState) or state.last_move is None:
            return None
        flight = self.flight_of(state.parent, state.last_move)
        return (flight.landings[-1], flight.drop, 0.85) if flight is not None and flight.drop is not None else None

    def _draw_drop(self, canvas: Any, frm: int, to: int, alpha: float) -> None:
        """A dotted arrow from the square a pyramid was lifted from to the square it was dropped on."""
        (x0, y0), (x1, y1) = self.centre(frm), self.centre(to)
        length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        tip_x, tip_y = x1 - ux * self.cell * 0.3, y1 - uy * self.cell * 0.3
        canvas.global_alpha = alpha
        canvas.line_width = 3
        canvas.stroke_style = PATH
        canvas.set_line_dash([3, 4])
        canvas.stroke_line(x0 + ux * self.cell * 0.12, y0 + uy * self.cell * 0.12, tip_x, tip_y)
        canvas.set_line_dash([])
        canvas.fill_style = PATH
        canvas.begin_path()
        canvas.move_to(tip_x + ux * 12, tip_y + uy * 12)
        canvas.line_to(tip_x - uy * 7, tip_y + ux * 7)
        canvas.line_to(tip_x + uy * 7, tip_y - ux * 7)
        canvas.close_path()
        canvas.fill()
        canvas.global_alpha = 1.0

    def _ship_now(self, state: XeroGState, overlay: Overlay) -> tuple[int, int] | None:
        """Where the ship in flight is drawn (square, pips): the animated step, or the entry's last landing."""
        frame, sel = overlay.frame, overlay.selection
        if isinstance(frame, Frame) and not frame.dropped:
            return frame.flight.squares[frame.step], state.board[frame.flight.squares[0]]
        if isinstance(sel, Entry) and sel.landings and frame is None:
            return sel.landings[-1], state.board[sel.start]
        won = self._won(state) if frame is None else None
        if won is not None:
            return won.landings[-1], state.board[won.squares[0]]
        return None

    def draw_over(self, canvas: Any, state: State, overlay: Overlay) -> None:
        assert isinstance(state, XeroGState)
        sel = overlay.selection
        path = self._path_now(state, overlay)
        if path is not None:
            self._draw_gates(canvas, *path)
        drop = self._drop_now(state, overlay)
        if drop is not None:
            self._draw_drop(canvas, *drop)
        ship = self._ship_now(state, overlay)
        if ship is not None:
            at, pips = ship
            x, y = self.point(at)
            start = overlay.frame.flight.squares[0] if isinstance(overlay.frame, Frame) else \
                sel.start if isinstance(sel, Entry) else -9
            on_pyramid = at >= 0 and at != start and bool(state.board[at])
            if on_pyramid:   # the ship stands on the pyramid it landed on: drawn smaller, to one side
                x, y = x - self.cell * 0.27, y - self.cell * 0.2
            self.draw_pyramid(canvas, x, y, pips, scale=0.5 if on_pyramid else 0.62 if at < 0 else 1.0,
                              ring=palette.HIGHLIGHT)
        if isinstance(sel, Entry) and overlay.frame is None:
            self._ring(canvas, sel.start, palette.HIGHLIGHT, 4, 0.96, dash=True)
            if sel.mode == FLY and overlay.interactive:
                goal = BASE[1 - state.mover]
                if goal in self.targets(state, sel):
                    self._base_ring(canvas, goal, palette.HIGHLIGHT, 4)
        for m in overlay.marks:
            if m in ("N", "S"):
                self._base_ring(canvas, BASE[NORTH] if m == "N" else BASE[SOUTH], palette.MARK, 4)
        self._draw_panel(canvas, state, overlay)

    def _base_ring(self, canvas: Any, base: int, colour: str, width: float) -> None:
        x, y, w, h = self.base_rect(base)
        canvas.line_width = width
        canvas.stroke_style = colour
        canvas.stroke_rect(x - 3, y - 3, w + 6, h + 6)

    def _gate_segment(self, a: int, b: int) -> tuple[float, float, float, float]:
        """The boundary between two neighbouring squares (or a square and its base), as a segment."""
        if a < 0 or b < 0:
            sq = b if a < 0 else a
            x, y = self.centre(sq)
            edge = y - self.cell / 2 if sq // SIZE == SIZE - 1 else y + self.cell / 2
            return x - self.cell * 0.4, edge, x + self.cell * 0.4, edge
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        if abs(xa - xb) > 1:   # side by side: a vertical boundary
            return mx, my - self.cell * 0.4, mx, my + self.cell * 0.4
        return mx - self.cell * 0.4, my, mx + self.cell * 0.4, my

    def _draw_line(self, canvas: Any, squares: tuple[int, ...], alpha: float) -> None:
        """The path flown: a dashed line through the squares (under the pyramids), a dot at the start."""
        if len(squares) < 2:
            return
        canvas.global_alpha = alpha
        pts = []
        for k, s in enumerate(squares):
            x, y = self.point(s)
            if s < 0:  # into a base: straight on from the last square's file
                x = self.centre(squares[k - 1])[0]
            pts.append((x, y))
        canvas.line_width = 3
        canvas.stroke_style = PATH
        canvas.set_line_dash([7, 5])
        canvas.begin_path()
        canvas.move_to(*pts[0])
        for p in pts[1:]:
            canvas.line_to(*p)
        canvas.stroke()
        canvas.set_line_dash([])
        canvas.fill_style = PATH
        canvas.fill_circle(*pts[0], 5)
        canvas.global_alpha = 1.0

    def _draw_gates(self, canvas: Any, squares: tuple[int, ...], gates: tuple[int, ...], alpha: float) -> None:
        """Each gate crossed this turn: a red bar on the boundary it closes."""
        canvas.global_alpha = alpha
        canvas.line_width = 7
        canvas.stroke_style = GATE_RED
        canvas.line_cap = "round"
        for k in range(min(len(gates), len(squares) - 1)):
            canvas.stroke_line(*self._gate_segment(squares[k], squares[k + 1]))
        canvas.line_cap = "butt"
        canvas.global_alpha = 1.0

    # ---- the column on the right: buttons and legend ----------------------------------------------------
    def buttons(self, state: State, selection: Any) -> list[Button]:
        """The board's own buttons now: the stash in the set-up; Rocket Boost, Reprogram, Step back, Cancel."""
        assert isinstance(state, XeroGState)
        x, w = self.grid_right + 8, PANEL_W - 20
        y0 = BASE_H + self.margin + 44
        out: list[Button] = []
        if state.over:
            return out
        if state.in_setup:
            arrange = selection if isinstance(selection, Arrange) else Arrange()
            left = self.stash(arrange)
            for k, size in enumerate((3, 2, 1)):
                out.append(Button(f"{SIZE_WORDS[size].capitalize()} ×{left[size]}", f"size{size}", x,
                                  y0 + k * 70, w, 62, left[size] > 0, arrange.size == size, pips=size))
            if any(arrange.row):
                out.append(Button("Clear row", "clear", x, y0 + 3 * 70 + 6, w, 34))
            return out
        if not isinstance(selection, Entry):
            return out
        if selection.mode == CHOOSE:
            boost = bool(self.reachable(state, Entry(selection.start, selection.landings)))
            drop = bool(self.drops(state, selection))
            out.append(Button("Rocket Boost", "boost", x, y0, w, 44, boost))
            out.append(Button("Reprogram", "reprogram", x, y0 + 52, w, 44, drop))
        top = y0 + (112 if selection.mode == CHOOSE else 0)
        out.append(Button("Step back", "back", x, top, w, 34))
        out.append(Button("Cancel flight", "cancel", x, top + 42, w, 34))
        if selection.mode != DROP and len(self.routes(state, selection)) > 1:
            out.append(Button("Other route", "route", x, top + 84, w, 34))
        return out

    def _draw_panel(self, canvas: Any, state: XeroGState, overlay: Overlay) -> None:
        x0 = self.grid_right + 8
        cx = x0 + (PANEL_W - 20) / 2
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = "bold 14px sans-serif"
        sel = overlay.selection if overlay.interactive else None
        y = BASE_H + self.margin + 12
        if state.over:
            head = "Game over"
        elif state.in_setup:
            head = "Stash"
        elif isinstance(sel, Entry):
            head = {FLY: "Flying", CHOOSE: "Boost or reprogram?", DROP: "Drop where?"}[sel.mode]
        else:
            head = f"{NAMES[state.mover]} to fly"
        canvas.font = "bold 13px sans-serif"
        canvas.fill_text(head, cx, y)
        buttons = self.buttons(state, sel) if overlay.interactive and overlay.frame is None else []
        for b in buttons:
            fill = "#FFE2B0" if b.pressed else ("#FFFFFF" if b.enabled else "#E4E1DA")
            canvas.fill_style = fill
            canvas.fill_rect(b.x, b.y, b.w, b.h)
            canvas.line_width = 3 if b.pressed else 1.5
            canvas.stroke_style = palette.HIGHLIGHT if b.pressed else ("#555555" if b.enabled else "#AAAAAA")
            canvas.stroke_rect(b.x, b.y, b.w, b.h)
            canvas.fill_style = palette.TEXT if b.enabled else "#888888"
            canvas.font = "bold 13px sans-serif"
            if b.pips:
                self.draw_pyramid(canvas, b.x + 24, b.y + b.h / 2 - 4, b.pips, scale=0.62)
                canvas.text_align = "left"
                canvas.fill_style = palette.TEXT if b.enabled else "#888888"
                canvas.font = "bold 13px sans-serif"
                word, count = b.label.split(" ")
                canvas.fill_text(word, b.x + 44, b.y + b.h / 2 - 8)
                canvas.font = "13px sans-serif"
                canvas.fill_text(count, b.x + 44, b.y + b.h / 2 + 10)
                canvas.text_align = "center"
            else:
                canvas.fill_text(b.label, b.x + b.w / 2, b.y + b.h / 2)
        if isinstance(sel, Entry) and sel.mode == FLY and overlay.interactive:
            at = sel.landings[-1] if sel.landings else sel.start
            steps = state.board[at]
            canvas.font = "13px sans-serif"
            canvas.fill_style = palette.TEXT
            leg = len(sel.landings) + 1
            canvas.fill_text(f"leg {leg}: {steps} step{'s' if steps > 1 else ''}", cx, y + 18)
        if not state.in_setup:
            self._legend(canvas, x0, cx)

    def _legend(self, canvas: Any, x0: float, cx: float) -> None:
        y = self.height - 150
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.font = "12px sans-serif"
        canvas.fill_style = palette.TEXT
        for k, pips in enumerate((1, 2, 3)):
            self.draw_pyramid(canvas, x0 + 14, y + k * 30, pips, scale=0.42)
            canvas.fill_style = palette.TEXT
            canvas.font = "12px sans-serif"
            canvas.text_align = "left"
            canvas.fill_text(f"{SIZE_WORDS[pips]}", x0 + 30, y + k * 30 - 5)
            canvas.fill_text(f"{pips} step{'s' if pips > 1 else ''}", x0 + 30, y + k * 30 + 9)
        gy = y + 92
        canvas.line_width = 6
        canvas.stroke_style = GATE_RED
        canvas.stroke_line(x0 + 4, gy, x0 + 24, gy)
        canvas.fill_style = palette.TEXT
        canvas.fill_text("gate crossed", x0 + 30, gy)
        canvas.fill_text("(closed)", x0 + 30, gy + 15)
        canvas.line_width = 3
        canvas.stroke_style = palette.HIGHLIGHT
        canvas.stroke_rect(x0 + 4, gy + 32, 20, 20)
        canvas.fill_text("you may click", x0 + 30, gy + 42)
