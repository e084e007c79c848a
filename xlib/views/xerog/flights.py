"""Where a Xero-G flight can go: the squares and bases on screen, flights in notation, and what the engine
says about a flight being entered (the landings some legal flight reaches next, and why a square is refused)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from ... import registry
from ...core import Move, State
from ...games.xerog import (BASE, GATED_STEPS, NAMES, NORTH, SIZE, SOUTH, STEPS, Flight, XeroGState, board_after, drop_squares,
                           gate_in_the_way, gate_words, leg_ends, match_flight, place_name, read_flight, sq_name)
from ...board.cells import CellView
from ...board.view import Overlay

FLY, CHOOSE, DROP = "fly", "choose", "drop"
QUICK_ROW = "321123"
SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}
BASE_H = 48                  # the height of each base strip, beyond rank 6 and beyond rank 1
PANEL_W = 124                # the column of buttons and legend on the right
SQUARE_PATTERN = re.compile(r"\b([a-f][1-6])\b")


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


# ---- notation helpers (names only; the rules stay in the engine) -----------------------------------
def flight_text(start: int, landings: tuple[int, ...], drop: int | None = None) -> str:
    """The notation of a flight: start and landings joined by '-', then '>sq' for a drop."""
    return "-".join(sq_name(s) for s in (start, *landings)) + (f">{sq_name(drop)}" if drop is not None else "")


def steps_through(board: tuple[int, ...], start: int, landings: tuple[int, ...]) -> int:
    """How many steps a flight takes to reach the last of `landings`: the ship's pips, then each boost's."""
    legs = [board[start]] + [board[x] for x in landings[:-1]]
    return sum(legs[:len(landings)])


def after_landing(board: tuple[int, ...], start: int, at: int) -> list[int]:
    """The board while the ship stands on `at` with that square's pyramid in hand."""
    after = list(board)
    after[start] = 0
    after[at] = board[start]
    return after


def _result(board: tuple[int, ...], flight: Flight) -> object:
    """What a flight leaves behind, the identity of its move: the board after it, or "win"."""
    end = flight.landings[-1]
    return "win" if end < 0 else board_after(board, flight.squares[0], end, flight.drop)


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


def reason_about(reason: str, text: str, shown: str) -> str:
    """The engine's reason for `text`, said about `shown` (what a person clicked) rather than the notation."""
    if reason.startswith(text + ": "):
        reason = reason[len(text) + 2:]
        return f"{shown}: {reason}" if shown else reason
    return reason


