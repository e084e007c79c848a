"""X (RULES.md section 5), the three-player hex game of claiming corners by Mark Steere.

The stones are three bit masks, one per colour (bit i for cell i), kept turned so that the
player to move's come first: a move changes one of them and hands them on. Groups are kept
incrementally (union-find in one list: a stone points to another of its group, a group's root
holds the bitwise complement of the cells it has on the four sides, so merging groups is an `&`);
a stone that joins no group leaves the list as it was, shared with the state before. Groups only
grow and never cross, so a corner's owner changes only when the group of the stone just placed
connects it farther out. A corner is decided when no other player could connect its sides
farther out even if given every empty cell; a witness path for the undecided case is kept, so
the search (a flood over the masks) reruns only when a stone lands on that path or the owner's
reach passes it.
"""
from __future__ import annotations

from typing import Any

from ..core import Game, Move, State, grid
from ..errors import NotationError, PositionError
from ..options import Option, integer
from .bitboard import cell_lister, mask_of, neighbour_masks

AUTHOR = "Mark Steere"
COLOURS = "RYG"
NAMES = ("Red", "Yellow", "Green")
FILES = "abcdefghijklmnopqrstuvwxyz"
EMPTY = -1
NEXT = (1, 2, 0)  # the colour to move after each
FIRST_THEN_OTHERS = {None: (0, 1, 2), 0: (0, 1, 2), 1: (1, 0, 2), 2: (2, 0, 1)}  # the colours, one of them first
# the four corners, named by their two sides: (side, side) with sides 0: q=0, 1: q=n-1, 2: r=0, 3: r=n-1
CORNER_SIDES = ((0, 2), (1, 2), (0, 3), (1, 3))
Witness = tuple[int, int, int, int]  # (colour, path cells as a mask, its reach along side a, along side b)


class Place(Move):
    """A stone on an empty cell: `e5`. Made once per game, it carries what playing it needs of its cell."""

    __slots__ = ("cell", "bit", "below", "near", "sides")

    def __init__(self, text: str, cell: int) -> None:
        super().__init__(text)
        self.cell = cell
        self.bit = 1 << cell             # the cell as a mask
        self.below = self.bit - 1        # the cells before it
        self.near = 0                    # its neighbours (a mask), and its side bits: set by the game
        self.sides = 0


class Corners:
    """What a state knows of the four corners, shared by the states that follow until a stone changes it
    (then replaced, never changed in place)."""

    __slots__ = ("owners", "reaches", "decided", "witness", "watch", "blocked")

    def __init__(self, owners: tuple[int | None, ...], reaches: tuple[tuple[int, int], ...],
                 decided: tuple[int | None, ...], witness: tuple[Witness | None, ...], watch: int,
                 blocked: int) -> None:
        self.owners = owners      # each corner's owner now (None: no group connects it)
        self.reaches = reaches    # the owner's reach along the corner's two sides ((-1, -1): none)
        self.decided = decided    # each corner's owner once decided, None while open
        self.witness = witness    # a path another player could still fill, per open corner
        self.watch = watch        # the cells of every open corner's witness path
        # bit 3k + q: player q can no longer connect corner k farther out than its owner. Reaches only
        # grow and stones only come, so this stays true whoever owns the corner later.
        self.blocked = blocked


