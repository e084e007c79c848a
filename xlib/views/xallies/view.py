"""The XAllies board: 12 wells on a circle, regions in their colours, pieces with letters.

Click a well of your region, then the next well in the direction you want (or a direction
button); then pick the colour to drop next, drop by drop, from the hand in the middle (or
"automatic order"). Drops are animated one by one from the engine's own sowing snapshots.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...core import Move, State
from ...games.xallies import COLOURS, WELLS, XAlliesState
from ...board import palette
from ...board.view import Choice, Click, Overlay, Target, View

CX = CY = 300
RING = 205       # radius of the circle of wells
WELL_R = 50      # radius of a well
PIECE_R = 16     # a well's pieces of one colour: one disc, its letter and how many (up to 5 discs fit a well)
#: the least type on the board: 18 units is 10 px and more on a phone 360 px wide (the board drawn 348 px wide)
TYPE = 18
CHIP_R = 20      # pieces in hand, in the middle
#: between two chips' centres; a tap picks the nearest chip within half of it: 26 units, 30 px across on a phone
#: 360 px wide (the board drawn 348 px wide), more than the 24 px a finger needs
CHIP_STEP = 52
CHIP_TAP = CHIP_STEP / 2
NUMBER_R = RING - WELL_R - 16   # the well numbers, inside the ring and clear of a well's outline
ROW = 22         # the line height of the scores in the middle


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


text_colour = palette.text_colour


def supply_y(players: int) -> float:
    """The line of the white supply in the middle of the board, under one line of points per player."""
    return CY - 60 + players * ROW


def next_well(state: XAlliesState) -> int | None:
    """The well the next drop goes into, while the mover holds pieces (None at the start of a turn)."""
    if state.hand is None:
        return None
    return state.game.paths[state.origin, state.step][state.j]


def group_places(k: int, x: float, y: float) -> list[tuple[float, float]]:
    """Where the discs of `k` colours sit in the well centred at (x, y): one in the middle, two side by side, three in
    a triangle, four in a square, five on a ring; never touching, and inside the well."""
    if k <= 1:
        return [(x, y)][:k]
    if k == 4:
        d = PIECE_R + 3
        return [(x + dx * d, y + dy * d) for dy in (-1, 1) for dx in (-1, 1)]
    r = {2: PIECE_R + 3, 3: PIECE_R + 6}.get(k, WELL_R - PIECE_R - 4)
    return [(x + r * math.cos(a), y + r * math.sin(a))
            for a in (-math.pi / 2 + j * 2 * math.pi / k + (math.pi / 2 if k == 2 else 0) for j in range(k))]


def number(value: Any) -> str:
    """A score in words: whole numbers without decimals, others to at most two places (16.5, 16.25)."""
    v = float(value)
    return f"{v:.0f}" if v == int(v) else f"{v:.2f}".rstrip("0")


class XAlliesView(View):
    """Twelve wells on a circle in their regions' colours; a hand of chips in the middle while sowing."""

    seat_colours = (palette.SKY_BLUE, palette.PURPLE, palette.GREEN, palette.GREY)
    seat_letters = tuple(COLOURS)
    option_labels = {
        "players": "Number of players",
        "drop_order": "Order of the drops",
        "supply": "White pieces in the supply",
        "rounds": "Play ends after this many rounds at the latest",
        "skill": "Shooting skill: the chance a shot lands (0 to 1; one number, or one per player)",
        "shooting": "How shots are decided",
    }
    value_labels = {
        "drop_order": {"choose": "you choose each colour", "own-first": "your own colour first, then in turn order"},
        "shooting": {"random": "by chance, with the skill", "expected": "expected points (skill × whites)",
                     "manual": "players shoot themselves"},
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(width=600, height=600, options=options)

    def player_name(self, state: State, seat: int) -> str:
        return state.players[seat]

    def colour_of(self, state: State, colour: int) -> str:
        return self.seat_colour(colour)

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
        y = supply_y(state.game.n) + 2 * ROW + 4
        return [(c, CX - (len(colours) - 1) * CHIP_STEP / 2 + i * CHIP_STEP, y) for i, c in enumerate(colours)]

    # ---- clicks ---------------------------------------------------------------------------
    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        assert isinstance(state, XAlliesState)
        if state.phase == "shoot":
            return Click(message="Enter the shot: press Hit or Miss, on the right of the board.")
        if state.in_turn:
            for c, cx, cy in self.chip_positions(state):
                if (x - cx) ** 2 + (y - cy) ** 2 <= CHIP_TAP ** 2:
                    return Click(move=COLOURS[c])
            return Click(message=f"Choose the colour to drop into well {next_well(state)}: click a piece in the "
                                 f"hand, in the middle.", marks=(next_well(state),))
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
            if state.explain(f"{w}+") is not None:
                return Click(selection=selection, message=f"Well {selection} is chosen: now click the next well "
                             f"clockwise ({(selection + 1) % WELLS}) or counter-clockwise ({(selection - 1) % WELLS}), "
                             f"or use the buttons.", marks=(w,))
        reason = state.explain(f"{w}+")
        if reason is not None and state.moves() != ["pass"]:
            return Click(message=reason, marks=(w,), illegal=True)
        if state.moves() == ["pass"]:   # the board shows its Pass button beside it, under Undo
            return Click(message="No well of your region holds a coloured piece, so you pass: press Pass, to the "
                                 "right of the board under Undo.")
        return Click(selection=w, message=f"Well {w}: now click the next well clockwise ({(w + 1) % WELLS}) or "
                                          f"counter-clockwise ({(w - 1) % WELLS}), or use the buttons.")

    # ---- the keyboard ----------------------------------------------------------------------
    def well_words(self, state: XAlliesState, wl: int) -> str:
        """A well in words for the keyboard's cursor: its number, region and pieces."""
        n = state.game.n
        pieces = [f"{state.counts[wl * n + c]} {state.players[c]}" for c in range(n) if state.counts[wl * n + c]]
        if state.black >> wl & 1:
            pieces.append("a black piece")
        region = state.players[state.game.owner[wl]]
        return f"Well {wl}, {region} region: " + (", ".join(pieces) if pieces else "empty")

    def key_targets(self, state: State, selection: Any = None) -> list[Target]:
        """The twelve wells, and while sowing the pieces of the hand in the middle."""
        assert isinstance(state, XAlliesState)
        out = [Target(self.well_words(state, wl), *well_centre(wl), WELL_R, WELL_R) for wl in range(WELLS)]
        for c, cx, cy in self.chip_positions(state):
            out.append(Target(f"Drop {state.players[c]} next, from the hand", cx, cy, CHIP_TAP, CHIP_TAP))
        return out

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        assert isinstance(state, XAlliesState)
        if state.over:
            return []
        if state.phase == "shoot":
            return [Choice("Hit", "hit", "the shot landed in a well"), Choice("Miss", "miss", "the shot missed")]
        names = state.players
        if state.in_turn:
            hand = state.hand or ()
            out = [Choice(f"Drop {names[c]} ({COLOURS[c]})", COLOURS[c]) for c in range(state.game.n) if hand[c]]
            out.append(Choice("Automatic order", auto_order, "your own colour first, then the others in turn order"))
            return out
        if state.moves() == ["pass"]:
            return [Choice("Pass", "pass", "none of your wells holds a coloured piece")]
        if selection is not None:
            return [Choice(f"Sow {selection} clockwise ({selection}+)", f"{selection}+"),
                    Choice(f"Sow {selection} counter-clockwise ({selection}-)", f"{selection}-")]
        return []

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        text = str(move).strip()
        digits = ""
        for ch in text:
            if not ("0" <= ch <= "9"):
                break
            digits += ch
        return (int(digits),) if digits and int(digits) < WELLS else ()

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        return tuple(int(n) for n in names)

    # ---- animation, log and status ---------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Picture]:
        assert isinstance(state, XAlliesState)
        return [Picture(d.counts, d.black, d.points, d.whites, d.supply, d.well) for d in state.sowing(move)]

    def news(self, before: State, after: State) -> tuple[str, tuple[Any, ...]]:
        """Alliances, waste, white pieces and shots made by a decision, said in words and marked on their wells."""
        if not isinstance(before, XAlliesState) or not isinstance(after, XAlliesState):
            return "", ()
        names = after.players
        old, new = before.ledger, after.ledger
        said: list[str] = []
        marks: list[int] = []
        for claim in new.claimed[len(old.claimed):]:
            members = _joined([names[p] for p in claim.coalition])
            if claim.mover in claim.coalition:
                said.append(f"{members.capitalize()} formed an alliance in well {claim.well}: +3 each.")
            else:
                said.append(f"{names[claim.mover].capitalize()}'s drop made an alliance of {members} in well "
                            f"{claim.well}: +3 each to {members}, nothing to {names[claim.mover]}.")
            marks.append(claim.well)
        for waste in new.wasted[len(old.wasted):]:
            said.append(f"The black piece of well {waste.well} was wasted: every player's colour was in it, "
                        f"so nobody scores it.")
            marks.append(waste.well)
        for crossing in new.whites_taken[len(old.whites_taken):]:
            said.append(f"{names[crossing.mover].capitalize()} crossed into well {crossing.well} and took a "
                        f"white piece.")
        for crossing in new.denied[len(old.denied):]:
            said.append(f"{names[crossing.mover].capitalize()} crossed into well {crossing.well}, but the supply "
                        f"is empty: no white piece.")
        fired = [(p, b[len(a):], b) for p, (a, b) in enumerate(zip(old.shots, new.shots)) if len(b) > len(a)]
        if len(fired) == 1 and len(fired[0][1]) == 1:
            p, (hit,), shots = fired[0]
            said.append(f"{names[p].capitalize()}'s shot {'hit: +1' if hit else 'missed'} "
                        f"({sum(shots)} of {len(shots)} shots hit so far).")
        elif fired:
            said.append("Shots: " + ", ".join(f"{names[p]} hit {sum(shots)} of {len(shots)}"
                                             for p, _, shots in fired) + ".")
        return " ".join(said), tuple(marks)

    def log(self, state: State) -> list[tuple[str, str]]:
        """Whole turns in notation, each with who sowed which well which way."""
        assert isinstance(state, XAlliesState)
        out: list[tuple[str, str]] = []
        for s in state.history()[1:]:
            assert isinstance(s, XAlliesState) and s.parent is not None
            if s.turn_text is not None:
                out.append((s.turn_text, self._turn_phrase(s.parent.mover if isinstance(s.parent, XAlliesState)
                                                           else 0, s.turn_text, state)))
            elif s.last_move is not None and str(s.last_move) in ("hit", "miss"):
                out.append((str(s.last_move), f"{state.players[s.parent.to_move or 0]}'s shot"))
        if state.in_turn:
            out.append((f"{state.origin}{'+' if state.step == 1 else '-'}:{state.dropped}…",
                        f"{state.players[state.mover]} is sowing"))
        return out

    @staticmethod
    def _turn_phrase(mover: int, text: str, state: XAlliesState) -> str:
        if text == "pass":
            return f"{state.players[mover]} passes"
        head = text.split(":")[0]
        way = "clockwise" if head.endswith("+") else "counter-clockwise"
        return f"{state.players[mover]} sows well {head[:-1]} {way}"

    def status(self, state: State) -> str:
        assert isinstance(state, XAlliesState)
        names = state.players
        if state.over:
            return self.result(state)
        mover = state.to_move or 0
        if state.phase == "shoot":   # the points and white pieces are in the middle of the board
            return f"Shooting: {names[mover]} shoots, shot {len(state.shots[mover]) + 1} of {state.whites[mover]}."
        who = names[mover]
        doing = (f"chooses the colour to drop into well {next_well(state)}" if state.in_turn
                 else "must pass: no well of their region holds a coloured piece" if state.moves() == ["pass"]
                 else "sows a well of their region")
        return f"Turn {state.turn + 1}: {who} {doing}."

    @staticmethod
    def result(state: XAlliesState) -> str:
        """Who won and with what score, then the others' scores: the winner first, where a short line shows it."""
        names, scores, won = state.players, state.scores, state.winners
        who = _joined([names[p] for p in won])
        head = f"{who} wins" if len(won) == 1 else f"{who} share the win"
        others = ", ".join(f"{names[p]} {number(scores[p])}" for p in range(state.game.n) if p not in won)
        return f"Game over: {head} with {number(scores[won[0]])}" + (f" ({others})." if others else ".")

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        assert isinstance(state, XAlliesState)
        g = state.game
        selection, frame = overlay.selection, overlay.frame
        pic = frame or Picture(state.counts, state.black, state.points, state.whites, state.supply)
        canvas.fill_style = palette.BACKGROUND
        canvas.fill_rect(0, 0, self.width, self.height)
        step = 2 * math.pi / WELLS
        # regions: a tinted ring segment and the owner's name in a gap between two wells
        for p, region in enumerate(g.regions):
            name = g.players[p]
            a0 = -math.pi / 2 + region[0] * step - step / 2
            a1 = -math.pi / 2 + region[-1] * step + step / 2
            canvas.fill_style = palette.tint(self.seat_colour(p))
            canvas.begin_path()
            canvas.arc(CX, CY, RING + WELL_R + 26, a0, a1)
            canvas.arc(CX, CY, RING - WELL_R - 14, a1, a0, True)
            canvas.close_path()
            canvas.fill()
            mid = (a0 + a1) / 2
            self._ring_label(canvas, f"{name} ({COLOURS[p]})", mid, palette.TEXT)
        legal = set()
        if overlay.interactive and frame is None and state.phase == "play" and not state.in_turn and not state.over:
            legal = {m.well for m in state.moves() if hasattr(m, "well")}
        last_origin = None  # the well the current or the last sowing came from
        if frame is None and (state.in_turn or (state.turn_text not in (None, "pass"))):
            last_origin = state.origin
        for wl in range(WELLS):
            self._draw_well(canvas, state, pic, wl, wl in legal, wl == selection, wl == last_origin)
        target = next_well(state) if frame is None else None
        if target is not None:   # where the next drop goes: outlined, and named in the middle
            x, y = well_centre(target)
            canvas.line_width = 3
            canvas.stroke_style = palette.HIGHLIGHT
            canvas.set_line_dash([6, 4])
            canvas.stroke_circle(x, y, WELL_R + 5)
            canvas.set_line_dash([])
        for wl in overlay.marks:
            if isinstance(wl, int) and 0 <= wl < WELLS:
                x, y = well_centre(wl)
                canvas.line_width = 4
                canvas.stroke_style = palette.MARK
                canvas.stroke_circle(x, y, WELL_R + 3)
        if overlay.compact:
            self._compact_centre(canvas, state, pic)
        else:
            self._draw_centre(canvas, state, pic, frame is not None, overlay.interactive)

    @staticmethod
    def _ring_label(canvas: Any, text: str, angle: float, colour: str) -> None:
        """A label along the outer edge of the ring, outside the wells, never upside down."""
        radius = RING + WELL_R + 14
        canvas.save()
        canvas.translate(CX + radius * math.cos(angle), CY + radius * math.sin(angle))
        upright = math.sin(angle) > 0.05   # the lower half reads the other way round
        canvas.rotate(angle - math.pi / 2 if upright else angle + math.pi / 2)
        canvas.fill_style = colour
        canvas.font = f"bold {TYPE}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(text, 0, 0)
        canvas.restore()

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
        canvas.font = f"{TYPE}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(str(wl), CX + NUMBER_R * math.cos(a), CY + NUMBER_R * math.sin(a))
        # the pieces: a disc per colour with its letter and, when more than one, how many ("b3"); the black piece
        # first, as "*"
        groups: list[tuple[str, str, int]] = [(palette.BLACK, "*", 1)] if pic.black >> wl & 1 else []
        groups += [(self.seat_colour(c), COLOURS[c], pic.counts[wl * n + c]) for c in range(n) if pic.counts[wl * n + c]]
        for (fill, letter, count), (px, py) in zip(groups, group_places(len(groups), x, y)):
            canvas.fill_style = fill
            canvas.fill_circle(px, py, PIECE_R)
            canvas.line_width = 1
            canvas.stroke_style = "#333333"
            canvas.stroke_circle(px, py, PIECE_R)
            canvas.fill_style = text_colour(fill)
            canvas.font = f"bold {TYPE}px sans-serif"
            canvas.fill_text(letter if count == 1 else f"{letter}{count}", px, py + 1)

    def _seat_chip(self, canvas: Any, p: int, x: float, y: float, r: float) -> None:
        """A seat's colour as a disc with its letter, at the head of its line of points in the middle."""
        canvas.fill_style = self.seat_colour(p)
        canvas.fill_circle(x, y, r)
        canvas.fill_style = text_colour(self.seat_colour(p))
        canvas.font = f"bold {TYPE}px sans-serif"
        canvas.fill_text(COLOURS[p], x, y + 1)

    def _scores(self, canvas: Any, state: XAlliesState, pic: Any, top: float, line: float, chip: float,
                printed: bool = False) -> None:
        """Who is to move, then under two column heads (three at the end: the score) a row per player: its colour's
        letter, its points and its white pieces; the first line at `top`, one every `line` (printed, the columns
        further apart: a print's type is set wider)."""
        g = state.game
        over = state.over
        if printed:
            cols: tuple[float, ...] = (CX - 45, CX + 30, CX + 105) if over else (CX - 8, CX + 78)
        else:
            cols = (CX - 35, CX + 25, CX + 82) if over else (CX - 20, CX + 50)
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = f"bold {TYPE}px sans-serif"
        canvas.fill_text(centre_head(state), CX, top)
        canvas.font = f"{TYPE}px sans-serif"
        for x, head in zip(cols, ("points", "white", "score")):
            canvas.fill_text(head, x, top + line)
        for p in range(g.n):
            y = top + (p + 2) * line
            self._seat_chip(canvas, p, cols[0] - (48 if over else 58) - (10 if printed else 0), y, chip)
            canvas.fill_style = palette.TEXT
            canvas.font = f"{TYPE}px sans-serif"
            row = [str(pic.points[p]), str(pic.whites[p])] + ([number(state.scores[p])] if over else [])
            for x, text in zip(cols, row):
                canvas.fill_text(text, x, y)

    def _compact_centre(self, canvas: Any, state: XAlliesState, pic: Any) -> None:
        """The middle of a picture printed small, in large type: who is to move, then a row per player (its
        letter, points and white pieces) under two column heads, and the white supply."""
        g = state.game
        line = 31
        top = CY - (g.n + 2) * line / 2
        self._scores(canvas, state, pic, top, line, 14, printed=True)
        supply = "unlimited" if pic.supply is None else str(pic.supply)
        canvas.fill_text(f"supply: {supply}", CX, top + (g.n + 2) * line)

    def _draw_centre(self, canvas: Any, state: XAlliesState, pic: Picture, animating: bool,
                     interactive: bool = True) -> None:
        """Who is to move, each player's points and white pieces, the supply, and the hand while sowing (what to
        click only where a click plays: a printed picture shows the position alone)."""
        g = state.game
        self._scores(canvas, state, pic, supply_y(g.n) - (g.n + 2) * ROW, ROW, 11)
        # the white supply
        supply = "unlimited" if pic.supply is None else str(pic.supply)
        below = supply_y(g.n)
        canvas.fill_style = palette.TEXT
        canvas.font = f"{TYPE}px sans-serif"
        canvas.fill_text(f"white supply: {supply}", CX, below)
        if animating:
            canvas.fill_text("sowing…", CX, below + ROW)
            return
        target = next_well(state)
        if target is not None:
            canvas.fill_text(f"Next drop into well {target}" + (": click a colour" if interactive else ""), CX,
                             below + ROW)
            for c, cx, cy in self.chip_positions(state):
                fill = self.seat_colour(c)
                canvas.fill_style = fill
                canvas.fill_circle(cx, cy, CHIP_R)
                canvas.line_width = 3
                canvas.stroke_style = palette.HIGHLIGHT
                canvas.stroke_circle(cx, cy, CHIP_R)
                canvas.fill_style = text_colour(fill)
                canvas.font = f"bold {TYPE}px sans-serif"
                canvas.fill_text(f"{COLOURS[c]}×{(state.hand or ())[c]}", cx, cy + 1)


def centre_head(state: XAlliesState) -> str:
    """The middle's first line: who is to move or shoot, or that the game is over."""
    g = state.game
    if state.over:
        return "Game over"
    if state.phase == "shoot":
        return f"{g.players[state.to_move or 0]} shoots"
    return f"{g.players[state.mover]} to move"


def _joined(words: list[str]) -> str:
    """Words joined as in a sentence: "blue", "blue and green", "blue, purple and green"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def auto_order(state: State) -> Move | None:
    """The next drop in the fixed order: the mover's own colour, then the others in turn order."""
    if not isinstance(state, XAlliesState) or not state.in_turn or state.hand is None:
        return None
    g = state.game
    for c in g.drop_orders[state.mover]:
        if state.hand[c]:
            return state.parse(COLOURS[c])
    return None
