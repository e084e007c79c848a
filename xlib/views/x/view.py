"""The X board: a rhombus of hexagons, stones carrying R, Y or G, and who owns each corner now.

For every owned corner the owner's outermost connecting group is drawn as a path (stones joined
by bridges in the owner's colour, with a stub onto each side it touches); decided corners are
shaded and carry a locked badge; under the board the score line names who leads by the rule
"the largest count nobody shares" and why the game ended. A corner taken (from whom) or decided is
said above the board with the new owner's path outlined, and in the move log. Ownership and decisions come from the
engine; the view only finds, from the stones, which group and path to draw."""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import Any

from ...core import Move, State
from ...games.x import XState, winner
from ...board import palette
from ...board.cells import CellView, Piece
from ...board.view import Overlay

# axial neighbour offsets in the order of the hexagon's edges (edge k faces the neighbour k)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
STRIP = 56                  # the score lines under the board, in view coordinates
BORDER = "#4A4438"          # the four sides
CORNER_CELL = "#D9CFBA"     # an empty corner cell
WHERE = ("top left", "top right", "bottom left", "bottom right")
# where each corner's badge sits, as a unit vector from the corner cell (clear of the file and rank labels)
BADGE_DIRECTION = ((-0.707, -0.707), (0.707, -0.707), (-0.707, 0.707), (0.707, 0.707))
BADGE_R = 12


@dataclass
class Corner:
    """One corner as drawn: its cell, its two sides (cells ordered from the corner), owner, path, shading."""

    cell: int
    name: str
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    owner: int | None = None
    decided: bool = False
    path: tuple[int, ...] = ()
    enclosed: frozenset[int] = frozenset()


@dataclass
class Picture:
    """What a state shows: the stone on every cell and the four corners (computed once per state)."""

    stones: tuple[int | None, ...]
    corners: tuple[Corner, ...]