class XeroGFlights(CellView):
    """The 6×6 squares between two bases, and the engine's answers about a flight in progress."""

    def __init__(self, **options: Any) -> None:
        super().__init__(size=SIZE, **options)
        self.grid_right = self.width
        self.width += PANEL_W
        self.height += 2 * BASE_H
        self._shown: tuple[Any, Overlay] | None = None
        self._cache: dict[tuple[int, Any], Any] = {}
        self._written: dict[tuple[Any, ...], Flight] = {}

    # ---- geometry -------------------------------------------------------------------------------
    @property
    def compact_width(self) -> int:
        """A printed picture shows the squares and the bases, not the column of buttons (its words say whose turn
        it is): so the board is printed larger."""
        return int(self.grid_right)

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

    # ---- what the engine says about a flight in progress -----------------------------------------------
    def _memo(self, state: XeroGState, key: Any, compute: Any) -> Any:
        k = (id(state), key)
        if k not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[k] = (state, compute())   # the state is kept so its id stays its own
        return self._cache[k][1]

    def _search(self, state: XeroGState, start: int) -> "LandingSearch":
        """The search for flights of the ship on `start`, kept while the state is shown (its memos grow)."""
        return self._memo(state, ("search", start), lambda: LandingSearch(state.board, state.mover, start))

    def search_steps(self, state: XeroGState, start: int) -> int:
        """How many steps the search for the ship on `start` has taken so far (a budget counted in steps)."""
        return self._search(state, start).steps

    def witness(self, state: XeroGState, start: int, landings: tuple[int, ...], depth: int = 0) -> Flight | None:
        """A legal whole flight from `start` through these landings (and on, if it must go on), or None: the first
        in the order of `_next`, found without entering a branch from which no legal flight goes on."""
        search = self._search(state, start)
        if not search.viable(landings):
            return None
        board, mover = state.board, state.mover
        end = landings[-1]
        if end < 0 or end == start or not board[end]:   # a base, or an empty square: the flight ends there
            text = flight_text(start, landings)
            if state.explain(text) is not None:
                return None
            return match_flight(board, mover, start, landings, None)[0]
        after = after_landing(board, start, end)
        for d in drop_squares(after, mover):           # Reprogram, where the board changes
            after[d] = board[end]
            changed = tuple(after) != board
            after[d] = 0
            if changed:
                return match_flight(board, mover, start, landings, d)[0]
        for z in self._candidates(state, start, landings):   # or a Rocket Boost that goes on
            if search.viable(landings + (z,)):
                return self.witness(state, start, landings + (z,), depth + 1)
        return None

    def _candidates(self, state: XeroGState, start: int, landings: tuple[int, ...]) -> list[int]:
        """Where the next leg might land by its length alone, in the order the board tries them."""
        board = state.board
        at = landings[-1] if landings else start
        steps = board[start] if not landings else board[at]
        out = [z for z in range(SIZE * SIZE)
               if (dist := abs(z % SIZE - at % SIZE) + abs(z // SIZE - at // SIZE)) <= steps
               and not (steps - dist) % 2]
        return out + [BASE[1 - state.mover]]

    def _next(self, state: XeroGState, start: int, landings: tuple[int, ...], depth: int = 0) -> dict[int, Flight]:
        out: dict[int, Flight] = {}
        for z in self._candidates(state, start, landings):
            w = self.witness(state, start, landings + (z,), depth)
            if w is not None:
                out[z] = w
        return out

    def reachable(self, state: XeroGState, entry: Entry) -> dict[int, Flight]:
        """Where the current leg may land by any route of the legs so far, each with a legal flight through it."""
        return self._memo(state, ("reachable", entry.start, entry.landings),
                          lambda: self._next(state, entry.start, entry.landings))

    def _prefix(self, state: XeroGState, entry: Entry, flight: Flight) -> tuple[int, ...]:
        """The squares `flight` passes up to the entry's last landing: the route of the legs so far."""
        return flight.squares[:steps_through(state.board, entry.start, entry.landings) + 1]

    def targets(self, state: XeroGState, entry: Entry) -> dict[int, Flight]:
        """Where the current leg may land: every square some legal flight through the landings so far reaches
        next, each with such a flight (a move is its outcome, so the board picks the route by itself)."""
        return self.reachable(state, entry)

    def drawn_gates(self, state: XeroGState, entry: Entry) -> tuple[int, ...]:
        """The gates the route drawn for the legs so far has crossed (red on the board)."""
        if not entry.landings or entry.witness is None:
            return ()
        return entry.witness.gates[:steps_through(state.board, entry.start, entry.landings)]

    def drops(self, state: XeroGState, entry: Entry) -> set[int]:
        """The squares where the pyramid landed on may be dropped (the engine accepts the whole move)."""
        def compute() -> set[int]:
            after = after_landing(state.board, entry.start, entry.landings[-1])
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
        shown = place_name(target)
        drop = None
        if target >= 0 and target != start and board[target]:   # a pyramid: ask about the flight up to it
            after = after_landing(board, start, target)
            allowed = [d for d in drop_squares(after, state.mover) if d != start] or [start]
            drop = allowed[0]
        text = flight_text(start, landings, drop)
        reason = state.explain(text)
        if reason is not None and "gate already crossed" in reason and entry.landings:
            at = entry.landings[-1]
            gate = gate_in_the_way(board, state.mover, start, self.drawn_gates(state, entry), at, board[at], target)
            if gate is not None:   # named on the route drawn, whose closed gates are the red ones
                return (f"{shown}: a boost of {board[at]} from {sq_name(at)} cannot get there without crossing a "
                        f"gate already crossed this turn: it would cross {gate_words(gate)} (red) again. Each gate "
                        f"is crossed at most once a turn.")
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
        return reason_about(reason, text, shown)

    def why_no_boost(self, state: XeroGState, entry: Entry) -> str:
        """Why no Rocket Boost goes on from the entry's last landing, in the lesson's words (on the route drawn)."""
        board, start, at = state.board, entry.start, entry.landings[-1]
        pips = board[at]
        closed = self.drawn_gates(state, entry)
        leg = f"a boost of {pips} from {sq_name(at)}"
        sides = STEPS[state.mover][at]
        shut = [g for _, g in sides if g in closed]
        way_out = [d for d, g in sides if g not in closed]
        if not way_out:
            return (f"every gate of {sq_name(at)} is closed (red): the ship has crossed each of them this turn, and "
                    f"each gate is crossed at most once a turn.")
        if pips > 1 and all(d < 0 or (board[d] and d != start) for d in way_out):
            taken = [sq_name(d) for d in way_out if d >= 0]
            gates = " and ".join(gate_words(g) for g in shut)
            return (f"{leg} cannot get out: {gates} {'are' if len(shut) > 1 else 'is'} closed (red), and the ship "
                    f"passes only through empty squares, not the pyramid{'s' if len(taken) > 1 else ''} on "
                    f"{' and '.join(taken)}." if shut else
                    f"{leg} cannot get out: a ship passes only through empty squares, not the pyramids on "
                    f"{' and '.join(taken)}.")
        gate = gate_in_the_way(board, state.mover, start, closed, at, pips)
        if gate is not None:
            return (f"{leg} would have to cross a gate already crossed this turn (red), such as {gate_words(gate)}; "
                    f"each gate is crossed at most once a turn.")
        ends = leg_ends(board, state.mover, start, closed, at, pips)
        if not ends:
            return (f"{leg} has no way through: the squares around are taken, and a ship passes only through "
                    f"empty squares.")
        if ends <= {start}:
            return (f"{leg} can only end on {sq_name(start)}, where the ship started: the board would be as "
                    f"before, and the board must change.")
        return f"every way {leg} can go leaves the board as it was or is blocked further on."

    def why_no_reprogram(self, state: XeroGState, entry: Entry) -> str:
        """Why the pyramid landed on cannot be reprogrammed anywhere that changes the board."""
        start, at = entry.start, entry.landings[-1]
        after = after_landing(state.board, start, at)
        allowed = drop_squares(after, state.mover)
        opp = NAMES[1 - state.mover]
        if not allowed:
            return f"there is no empty square for the pyramid on {sq_name(at)} that is not beyond {opp}'s home row."
        return (f"the only square it may go to is {sq_name(start)}, where the ship started, and an equal pyramid "
                f"there leaves the board as it was: the board must change.")

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

    def typed(self, state: State, text: str) -> None:
        """A flight typed in the Move box is kept as typed: judged, told and drawn as the same route clicked."""
        read = read_flight(text)
        if read is None or not isinstance(state, XeroGState) or state.explain(text) is not None:
            return
        flight = match_flight(state.board, state.mover, *read)[0]
        if flight is None:
            return
        kept = self._written.get((state.board, state.mover, _result(state.board, flight)))
        if kept is None or kept.notation() != flight.notation():   # a route clicked keeps the way it was drawn
            self.remember(state, flight)

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



class LandingSearch:
    """Whether some legal flight of the ship on `start` goes through given landings: the gates each route of the
    landings may have crossed, and, memoised on (square landed on, gates crossed), whether a flight goes on from
    there to an end that changes the board. Each search step (a gate looked at) is counted in `steps`."""

    def __init__(self, board: tuple[int, ...], mover: int, start: int) -> None:
        self.board, self.mover, self.start = board, mover, start
        self.b = list(board)
        self.b[start] = 0
        self.gated = GATED_STEPS[mover]
        self.masks: dict[tuple[int, ...], frozenset[int]] = {(): frozenset({0})}
        self.on: dict[tuple[int, int], bool] = {}
        self.reprograms: dict[int, bool] = {}
        self.steps = 0

    def _walks(self, pos: int, left: int, mask: int, goal: int | None) -> Iterator[tuple[int, int]]:
        """Every way a leg of `left` steps from `pos` ends (on `goal` when given): its end and the gates crossed."""
        b = self.b
        for nxt, _, bit in self.gated[pos]:
            self.steps += 1
            if mask & bit:
                continue
            if nxt < 0:   # a base: only on the last step of a leg
                if left == 1 and (goal is None or nxt == goal):
                    yield nxt, mask | bit
            elif left > 1:
                if not b[nxt]:
                    yield from self._walks(nxt, left - 1, mask | bit, goal)
            elif goal is None or nxt == goal:
                yield nxt, mask | bit

    def routes(self, landings: tuple[int, ...]) -> frozenset[int]:
        """The sets of gates (as bits) crossed by the routes through exactly these landings (none: no route)."""
        known = self.masks.get(landings)
        if known is not None:
            return known
        before = self.routes(landings[:-1])
        at = landings[-2] if len(landings) > 1 else self.start
        steps = self.board[self.start] if len(landings) == 1 else self.b[at]
        found: set[int] = set()
        if steps and at >= 0:
            for mask in before:
                found.update(m for _, m in self._walks(at, steps, mask, landings[-1]))
        self.masks[landings] = frozen = frozenset(found)
        return frozen

    def can_reprogram(self, end: int) -> bool:
        """Whether the pyramid on `end`, landed on, can be dropped somewhere that changes the board."""
        if end not in self.reprograms:
            after = after_landing(self.board, self.start, end)
            changed = False
            for d in drop_squares(after, self.mover):
                after[d] = self.board[end]
                changed = tuple(after) != self.board
                after[d] = 0
                if changed:
                    break
            self.reprograms[end] = changed
        return self.reprograms[end]

    def goes_on(self, pos: int, mask: int) -> bool:
        """Whether a Rocket Boost from the pyramid on `pos`, the gates `mask` crossed, leads to a legal end."""
        key = (pos, mask)
        if key not in self.on:
            self.on[key] = False   # gates only add up, so no route comes back to this state
            for end, after in self._walks(pos, self.b[pos], mask, None):
                if (end < 0 or (not self.b[end] and end != self.start)
                        or (self.b[end] and (self.can_reprogram(end) or self.goes_on(end, after)))):
                    self.on[key] = True
                    break
        return self.on[key]

    def viable(self, landings: tuple[int, ...]) -> bool:
        """Whether some legal flight has exactly these landings, or goes on from the last of them."""
        if any(x < 0 for x in landings[:-1]):
            return False
        masks = self.routes(landings)
        if not masks:
            return False
        end = landings[-1]
        if end < 0:
            return True
        if not self.b[end]:
            return end != self.start
        return self.can_reprogram(end) or any(self.goes_on(end, m) for m in masks)
