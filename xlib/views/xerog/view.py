"""The Xero-G view: seat colours and letters, option labels, and the board's words (status line, move
phrases and the move list), over the flights, entry and drawing parts."""
from __future__ import annotations

from ...core import Move, State
from ...games.xerog import NAMES, SIZE, SOUTH, XeroGState, sq_name
from ...board import palette
from .drawing import XeroGDrawing
from .flights import SIZE_WORDS


class XeroGView(XeroGDrawing):
    """Six by six squares, North's base above rank 6 and South's below rank 1, a button column on the right."""

    shape = "square"
    target_pixels = 440
    margin = 30
    seat_colours = (palette.BLUE, palette.VERMILLION)
    seat_letters = ("S", "N")
    option_labels = {
        "first": "Who arranges a row and flies first",
        "quick_start": "Quick start: skip the set-up",
        "repetitions": "A position seen this many times is a draw",
        "max_plies": "A draw after this many flights",
    }
    value_labels = {
        "first": {"south": "South (from rank 1)", "north": "North (from rank 6)"},
        "quick_start": {False: "no: each player arranges the back row", True: "yes: both back rows 3 2 1 1 2 3"},
    }
    none_labels = {"repetitions": "never", "max_plies": "no limit"}

    # ---- words ------------------------------------------------------------------------------------
    def status(self, state: State) -> str:
        assert isinstance(state, XeroGState)
        if state.over:
            if len(state.winners) == 2:   # a draw: both seats share it, but nobody won
                limit, times = state.game.options["max_plies"], state.game.options["repetitions"]
                nth = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(times, f"{times}th")
                if limit is not None and state.flown >= limit:
                    why = f"{limit} flight{'s were' if limit > 1 else ' was'} flown"
                else:
                    why = f"the same position came up for the {nth} time"
                return f"Game over: a draw ({why})."
            return super().status(state)
        name = NAMES[state.mover]
        if state.in_setup:
            return f"{name} arranges the back row (rank {1 if state.mover == SOUTH else SIZE})."
        if state.moves() == ["pass"]:
            return f"{name} cannot fly any pyramid: {name} passes."
        rank = self.flying_rank(state)
        fallback = "" if rank is None or rank + 1 == state.home_rank() else " (its nearest rank cannot move)"
        return f"{name} to fly a ship of the home row, rank {(rank or 0) + 1}{fallback}."

    def phrase(self, before: State, move: Move) -> str:
        assert isinstance(before, XeroGState)
        name = NAMES[before.mover]
        text = str(move)
        if text.startswith("setup"):
            return f"{name} arranges the back row"
        if text == "pass":
            return f"{name} passes"
        flight = self.flight_of(before, move)
        if flight is None:
            return ""
        pips = before.board[flight.squares[0]]
        words = [f"{name} flies the {SIZE_WORDS[pips]} pyramid"]
        boosts = [sq_name(x) for x in flight.landings[:-1]]
        if boosts:
            words.append("boosts off " + ", ".join(boosts))
        end = flight.landings[-1]
        if end < 0:
            words.append("into the base: wins")
        elif flight.drop is not None:
            words.append(f"reprograms {sq_name(end)} to {sq_name(flight.drop)}")
        else:
            words.append(f"lands on {sq_name(end)}")
        return ", ".join(words)

    def log(self, state: State) -> list[tuple[str, str]]:
        """Each move in notation as flown (a flight entered or scripted keeps its route), with a phrase."""
        out = []
        for s in state.history()[1:]:
            assert isinstance(s.parent, XeroGState) and s.last_move is not None
            flight = self.flight_of(s.parent, s.last_move)
            out.append((flight.notation() if flight is not None else str(s.last_move),
                        self.phrase(s.parent, s.last_move)))
        return out

