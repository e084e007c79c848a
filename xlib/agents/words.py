"""What a computer player did and why, in plain sentences a student reads, in each game's own words.

A describer says what a move does in its game ("sowed well 10 clockwise (10+)", "it makes an
alliance with purple in well 11"); it reads the state before the move and the states the mover
expects to follow within the same turn. Describers sit in a registry keyed by the game's name; a
game without one gets the notation. The reason comes after, in a sentence of its own ("Why: ...").
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..core import Move, State

#: (state before, the move, the states after it to the end of the mover's turn) -> (action, effect)
Describer = Callable[[State, Move, Sequence[State]], tuple[str, str]]

#: the reason of a move that ends the game with the mover's win; the sentence then says the win once
WINS_AT_ONCE = "it wins at once"


def player_name(state: State, player: int) -> str:
    name = state.players[player]
    return name[:1].upper() + name[1:]


def _listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def chances(share: float) -> str:
    """A win estimate in words: 'about 3 games in 10'."""
    if share >= 0.995:
        return "nearly every game"
    if share <= 0.005:
        return "almost no games"
    tenths = max(0, min(10, round(10 * share)))
    if tenths == 10:
        return "more than 9 games in 10"
    if tenths == 0:
        return "less than 1 game in 10"
    return f"about {tenths} game{'s' if tenths != 1 else ''} in 10"


# ---- the games ---------------------------------------------------------------------------------

def xallies_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    text = str(move)
    me = before.to_move
    assert me is not None
    if text == "pass":
        action = "passed (no well of its region holds a piece)"
    elif text in ("hit", "miss"):
        action = f"took its shot: a {text}"
    elif text[0].isdigit():
        way = "clockwise" if text.endswith("+") else "counter-clockwise"
        action = f"sowed well {text[:-1]} {way} ({text})"
    else:
        colour = before.game.colours.index(text)  # type: ignore[attr-defined]
        action = f"dropped a {before.players[colour]} piece"
        if line:
            action += f" into well {line[0].at}"  # type: ignore[attr-defined]
    if not line:
        return action, ""
    old, new = before.ledger, line[-1].ledger  # type: ignore[attr-defined]
    parts = []
    for c in new.claimed[len(old.claimed):]:
        others = [before.players[p] for p in c.coalition if p != me]
        if me in c.coalition:
            parts.append(f"makes an alliance with {_listing(others)} in well {c.well}")
        else:
            parts.append(f"gives {_listing(others)} an alliance in well {c.well}")
    for w in new.wasted[len(old.wasted):]:
        parts.append(f"wastes the black piece in well {w.well}")
    whites = sum(1 for x in new.whites_taken[len(old.whites_taken):] if x.mover == me)
    if whites:
        parts.append(f"takes {'a white piece' if whites == 1 else f'{whites} white pieces'}")
    if not parts and line[-1].to_move != me and text not in ("hit", "miss", "pass"):
        parts.append("claims no black piece this turn")
    return action, ("it " + _listing(parts)) if parts else ""


def alea_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    text = str(move)
    me = before.to_move
    assert me is not None
    if text == "pass":
        action = "passed"
    elif text.startswith("x"):
        action = f"converted around {text[1:]} ({text})"
    else:
        action = f"placed a stone on {text}"
    if not line:
        return action, ""
    after = line[0]
    mine, theirs = after.counts[me], after.counts[1 - me]  # type: ignore[attr-defined]
    score = f"{player_name(before, me)} with {_plural(mine, 'stone')} to {player_name(before, 1 - me)}'s {theirs}"
    if text.startswith("x"):
        flipped = mine - before.counts[me]  # type: ignore[attr-defined]
        theirs_colour, my_colour = before.players[1 - me].lower(), before.players[me].lower()
        return action, f"it turns {flipped} {theirs_colour} {'stone' if flipped == 1 else 'stones'} {my_colour}, " \
                       f"leaving {score}"
    return action, f"it leaves {score}"


def xats_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    """XATS in the app's words: tiles, stacks and the tray (the player's tiles not yet played)."""
    text = str(move)
    me = before.to_move
    assert me is not None
    if "x" in text:
        stack, tile = text.split("x")
        action = f"destroyed stack {stack} by discarding tile {tile}"
    elif ">" in text:
        tile, stack = text.split(">")
        action = f"put tile {tile} on stack {stack}"
    else:
        action = f"started a new stack with tile {text}"
    if not line:
        return action, ""
    after = line[0]
    spikes, left = after.top_spikes(me), len(after.reserve(me))  # type: ignore[attr-defined]
    if after.over and after.winners == (me,):
        return action, f"its top tiles now show {_plural(spikes, 'spike')}, as many as the tiles left in its tray"
    if not after.active[me]:  # type: ignore[attr-defined]
        if after.over:   # in a two-player game, being out is losing
            return action, "its tray is empty and it has not won, so it loses"
        return action, "its tray is empty and it has not won, so it is out of the game"
    return action, f"its top tiles now show {_plural(spikes, 'spike')}, and {_plural(left, 'tile')} " \
                   f"{'is' if left == 1 else 'are'} left in its tray"


SIZES = {1: "small", 2: "medium", 3: "large"}
FILES = "abcdef"


def _pips(state: State, square: str) -> int:
    """The pips of the pyramid on a Xero-G square ("c1"), 0 when it is empty."""
    return int(state.board[(int(square[1]) - 1) * 6 + FILES.index(square[0])])  # type: ignore[attr-defined]


def xerog_setup(before: State, row: str) -> str:
    """A set-up in words: which squares of the back row got the large, medium and small pyramids."""
    rank = 1 if before.to_move == 0 else 6
    groups = []
    for pips in (3, 2, 1):
        squares = [f"{FILES[f]}{rank}" for f, p in enumerate(row) if int(p) == pips]
        groups.append(f"{SIZES[pips]} pyramids on {_listing(squares)}")
    return "set up its back row: " + ", ".join(groups)


def xerog_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    """Xero-G in the lesson's words: small, medium and large pyramids, boosts, reprogramming, the base."""
    text = str(move)
    if text.startswith("setup"):
        return xerog_setup(before, text.split()[1]), ""
    if text == "pass":
        return "passed (no pyramid can fly)", ""
    main, _, drop = text.partition(">")
    squares = main.split("-")
    start, last = squares[0], squares[-1]
    size = SIZES.get(_pips(before, start), "")
    boosts = squares[1:-1]
    parts = [f"boosts off the pyramid{'s' if len(boosts) > 1 else ''} on {_listing(boosts)}"] if boosts else []
    if last in ("N", "S"):
        base = "North's" if last == "N" else "South's"
        return f"flew the {size} pyramid from {start} into {base} base ({text})", \
            ("it " + parts[0]) if parts else ""
    if drop:
        parts.append(f"lands on the pyramid on {last} and reprograms it, moving it to {drop}")
    else:
        parts.append(f"lands on {last}")
    return f"flew the {size} pyramid from {start} ({text})", "it " + ", then ".join(parts)


