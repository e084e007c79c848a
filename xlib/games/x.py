"""X (RULES.md section 5), the three-player hex game of claiming corners by Mark Steere.

Groups are kept incrementally (union-find with each group's extent along the four sides), so
a corner's owner is read from the few groups that touch its two sides. A corner is decided
when no other player could connect its sides farther out even if given every empty cell; a
witness path for the undecided case is kept, so the search reruns only when a stone lands
on that path or the owner's reach changes.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from ..core import Game, Move, State, grid, next_seat
from ..errors import NotationError, PositionError
from ..options import Option, integer

AUTHOR = "Mark Steere"
COLOURS = "RYG"
NAMES = ("Red", "Yellow", "Green")
FILES = "abcdefghijklmnopqrstuvwxyz"
EMPTY = -1
# the four corners, named by their two sides: (side, side) with sides 0: q=0, 1: q=n-1, 2: r=0, 3: r=n-1
CORNER_SIDES = ((0, 2), (1, 2), (0, 3), (1, 3))


class Place(Move):
    """A stone on an empty cell: `e5`."""

    __slots__ = ("cell",)

    def __init__(self, text: str, cell: int) -> None:
        super().__init__(text)
        self.cell = cell


class X(Game):
    name = "x"
    title = "X"
    author = AUTHOR
    option_specs = (Option("size", 9, "the board is size × size hexagons (at least 3)", integer(3, 26)),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.n = self.options["size"]
        self.cells = n * n
        # axial hex neighbours: (±1, 0), (0, ±1), (+1, −1), (−1, +1)
        self.names, self.index, self.neighbours = grid(n, ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))
        self.corner_cells = (0, n - 1, (n - 1) * n, n * n - 1)
        # side s: its cells in order of distance from the corner where each side starts
        self.side_cells = (
            tuple(r * n for r in range(n)),            # q = 0, by r
            tuple(r * n + n - 1 for r in range(n)),    # q = n-1, by r
            tuple(range(n)),                           # r = 0, by q
            tuple((n - 1) * n + q for q in range(n)),  # r = n-1, by q
        )
        self.moves_list = tuple(Place(self.names[i], i) for i in range(self.cells))

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def _start(self) -> "XState":
        return XState._fresh(self, [EMPTY] * self.cells, 0)

    def _position(self, text: str) -> "XState":
        n = self.n
        board_text, _, mover_text = text.partition(" ")
        rows = board_text.split("/")
        if len(rows) != n:
            raise PositionError(f"the position has {len(rows)} rows; a size-{n} board has {n}, joined by /")
        stones: list[int] = []
        for r, row in enumerate(rows):
            if len(row) != n:
                raise PositionError(f"row {r + 1} ({row!r}) has {len(row)} cells, not {n}")
            for ch in row:
                if ch == ".":
                    stones.append(EMPTY)
                elif ch in COLOURS:
                    stones.append(COLOURS.index(ch))
                else:
                    raise PositionError(f"{ch!r} in row {r + 1} is not a cell: use . R Y G")
        mover_text = mover_text.strip()
        if mover_text not in COLOURS or not mover_text:
            raise PositionError(f"the colour to move is R, Y or G after a space, not {mover_text!r}")
        return XState._fresh(self, stones, COLOURS.index(mover_text))

    def cell_name(self, q: int, r: int) -> str:
        return self.names[r * self.n + q]


class XState(State):
    """A position of X: stones, groups (union-find), and which corners are owned and decided."""

    __slots__ = ("stones", "parent_of", "ext", "mover", "empties", "decided_owner", "witness", "owners")

    game: X

    @classmethod
    def _fresh(cls, g: X, stones: list[int], mover: int) -> "XState":
        s = cls.__new__(cls)
        s.game = g
        s.stones = stones
        s.parent_of = list(range(g.cells))
        s.ext = [None] * g.cells
        s.mover = mover
        s.empties = stones.count(EMPTY)
        s.decided_owner = [None] * 4
        s.witness = [None] * 4
        for i, c in enumerate(stones):
            if c != EMPTY:
                s.ext[i] = _cell_ext(g, i)
                for j in g.neighbours[i]:
                    if j < i and stones[j] == c:
                        s._union(i, j)
        s._update_corners(None)
        return s

    # ---- groups ----------------------------------------------------------------------------
    def _find(self, i: int) -> int:
        p = self.parent_of
        while p[i] != i:
            p[i] = p[p[i]]
            i = p[i]
        return i

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        ea, eb = self.ext[ra], self.ext[rb]
        merged = (min(ea[0], eb[0]), max(ea[1], eb[1]), min(ea[2], eb[2]), max(ea[3], eb[3]),
                  min(ea[4], eb[4]), max(ea[5], eb[5]), min(ea[6], eb[6]), max(ea[7], eb[7]))
        self.parent_of[rb] = ra
        self.ext[ra] = merged
        self.ext[rb] = None

    def group(self, cell: str) -> list[str]:
        """The cells of the group holding the stone on `cell` (empty list for an empty cell)."""
        i = self._cell(cell)
        if self.stones[i] == EMPTY:
            return []
        root = self._find(i)
        return [self.game.names[j] for j in range(self.game.cells)
                if self.stones[j] != EMPTY and self._find(j) == root]

    # ---- corners ---------------------------------------------------------------------------
    def _corner_owner(self, k: int) -> tuple[int | None, int, int]:
        """(colour, reach along side a, reach along side b) of the outermost group connecting corner k."""
        g, n = self.game, self.game.n
        sa, sb = CORNER_SIDES[k]
        best: tuple[int | None, int, int] = (None, -1, -1)
        seen: set[int] = set()
        for i in g.side_cells[sa]:
            if self.stones[i] == EMPTY:
                continue
            root = self._find(i)
            if root in seen:
                continue
            seen.add(root)
            e = self.ext[root]
            if e[2 * sb] > n:  # touches only one side
                continue
            da, db = _reach(k, sa, e, n), _reach(k, sb, e, n)
            if da > best[1]:
                best = (self.stones[root], da, db)
        return best

    def _update_corners(self, last: int | None) -> None:
        """Recompute owners and decided corners after a stone on `last` (None: from scratch)."""
        owners = []
        decided = list(self.decided_owner)
        witness = list(self.witness)
        for k in range(4):
            owner, ra, rb = self._corner_owner(k)
            owners.append(owner)
            if decided[k] is not None:
                continue
            if owner is None:
                witness[k] = None  # the corner cell is empty: anyone may still take it
                continue
            w = witness[k]
            if (w is not None and last is not None and w[0] == (owner, ra, rb)
                    and (last not in w[2] or self.stones[last] == w[1])):
                continue  # the witness path still shows another player could connect farther out
            found = None
            for q in range(3):
                if q != owner:
                    path = self._outer_path(k, q, ra, rb)
                    if path is not None:
                        found = ((owner, ra, rb), q, path)
                        break
            witness[k] = found
            if found is None:
                decided[k] = owner
        self.owners = tuple(owners)
        self.decided_owner = decided
        self.witness = witness

    def _outer_path(self, k: int, q: int, ra: int, rb: int) -> frozenset[int] | None:
        """Cells of a path of q-or-empty cells joining the corner's sides beyond the reaches ra, rb."""
        g, n, stones = self.game, self.game.n, self.stones
        sa, sb = CORNER_SIDES[k]
        goal = {i for d, i in enumerate(_from_corner(g, k, sb)) if d > rb}
        start = [i for d, i in enumerate(_from_corner(g, k, sa)) if d > ra and stones[i] in (q, EMPTY)]
        came: dict[int, int] = {i: -1 for i in start}
        todo = deque(start)
        while todo:
            i = todo.popleft()
            if i in goal:
                path = []
                while i != -1:
                    path.append(i)
                    i = came[i]
                return frozenset(path)
            for j in g.neighbours[i]:
                if j not in came and stones[j] in (q, EMPTY):
                    came[j] = i
                    todo.append(j)
        return None

    @property
    def corners(self) -> dict[str, int | None]:
        """Each corner cell's owner now: the colour of the outermost group joining its two sides."""
        return {self.game.names[c]: o for c, o in zip(self.game.corner_cells, self.owners)}

    @property
    def decided(self) -> dict[str, bool]:
        """Each corner: True when only one player could still own it, whatever is played."""
        return {self.game.names[c]: d is not None for c, d in zip(self.game.corner_cells, self.decided_owner)}

    @property
    def final_corners(self) -> dict[str, int | None]:
        """The certain owner of each decided corner (the score once all four are decided)."""
        return {self.game.names[c]: d for c, d in zip(self.game.corner_cells, self.decided_owner)}

    # ---- the game --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return all(d is not None for d in self.decided_owner)

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.mover

    @property
    def scores(self) -> tuple[int, ...]:
        owners = self.decided_owner if self.over else self.owners
        return tuple(sum(o == p for o in owners) for p in range(3))

    @property
    def winners(self) -> tuple[int, ...]:
        return (winner(self.scores),) if self.over else ()

    def stone(self, cell: str) -> int | None:
        """0 (Red), 1 (Yellow), 2 (Green) or None for the stone on `cell`."""
        c = self.stones[self._cell(cell)]
        return None if c == EMPTY else c

    def _cell(self, name: str) -> int:
        i = self.game.index.get(name.strip().lower()) if isinstance(name, str) else None
        if i is None:
            n = self.game.n
            raise NotationError(f"{name!r} is not a cell of the {n}×{n} board: files a–{FILES[n - 1]}, "
                                f"ranks 1–{n}, like e5")
        return i

    def moves(self) -> list[Move]:
        if self.over:
            return []
        ml = self.game.moves_list
        return [ml[i] for i, c in enumerate(self.stones) if c == EMPTY]

    def _parse(self, text: str) -> Move:
        return self.game.moves_list[self._cell(text)]

    def _explain(self, move: Move) -> str | None:
        if not isinstance(move, Place):
            return f"{move} is not a move of X."
        c = self.stones[move.cell]
        if c != EMPTY:
            return f"{move} is taken by {NAMES[c]}: a stone goes on an empty cell."
        return None

    def _apply(self, move: Move) -> "XState":
        g = self.game
        i = move.cell  # type: ignore[attr-defined]
        s = XState.__new__(XState)
        s.stones = stones = list(self.stones)
        s.parent_of = list(self.parent_of)
        s.ext = list(self.ext)
        s.decided_owner = self.decided_owner
        s.witness = self.witness
        s.game = g
        colour = self.mover
        stones[i] = colour
        s.ext[i] = _cell_ext(g, i)
        for j in g.neighbours[i]:
            if stones[j] == colour:
                s._union(i, j)
        s.empties = self.empties - 1
        s.mover = next_seat(colour, 3)
        s._update_corners(i)
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        n = self.game.n
        rows = ["".join("." if c == EMPTY else COLOURS[c] for c in self.stones[r * n:(r + 1) * n])
                for r in range(n)]
        return "/".join(rows) + " " + COLOURS[self.mover]

    def __str__(self) -> str:
        g, n = self.game, self.game.n
        head = "the game is over" if self.over else f"{NAMES[self.mover]} to move"
        lines = [f"X by {AUTHOR}, {n}×{n}: {head}"]
        lines.append("    " + " ".join(FILES[:n]))
        for r in range(n):
            row = " ".join("." if c == EMPTY else COLOURS[c] for c in self.stones[r * n:(r + 1) * n])
            lines.append(f"{r + 1:>3} " + " " * r + row)
        for c, owner, dec in zip(g.corner_cells, self.owners, self.decided_owner):
            state = "decided" if dec is not None else "open"
            who = NAMES[dec] if dec is not None else (NAMES[owner] if owner is not None else "nobody")
            lines.append(f"  corner {g.names[c]}: {who} ({state})")
        lines.append("  corners: " + "-".join(str(v) for v in self.scores) + " (Red-Yellow-Green)")
        if self.over:
            lines.append(f"  winner: {NAMES[self.winners[0]]}")
        return "\n".join(lines)


