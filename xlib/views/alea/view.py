"""The Alea Evangelion board: stones with B/W letters, protected stones ringed, conversions shown as they happen.

Click an empty cell to place a stone; click one of your stones to convert the enemy stones around
it. A conversion is animated: first the stones that will flip are outlined, then they turn. The
stones placed or flipped by the last turn carry a yellow ring (protected); your stones that may
convert now carry an orange square. In the two final turns a Pass button appears."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Move, State
from ...games.alea import LETTERS, NAMES, AleaState
from ...board import palette
from ...board.cells import CellView, Piece
from ...board.view import Choice, Click, Overlay

BOARD = "#5F7F8C"            # slate cells: both stone colours stand out on them
STONE_BLACK = palette.BLACK
STONE_WHITE = "#E3CFA3"      # ivory: light, yet apart from the page for every kind of vision
PROTECTED = palette.YELLOW
LEGEND = 62                  # the band under the board: what the rings mean, and the rule that matters now


@dataclass(frozen=True)
class Flip:
    """One picture of a conversion: the stones about to flip (`done` False), or just flipped."""

    source: int
    cells: tuple[int, ...]
    colour: int
    done: bool


def number(x: float) -> str:
    """A count in words: 8, 8½, −½, 0.25."""
    sign = "−" if x < 0 else ""
    whole, part = divmod(abs(x), 1)
    if part == 0:
        return f"{sign}{int(whole)}"
    if part == 0.5:
        return f"{sign}{int(whole) or ''}½"
    return f"{x:g}"


class AleaView(CellView):
    """Square board of size × size cells, file letters and rank numbers around it, a legend below."""

    shape = "square"
    seat_colours = (STONE_BLACK, STONE_WHITE)
    seat_letters = tuple(LETTERS)
    option_labels = {
        "size": "Board size (4 to 19; with no komi, an odd size such as 9 has no draws)",
        "adjacency": "Neighbours of a stone",
        "komi": "Komi: points added to White's count (a half point rules out draws)",
        "streak": "Conversions in a row before a stone must be placed",
    }
    value_labels = {"adjacency": {4: "4: left, right, above, below", 8: "8: also the diagonals"}}

    def __init__(self, size: int = 8, **options: Any) -> None:
        super().__init__(size=size, **options)
        self.board_height = self.height
        self.height += LEGEND
        self._frame: Flip | None = None

    # ---- what stands on the cells ------------------------------------------------------------
    def cell_fill(self, state: State, index: int) -> str:
        return BOARD

    def piece(self, state: State, index: int) -> Piece | None:
        assert isinstance(state, AleaState)
        colour = state.stone(self.name_of(index))
        frame = self._frame
        if frame is not None and frame.done and index in frame.cells:
            colour = frame.colour
        if colour is None:
            return None
        return Piece(self.seat_colour(colour), LETTERS[colour], outline="#000000")

    def last_cells(self, state: State) -> set[int]:
        return set()  # the protected stones are ringed instead (draw_over)

    def legal_cells(self, state: State) -> set[int]:
        """Your stones that may convert now (every empty cell may take a stone, so those are not outlined)."""
        assert isinstance(state, AleaState)
        if state.to_move is None:
            return set()
        out = set()
        for i in range(self.size * self.size):
            name = self.name_of(i)
            if state.stone(name) == state.to_move and state.explain("x" + name) is None:
                out.add(i)
        return out

    # ---- clicks ---------------------------------------------------------------------------------
    def cell_click(self, state: State, index: int, selection: Any = None) -> Click:
        """Empty cell: place. Your stone: convert around it. Any refusal says why and marks the stones concerned."""
        assert isinstance(state, AleaState)
        name = self.name_of(index)
        stone, mover = state.stone(name), state.to_move
        if stone is not None and stone != mover:
            return Click(message=f"{name} is a {NAMES[stone]} stone. Click an empty cell to place a stone, or one "
                                 f"of your own ({NAMES[mover or 0]}) stones to convert the stones around it.",
                         marks=(index,), illegal=True)
        move = name if stone is None else "x" + name
        reason = state.explain(move)
        if reason is None:
            return Click(move=move)
        if stone is not None:
            reason = self._refusal(state, index, reason)
        if state.in_final_turns and state.explain("pass") is None:
            reason += " You may press Pass instead."
        return Click(message=reason, marks=self.marks_for(state, move), illegal=True)

    def _refusal(self, state: AleaState, index: int, reason: str) -> str:
        """Why the stone on `index` may not convert, short enough for two lines above a tutorial board."""
        name = self.name_of(index)
        flips = self.flips(state, index)
        if not flips:
            return f"{name} has no enemy stone next to it: there is nothing to convert."
        guarded = sorted(self.name_of(j) for j in flips if j in self._protected(state))
        if guarded:
            listed = " and ".join(guarded) if len(guarded) < 3 else ", ".join(guarded[:-1]) + " and " + guarded[-1]
            verb = "is" if len(guarded) == 1 else "are"
            return (f"{name} cannot convert: {listed} {verb} protected (placed or flipped last turn), and a "
                    f"conversion flips all or none.")
        limit = state.game.options["streak"]
        if not state.in_final_turns and state.streak >= limit:
            return f"{name} cannot convert: after {limit} conversions in a row, a stone must be placed."
        if "superko" in reason:
            after = NAMES[1 - (state.to_move or 0)]
            return (f"{name} cannot convert: it would bring back a board that occurred earlier in this game, with "
                    f"{after} to move (superko).")
        return f"{name} cannot convert: " + reason.removeprefix("x" + name + ": ")

    def flips(self, state: State, index: int) -> tuple[int, ...]:
        """The enemy stones next to the stone on `index`: what converting around it would flip."""
        assert isinstance(state, AleaState)
        colour = state.stone(self.name_of(index))
        if colour is None:
            return ()
        return tuple(j for j in state.game.neighbours[index] if state.stone(self.name_of(j)) == 1 - colour)

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        """A refused conversion marks its stone and the stones concerned: the protected ones, else all it would flip."""
        assert isinstance(state, AleaState)
        text = str(move).strip()
        if not text.startswith("x"):
            return super().marks_for(state, text)
        try:
            index = self.index_of(text[1:])
        except (ValueError, IndexError):
            return ()
        flips = self.flips(state, index)
        protected = self._protected(state)
        guarded = tuple(j for j in flips if j in protected)
        return (index,) + (guarded or flips)

    def _protected(self, state: AleaState) -> set[int]:
        return {self.index_of(name) for name in state.protected}

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(self.index_of(n) for n in names)

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        assert isinstance(state, AleaState)
        if state.in_final_turns:
            return [Choice("Pass", "pass", "end your final turn without converting")]
        return []

    # ---- animation and words ------------------------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Flip]:
        """A conversion: the stones that will flip outlined (held twice as long), then flipped."""
        assert isinstance(state, AleaState)
        text = str(move)
        if not text.startswith("x") or state.to_move is None:
            return []
        index = self.index_of(text[1:])
        cells = self.flips(state, index)
        ahead = Flip(index, cells, state.to_move, False)
        done = Flip(index, cells, state.to_move, True)
        return [ahead, ahead, done, done]

    def phrase(self, before: State, move: Move) -> str:
        assert isinstance(before, AleaState)
        who = NAMES[before.to_move or 0]
        text = str(move)
        if text == "pass":
            return f"{who} passes"
        if text.startswith("x"):
            names = ", ".join(sorted(self.name_of(j) for j in self.flips(before, self.index_of(text[1:]))))
            return f"{who} flips {names}"
        return f"{who} places a stone"

    def status(self, state: State) -> str:
        """Whose turn, the counts with komi, the streak when it is near its limit, the final turns."""
        assert isinstance(state, AleaState)
        black, white = state.counts
        komi = state.game.options["komi"]
        counts = f"Black {black}, White {white}"
        if komi:
            counts += f" {'−' if komi < 0 else '+'} {number(abs(komi))}"
        if state.over:
            b, w = state.scores
            if b == w:
                return f"Game over: a draw, {number(b)} to {number(w)}."
            winner = "Black" if b > w else "White"
            return f"Game over: {winner} wins, {number(max(b, w))} to {number(min(b, w))}."
        mover = NAMES[state.to_move or 0]
        if state.in_final_turns:
            return f"{mover}'s final turn ({3 - (state.final or 0)} of 2) · {counts}"
        limit = state.game.options["streak"]
        if state.streak >= limit:
            return f"{mover} must place a stone · {counts}"
        if state.streak >= max(1, limit - 3):
            return f"{mover} to move · {counts} · streak {state.streak} of {limit}"
        return f"{mover} to move · {counts}"

    def rule_now(self, state: State) -> str:
        """The rule a student needs at this moment, in a sentence (drawn under the board)."""
        assert isinstance(state, AleaState)
        komi = state.game.options["komi"]
        limit = state.game.options["streak"]
        if state.over:
            return "Game over: the stones are counted" + (f", with komi {number(komi)} added to White." if komi
                                                          else ".")
        if state.in_final_turns:
            return "The board is full: one final turn each, to convert or to pass."
        if state.streak >= limit:
            return f"{state.streak} conversions in a row: now a stone must be placed."
        if state.streak >= max(1, limit - 3):
            return f"{state.streak} conversions in a row; after {limit}, a stone must be placed."
        if komi:
            return f"Komi: {number(komi)} is added to White's count."
        return ""

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        self._frame = overlay.frame if isinstance(overlay.frame, Flip) else None
        try:
            super().draw(canvas, state, overlay)
        finally:
            self._frame = None

    def draw_over(self, canvas: Any, state: State, overlay: Overlay) -> None:
        assert isinstance(state, AleaState)
        frame = self._frame
        if frame is None:
            for i in sorted(self._protected(state)):
                self._protected_ring(canvas, i)
        else:
            for i in frame.cells:
                cx, cy = self.centre(i)
                canvas.line_width = 5
                canvas.stroke_style = palette.HIGHLIGHT
                canvas.stroke_circle(cx, cy, self.radius * 0.86)
            cx, cy = self.centre(frame.source)
            canvas.set_line_dash([6, 4])
            canvas.line_width = 3
            canvas.stroke_style = palette.HIGHLIGHT
            canvas.stroke_circle(cx, cy, self.radius * 0.9)
            canvas.set_line_dash([])
        if not overlay.compact:   # printed, the sentences beside the picture say what a ring means
            self._legend(canvas, state)

    def _protected_ring(self, canvas: Any, index: int) -> None:
        cx, cy = self.centre(index)
        r = self.radius * 0.88
        canvas.line_width = 6
        canvas.stroke_style = "#000000"
        canvas.stroke_circle(cx, cy, r)
        canvas.line_width = 3.5
        canvas.stroke_style = PROTECTED
        canvas.stroke_circle(cx, cy, r)

    def _legend(self, canvas: Any, state: State) -> None:
        y = self.board_height + 10
        x = self.margin
        canvas.font = "17px sans-serif"   # 10 px and more on a phone 360 px wide
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.fill_style = BOARD
        canvas.fill_circle(x + 9, y, 11)
        canvas.line_width = 5
        canvas.stroke_style = "#000000"
        canvas.stroke_circle(x + 9, y, 8)
        canvas.line_width = 3
        canvas.stroke_style = PROTECTED
        canvas.stroke_circle(x + 9, y, 8)
        canvas.fill_style = palette.TEXT
        canvas.fill_text("protected: placed or flipped last turn", x + 26, y, 320 - 26 - 8)
        x2 = x + 320
        canvas.fill_style = BOARD
        canvas.fill_rect(x2, y - 10, 20, 20)
        canvas.line_width = 3
        canvas.stroke_style = palette.HIGHLIGHT
        canvas.stroke_rect(x2 + 2, y - 8, 16, 16)
        canvas.fill_style = palette.TEXT
        canvas.fill_text("your stone can convert", x2 + 28, y, self.width - self.margin - x2 - 28)
        rule = self.rule_now(state)
        if rule:
            canvas.font = "bold 17px sans-serif"
            canvas.fill_text(rule, x, y + 28, self.width - 2 * self.margin)
