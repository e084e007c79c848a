"""Alea Evangelion (RULES.md section 2): place a stone, or convert every enemy stone around one of yours.

Protection: the stones placed or flipped by the opponent's previous turn cannot be flipped,
and a conversion flips all or nothing. Superko and the streak rule stop repetition. Since a
placement adds a stone, no position before the last placement can recur, so superko only
remembers the positions since then (at most streak + 1 of them), each as one exact key.

The board is kept as two bit masks (Black's stones, White's stones; bit i is cell i), so a
conversion's stones are `neighbours(s) & enemy` and the stones that could convert at all are
found for the whole board at once by shifting the masks. The moves are the game's own objects,
made once: a state keeps the placements on its empty cells as a list it shares until a stone
lands, and lists each conversion by the first stone that makes it.

Position text (RULES.md): ranks n..1 joined by '/', then the colour to move, then the
protected cells or '-'. Two optional fields follow where they matter: `streak k` (conversions
in a row so far) and `final k` (turns left after a placement filled the board).
"""
from __future__ import annotations

import re
from typing import Any

from ..core import Game, Move, State, grid, ranked_winners
from ..errors import NotationError, PositionError
from ..options import Option, choice, integer, number
from ..text import number as read_number
from .bitboard import byte_tables, cell_lister, neighbour_masks

EMPTY, BLACK, WHITE = -1, 0, 1
NAMES = ("Black", "White")
LETTERS = "BW"
FILES = "abcdefghijklmnopqrs"
_MOVE_RE = re.compile(r"(x?)([a-s])([0-9]{1,2})")


class Place(Move):
    """A stone of your colour on an empty cell: `c3`. The same move in every position of its game."""

    __slots__ = ("cell", "bit", "below")

    def __init__(self, text: str, cell: int) -> None:
        super().__init__(text)
        self.cell = cell
        self.bit = 1 << cell       # the cell as a mask
        self.below = self.bit - 1  # the cells before it


class Convert(Move):
    """Every enemy stone next to your stone on `cell` turns to your colour: `xc3`.

    Conversions that flip the same stones are one move, named by the first of their stones in
    cell order (a1, b1, …, a2, …); the others are aliases the parser reads to that name. Which
    name is listed depends on the position, so a state takes as it is only a conversion it listed
    itself (see AleaState._coerce); any other is read again from its notation."""

    __slots__ = ("cell",)

    def __init__(self, text: str, cell: int) -> None:
        super().__init__(text)
        self.cell = cell


