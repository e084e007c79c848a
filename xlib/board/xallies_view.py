"""The XAllies board: 12 wells on a circle, regions in their colours, pieces with letters.

Click a well of your region, then the next well in the direction you want (or a direction
button); then pick the colour to drop next, drop by drop, from the hand in the middle (or
"automatic order"). Drops are animated one by one from the engine's own sowing snapshots.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..core import Move, State
from ..games.xallies import COLOURS, WELLS, XAlliesState
from . import palette
from .view import Choice, Click, View

CX = CY = 300
RING = 205       # radius of the circle of wells
WELL_R = 50      # radius of a well
PIECE_R = 9
CHIP_R = 16      # pieces in hand, in the middle


@dataclass
class Picture:
    """What to draw: the engine state, or one drop of a sowing being animated."""

    counts: tuple[int, ...]
    black: int
    points: tuple[int, ...]
    whites: tuple[int, ...]
    supply: int | None
    dropped_at: int | None = None


def well_centre(w: int) -> tuple[float, float]:
    """Well 0 at the top, numbered clockwise."""
    a = -math.pi / 2 + w * 2 * math.pi / WELLS
    return CX + RING * math.cos(a), CY + RING * math.sin(a)


def text_colour(fill: str) -> str:
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


class XAlliesView(View):
    def __init__(self, **options: Any) -> None:
        super().__init__(width=600, height=600, options=options)

    # ---- geometry -------------------------------------------------------------------------
    @staticmethod
    def well_at(x: float, y: float) -> int | None:
        for w in range(WELLS):
            wx, wy = well_centre(w)
            if (x - wx) ** 2 + (y - wy) ** 2 <= WELL_R ** 2:
                return w
        return None

    @staticmethod
    def chip_positions(state: XAlliesState) -> list[tuple[int, float, float]]:
        """(colour, x, y) of each colour chip of the hand, drawn in the middle while sowing."""
        if state.hand is None:
            return []
        colours = [c for c in range(state.game.n) if state.hand[c]]
        out = []
        for i, c in enumerate(colours):
            out.append((c, CX - (len(colours) - 1) * 24 + i * 48, CY + 38))
        return out

    # ---- clicks ---------------------------------------------------------------------------
    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        assert isinstance(state, XAlliesState)
        if state.phase == "shoot":
            return Click(message="Enter the shot: hit or miss (the buttons below).")
        if state.in_turn:
            for c, cx, cy in self.chip_positions(state):
                if (x - cx) ** 2 + (y - cy) ** 2 <= (CHIP_R + 4) ** 2:
                    return Click(move=COLOURS[c])
            return Click(message="Choose the colour to drop next: click a piece in the hand, in the middle.")
        w = self.well_at(x, y)
        if w is None:
            return Click(selection=selection)
        if selection is not None:
            if w == (selection + 1) % WELLS:
                return Click(move=f"{selection}+")
            if w == (selection - 1) % WELLS:
                return Click(move=f"{selection}-")
            if w == selection:
                return Click(message="Well deselected.")
        reason = state.explain(f"{w}+")
        if reason is not None and state.moves() != ["pass"]:
            return Click(message=reason)
        if state.moves() == ["pass"]:
            return Click(message="None of your wells holds a coloured piece: you pass (button below).")
        return Click(selection=w, message=f"Well {w}: now click the next well clockwise ({(w + 1) % WELLS}) or "
                                          f"counter-clockwise ({(w - 1) % WELLS}), or use the buttons.")

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        assert isinstance(state, XAlliesState)
        if state.over:
            return []
        if state.phase == "shoot":
            return [Choice("Hit", "hit", "the shot landed in a well"), Choice("Miss", "miss", "the shot missed")]
        names = state.players
        if state.in_turn:
            out = [Choice(f"Drop {names[c]} ({COLOURS[c]})", COLOURS[c]) for c in range(state.game.n) if state.hand[c]]
            out.append(Choice("Automatic order", auto_order, "your own colour first, then the others in turn order"))
            return out
        if state.moves() == ["pass"]:
            return [Choice("Pass", "pass", "none of your wells holds a coloured piece")]
        if selection is not None:
            return [Choice(f"Sow {selection} clockwise ({selection}+)", f"{selection}+"),
                    Choice(f"Sow {selection} counter-clockwise ({selection}-)", f"{selection}-")]
        return []

    # ---- animation, log and status ---------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Picture]:
        assert isinstance(state, XAlliesState)
        return [Picture(d.counts, d.black, d.points, d.whites, d.supply, d.well) for d in state.sowing(move)]

    def log(self, state: State) -> list[str]:
        assert isinstance(state, XAlliesState)
        done = state.turns()
        if state.in_turn:
            done.append(f"{state.origin}{'+' if state.step == 1 else '-'}:{state.dropped}…")
        shots = [str(m) for m in state.moves_played() if str(m) in ("hit", "miss")]
        return done + shots

    def status(self, state: State) -> str:
        assert isinstance(state, XAlliesState)
        names = state.players
        scores = ", ".join(f"{names[p]} {state.points[p]} pts + {state.whites[p]} white" for p in range(state.game.n))
        if state.over:
            finals = ", ".join(f"{names[p]} {state.scores[p]:g}" for p in range(state.game.n))
            won = " and ".join(names[p] for p in state.winners)
            return f"Game over. Scores: {finals}. Winner: {won}."
        if state.phase == "shoot":
            return f"Shooting: {names[state.to_move]} shoots ({scores})."
        who = names[state.to_move]
        doing = "chooses the colour to drop next" if state.in_turn else "sows a well of their region"
        return f"Turn {state.turn + 1}: {who} {doing}. ({scores})"

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, canvas: Any, state: State, selection: Any = None, frame: Any = None) -> None:
        assert isinstance(state, XAlliesState)
        g = state.game
        n = g.n
        pic = frame or Picture(state.counts, state.black, state.points, state.whites, state.supply)
        canvas.fill_style = palette.BACKGROUND
        canvas.fill_rect(0, 0, self.width, self.height)
        step = 2 * math.pi / WELLS
        # regions: a tinted ring segment and the owner's name
        for p, region in enumerate(g.regions):
            name = g.players[p]
            a0 = -math.pi / 2 + region[0] * step - step / 2
            a1 = -math.pi / 2 + region[-1] * step + step / 2
            canvas.fill_style = palette.TINT[name]
            canvas.begin_path()
            canvas.arc(CX, CY, RING + WELL_R + 26, a0, a1)
            canvas.arc(CX, CY, RING - WELL_R - 14, a1, a0, True)
            canvas.close_path()
            canvas.fill()
            mid = (a0 + a1) / 2
            canvas.fill_style = palette.PLAYER[name]
            canvas.font = "bold 15px sans-serif"
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            canvas.fill_text(f"{name} ({COLOURS[p]})", CX + (RING + WELL_R + 13) * math.cos(mid) * 1.0,
                             CY + (RING + WELL_R + 13) * math.sin(mid))
        legal = set()
        if frame is None and state.phase == "play" and not state.in_turn and not state.over:
            legal = {m.well for m in state.moves() if hasattr(m, "well")}
        last_origin = None  # the well the current or the last sowing came from
        if frame is None and (state.in_turn or (state.turn_text not in (None, "pass"))):
            last_origin = state.origin
        for wl in range(WELLS):
            self._draw_well(canvas, state, pic, wl, wl in legal, wl == selection, wl == last_origin)
        self._draw_centre(canvas, state, pic, frame is not None)

    def _draw_well(self, canvas: Any, state: XAlliesState, pic: Picture, wl: int, legal: bool,
                   selected: bool, last: bool) -> None:
        n = state.game.n
        x, y = well_centre(wl)
        canvas.fill_style = "#FFFFFF"
        canvas.fill_circle(x, y, WELL_R)
        canvas.line_width = 5 if selected else 4 if legal else 1.5
        canvas.stroke_style = palette.HIGHLIGHT if (legal or selected) else "#777777"
        canvas.set_line_dash([] if not selected else [8, 4])
        canvas.stroke_circle(x, y, WELL_R)
        canvas.set_line_dash([])
        if last:
            canvas.line_width = 2
            canvas.stroke_style = palette.LAST
            canvas.set_line_dash([4, 4])
            canvas.stroke_circle(x, y, WELL_R + 6)
            canvas.set_line_dash([])
        if pic.dropped_at == wl:
            canvas.line_width = 4
            canvas.stroke_style = palette.LAST
            canvas.stroke_circle(x, y, WELL_R + 4)
        # well number, towards the centre
        a = math.atan2(y - CY, x - CX)
        canvas.fill_style = "#555555"
        canvas.font = "12px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(str(wl), CX + (RING - WELL_R - 7) * math.cos(a), CY + (RING - WELL_R - 7) * math.sin(a))
        pieces = [c for c in range(n) for _ in range(pic.counts[wl * n + c])]
        has_black = bool(pic.black >> wl & 1)
        slots = len(pieces) + (1 if has_black else 0)
        cols = max(1, math.ceil(math.sqrt(slots)))
        radius = PIECE_R if cols <= 4 else max(4, int(PIECE_R * 4 / cols))
        spacing = radius * 2 + 2
        rows = math.ceil(slots / cols) if slots else 0
        items = (["*"] if has_black else []) + pieces
        for k, item in enumerate(items):
            r_, c_ = divmod(k, cols)
            px = x + (c_ - (cols - 1) / 2) * spacing
            py = y + (r_ - (rows - 1) / 2) * spacing
            if item == "*":
                fill, letter = palette.PLAYER["black"], "*"
            else:
                fill, letter = palette.PLAYER[state.game.players[item]], COLOURS[item]
            canvas.fill_style = fill
            canvas.fill_circle(px, py, radius)
            canvas.line_width = 1
            canvas.stroke_style = "#333333"
            canvas.stroke_circle(px, py, radius)
            if radius >= 6:
                canvas.fill_style = text_colour(fill)
                canvas.font = f"bold {int(radius * 1.3)}px sans-serif"
                canvas.fill_text(letter, px, py + 1)

    def _draw_centre(self, canvas: Any, state: XAlliesState, pic: Picture, animating: bool) -> None:
        g = state.game
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = "bold 16px sans-serif"
        if state.over:
            head = "Game over"
        elif state.phase == "shoot":
            head = f"{g.players[state.to_move]} shoots"
        else:
            head = f"{g.players[state.mover]} to move"
        canvas.fill_text(head, CX, CY - 78)
        # points and white pieces per player
        canvas.font = "13px sans-serif"
        for p, name in enumerate(g.players):
            yy = CY - 54 + p * 19
            canvas.fill_style = palette.PLAYER[name]
            canvas.fill_circle(CX - 78, yy, 7)
            canvas.fill_style = text_colour(palette.PLAYER[name])
            canvas.font = "bold 9px sans-serif"
            canvas.fill_text(COLOURS[p], CX - 78, yy + 1)
            canvas.fill_style = palette.TEXT
            canvas.font = "13px sans-serif"
            canvas.text_align = "left"
            extra = f", score {state.scores[p]:g}" if state.over else ""
            canvas.fill_text(f"{pic.points[p]} pts, {pic.whites[p]} white{extra}", CX - 66, yy)
            canvas.text_align = "center"
        # the white supply
        supply = "unlimited" if pic.supply is None else str(pic.supply)
        canvas.fill_style = palette.TEXT
        canvas.font = "12px sans-serif"
        canvas.fill_text(f"white supply: {supply}", CX, CY + 4 + 19 * (g.n - 3))
        if animating:
            canvas.fill_text("sowing…", CX, CY + 38)
            return
        if state.in_turn:
            canvas.fill_text("in hand (click the colour to drop next):", CX, CY + 16)
            for c, cx, cy in self.chip_positions(state):
                fill = palette.PLAYER[g.players[c]]
                canvas.fill_style = fill
                canvas.fill_circle(cx, cy, CHIP_R)
                canvas.line_width = 3
                canvas.stroke_style = palette.HIGHLIGHT
                canvas.stroke_circle(cx, cy, CHIP_R)
                canvas.fill_style = text_colour(fill)
                canvas.font = "bold 14px sans-serif"
                canvas.fill_text(f"{COLOURS[c]}×{state.hand[c]}", cx, cy + 1)


def auto_order(state: State) -> Move | None:
    """The next drop in the fixed order: the mover's own colour, then the others in turn order."""
    if not isinstance(state, XAlliesState) or not state.in_turn:
        return None
    g = state.game
    for c in g.drop_orders[state.mover]:
        if state.hand[c]:
            return state.parse(COLOURS[c])
    return None
