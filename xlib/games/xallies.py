"""XAllies (RULES.md section 1): a 3–4 player mancala where black pieces pay only alliances.

A turn is the decision (well, direction), then one decision per drop while the hand holds
several colours; `3+:bb` plays a whole turn at once. After every drop the white-piece rule
and then the black-piece rule (alliance or waste) are checked. When play ends, each white
piece is one shot, drawn from a random stream seeded by (game seed, player).

One rules engine, `_Sowing`, sows and applies the rules after each drop; the public API
(`_Turn` adds notation, the ledger and history) and `fast_playout` (random play without
states, for computer players) both drive it.

Position text (RULES.md): the 12 wells `<well>:<pieces>` (`*` the black piece), then the
optional fields `to <colour>`, `points <n per player>`, `whites <n per player>`,
`supply <n or ->`, `turn <turns done>`, separated by `;`.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from itertools import product
from operator import add, mul
from typing import Any, Callable, Mapping, Optional, Sequence

from ..core import Game, Move, State, ranked_winners
from ..errors import IllegalMove, NotationError, PositionError
from ..options import Option, choice, integer, number
from ..rng import stream
from ..text import is_number, number as read_number

WELLS = 12
LAP = WELLS - 1  # wells a sowing passes on one lap (the origin is skipped)
COLOURS = "bpgy"
COLOUR_NAMES = ("blue", "purple", "green", "grey")
REGIONS = {
    3: ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
    4: ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11)),
}
PLAY, SHOOT, OVER = "play", "shoot", "over"
CLAIM, WASTE = 1, 2  # what the black-piece rule does to a well's black piece
ALLIANCE_POINTS = 3  # what a claimed black piece gives each colour of the alliance
FIELDS = ("to", "points", "whites", "supply", "turn")
_BIT_LENGTH = tuple(k.bit_length() for k in range(2 * WELLS + 1))  # random bits to draw below k


# ---- moves --------------------------------------------------------------------------------

class Sow(Move):
    """Choose a well and a direction (`3+`); with colours (`3+:bb`) it is a whole turn."""

    __slots__ = ("well", "step", "colours")

    def __init__(self, well: int, step: int, colours: str | None = None) -> None:
        text = f"{well}{'+' if step == 1 else '-'}" + ("" if colours is None else f":{colours}")
        super().__init__(text)
        self.well, self.step, self.colours = well, step, colours


class Drop(Move):
    """Drop a piece of this colour next (a decision inside a turn): `b`."""

    __slots__ = ("colour",)

    def __init__(self, colour: int) -> None:
        super().__init__(COLOURS[colour])
        self.colour = colour


class Pass(Move):
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")


class Shot(Move):
    """The result of a real shot, entered by people when shooting='manual': `hit` or `miss`."""

    __slots__ = ("hit",)
    stands = "A shot's outcome stands: it can't be taken back."   # chance drew it, as a die thrown

    def __init__(self, hit: bool) -> None:
        super().__init__("hit" if hit else "miss")
        self.hit = hit


_SOW_RE = re.compile(r"([0-9]+)([+-])(?::([a-z*]*))?")
_WELL_RE = re.compile(r"([0-9]+):([a-z*]*)")


# ---- the ledger ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Claim:
    """A black piece claimed by an alliance: +3 to every player of the coalition."""

    turn: int
    mover: int
    coalition: tuple[int, ...]
    well: int


@dataclass(frozen=True)
class Waste:
    """A black piece removed for nothing: every player's colour was in the well."""

    turn: int
    mover: int
    well: int


@dataclass(frozen=True)
class Crossing:
    """The mover's own colour dropped just past a region boundary (a white piece, if any is left)."""

    turn: int
    mover: int
    well: int


Pick = Callable[[tuple[int, ...]], Optional[tuple[int, int]]]  # wells to sow from -> (well, step), None to pass
Choose = Callable[[tuple[int, ...]], Optional[int]]  # the colours in hand -> the colour to drop, or None to stop
Forced = Callable[[int, int, bool], bool]        # a forced run (colour, drops, one colour left) -> go on?
# the ledger's events so far, each kind in the order they happened: claims, wastes, white pieces taken, denied
Events = tuple[tuple[Claim, ...], tuple[Waste, ...], tuple[Crossing, ...], tuple[Crossing, ...]]
NO_EVENTS: Events = ((), (), (), ())


@dataclass(frozen=True)
class DropSnapshot:
    """The board just after one drop of a sowing (for animating a turn drop by drop)."""

    well: int
    colour: int
    counts: tuple[int, ...]
    black: int
    points: tuple[int, ...]
    whites: tuple[int, ...]
    supply: int | None


@dataclass(frozen=True)
class Playout:
    """The end of a fast playout: the board, points, whites, and each player's expected worth."""

    counts: tuple[int, ...]
    black: int
    points: tuple[int, ...]
    whites: tuple[int, ...]
    supply: int | None
    turn: int
    claims: int
    wastes: int
    values: tuple[float, ...]


@dataclass(frozen=True)
class Ledger:
    """What a classroom measures: each black piece's fate, white pieces, and shots."""

    claimed: tuple[Claim, ...]
    wasted: tuple[Waste, ...]
    unresolved: tuple[int, ...]          # wells whose black piece was left when play ended
    whites_taken: tuple[Crossing, ...]
    denied: tuple[Crossing, ...]         # crossings that found the supply empty
    shots: tuple[tuple[bool, ...], ...]  # per player, each shot's result (random and manual modes)
    hits: tuple[float, ...]              # per player (expected mode: p × whites)


# ---- the game -----------------------------------------------------------------------------

