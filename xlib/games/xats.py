"""XATS (RULES.md section 3): boardless stacking of hexagonal spiked tiles, for 2 or 3 players.

Whether tile T fits on tile U is computed from the spike edges (rotations, and the flip of
tile 8), never typed in. Each placed tile keeps an orientation that lines its spikes up on
the spikes of the tile below, so a board can draw the stack.

Position text (our design; read by Game.position and written back by position_text):

    W:1,2,3 R:4,5,13 | s1:13W,12R s3:5R | x:4W | next 4 | to W | out -

reserves by colour (`-` for none), the stacks bottom to top (`-` for none), the discarded
tiles (`x:-` for none), the number of the next new stack, the colour to move, and the
players out of the game (3 players only; `out -` may be left off).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core import Game, Move, State, next_seat
from ..errors import NotationError, PositionError
from ..options import Option, choice

# tile number -> spike edges (0-5 clockwise), as in RULES.md
SPIKES: dict[int, tuple[int, ...]] = {
    1: (), 2: (0,), 3: (0, 1), 4: (0, 2), 5: (0, 3), 6: (0, 1, 2), 7: (0, 2, 4), 8: (0, 1, 3),
    9: (0, 1, 2, 3), 10: (0, 1, 2, 4), 11: (0, 1, 3, 4), 12: (0, 1, 2, 3, 4), 13: (0, 1, 2, 3, 4, 5),
}
TILES = tuple(range(1, 14))
FLIPPABLE = 8  # the asymmetric tile, either side up
COLOURS = {2: ("white", "red"), 3: ("white", "blue", "red")}
LETTERS = {"white": "W", "blue": "B", "red": "R"}


def edges(tile: int, rotation: int = 0, flipped: bool = False) -> frozenset[int]:
    """The edges holding spikes when `tile` is turned by `rotation` sixths (after a flip if flipped)."""
    return frozenset(((-e if flipped else e) + rotation) % 6 for e in SPIKES[tile])


def orientations(tile: int) -> tuple[tuple[int, bool], ...]:
    """Every way to lay `tile` down: six rotations, and for tile 8 both sides."""
    sides = (False, True) if tile == FLIPPABLE else (False,)
    return tuple((r, f) for f in sides for r in range(6))


@lru_cache(maxsize=None)
def fit_orientation(tile: int, below: int, below_rotation: int, below_flipped: bool) -> tuple[int, bool] | None:
    """The first orientation of `tile` that puts every spike on a spike of `below` as it lies, else None."""
    if len(SPIKES[tile]) >= len(SPIKES[below]):
        return None
    under = edges(below, below_rotation, below_flipped)
    for r, f in orientations(tile):
        if edges(tile, r, f) <= under:
            return r, f
    return None


def fits(tile: int, below: int) -> bool:
    """Tile may go on `below`: fewer spikes, and some orientation puts each spike on a spike."""
    return fit_orientation(tile, below, 0, False) is not None


def spikes(tile: int) -> int:
    return len(SPIKES[tile])


class Play(Move):
    """Tile onto a stack (`7>s2`) or as a new stack (`13`)."""

    __slots__ = ("tile", "stack")

    def __init__(self, tile: int, stack: int | None) -> None:
        super().__init__(str(tile) if stack is None else f"{tile}>s{stack}")
        self.tile, self.stack = tile, stack


class Destroy(Move):
    """Destroy a stack by discarding a tile with as many spikes as the stack is high: `s2x4`."""

    __slots__ = ("stack", "tile")

    def __init__(self, stack: int, tile: int) -> None:
        super().__init__(f"s{stack}x{tile}")
        self.stack, self.tile = stack, tile


_PLAY_RE = re.compile(r"^(\d+)(?:>s(\d+))?$")
_DESTROY_RE = re.compile(r"^s(\d+)x(\d+)$")


class Xats(Game):
    name = "xats"
    title = "XATS"
    option_specs = (Option("players", 2, "2 or 3 players", choice(2, 3)),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.n = self.options["players"]
        self.colours = COLOURS[self.n]
        self.letters = tuple(LETTERS[c] for c in self.colours)

    @property
    def players(self) -> tuple[str, ...]:
        return self.colours

    def _start(self) -> "XatsState":
        return XatsState._make(self, tuple(TILES for _ in range(self.n)), (), (), 1, 0, (True,) * self.n)

    def _position(self, text: str) -> "XatsState":
        return _read_position(self, text)


# A placed tile: (tile, owner, rotation, flipped). A stack: (number, tuple of placed tiles bottom to top).
Placed = tuple[int, int, int, bool]
Stack = tuple[int, tuple[Placed, ...]]


class XatsState(State):
    """A position: reserves, stacks in order of creation, discarded tiles, who is still playing."""

    __slots__ = ("reserves", "stack_list", "discarded", "next_stack", "mover", "active", "winner", "_moves")

    game: Xats

    @classmethod
    def _make(cls, g: Xats, reserves: tuple[tuple[int, ...], ...], stacks: tuple[Stack, ...],
              discarded: tuple[tuple[int, int], ...], next_stack: int, mover: int,
              active: tuple[bool, ...], winner: int | None = None) -> "XatsState":
        s = cls.__new__(cls)
        s.game = g
        s.reserves, s.stack_list, s.discarded = reserves, stacks, discarded
        s.next_stack, s.mover, s.active, s.winner = next_stack, mover, active, winner
        s._moves = None
        return s

    # ---- reading the position ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def to_move(self) -> int | None:
        return None if self.winner is not None else self.mover

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if p == self.winner else 0.0 for p in range(self.game.n))

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def stacks(self) -> list[tuple[str, list[tuple[int, str]]]]:
        """Each stack's name and its tiles bottom to top, as (tile, owner colour)."""
        cs = self.game.colours
        return [(f"s{k}", [(t, cs[o]) for t, o, _, _ in tiles]) for k, tiles in self.stack_list]

    def orientation(self, stack: str, level: int) -> tuple[int, bool]:
        """(rotation in sixths, flipped) of the tile at `level` (0 = bottom) of `stack`, for drawing."""
        _, tiles = self._stack(int(stack.lstrip("s")))
        return tiles[level][2], tiles[level][3]

    def reserve(self, player: int) -> tuple[int, ...]:
        """The tiles in `player`'s reserve, in number order."""
        return self.reserves[player]

    def top_spikes(self, player: int) -> int:
        """Spikes on the top tiles of `player`'s colour (the winning count to match the reserve)."""
        return sum(spikes(tiles[-1][0]) for _, tiles in self.stack_list if tiles[-1][1] == player)

    def _stack(self, number: int) -> Stack:
        for st in self.stack_list:
            if st[0] == number:
                return st
        raise KeyError(number)

    # ---- moves -----------------------------------------------------------------------------
    def _stackings(self) -> list[Play]:
        out = []
        for number, tiles in self.stack_list:
            top = tiles[-1]
            for t in self.reserves[self.mover]:
                if fit_orientation(t, top[0], top[2], top[3]) is not None:
                    out.append(Play(t, number))
        return out

    def moves(self) -> list[Move]:
        if self._moves is None:
            if self.winner is not None:
                self._moves = ()
            else:
                reserve = self.reserves[self.mover]
                plays: list[Move] = list(self._stackings()) or [Play(t, None) for t in reserve]
                destroys = [Destroy(number, t) for number, tiles in self.stack_list
                            for t in reserve if spikes(t) == len(tiles)]
                self._moves = tuple(plays + destroys)
        return list(self._moves)

    def _parse(self, text: str) -> Move:
        m = _PLAY_RE.match(text)
        if m:
            tile = self._tile(int(m.group(1)), text)
            return Play(tile, None if m.group(2) is None else int(m.group(2)))
        m = _DESTROY_RE.match(text)
        if m:
            return Destroy(int(m.group(1)), self._tile(int(m.group(2)), text))
        raise NotationError(f"{text!r} is not XATS notation: a new stack is a tile number like 13, a tile "
                            f"onto a stack is like 7>s2, destroying a stack is like s2x4")

    @staticmethod
    def _tile(tile: int, text: str) -> int:
        if tile not in SPIKES:
            raise NotationError(f"there is no tile {tile} in {text!r}: tiles are numbered 1–13")
        return tile

    def _explain(self, move: Move) -> str | None:
        g = self.game
        reserve = self.reserves[self.mover]
        name = g.colours[self.mover]
        if not isinstance(move, (Play, Destroy)):
            return f"{move} is not an XATS move."
        if move.tile not in reserve:
            have = ", ".join(map(str, reserve)) or "none"
            return f"Tile {move.tile} is not in {name}'s reserve (it holds {have})."
        if move.stack is not None:
            try:
                _, tiles = self._stack(move.stack)
            except KeyError:
                return f"There is no stack s{move.stack} on the table."
        if isinstance(move, Destroy):
            h = len(tiles)
            if spikes(move.tile) != h:
                return (f"s{move.stack} is {h} tile{'s' if h > 1 else ''} high: destroying it takes a tile with "
                        f"{h} spike{'s' if h > 1 else ''}, and tile {move.tile} has {spikes(move.tile)}.")
            return None
        if move.stack is None:
            forced = self._stackings()
            if forced:
                return (f"A tile of yours can be stacked ({forced[0]} for one), so {name} must stack a tile: "
                        f"a new stack is allowed only when none fits.")
            return None
        top = tiles[-1]
        if spikes(move.tile) >= spikes(top[0]):
            return (f"Tile {move.tile} ({spikes(move.tile)} spikes) cannot go on tile {top[0]} "
                    f"({spikes(top[0])} spikes) at the top of s{move.stack}: it needs fewer spikes.")
        if fit_orientation(move.tile, top[0], top[2], top[3]) is None:
            return f"Tile {move.tile} does not fit on s{move.stack}: {_misfit(move.tile, top)}"
        return None

    def _apply(self, move: Move) -> "XatsState":
        g = self.game
        p = self.mover
        reserves = [list(r) for r in self.reserves]
        stacks = list(self.stack_list)
        discarded = self.discarded
        next_stack = self.next_stack
        reserves[p].remove(move.tile)  # type: ignore[attr-defined]
        if isinstance(move, Destroy):
            k = next(i for i, st in enumerate(stacks) if st[0] == move.stack)
            for t, owner, _, _ in stacks.pop(k)[1]:
                reserves[owner].append(t)
            discarded = discarded + ((move.tile, p),)
        elif move.stack is None:  # type: ignore[attr-defined]
            stacks.append((next_stack, ((move.tile, p, 0, False),)))  # type: ignore[attr-defined]
            next_stack += 1
        else:
            k = next(i for i, st in enumerate(stacks) if st[0] == move.stack)  # type: ignore[attr-defined]
            number, tiles = stacks[k]
            top = tiles[-1]
            r, f = fit_orientation(move.tile, top[0], top[2], top[3])  # type: ignore[attr-defined,misc]
            stacks[k] = (number, tiles + ((move.tile, p, r, f),))  # type: ignore[attr-defined]
        s = XatsState._make(g, tuple(tuple(sorted(r)) for r in reserves), tuple(stacks), discarded,
                            next_stack, p, self.active)
        s._after_turn()
        return s

    def _after_turn(self) -> None:
        """The win check at the end of the mover's turn, then the next player (who loses with no tiles)."""
        p = self.mover
        if self.top_spikes(p) == len(self.reserves[p]):
            self.winner = p
            return
        active = list(self.active)
        nxt = next_seat(p, self.game.n, active)
        while not self.reserves[nxt]:
            active[nxt] = False  # cannot move: loses, and leaves the rotation
            left = [q for q in range(self.game.n) if active[q]]
            if len(left) == 1:
                self.winner = left[0]
                break
            nxt = next_seat(nxt, self.game.n, active)
        self.active, self.mover = tuple(active), nxt

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        g = self.game
        L = g.letters
        reserves = " ".join(f"{L[p]}:{','.join(map(str, r)) or '-'}" for p, r in enumerate(self.reserves))
        stacks = " ".join(f"s{k}:" + ",".join(f"{t}{L[o]}" for t, o, _, _ in tiles)
                          for k, tiles in self.stack_list) or "-"
        disc = ",".join(f"{t}{L[o]}" for t, o in self.discarded) or "-"
        text = f"{reserves} | {stacks} | x:{disc} | next {self.next_stack} | to {L[self.mover]}"
        out = [L[p] for p in range(g.n) if not self.active[p]]
        if out:
            text += " | out " + ",".join(out)
        return text

    def __str__(self) -> str:
        g = self.game
        head = (f"{g.colours[self.winner]} wins" if self.winner is not None else f"{g.colours[self.mover]} to move")
        lines = [f"XATS, {g.n} players: {head}"]
        if not self.stack_list:
            lines.append("  no stacks on the table")
        else:
            lines.append("  stacks, bottom to top (tile, colour, spikes in brackets):")
        for k, tiles in self.stack_list:
            row = "  ".join(f"{t}{g.letters[o]}({spikes(t)})" for t, o, _, _ in tiles)
            lines.append(f"  s{k}: {row}")
        for p, c in enumerate(g.colours):
            status = "" if self.active[p] else "  (out)"
            lines.append(f"  {c:<5} reserve {len(self.reserves[p]):2} tiles: "
                         f"{' '.join(map(str, self.reserves[p])) or '-'}; spikes on top {self.top_spikes(p)}{status}")
        if self.discarded:
            lines.append("  discarded: " + " ".join(f"{t}{g.letters[o]}" for t, o in self.discarded))
        return "\n".join(lines)