class Pass(Move):
    """No move, in the two final turns only: `pass`."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")


class Alea(Game):
    name = "alea"
    title = "Alea Evangelion"
    option_specs = (
        Option("size", 8, "the board is size × size (4 to 19)", integer(4, 19),
               label="Board size (4 to 19; with no komi, an odd size such as 9 has no draws)"),
        Option("adjacency", 4, "neighbours of a cell: 4 (orthogonal) or 8 (with diagonals)", choice(4, 8),
               label="Neighbours of a stone",
               words=((4, "4 (left, right, above and below)"), (8, "8 (the diagonals too)"))),
        Option("komi", 0, "added to White's count; a half point forbids draws", number(-400, 400),
               label="Komi: points added to White's count (a half point rules out draws)"),
        Option("streak", 8, "after this many conversions in a row the player to move must place", integer(1),
               label="Conversions in a row before a stone must be placed"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.n = self.options["size"]
        self.cells = n * n
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if self.options["adjacency"] == 8:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        self.names, self.index, self.neighbours = grid(n, steps)
        self.full = (1 << self.cells) - 1
        self.diagonals = self.options["adjacency"] == 8
        self.streak_limit: int = self.options["streak"]
        self.neighbour_mask = neighbour_masks(self.neighbours)
        self.cells_of = cell_lister(self.cells)
        # a placement or a pass means the same in every position: made once, marked as the game's
        self.places = tuple(Place(self.names[i], i) for i in range(self.cells))
        self.pass_move = Pass()
        for m in (*self.places, self.pass_move):
            m.origin = self.token
        self.converts = tuple(Convert("x" + self.names[i], i) for i in range(self.cells))
        # each cell's neighbours and conversion, read a byte of a mask of stones at a time
        self.sources = byte_tables(tuple(zip(self.neighbour_mask, self.converts)))
        file_a = sum(1 << (r * n) for r in range(n))
        self._not_first_file = self.full & ~file_a              # a shift towards higher files lands here
        self._not_last_file = self.full & ~(file_a << (n - 1))  # a shift towards lower files lands here

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def around(self, stones: int) -> int:
        """The cells next to any of `stones` (bit masks, bit i for cell i)."""
        n, east, west = self.n, self._not_first_file, self._not_last_file
        out = ((stones << 1) & east) | ((stones >> 1) & west) | (stones << n) | (stones >> n)
        if self.diagonals:
            out |= (((stones << (n + 1)) | (stones >> (n - 1))) & east) | \
                   (((stones << (n - 1)) | (stones >> (n + 1))) & west)
        return out & self.full

    def key(self, moved: int, other: int) -> int:
        """One integer for a board, exact (no two boards share it): what superko compares. `moved` are the
        stones of the player who just moved: superko compares positions with the same player to move."""
        return moved | other << self.cells

    def _start(self) -> "AleaState":
        return AleaState._make(self, 0, 0, BLACK, 0, 0, None)

    def _position(self, text: str) -> "AleaState":
        return _read_position(self, text)


class AleaState(State):
    """A position: stones, the player to move, protected stones, and the repetition bookkeeping."""

    __slots__ = ("black", "white", "open", "mover", "guarded", "streak", "final", "seen", "over", "_listed")

    game: Alea
    black: int                 # bit i set: a Black stone on cell i
    white: int
    open: list[Move]           # the placements on the empty cells, in cell order (shared, never changed)
    mover: int
    guarded: int               # the protected stones, as a bit mask
    streak: int                # conversions in a row so far
    final: int | None          # final turns left once a placement filled the board; None before
    seen: tuple[int, ...]      # the board key (Alea.key) of each position since the last placement, oldest first
    over: bool                 # the two final turns are played
    _listed: dict[int, Move] | None  # the conversions moves() listed, by the stones they flip; None before

    @classmethod
    def _make(cls, g: Alea, black: int, white: int, mover: int, guarded: int, streak: int,
              final: int | None) -> "AleaState":
        s = cls.__new__(cls)
        s.game = g
        s.black, s.white, s.mover, s.guarded, s.streak = black, white, mover, guarded, streak
        stones = black | white
        s.open = [g.places[i] for i in range(g.cells) if not stones >> i & 1]
        if final is None and stones == g.full:
            final = 2  # a full board read from text: the two final turns follow
        s.final = final
        s.over = final == 0
        s.seen = (g.key(white, black) if mover == BLACK else g.key(black, white),)
        s._listed = None
        return s

    # ---- reading the position ----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.final == 0 else self.mover

    @property
    def counts(self) -> tuple[int, int]:
        """(black stones, white stones) on the board."""
        return self.black.bit_count(), self.white.bit_count()

    @property
    def scores(self) -> tuple[float, ...]:
        b, w = self.counts
        return (b, w + self.game.options["komi"])

    @property
    def winners(self) -> tuple[int, ...]:
        return ranked_winners(self.scores) if self.over else ()

    @property
    def board(self) -> tuple[int, ...]:
        """Each cell's stone, 0 (Black), 1 (White) or -1 (empty), in cell order a1, b1, …"""
        b, w = self.black, self.white
        return tuple(BLACK if b >> i & 1 else WHITE if w >> i & 1 else EMPTY for i in range(self.game.cells))

    @property
    def empties(self) -> tuple[int, ...]:
        """The empty cells' indices."""
        return tuple(m.cell for m in self.open)  # type: ignore[attr-defined]

    @property
    def protected_cells(self) -> frozenset[int]:
        """Indices of the protected cells (see `protected`)."""
        return frozenset(self.game.cells_of(self.guarded))

    @property
    def protected(self) -> frozenset[str]:
        """Cells whose stones the player to move may not flip (placed or flipped last turn)."""
        return frozenset(self.game.names[i] for i in self.protected_cells)

    @property
    def in_final_turns(self) -> bool:
        return self.final is not None and self.final > 0

    def stone(self, cell: str) -> int | None:
        """0 (Black), 1 (White) or None for the stone on `cell`."""
        c = self._colour(self._cell(cell, cell))
        return None if c == EMPTY else c

    def _colour(self, i: int) -> int:
        return BLACK if self.black >> i & 1 else WHITE if self.white >> i & 1 else EMPTY

    def _cell(self, name: str, text: str) -> int:
        i = self.game.index.get(name) if isinstance(name, str) else None
        if i is None:
            n = self.game.n
            raise NotationError(f"{name!r} in {text!r} is not a cell of the {n}×{n} board "
                                f"(files a–{FILES[n - 1]}, ranks 1–{n})")
        return i

    def _sides(self) -> tuple[int, int]:
        """(the mover's stones, the opponent's stones)."""
        return (self.black, self.white) if self.mover == BLACK else (self.white, self.black)

    # ---- moves -----------------------------------------------------------------------------
    def _flips(self, cell: int) -> int:
        """The enemy stones next to the stone on `cell` (a bit mask)."""
        enemy = self.white if self.black >> cell & 1 else self.black
        return self.game.neighbour_mask[cell] & enemy

    def _conversion_problem(self, cell: int, text: str) -> str | None:
        g = self.game
        mine, theirs = (self.black, self.white) if self.mover == BLACK else (self.white, self.black)
        if not mine >> cell & 1:
            c = self._colour(cell)
            what = "empty" if c == EMPTY else f"{NAMES[c]}'s"
            return f"{text}: {g.names[cell]} is {what}; convert around a stone of your own."
        flips = g.neighbour_mask[cell] & theirs
        if not flips:
            return f"{text}: no enemy stone is next to {g.names[cell]}, so there is nothing to convert."
        if flips & self.guarded:
            guarded = [g.names[j] for j in g.neighbours[cell] if (flips & self.guarded) >> j & 1]
            return (f"{text}: {', '.join(guarded)} {'is' if len(guarded) == 1 else 'are'} protected (placed or "
                    f"flipped last turn), and a conversion flips all the enemy stones or none.")
        if self.final is None:
            if self.streak >= g.streak_limit:
                return (f"{text}: after {g.options['streak']} conversions in a row the player to move must "
                        f"place a stone (the streak rule).")
            # superko: the board after it with the other player to move, among those since the last placement
            # (every second one back)
            if (mine | flips) | (theirs ^ flips) << g.cells in self.seen[-2::-2]:  # Alea.key
                return f"{text} would recreate a position that occurred before (superko)."
        return None

    def moves(self) -> list[Move]:
        if self.over:
            return []
        g = self.game
        final = self.final
        if final is None:
            out = self.open[:]
            if self.streak >= g.streak_limit:
                return out
        else:
            out = []
        mine, theirs = (self.black, self.white) if self.mover == BLACK else (self.white, self.black)
        guarded = self.guarded
        # the cells next to a protected stone (one placed stone's are in the table)
        shield = (g.around(guarded) if guarded & (guarded - 1) else
                  g.neighbour_mask[guarded.bit_length() - 1] if guarded else 0)
        # a source is one of my stones next to an enemy stone and next to no protected one
        sources = mine & g.around(theirs) & ~shield
        if sources:
            # the sources in cell order, each under the flips it makes; the first names a conversion
            first: dict[int, Move] = {}
            name = first.setdefault
            for table, byte in zip(g.sources, sources.to_bytes(len(g.sources), "little")):
                if byte:
                    for near, move in table[byte]:
                        name(near & theirs, move)
            self._listed = first
            seen = self.seen
            if final is None and len(seen) > 2:
                # superko: the boards since the last placement with the other player to move (one conversion
                # back cannot recur: its stones are protected now). Converting `flips` brings back such a board
                # (Alea.key) only if it turns exactly the stones that board has of mine beyond mine now.
                full, shift = g.full, g.cells
                for key in seen[-2::-2]:
                    flips = key & full ^ mine
                    if mine | flips == key & full and theirs ^ flips == key >> shift:
                        first.pop(flips, None)
            out += first.values()
        if final is not None:
            out.append(g.pass_move)
        return out

    # placements and the pass carry the game's token; a conversion is recognised by _coerce
    moves.stamps_origin = True  # type: ignore[attr-defined]

    def _coerce(self, move: Move | str) -> Move:
        """As State._coerce, and a conversion this state listed is taken as it is: its name is the one listed
        here (any other conversion is read again from its notation, to the name it has here)."""
        if isinstance(move, Convert) and self._listed is not None and move.cell < self.game.cells:
            theirs = self.white if self.mover == BLACK else self.black
            if self._listed.get(self.game.neighbour_mask[move.cell] & theirs) is move:
                return move
        return super()._coerce(move)

    def _parse(self, text: str) -> Move:
        if text == "pass":
            return self.game.pass_move
        m = _MOVE_RE.fullmatch(text)
        if not m:
            raise NotationError(f"{text!r} is not Alea Evangelion notation: a placement is a cell like c3, "
                                f"a conversion is x and your stone's cell like xc3, or pass.")
        cell = self._cell(m.group(2) + m.group(3), text)
        if m.group(1):
            first = self._first_source(cell)
            if first != cell and self._conversion_problem(first, "") is None:
                cell = first  # an alias: the listed move is named by the first of its stones
            return self.game.converts[cell]
        return self.game.places[cell]

    def _first_source(self, cell: int) -> int:
        """The first of the mover's stones (in cell order) whose conversion flips what converting around
        `cell` flips; `cell` itself when it holds no such conversion."""
        g = self.game
        mine, theirs = self._sides()
        flips = g.neighbour_mask[cell] & theirs
        if not (mine >> cell & 1 and flips):
            return cell
        common = mine
        for j in g.neighbours[cell]:
            if flips >> j & 1:
                common &= g.neighbour_mask[j]  # a stone that flips j lies next to j
        while common:
            low = common & -common
            i = low.bit_length() - 1
            if g.neighbour_mask[i] & theirs == flips:
                return i
            common ^= low
        return cell

    def _explain(self, move: Move) -> str | None:
        if isinstance(move, Place):
            if self.final is not None:
                return f"{move}: the board is full; the two final turns allow only a conversion or a pass."
            if (self.black | self.white) & move.bit:
                return f"{move}: a {NAMES[self._colour(move.cell)]} stone is already there; place on an empty cell."
            return None
        if isinstance(move, Convert):
            return self._conversion_problem(move.cell, move.text)
        if isinstance(move, Pass):
            if self.final is None:
                return "Passing is allowed only in the two final turns, after a placement has filled the board."
            return None
        return f"{move} is not an Alea Evangelion move."

    def _apply(self, move: Move) -> "AleaState":
        g = self.game
        s = AleaState.__new__(AleaState)
        s.game = g
        mover = self.mover
        s.mover = 1 - mover
        s.over = False
        s._listed = None
        mine, theirs = (self.black, self.white) if mover == BLACK else (self.white, self.black)
        if isinstance(move, Place):
            stones = mine | theirs
            mine |= move.bit
            s.open = placements = self.open[:]
            del placements[(move.below & ~stones).bit_count()]  # its place: the empty cells before it
            s.guarded, s.streak = move.bit, 0
            s.seen = (mine | theirs << g.cells,)  # Alea.key
            # a placement that fills the board starts the final turns: the opponent, then the filler
            s.final = 2 if stones | move.bit == g.full else None
        elif isinstance(move, Convert):
            flips = g.neighbour_mask[move.cell] & theirs
            mine, theirs = mine | flips, theirs ^ flips
            s.open = self.open
            s.guarded = flips
            final = self.final
            if final is None:
                s.streak, s.final = self.streak + 1, None
                s.seen = self.seen + (mine | theirs << g.cells,)  # Alea.key
            else:
                s.streak, s.final, s.seen = 0, final - 1, ()
                s.over = final == 1
        else:
            assert isinstance(move, Pass) and self.final is not None  # _explain refused anything else
            s.open = self.open
            s.guarded, s.streak, s.seen = 0, 0, ()
            s.final = self.final - 1
            s.over = s.final == 0
        if mover == BLACK:
            s.black, s.white = mine, theirs
        else:
            s.black, s.white = theirs, mine
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        g, n = self.game, self.game.n
        board = self.board
        rows = ["".join("." if c == EMPTY else LETTERS[c] for c in board[r * n:(r + 1) * n])
                for r in reversed(range(n))]
        prot = ",".join(g.names[i] for i in sorted(self.protected_cells, key=lambda i: (i % n, i // n))) or "-"
        text = f"{'/'.join(rows)} {LETTERS[self.mover]} {prot}"
        if self.streak:
            text += f" streak {self.streak}"
        if self.final is not None and self.final < 2:
            text += f" final {self.final}"
        return text

    def __str__(self) -> str:
        g, n = self.game, self.game.n
        if self.over:
            head = "the game is over"
        elif self.final is not None:
            head = f"final turns ({self.final} left): {NAMES[self.mover]} to move"
        else:
            head = f"{NAMES[self.mover]} to move"
        lines = [f"Alea Evangelion {n}×{n}: {head}"]
        board, protected = self.board, self.protected_cells
        for r in reversed(range(n)):
            cells = []
            for f in range(n):
                i = r * n + f
                c = board[i]
                mark = "." if c == EMPTY else LETTERS[c]
                cells.append(mark.lower() if i in protected else mark)
            lines.append(f"{r + 1:>3} " + " ".join(cells))
        lines.append("    " + " ".join(FILES[:n]))
        b, w = self.scores
        lines.append(f"  Black {b:g}, White {w:g}" + (f" (komi {g.options['komi']:g})" if g.options["komi"] else ""))
        if protected:
            lines.append("  protected (lower case): " + ", ".join(sorted(self.protected)))
        if self.over:
            lines.append("  result: " + ("draw" if len(self.winners) == 2 else f"{NAMES[self.winners[0]]} wins"))
        return "\n".join(lines)


def _read_position(g: Alea, text: str) -> AleaState:
    n = g.n
    parts = text.split()
    if len(parts) < 3:
        raise PositionError("a position is the ranks joined by /, the colour to move and the protected "
                            "cells (or -), separated by spaces, e.g. '...../...../...B./..B../..... W -'")
    rows = parts[0].split("/")
    if len(rows) != n:
        raise PositionError(f"the position has {len(rows)} ranks; a {n}×{n} board has {n}, joined by /")
    black = white = 0
    for k, row in enumerate(rows):
        r = n - 1 - k
        if len(row) != n:
            raise PositionError(f"rank {r + 1} ({row!r}) has {len(row)} cells, not {n}")
        for f, ch in enumerate(row):
            if ch == "B":
                black |= 1 << (r * n + f)
            elif ch == "W":
                white |= 1 << (r * n + f)
            elif ch != ".":
                raise PositionError(f"{ch!r} on rank {r + 1} is not a cell: use . B W")
    if parts[1] not in ("B", "W"):
        raise PositionError(f"the colour to move is B or W, not {parts[1]!r}")
    mover = LETTERS.index(parts[1])
    guarded = 0
    if parts[2] != "-":
        for name in parts[2].split(","):
            i = g.index.get(name)
            if i is None:
                raise PositionError(f"protected cell {name!r} is not a cell of the {n}×{n} board")
            if guarded >> i & 1:
                raise PositionError(f"protected cell {name} is listed twice")
            if not (white if mover == BLACK else black) >> i & 1:
                raise PositionError(f"protected cell {name} must hold a stone of the player who just moved")
            guarded |= 1 << i
    fields = _read_fields(parts[3:])
    full = (black | white) == g.full
    final = fields.get("final")
    if final is not None and (final > 2 or not full):
        raise PositionError("'final k' (k = 0, 1 or 2) describes a full board: the final turns left")
    streak = fields.get("streak", 0)
    if streak > g.options["streak"]:
        raise PositionError(f"'streak {streak}': after {g.options['streak']} conversions in a row the player "
                            f"to move must place, so there cannot be more in a row")
    return AleaState._make(g, black, white, mover, guarded, streak, final)


def _read_fields(words: list[str]) -> dict[str, int]:
    """The optional `streak k` and `final k` fields, each at most once."""
    fields: dict[str, int] = {}
    while words:
        if len(words) < 2 or words[0] not in ("streak", "final"):
            raise PositionError(f"{' '.join(words)!r} is not a position field: optional fields are "
                                f"'streak k' and 'final k'")
        if words[0] in fields:
            raise PositionError(f"the field {words[0]!r} is given twice")
        fields[words[0]] = read_number(words[1], f"the {words[0]} count", PositionError)
        words = words[2:]
    return fields
