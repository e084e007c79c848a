"""What the XATS table says in words: whose turn it is and what the rules allow, each tray's race ("5 spikes, 5
tiles: wins"), a move in a phrase, and what a move made happen (a stack destroyed, a player out, the count won)."""
from __future__ import annotations

from typing import Any, Callable

from ...core import Move, State
from ...games.xats import Destroy, Play, XatsState, spikes


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def tiles_of(state: XatsState, number: int) -> tuple[tuple[int, int, int, bool], ...]:
    """The tiles of stack `number`, bottom to top, as (tile, owner, rotation, flipped); KeyError if none."""
    for k, tiles in state.stack_list:
        if k == number:
            return tiles
    raise KeyError(number)


def won_the_count(state: XatsState) -> bool:
    """The game ended with a win by the count (the last mover's spikes equal their tiles), not by elimination."""
    w = state.winners[0] if state.winners else None
    return (w is not None and isinstance(state.parent, XatsState) and state.parent.mover == w
            and state.top_spikes(w) == len(state.reserve(w)))


def forced_stacking(state: XatsState) -> bool:
    """True when some reserve tile of the mover fits on a stack: then the mover must stack (or destroy)."""
    return not state.over and any(isinstance(m, Play) and m.stack is not None for m in state.moves())


def and_list(words: list[str]) -> str:
    """ "s1", "s1 and s2", "s1, s2 and s3"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


class XatsWords:
    """The table's sentences, given `player_name` (the view's: a seat's colour, or a student's name)."""

    def __init__(self, player_name: Callable[[State, int], str]) -> None:
        self.player_name = player_name

    @staticmethod
    def count(state: XatsState, player: int) -> str:
        """Spikes on a player's top tiles against tiles in their reserve: "5 spikes, 5 tiles"."""
        return f"{plural(state.top_spikes(player), 'spike')}, {plural(len(state.reserve(player)), 'tile')}"

    def race(self, state: State, player: int) -> str:
        """A player's race in a line, as their tray shows it: "3 spikes, 9 tiles", "5 spikes, 5 tiles: wins"."""
        assert isinstance(state, XatsState)
        if player in state.winners:
            if won_the_count(state):
                return self.count(state, player) + ": wins"
            if state.game.n == 2:
                return self.count(state, player) + f": wins, {self.others_out(state, player)}"
            return self.count(state, player) + ": wins, the last player left"
        if not state.active[player]:
            return "out of the game"
        return self.count(state, player)

    def others_out(self, state: XatsState, winner: int) -> str:
        """Why `winner` won without the count, in words: "White has no tiles left" (two players), or
        "White and Blue are out" (three)."""
        out = [self.player_name(state, q) for q in range(state.game.n) if q != winner]
        if len(out) == 1:
            return f"{out[0]} has no tiles left"
        return f"{' and '.join(out)} are out"

    def status(self, state: State) -> str:
        """Whose turn and what the rules allow now, never which tile or stack answers it; or the result."""
        assert isinstance(state, XatsState)
        if state.over:
            w = state.winners[0]
            name = self.player_name(state, w)
            if won_the_count(state):
                return f"Game over: {name} wins with {self.count(state, w)}."
            if state.game.n == 2:
                return f"Game over: {name} wins: {self.others_out(state, w)}."
            return f"Game over: {name} wins, the last one in: {self.others_out(state, w)}."
        p = state.mover
        name = self.player_name(state, p)
        if not state.stack_list:
            return f"{name} to move: a tile of your tray, then the table."
        if forced_stacking(state):
            return f"{name} to move: you must stack a tile, or destroy."
        return f"{name} to move: nothing fits, so a new stack, or destroy."

    def phrase(self, before: State, move: Move) -> str:
        assert isinstance(before, XatsState)
        who = self.player_name(before, before.mover)
        if isinstance(move, Destroy):
            h = len(tiles_of(before, move.stack))
            text = f"{who} destroys s{move.stack} ({h} high), discarding tile {move.tile}"
        elif isinstance(move, Play) and move.stack is not None:
            text = f"{who} puts tile {move.tile} on s{move.stack}"
        elif isinstance(move, Play):
            text = f"{who} starts s{before.next_stack} with tile {move.tile}"
        else:
            return ""
        after = before.play(move)
        assert isinstance(after, XatsState)
        if after.over and after.winners == (before.mover,):
            text += ": wins"
        out = [self.player_name(after, q) for q in range(len(after.active)) if before.active[q] and not after.active[q]]
        if out:
            text += f"; {' and '.join(out)} {'loses' if after.over else 'is out'}"
        return text

    def news(self, before: State, after: State) -> tuple[str, tuple[Any, ...]]:
        """The tiles a destroy sent home and the one it discarded, a player out of a game that goes on, and
        after a win by the count the top tiles that made it, each with their marks.

        The result itself is left to the status line ("Game over: Red wins with ..."), so it is never said twice."""
        assert isinstance(before, XatsState) and isinstance(after, XatsState)
        move = after.last_move
        p = before.mover
        said: list[str] = []
        marks: list[Any] = []
        if isinstance(move, Destroy):
            home = tiles_of(before, move.stack)
            for q in range(before.game.n):
                tiles = [t for t, o, _, _ in home if o == q]
                if tiles:
                    said.append(f"{' and '.join(map(str, tiles))} to {self.player_name(before, q)}")
                    marks.extend(("tray", q, t) for t in tiles)
            said = [f"s{move.stack} destroyed, its tiles back home ({', '.join(said)}); tile {move.tile} has left "
                    f"the game."]
            marks.append(("tray", p, move.tile))
        if not after.over:
            for q in range(before.game.n):
                if before.active[q] and not after.active[q]:
                    said.append(f"{self.player_name(after, q)} is out of the game: a turn ended with no tiles and "
                                f"no win. Those tiles stay where they are and count for nobody.")
        elif won_the_count(after):
            w = after.winners[0]
            tops = [(k, spikes(tiles[-1][0])) for k, tiles in after.stack_list if tiles[-1][1] == w]
            if tops:
                where = and_list([f"s{k} ({n})" for k, n in tops])
                said.append(f"The spikes that count: {self.player_name(after, w)}'s top tiles on {where}.")
                marks.extend(("stack", k) for k, _ in tops)
        return " ".join(said), tuple(marks)