def x_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    action = f"placed a stone on {move}"
    me = before.to_move
    if not line:
        return action, ""
    after = line[0]
    old_owner, new_owner = before.corners, after.corners  # type: ignore[attr-defined]
    old_dec, new_dec = before.decided, after.decided  # type: ignore[attr-defined]
    parts = []
    won = [c for c in new_owner if new_owner[c] == me and old_owner[c] != me]
    settled = [c for c in new_dec if new_dec[c] and not old_dec[c] and new_owner[c] == me]
    taken = [c for c in won if old_owner[c] is not None]  # from another player
    if settled:
        parts.append(f"makes corner{'s' if len(settled) > 1 else ''} {_listing(settled)} surely its own")
    elif won:
        parts.append(f"{'takes' if taken else 'connects'} corner{'s' if len(won) > 1 else ''} {_listing(won)}")
    return action, ("it " + _listing(parts)) if parts else ""


def default_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    return f"played {move}", ""


#: each game's describer of a move
DESCRIBERS: dict[str, Describer] = {"xallies": xallies_words, "alea": alea_words, "xats": xats_words,
                                    "xerog": xerog_words, "x": x_words}


def describe(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    """(what the move is, what it does) in words, e.g. ('sowed well 10 clockwise (10+)', 'it makes an alliance
    with purple in well 11')."""
    return DESCRIBERS.get(before.game.name, default_words)(before, move, line)


def sentence(before: State, move: Move, line: Sequence[State], *weighed: str) -> str:
    """What the player did and what it does ("Blue sowed well 3 clockwise (3+): it takes a white piece."), then
    why ("Why: ..."). A move that wins says so once, in the first sentence."""
    action, effect = describe(before, move, line)
    me = before.to_move
    who = player_name(before, me) if me is not None else "The computer"
    won = me is not None and bool(line) and line[-1].over and tuple(line[-1].winners) == (me,)
    if won:
        action += " and wins at once"
    reasons = [w for w in weighed if w and not (won and w == WINS_AT_ONCE)]
    text = f"{who} {action}" + (f": {effect}." if effect else ".")
    return text + (" Why: " + "; ".join(reasons) + "." if reasons else "")


class Why:
    """A reason kept as its parts and put into words only when someone asks (choosing stays fast)."""

    __slots__ = ("state", "move", "line", "weighed")

    def __init__(self, state: State, move: Move, line: Sequence[State] | Callable[[], Sequence[State]],
                 *weighed: str) -> None:
        self.state, self.move, self.line, self.weighed = state, move, line, weighed

    def __str__(self) -> str:
        line = self.line() if callable(self.line) else self.line
        return sentence(self.state, self.move, line, *self.weighed)
