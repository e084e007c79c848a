"""XATS (RULES.md section 3): boardless stacking of hexagonal spiked tiles, for 2 or 3 players.

Whether tile T fits on tile U is computed from the spike edges (rotations, and the flip of
tile 8), never typed in. Each placed tile keeps an orientation that lines its spikes up on
the spikes of the tile below, so a board can draw the stack.

Position text (RULES.md; read by Game.position and written back by position_text):

    W:1,2,3 R:4,5,13 | s1:13W,12R s3:5R | x:4W | next 4 | to W | out -

reserves by colour (`-` for none), the stacks bottom to top (`-` for none), the discarded
tiles (`x:-` for none), the number of the next new stack (from 1), the colour to move (`won C`
once the game is over), and the players out of the game (`out -` may be left off). A tile
appears at most once (one not listed is out of the game); while the game goes on at least two
players are still in and the colour to move is one of them; a player to move with no tiles
loses at once. `won C` names a winner still in who is the last player left or whose top
spikes equal their reserve, so a finished game's text reads back as that finished game.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core import Game, Move, State, next_seat
from ..errors import NotationError, PositionError
from ..options import Option, choice
from ..text import number as read_number

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


SPIKE_COUNT = tuple(len(SPIKES.get(t, ())) for t in range(max(TILES) + 1))  # by tile number


def spikes(tile: int) -> int:
    return SPIKE_COUNT[tile]


# Sets of tiles as bit masks (bit t: tile t), so that listing the moves is a few lookups.
WITH_SPIKES = tuple(sum(1 << t for t in TILES if SPIKE_COUNT[t] == k) for k in range(7))  # by spike count


@lru_cache(maxsize=None)
def fitting(below: int, below_rotation: int, below_flipped: bool) -> int:
    """The tiles that fit on `below` as it lies, as a mask (see fit_orientation)."""
    return sum(1 << t for t in TILES if fit_orientation(t, below, below_rotation, below_flipped) is not None)


@lru_cache(maxsize=None)
def tile_mask(tiles: tuple[int, ...]) -> int:
    """A reserve as a mask."""
    return sum(1 << t for t in tiles)


@lru_cache(maxsize=None)
def mask_tiles(mask: int) -> tuple[int, ...]:
    """The tiles of a mask, in number order."""
    return tuple(t for t in TILES if mask >> t & 1)


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


_PLAY_RE = re.compile(r"([0-9]+)(?:>s([0-9]+))?")
_DESTROY_RE = re.compile(r"s([0-9]+)x([0-9]+)")
_STACK_RE = re.compile(r"s([0-9]+):(.+)")
_ITEM_RE = re.compile(r"([0-9]+)([A-Z])")
_OUT_RE = re.compile(r"out (-|[A-Z](?:,[A-Z])*)")
PLAY_ON, NEW_STACK, DESTROY = 0, 1, 2  # the kinds of move (see Xats.moves_of)
_TO, _WON = "to", "won"   # the fifth field: the colour to move, or the winner of a finished game


class Xats(Game):
    name = "xats"
    title = "XATS"
    option_specs = (Option("players", 2, "2 or 3 players", choice(2, 3), label="Number of players",
                           words=((2, "2 (white and red)"), (3, "3 (white, blue and red)"))),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.n = self.options["players"]
        self.colours = COLOURS[self.n]
        self.letters = tuple(LETTERS[c] for c in self.colours)
        # A move names its tile and stack and nothing else: it means the same in every position of this
        # game (explain() checks it against the position), so the game's states share one origin token
        # and each move is made once, when first listed.
        self.token = object()
        self.listed: dict[tuple[int, int], tuple[Move, ...]] = {}  # see moves_of

    def moves_of(self, kind: int, stack: int, tiles: int) -> list[Move]:
        """The listed moves of each tile of the mask `tiles` (in number order) with `stack`: kind PLAY_ON onto
        it, NEW_STACK as a new stack (stack 0), DESTROY destroying it."""
        row = self.listed.get((kind, stack))
        if row is None:  # this kind of move with this stack, for every tile (by its number)
            row = self.listed[kind, stack] = tuple(
                Play(t, stack) if kind == PLAY_ON else Play(t, None) if kind == NEW_STACK else Destroy(stack, t)
                for t in range(max(TILES) + 1))
            for m in row:
                m.origin = self.token
        return [row[t] for t in mask_tiles(tiles)]

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
    reserves: tuple[tuple[int, ...], ...]      # each player's reserve, in number order
    stack_list: tuple[Stack, ...]              # the stacks in order of creation
    discarded: tuple[tuple[int, int], ...]     # (tile, owner) of the discarded tiles
    next_stack: int                            # the number of the next new stack
    mover: int
    active: tuple[bool, ...]                   # False for a player out of the game
    winner: int | None
    _moves: tuple[Move, ...] | None            # the legal moves, once listed

    @classmethod
    def _make(cls, g: Xats, reserves: tuple[tuple[int, ...], ...], stacks: tuple[Stack, ...],
              discarded: tuple[tuple[int, int], ...], next_stack: int, mover: int,
              active: tuple[bool, ...], winner: int | None = None) -> "XatsState":
        s = cls.__new__(cls)
        s.game = g
        s._token = g.token
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
        return sum([SPIKE_COUNT[top[0]] for _, tiles in self.stack_list if (top := tiles[-1])[1] == player])

    def _stack(self, number: int) -> Stack:
        for st in self.stack_list:
            if st[0] == number:
                return st
        raise KeyError(number)

    def _stack_index(self, number: int) -> int:
        """Where stack `number` is in stack_list."""
        k = 0
        for st in self.stack_list:
            if st[0] == number:
                return k
            k += 1
        raise KeyError(number)

    # ---- moves -----------------------------------------------------------------------------
    def _stackings(self) -> list[Move]:
        """The mover's tiles that can be stacked, stack by stack, each stack's in number order."""
        g, held = self.game, tile_mask(self.reserves[self.mover])
        out: list[Move] = []
        for number, tiles in self.stack_list:
            top, _, rotation, flipped = tiles[-1]
            fit = fitting(top, rotation, flipped) & held
            if fit:
                out += g.moves_of(PLAY_ON, number, fit)
        return out

    def moves(self) -> list[Move]:
        if self._moves is None:
            if self.winner is not None:
                self._moves = ()
            else:
                g = self.game
                held = tile_mask(self.reserves[self.mover])
                plays = self._stackings() or g.moves_of(NEW_STACK, 0, held)
                for number, tiles in self.stack_list:
                    if len(tiles) < len(WITH_SPIKES) and WITH_SPIKES[len(tiles)] & held:
                        plays += g.moves_of(DESTROY, number, WITH_SPIKES[len(tiles)] & held)
                self._moves = tuple(plays)
        return list(self._moves)

    moves.stamps_origin = True  # type: ignore[attr-defined]  # the game's moves carry its token already

    def _parse(self, text: str) -> Move:
        m = _PLAY_RE.fullmatch(text)
        if m:
            tile = self._tile(m.group(1), text)
            return Play(tile, None if m.group(2) is None else self._stack_number(m.group(2), text))
        m = _DESTROY_RE.fullmatch(text)
        if m:
            return Destroy(self._stack_number(m.group(1), text), self._tile(m.group(2), text))
        raise NotationError(f"{text!r} is not XATS notation: a new stack is a tile number like 13, a tile "
                            f"onto a stack is like 7>s2, destroying a stack is like s2x4")

    @staticmethod
    def _tile(digits: str, text: str) -> int:
        tile = read_number(digits, "the tile number", NotationError)
        if tile not in SPIKES:
            raise NotationError(f"there is no tile {tile} in {text!r}: tiles are numbered 1–13")
        return tile

    @staticmethod
    def _stack_number(digits: str, text: str) -> int:
        number = read_number(digits, "the stack number", NotationError)
        if number < 1:
            raise NotationError(f"there is no stack s{number} in {text!r}: stacks are numbered from s1")
        return number

    def _explain(self, move: Move) -> str | None:
        reserve = self.reserves[self.mover]
        name = self.game.colours[self.mover].capitalize()
        if not isinstance(move, (Play, Destroy)):
            return f"{move} is not an XATS move."
        if move.tile not in reserve:
            have = ", ".join(map(str, reserve)) or "none"
            return f"Tile {move.tile} is not in {name}'s tray (it holds {have})."
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
        stacks = self.stack_list
        discarded = self.discarded
        next_stack = self.next_stack
        assert isinstance(move, (Play, Destroy))
        tile = move.tile
        reserves = list(self.reserves)
        reserves[p] = mask_tiles(tile_mask(reserves[p]) & ~(1 << tile))
        if isinstance(move, Destroy):
            k = self._stack_index(move.stack)
            back = [list(r) for r in reserves]
            for t, owner, _, _ in stacks[k][1]:
                back[owner].append(t)
            reserves = [tuple(sorted(r)) for r in back]
            stacks = stacks[:k] + stacks[k + 1:]
            discarded = discarded + ((tile, p),)
        elif move.stack is None:
            stacks = stacks + ((next_stack, ((tile, p, 0, False),)),)
            next_stack += 1
        else:
            k = self._stack_index(move.stack)
            number, tiles = stacks[k]
            top = tiles[-1]
            fit = fit_orientation(tile, top[0], top[2], top[3])
            assert fit is not None  # _explain checked that the tile fits
            stacks = stacks[:k] + ((number, tiles + ((tile, p, fit[0], fit[1]),)),) + stacks[k + 1:]
        s = XatsState._make(g, tuple(reserves), stacks, discarded, next_stack, p, self.active)
        s._after_turn()
        return s

    def _after_turn(self) -> None:
        """The end of the mover's turn: the win check, else a mover left with no tiles loses; then the next player."""
        p = self.mover
        if self.top_spikes(p) == len(self.reserves[p]):
            self.winner = p
            return
        if not self.reserves[p]:
            self._lose(p)
            if self.winner is not None:
                return
        self.mover = next_seat(p, self.game.n, self.active)
        self._start_turn()

    def _start_turn(self) -> None:
        """A player to move with no tiles cannot move: they lose, and the next player still in moves."""
        while self.winner is None and not self.reserves[self.mover]:
            p = self.mover
            self._lose(p)
            self.mover = next_seat(p, self.game.n, self.active)

    def _lose(self, p: int) -> None:
        """Player p is out of the game (their tiles stay where they are); the last player left wins.

        A finished game's mover is its winner, as after a win by the count, so its text reads back."""
        active = list(self.active)
        active[p] = False
        self.active = tuple(active)
        left = [q for q in range(self.game.n) if active[q]]
        if len(left) == 1:
            self.winner = self.mover = left[0]

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        g = self.game
        L = g.letters
        reserves = " ".join(f"{L[p]}:{','.join(map(str, r)) or '-'}" for p, r in enumerate(self.reserves))
        stacks = " ".join(f"s{k}:" + ",".join(f"{t}{L[o]}" for t, o, _, _ in tiles)
                          for k, tiles in self.stack_list) or "-"
        disc = ",".join(f"{t}{L[o]}" for t, o in self.discarded) or "-"
        who = f"{_TO} {L[self.mover]}" if self.winner is None else f"{_WON} {L[self.winner]}"
        text = f"{reserves} | {stacks} | x:{disc} | next {self.next_stack} | {who}"
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
            lines.append(f"  {c:<5} tray {len(self.reserves[p]):2} tiles: "
                         f"{' '.join(map(str, self.reserves[p])) or '-'}; spikes on top {self.top_spikes(p)}{status}")
        if self.discarded:
            lines.append("  discarded: " + " ".join(f"{t}{g.letters[o]}" for t, o in self.discarded))
        return "\n".join(lines)


