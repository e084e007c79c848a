"""The shared view of boards made of cells: square grids (Alea Evangelion, Xero-G) and hex rhombi (X).

It holds the geometry (cell centres, hit-testing, file letters and rank numbers), the legal-cell
highlight, the last-move mark, marks for messages, and the click that plays the cell's move or
shows why it cannot be played. A game's view adds only what is its own: what stands on a cell
(`piece`), what a click on a cell means when it is more than placing there, and any drawing
beyond the cells (`draw_under`, `draw_over`). Cells are indexed as in `xlib.core.grid`:
index = rank × size + file, named file letter then rank number (a1, b1, …)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..core import FILE_LETTERS, Move, State
from . import palette
from .view import Arrow, Click, Overlay, Target, View

SQRT3 = math.sqrt(3)
#: on a hex rhombus, where each arrow key (with Shift or without) goes: the six neighbours of a cell, as the axial
#: step (file, rank) from it. Left and Right go along the rank, Up and Down along the file (the cell above left,
#: below right), and with Shift, Up and Down go to the other cell above (right) and below (left)
HEX_ARROWS = {("ArrowLeft", False): (-1, 0), ("ArrowRight", False): (1, 0), ("ArrowUp", False): (0, -1),
              ("ArrowDown", False): (0, 1), ("ArrowUp", True): (1, -1), ("ArrowDown", True): (-1, 1),
              ("ArrowLeft", True): (-1, 0), ("ArrowRight", True): (1, 0)}


@dataclass
class Piece:
    """What stands on a cell: a fill colour, a letter, and optionally an outline colour and size."""

    fill: str
    letter: str
    outline: str = "#333333"
    scale: float = 0.78        # radius as a share of the cell's inner radius
    letter_colour: str | None = None


class CellView(View):
    """A view of size × size cells, square (`shape="square"`) or hexagonal (`shape="hex"`)."""

    shape = "square"
    rank_one_at_bottom = True      # square boards read like a chess board; hex rhombi like the text board
    target_pixels = 560            # the longer side of the drawing, in the view's own coordinates
    margin = 30

    def __init__(self, size: int = 8, **options: Any) -> None:
        self.size = size
        n = size
        m = self.margin
        if self.shape == "hex":
            # pointy-top hexagons; row r is shifted right by half a cell per row
            self.radius = (self.target_pixels - 2 * m) / (SQRT3 * (n + (n - 1) / 2))
            width = 2 * m + SQRT3 * self.radius * (n + (n - 1) / 2)
            height = 2 * m + 1.5 * self.radius * (n - 1) + 2 * self.radius
        else:
            self.cell = (self.target_pixels - 2 * m) / n
            self.radius = self.cell / 2
            width = height = 2 * m + self.cell * n
        super().__init__(width=int(math.ceil(width)), height=int(math.ceil(height)), options=dict(options))

    # ---- geometry ---------------------------------------------------------------------------
    def centre(self, index: int) -> tuple[float, float]:
        """The centre of cell `index` in view coordinates."""
        n, m = self.size, self.margin
        f, r = index % n, index // n
        row = (n - 1 - r) if (self.rank_one_at_bottom and self.shape == "square") else r
        if self.shape == "hex":
            w = SQRT3 * self.radius
            return m + w * (f + row / 2) + w / 2, m + 1.5 * self.radius * row + self.radius
        return m + self.cell * f + self.cell / 2, m + self.cell * row + self.cell / 2

    def cell_centre(self, name: str) -> tuple[float, float]:
        """The centre of the cell named `name` (e.g. "d3"): where a person clicks to play it."""
        return self.centre(self.index_of(name))

    def index_of(self, name: str) -> int:
        f = FILE_LETTERS.index(name[0])
        r = int(name[1:]) - 1
        if not (0 <= f < self.size and 0 <= r < self.size):
            raise ValueError(f"{name} is not a cell of a {self.size}×{self.size} board")
        return r * self.size + f

    def name_of(self, index: int) -> str:
        return f"{FILE_LETTERS[index % self.size]}{index // self.size + 1}"

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under (x, y), or None off the board."""
        best, best_d = None, float("inf")
        for i in range(self.size * self.size):
            cx, cy = self.centre(i)
            d = (x - cx) ** 2 + (y - cy) ** 2
            if d < best_d:
                best, best_d = i, d
        if best is None:
            return None
        if self.shape == "hex":
            return best if best_d <= self.radius ** 2 else None
        cx, cy = self.centre(best)
        return best if abs(x - cx) <= self.cell / 2 and abs(y - cy) <= self.cell / 2 else None

    def outline(self, index: int) -> list[tuple[float, float]]:
        """The corners of cell `index`."""
        cx, cy = self.centre(index)
        if self.shape == "hex":
            r = self.radius
            return [(cx + r * math.cos(math.radians(60 * k - 30)), cy + r * math.sin(math.radians(60 * k - 30)))
                    for k in range(6)]
        h = self.cell / 2
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    # ---- what a game tells about its cells ------------------------------------------------------
    def piece(self, state: State, index: int) -> Piece | None:
        """What stands on cell `index` (None when empty)."""
        return None

    def cell_fill(self, state: State, index: int) -> str:
        return palette.CELL

    def legal_cells(self, state: State) -> set[int]:
        """Cells to outline as playable now (by default: the cells of the legal moves)."""
        cells = (getattr(m, "cell", None) for m in state.moves())
        return {c for c in cells if isinstance(c, int)}

    def last_cells(self, state: State) -> set[int]:
        """Cells the last move touched (by default: its cell)."""
        cell = getattr(state.last_move, "cell", None)
        return {cell} if isinstance(cell, int) else set()

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        cell = getattr(move, "cell", None)
        if isinstance(cell, int):
            return (cell,)
        text = str(move).strip()
        try:
            return (self.index_of(text),)
        except (ValueError, IndexError):
            return ()

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(self.index_of(n) for n in names)

    def cell_click(self, state: State, index: int, selection: Any = None) -> Click:
        """A click on cell `index`: by default play the move named by the cell, or say why not."""
        text = self.name_of(index)
        reason = state.explain(text)
        if reason is None:
            return Click(move=text)
        return Click(message=reason, marks=(index,), illegal=True)

    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        index = self.cell_at(x, y)
        if index is None:
            return Click(selection=selection)
        return self.cell_click(state, index, selection)

    # ---- the keyboard -----------------------------------------------------------------------------
    def cell_words(self, state: State, index: int) -> str:
        """A cell in words for the keyboard's cursor: its name, what stands on it, and whether it is playable."""
        p = self.piece(state, index)
        words = f"{self.name_of(index)}, " + (f"piece {p.letter}" if p is not None and p.letter
                                               else "a piece" if p is not None else "empty")
        if not state.over and index in self.legal_cells(state):
            words += ", you can play here"
        return words

    def key_targets(self, state: State, selection: Any = None) -> list[Target]:
        """Every cell of the board (a click can choose any of them, if only to hear why not), as large as the place
        a tap picks it in: a hexagon's inner radius (a tap goes to the nearest cell), nine tenths of a square's."""
        r = self.radius * (SQRT3 / 2 if self.shape == "hex" else 0.9)
        return [Target(self.cell_words(state, i), *self.centre(i), r, r) for i in range(self.size * self.size)]

    def key_help(self) -> str:
        """On hexagons, which keys reach the six neighbours (squares need no words: the four arrows do it)."""
        if self.shape != "hex":
            return ""
        return ("Left and Right move along the rank, Up and Down along the file; Shift with Up or Down goes to the "
                "other cell above or below.")

    def arrow(self, key: str, shift: bool = False) -> Arrow | None:
        """On hexagons, each of a cell's six neighbours is one key press away (HEX_ARROWS), and never farther."""
        if self.shape != "hex":
            return super().arrow(key, shift)
        step = HEX_ARROWS.get((key, shift))
        if step is None:
            return None
        dq, dr = step
        x, y = SQRT3 * (dq + dr / 2), 1.5 * dr   # in radii: the neighbour's centre from the cell's
        length = math.hypot(x, y)
        return Arrow(x / length, y / length, reach=1.2 * SQRT3 * self.radius)

    # ---- drawing ----------------------------------------------------------------------------------
    def draw_under(self, canvas: Any, state: State, overlay: Overlay) -> None:
        """Anything drawn after the empty cells and before the pieces (regions, paths)."""

    def draw_over(self, canvas: Any, state: State, overlay: Overlay) -> None:
        """Anything drawn over the pieces (arrows, paths flown)."""

    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        n = self.size
        canvas.fill_style = palette.BACKGROUND
        canvas.fill_rect(0, 0, self.compact_width if overlay.compact else self.width, self.height)
        for i in range(n * n):
            self._polygon(canvas, self.outline(i))
            canvas.fill_style = self.cell_fill(state, i)
            canvas.fill()
            canvas.line_width = 1
            canvas.stroke_style = palette.CELL_EDGE
            canvas.stroke()
        self._labels(canvas)
        self.draw_under(canvas, state, overlay)
        legal = self.legal_cells(state) if overlay.interactive and not state.over and overlay.frame is None else set()
        for i in legal:
            self._ring(canvas, i, palette.HIGHLIGHT, 3, 0.88)
        for i in self.last_cells(state):
            cx, cy = self.centre(i)
            canvas.fill_style = "#D8CFB8"
            canvas.fill_circle(cx, cy, self.radius * 0.92)
        for i in range(n * n):
            p = self.piece(state, i)
            if p is not None:
                self.draw_piece(canvas, i, p)
        for i in self.last_cells(state):   # a white dot ringed in black shows on light and dark pieces alike
            cx, cy = self.centre(i)
            r = max(3.0, self.radius * 0.14)
            canvas.fill_style = palette.WHITE
            canvas.fill_circle(cx + self.radius * 0.5, cy - self.radius * 0.5, r)
            canvas.line_width = 1.5
            canvas.stroke_style = palette.LAST
            canvas.stroke_circle(cx + self.radius * 0.5, cy - self.radius * 0.5, r)
        self.draw_over(canvas, state, overlay)
        if isinstance(overlay.selection, int):
            self._ring(canvas, overlay.selection, palette.HIGHLIGHT, 4, 0.96, dash=True)
        for i in overlay.marks:
            if isinstance(i, int):
                self._ring(canvas, i, palette.MARK, 4, 1.0)

    def draw_piece(self, canvas: Any, index: int, p: Piece) -> None:
        cx, cy = self.centre(index)
        r = self.radius * p.scale * (0.9 if self.shape == "hex" else 1.0)
        canvas.fill_style = p.fill
        canvas.fill_circle(cx, cy, r)
        canvas.line_width = 1.5
        canvas.stroke_style = p.outline
        canvas.stroke_circle(cx, cy, r)
        if p.letter:
            canvas.fill_style = p.letter_colour or palette.text_colour(p.fill)
            canvas.font = f"bold {max(17, int(r * 0.95))}px sans-serif"   # 10 px and more on a phone
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            canvas.fill_text(p.letter, cx, cy + 1)

    def _polygon(self, canvas: Any, points: list[tuple[float, float]]) -> None:
        canvas.begin_path()
        canvas.move_to(*points[0])
        for pt in points[1:]:
            canvas.line_to(*pt)
        canvas.close_path()

    def _ring(self, canvas: Any, index: int, colour: str, width: float, scale: float, dash: bool = False) -> None:
        pts = self.outline(index)
        cx, cy = self.centre(index)
        pts = [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in pts]
        canvas.set_line_dash([6, 4] if dash else [])
        canvas.line_width = width
        canvas.stroke_style = colour
        self._polygon(canvas, pts)
        canvas.stroke()
        canvas.set_line_dash([])

    def _labels(self, canvas: Any) -> None:
        n, m = self.size, self.margin
        canvas.fill_style = palette.MUTED
        canvas.font = "17px sans-serif"   # 12 screen pixels and more on a laptop's smallest board, 10 on a phone
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        for f in range(n):
            top = self.centre(f if self.shape == "hex" or not self.rank_one_at_bottom else (n - 1) * n + f)
            bottom = self.centre((n - 1) * n + f if self.shape == "hex" or not self.rank_one_at_bottom else f)
            canvas.fill_text(FILE_LETTERS[f], top[0], top[1] - self.radius - m / 2 + 4)
            canvas.fill_text(FILE_LETTERS[f], bottom[0], bottom[1] + self.radius + m / 2 - 4)
        for r in range(n):
            x, y = self.centre(r * n)
            canvas.fill_text(str(r + 1), x - self.radius - m / 2 + 2, y)
            x2, y2 = self.centre(r * n + n - 1)
            canvas.fill_text(str(r + 1), x2 + self.radius + m / 2 - 2, y2)