class X(Game):
    name = "x"
    title = "X"
    author = AUTHOR
    option_specs = (Option("size", 9, "the board is size × size hexagons (at least 3)", integer(3, 26),
                           label="Board size (hexagons on a side; 6 is quick)"),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.n = self.options["size"]
        cells = self.cells = n * n
        # axial hex neighbours: (±1, 0), (0, ±1), (+1, −1), (−1, +1)
        self.names, self.index, self.neighbours = grid(n, ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))
        self.neighbour_mask = neighbour_masks(self.neighbours)
        self.full = (1 << cells) - 1
        file_a = mask_of(r * n for r in range(n))
        self._not_first_file = self.full & ~file_a              # a step towards higher files lands here
        self._not_last_file = self.full & ~(file_a << (n - 1))  # a step towards lower files lands here
        self.cells_of = cell_lister(cells)
        self.corner_cells = (0, n - 1, (n - 1) * n, n * n - 1)
        # side s: its cells in order of distance from the corner where each side starts
        self.side_cells = (
            tuple(r * n for r in range(n)),            # q = 0, by r
            tuple(r * n + n - 1 for r in range(n)),    # q = n-1, by r
            tuple(range(n)),                           # r = 0, by q
            tuple((n - 1) * n + q for q in range(n)),  # r = n-1, by q
        )
        # A placement names a cell and nothing else, so it is the same move in every position of this
        # game: it carries the game's token, and a listed move needs no marking per state.
        self.moves_list = tuple(Place(self.names[i], i) for i in range(cells))
        self._empty: XState | None = None
        # a cell's side bits: bit s*n + (its coordinate along side s) for each side s it lies on
        self.side_bits = tuple(_side_bits(n, i) for i in range(cells))
        for m in self.moves_list:
            m.origin = self.token
            m.near, m.sides = self.neighbour_mask[m.cell], self.side_bits[m.cell]
        self.side_masks = tuple(((1 << n) - 1) << (s * n) for s in range(4))
        self.q_sides, self.r_sides = self.side_masks[0] | self.side_masks[1], self.side_masks[2] | self.side_masks[3]
        # how to read a group's reach at corner k from its side bits: for each of the corner's two sides, the
        # shift that brings that side's bits down, and whether the corner is at coordinate 0 of the side
        # (then the reach is the highest bit, else n - 1 minus the lowest)
        self.corner_reading = tuple((self.side_masks[sa] | self.side_masks[sb], sa * n, k in (0, 1), sb * n, k in (0, 2))
                                    for k, (sa, sb) in enumerate(CORNER_SIDES))
        # each corner's two sides as lines of cells from the corner outwards, and each cell's distance on them
        self.corner_lines = tuple((_from_corner(self, k, sa), _from_corner(self, k, sb))
                                  for k, (sa, sb) in enumerate(CORNER_SIDES))
        self.corner_dist = tuple(tuple(_distances(cells, line) for line in lines) for lines in self.corner_lines)
        # beyond[k][side][r + 1]: the cells of corner k's side (0: a, 1: b) farther out than reach r
        self.beyond = tuple(tuple(tuple(mask_of(line[r + 1:]) for r in range(-1, n)) for line in lines)
                            for lines in self.corner_lines)

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def outer_path(self, k: int, allowed: int, prefer: int, ra: int, rb: int) -> tuple[int, int, int] | None:
        """A path through the cells `allowed` (a mask) joining corner k's sides beyond the reaches ra, rb:
        (its cells as a mask, its reach along side a, along side b), or None when there is none.

        The cells one step, two steps, … from side a are flooded over the masks until side b is
        reached; walking back, cells of `prefer` are taken before the others, so a path of stones
        lasts while the empty cells fill."""
        lines = self.beyond[k]
        reached = lines[0][ra + 1] & allowed
        target = lines[1][rb + 1] & allowed
        if not (reached and target):
            return None
        n, east, west = self.n, self._not_first_file, self._not_last_file
        steps = [reached]  # the cells within 0, 1, 2, … steps
        while not reached & target:
            # the six neighbours: a cell and the next file, one rank down; a cell and the previous file, one up
            a = reached | (reached << 1) & east
            b = reached | (reached >> 1) & west
            grown = (a | b | a >> n | b << n) & allowed
            if grown == reached:
                return None
            steps.append(grown)
            reached = grown
        ends = reached & target
        end = ends & prefer or ends
        cell = end = end & -end
        path, start = end, steps[0]
        neighbours = self.neighbour_mask
        t = len(steps) - 2
        while not cell & start:  # a cell within t + 1 steps has a neighbour within t steps
            near = neighbours[cell.bit_length() - 1] & steps[t]
            near = near & prefer or near
            cell = near & -near
            path |= cell
            t -= 1
        dist_a, dist_b = self.corner_dist[k]
        return path, dist_a[cell.bit_length() - 1], dist_b[end.bit_length() - 1]

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

    __slots__ = ("_mine", "_next", "_last", "empty", "open_moves", "groups", "mover", "_corners", "over")

    game: X
    _mine: int                            # the stones of the player to move, as a mask
    _next: int                            # the stones of the player after them
    _last: int                            # the stones of the player who just moved
    empty: int                            # the empty cells
    open_moves: list[Move]                # the placements on the empty cells, in cell order (never changed)
    groups: list[int]                     # union-find: a stone's parent, or on a root ~(its group's side bits)
    mover: int
    _corners: Corners                     # owners, reaches, decided owners, witness paths
    over: bool                            # every corner is decided

    @classmethod
    def _fresh(cls, g: X, stones: list[int], mover: int) -> "XState":
        s = cls.__new__(cls)
        s.game = g
        masks = [0, 0, 0]
        for i, c in enumerate(stones):
            if c != EMPTY:
                masks[c] |= 1 << i
        s.mover = mover
        s._mine, s._next, s._last = (masks[(mover + k) % 3] for k in range(3))
        s.empty = g.full & ~(masks[0] | masks[1] | masks[2])
        s.open_moves = [g.moves_list[i] for i, c in enumerate(stones) if c == EMPTY]
        s.groups = [~bits for bits in g.side_bits]
        for i, c in enumerate(stones):
            if c != EMPTY:
                for j in g.neighbours[i]:
                    if j < i and stones[j] == c:
                        s._union(i, j)
        s._corners = Corners((None,) * 4, ((-1, -1),) * 4, (None,) * 4, (None,) * 4, 0, 0)
        for i, c in enumerate(stones):
            if c != EMPTY and s.groups[i] < 0:
                bits = ~s.groups[i]
                if bits & g.q_sides and bits & g.r_sides:
                    s._claim(bits, bits, c)
        s._settle()
        return s

    def _copy(self) -> "XState":
        """The same position as a new state (everything shared: no state changes what it holds)."""
        s = XState.__new__(XState)
        s.game = self.game
        s._mine, s._next, s._last, s.empty = self._mine, self._next, self._last, self.empty
        s.open_moves, s.groups, s.mover = self.open_moves, self.groups, self.mover
        s._corners, s.over = self._corners, self.over
        return s

    @property
    def owners(self) -> tuple[int | None, ...]:
        """Each corner's owner now (None: no group connects it), corners in the order of X.corner_cells."""
        return self._corners.owners

    @property
    def reaches(self) -> tuple[tuple[int, int], ...]:
        """How far each corner's owner reaches along its two sides ((-1, -1): no owner)."""
        return self._corners.reaches

    @property
    def decided_owner(self) -> tuple[int | None, ...]:
        """Each corner's owner once it is decided, None while open (as far as worked out: see `decided`)."""
        return self._corners.decided

    def _stones_of(self, colour: int) -> int:
        """The stones of `colour`, as a mask."""
        return (self._mine, self._next, self._last)[(colour - self.mover) % 3]

    def _by_colour(self) -> tuple[int, int, int]:
        """The stones of Red, Yellow and Green, as masks."""
        m = self.mover
        turned = (self._mine, self._next, self._last)
        return turned[-m], turned[1 - m], turned[2 - m]

    def _colour(self, i: int) -> int:
        """The colour of the stone on cell i, or EMPTY."""
        for colour in range(3):
            if self._stones_of(colour) >> i & 1:
                return colour
        return EMPTY

    @property
    def stones(self) -> list[int]:
        """Each cell's stone, 0 (Red), 1 (Yellow), 2 (Green) or -1 (empty), in cell order."""
        out = [EMPTY] * self.game.cells
        for colour in range(3):
            for i in self.game.cells_of(self._stones_of(colour)):
                out[i] = colour
        return out

    # ---- groups ----------------------------------------------------------------------------
    def _find(self, i: int) -> int:
        """The root of the group of the stone on cell i (halving the path: every state sharing the list
        has the same groups, so the shortcut holds for all of them)."""
        p = self.groups
        while p[i] >= 0:
            up = p[p[i]]
            if up < 0:
                return p[i]
            p[i] = i = up
        return i

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self.groups[ra] &= self.groups[rb]  # ~x & ~y == ~(x | y): the side bits together
            self.groups[rb] = ra

    def group(self, cell: str) -> list[str]:
        """The cells of the group holding the stone on `cell` (empty list for an empty cell)."""
        i = self._cell(cell)
        colour = self._colour(i)
        if colour == EMPTY:
            return []
        root = self._find(i)
        return [self.game.names[j] for j in self.game.cells_of(self._stones_of(colour)) if self._find(j) == root]

    # ---- corners ---------------------------------------------------------------------------
    def _claim(self, bits: int, grew: int, colour: int) -> None:
        """A group of `colour` with side bits `bits` grew by the side bits `grew`: it owns each corner it now
        connects farther out than its owner.

        Groups only grow and cannot cross, so the outermost connecting group is the old owner or this one."""
        g = self.game
        n, line = g.n, g.side_masks[0]
        c = self._corners
        owners: list[int | None] | None = None
        reaches: list[tuple[int, int]] | None = None
        for k, (sides, shift_a, start_a, shift_b, start_b) in enumerate(g.corner_reading):
            if not grew & sides:
                continue  # nothing new along this corner's sides
            a, b = bits >> shift_a & line, bits >> shift_b & line
            if a and b:
                reach = (a.bit_length() - 1 if start_a else n - (a & -a).bit_length(),
                         b.bit_length() - 1 if start_b else n - (b & -b).bit_length())
                if reach > c.reaches[k]:
                    if owners is None or reaches is None:
                        owners, reaches = list(c.owners), list(c.reaches)
                    owners[k], reaches[k] = colour, reach
        if owners is not None and reaches is not None:
            self._corners = Corners(tuple(owners), tuple(reaches), c.decided, c.witness, c.watch, c.blocked)

    def _settle(self, everything: bool = False) -> None:
        """Find whether every corner is decided (`over`), as the state stands.

        One open corner shows the game goes on: a corner nobody owns yet, or one with a witness path
        that still holds (another player could fill it to connect farther out than the owner). Paths
        are searched only when no corner shows it, and only until one is found, unless `everything`
        is asked for (what `decided` reports).
        On a full board nobody can connect a corner farther out than its owner (that group would
        own it), so every owned corner is decided."""
        c = self._corners
        owners, decided = c.owners, c.decided
        open_corner = False
        unknown: list[tuple[int, int | None]] = []
        for k in range(4):
            if owners[k] is None:
                open_corner = True  # nobody connects it yet: anyone may still take it
            elif decided[k] is None:
                if self._holds(c, k):
                    open_corner = True
                else:
                    w = c.witness[k]
                    unknown.append((k, None if w is None else w[0]))
            if open_corner and not everything:
                self.over = False  # what is known of the corners stays: a path that no longer holds is
                return             # found out again when it is asked
        if unknown:
            witness, new_decided = list(c.witness), list(decided)
            blocked, full = c.blocked, not self.empty
            for k, first in unknown:
                found = None
                if open_corner and not everything:
                    pass  # not searched now: searched when it is needed
                elif not full:
                    found, blocked = self._witness(k, first, blocked)
                    if found is None:
                        new_decided[k] = owners[k]
                    else:
                        open_corner = True
                else:
                    new_decided[k] = owners[k]
                witness[k] = found
            watch = 0
            for w in witness:
                if w is not None:
                    watch |= w[1]
            self._corners = Corners(owners, c.reaches, tuple(new_decided), tuple(witness), watch, blocked)
        self.over = not open_corner

    def _holds(self, c: Corners, k: int) -> bool:
        """Does corner k's witness path still show it open: another player's, beyond the owner's reach, and
        no stone of a third colour on it?"""
        w = c.witness[k]
        if w is None:
            return False
        q, path, da, db = w
        ra, rb = c.reaches[k]
        return q != c.owners[k] and da > ra and db > rb and not path & ~(self.empty | self._stones_of(q))

    def _witness(self, k: int, first: int | None, blocked: int) -> tuple[Witness | None, int]:
        """A path one other player could fill to own corner k, or None when the corner is decided; and
        `blocked` (see Corners) with the players found unable to.

        The player of the last witness (`first`) is tried first: their path is often only cut, not gone."""
        c = self._corners
        owner = c.owners[k]
        ra, rb = c.reaches[k]
        g = self.game
        empty = self.empty
        stones = self._by_colour()
        for q in FIRST_THEN_OTHERS[first]:
            if q != owner and not blocked >> (3 * k + q) & 1:
                found = g.outer_path(k, stones[q] | empty, stones[q], ra, rb)
                if found is not None:
                    return (q, *found), blocked
                blocked |= 1 << (3 * k + q)
        return None, blocked

    def _outer_path(self, k: int, kind: list[int], ra: int, rb: int) -> tuple[int, int, int] | None:
        """X.outer_path through the cells whose stone's `kind` (by colour; kind[-1] for an empty cell) is not
        0, cells of kind 2 before those of kind 1."""
        allowed = prefer = 0
        for stones, t in zip((*self._by_colour(), self.empty), (*kind[:3], kind[-1])):
            if t:
                allowed |= stones
                if t == 2:
                    prefer |= stones
        return self.game.outer_path(k, allowed, prefer, ra, rb)

    @property
    def corners(self) -> dict[str, int | None]:
        """Each corner cell's owner now: the colour of the outermost group joining its two sides."""
        return {self.game.names[c]: o for c, o in zip(self.game.corner_cells, self._corners.owners)}

    @property
    def decided(self) -> dict[str, bool]:
        """Each corner: True when only one player could still own it, whatever is played."""
        self._settle(everything=True)
        return {self.game.names[c]: d is not None for c, d in zip(self.game.corner_cells, self._corners.decided)}

    @property
    def final_corners(self) -> dict[str, int | None]:
        """The certain owner of each decided corner (the score once all four are decided)."""
        self._settle(everything=True)
        return {self.game.names[c]: d for c, d in zip(self.game.corner_cells, self._corners.decided)}

    # ---- the game --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else self.mover

    @property
    def scores(self) -> tuple[int, ...]:
        owners = self._corners.decided if self.over else self._corners.owners
        return tuple(sum(o == p for o in owners) for p in range(3))

    @property
    def winners(self) -> tuple[int, ...]:
        return (winner(self.scores),) if self.over else ()

    def stone(self, cell: str) -> int | None:
        """0 (Red), 1 (Yellow), 2 (Green) or None for the stone on `cell`."""
        c = self._colour(self._cell(cell))
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
        return [] if self.over else self.open_moves[:]

    # every placement carries the game's token already (see X.__init__), so no marking per call
    moves.stamps_origin = True  # type: ignore[attr-defined]

    def _parse(self, text: str) -> Move:
        return self.game.moves_list[self._cell(text)]

    def _explain(self, move: Move) -> str | None:
        if not isinstance(move, Place):
            return f"{move} is not a move of X."
        if not self.empty & move.bit:
            return f"{move} is taken by {NAMES[self._colour(move.cell)]}: a stone goes on an empty cell."
        return None

    def _apply(self, move: Move) -> "XState":
        m: Place = move  # type: ignore[assignment]  # _explain refused anything but a placement
        bit = m.bit
        colour = self.mover
        s = XState.__new__(XState)
        s.game = g = self.game
        s.mover = NEXT[colour]
        mine = self._mine | bit
        s._mine, s._next, s._last = self._next, self._last, mine  # the next player's stones come first
        empty = self.empty
        s.empty = empty ^ bit
        s.open_moves = open_moves = self.open_moves[:]
        del open_moves[(m.below & empty).bit_count()]  # its place: the empty cells before it
        same = m.near & mine
        if same:
            # the new stone joins its neighbours' groups under the first one's root
            s.groups = groups = self.groups[:]
            root, merged = -1, False
            while same:
                j = same.bit_length() - 1
                same ^= 1 << j
                while True:  # the root of j, halving the path
                    up = groups[j]
                    if up < 0:
                        break
                    top = groups[up]
                    if top < 0:
                        j = up
                        break
                    groups[j] = j = top
                if root < 0:
                    root, had = j, groups[j]
                elif j != root:
                    groups[root] &= groups[j]
                    groups[j] = root
                    merged = True
            groups[m.cell] = root
            bits = grew = 0
            if merged or m.sides:  # the group may reach sides the first one did not
                groups[root] &= ~m.sides
                bits = ~groups[root]
                grew = bits & had  # (had is the complement of the first group's side bits)
        else:
            s.groups = self.groups  # a lone stone: its cell is its own root already
            grew = bits = m.sides
        corners = s._corners = self._corners
        # a group that now touches two sides meeting at a corner, farther along a side than before, may own it
        if grew and bits & g.q_sides and bits & g.r_sides:
            s._claim(bits, grew, colour)
        if s._corners is corners and not bit & corners.watch:
            s.over = False
        else:
            s._settle()
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        n = self.game.n
        stones = self.stones
        rows = ["".join("." if c == EMPTY else COLOURS[c] for c in stones[r * n:(r + 1) * n]) for r in range(n)]
        return "/".join(rows) + " " + COLOURS[self.mover]

    def __str__(self) -> str:
        g, n = self.game, self.game.n
        self._settle(everything=True)
        stones = self.stones
        head = "the game is over" if self.over else f"{NAMES[self.mover]} to move"
        lines = [f"X by {AUTHOR}, {n}×{n}: {head}"]
        lines.append("    " + " ".join(FILES[:n]))
        for r in range(n):
            row = " ".join("." if c == EMPTY else COLOURS[c] for c in stones[r * n:(r + 1) * n])
            lines.append(f"{r + 1:>3} " + " " * r + row)
        for c, owner, dec in zip(g.corner_cells, self._corners.owners, self._corners.decided):
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


def _from_corner(g: X, k: int, side: int) -> tuple[int, ...]:
    """The cells of `side` in order of distance from corner k."""
    cells = g.side_cells[side]
    return cells if cells[0] == g.corner_cells[k] else cells[::-1]