def winner(counts: tuple[int, ...]) -> int:
    """The player with the largest count that nobody else has (in 2-2-0 the player with none)."""
    unique = [c for c in counts if counts.count(c) == 1]
    return counts.index(max(unique))


def _cell_ext(g: X, i: int) -> tuple[int, ...]:
    """A single stone's extent along the four sides: (min, max) of its coordinate on each side it touches."""
    n = g.n
    q, r = i % n, i // n
    big, small = n + 1, -1
    return ((r, r) if q == 0 else (big, small)) + ((r, r) if q == n - 1 else (big, small)) + \
        ((q, q) if r == 0 else (big, small)) + ((q, q) if r == n - 1 else (big, small))


def _reach(k: int, side: int, e: tuple[int, ...], n: int) -> int:
    """How far from corner k the group with extent e reaches along `side`."""
    lo, hi = e[2 * side], e[2 * side + 1]
    corner_q, corner_r = (0, 0) if k == 0 else (n - 1, 0) if k == 1 else (0, n - 1) if k == 2 else (n - 1, n - 1)
    at = corner_r if side in (0, 1) else corner_q  # the corner's coordinate along this side
    return hi if at == 0 else n - 1 - lo


def _from_corner(g: X, k: int, side: int) -> tuple[int, ...]:
    """The cells of `side` in order of distance from corner k."""
    cells = g.side_cells[side]
    return cells if cells[0] == g.corner_cells[k] else cells[::-1]
