"""Who sits with whom: the players who joined, split into tables as a classroom experiment seats them.

The teacher seats the players at random or in the order they joined; a new round keeps the tables as they
were (partners) or seats everybody anew (strangers), meeting as few earlier partners as it can. Pure
decisions on names, seeded, so the same round seats the same way; the class store carries them out."""
from __future__ import annotations

import itertools
import random
from typing import Sequence

ORDERS = ("random", "joined")
DESIGNS = ("partners", "strangers")
#: what a round is counted as when all its players sit at one table: everybody meets everybody again, so it is
#: neither strangers (nobody can be new) nor a partners round the teacher chose; the lab counts it as neither
ONE_TABLE = "one table"
#: how many random seatings a strangers' round tries, keeping the one with the fewest repeated partners
STRANGER_TRIES = 200


def split(players: Sequence[str], size: int) -> list[list[str]]:
    """`players` in tables of `size`, in order; the last table shorter when they do not divide (its empty
    seats go to the computer). A lone player beside full tables still gets a table."""
    if size < 1:
        raise ValueError("a table has at least one seat")
    return [list(players[i:i + size]) for i in range(0, len(players), size)]


def pairs(tables: Sequence[Sequence[str]]) -> set[frozenset[str]]:
    """Every two players who sat at one table."""
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


def seat(players: Sequence[str], size: int, order: str, design: str, earlier: Sequence[Sequence[Sequence[str]]],
         rng: random.Random) -> list[list[str]]:
    """The tables of a round: `players` (in the order they joined) in tables of `size`. `earlier` holds the
    tables of the rounds before, oldest first. Partners keep the last round's tables for those still here
    (newcomers fill the gaps, then new tables); strangers sit with as few earlier partners as the tries find."""
    if order not in ORDERS:
        raise ValueError(f"players are seated {' or '.join(ORDERS)}, not {order!r}")
    if design not in DESIGNS:
        raise ValueError(f"a new round seats {' or '.join(DESIGNS)}, not {design!r}")
    here = list(dict.fromkeys(players))
    if design == "partners" and earlier:
        return _partners(here, size, earlier[-1])
    ordered = here if order == "joined" else rng.sample(here, len(here))
    if design == "partners" or not earlier:
        return split(ordered, size)
    met = set().union(*(pairs(r) for r in earlier))
    best = split(ordered, size)
    fewest = len(pairs(best) & met)
    for _ in range(STRANGER_TRIES):
        if fewest == 0:
            break
        tried = split(rng.sample(here, len(here)), size)
        repeated = len(pairs(tried) & met)
        if repeated < fewest:
            best, fewest = tried, repeated
    return best


def _partners(here: list[str], size: int, last: Sequence[Sequence[str]]) -> list[list[str]]:
    """The last round's tables again, with those who left taken out and newcomers seated in the gaps."""
    present = set(here)
    tables = [[p for p in t if p in present] for t in last]
    tables = [t for t in tables if t]
    seated = {p for t in tables for p in t}
    newcomers = [p for p in here if p not in seated]
    for t in tables:
        while len(t) < size and newcomers:
            t.append(newcomers.pop(0))
    return tables + split(newcomers, size)


def counted_as(design: str, tables: Sequence[Sequence[str]]) -> str:
    """What a round seated as `design` at `tables` is counted as: strangers need at least two tables (at one,
    everybody sits with the same players again), so such a round is ONE_TABLE."""
    return ONE_TABLE if design == "strangers" and len(tables) < 2 else design


def strangers_words(players: int, size: int) -> str:
    """Why strangers need two tables, in the teacher's words, when `players` fill at most one table of `size`
    seats ('' when they fill two or more)."""
    if players > size:
        return ""
    return (f"Strangers need at least two tables: {players} player{'s' if players != 1 else ''} at tables of {size} "
            f"seats all sit at one table, with the same players every round, so such a round is not counted as "
            f"strangers (nor as partners) in the lab. Seat more players, or choose smaller tables.")
