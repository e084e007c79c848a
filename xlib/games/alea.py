"""Alea Evangelion (RULES.md section 2): place a stone, or convert every enemy stone around one of yours.

Protection: the stones placed or flipped by the opponent's previous turn cannot be flipped,
and a conversion flips all or nothing. Superko and the streak rule stop repetition. Since a
placement adds a stone, no position before the last placement can recur, so superko only
remembers the positions since then (at most streak + 1 of them).

Position text (RULES.md): ranks n..1 joined by '/', then the colour to move, then the
protected cells or '-'. Two optional fields follow where they matter: `streak k` (conversions
in a row so far) and `final k` (turns left after a placement filled the board).
"""
from __future__ import annotations

import random
import re
from typing import Any

from ..core import Game, Move, State, grid, ranked_winners
from ..errors import NotationError, PositionError
from ..options import Option, choice, integer, number

EMPTY, BLACK, WHITE = -1, 0, 1
NAMES = ("Black", "White")
LETTERS = "BW"
FILES = "abcdefghijklmnopqrs"
_MOVE_RE = re.compile(r"^(x?)([a-s])(\d{1,2})$")


class Place(Move):
    """A stone of your colour on an empty cell: `c3`."""

    __slots__ = ("cell",)

    def __init__(self, text: str, cell: int) -> None:
        super().__init__(text)
        self.cell = cell

    def key(self) -> object:
        return ("place", self.cell)


class Convert(Move):
    """Every enemy stone next to your stone on `cell` turns to your colour: `xc3`.

    Two conversions that flip the same stones are one move; `flips` (filled in by the state)
    is what makes them equal."""

    __slots__ = ("cell", "flips")

    def __init__(self, text: str, cell: int, flips: frozenset[int] | None = None) -> None:
        super().__init__(text)
        self.cell = cell
        self.flips = flips

    def key(self) -> object:
        return ("convert", self.flips if self.flips is not None else self.cell)


class Pass(Move):
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")

    def key(self) -> object:
        return "pass"


PASS = Pass()


