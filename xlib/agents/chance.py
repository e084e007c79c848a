"""Decisions a computer seat leaves to chance instead of choosing: a real shot in XAllies is thrown, not chosen.

A computer asked to choose between `hit` and `miss` would always choose a hit; a seat played by the computer
throws its shot as a person would, landing with the seat's shooting skill. The sentence counts the seat's hits so
far, since a board keeps only a seat's latest sentence."""
from __future__ import annotations

import random
from typing import Any

from ..core import Move, State

#: the decisions that are shots: their result is thrown, never chosen
SHOTS = ["hit", "miss"]


def chance_move(state: State, rng: random.Random) -> tuple[Move, str] | None:
    """The move chance makes for the seat to move (a shot, thrown with its skill) and its sentence; None when the
    seat's player decides the move itself."""
    if state.to_move is None:
        return None
    moves = state.moves()
    if sorted(str(m) for m in moves) != SHOTS:
        return None
    p = state.to_move
    skills: Any = getattr(state.game, "skills", None)
    shots: Any = getattr(getattr(state, "ledger", None), "shots", None)
    if skills is None or shots is None:
        return None
    skill = float(skills[p])
    hit = rng.random() < skill
    name = state.players[p]
    thrown = [*shots[p], hit]
    move = next(m for m in moves if str(m) == ("hit" if hit else "miss"))
    return move, (f"{name[:1].upper() + name[1:]} shot, with a skill of {skill:g}: {'a hit' if hit else 'a miss'}; "
                  f"{sum(thrown)} of {len(thrown)} shots hit so far.")