def _check_skill(value: Any, options: Mapping[str, Any]) -> Any:
    n = options["players"]
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise ValueError(f"give one skill or one per player ({n} numbers)")
        return [number(0, 1)(v, options) for v in value]
    return number(0, 1)(value, options)


def exact(value: float) -> Fraction:
    """A skill as the exact decimal it was written as (0.1 is 1/10, not the nearest binary float)."""
    return Fraction(repr(value))


class XAllies(Game):
    name = "xallies"
    title = "XAllies"
    option_specs = (
        Option("players", 3, "3 or 4 players", choice(3, 4), label="Number of players",
               words=((3, "3 (blue, purple and green)"), (4, "4 (blue, purple, green and grey)"))),
        Option("drop_order", "choose", "'choose' each drop's colour, or 'own-first' for a fixed order",
               choice("choose", "own-first"), label="Order of the drops",
               words=(("choose", "the player chooses the colour of each drop"),
                      ("own-first", "the player's own colour first, then the others in turn order"))),
        Option("supply", 12, "white pieces in the supply; None for unlimited", integer(0, allow_none=True),
               label="White pieces in the supply", blank="unlimited"),
        Option("rounds", 120, "play ends after this many rounds at the latest", integer(1),
               label="Play ends after this many rounds at the latest"),
        Option("skill", 0.5, "shooting skill p (chance a shot lands), one number or one per player", _check_skill,
               label="Shooting skill: the chance a shot lands (0 to 1; one number, or one per player)"),
        Option("shooting", "random",
               "'random' shots drawn from the seed, 'expected' scores p × whites, 'manual' enters real shots",
               choice("random", "expected", "manual"), label="How shots are decided",
               words=(("random", "by chance, with the shooting skill"),
                      ("expected", "each white piece simply scores the shooting skill in points, with no shots"),
                      ("manual", "the players really shoot and enter each hit or miss"))),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.n = self.options["players"]
        self.regions = REGIONS[n]
        self.owner = tuple(p for w in range(WELLS) for p, r in enumerate(self.regions) if w in r)
        # first_past[step][w]: w is the first well past a region boundary when travelling by step
        self.first_past = {
            1: tuple(self.owner[w] != self.owner[(w - 1) % WELLS] for w in range(WELLS)),
            -1: tuple(self.owner[w] != self.owner[(w + 1) % WELLS] for w in range(WELLS)),
        }
        skill = self.options["skill"]
        self.skills: tuple[float, ...] = tuple(skill) if isinstance(skill, list) else (skill,) * n
        self.exact_skills = tuple(exact(p) for p in self.skills)
        self.own_first = self.options["drop_order"] == "own-first"
        self.cap = self.options["rounds"] * n  # play ends after this many turns at the latest
        self.pieces = 24 // n  # coloured pieces of each colour: 8 with 3 players, 6 with 4
        # own-first drop order of each mover: own colour, then the others in turn order after them
        self.drop_orders = tuple(tuple((m + k) % n for k in range(n)) for m in range(n))
        self.one_white = tuple(tuple(int(p == m) for p in range(n)) for m in range(n))  # a white piece for m
        self.codes = well_codes(n)
        # A move names its well, colour or shot and nothing else: it means the same in every position of
        # this game, so all the game's states share one origin token and the listed moves carry it.
        self.token = object()
        self.sows = {(w, st): Sow(w, st) for w in range(WELLS) for st in (1, -1)}
        self.drops = tuple(Drop(c) for c in range(n))
        self.pass_move, self.hit, self.miss = Pass(), Shot(True), Shot(False)
        self.no_hits = (Fraction(0),) * n  # hits before play ends, exactly and as numbers
        self.no_hit_floats = (0.0,) * n
        for m in (*self.sows.values(), *self.drops, self.pass_move, self.hit, self.miss):
            m.origin = self.token
        # the wells a sowing from w visits in direction st, the origin skipped on every lap
        self.paths = {(w, st): tuple((w + st * k) % WELLS for k in range(1, WELLS)) for w in range(WELLS)
                      for st in (1, -1)}
        # the same, lap after lap: a sowing taken up anywhere on a lap drops at most every piece of the game
        laps = (LAP + self.pieces * n) // LAP + 1
        self.laps = {key: path * laps for key, path in self.paths.items()}
        # the wells each mover may sow from, by which wells of their region hold a piece (bit k: the region's
        # k-th well), and the moves that makes: each well both ways, or the pass
        self.region_bits = (1 << len(self.regions[0])) - 1
        self.sowable_by = tuple(tuple(tuple(w for k, w in enumerate(r) if held >> k & 1)
                                      for held in range(self.region_bits + 1)) for r in self.regions)
        self.sow_lists = tuple(tuple(tuple(self.sows[w, st] for w in wells for st in (1, -1)) or (self.pass_move,)
                                     for wells in by) for by in self.sowable_by)
        self.drop_lists: dict[int, tuple[Drop, ...]] = {}  # the drops a hand allows, by the hand's number
        codes = self.codes
        # what the rules engine reads, in one piece (see _Sowing.play)
        self.engine = (codes.fate, codes.present, codes.unit, codes.shift, codes.mask, codes.counts, n, self.cap,
                       self.regions, self.own_first, self.sowable_by, self.region_bits, self.laps, self.first_past)

    @property
    def players(self) -> tuple[str, ...]:
        return COLOUR_NAMES[: self.n]

    @property
    def colours(self) -> str:
        return COLOURS[: self.n]

    def _start(self) -> "XAlliesState":
        n = self.n
        counts = [0] * (WELLS * n)
        for p, region in enumerate(self.regions):
            for w in region:
                counts[w * n + p] = 2
        return XAlliesState._make(self, counts=tuple(counts), black=(1 << WELLS) - 1,
                                  points=(0,) * n, whites=(0,) * n, supply=self.options["supply"])

    def _position(self, text: str) -> "XAlliesState":
        return _read_position(self, text)


def black_fate(here: list[int] | tuple[int, ...], n: int) -> int:
    """The black-piece rule for a well holding `here` (pieces per colour): CLAIM, WASTE or 0.

    An alliance: two or more colours, exactly two pieces of each and nothing else. A waste:
    every player's colour is in the well (and it is no alliance)."""
    present = n - here.count(0)
    if present >= 2 and here.count(2) == present:
        return CLAIM
    return WASTE if present == n else 0


class WellCodes:
    """A well's pieces as one number, a few bits per colour, and what the rules read off it, looked up.

    A drop adds its colour's unit to the well's number. The black-piece rule, the number of pieces,
    the colours present and the pieces of each colour are worked out once for every number a well
    (or a hand) can hold, so that sowing does no counting."""

    def __init__(self, n: int, pieces: int) -> None:
        bits = pieces.bit_length()
        self.shift = tuple(bits * c for c in range(n))
        self.unit = tuple(1 << s for s in self.shift)
        self.mask = (1 << bits) - 1
        size = 1 << (bits * n)
        self.fate = [0] * size                                # the black-piece rule for these pieces
        self.total = [0] * size                               # coloured pieces
        self.present: list[tuple[int, ...]] = [()] * size     # the colours among them, in colour order
        self.alliance: list[tuple[int, ...]] = [()] * size    # the points an alliance of them makes, per colour
        self.counts: list[tuple[int, ...]] = [()] * size      # pieces of each colour
        for here in product(range(pieces + 1), repeat=n):
            code = self.code(here)
            self.fate[code] = black_fate(here, n)
            self.total[code] = sum(here)
            self.present[code] = tuple(c for c in range(n) if here[c])
            self.alliance[code] = tuple(ALLIANCE_POINTS if k else 0 for k in here)
            self.counts[code] = here

    def code(self, here: Sequence[int]) -> int:
        """The number of a well holding `here` (pieces per colour)."""
        return sum(k << s for k, s in zip(here, self.shift))

    def board(self, wells: Sequence[int]) -> tuple[int, ...]:
        """The pieces of each colour in each well, well by well (a state's counts)."""
        counts = self.counts
        return tuple(k for code in wells for k in counts[code])


_CODES: dict[int, WellCodes] = {}


def well_codes(n: int) -> WellCodes:
    """The well numbers of an n-player game, worked out once per number of players."""
    codes = _CODES.get(n)
    if codes is None:
        codes = _CODES[n] = WellCodes(n, 24 // n)
    return codes


def sowable(g: XAllies, filled: int, mover: int) -> tuple[int, ...]:
    """The wells of the mover's region that hold a coloured piece (none: the mover passes), `filled` having
    bit w set while well w holds one."""
    return g.sowable_by[mover][filled >> g.regions[mover][0] & g.region_bits]


# ---- the rules engine ---------------------------------------------------------------------

class _Sowing:
    """The one rules engine: a board being played turn by turn, drop by drop, with the rules after each drop.

    Cheap: play() keeps each well's pieces as one number (see WellCodes) in a list, the hand as one
    such number, the wells holding coloured pieces and those holding their black piece as bit masks,
    and builds the position it reaches once, at the end. `log` keeps the ledger's events (the
    public API); fast playouts only count claims and wastes."""

    __slots__ = ("g", "s", "log", "trace", "turn", "mover", "step", "origin", "points", "whites", "supply", "events",
                 "claims", "wastes", "over")

    def __init__(self, s: XAlliesState, log: bool) -> None:
        self.g = s.game
        self.s = s
        self.log = log
        self.claims = self.wastes = 0
        self.trace: list[DropSnapshot] | None = None

    def play(self, pick: Pick | None, choose: Choose | None, check: Forced | None = None, stop: int | None = None,
             draw: Callable[[int], int] | None = None) -> XAlliesState:
        """Play turns from the state given until `stop` turns are done, play ends, or a drop is left to the
        mover to decide; the position reached (its board, points, whites, turn and hand; history and
        notation are the caller's).

        At the start of a turn pick(the wells the mover may sow from) gives (well, direction), or
        None to pass. The mover picks up every coloured piece of the well and drops them one by
        one into the following wells, skipping the origin on a lap; after each drop the white-
        then the black-piece rule. A drop from a hand of several colours is a decision:
        choose(the colours in hand) names it, or None leaves it to the mover and play stops there.
        Other drops are forced (one colour left, or the own-first order): check(colour, how many,
        one colour left), when given, may refuse them, which stops play too.

        In a random game `draw` is a plain random.Random's getrandbits, and each decision is drawn
        here as rng.choice(state.moves()) draws it (pick and choose are not called): bits for the
        number of choices, drawn again until below it."""
        s, g, trace = self.s, self.g, self.trace
        (fates, present_of, unit, shift, mask, counts_of, n, cap, regions, own_first, sowable_by, region_bits,
         all_laps, first_past) = g.engine
        wells = list(s.wells)
        black, filled, turn, mover, hand, j, at = s.black, s.filled, s.turn, s.mover, s.held, s.j, s.at
        self.turn, self.mover, self.step, self.origin = turn, mover, s.step, s.origin
        self.points, self.whites, self.supply, self.events = s.points, s.whites, s.supply, s.events
        laps, crossing = all_laps[s.origin, s.step], first_past[s.step]
        stop = cap if stop is None else stop
        over = False
        while True:
            if hand is None:  # the start of a turn
                if over or turn >= stop:
                    break
                self.turn, self.mover = turn, mover  # for the ledger's events
                sowable = sowable_by[mover][filled >> regions[mover][0] & region_bits]
                if draw is not None:  # each well both ways, or the one pass
                    k = 2 * len(sowable) or 1
                    size = _BIT_LENGTH[k]
                    r = draw(size)
                    while r >= k:
                        r = draw(size)
                    choice = (sowable[r >> 1], -1 if r & 1 else 1) if sowable else None
                else:
                    assert pick is not None
                    choice = pick(sowable)
                if choice is None:  # a pass
                    turn, mover = turn + 1, (mover + 1) % n
                    over = turn >= cap
                    continue
                well, step = choice
                hand = wells[well]
                wells[well] = 0
                filled ^= 1 << well
                laps, crossing = all_laps[well, step], first_past[step]
                j, at = 0, well
                self.step, self.origin = step, well
            while hand:
                present = present_of[hand]
                if own_first or len(present) == 1:
                    c = present[0] if len(present) == 1 else next(x for x in g.drop_orders[mover] if x in present)
                    run = hand >> shift[c] & mask
                    if check is not None and not check(c, run, len(present) == 1):
                        break
                elif draw is not None:
                    k = len(present)
                    size = _BIT_LENGTH[k]
                    r = draw(size)
                    while r >= k:
                        r = draw(size)
                    c, run = present[r], 1
                else:
                    chosen = None if choose is None else choose(present)
                    if chosen is None:
                        break
                    c, run = chosen, 1
                u = unit[c]
                hand -= run * u
                own = c == mover
                while run:
                    run -= 1
                    at = laps[j]
                    j += 1
                    code = wells[at] = wells[at] + u
                    filled |= 1 << at
                    if own and crossing[at]:
                        self._white(at)
                    if black >> at & 1:
                        fate = fates[code]
                        if fate:
                            black ^= 1 << at
                            self._resolve(at, fate, code)
                    if trace is not None:
                        trace.append(DropSnapshot(at, c, g.codes.board(wells), black, self.points, self.whites,
                                                  self.supply))
            if hand:  # a decision is left to the mover (or a forced drop was refused)
                break
            hand = None  # the turn is over: the next player moves
            turn, mover = turn + 1, (mover + 1) % n
            over = black == 0 or turn >= cap
        self.over = over
        after = XAlliesState.__new__(XAlliesState)
        after.wells, after.filled, after.black, after.held = tuple(wells), filled, black, hand
        after.hand = None if hand is None else counts_of[hand]
        after.points, after.whites, after.supply, after.events = self.points, self.whites, self.supply, self.events
        after.turn, after.mover, after.at, after.j, after.step, after.origin = \
            turn, mover, at, j % LAP, self.step, self.origin
        return after

    def _white(self, well: int) -> None:
        """The mover's own colour crossed into the next region: a white piece from the supply, if any."""
        supply = self.supply
        taken = supply is None or supply > 0
        if taken:
            self.whites = tuple(map(add, self.whites, self.g.one_white[self.mover]))
            if supply is not None:
                self.supply = supply - 1
        if self.log:
            claimed, wasted, whites, denied = self.events
            crossing = Crossing(self.turn + 1, self.mover, well)
            self.events = (claimed, wasted, whites + (crossing,), denied) if taken else \
                (claimed, wasted, whites, denied + (crossing,))

    def _resolve(self, well: int, fate: int, code: int) -> None:
        """The black piece of `well` (holding the pieces numbered `code`) went (play() clears it): to the
        alliance (+3 to each of its colours) or wasted."""
        if fate == CLAIM:
            coalition = self.g.codes.present[code]
            self.points = tuple(map(add, self.points, self.g.codes.alliance[code]))
            self.claims += 1
            if self.log:
                claimed, wasted, whites, denied = self.events
                self.events = (claimed + (Claim(self.turn + 1, self.mover, coalition, well),), wasted, whites, denied)
        else:
            self.wastes += 1
            if self.log:
                claimed, wasted, whites, denied = self.events
                self.events = (claimed, wasted + (Waste(self.turn + 1, self.mover, well),), whites, denied)


class XAlliesState(State):
    """A position of XAllies: at the start of a turn, inside a turn (pieces in hand), or after play."""

    __slots__ = ("wells", "filled", "held", "hand", "black", "points", "whites", "supply", "turn", "mover", "at",
                 "step", "origin", "j", "dropped", "phase", "events", "shots", "turn_text", "_counts", "_checked")

    game: XAllies
    wells: tuple[int, ...]           # each well's pieces as one number (see WellCodes)
    filled: int                      # bit w set: well w holds a coloured piece
    held: int | None                 # the pieces in hand as one number, inside a turn
    hand: tuple[int, ...] | None     # pieces in hand by colour, inside a turn
    black: int                       # bit w set: well w still holds its black piece
    points: tuple[int, ...]
    whites: tuple[int, ...]
    supply: int | None               # white pieces left in the supply (None: unlimited)
    turn: int                        # turns completed
    mover: int
    at: int                          # the well of the last drop
    step: int                        # the direction of the sowing, +1 or -1
    origin: int                      # the well sown from
    j: int                           # where the sowing is on its path (the next well's index)
    dropped: str                     # colours dropped so far this turn
    phase: str                       # PLAY, SHOOT or OVER
    events: Events
    shots: tuple[tuple[bool, ...], ...]
    turn_text: str | None            # the whole-turn notation of the turn that just ended here
    _counts: tuple[int, ...]         # counts, once asked for
    _checked: tuple[Sow, "_Turn"] | None  # a whole turn explain() played, kept for play() to finish

    @classmethod
    def _make(cls, game: XAllies, **fields: Any) -> "XAlliesState":
        s = cls.__new__(cls)
        s.game = game
        s._token = game.token
        n = game.n
        counts = fields["counts"]
        s.wells = tuple(game.codes.code(counts[w * n:(w + 1) * n]) for w in range(WELLS))
        s.filled = sum(1 << w for w in range(WELLS) if s.wells[w])
        s.black = fields["black"]
        s.points, s.whites, s.supply = fields["points"], fields["whites"], fields["supply"]
        s.turn = fields.get("turn", 0)
        s.mover = fields.get("mover", 0)
        s.hand = s.held = None
        s.at = s.origin = s.j = 0
        s.step = 1
        s.dropped = ""
        s.phase = PLAY
        s.events = NO_EVENTS
        s.shots = ((),) * n
        s.turn_text = None
        return s

    @property
    def counts(self) -> tuple[int, ...]:
        """Pieces of each colour in each well: counts[well * players + colour]."""
        try:
            return self._counts
        except AttributeError:
            self._counts = self.game.codes.board(self.wells)
            return self._counts

    @property
    def totals(self) -> tuple[int, ...]:
        """Coloured pieces in each well."""
        total = self.game.codes.total
        return tuple(total[code] for code in self.wells)

    # ---- reading the position ----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == SHOOT:
            return next(p for p in range(self.game.n) if len(self.shots[p]) < self.whites[p])
        return self.mover

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def in_turn(self) -> bool:
        """True while the mover holds pieces and must choose the colour to drop next."""
        return self.hand is not None

    def well(self, w: int) -> tuple[tuple[int, ...], bool]:
        """(pieces of each player's colour, whether the black piece is still there) in well w."""
        return self.game.codes.counts[self.wells[w]], bool(self.black >> w & 1)

    @property
    def black_left(self) -> int:
        return bin(self.black).count("1")

    @property
    def round(self) -> int:
        """The round being played, counted from 1."""
        return self.turn // self.game.n + 1

    @property
    def exact_hits(self) -> tuple[Fraction, ...]:
        """Hits per player, exactly: shots that landed, or in the expected mode p × whites as a fraction."""
        g = self.game
        if self.phase == PLAY:
            return g.no_hits  # no shot is taken before play ends
        if self.phase == OVER and g.options["shooting"] == "expected":
            return tuple(g.exact_skills[p] * self.whites[p] for p in range(g.n))
        return tuple(Fraction(sum(s)) for s in self.shots)

    @property
    def exact_scores(self) -> tuple[Fraction, ...]:
        """Points plus hits, exactly: the winners are those with the highest, a tie is a shared win."""
        return tuple(a + b for a, b in zip(self.points, self.exact_hits))

    @property
    def hits(self) -> tuple[float, ...]:
        return tuple(float(h) for h in self.exact_hits)

    @property
    def scores(self) -> tuple[float, ...]:
        """Points plus hits, as numbers to show; compared exactly (exact_scores) to find the winners."""
        return tuple(float(v) for v in self.exact_scores)

    @property
    def winners(self) -> tuple[int, ...]:
        return ranked_winners(self.exact_scores) if self.phase == OVER else ()

    def values(self) -> tuple[float, ...]:
        """Points plus the expected worth of the white pieces (skill × whites), never the drawn shots."""
        return tuple(map(add, self.points, map(mul, self.game.skills, self.whites)))

    @property
    def ledger(self) -> Ledger:
        claimed, wasted, taken, denied = self.events
        if self.phase == PLAY:
            return Ledger(claimed, wasted, (), taken, denied, self.shots, self.game.no_hit_floats)
        unresolved = tuple(w for w in range(WELLS) if self.black >> w & 1)
        return Ledger(claimed, wasted, unresolved, taken, denied, self.shots, self.hits)

    def turns(self) -> list[str]:
        """Every completed turn of the game so far in whole-turn notation (`3+:bb`, `pass`)."""
        return [s.turn_text for s in self.history() if isinstance(s, XAlliesState) and s.turn_text is not None]

    # ---- moves -----------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        g = self.game
        if self.phase == OVER:
            return []
        if self.phase == SHOOT:
            return [g.hit, g.miss]
        held = self.held
        if held is not None:
            drops = g.drop_lists.get(held)
            if drops is None:
                drops = g.drop_lists[held] = tuple(g.drops[c] for c in g.codes.present[held])
            return list(drops)
        mover = self.mover
        return list(g.sow_lists[mover][self.filled >> g.regions[mover][0] & g.region_bits])

    moves.stamps_origin = True  # type: ignore[attr-defined]  # the game's moves carry its token already

    def _parse(self, text: str) -> Move:
        g = self.game
        if text == "pass":
            return g.pass_move
        if text in ("hit", "miss"):
            return g.hit if text == "hit" else g.miss
        if len(text) == 1 and text.isalpha():
            return g.drops[_colour(g, text, text)]
        m = _SOW_RE.fullmatch(text)
        if not m:
            raise NotationError(
                f"{text!r} is not an XAllies move: a sowing is a well number and a direction, + (clockwise) or "
                f"- (counter-clockwise), like 3+, and may list its drops' colours, like 3+:bb; a drop is one "
                f"colour letter ({', '.join(g.colours)}); or pass.")
        well = read_number(m.group(1), "a well", NotationError)
        if well >= WELLS:
            raise NotationError(f"there is no well {well} in {text!r}: wells are numbered 0–11")
        colours = m.group(3)
        if colours is not None:
            for ch in colours:
                _colour(g, ch, text)
        return Sow(well, 1 if m.group(2) == "+" else -1, colours)

    def _explain(self, move: Move) -> str | None:
        g = self.game
        if self.phase == SHOOT:
            if isinstance(move, Shot):
                return None
            return f"Play is over: {g.players[self.to_move or 0]} now enters the result of a shot (hit or miss)."
        if isinstance(move, Shot):
            return "Shots are entered only after play ends, and only when shooting='manual'."
        hand = self.hand
        if hand is not None:
            if isinstance(move, Drop):
                if move.colour < g.n and hand[move.colour]:
                    return None
                return f"The hand holds no {COLOUR_NAMES[move.colour]} piece (it holds {self._held_text()})."
            return f"Finish the sowing first: choose the colour to drop next ({self._held_text()})."
        if isinstance(move, Sow):
            if g.owner[move.well] != self.mover:
                region = g.regions[self.mover]
                return (f"Well {move.well} is in {g.players[g.owner[move.well]]}'s region; "
                        f"{g.players[self.mover]} sows only from wells {region[0]}–{region[-1]}.")
            if not self.wells[move.well]:
                return f"Well {move.well} holds no coloured piece to sow (black pieces never move)."
            if move.colours is not None:
                turn = _Turn(self).sow_move(move)
                self._checked = (move, turn)  # play() finishes this very turn rather than sowing it again
                return turn.problem
            return None
        if isinstance(move, Drop):
            return "No piece is in hand: first choose a well and a direction, for example 3+."
        if isinstance(move, Pass):
            if sowable(g, self.filled, self.mover):
                name = g.players[self.mover].capitalize()
                return f"{name} may pass only when no well of their region holds a coloured piece."
            return None
        return f"{move} is not an XAllies move."

    def _held_text(self) -> str:
        """The colours in hand, as explain() lists them: "b, g"."""
        return ", ".join(COLOURS[c] for c in range(self.game.n) if (self.hand or ())[c])

    def _apply(self, move: Move) -> "XAlliesState":
        if isinstance(move, Drop):
            turn = _Turn(self)
            turn.drop_move(move.colour)
        elif isinstance(move, Sow):
            checked = getattr(self, "_checked", None) if move.colours is not None else None
            if checked is not None and checked[0] is move:
                turn = checked[1]
                self._checked = None  # the turn refers to this state: let go of it
            else:
                turn = _Turn(self).sow_move(move)
        elif isinstance(move, Pass):
            turn = _Turn(self)
            turn.pass_turn()
        else:
            assert isinstance(move, Shot)
            return self._shoot(move.hit)
        return turn.finish()

    def fast_playout(self, rng: Any, limit: int | None = None) -> Playout:
        """Play random decisions to the end of play (or `limit` turns) without building states.

        The rules engine is the public API's own (`_Sowing`); each decision is drawn as
        rng.choice(state.moves()) would draw it, so the same random stream gives the same game
        as the public API. Only the end differs: no shots, the result carries points and whites,
        and values as expected worth."""
        if self.hand is not None or self.phase != PLAY:
            raise ValueError("a fast playout starts at the start of a turn during play")
        g = self.game
        b = _Sowing(self, log=False)
        stop = None if limit is None else self.turn + limit
        if getattr(type(rng), "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0):
            end = b.play(None, None, stop=stop, draw=rng.getrandbits)  # rng.choice's own draw, in the engine
        else:
            randbelow = rng._randbelow

            def pick(wells: tuple[int, ...]) -> tuple[int, int] | None:
                if not wells:
                    randbelow(1)  # a pass: rng.choice([pass]) draws too
                    return None
                k = randbelow(2 * len(wells))
                return wells[k >> 1], -1 if k & 1 else 1

            def choose(present: tuple[int, ...]) -> int:
                return present[randbelow(len(present))]

            end = b.play(pick, choose, stop=stop)
        points, whites = end.points, end.whites
        return Playout(g.codes.board(end.wells), end.black, points, whites, end.supply, end.turn, b.claims, b.wastes,
                       tuple(map(add, points, map(mul, g.skills, whites))))

    def sowing(self, move: Move | str) -> list[DropSnapshot]:
        """The drops that `move` makes here, one snapshot per drop, in order (empty for a pass or a shot)."""
        m = self._coerce(move)
        reason = self.explain(m)
        if reason is not None:
            raise IllegalMove(str(m), reason)
        turn = _Turn(self)
        trace: list[DropSnapshot] = []
        turn.trace = trace
        if isinstance(m, Drop):
            turn.drop_move(m.colour)
        elif isinstance(m, Sow):
            turn.sow_move(m)
        return trace

    def _shoot(self, hit: bool) -> "XAlliesState":
        p = self.to_move
        s = self._copy()
        s.shots = tuple(sh + (hit,) if i == p else sh for i, sh in enumerate(self.shots))
        if all(len(s.shots[i]) == s.whites[i] for i in range(self.game.n)):
            s.phase = OVER
        return s

    def _copy(self) -> "XAlliesState":
        s = XAlliesState.__new__(XAlliesState)
        s.game = self.game
        s._token = self.game.token
        for f in XAlliesState.__slots__:
            if not f.startswith("_"):  # what a state caches stays with it
                setattr(s, f, getattr(self, f))
        s.turn_text = None
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        if self.hand is not None or self.phase != PLAY:
            raise PositionError("a position text describes the start of a turn during play; "
                                + ("this is inside a turn" if self.hand is not None else "play is over"))
        g = self.game
        wells = " ".join(f"{w}:{_well_text(g, *self.well(w))}" for w in range(WELLS))
        supply = "-" if self.supply is None else str(self.supply)
        return (f"{wells} ; to {COLOURS[self.mover]} ; points {' '.join(map(str, self.points))} ; "
                f"whites {' '.join(map(str, self.whites))} ; supply {supply} ; turn {self.turn}")

    def __str__(self) -> str:
        g = self.game
        if self.phase == OVER:
            head = "play is over"
        elif self.phase == SHOOT:
            head = f"shooting: {g.players[self.to_move or 0]} shoots"
        else:
            head = f"{g.players[self.mover]} to move"
        lines = [f"XAllies, {g.n} players, turn {self.turn + 1 if self.phase == PLAY else self.turn}, "
                 f"round {min(self.round, g.options['rounds'])}: {head}"]
        for w in range(WELLS):
            mark = "  <- last drop" if self.hand is not None and w == self.at and self.dropped else ""
            origin = "  (sown from here)" if self.hand is not None and w == self.origin else ""
            lines.append(f"  well {w:2} {g.players[g.owner[w]]:<7} {_well_text(g, *self.well(w)) or '-'}{origin}{mark}")
        if self.hand is not None:
            held = "".join(COLOURS[c] * k for c, k in enumerate(self.hand))
            lines.append(f"  in hand: {held}  (sowing {self.origin}{'+' if self.step == 1 else '-'}, "
                         f"dropped so far: {self.dropped or 'none'})")
        for p, name in enumerate(g.players):
            extra = ""
            if self.phase != PLAY or any(self.shots):
                extra = f", hits {self.hits[p]:g}, score {self.scores[p]:g}"
            lines.append(f"  {name:<7} points {self.points[p]:2}, white pieces {self.whites[p]}{extra}")
        supply = "unlimited" if self.supply is None else str(self.supply)
        lines.append(f"  supply: {supply} white pieces; black pieces on the board: {self.black_left}")
        if self.phase == OVER:
            lines.append("  winner: " + " and ".join(g.players[p] for p in self.winners))
        return "\n".join(lines)


class _Turn(_Sowing):
    """The public API's turn: the rules engine plus whole-turn notation, the ledger and the next state."""

    __slots__ = ("after", "problem", "turn_text", "dropped", "letters", "decided")

    def __init__(self, s: XAlliesState) -> None:
        _Sowing.__init__(self, s, True)
        self.dropped = s.dropped
        self.problem: str | None = None
        self.turn_text: str | None = None
        self.letters: str | None = None

    @property
    def sow_text(self) -> str:
        """The first decision of the turn in notation: the well and the direction, like 3+."""
        return f"{self.origin}{'+' if self.step == 1 else '-'}"

    def sow_move(self, move: Sow) -> "_Turn":
        """Pick up and sow: to the first decision, or the whole turn when the move lists its colours."""
        self.dropped = ""
        self.letters = move.colours
        after = self.after = self.play(lambda wells: (move.well, move.step),
                                       None if move.colours is None else self._listed, self._forced, self.s.turn + 1)
        if move.colours is not None and self.problem is None:
            drops = len(self.dropped) + (0 if after.held is None else self.g.codes.total[after.held])
            if len(move.colours) != drops:
                self.problem = (f"{self.sow_text}:{move.colours} lists {len(move.colours)} drops, but this turn "
                                f"drops {drops} pieces.")
        return self

    def drop_move(self, colour: int) -> None:
        """The mover's decision: drop `colour` next, then sow on to the next decision."""
        self.decided: int | None = colour
        self.after = self.play(_no_pick, self._decided, self._forced, self.s.turn + 1)

    def _decided(self, present: tuple[int, ...]) -> int | None:
        """The mover's decision the first time, then none: the next one is left to the mover."""
        colour = self.decided
        if colour is not None:
            self.decided = None
            self.dropped += COLOURS[colour]
        return colour

    def pass_turn(self) -> None:
        """The mover has no well to sow from, and passes."""
        self.turn_text = "pass"
        self.after = self.play(lambda wells: None, None, None, self.s.turn + 1)

    def _forced(self, colour: int, run: int, alone: bool) -> bool:
        """A forced run of drops: noted in the turn's notation, checked against the colours a move lists."""
        letters = self.letters
        if letters is not None:
            k = len(self.dropped)
            for i in range(run):
                if k + i >= len(letters):
                    return False
                if letters[k + i] != COLOURS[colour]:
                    why = f"only {COLOUR_NAMES[colour]} is left in hand" if alone else "with drop order own-first"
                    self.problem = (f"Drop {k + i + 1} of {self.sow_text}:{letters} must be "
                                    f"{COLOURS[colour]} ({why}).")
                    return False
        self.dropped += COLOURS[colour] * run
        return True

    def _listed(self, present: tuple[int, ...]) -> int | None:
        """A decision taken from the colours the move lists (a whole turn like 3+:pbp)."""
        letters, k = self.letters or "", len(self.dropped)
        if k >= len(letters):
            return None
        colour = COLOURS.index(letters[k])
        if colour not in present:
            held = ", ".join(COLOURS[c] for c in present)
            self.problem = (f"Drop {k + 1} of {self.sow_text}:{letters} is {letters[k]}, but the hand holds "
                            f"no {COLOUR_NAMES[colour]} piece then (it holds {held}).")
            return None
        self.dropped += letters[k]
        return colour

    def finish(self) -> XAlliesState:
        """The next state: inside the turn while a decision is left, else the next player's turn."""
        s, g = self.after, self.g
        s.game = g
        s._token = g.token
        s.shots, s.phase, s.dropped = self.s.shots, PLAY, self.dropped
        s.turn_text = None if s.held is not None else self.turn_text or f"{self.sow_text}:{self.dropped}"
        if self.over:
            _end_play(s, self.s.seed)
        return s


def _no_pick(wells: tuple[int, ...]) -> tuple[int, int] | None:
    raise AssertionError("a drop decision continues a turn: there is no well to pick")


def _end_play(s: XAlliesState, seed: int) -> None:
    """Play is over: resolve the shots as the shooting option says (streams seeded by seed, player)."""
    g = s.game
    mode = g.options["shooting"]
    whites = s.whites
    if mode == "random":
        s.shots = tuple(_shots(seed, p, whites[p], g.skills[p]) for p in range(g.n))
    s.phase = SHOOT if mode == "manual" and any(whites) else OVER


@lru_cache(maxsize=256)
def _shots(seed: int, player: int, whites: int, skill: float) -> tuple[bool, ...]:
    """The random shots of `player` with this many white pieces (a stream seeded by seed and player), worked
    out once: every move that ends play in a game ends it with the same seed."""
    if not whites:
        return ()
    rng = stream(seed, "xallies-shots", player)
    return tuple(rng.random() < skill for _ in range(whites))


def _colour(g: XAllies, ch: str, text: str) -> int:
    if ch not in COLOURS:
        raise NotationError(f"{ch!r} in {text!r} is not a colour letter; colours: {', '.join(g.colours)}")
    c = COLOURS.index(ch)
    if c >= g.n:
        raise NotationError(f"{ch!r} is {COLOUR_NAMES[c]}, which does not play in a {g.n}-player game")
    return c


def _well_text(g: XAllies, counts: tuple[int, ...], black: bool) -> str:
    return "".join(COLOURS[c] * k for c, k in enumerate(counts)) + ("*" if black else "")


def _read_position(g: XAllies, text: str) -> XAlliesState:
    """A start-of-turn position from its text, checked as RULES.md says (PositionError naming the fault)."""
    n = g.n
    wells_text, *rest = text.split(";")
    counts = [0] * (WELLS * n)
    black = 0
    seen: set[int] = set()
    for tok in wells_text.split():
        m = _WELL_RE.fullmatch(tok)
        if not m:
            raise PositionError(f"{tok!r} is not a well: write <well>:<pieces>, like 3:bb*")
        w = read_number(m.group(1), "a well number", PositionError)
        if w >= WELLS:
            raise PositionError(f"well {w} is not a well: wells are numbered 0–11")
        if w in seen:
            raise PositionError(f"well {w} is listed twice")
        seen.add(w)
        for ch in m.group(2):
            if ch == "*":
                if black >> w & 1:
                    raise PositionError(f"well {w} has two black pieces; a well holds at most one")
                black |= 1 << w
            else:
                try:
                    counts[w * n + _colour(g, ch, tok)] += 1
                except NotationError as exc:
                    raise PositionError(str(exc)) from None
    if len(seen) != WELLS:
        missing = sorted(set(range(WELLS)) - seen)
        raise PositionError(f"the position lists no well {missing[0]}: give all 12 wells, 0–11")
    for c in range(n):
        have = sum(counts[w * n + c] for w in range(WELLS))
        if have != g.pieces:
            raise PositionError(f"the position has {have} {COLOUR_NAMES[c]} pieces; coloured pieces never leave "
                                f"the board, so a {n}-player game always has {g.pieces} of each colour")
    for w in range(WELLS):
        fate = black_fate(counts[w * n:(w + 1) * n], n) if black >> w & 1 else 0
        if fate == CLAIM:
            raise PositionError(f"well {w} still has its black piece, but its pieces make an alliance "
                                f"(exactly two of each colour in it), which would already have claimed it")
        if fate == WASTE:
            raise PositionError(f"well {w} still has its black piece, but every player's colour is in it, "
                                f"so it would already have been wasted")
    if black == 0:
        raise PositionError("the position has no black piece left, so play would already be over")
    values: dict[str, str] = {}
    for f in rest:
        key, _, value = f.strip().partition(" ")
        if key not in FIELDS:
            raise PositionError(f"{f.strip()!r} is not a position field; fields: {', '.join(FIELDS)}")
        if key in values:
            raise PositionError(f"the field {key!r} is given twice")
        values[key] = value.strip()

    def numbers(key: str) -> tuple[int, ...]:
        if key not in values:
            return (0,) * n
        parts = values[key].split()
        if len(parts) != n or not all(is_number(p) for p in parts):
            raise PositionError(f"{key} needs {n} whole numbers (digits 0-9), one per player, not {values[key]!r}")
        return tuple(read_number(p, key, PositionError) for p in parts)

    mover = 0
    if "to" in values:
        letter = values["to"]
        if len(letter) != 1:
            raise PositionError(f"'to' takes one colour letter, not {letter!r}")
        try:
            mover = _colour(g, letter, letter)
        except NotationError as exc:
            raise PositionError(str(exc)) from None
    supply: int | None = g.options["supply"]
    if "supply" in values:
        v = values["supply"]
        supply = None if v == "-" else read_number(v, "supply (a whole number or -)", PositionError)
    turn = mover  # turns completed: by default the first round, with `to` to move
    if "turn" in values:
        turn = read_number(values["turn"], "turn", PositionError)
        if turn % n != mover:
            raise PositionError(f"after {turn} turns it is {g.players[turn % n]}'s move, not "
                                f"{g.players[mover]}'s: turns go round in seat order from blue")
    if turn >= g.cap:
        raise PositionError(f"turn {turn} is past the round cap ({g.options['rounds']} rounds)")
    return XAlliesState._make(g, counts=tuple(counts), black=black, points=numbers("points"),
                              whites=numbers("whites"), supply=supply, turn=turn, mover=mover)
