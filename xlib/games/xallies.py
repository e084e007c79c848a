"""XAllies (RULES.md section 1): a 3–4 player mancala where black pieces pay only alliances.

A turn is the decision (well, direction), then one decision per drop while the hand holds
several colours; `3+:bb` plays a whole turn at once. After every drop the white-piece rule
and then the black-piece rule (alliance or waste) are checked. When play ends, each white
piece is one shot, drawn from a random stream seeded by (game seed, player).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..core import Game, Move, State, next_seat, ranked_winners
from ..errors import NotationError, PositionError
from ..options import Option, choice, integer, number
from ..rng import stream

WELLS = 12
COLOURS = "bpgy"
COLOUR_NAMES = ("blue", "purple", "green", "grey")
REGIONS = {
    3: ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
    4: ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11)),
}
PLAY, SHOOT, OVER = "play", "shoot", "over"


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

    def __init__(self, hit: bool) -> None:
        super().__init__("hit" if hit else "miss")
        self.hit = hit


PASS = Pass()
HIT, MISS = Shot(True), Shot(False)
DROPS = tuple(Drop(c) for c in range(4))
_SOW_RE = re.compile(r"^(\d+)([+-])(?::([a-z*]*))?$")


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


class XAllies(Game):
    name = "xallies"
    title = "XAllies"
    option_specs = (
        Option("players", 3, "3 or 4 players", choice(3, 4)),
        Option("drop_order", "choose", "'choose' each drop's colour, or 'own-first' for a fixed order",
               choice("choose", "own-first")),
        Option("supply", 12, "white pieces in the supply; None for unlimited", integer(0, allow_none=True)),
        Option("rounds", 120, "play ends after this many rounds at the latest", integer(1)),
        Option("skill", 0.5, "shooting skill p (chance a shot lands), one number or one per player", _check_skill),
        Option("shooting", "random",
               "'random' shots drawn from the seed, 'expected' scores p × whites, 'manual' enters real shots",
               choice("random", "expected", "manual")),
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
        self.skills = tuple(skill) if isinstance(skill, list) else (skill,) * n
        self.own_first = self.options["drop_order"] == "own-first"
        # own-first drop order of each mover: own colour, then the others in turn order after them
        self.drop_orders = tuple(tuple((m + k) % n for k in range(n)) for m in range(n))
        self.sows = {(w, st): Sow(w, st) for w in range(WELLS) for st in (1, -1)}
        self.paths = {(w, st): tuple((w + st * k) % WELLS for k in range(1, WELLS)) for w in range(WELLS)
                      for st in (1, -1)}

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


class XAlliesState(State):
    """A position of XAllies: at the start of a turn, inside a turn (pieces in hand), or after play."""

    __slots__ = ("counts", "black", "points", "whites", "supply", "turn", "mover", "hand", "at",
                 "step", "origin", "dropped", "phase", "events", "shots", "turn_text")

    game: XAllies

    @classmethod
    def _make(cls, game: XAllies, **fields: Any) -> "XAlliesState":
        s = cls.__new__(cls)
        s.game = game
        s.counts, s.black = fields["counts"], fields["black"]
        s.points, s.whites, s.supply = fields["points"], fields["whites"], fields["supply"]
        s.turn = fields.get("turn", 0)
        s.mover = fields.get("mover", 0)
        s.hand = None
        s.at = s.step = s.origin = 0
        s.dropped = ""
        s.phase = PLAY
        s.events = None
        s.shots = ((),) * game.n
        s.turn_text = None
        return s

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
        n = self.game.n
        return self.counts[w * n:(w + 1) * n], bool(self.black >> w & 1)

    @property
    def black_left(self) -> int:
        return bin(self.black).count("1")

    @property
    def round(self) -> int:
        """The round being played, counted from 1."""
        return self.turn // self.game.n + 1

    @property
    def hits(self) -> tuple[float, ...]:
        g = self.game
        if self.phase == OVER and g.options["shooting"] == "expected":
            return tuple(g.skills[p] * self.whites[p] for p in range(g.n))
        return tuple(sum(s) for s in self.shots)

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(a + b for a, b in zip(self.points, self.hits))

    @property
    def winners(self) -> tuple[int, ...]:
        return ranked_winners(self.scores) if self.phase == OVER else ()

    def values(self) -> tuple[float, ...]:
        """Points plus the expected worth of the white pieces (skill × whites), never the drawn shots."""
        g = self.game
        return tuple(self.points[p] + g.skills[p] * self.whites[p] for p in range(g.n))

    @property
    def ledger(self) -> Ledger:
        events: list[tuple] = []
        node = self.events
        while node is not None:
            events.append(node[0])
            node = node[1]
        events.reverse()
        by_kind: dict[str, list] = {"claim": [], "waste": [], "white": [], "denied": []}
        for kind, item in events:
            by_kind[kind].append(item)
        unresolved = tuple(w for w in range(WELLS) if self.black >> w & 1) if self.phase != PLAY else ()
        return Ledger(tuple(by_kind["claim"]), tuple(by_kind["waste"]), unresolved,
                      tuple(by_kind["white"]), tuple(by_kind["denied"]), self.shots, self.hits)

    def turns(self) -> list[str]:
        """Every completed turn of the game so far in whole-turn notation (`3+:bb`, `pass`)."""
        return [s.turn_text for s in self.history() if s.turn_text is not None]  # type: ignore[attr-defined]

    # ---- moves -----------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        g = self.game
        if self.phase == OVER:
            return []
        if self.phase == SHOOT:
            return [HIT, MISS]
        if self.hand is not None:
            return [DROPS[c] for c in range(g.n) if self.hand[c]]
        n, counts = g.n, self.counts
        out: list[Move] = []
        for w in g.regions[self.mover]:
            if any(counts[w * n:(w + 1) * n]):
                out.append(g.sows[w, 1])
                out.append(g.sows[w, -1])
        return out or [PASS]

    def _parse(self, text: str) -> Move:
        g = self.game
        if text == "pass":
            return PASS
        if text in ("hit", "miss"):
            return HIT if text == "hit" else MISS
        if len(text) == 1 and text.isalpha():
            return DROPS[_colour(g, text, text)]
        m = _SOW_RE.match(text)
        if not m:
            raise NotationError(
                f"{text!r} is not XAllies notation: a turn is <well><+|->[:colours] like 3+ or 3+:bb, "
                f"a drop is one colour letter ({', '.join(g.colours)}), or pass")
        well = int(m.group(1))
        if well >= WELLS:
            raise NotationError(f"there is no well {well} in {text!r}: wells are numbered 0–11")
        colours = m.group(3)
        if colours is not None:
            for ch in colours:
                _colour(g, ch, text)
        return Sow(well, 1 if m.group(2) == "+" else -1, colours)

    def _explain(self, move: Move) -> str | None:
        g = self.game
        name = g.players[self.mover] if self.phase == PLAY else ""
        if self.phase == SHOOT:
            if isinstance(move, Shot):
                return None
            return f"Play is over: {g.players[self.to_move]} now enters the result of a shot (hit or miss)."
        if isinstance(move, Shot):
            return "Shots are entered only after play ends, and only when shooting='manual'."
        if self.hand is not None:
            held = ", ".join(COLOURS[c] for c in range(g.n) if self.hand[c])
            if isinstance(move, Drop):
                if move.colour >= g.n or not self.hand[move.colour]:
                    return f"The hand holds no {COLOUR_NAMES[move.colour]} piece (it holds {held})."
                return None
            return f"Finish the sowing first: choose the colour to drop next ({held})."
        if isinstance(move, Drop):
            return "No piece is in hand: first choose a well and a direction, for example 3+."
        if isinstance(move, Pass):
            if self.moves()[0] is not PASS:
                return f"{name} may pass only when no well of their region holds a coloured piece."
            return None
        if isinstance(move, Sow):
            region = g.regions[self.mover]
            if move.well not in region:
                return (f"Well {move.well} is in {g.players[g.owner[move.well]]}'s region; "
                        f"{name} sows only from wells {region[0]}–{region[-1]}.")
            if not any(self.well(move.well)[0]):
                return f"Well {move.well} holds no coloured piece to sow (black pieces never move)."
            if move.colours is not None:
                return _Turn(self).sow(move).problem
            return None
        return f"{move} is not an XAllies move."

    def _apply(self, move: Move) -> "XAlliesState":
        if isinstance(move, Shot):
            return self._shoot(move.hit)
        turn = _Turn(self)
        if isinstance(move, Pass):
            turn.turn_text = "pass"
            return turn.finish()
        if isinstance(move, Drop):
            turn.drop(move.colour)
            turn.run(None)
            return turn.finish()
        turn.sow(move)  # type: ignore[arg-type]
        return turn.finish()

    def fast_playout(self, rng: Any, limit: int | None = None) -> "Playout":
        """Play random decisions to the end of play (or `limit` turns) without building states.

        Each decision is drawn as rng.choice(state.moves()) would draw it, so the same random
        stream gives the same game as the public API; only the end of play differs (no shots:
        the result carries points and whites, and values() as expected worth)."""
        if self.hand is not None or self.phase != PLAY:
            raise ValueError("a fast playout starts at the start of a turn during play")
        g = self.game
        n, own_first, regions, first_past = g.n, g.own_first, g.regions, g.first_past
        randbelow = rng._randbelow
        counts = list(self.counts)
        totals = [sum(counts[w * n:(w + 1) * n]) for w in range(WELLS)]
        black, supply, turn, mover = self.black, self.supply, self.turn, self.mover
        points, whites = list(self.points), list(self.whites)
        cap = g.options["rounds"] * n
        stop = cap if limit is None else min(cap, turn + limit)
        claims = wastes = 0
        colours = range(n)
        drop_orders = g.drop_orders
        every = list(colours)
        paths = g.paths
        while black and turn < stop:
            options = [w for w in regions[mover] if totals[w]]
            if not options:
                randbelow(1)  # a pass: rng.choice([pass]) draws too
                turn += 1
                mover = (mover + 1) % n
                continue
            k = randbelow(2 * len(options))
            origin, step = options[k >> 1], (1 if k & 1 == 0 else -1)
            base = origin * n
            hand = counts[base:base + n]
            counts[base:base + n] = [0] * n
            totals[origin] = 0
            left = sum(hand)
            kinds = n - hand.count(0)
            order = drop_orders[mover]
            crossing = first_past[step]
            path = paths[origin, step]  # the wells a sowing from origin visits, the origin skipped
            j = 0
            while left:
                if own_first:  # the fixed order empties one colour before the next
                    c = next(c for c in order if hand[c])
                    run = hand[c]
                elif kinds == 1:  # one colour left: the rest drops without a decision
                    c = hand.index(left)
                    run = left
                else:
                    present = every if kinds == n else [c for c in colours if hand[c]]
                    c = present[randbelow(len(present))]
                    run = 1
                hand[c] -= run
                left -= run
                if not hand[c]:
                    kinds -= 1
                for _ in range(run):
                    at = path[j]
                    j = j + 1 if j < WELLS - 2 else 0
                    i = at * n
                    counts[i + c] += 1
                    totals[at] += 1
                    if c == mover and crossing[at] and (supply is None or supply > 0):
                        whites[mover] += 1
                        if supply is not None:
                            supply -= 1
                    if black >> at & 1:
                        here = counts[i:i + n]
                        present_n = n - here.count(0)
                        if present_n >= 2 and here.count(2) == present_n:
                            black &= ~(1 << at)
                            claims += 1
                            for x in colours:
                                if here[x]:
                                    points[x] += 3
                        elif present_n == n:
                            black &= ~(1 << at)
                            wastes += 1
            turn += 1
            mover = (mover + 1) % n
        return Playout(tuple(counts), black, tuple(points), tuple(whites), supply, turn, claims, wastes,
                       tuple(points[p] + g.skills[p] * whites[p] for p in range(n)))

    def sowing(self, move: Move | str) -> list[DropSnapshot]:
        """The drops that `move` makes here, one snapshot per drop, in order (empty for a pass or a shot)."""
        m = self._coerce(move)
        reason = self.explain(m)
        if reason is not None:
            from ..errors import IllegalMove

            raise IllegalMove(str(m), reason)
        turn = _Turn(self)
        turn.trace = []
        if isinstance(m, Drop):
            turn.drop(m.colour)
            turn.run(None)
        elif isinstance(m, Sow):
            turn.sow(m)
        return turn.trace

    def _shoot(self, hit: bool) -> "XAlliesState":
        p = self.to_move
        s = self._copy()
        s.shots = tuple(sh + (hit,) if i == p else sh for i, sh in enumerate(self.shots))
        if all(len(s.shots[i]) == s.whites[i] for i in range(self.game.n)):
            s.phase = OVER
        return s

    def _copy(self) -> "XAlliesState":
        s = XAlliesState.__new__(XAlliesState)
        for f in XAlliesState.__slots__:
            setattr(s, f, getattr(self, f))
        s.turn_text = None
        return s

    # ---- text ------------------------------------------------------------------------------
    def position_text(self) -> str:
        if self.hand is not None or self.phase != PLAY:
            raise ValueError("a position text describes the start of a turn during play")
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
            head = f"shooting: {g.players[self.to_move]} shoots"
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


class _Turn:
    """A scratch copy of a state that sows drop by drop, then freezes into the next state."""

    __slots__ = ("s", "g", "counts", "black", "points", "whites", "supply", "hand", "at", "step",
                 "origin", "mover", "dropped", "events", "problem", "sow_text", "turn_text", "trace")

    def __init__(self, s: XAlliesState) -> None:
        self.s, self.g = s, s.game
        self.counts = list(s.counts)
        self.black = s.black
        self.points, self.whites = s.points, s.whites
        self.supply = s.supply
        self.hand = None if s.hand is None else list(s.hand)
        self.at, self.step, self.origin, self.mover = s.at, s.step, s.origin, s.mover
        self.dropped = s.dropped
        self.events = s.events
        self.problem: str | None = None
        self.turn_text: str | None = None
        self.trace: list[DropSnapshot] | None = None
        self.sow_text = f"{s.origin}{'+' if s.step == 1 else '-'}"

    def sow(self, move: Sow) -> "_Turn":
        n, w = self.g.n, move.well
        self.hand = self.counts[w * n:(w + 1) * n]
        self.counts[w * n:(w + 1) * n] = [0] * n
        self.at = self.origin = w
        self.step = move.step
        self.dropped = ""
        self.sow_text = f"{w}{'+' if move.step == 1 else '-'}"
        self.run(move.colours)
        return self

    def run(self, letters: str | None) -> None:
        """Drop while the colour is forced (one colour in hand, or own-first), or given by `letters`."""
        g, hand = self.g, self.hand
        assert hand is not None
        i = 0
        order = g.drop_orders[self.mover]
        while True:
            present = [c for c in order if hand[c]]
            if not present:
                break
            if g.own_first or len(present) == 1:
                colour = present[0]
                if letters is not None:
                    if i >= len(letters):
                        break
                    if COLOURS.index(letters[i]) != colour:
                        why = ("with drop order own-first" if g.own_first and len(present) > 1
                               else f"only {COLOUR_NAMES[colour]} is left in hand")
                        self.problem = (f"drop {len(self.dropped) + 1} of {self.sow_text}:{letters} must be "
                                        f"{COLOURS[colour]} ({why}).")
                        return
                    i += 1
            elif letters is None:
                return  # the mover decides the next colour
            else:
                if i >= len(letters):
                    break
                colour = COLOURS.index(letters[i])
                if colour >= g.n or not hand[colour]:
                    held = ", ".join(COLOURS[c] for c in present)
                    self.problem = (f"drop {len(self.dropped) + 1} of {self.sow_text}:{letters} is "
                                    f"{letters[i]}, but the hand holds no {COLOUR_NAMES[colour]} piece "
                                    f"then (it holds {held}).")
                    return
                i += 1
            self.drop(colour)
        if letters is not None and (i != len(letters) or any(hand)):
            total = len(self.dropped) + sum(hand)
            self.problem = (f"{self.sow_text}:{letters} lists {len(letters)} drops, but this turn "
                            f"drops {total} pieces.")

    def drop(self, colour: int) -> None:
        """One piece into the next well, then the white-piece rule, then the black-piece rule."""
        g, n = self.g, self.g.n
        assert self.hand is not None
        w = (self.at + self.step) % WELLS
        if w == self.origin:  # the origin is skipped on a lap: none may remain in it
            w = (w + self.step) % WELLS
        self.at = w
        self.hand[colour] -= 1
        self.dropped += COLOURS[colour]
        counts = self.counts
        counts[w * n + colour] += 1
        turn = self.s.turn + 1
        if colour == self.mover and g.first_past[self.step][w]:
            if self.supply is None or self.supply > 0:
                self.whites = _bump(self.whites, colour, 1)
                if self.supply is not None:
                    self.supply -= 1
                self.events = (("white", Crossing(turn, self.mover, w)), self.events)
            else:
                self.events = (("denied", Crossing(turn, self.mover, w)), self.events)
        if self.black >> w & 1:
            self._black_rule(w, counts[w * n:(w + 1) * n], turn)
        if self.trace is not None:
            self.trace.append(DropSnapshot(w, colour, tuple(counts), self.black, self.points, self.whites, self.supply))

    def _black_rule(self, w: int, here: list[int], turn: int) -> None:
        """Alliance (2 or more colours, exactly 2 of each: +3 each), else waste if every colour is here."""
        present = tuple(c for c in range(self.g.n) if here[c])
        if len(present) >= 2 and all(here[c] == 2 for c in present):
            self.black &= ~(1 << w)
            pts = list(self.points)
            for c in present:
                pts[c] += 3
            self.points = tuple(pts)
            self.events = (("claim", Claim(turn, self.mover, present, w)), self.events)
        elif len(present) == self.g.n:
            self.black &= ~(1 << w)
            self.events = (("waste", Waste(turn, self.mover, w)), self.events)

    def finish(self) -> XAlliesState:
        g, old = self.g, self.s
        s = XAlliesState.__new__(XAlliesState)
        s.game = g
        s.counts, s.black = tuple(self.counts), self.black
        s.points, s.whites, s.supply = self.points, self.whites, self.supply
        s.events, s.shots, s.phase = self.events, old.shots, PLAY
        s.at, s.step, s.origin, s.dropped = self.at, self.step, self.origin, self.dropped
        s.mover, s.turn = self.mover, old.turn
        s.turn_text = self.turn_text
        if self.turn_text is None and self.hand is not None and any(self.hand):
            s.hand = tuple(self.hand)
            return s
        s.hand = None
        if s.turn_text is None:
            s.turn_text = f"{self.sow_text}:{self.dropped}"
        s.turn = old.turn + 1
        s.mover = next_seat(self.mover, g.n)
        if s.black == 0 or s.turn >= g.options["rounds"] * g.n:
            _end_play(s, old.seed)
        return s


def _end_play(s: XAlliesState, seed: int) -> None:
    """Play is over: resolve the shots as the shooting option says (streams seeded by seed, player)."""
    g = s.game
    mode = g.options["shooting"]
    if mode == "random":
        shots = []
        for p in range(g.n):
            rng = stream(seed, "xallies-shots", p)
            shots.append(tuple(rng.random() < g.skills[p] for _ in range(s.whites[p])))
        s.shots = tuple(shots)
    s.phase = SHOOT if mode == "manual" and any(s.whites) else OVER


def _bump(values: tuple[int, ...], index: int, by: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += by
    return tuple(out)


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
    n = g.n
    fields = [f.strip() for f in text.split(";")]
    tokens = fields[0].split()
    counts = [0] * (WELLS * n)
    black = 0
    seen: set[int] = set()
    for tok in tokens:
        m = re.match(r"^(\d+):([a-z*]*)$", tok)
        if not m:
            raise PositionError(f"{tok!r} is not a well: write <well>:<pieces>, like 3:bb*")
        w = int(m.group(1))
        if w >= WELLS or w in seen:
            raise PositionError(f"well {w} is {'listed twice' if w in seen else 'not a well (0–11)'}")
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
    values: dict[str, str] = {}
    for f in fields[1:]:
        key, _, rest = f.partition(" ")
        if key not in ("to", "points", "whites", "supply", "turn") or key in values:
            raise PositionError(f"{f!r} is not a position field; fields: to, points, whites, supply, turn")
        values[key] = rest.strip()

    def numbers(key: str) -> tuple[int, ...]:
        if key not in values:
            return (0,) * n
        parts = values[key].split()
        if len(parts) != n or not all(p.isdigit() for p in parts):
            raise PositionError(f"{key} needs {n} whole numbers, one per player, not {values[key]!r}")
        return tuple(int(p) for p in parts)

    mover = 0
    if "to" in values:
        try:
            mover = _colour(g, values["to"], values["to"]) if len(values["to"]) == 1 else -1
        except NotationError as exc:
            raise PositionError(str(exc)) from None
        if mover < 0:
            raise PositionError(f"'to' takes one colour letter, not {values['to']!r}")
    supply: int | None = g.options["supply"]
    if "supply" in values:
        v = values["supply"]
        if v == "-":
            supply = None
        elif v.isdigit():
            supply = int(v)
        else:
            raise PositionError(f"supply is a whole number or -, not {v!r}")
    turn = mover  # turns completed: by default the first round, with `to` to move
    if "turn" in values:
        if not values["turn"].isdigit():
            raise PositionError(f"turn is a whole number, not {values['turn']!r}")
        turn = int(values["turn"])
        if turn % n != mover:
            raise PositionError(f"after {turn} turns it is {g.players[turn % n]}'s move, not "
                                f"{g.players[mover]}'s: turns go round in seat order from blue")
    if turn >= g.options["rounds"] * n:
        raise PositionError(f"turn {turn} is past the round cap ({g.options['rounds']} rounds)")
    if black == 0:
        raise PositionError("the position has no black piece left, so play would already be over")
    s = XAlliesState._make(g, counts=tuple(counts), black=black, points=numbers("points"),
                           whites=numbers("whites"), supply=supply, turn=turn, mover=mover)
    return s