def _misfit(tile: int, top: Placed) -> str:
    """Why no orientation of `tile` fits on `top`, in a student's words (no edge numbers or turns)."""
    turned = "turned every way and either side up" if tile == FLIPPABLE else "turned every way"
    return f"{turned}, it always has a spike with no spike of tile {top[0]} under it."


def _read_position(g: Xats, text: str) -> XatsState:
    """A position from its text, checked as RULES.md says (PositionError naming the fault)."""
    fields = [f.strip() for f in text.split("|")]
    if not 5 <= len(fields) <= 6:
        raise PositionError("an XATS position has the fields: reserves | stacks | x:discarded | next N | to C "
                            "(or won C) [| out C,...], e.g. 'W:1,2 R:3 | s1:13W | x:- | next 2 | to R'")
    L = g.letters

    def colour(ch: str, where: str) -> int:
        if ch not in L:
            raise PositionError(f"{ch!r} in {where} is not a colour of this game ({', '.join(L)})")
        return L.index(ch)

    def tile(num: str, where: str) -> int:
        t = read_number(num, f"a tile number in {where}", PositionError)
        if t not in SPIKES:
            raise PositionError(f"{num!r} in {where} is not a tile number 1–13")
        return t

    seen: set[tuple[int, int]] = set()

    def once(t: int, p: int) -> None:
        if (t, p) in seen:
            raise PositionError(f"{g.colours[p]}'s tile {t} appears twice; each tile is in one place at most "
                                f"(a reserve, a stack or the discarded tiles)")
        seen.add((t, p))

    reserves: list[list[int]] = [[] for _ in range(g.n)]
    given: set[int] = set()
    for part in fields[0].split():
        c, _, tiles = part.partition(":")
        p = colour(c, "the reserves")
        if p in given:
            raise PositionError(f"{g.colours[p]}'s reserve is given twice")
        given.add(p)
        if tiles != "-":
            for t in (tile(x, "the reserves") for x in tiles.split(",")):
                once(t, p)
                reserves[p].append(t)
    if given != set(range(g.n)):
        raise PositionError(f"give a reserve for every colour: {' '.join(x + ':...' for x in L)}")
    stacks: list[Stack] = []
    if fields[1] != "-":
        for part in fields[1].split():
            m = _STACK_RE.fullmatch(part)
            if not m:
                raise PositionError(f"{part!r} is not a stack: write s<number>:<tile><colour>,... bottom to top")
            number = read_number(m.group(1), "a stack number", PositionError)
            if number < 1:
                raise PositionError(f"{part!r}: stacks are numbered from s1")
            if any(k == number for k, _ in stacks):
                raise PositionError(f"two stacks are named s{number}")
            placed: list[Placed] = []
            for item in m.group(2).split(","):
                im = _ITEM_RE.fullmatch(item)
                if not im:
                    raise PositionError(f"{item!r} in {part} is not a tile with its colour, like 13W")
                t, o = tile(im.group(1), part), colour(im.group(2), part)
                once(t, o)
                if placed:
                    below = placed[-1]
                    fo = fit_orientation(t, below[0], below[2], below[3])
                    if fo is None:
                        raise PositionError(f"in {part}, tile {t} cannot lie on tile {below[0]}")
                    placed.append((t, o, fo[0], fo[1]))
                else:
                    placed.append((t, o, 0, False))
            stacks.append((number, tuple(placed)))
    discarded: list[tuple[int, int]] = []
    if not fields[2].startswith("x:"):
        raise PositionError(f"the third field lists the discarded tiles, like x:4W or x:-, not {fields[2]!r}")
    if fields[2] != "x:-":
        for item in fields[2][2:].split(","):
            im = _ITEM_RE.fullmatch(item)
            if not im:
                raise PositionError(f"{item!r} is not a discarded tile with its colour, like 4W")
            t, o = tile(im.group(1), "the discarded tiles"), colour(im.group(2), "the discarded tiles")
            once(t, o)
            discarded.append((t, o))
    key, _, value = fields[3].partition(" ")
    next_stack = read_number(value.strip(), "'next N'", PositionError) if key == "next" else 0
    highest = max((k for k, _ in stacks), default=0)
    if next_stack < 1 or next_stack <= highest:
        raise PositionError(f"'next N' gives the number of the next new stack, from 1 and above every stack's "
                            f"(here at least {highest + 1}), not {fields[3]!r}")
    said, _, value = fields[4].partition(" ")
    if said not in (_TO, _WON) or len(value.strip()) != 1:
        raise PositionError(f"'to C' gives the colour to move, one letter (or 'won C' the winner of a finished "
                            f"game), not {fields[4]!r}")
    mover = colour(value.strip(), f"{said!r}")
    active = [True] * g.n
    if len(fields) == 6:
        m3 = _OUT_RE.fullmatch(fields[5])
        if not m3:
            raise PositionError(f"the last field lists the players out of the game, like 'out B', not {fields[5]!r}")
        if m3.group(1) != "-":
            for ch in m3.group(1).split(","):
                p = colour(ch, "'out'")
                if not active[p]:
                    raise PositionError(f"{g.colours[p]} is listed twice in 'out'")
                active[p] = False
    s = XatsState._make(g, tuple(tuple(sorted(r)) for r in reserves), tuple(stacks), tuple(discarded),
                        next_stack, mover, tuple(active))
    name = g.colours[mover]
    if said == _WON:
        if not active[mover]:
            raise PositionError(f"{name} is out of the game and cannot have won")
        if sum(active) > 1 and s.top_spikes(mover) != len(s.reserve(mover)):
            raise PositionError(f"{name} has not won: {s.top_spikes(mover)} spikes on top of {name}'s tiles "
                                f"against {len(s.reserve(mover))} tiles in reserve, with other players still in")
        s.winner = mover
        return s
    if sum(active) < 2:
        raise PositionError("at least two players must still be in the game; with one left, the game is over "
                            "and 'won C' names the winner")
    if not active[mover]:
        raise PositionError(f"{name} is out of the game and cannot be to move")
    s._start_turn()  # a player to move with no tiles loses at once
    return s