class Alea(Game):
    name = "alea"
    title = "Alea Evangelion"
    option_specs = (
        Option("size", 8, "the board is size × size (4 to 19)", integer(4, 19)),
        Option("adjacency", 4, "neighbours of a cell: 4 (orthogonal) or 8 (with diagonals)", choice(4, 8)),
        Option("komi", 0, "added to White's count; a half point forbids draws", number(-400, 400)),
        Option("streak", 8, "after this many conversions in a row the player to move must place", integer(1)),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.n = self.options["size"]
        self.cells = n * n
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if self.options["adjacency"] == 8:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        self.names, self.index, self.neighbours = grid(n, steps)
        self.places = tuple(Place(self.names[i], i) for i in range(self.cells))
        self.converts: tuple[dict, ...] = tuple({} for _ in range(self.cells))  # cell -> {flips: Convert}
        zob = random.Random(20101118)  # fixed: position hashes must not depend on the game seed
        self.zobrist = tuple((zob.getrandbits(64), zob.getrandbits(64)) for _ in range(self.cells))
        self.side_key = zob.getrandbits(64)

    @property
    def players(self) -> tuple[str, ...]:
        return NAMES

    def _start(self) -> "AleaState":
        return AleaState._make(self, (EMPTY,) * self.cells, BLACK, frozenset(), 0, None)

    def _position(self, text: str) -> "AleaState":
        return _read_position(self, text)


class AleaState(State):
    """A position: stones, the player to move, protected stones, and the repetition bookkeeping."""

    __slots__ = ("board", "mover", "protected_cells", "streak", "final", "hash", "seen", "_moves", "empties",
                 "frontier", "_legal")

    game: Alea

    @classmethod
    def _make(cls, g: Alea, board: tuple[int, ...], mover: int, protected: frozenset[int], streak: int,
              final: int | None) -> "AleaState":
        s = cls.__new__(cls)
        s.game = g
        s.board, s.mover, s.protected_cells, s.streak = board, mover, protected, streak
        s.empties = tuple(i for i, c in enumerate(board) if c == EMPTY)
        if final is None and not s.empties:
            final = 2  # a full board read from text: the two final turns follow
        s.final = final
        s.hash = _hash(g, board, mover)
        s.seen = ((s.hash, board),)
        s._moves = None
        s.frontier = _frontier_update(g, board, ({}, {}), range(g.cells))
        return s

    # ---- reading the position ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.final == 0

    @property
    def to_move(self) -> int | None:
        return None if self.final == 0 else self.mover

    @property
    def counts(self) -> tuple[int, int]:
        """(black stones, white stones) on the board."""
        return self.board.count(BLACK), self.board.count(WHITE)

    @property
    def scores(self) -> tuple[float, ...]:
        b, w = self.counts
        return (b, w + self.game.options["komi"])

    @property
    def winners(self) -> tuple[int, ...]:
        return ranked_winners(self.scores) if self.over else ()

    @property
    def protected(self) -> frozenset[str]:
        """Cells whose stones the player to move may not flip (placed or flipped last turn)."""
        return frozenset(self.game.names[i] for i in self.protected_cells)

    @property
    def in_final_turns(self) -> bool:
        return self.final is not None and self.final > 0

    def stone(self, cell: str) -> int | None:
        """0 (Black), 1 (White) or None for the stone on `cell`."""
        c = self.board[self._cell(cell, cell)]
        return None if c == EMPTY else c

    def _cell(self, name: str, text: str) -> int:
        i = self.game.index.get(name) if isinstance(name, str) else None
        if i is None:
            n = self.game.n
            raise NotationError(f"{name!r} in {text!r} is not a cell of the {n}×{n} board "
                                f"(files a–{FILES[n - 1]}, ranks 1–{n})")
        return i

    # ---- moves -----------------------------------------------------------------------------
    def _flips(self, cell: int) -> tuple[int, ...]:
        enemy = 1 - self.board[cell]
        b = self.board
        return tuple(j for j in self.game.neighbours[cell] if b[j] == enemy)

    def _conversion_problem(self, cell: int, text: str) -> tuple[str | None, tuple[int, ...]]:
        g, b = self.game, self.board
        if b[cell] != self.mover:
            what = "empty" if b[cell] == EMPTY else f"{NAMES[b[cell]]}'s"
            return f"{text}: {g.names[cell]} is {what}; convert around a stone of your own.", ()
        flips = self._flips(cell)
        if not flips:
            return f"{text}: no enemy stone is next to {g.names[cell]}, so there is nothing to convert.", ()
        guarded = [g.names[j] for j in flips if j in self.protected_cells]
        if guarded:
            return (f"{text}: {', '.join(guarded)} {'is' if len(guarded) == 1 else 'are'} protected (placed or "
                    f"flipped last turn), and a conversion flips all the enemy stones or none."), flips
        if self.final is None:
            if self.streak >= g.options["streak"]:
                return (f"{text}: after {g.options['streak']} conversions in a row the player to move must "
                        f"place a stone (the streak rule)."), flips
            if self._repeats(flips):
                return f"{text} would recreate a position that occurred before (superko).", flips
        return None, flips

    def _repeats(self, flips: tuple[int, ...]) -> bool:
        """Would converting these stones recreate an earlier (board, player to move) since the last placement?"""
        g, mover = self.game, self.mover
        h = self.hash ^ g.side_key
        for j in flips:
            h ^= g.zobrist[j][0] ^ g.zobrist[j][1]
        # only positions with the other player to move can match; one conversion back cannot recur,
        # since the stones it flipped are protected now, but it is checked all the same
        for seen_hash, seen_board in self.seen[-2::-2]:
            if seen_hash == h:
                board = list(self.board)
                for j in flips:
                    board[j] = mover
                if tuple(board) == seen_board:
                    return True
        return False

    def moves(self) -> list[Move]:
        if self._moves is not None:
            return list(self._moves)
        g = self.game
        out: list[Move] = []
        if self.final == 0:
            self._moves, self._legal = (), frozenset()
            return []
        if self.final is None:
            places = g.places
            out = [places[i] for i in self.empties]
        if self.final is not None or self.streak < g.options["streak"]:
            seen: set[frozenset[int]] = set()
            names, sources = g.names, self.frontier[self.mover]
            protected, check_ko = self.protected_cells, self.final is None and len(self.seen) > 2
            cache = g.converts
            for i in sorted(sources):
                flips = sources[i]
                if protected and not protected.isdisjoint(flips):
                    continue
                move = cache[i].get(flips)
                if move is None:
                    move = cache[i][flips] = Convert("x" + names[i], i, frozenset(flips))
                if move.flips in seen or (check_ko and self._repeats(flips)):
                    continue
                seen.add(move.flips)
                out.append(move)
        if self.final is not None and not out:
            out = [PASS]
        self._moves = tuple(out)
        self._legal = frozenset(map(id, out))
        return out

    def _parse(self, text: str) -> Move:
        if text == "pass":
            return PASS
        m = _MOVE_RE.match(text)
        if not m:
            raise NotationError(f"{text!r} is not Alea Evangelion notation: a placement is a cell like c3, "
                                f"a conversion is x and your stone's cell like xc3, or pass")
        cell = self._cell(m.group(2) + m.group(3), text)
        if m.group(1):
            flips = self._flips(cell) if self.board[cell] != EMPTY else ()
            return Convert(text, cell, frozenset(flips))
        return self.game.places[cell]

    def _explain(self, move: Move) -> str | None:
        g = self.game
        if self._moves is not None and id(move) in self._legal:
            return None  # one of the moves this state listed
        if isinstance(move, Pass):
            if self.final is None:
                return "Passing is allowed only in the two final turns, when no conversion is possible."
            if self.moves() != [PASS]:
                return "In the final turns a player converts if able; passing is for when no conversion is legal."
            return None
        if isinstance(move, Place):
            if self.final is not None:
                return f"{move}: the board is full; the two final turns allow only a conversion or a pass."
            c = self.board[move.cell]
            if c != EMPTY:
                return f"{move}: {g.names[move.cell]} is occupied by a {NAMES[c]} stone."
            return None
        if isinstance(move, Convert):
            return self._conversion_problem(move.cell, str(move))[0]
        return f"{move} is not an Alea Evangelion move."

    def _apply(self, move: Move) -> "AleaState":
        g = self.game
        s = AleaState.__new__(AleaState)
        s.game = g
        s._moves = None
        mover = self.mover
        s.mover = 1 - mover
        s.frontier = self.frontier
        if isinstance(move, Pass):
            s.board, s.empties, s.hash = self.board, self.empties, self.hash ^ g.side_key
            s.protected_cells, s.streak, s.seen = frozenset(), 0, ()
            s.final = self.final - 1  # type: ignore[operator]
            return s
        board = list(self.board)
        h = self.hash ^ g.side_key
        if isinstance(move, Place):
            i = move.cell
            board[i] = mover
            h ^= g.zobrist[i][mover]
            s.protected_cells = frozenset((i,))
            s.streak = 0
            s.empties = tuple(j for j in self.empties if j != i)
            s.board, s.hash = tuple(board), h
            s.frontier = _frontier_update(g, s.board, self.frontier, (i, *g.neighbours[i]))
            s.seen = ((h, s.board),)
            if self.final is None and not s.empties:
                s.final = 2  # the placement filled the board: opponent, then filler, one final turn each
            else:
                s.final = self.final
            return s
        flips = self._flips(move.cell)  # type: ignore[attr-defined]
        for j in flips:
            board[j] = mover
            h ^= g.zobrist[j][0] ^ g.zobrist[j][1]
        s.board, s.hash, s.empties = tuple(board), h, self.empties
        s.frontier = _frontier_update(g, s.board, self.frontier,
                                      {k for j in (move.cell, *flips) for k in (j, *g.neighbours[j])})  # type: ignore[attr-defined]
        s.protected_cells = frozenset(flips)
        if self.final is None:
            s.streak, s.final = self.streak + 1, None
            s.seen = self.seen + ((h, s.board),)
        else:
            s.streak, s.final, s.seen = 0, self.final - 1, ()
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        g, n = self.game, self.game.n
        rows = ["".join("." if c == EMPTY else LETTERS[c] for c in self.board[r * n:(r + 1) * n])
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
        for r in reversed(range(n)):
            cells = []
            for f in range(n):
                i = r * n + f
                c = self.board[i]
                mark = "." if c == EMPTY else LETTERS[c]
                cells.append(mark.lower() if i in self.protected_cells else mark)
            lines.append(f"{r + 1:>3} " + " ".join(cells))
        lines.append("    " + " ".join(FILES[:n]))
        b, w = self.scores
        lines.append(f"  Black {b:g}, White {w:g}" + (f" (komi {g.options['komi']:g})" if g.options["komi"] else ""))
        if self.protected_cells:
            lines.append("  protected (lower case): " + ", ".join(sorted(self.protected)))
        if self.over:
            lines.append("  result: " + ("draw" if len(self.winners) == 2 else f"{NAMES[self.winners[0]]} wins"))
        return "\n".join(lines)


def _frontier_update(g: Alea, board: tuple[int, ...], frontier: tuple[dict, dict], cells: Any) -> tuple[dict, dict]:
    """Each colour's possible conversion sources, {stone: the enemy stones next to it}, updated at `cells`."""
    black, white = dict(frontier[0]), dict(frontier[1])
    nbrs = g.neighbours
    for i in cells:
        c = board[i]
        black.pop(i, None)
        white.pop(i, None)
        if c != EMPTY:
            enemy = 1 - c
            flips = tuple(j for j in nbrs[i] if board[j] == enemy)
            if flips:
                (black if c == BLACK else white)[i] = flips
    return black, white


def _hash(g: Alea, board: tuple[int, ...], mover: int) -> int:
    h = g.side_key if mover == WHITE else 0
    for i, c in enumerate(board):
        if c != EMPTY:
            h ^= g.zobrist[i][c]
    return h


def _read_position(g: Alea, text: str) -> AleaState:
    n = g.n
    parts = text.split()
    if len(parts) < 3:
        raise PositionError("a position is the ranks joined by /, the colour to move and the protected "
                            "cells (or -), separated by spaces, e.g. '...../...../...B./..B../..... W -'")
    rows = parts[0].split("/")
    if len(rows) != n:
        raise PositionError(f"the position has {len(rows)} ranks; a {n}×{n} board has {n}, joined by /")
    board = [EMPTY] * (n * n)
    for k, row in enumerate(rows):
        r = n - 1 - k
        if len(row) != n:
            raise PositionError(f"rank {r + 1} ({row!r}) has {len(row)} cells, not {n}")
        for f, ch in enumerate(row):
            if ch not in ".BW":
                raise PositionError(f"{ch!r} on rank {r + 1} is not a cell: use . B W")
            board[r * n + f] = EMPTY if ch == "." else LETTERS.index(ch)
    if parts[1] not in ("B", "W"):
        raise PositionError(f"the colour to move is B or W, not {parts[1]!r}")
    mover = LETTERS.index(parts[1])
    protected: set[int] = set()
    if parts[2] != "-":
        for name in parts[2].split(","):
            i = g.index.get(name)
            if i is None:
                raise PositionError(f"protected cell {name!r} is not a cell of the {n}×{n} board")
            if board[i] != 1 - mover:
                raise PositionError(f"protected cell {name} must hold a stone of the player who just moved")
            protected.add(i)
    extra = parts[3:]
    fields: dict[str, int] = {}
    while extra:
        if len(extra) < 2 or extra[0] not in ("streak", "final") or not extra[1].isdigit() or extra[0] in fields:
            raise PositionError(f"{' '.join(extra)!r} is not a position field: optional fields are "
                                f"'streak k' and 'final k'")
        fields[extra[0]] = int(extra[1])
        extra = extra[2:]
    final = fields.get("final")
    if final is not None and (final > 2 or EMPTY in board):
        raise PositionError("'final k' (k = 0, 1 or 2) describes a full board")
    return AleaState._make(g, tuple(board), mover, frozenset(protected), fields.get("streak", 0), final)