class XView(CellView):
    """X on the shared hex cell board: stones, sides, corner badges, ownership paths and the score line."""

    shape = "hex"
    #: the room round the rhombus for its coordinates and the corner badges: narrow enough that a cell of the usual
    #: board (9) is 24 px across on a phone 360 px wide (the board drawn 348 px wide), a finger's place
    margin = 27
    seat_colours = (palette.VERMILLION, palette.YELLOW, palette.GREEN)
    seat_letters = ("R", "Y", "G")
    option_labels = {"size": "Board size (hexagons on a side; 6 is quick)"}

    def __init__(self, size: int = 9, **options: Any) -> None:
        super().__init__(size=size, **options)
        # as tall as with the margin of before (40): a laptop, where the screen's height sets the board's size,
        # shows it as large as before, with its cells larger; the room left is above the score lines
        before = (self.target_pixels - 80) / (math.sqrt(3) * (size + (size - 1) / 2))
        self.board_height = max(self.height, int(math.ceil(80 + 1.5 * before * (size - 1) + 2 * before)))
        self.height = self.board_height + STRIP
        n = size
        self.corner_cells = (0, n - 1, (n - 1) * n, n * n - 1)
        top = tuple(range(n))
        bottom = tuple((n - 1) * n + q for q in range(n))
        left = tuple(r * n for r in range(n))
        right = tuple(r * n + n - 1 for r in range(n))
        self.corner_sides = ((top, left), (top[::-1], right), (bottom, left[::-1]), (bottom[::-1], right[::-1]))
        self._cached: tuple[State, Picture] | None = None

    # ---- geometry beyond the cells ----------------------------------------------------------------
    def neighbours(self, index: int) -> list[int]:
        n = self.size
        q, r = index % n, index // n
        return [(r + dr) * n + q + dq for dq, dr in DIRECTIONS if 0 <= q + dq < n and 0 <= r + dr < n]

    def point(self, q: float, r: float) -> tuple[float, float]:
        """The centre of the (possibly off-board) cell at axial (q, r)."""
        w = math.sqrt(3) * self.radius
        return self.margin + w * (q + r / 2) + w / 2, self.margin + 1.5 * self.radius * r + self.radius

    def distance(self, a: int, b: int) -> int:
        """Hex distance between two cells."""
        n = self.size
        dq, dr = a % n - b % n, a // n - b // n
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # ---- what the state shows ---------------------------------------------------------------------
    def picture(self, state: State) -> Picture:
        """The stones and the four corners of `state`: owner (from the engine), the path and area to draw."""
        if self._cached is not None and self._cached[0] is state:
            return self._cached[1]
        assert isinstance(state, XState)
        names = state.game.names
        stones = tuple(state.stone(name) for name in names)
        owners = state.corners
        final = state.final_corners
        corners = []
        for k, cell in enumerate(self.corner_cells):
            name = names[cell]
            corner = Corner(cell, name, self.corner_sides[k], owners[name], final[name] is not None)
            if corner.owner is not None:
                group = self._outermost_group(stones, corner)
                corner.path = self._outer_path(group, corner)
                corner.enclosed = self._enclosed(group, corner) if corner.decided else frozenset()
            corners.append(corner)
        picture = Picture(stones, tuple(corners))
        self._cached = (state, picture)
        return picture

    def _group(self, stones: tuple[int | None, ...], start: int) -> set[int]:
        colour, seen, todo = stones[start], {start}, [start]
        while todo:
            i = todo.pop()
            for j in self.neighbours(i):
                if j not in seen and stones[j] == colour:
                    seen.add(j)
                    todo.append(j)
        return seen

    def _outermost_group(self, stones: tuple[int | None, ...], corner: Corner) -> set[int]:
        """The owner's group that joins the corner's two sides reaching farthest along them."""
        side_a, side_b = corner.sides
        for i in reversed(side_a):
            if stones[i] == corner.owner:
                group = self._group(stones, i)
                if group & set(side_b):
                    return group
        raise AssertionError(f"the engine names an owner of corner {corner.name}, but none of their groups joins "
                             f"its sides")

    def _outer_path(self, group: set[int], corner: Corner) -> tuple[int, ...]:
        """A path through `group` from its farthest cell on one side to its farthest on the other, keeping
        as far from the corner as the group allows (cells near the corner cost more)."""
        side_a, side_b = corner.sides
        start = next(i for i in reversed(side_a) if i in group)
        goal = next(i for i in reversed(side_b) if i in group)
        far = 2 * self.size

        def cost(i: int) -> float:
            return 1 + 4 * (far - self.distance(i, corner.cell)) / far

        best = {start: cost(start)}
        came: dict[int, int] = {}
        todo = [(best[start], start)]
        while todo:
            d, i = heapq.heappop(todo)
            if i == goal:
                break
            if d > best[i]:
                continue
            for j in self.neighbours(i):
                if j in group and d + cost(j) < best.get(j, math.inf):
                    best[j] = d + cost(j)
                    came[j] = i
                    heapq.heappush(todo, (best[j], j))
        path = [goal]
        while path[-1] != start:
            path.append(came[path[-1]])
        return tuple(reversed(path))

    def _enclosed(self, group: set[int], corner: Corner) -> frozenset[int]:
        """The cells the owner's group walls off from the rest of the board, with the corner."""
        if corner.cell in group:
            return frozenset()
        seen, todo = {corner.cell}, [corner.cell]
        while todo:
            i = todo.pop()
            for j in self.neighbours(i):
                if j not in seen and j not in group:
                    seen.add(j)
                    todo.append(j)
        return frozenset(seen)

    # ---- words --------------------------------------------------------------------------------------
    def colour_name(self, state: State, colour: int | None) -> str:
        return "nobody" if colour is None else self.player_name(state, colour)

    def counts(self, state: State) -> str:
        """'Red 2 · Yellow 1 · Green 1'."""
        return " · ".join(f"{self.player_name(state, p)} {c}" for p, c in enumerate(state.scores))

    def leader(self, state: State) -> int | None:
        """Who has the largest count of corners nobody else has (None while every count is shared)."""
        counts = tuple(int(c) for c in state.scores)
        if not any(counts.count(c) == 1 for c in counts):
            return None
        return winner(counts)

    def score_line(self, state: State) -> str:
        """The score in words: 'Red 2 · Yellow 1 · Green 1: Red leads with the largest count nobody shares'."""
        lead = self.leader(state)
        counts = self.counts(state)
        if lead is None:
            return f"{counts}: nobody leads, every count is shared"
        who = self.player_name(state, lead)
        verb = "wins" if state.over else "leads"
        if state.scores[lead] == 0:
            return f"{counts}: {who} {verb}, since 0 is the only count nobody shares"
        return f"{counts}: {who} {verb} with the largest count nobody shares"

    def corner_line(self, state: State) -> str:
        """Which corners are decided, which are owned for now and which have no owner, or why the game ended."""
        pic = self.picture(state)
        assert isinstance(state, XState)
        empty = sum(s is None for s in pic.stones)
        if state.over:
            if empty:
                return (f"Every corner is decided, so the score cannot change: play stops with {empty} "
                        f"{'cell' if empty == 1 else 'cells'} empty.")
            return "The board is full: every corner is decided."
        decided = [f"{c.name} {self.colour_name(state, c.owner)}" for c in pic.corners if c.decided]
        for_now = [f"{c.name} {self.colour_name(state, c.owner)}" for c in pic.corners
                   if not c.decided and c.owner is not None]
        nobody = [c.name for c in pic.corners if c.owner is None]
        parts = []
        if decided:
            parts.append("Decided: " + ", ".join(decided))
        if for_now:
            parts.append("For now: " + ", ".join(for_now))
        if nobody:
            parts.append("No owner yet: " + ", ".join(nobody))
        return ". ".join(parts) + "."

    def status(self, state: State) -> str:
        """Whose turn and the corners in Red-Yellow-Green order; who leads, and why, is the line under the board."""
        counts = "-".join(str(c) for c in state.scores)
        if state.over:
            lead = self.leader(state)
            who = self.player_name(state, lead) if lead is not None else "nobody"
            full = None not in self.picture(state).stones
            why = "the board is full" if full else "every corner is decided"
            return f"Game over, {why}: {who} wins {counts}."
        assert state.to_move is not None
        return f"{self.player_name(state, state.to_move)} to move · corners {counts}."

    def _changes(self, before: State, after: State) -> tuple[list[tuple[str, int | None]], list[str]]:
        """What a move did to the corners: those that changed owner (with the owner before, None when there
        was none), and those newly decided while the game goes on."""
        assert isinstance(before, XState) and isinstance(after, XState)
        was, now = before.corners, after.corners
        taken = [(c, was[c]) for c in now if now[c] != was[c] and now[c] is not None]
        decided: list[str] = []
        if not after.over:
            settled, ours = before.final_corners, after.final_corners
            decided = [c for c in ours if ours[c] is not None and settled[c] is None]
        return taken, decided

    def _taken_words(self, state: State, taken: list[tuple[str, int | None]]) -> str:
        """'corner a1', 'corner f1 from Red', 'corner a9 from Green and corner a1' (taken ones first: unambiguous)."""
        new = [c for c, old in taken if old is None]
        parts = [f"corner {c} from {self.colour_name(state, old)}" for c, old in taken if old is not None]
        if new:
            parts.append(f"corner{'s' if len(new) > 1 else ''} {' and '.join(new)}")
        return " and ".join(parts)

    def phrase(self, before: State, move: Move) -> str:
        """The move log's words: 'takes corner a1 from Yellow; decides a9 and i9', 'ends the game: …'."""
        after = before.play(move)
        assert isinstance(after, XState)
        taken, decided = self._changes(before, after)
        words = []
        if taken:
            words.append(f"takes {self._taken_words(before, taken)}")
        if after.over:
            full = all(after.stone(c) is not None for c in after.game.names)
            words.append("fills the board: game over" if full else "ends the game: every corner is decided")
        elif decided:
            words.append(f"decides {' and '.join(decided)}")
        return "; ".join(words)

    def news(self, before: State, after: State) -> tuple[str, tuple[Any, ...]]:
        """A corner changing hands or being decided, and the end, in sentences; the new owners' paths outlined."""
        if not isinstance(before, XState) or not isinstance(after, XState) or before.to_move is None:
            return "", ()
        taken, decided = self._changes(before, after)
        mover = self.colour_name(before, before.to_move)
        said: list[str] = []
        if taken:
            said.append(f"{mover} takes {self._taken_words(before, taken)}.")
            if any(old is not None for _, old in taken):
                said.append(f"{mover}'s group joins the two sides farther out.")
        if decided:
            stays = [f"{c} stays {self.colour_name(after, after.final_corners[c])}'s" for c in decided]
            said.append(f"Corner {decided[0]} is decided: it {stays[0].partition(' ')[2]}." if len(decided) == 1
                        else f"Corners {' and '.join(decided)} are decided: {', '.join(stays)}.")
        if after.over:
            said.append(self.status(after))
        names = {c for c, _ in taken}
        marks = tuple(dict.fromkeys(i for c in self.picture(after).corners if c.name in names for i in c.path))
        return " ".join(said), marks

    def describe(self, state: State) -> str:
        return f"{state}\n{self.score_line(state)}.\n{self.corner_line(state)}"

    # ---- drawing -----------------------------------------------------------------------------------------
    def piece(self, state: State, index: int) -> Piece | None:
        colour = self.picture(state).stones[index]
        if colour is None:
            return None
        return Piece(self.seat_colour(colour), self.seat_letters[colour], outline="#222222", scale=0.74)

    def legal_cells(self, state: State) -> set[int]:
        """None outlined: every empty cell is a legal move in X, so outlining them all would say nothing."""
        return set()

    def cell_fill(self, state: State, index: int) -> str:
        for c in self.picture(state).corners:
            if index in c.enclosed or (c.decided and index in c.path):
                assert c.owner is not None
                return palette.tint(self.seat_colour(c.owner), 0.6)
        return CORNER_CELL if index in self.corner_cells else palette.CELL

    def draw_under(self, canvas: Any, state: State, overlay: Overlay) -> None:
        self._sides(canvas)
        for c in self.picture(state).corners:
            if c.owner is not None:
                self._path(canvas, c, self.seat_colour(c.owner))

    def draw_over(self, canvas: Any, state: State, overlay: Overlay) -> None:
        for i in self.last_cells(state):  # the last stone: a ring around it, besides the framework's dot
            x, y = self.centre(i)
            canvas.line_width = 3
            canvas.stroke_style = palette.LAST
            canvas.stroke_circle(x, y, self.radius * 0.74 * 0.9 + 4)
        for k, c in enumerate(self.picture(state).corners):
            self._badge(canvas, state, k, c)
        if not overlay.compact:   # printed, the sentences beside the picture say the score and the corners
            self._strip(canvas, state)

    def _sides(self, canvas: Any) -> None:
        """The four sides: a heavy line along every cell edge that faces off the board."""
        n = self.size
        canvas.line_width = 4
        canvas.stroke_style = BORDER
        canvas.line_cap = "round"
        canvas.begin_path()
        for i in range(n * n):
            q, r = i % n, i // n
            pts = self.outline(i)
            for k, (dq, dr) in enumerate(DIRECTIONS):
                if not (0 <= q + dq < n and 0 <= r + dr < n):
                    # edge k lies between the outline's corners k and k+1 (corner k at 60k − 30 degrees)
                    canvas.move_to(*pts[k])
                    canvas.line_to(*pts[(k + 1) % 6])
        canvas.stroke()

    def _stub(self, index: int, side: tuple[int, ...]) -> tuple[float, float]:
        """The point just past the board edge where the cell `index` meets `side`."""
        n = self.size
        q, r = index % n, index // n
        off = [(q + dq, r + dr) for dq, dr in DIRECTIONS if not (0 <= q + dq < n and 0 <= r + dr < n)]
        on_side = [(a, b) for a, b in off if self._beyond(side, a, b)]
        x, y = self.centre(index)
        ox = sum(self.point(a, b)[0] for a, b in on_side) / len(on_side)
        oy = sum(self.point(a, b)[1] for a, b in on_side) / len(on_side)
        return x + (ox - x) * 0.62, y + (oy - y) * 0.62

    def _beyond(self, side: tuple[int, ...], q: int, r: int) -> bool:
        """True when the off-board cell (q, r) lies across `side`."""
        n = self.size
        fq, fr = side[0] % n, side[0] // n
        if fq == side[-1] % n:  # a side of constant file: q = 0 or q = n - 1
            return q == fq + (1 if fq == n - 1 else -1)
        return r == fr + (1 if fr == n - 1 else -1)

    def _path(self, canvas: Any, corner: Corner, colour: str) -> None:
        """The owner's connecting path: stubs onto both sides and bridges between its stones."""
        pts = [self._stub(corner.path[0], corner.sides[0])]
        pts += [self.centre(i) for i in corner.path]
        pts.append(self._stub(corner.path[-1], corner.sides[1]))
        width = self.radius * 0.6
        canvas.line_cap = "round"
        canvas.line_join = "round"
        for stroke, w in (("#222222", width + 4), (colour, width)):
            canvas.line_width = w
            canvas.stroke_style = stroke
            canvas.begin_path()
            canvas.move_to(*pts[0])
            for p in pts[1:]:
                canvas.line_to(*p)
            canvas.stroke()

    def _badge(self, canvas: Any, state: State, k: int, corner: Corner) -> None:
        """A badge beside the corner: empty (nobody), the owner's colour and letter, locked once decided."""
        x, y = self.centre(corner.cell)
        dx, dy = BADGE_DIRECTION[k]
        d = self.radius + BADGE_R + 4   # beside the corner cell, inside the margin
        bx, by = x + dx * d, y + dy * d
        canvas.set_line_dash([])
        if corner.decided:  # a padlock: shackle above a square body
            canvas.line_width = 3
            canvas.stroke_style = "#222222"
            canvas.begin_path()
            canvas.arc(bx, by - BADGE_R + 2, BADGE_R * 0.55, math.pi, 0)
            canvas.stroke()
        if corner.owner is None:
            canvas.fill_style = palette.WHITE
            canvas.fill_circle(bx, by, BADGE_R)
            canvas.set_line_dash([3, 3])
            canvas.line_width = 1.5
            canvas.stroke_style = palette.MUTED
            canvas.stroke_circle(bx, by, BADGE_R)
            canvas.set_line_dash([])
            return
        fill = self.seat_colour(corner.owner)
        canvas.fill_style = fill
        canvas.line_width = 2
        canvas.stroke_style = "#222222"
        if corner.decided:
            canvas.fill_rect(bx - BADGE_R, by - BADGE_R + 2, 2 * BADGE_R, 2 * BADGE_R - 2)
            canvas.stroke_rect(bx - BADGE_R, by - BADGE_R + 2, 2 * BADGE_R, 2 * BADGE_R - 2)
        else:
            canvas.fill_circle(bx, by, BADGE_R)
            canvas.stroke_circle(bx, by, BADGE_R)
        canvas.fill_style = palette.text_colour(fill)
        canvas.font = "bold 17px sans-serif"   # 10 px and more on a phone 360 px wide
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(self.seat_letters[corner.owner], bx, by + (2 if corner.decided else 1))

    def _strip(self, canvas: Any, state: State) -> None:
        """The score line and the corners' state, under the board."""
        y = self.board_height + 6
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = "bold 17px sans-serif"
        canvas.fill_text(self.score_line(state) + ".", 12, y + 10, self.width - 24)
        canvas.fill_style = palette.MUTED if not state.over else palette.TEXT
        canvas.font = "17px sans-serif"
        canvas.fill_text(self.corner_line(state), 12, y + 34, self.width - 24)