def _misfit(tile: int, top: Placed) -> str:
    """Why no orientation of `tile` fits on `top`: the best turn's spike that has nothing under it."""
    under = edges(top[0], top[2], top[3])
    best = None
    for r, f in orientations(tile):
        e = edges(tile, r, f)
        missing = sorted(e - under)
        if best is None or len(missing) < len(best[0]):
            best = (missing, r, f)
    assert best is not None
    missing, r, f = best
    side = ", flipped" if f else ""
    return (f"in its best turn ({r} sixths{side}) its spike on edge {missing[0]} has no spike of tile {top[0]} "
            f"under it.")


def _read_position(g: Xats, text: str) -> XatsState:
    fields = [f.strip() for f in text.split("|")]
    if len(fields) < 5:
        raise PositionError("an XATS position has the fields: reserves | stacks | x:discarded | next N | to C "
                            "[| out C,...], e.g. 'W:1,2 R:3 | s1:13W | x:- | next 2 | to R'")
    L = g.letters

    def colour(ch: str, where: str) -> int:
        if ch not in L:
            raise PositionError(f"{ch!r} in {where} is not a colour of this game ({', '.join(L)})")
        return L.index(ch)

    def tile(num: str, where: str) -> int:
        if not num.isdigit() or int(num) not in SPIKES:
            raise PositionError(f"{num!r} in {where} is not a tile number 1–13")
        return int(num)

    reserves: list[list[int]] = [[] for _ in range(g.n)]
    seen_colours = set()
    for part in fields[0].split():
        c, _, tiles = part.partition(":")
        p = colour(c, "the reserves")
        seen_colours.add(p)
        if tiles != "-":
            reserves[p] = [tile(t, "the reserves") for t in tiles.split(",")]
    if seen_colours != set(range(g.n)):
        raise PositionError(f"give a reserve for every colour: {' '.join(l + ':...' for l in L)}")
    stacks: list[Stack] = []
    owned: list[list[int]] = [list(r) for r in reserves]
    if fields[1] != "-":
        for part in fields[1].split():
            m = re.match(r"^s(\d+):(.+)$", part)
            if not m:
                raise PositionError(f"{part!r} is not a stack: write s<number>:<tile><colour>,... bottom to top")
            placed: list[Placed] = []
            for item in m.group(2).split(","):
                im = re.match(r"^(\d+)([A-Z])$", item)
                if not im:
                    raise PositionError(f"{item!r} in {part} is not a tile with its colour, like 13W")
                t, o = tile(im.group(1), part), colour(im.group(2), part)
                if placed:
                    below = placed[-1]
                    fo = fit_orientation(t, below[0], below[2], below[3])
                    if fo is None:
                        raise PositionError(f"in {part}, tile {t} cannot lie on tile {below[0]}")
                    placed.append((t, o, fo[0], fo[1]))
                else:
                    placed.append((t, o, 0, False))
                owned[o].append(t)
            stacks.append((int(m.group(1)), tuple(placed)))
    discarded: list[tuple[int, int]] = []
    if not fields[2].startswith("x:"):
        raise PositionError(f"the third field lists the discarded tiles, like x:4W or x:-, not {fields[2]!r}")
    if fields[2] != "x:-":
        for item in fields[2][2:].split(","):
            im = re.match(r"^(\d+)([A-Z])$", item)
            if not im:
                raise PositionError(f"{item!r} is not a discarded tile with its colour, like 4W")
            t, o = tile(im.group(1), "the discarded tiles"), colour(im.group(2), "the discarded tiles")
            discarded.append((t, o))
            owned[o].append(t)
    for p in range(g.n):
        if sorted(owned[p]) != list(TILES):
            raise PositionError(f"{g.colours[p]}'s tiles must appear once each, in the reserve, on a stack or "
                                f"discarded: 1 to 13")
    numbers = [k for k, _ in stacks]
    if len(set(numbers)) != len(numbers):
        raise PositionError("two stacks have the same name")
    m = re.match(r"^next (\d+)$", fields[3])
    if not m or (numbers and int(m.group(1)) <= max(numbers)):
        raise PositionError(f"'next N' gives the number of the next new stack, above every stack's, not {fields[3]!r}")
    m2 = re.match(r"^to ([A-Z])$", fields[4])
    if not m2:
        raise PositionError(f"'to C' gives the colour to move, not {fields[4]!r}")
    mover = colour(m2.group(1), "'to'")
    active = [True] * g.n
    if len(fields) > 5:
        m3 = re.match(r"^out (-|[A-Z](,[A-Z])*)$", fields[5])
        if not m3 or len(fields) > 6:
            raise PositionError(f"the last field lists the players out of the game, like 'out B', not {fields[5]!r}")
        if m3.group(1) != "-":
            for ch in m3.group(1).split(","):
                active[colour(ch, "'out'")] = False
    if not active[mover]:
        raise PositionError(f"{g.colours[mover]} is out of the game and cannot be to move")
    if not reserves[mover]:
        raise PositionError(f"{g.colours[mover]} has no tiles at the start of the turn, so has already lost")
    return XatsState._make(g, tuple(tuple(sorted(r)) for r in reserves), tuple(stacks), tuple(discarded),
                           int(m.group(1)), mover, tuple(active))
