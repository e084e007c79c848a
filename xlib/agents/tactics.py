"""Tactics every computer player shares: spotting a move that wins at once, and a quick legal move.

A win in one is found by playing each move and asking whether the game ended with the mover
the sure winner; a game can name a cheaper way (Xero-G: a flight into the base is written
`-N`/`-S`) or say when no move can end it (Alea: only in the final turns). The quick move is
what a player answers when listing the moves would take longer than its budget.
"""
from __future__ import annotations

from typing import Callable

from ..core import Move, State
from .evaluations import base_letter, sure_winner

WinFinder = Callable[[State, list[Move]], list[Move]]


def played_wins(state: State, moves: list[Move]) -> list[Move]:
    """The moves after which the game is over and the mover has won beyond doubt (by playing each)."""
    me = state.to_move
    out = []
    for m in moves:
        child = state.play(m)
        if child.over and sure_winner(child) == me:
            out.append(m)
    return out


def xerog_wins(state: State, moves: list[Move]) -> list[Move]:
    """Xero-G: the flight into the opponent's base (its notation ends in -N or -S)."""
    if state.to_move is None:
        return []
    target = "-" + base_letter(state.to_move)
    return [m for m in moves if str(m).endswith(target)]


def alea_may_end(state: State) -> bool:
    """Alea Evangelion ends only after the two final turns that follow a full board."""
    return bool(getattr(state, "in_final_turns", True))


#: a game's own way of naming its winning moves without playing them
WIN_FINDERS: dict[str, WinFinder] = {"xerog": xerog_wins}
#: when a move might end the game at all (absent: any time)
MAY_END: dict[str, Callable[[State], bool]] = {"alea": alea_may_end}
#: games where playing every move to look for a win costs little, so the search looks at every node
CHEAP_TO_TRY = frozenset({"xats"})


def winning_moves(state: State, moves: list[Move]) -> list[Move]:
    """The moves among `moves` that win at once for the player to move."""
    name = state.game.name
    finder = WIN_FINDERS.get(name)
    if finder is not None:
        return finder(state, moves)
    may_end = MAY_END.get(name)
    if state.over or (may_end is not None and not may_end(state)):
        return []
    return played_wins(state, moves)


def cheap_to_spot(game_name: str) -> bool:
    """Whether winning moves can be looked for at every node of a search, not only near the root."""
    return game_name in WIN_FINDERS or game_name in CHEAP_TO_TRY


# ---- a quick legal move -----------------------------------------------------------------------

_FILES = "abcdef"


def xerog_quick_move(state: State) -> Move | None:
    """A Xero-G move found without listing them all: a home-row pyramid flying straight to an empty square.

    Listing every flight can take long on a scattered board; a straight single leg along empty
    squares is always legal from the nearest occupied rank, so it needs no search."""
    if getattr(state, "in_setup", False):
        return state.parse("setup 321123")
    home = state.home_rank()  # type: ignore[attr-defined]
    if home is None:
        return None
    board = state.board  # type: ignore[attr-defined]
    toward = 1 if state.to_move == 0 else -1
    r = home - 1
    for f in range(6):
        pips = board[r * 6 + f]
        if not pips:
            continue
        for df, dr in ((0, toward), (1, 0), (-1, 0), (0, -toward)):
            path = [(f + df * k, r + dr * k) for k in range(1, pips + 1)]
            if all(0 <= x < 6 and 0 <= y < 6 and not board[y * 6 + x] for x, y in path):
                x, y = path[-1]
                return state.parse(f"{_FILES[f]}{r + 1}-{_FILES[x]}{y + 1}")
    return None


#: a legal move found without listing every move, for games whose move list can be slow
QUICK_MOVES: dict[str, Callable[[State], Move | None]] = {"xerog": xerog_quick_move}


def quick_move(state: State) -> Move | None:
    finder = QUICK_MOVES.get(state.game.name)
    return finder(state) if finder is not None else None


def xerog_can_win(state: State) -> bool | None:
    query = getattr(state, "reaches_base", None)
    return None if query is None else bool(query())


#: a cheap yes or no to "can the player to move win at once?", for games whose move list can be slow
CAN_WIN: dict[str, Callable[[State], bool | None]] = {"xerog": xerog_can_win}


def can_win(state: State) -> bool | None:
    """Whether the player to move has a win in one (None: the game cannot say cheaply)."""
    query = CAN_WIN.get(state.game.name)
    return query(state) if query is not None else None
