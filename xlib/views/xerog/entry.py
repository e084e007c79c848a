"""Entering a Xero-G move by clicks: the ship, each landing, Rocket Boost or Reprogram, the drop square,
and the back row arranged in the set-up; the buttons in the column on the right."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Move, State
from ...games.xerog import BASE, NAMES, NORTH, SIZE, SOUTH, Flight, XeroGState, drop_squares, sq_name
from ...board.view import Choice, Click, Target
from .flights import (BASE_H, CHOOSE, DROP, FLY, PANEL_W, QUICK_ROW, SIZE_WORDS, SQUARE_PATTERN, Arrange,
                      Entry, XeroGFlights, after_landing, flight_text, reason_about, steps_through)


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


class XeroGEntry(XeroGFlights):
    """What a click means: each click of a flight asks the engine, and a refused one says why."""

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
        # Step back and Cancel flight stay in one place, below where Rocket Boost and Reprogram appear: a quick
        # second click on either of those lands on no button rather than on Cancel flight
        out.append(Button("Step back", "back", x, y0 + 112, w, 34))
        out.append(Button("Cancel flight", "cancel", x, y0 + 154, w, 44))   # its words on two lines
        return out

    def button_centre(self, state: State, selection: Any, label: str) -> tuple[float, float]:
        """The centre of the board's own button whose label starts with `label` (for tests and people)."""
        for b in self.buttons(state, selection):
            if b.label.startswith(label):
                return b.x + b.w / 2, b.y + b.h / 2
        raise ValueError(f"no button {label!r} now; buttons: {[b.label for b in self.buttons(state, selection)]}")

    # ---- the keyboard -----------------------------------------------------------------------------
    def key_targets(self, state: State, selection: Any = None) -> list[Target]:
        """Every square, the two bases, and the board's own buttons in the column on the right."""
        out = super().key_targets(state, selection)
        for base, name in ((BASE[NORTH], "North's base"), (BASE[SOUTH], "South's base")):
            bx, by, bw, bh = self.base_rect(base)
            out.append(Target(name, bx + bw / 2, by + bh / 2, bw / 2, bh / 2))
        for b in self.buttons(state, selection):
            words = b.label + ("" if b.enabled else ", not available now") + (", chosen" if b.pressed else "")
            out.append(Target(f"Button {words}", b.x + b.w / 2, b.y + b.h / 2, b.w / 2, b.h / 2))
        return out

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
        return Click(message=reason_about(reason, text, ""), marks=(target,), illegal=True)

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
            after = after_landing(state.board, entry.start, entry.landings[-1])
            rows = [r for r in range(SIZE) if any(after[r * SIZE:(r + 1) * SIZE])]
            home = (max(rows) if opp == NORTH else min(rows)) + 1
            reason = (f"{sq_name(target)} is beyond the opponent's home row ({NAMES[opp]}'s, rank {home}): the "
                      f"pyramid may go on rank {home} or nearer {NAMES[state.mover]}.")
        return Click(selection=entry, message=reason_about(reason, text, ""), marks=(target,), illegal=True)

    def _press(self, state: XeroGState, selection: Any, b: Button) -> Click:
        if not b.enabled:
            why = ""
            if isinstance(selection, Entry) and selection.landings and b.action == "boost":
                why = self.why_no_boost(state, selection)
            elif isinstance(selection, Entry) and selection.landings and b.action == "reprogram":
                why = self.why_no_reprogram(state, selection)
            where = selection.landings[-1:] if isinstance(selection, Entry) else ()
            return Click(selection=selection, illegal=True, marks=where,
                         message=f"{b.label} is not possible here" + (f": {why}" if why else "."))
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
        if b.action == "boost":
            flying = Entry(selection.start, selection.landings, FLY, selection.witness)
            onward = self.reachable(state, flying)
            route = self._prefix(state, selection, selection.witness) if selection.witness is not None else ()
            if not any(self._prefix(state, selection, w) == route for w in onward.values()):
                # the route drawn so far cannot go on: draw one that can (the next click may change it again)
                flying = Entry(selection.start, selection.landings, FLY, next(iter(onward.values())))
            return Click(selection=flying,
                         message=f"Rocket Boost: click where the ship lands after {pips} more step"
                                 f"{'s' if pips > 1 else ''} from {sq_name(at)} (ringed).")
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
        after = after_landing(state.board, entry.start, entry.landings[-1])
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
        marks: list[Any] = [self.index_of(s) for s in SQUARE_PATTERN.findall(text)]
        for name in ("N", "S"):
            if text.endswith("-" + name):
                marks.append(name)
        return tuple(marks)

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(n if n in ("N", "S") else self.index_of(n) for n in names)

