"""What a computer player did and weighed, in a plain sentence a student reads.

A describer says what a move does in its game ("sowed 10+", "it makes an alliance with purple
in well 11"); it reads the state before the move and the states the mover expects to follow
within the same turn. Describers sit in a registry keyed by the game's name; a game without
one gets the notation and the change in its scores.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..core import Move, State

#: (state before, the move, the states after it to the end of the mover's turn) -> (action, effect)
Describer = Callable[[State, Move, Sequence[State]], tuple[str, str]]


def player_name(state: State, player: int) -> str:
    name = state.players[player]
    return name[:1].upper() + name[1:]


def _listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
        action = f"entered a {text}"
    elif text[0].isdigit():
        action = f"sowed {text}"
    else:
        colour = before.game.colours.index(text)  # type: ignore[attr-defined]
        action = f"dropped a {before.players[colour]} piece"
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
    if not parts and line[-1].to_move != me:
        parts.append("claims no black piece this turn")
    return action, ("it " + _listing(parts)) if parts else ""


def alea_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    text = str(move)
    me = before.to_move
    assert me is not None
    if text == "pass":
        action = "passed"
    elif text.startswith("x"):
        action = f"converted around {text[1:]}"
    else:
        action = f"placed a stone on {text}"
    if not line:
        return action, ""
    after = line[0]
    mine, theirs = after.counts[me], after.counts[1 - me]  # type: ignore[attr-defined]
    score = f"{player_name(before, me)} with {mine} stone{'s' if mine != 1 else ''} to " \
            f"{player_name(before, 1 - me)}'s {theirs}"
    if text.startswith("x"):
        flipped = mine - before.counts[me]  # type: ignore[attr-defined]
        return action, f"it flips {flipped} stone{'s' if flipped != 1 else ''}, leaving {score}"
    return action, f"it leaves {score}"


def xats_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    text = str(move)
    me = before.to_move
    assert me is not None
    if "x" in text:
        stack, tile = text.split("x")
        action = f"destroyed stack {stack}, discarding tile {tile}"
    elif ">" in text:
        tile, stack = text.split(">")
        action = f"put tile {tile} on stack {stack}"
    else:
        action = f"started a new stack with tile {text}"
    if not line:
        return action, ""
    after = line[0]
    if after.over and after.winners == (me,):
        return action, "that wins: the spikes on its top tiles match the tiles left in its reserve"
    spikes, left = after.top_spikes(me), len(after.reserve(me))  # type: ignore[attr-defined]
    return action, f"its top tiles now show {spikes} spike{'s' if spikes != 1 else ''} against " \
                   f"{left} tile{'s' if left != 1 else ''} in its reserve"


def xerog_words(before: State, move: Move, line: Sequence[State]) -> tuple[str, str]:
    text = str(move)
    if text.startswith("setup"):
        return f"arranged its back row as {text.split()[1]}", ""
    if text == "pass":
        return "passed (no pyramid can fly)", ""
    main, _, drop = text.partition(">")
    squares = main.split("-")
    action = f"flew {text}"
    parts = []
    if squares[-1] in ("N", "S"):
        base = "North's" if squares[-1] == "N" else "South's"
        return action, f"it flies into {base} base and wins"
    if len(squares) > 2:
        parts.append(f"boosts off {_listing(squares[1:-1])}")
    if drop:
        parts.append(f"reprograms the pyramid on {squares[-1]}, moving it to {drop}")
    return action, ("it " + " and ".join(parts)) if parts else ""


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
    """(what the move is, what it does) in words, e.g. ('sowed 10+', 'it makes an alliance with purple in well 11')."""
    return DESCRIBERS.get(before.game.name, default_words)(before, move, line)


def sentence(before: State, move: Move, line: Sequence[State], *weighed: str) -> str:
    """One sentence: who did what, then what the player weighed, then what the move does."""
    action, effect = describe(before, move, line)
    me = before.to_move
    who = player_name(before, me) if me is not None else "The computer"
    clauses = [c for c in (*weighed, effect) if c]
    return f"{who} {action}" + (": " + "; ".join(clauses) if clauses else "") + "."


class Why:
    """A reason kept as its parts and put into words only when someone asks (choosing stays fast)."""

    __slots__ = ("state", "move", "line", "weighed")

    def __init__(self, state: State, move: Move, line: Sequence[State] | Callable[[], Sequence[State]],
                 *weighed: str) -> None:
        self.state, self.move, self.line, self.weighed = state, move, line, weighed

    def __str__(self) -> str:
        line = self.line() if callable(self.line) else self.line
        return sentence(self.state, self.move, line, *self.weighed)
