"""Drawing Xero-G: pyramids by size with their pips, the bases, the path flown and the gates it closed,
flights animated, and the button column with its legend."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Move, State
from ...games.xerog import BASE, NAMES, NORTH, SIZE, SOUTH, Flight, XeroGState
from ...board import palette
from ...board.cells import Piece
from ...board.view import Overlay
from .entry import XeroGEntry
from .flights import BASE_H, CHOOSE, DROP, FLY, PANEL_W, SIZE_WORDS, Arrange, Entry, Frame, steps_through

PYRAMID = "#3E5A4C"          # pyramids belong to nobody: one neutral colour, apart from both seats
PYRAMID_EDGE = "#1E2B24"
GATE_RED = "#D10A1E"         # a gate crossed this turn (closed), as in the seed's pictures
PATH = "#222222"
MAX_FRAMES = 4               # an animated flight shows at most this many pictures (sharing the 0.3 s of MOVE_SECONDS in xlib/board/turns.py)
SHIP_SCALE = 0.8             # a ship standing on a pyramid, beside it: big enough to read its number
UNDER_SCALE = 0.64           # the pyramid a ship stands on, beside the ship
#: the least type on the board: 17 units is 10 px and more on a phone 360 px wide (the board drawn 348 px wide)
TYPE = 17


@dataclass
class Pyramid(Piece):
    """A pyramid on a square: its pips set its size; a faded one is the ship that has taken off."""

    pips: int = 1
    faded: bool = False
    under_ship: bool = False      # a ship stands on it: drawn smaller, to the right, the ship to its left


class XeroGDrawing(XeroGEntry):
    """How a Xero-G state looks, with the flight being entered drawn over it."""

    # ---- animation --------------------------------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Any]:
        """The ship along the move's path, then the reprogrammed pyramid dropped: at most MAX_FRAMES pictures,
        so a flight takes a moment however long it is (the path drawn so far shows the steps between)."""
        assert isinstance(state, XeroGState)
        flight = self.flight_of(state, move)
        if flight is None:
            return []
        budget = MAX_FRAMES - (flight.drop is not None)
        out: list[Any] = [Frame(flight, k) for k in frame_steps(flight, budget)]
        if flight.drop is not None:
            out.append(Frame(flight, len(flight.squares) - 1, dropped=True))
        return out

    # ---- what the cells show ------------------------------------------------------------------------
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
        overlay = self._overlay()
        selection = overlay.selection
        faded = isinstance(selection, Entry) and selection.start == index and overlay.frame is None
        ship = self._ship_now(state, overlay)
        under = ship is not None and ship[0] == index and self._on_pyramid(state, overlay, index)
        return Pyramid(PYRAMID, str(pips), PYRAMID_EDGE, pips=pips, faded=faded, under_ship=under)

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
        if isinstance(p, Pyramid) and p.under_ship:   # the ship stands on it: both side by side, both readable
            self.draw_pyramid(canvas, cx + self.cell * 0.2, cy + self.cell * 0.06, pips, scale=UNDER_SCALE)
            return
        self.draw_pyramid(canvas, cx, cy, pips, faded=isinstance(p, Pyramid) and p.faded)

    def draw_pyramid(self, canvas: Any, cx: float, cy: float, pips: int, scale: float = 1.0,
                     faded: bool = False, ring: str | None = None, label_px: int = TYPE,
                     number: bool = True) -> None:
        """A pyramid seen from the side: its height by size, its pips as dots above the base, and (unless a word
        beside it says its size, `number` false) its number, at least `label_px` high and outlined in the
        pyramid's edge colour so that it reads where it is wider than a small pyramid."""
        c = self.cell * scale
        printed = self._overlay().compact   # printed small: larger pips, and the number (printed large) above them
        h = c * ((0.44 if printed else 0.36) + 0.15 * pips)
        half = c * (0.16 + 0.07 * pips)
        base_y = cy + c * (0.42 if printed else 0.36)
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
        gap, radius = (c * 0.14, c * 0.05) if printed else (c * 0.09, max(1.5, c * 0.025))
        pip_y = base_y - (radius + c * 0.05 if printed else c * 0.06)
        for k in range(pips):
            canvas.fill_circle(cx + (k - (pips - 1) / 2) * gap, pip_y, radius)
        if number:
            canvas.font = f"bold {max(label_px, int(c * (0.15 + 0.03 * pips)))}px sans-serif"
            canvas.text_align = "center"
            if printed:   # however large the print makes it, the number grows upwards, clear of the pips
                canvas.text_baseline = "alphabetic"
                at = pip_y - radius - c * 0.04
            else:
                canvas.text_baseline = "middle"
                at = base_y - max(h * 0.45, c * 0.25)   # clear of the pips
            canvas.line_width = 3
            canvas.line_join = "round"
            canvas.stroke_style = PYRAMID_EDGE
            canvas.stroke_text(str(pips), cx, at)
            canvas.line_join = "miter"
            canvas.fill_style = palette.WHITE
            canvas.fill_text(str(pips), cx, at)
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
        ship = self._ship_now(state, overlay)
        for p, base in ((NORTH, BASE[NORTH]), (SOUTH, BASE[SOUTH])):
            x, y, w, h = self.base_rect(base)
            label_x = x + w / 2
            if ship is not None and ship[0] == base:   # a ship flew in at its file: the words keep out of its way
                label_x = x + w * (0.72 if ship[2] % SIZE < SIZE // 2 else 0.28)
            colour = self.seat_colour(p)
            canvas.fill_style = palette.tint(colour, 0.78)
            canvas.fill_rect(x, y, w, h)
            canvas.line_width = 2
            canvas.stroke_style = colour
            canvas.stroke_rect(x, y, w, h)
            canvas.fill_style = palette.TEXT
            canvas.font = f"bold {TYPE}px sans-serif"
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            target = " — South flies here" if p == NORTH else " — North flies here"
            canvas.fill_text(f"{NAMES[p]}'s base ({'N' if p == NORTH else 'S'}){target if goal is not None else ''}",
                             label_x, y + h / 2)
        if not overlay.compact:   # the panel on the right (a printed picture leaves it out: compact_width)
            canvas.fill_style = "#F1EEE6"
            canvas.fill_rect(self.grid_right + 2, 6, PANEL_W - 8, self.height - 12)
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

    def _ship_now(self, state: XeroGState, overlay: Overlay) -> tuple[int, int, int] | None:
        """Where the ship in flight is drawn (square, pips, the square it came from): the animated step, the
        entry's last landing, or the base the winning ship flew into."""
        frame, sel = overlay.frame, overlay.selection
        if isinstance(frame, Frame) and not frame.dropped:
            squares = frame.flight.squares
            return squares[frame.step], state.board[squares[0]], squares[frame.step - 1]
        if isinstance(sel, Entry) and sel.landings and frame is None:
            came = sel.witness.squares[steps_through(state.board, sel.start, sel.landings) - 1] \
                if sel.witness is not None else sel.start
            return sel.landings[-1], state.board[sel.start], came
        won = self._won(state) if frame is None else None
        if won is not None:
            return won.landings[-1], state.board[won.squares[0]], won.squares[-2]
        return None

    def _on_pyramid(self, state: XeroGState, overlay: Overlay, at: int) -> bool:
        """Whether the ship drawn on `at` stands on a pyramid (not on its own start square)."""
        frame, sel = overlay.frame, overlay.selection
        start = frame.flight.squares[0] if isinstance(frame, Frame) else sel.start if isinstance(sel, Entry) else -9
        return at >= 0 and at != start and bool(state.board[at])

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
            at, pips, came = ship
            x, y = self.point(at)
            scale = 1.0
            if at < 0:   # in the base, straight on from the file it came from
                x, scale = self.centre(came)[0], 0.62
            elif self._on_pyramid(state, overlay, at):   # on the pyramid it landed on: beside it, on the left
                x, y, scale = x - self.cell * 0.2, y - self.cell * 0.04, SHIP_SCALE
            self.draw_pyramid(canvas, x, y, pips, scale=scale, ring=palette.HIGHLIGHT)
        if isinstance(sel, Entry) and overlay.frame is None:
            self._ring(canvas, sel.start, palette.HIGHLIGHT, 4, 0.96, dash=True)
            if sel.mode == FLY and overlay.interactive:
                goal = BASE[1 - state.mover]
                if goal in self.targets(state, sel):
                    self._base_ring(canvas, goal, palette.HIGHLIGHT, 4)
        for m in overlay.marks:
            if m in ("N", "S"):
                self._base_ring(canvas, BASE[NORTH] if m == "N" else BASE[SOUTH], palette.MARK, 4)
        if not overlay.compact:
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

    def _draw_panel(self, canvas: Any, state: XeroGState, overlay: Overlay) -> None:
        x0 = self.grid_right + 8
        cx = x0 + (PANEL_W - 20) / 2
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        sel = overlay.selection if overlay.interactive else None
        y = BASE_H + self.margin + 12
        if state.over:
            head = "Game over"
        elif state.in_setup:
            head = "Stash"
        elif isinstance(sel, Entry):
            head = {FLY: "Flying", CHOOSE: "Choose one:", DROP: "Drop where?"}[sel.mode]
        else:
            head = f"{NAMES[state.mover]} to fly"
        canvas.font = f"{TYPE}px sans-serif"   # the column is narrow: its words in plain type, one line each
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
            canvas.font = f"{TYPE}px sans-serif"
            if b.pips:   # the pyramid, then its size and how many are left: the words say its number
                self.draw_pyramid(canvas, b.x + 15, b.y + b.h / 2 - 2, b.pips, scale=0.5, number=False)
                canvas.text_align = "left"
                canvas.fill_style = palette.TEXT if b.enabled else "#888888"
                word, count = b.label.split(" ")
                canvas.fill_text(word, b.x + 30, b.y + b.h / 2 - 10)
                canvas.fill_text(count, b.x + 30, b.y + b.h / 2 + 11)
                canvas.text_align = "center"
            else:
                lines = b.label.split(" ") if len(b.label) > 10 and b.h >= 2 * TYPE + 6 else [b.label]
                for k, line in enumerate(lines):
                    canvas.fill_text(line, b.x + b.w / 2, b.y + b.h / 2 + (k - (len(lines) - 1) / 2) * (TYPE + 2))
        if isinstance(sel, Entry) and sel.mode == FLY and overlay.interactive:
            at = sel.landings[-1] if sel.landings else sel.start
            steps = state.board[at]
            canvas.font = f"{TYPE}px sans-serif"
            canvas.fill_style = palette.TEXT
            leg = len(sel.landings) + 1
            canvas.fill_text(f"leg {leg}: {steps} step{'s' if steps > 1 else ''}", cx, y + 20)
        if not state.in_setup:
            self._legend(canvas, x0, cx, overlay.interactive)

    def _legend(self, canvas: Any, x0: float, cx: float, interactive: bool = True) -> None:
        """What the pyramids, a crossed gate and (where a click plays) the highlight mean: two short lines each."""
        line = TYPE + 1
        y = self.height - 10 - ((9 if interactive else 7) * line + line / 2 + 8)   # its last line 10 units from the foot
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.font = f"{TYPE}px sans-serif"
        for k, pips in enumerate((1, 2, 3)):
            yy = y + k * 2 * line
            self.draw_pyramid(canvas, x0 + 11, yy + line / 2, pips, scale=0.42, number=False)
            canvas.fill_style = palette.TEXT
            canvas.text_align = "left"
            canvas.fill_text(f"{SIZE_WORDS[pips]}", x0 + 26, yy)
            canvas.fill_text(f"{pips} step{'s' if pips > 1 else ''}", x0 + 26, yy + line)
        gy = y + 6 * line + 4
        canvas.line_width = 6
        canvas.stroke_style = GATE_RED
        canvas.stroke_line(x0 + 2, gy + line / 2, x0 + 20, gy + line / 2)
        canvas.fill_style = palette.TEXT
        canvas.fill_text("gate", x0 + 26, gy)
        canvas.fill_text("closed", x0 + 26, gy + line)
        if not interactive:
            return
        hy = gy + 2 * line + 4
        canvas.line_width = 3
        canvas.stroke_style = palette.HIGHLIGHT
        canvas.stroke_rect(x0 + 2, hy + line / 2 - 9, 18, 18)
        canvas.fill_text("you may", x0 + 26, hy)
        canvas.fill_text("click", x0 + 26, hy + line)


def frame_steps(flight: Flight, budget: int) -> list[int]:
    """The steps of `flight` an animation shows: every step when there are at most `budget` (at least one),
    else `budget` steps spread evenly, the last one always (the path drawn up to each shows the steps between)."""
    n = len(flight.squares) - 1
    budget = max(1, budget)
    if n <= budget:
        return list(range(1, n + 1))
    return sorted({max(1, (n * (j + 1) + budget // 2) // budget) for j in range(budget)})
