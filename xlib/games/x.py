"""X (RULES.md section 5), the three-player hex game of claiming corners by Mark Steere.

Groups are kept incrementally (union-find; each group's root holds the cells it has on the four
sides as one bit mask, so merging groups is an `|`). Groups only grow and never cross, so a
corner's owner changes only when the group of the stone just placed connects it farther out.
A corner is decided when no other player could connect its sides farther out even if given
every empty cell; a witness path for the undecided case is kept, so the search reruns only
when a stone lands on that path or the owner's reach passes it.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import deque
from typing import Any

from ..core import Game, Move, State, grid
from ..errors import NotationError, PositionError
from ..options import Option, integer

AUTHOR = "Mark Steere"
COLOURS = "RYG"
NAMES = ("Red", "Yellow", "Green")
FILES = "abcdefghijklmnopqrstuvwxyz"
EMPTY = -1
# the four corners, named by their two sides: (side, side) with sides 0: q=0, 1: q=n-1, 2: r=0, 3: r=n-1
CORNER_SIDES = ((0, 2), (1, 2), (0, 3), (1, 3))
Witness = tuple[int, frozenset[int], int, int]  # (colour, path cells, its reach along side a, along side b)


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
    option_specs = (Option("size", 9, "the board is size × size hexagons (at least 3)", integer(3, 26),
                           label="Cells on each side of the board (3 to 26; 6 is quick)"),)

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
        # A placement names a cell and nothing else, so it is the same move in every position of this
        # game: all its states share one origin token, and a listed move needs no marking per state.
        self.token = object()
        self.moves_list = tuple(Place(self.names[i], i) for i in range(self.cells))
        self._empty: XState | None = None
        for m in self.moves_list:
            m.origin = self.token
        # a cell's side bits: bit s*n + (its coordinate along side s) for each side s it lies on
        self.side_bits = tuple(_side_bits(n, i) for i in range(self.cells))
        self.side_masks = tuple(((1 << n) - 1) << (s * n) for s in range(4))
        self.q_sides, self.r_sides = self.side_masks[0] | self.side_masks[1], self.side_masks[2] | self.side_masks[3]
        # each corner's two sides as lines of cells from the corner outwards, and each cell's distance on them
        self.corner_lines = tuple((_from_corner(self, k, sa), _from_corner(self, k, sb))
                                  for k, (sa, sb) in enumerate(CORNER_SIDES))
        self.corner_dist = tuple(tuple(_distances(self.cells, line) for line in lines) for lines in self.corner_lines)

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def _start(self) -> "XState":
        if self._empty is None:
            self._empty = XState._fresh(self, [EMPTY] * self.cells, 0)
        return self._empty._copy()  # every game starts from the same empty board: worked out once

    def _position(self, text: str) -> "XState":
        n = self.n
        parts = text.split()
        if len(parts) != 2:
            raise PositionError("an X position is the rows joined by / and the colour to move (R, Y or G), "
                                "separated by one space, e.g. 'R.Y/.G./... Y'")
        board_text, mover_text = parts
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
        if len(mover_text) != 1 or mover_text not in COLOURS:
            raise PositionError(f"the colour to move is one letter, R, Y or G, not {mover_text!r}")
        return XState._fresh(self, stones, COLOURS.index(mover_text))

    def cell_name(self, q: int, r: int) -> str:
        return self.names[r * self.n + q]


class XState(State):
    """A position of X: stones, groups (union-find), and which corners are owned and decided."""

    __slots__ = ("stones", "open_cells", "open_moves", "parent_of", "sides", "mover", "owners", "reaches",
                 "decided_owner", "witness", "watch", "_over")

    game: X
    stones: list[int]
    open_cells: tuple[int, ...]           # the empty cells, in order
    open_moves: tuple[Move, ...]          # their placements: the moves
    parent_of: list[int]
    sides: list[int]                      # on a group's root: its cells on the four sides, as side bits
    mover: int
    owners: tuple[int | None, ...]        # each corner's owner now (None: no group connects it)
    reaches: tuple[tuple[int, int], ...]  # the owner's reach along the corner's two sides ((-1, -1): none)
    decided_owner: tuple[int | None, ...]
    witness: tuple[Witness | None, ...]   # a path another player could still fill, per open corner
    watch: frozenset[int]                 # the cells of every open corner's witness path
    _over: bool

    @classmethod
    def _fresh(cls, g: X, stones: list[int], mover: int) -> "XState":
        s = cls.__new__(cls)
        s.game = g
        s._token = g.token
        s.stones = stones
        s.open_cells = tuple(i for i, c in enumerate(stones) if c == EMPTY)
        s.open_moves = tuple(g.moves_list[i] for i in s.open_cells)
        s.parent_of = list(range(g.cells))
        s.sides = list(g.side_bits)
        s.mover = mover
        for i, c in enumerate(stones):
            if c != EMPTY:
                for j in g.neighbours[i]:
                    if j < i and stones[j] == c:
                        s._union(i, j)
        s.owners, s.reaches = (None,) * 4, ((-1, -1),) * 4
        for i, c in enumerate(stones):
            if c != EMPTY and s.parent_of[i] == i and s.sides[i] & g.q_sides and s.sides[i] & g.r_sides:
                s._claim(s.sides[i], c)
        s.decided_owner = (None,) * 4
        s.witness = (None,) * 4
        s._settle(None)
        return s

    def _copy(self) -> "XState":
        """The same position as a new state (the lists copied; tuples are shared, being immutable)."""
        s = XState.__new__(XState)
        s.game, s._token = self.game, self._token
        s.stones, s.parent_of, s.sides = self.stones[:], self.parent_of[:], self.sides[:]
        s.open_cells, s.open_moves = self.open_cells, self.open_moves
        s.mover, s.owners, s.reaches = self.mover, self.owners, self.reaches
        s.decided_owner, s.witness, s.watch, s._over = self.decided_owner, self.witness, self.watch, self._over
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
        if ra != rb:
            self.parent_of[rb] = ra
            self.sides[ra] |= self.sides[rb]

    def group(self, cell: str) -> list[str]:
        """The cells of the group holding the stone on `cell` (empty list for an empty cell)."""
        i = self._cell(cell)
        if self.stones[i] == EMPTY:
            return []
        root = self._find(i)
        return [self.game.names[j] for j in range(self.game.cells)
                if self.stones[j] != EMPTY and self._find(j) == root]

    # ---- corners ---------------------------------------------------------------------------
    def _claim(self, bits: int, colour: int) -> None:
        """A group of `colour` with side bits `bits` grew: it owns each corner it connects farther out.

        Groups only grow and cannot cross, so the outermost connecting group is the old owner or this one."""
        masks, n = self.game.side_masks, self.game.n
        owners, reaches = list(self.owners), list(self.reaches)
        for k, (sa, sb) in enumerate(CORNER_SIDES):
            a, b = (bits >> (sa * n)) & masks[0], (bits >> (sb * n)) & masks[0]
            if a and b:
                reach = (_reach(k, sa, a, n), _reach(k, sb, b, n))
                if reach > reaches[k]:
                    owners[k], reaches[k] = colour, reach
        if reaches != list(self.reaches):
            self.owners, self.reaches = tuple(owners), tuple(reaches)

    def _settle(self, last: int | None, everything: bool = False) -> None:
        """Find whether every corner is decided, after a stone on `last` (None: as the state stands).

        A witness path stays valid while no other colour lands on it and the owner does not reach past its
        ends. One open corner shows the game goes on, so paths are searched only until one is found, unless
        `everything` is asked for (what `decided` reports)."""
        decided, witness = list(self.decided_owner), list(self.witness)
        stones, open_corner = self.stones, False
        unknown: list[tuple[int, int | None]] = []
        for k in range(4):
            owner = self.owners[k]
            if decided[k] is not None:
                continue
            if owner is None:
                witness[k], open_corner = None, True  # nobody connects it yet: anyone may still take it
                continue
            w = witness[k]
            if w is not None:
                ra, rb = self.reaches[k]
                q, path, da, db = w
                if q != owner and da > ra and db > rb and (last not in path or stones[last] == q):
                    open_corner = True
                    continue
            witness[k] = None
            unknown.append((k, None if w is None else w[0]))
        for k, first in unknown:
            if open_corner and not everything:
                break
            found = self._witness(k, first)
            witness[k] = found
            if found is None:
                decided[k] = self.owners[k]
            else:
                open_corner = True
        self.decided_owner, self.witness = tuple(decided), tuple(witness)
        self.watch = frozenset().union(*(w[1] for w in witness if w is not None))
        self._over = not open_corner

    def _witness(self, k: int, first: int | None = None) -> Witness | None:
        """A path one other player could fill to own corner k, or None when the corner is decided.

        The player of the last witness (`first`) is tried first: their path is often only cut, not gone."""
        owner = self.owners[k]
        ra, rb = self.reaches[k]
        others = [q for q in range(3) if q != owner]
        if first in others:
            others.sort(key=lambda q: q != first)
        for q in others:
            found = self._outer_path(k, [2 if c == q else 0 for c in range(3)] + [1], ra, rb)
            if found is not None:
                return q, *found
        return None

    def _outer_path(self, k: int, kind: list[int], ra: int, rb: int) -> tuple[frozenset[int], int, int] | None:
        """A path joining corner k's sides beyond the reaches ra, rb through cells whose stone's `kind` (by
        colour; kind[-1] for an empty cell) is not 0: (its cells, its reach along side a, along side b).

        Cells of kind 2 are taken before cells of kind 1, so the path uses stones where it can and lasts
        while the empty cells fill."""
        g, stones = self.game, self.stones
        line_a, _ = g.corner_lines[k]
        dist_a, dist_b = g.corner_dist[k]
        came = [-2] * g.cells
        todo: deque[int] = deque()
        for i in line_a[ra + 1:]:
            t = kind[stones[i]]
            if t:
                came[i] = -1
                if t == 2:
                    todo.appendleft(i)
                else:
                    todo.append(i)
        neighbours = g.neighbours
        while todo:
            i = todo.popleft()
            if dist_b[i] > rb:
                end = first = i
                path = []
                while i != -1:
                    path.append(i)
                    first, i = i, came[i]
                return frozenset(path), dist_a[first], dist_b[end]
            for j in neighbours[i]:
                if came[j] == -2:
                    t = kind[stones[j]]
                    if t:
                        came[j] = i
                        if t == 2:
                            todo.appendleft(j)
                        else:
                            todo.append(j)
        return None

    @property
    def corners(self) -> dict[str, int | None]:
        """Each corner cell's owner now: the colour of the outermost group joining its two sides."""
        return {self.game.names[c]: o for c, o in zip(self.game.corner_cells, self.owners)}

    @property
    def decided(self) -> dict[str, bool]:
        """Each corner: True when only one player could still own it, whatever is played."""
        self._settle(None, everything=True)
        return {self.game.names[c]: d is not None for c, d in zip(self.game.corner_cells, self.decided_owner)}

    @property
    def final_corners(self) -> dict[str, int | None]:
        """The certain owner of each decided corner (the score once all four are decided)."""
        self._settle(None, everything=True)
        return {self.game.names[c]: d for c, d in zip(self.game.corner_cells, self.decided_owner)}

    # ---- the game --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._over

    @property
    def to_move(self) -> int | None:
        return None if self._over else self.mover

    @property
    def scores(self) -> tuple[int, ...]:
        owners = self.decided_owner if self._over else self.owners
        return tuple(sum(o == p for o in owners) for p in range(3))

    @property
    def winners(self) -> tuple[int, ...]:
        return (winner(self.scores),) if self._over else ()

    def stone(self, cell: str) -> int | None:
        """0 (Red), 1 (Yellow), 2 (Green) or None for the stone on `cell`."""
        c = self.stones[self._cell(cell)]
        return None if c == EMPTY else c

    def _cell(self, name: str) -> int:
        """The index of the cell `name` (upper case read as lower case); NotationError off the board."""
        i = self.game.index.get(name.strip().lower()) if isinstance(name, str) else None
        if i is None:
            n = self.game.n
            raise NotationError(f"{name!r} is not a cell of the {n}×{n} board: files a–{FILES[n - 1]}, "
                                f"ranks 1–{n}, like e5")
        return i

    def moves(self) -> list[Move]:
        if self._over:
            return []
        return list(self.open_moves)

    # every placement carries the game's token already (see X.__init__), so no marking per call
    moves.stamps_origin = True  # type: ignore[attr-defined]

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
        assert isinstance(move, Place)  # _explain refused anything else
        i = move.cell
        s = XState.__new__(XState)
        s.game = g
        s._token = g.token
        s.stones = stones = self.stones[:]
        k = bisect_left(self.open_cells, i)
        s.open_cells = self.open_cells[:k] + self.open_cells[k + 1:]
        s.open_moves = self.open_moves[:k] + self.open_moves[k + 1:]
        s.parent_of = parent = self.parent_of[:]
        s.sides = sides = self.sides[:]
        colour = self.mover
        stones[i] = colour
        # the new stone joins its neighbours' groups under the first one's root
        root = i
        for j in g.neighbours[i]:
            if stones[j] == colour:
                while parent[j] != j:
                    parent[j] = j = parent[parent[j]]
                if root == i:
                    root = parent[i] = j
                elif j != root:
                    parent[j] = root
                    sides[root] |= sides[j]
        if root != i:
            sides[root] |= sides[i]
        s.owners, s.reaches = self.owners, self.reaches
        bits = sides[root]
        if bits & g.q_sides and bits & g.r_sides:  # it touches two sides that meet at a corner
            s._claim(bits, colour)
        s.mover = (colour + 1) % 3
        s._over = self._over
        if s.owners is self.owners and i not in self.watch:
            s.decided_owner, s.witness, s.watch = self.decided_owner, self.witness, self.watch
        else:
            s.decided_owner, s.witness = self.decided_owner, self.witness
            s._settle(i)
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        n = self.game.n
        rows = ["".join("." if c == EMPTY else COLOURS[c] for c in self.stones[r * n:(r + 1) * n])
                for r in range(n)]
        return "/".join(rows) + " " + COLOURS[self.mover]

    def __str__(self) -> str:
        g, n = self.game, self.game.n
        self._settle(None, everything=True)
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


def _side_bits(n: int, i: int) -> int:
    """A single stone's side bits: bit s*n + (its coordinate along side s) for each side s it lies on."""
    q, r = i % n, i // n
    bits = 0
    for s, (on, at) in enumerate(((q == 0, r), (q == n - 1, r), (r == 0, q), (r == n - 1, q))):
        if on:
            bits |= 1 << (s * n + at)
    return bits


def _distances(cells: int, line: tuple[int, ...]) -> tuple[int, ...]:
    """Each cell's distance from the corner along `line` (-1 off the line)."""
    dist = [-1] * cells
    for d, i in enumerate(line):
        dist[i] = d
    return tuple(dist)


def _reach(k: int, side: int, line: int, n: int) -> int:
    """How far from corner k a group reaches along `side`, given its bits on that side (bit = coordinate)."""
    at_start = (k in (0, 1)) if side in (0, 1) else (k in (0, 2))  # the corner is at coordinate 0 of the side
    return line.bit_length() - 1 if at_start else n - (line & -line).bit_length()


def _from_corner(g: X, k: int, side: int) -> tuple[int, ...]:
    """The cells of `side` in order of distance from corner k."""
    cells = g.side_cells[side]
    return cells if cells[0] == g.corner_cells[k] else cells[::-1]
