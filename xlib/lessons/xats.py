"""The XATS lesson: one scene per rule of RULES.md section 3, each on a position that shows it, with
exercises that check what the student learned.

Marks name what a sentence points at: a stack ("s2"), a tile in a tray ("W8": White's tile 8),
a tile tried on a stack ("3>s2": tile 3 laid over s2, its spike with nothing under it in red), or
tile 8 shown turned over where it fits ("8~>s1").

Exercise goals read the position reached through the public API (winners, trays, counts, moves),
so every right answer counts; `played` is used only where exactly one move is right."""
from __future__ import annotations

from ..core import State
from ..games.xats import Destroy, Play, XatsState, edges, orientations, spikes
from .exercise import Exercise, Goal, Miss, mover_wins, played, turn_moves
from .scene import Scene

G = "xats"
THREE = {"players": 3}
TWO = {"players": 2}


# ---- what the exercises check, over the public API -----------------------------------------------
def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _first(start: State, end: State) -> object:
    moves = turn_moves(start, end)
    return moves[0] if moves else None


def _mover(start: State) -> int:
    assert start.to_move is not None
    return start.to_move


def stacks_a_tile(start: State, end: State) -> bool:
    """The turn put a tile on a stack (not a new stack, not a destroy)."""
    move = _first(start, end)
    return isinstance(move, Play) and move.stack is not None


def stacks_with_spikes(stack: int, count: int) -> Goal:
    """The turn put a tile with `count` spikes on stack `stack`."""
    def goal(start: State, end: State) -> bool:
        move = _first(start, end)
        return isinstance(move, Play) and move.stack == stack and spikes(move.tile) == count
    return goal


def spikes_miss(start: State, end: State) -> str:
    """How many spikes the tile played has."""
    move = _first(start, end)
    if isinstance(move, (Play, Destroy)):
        return f"Tile {move.tile} has {_plural(spikes(move.tile), 'spike')}, not three."
    return "That move played no tile."


def stacks_on(stack: int) -> Goal:
    """The turn put a tile on stack `stack`."""
    def goal(start: State, end: State) -> bool:
        move = _first(start, end)
        return isinstance(move, Play) and move.stack == stack
    return goal


def gets_home(tile: int) -> Goal:
    """After the turn the mover's tile `tile` is back in the mover's tray."""
    def goal(start: State, end: State) -> bool:
        assert isinstance(end, XatsState)
        return tile in end.reserve(_mover(start))
    return goal


def destroys_giving_nothing_to(player: int) -> Goal:
    """The turn destroyed a stack, and `player`'s tray gained no tile."""
    def goal(start: State, end: State) -> bool:
        assert isinstance(start, XatsState) and isinstance(end, XatsState)
        return isinstance(_first(start, end), Destroy) and len(end.reserve(player)) <= len(start.reserve(player))
    return goal


def new_stack_nothing_fits(start: State, end: State) -> bool:
    """The turn started a new stack, and afterwards no tile of the next player fits on any stack."""
    move = _first(start, end)
    return (isinstance(move, Play) and move.stack is None and not end.over
            and not any(isinstance(m, Play) and m.stack is not None for m in end.moves()))


def stays_in(start: State, end: State) -> bool:
    """The mover has not lost: they won, or they are still in a game that goes on."""
    assert isinstance(end, XatsState)
    p = _mover(start)
    return p in end.winners or (not end.over and end.active[p])


def no_win_next(start: State, end: State) -> bool:
    """The game goes on, and the next player has no move that wins at once."""
    nxt = end.to_move
    return nxt is not None and not any(end.play(m).winners == (nxt,) for m in end.moves())


def did(start: State, end: State) -> str:
    """What the turn's move did, in words: 'Tile 4 went on s2', 'Tile 5 started a new stack', 'Tile 6 destroyed s1'."""
    move = _first(start, end)
    if isinstance(move, Play):
        return f"Tile {move.tile} went on s{move.stack}" if move.stack is not None else \
            f"Tile {move.tile} started a new stack"
    if isinstance(move, Destroy):
        return f"Tile {move.tile} destroyed s{move.stack}"
    return "No tile was played"


def most_spikes_miss(stack: int) -> Miss:
    """A tile that fits on `stack` but is not the one with the most spikes that fits (or a move elsewhere)."""
    def miss(start: State, end: State) -> str:
        move = _first(start, end)
        fits = [m.tile for m in start.moves() if isinstance(m, Play) and m.stack == stack]
        best = max(fits, key=spikes)
        if isinstance(move, Play) and move.stack == stack:
            return (f"Tile {move.tile} has {_plural(spikes(move.tile), 'spike')}, but tile {best}, with "
                    f"{spikes(best)}, also fits on s{stack}.")
        return f"{did(start, end)}, not on s{stack}."
    return miss


def tile_on_miss(stack: int, count: int | None = None, tile: int | None = None) -> Miss:
    """A move that did not put the wanted tile (tile `tile`, or one with `count` spikes) on stack `stack`."""
    def miss(start: State, end: State) -> str:
        move = _first(start, end)
        if not (isinstance(move, Play) and move.stack == stack):
            if tile is None:
                return f"{did(start, end)}, not on s{stack}."
            if isinstance(move, Destroy) and move.tile == tile:
                return f"{did(start, end)} and was discarded: it went on no stack."
            if isinstance(move, Play) and move.tile == tile:
                return f"{did(start, end)}, not on s{stack}."
            return f"{did(start, end)}: tile {tile} is still in your tray."
        if tile is not None:
            return f"Tile {move.tile} went on s{stack}, but the task was tile {tile}."
        return f"Tile {move.tile} has {_plural(spikes(move.tile), 'spike')}, not {count}."
    return miss


def stacked_miss(start: State, end: State) -> str:
    """A move that was no stacking: a new stack or a destroy."""
    return f"{did(start, end)}: no tile went on a stack, and a tile of yours fits on one."


def new_stack_miss(start: State, end: State) -> str:
    """A move that started no new stack, or one on which a red tile still fits."""
    move = _first(start, end)
    if not (isinstance(move, Play) and move.stack is None):
        return f"{did(start, end)}: that is no new stack."
    fit = next((m for m in end.moves() if isinstance(m, Play) and m.stack is not None), None)
    name = end.players[end.to_move or 0].capitalize()
    return (f"{did(start, end)}, and {name}'s tile {fit.tile} fits on s{fit.stack}: {name} must stack."
            if fit is not None else f"{did(start, end)}.")


def home_miss(tile: int) -> Miss:
    """A move after which the mover's tile `tile` is still on the table."""
    def miss(start: State, end: State) -> str:
        return f"{did(start, end)}: your tile {tile} is still on the table, in a stack."
    return miss


def count_miss(start: State, end: State) -> str:
    """What a turn that did not win did to the mover's count, in the tray's words."""
    assert isinstance(end, XatsState)
    p = _mover(start)
    name = end.players[p].capitalize()
    if p in end.winners:
        return f"{name} won, but that was not the task."
    if not end.active[p]:
        return f"{name} ended the turn with no tiles and no win: {name} {'loses' if end.over else 'is out'}."
    return (f"{name} ended the turn with {_plural(end.top_spikes(p), 'spike')} on top and "
            f"{_plural(len(end.reserve(p)), 'tile')} in the tray: not equal, so no win.")


def who_moves_miss(start: State, end: State) -> str:
    """What the turn left for the next player: a win at once, or nothing to fear."""
    nxt = end.to_move
    if nxt is None:
        return "The game is over."
    name = end.players[nxt].capitalize()
    wins = [str(m) for m in end.moves() if end.play(m).winners == (nxt,)]
    return f"Now {name} wins at once with {wins[0]}." if wins else f"{name} cannot win at once now."


# ---- why a move the rules allow is not the one they refuse, worked out on the position -------------------
def _sides_that_fit(tile: int, under: frozenset[int]) -> int:
    """On how many sides `tile` fits over the spikes `under` (tile 8 may lie either side up)."""
    return sum(any(edges(tile, r, f) <= under for r, f in orientations(tile) if f == side) for side in (False, True))


def allowed(start: State, choice: str) -> str:
    """Why the rules allow a move, in their words: a tile of the tray with fewer spikes than the top tile, each on
    a spike of it; a new stack when no tile fits anywhere; a destroy with as many spikes as the stack is high ('' for
    a move the rules refuse)."""
    if start.explain(choice) is not None:
        return ""
    assert isinstance(start, XatsState)
    move, name = start.parse(choice), start.players[_mover(start)].capitalize()
    if isinstance(move, Destroy):
        high = len(dict(start.stacks)[f"s{move.stack}"])
        must = ", even when a tile must be stacked" if any(
            isinstance(m, Play) and m.stack is not None for m in start.moves()) else ""
        return (f"s{move.stack} is {_plural(high, 'tile')} high and tile {move.tile} has "
                f"{_plural(spikes(move.tile), 'spike')}: a destroy with it is allowed{must}.")
    assert isinstance(move, Play)
    if move.stack is None:
        return f"No tile of {name}'s fits on any stack, so tile {move.tile} may start a new stack."
    stack = f"s{move.stack}"
    level = len(dict(start.stacks)[stack]) - 1
    top = dict(start.stacks)[stack][level][0]
    under = edges(top, *start.orientation(stack, level))
    if spikes(move.tile) == 0:
        return (f"Tile {move.tile} is in {name}'s tray, and with no spike it fits on any tile with a spike, "
                f"such as tile {top} on {stack}.")
    either = ", either side up," if _sides_that_fit(move.tile, under) == 2 else ""
    each = "it lies" if spikes(move.tile) == 1 else "each lies"
    return (f"Tile {move.tile} is in {name}'s tray and has {_plural(spikes(move.tile), 'spike')}, fewer than tile "
            f"{top}'s {spikes(top)} on {stack}; turned the right way{either} {each} on a spike of tile {top}.")


def _doing(move: object) -> str:
    """What a move does, in words: 'tile 4 goes on s2', 'tile 5 starts a new stack', 'tile 6 destroys s1'."""
    if isinstance(move, Destroy):
        return f"tile {move.tile} destroys s{move.stack}"
    assert isinstance(move, Play)
    return f"tile {move.tile} starts a new stack" if move.stack is None else f"tile {move.tile} goes on s{move.stack}"


def no_equal_count(start: State, choice: str) -> str:
    """Why a move does not win at once: the mover's count after it, spikes on top against tiles in the tray."""
    if start.explain(choice) is not None:
        return ""
    end, p = start.play(choice), _mover(start)
    assert isinstance(end, XatsState)
    if p in end.winners:
        return ""
    return (f"After {_doing(start.parse(choice))}, {end.players[p].capitalize()} has "
            f"{_plural(end.top_spikes(p), 'spike')} on top and {_plural(len(end.reserve(p)), 'tile')} in the tray: "
            f"not equal, so no win.")


def sends_a_tile_home(start: State, choice: str) -> str:
    """Why a destroy keeps the mover in the game: the mover's tiles in the destroyed stack go home to the tray."""
    move = start.parse(choice)
    if start.explain(choice) is not None or not isinstance(move, Destroy):
        return ""
    assert isinstance(start, XatsState)
    p = _mover(start)
    name = start.players[p].capitalize()
    mine = [str(t) for t, colour in dict(start.stacks)[f"s{move.stack}"] if colour == start.players[p]]
    if not mine:
        return ""
    end = start.play(choice)
    assert isinstance(end, XatsState)
    if not end.active[p]:
        return ""
    back = "a tile" if len(end.reserve(p)) == 1 else _plural(len(end.reserve(p)), "tile")
    stays = "stays in" if len(start.players) > 2 else "does not lose"
    return (f"s{move.stack} holds {name}'s tile{'s' if len(mine) > 1 else ''} {' and '.join(mine)}, which "
            f"{'go' if len(mine) > 1 else 'goes'} home: {name} has {back} again and {stays}.")


# ---- the scenes ------------------------------------------------------------------------------------
TILES = Scene(G, "The 13 tiles", [
    "Each player has 13 tiles, one of each pattern of spikes: tile 1 has none, tile 13 has six. Tile 8 "
    "(marked) has no mirror symmetry, so it may lie either side up. White starts.",
    "White put tile 13 on the table: the first stack, s1. Every tile shows its number and its owner's letter "
    "(W for White, R for Red).",
], ["13"], marks=[["W8", "R8"], ["s1"]],
    your_turn="Your turn: you play both sides. Click a tile of Red's tray, then the stack s1: every red tile "
              "has fewer spikes than tile 13, so each one fits.",
    exercises=[
        Exercise(
            task="Red to move: put a tile with exactly three spikes on s1.",
            why="Tiles 6, 7 and 8 have three spikes each, and every tile with fewer than six fits on tile 13.",
            hint="Count the spikes round each tile of Red's tray: tiles 6, 7 and 8 have three.",
            solution=("7>s1",), illegal="13>s1",
            position="W:1,2,3,4,5,6,7,8,9,10,11,12 R:1,2,3,4,5,6,7,8,9,10,11,12,13 | s1:13W | x:- | next 2 | to R",
            goal=stacks_with_spikes(1, 3), miss=spikes_miss),
        Exercise(
            task="Red to move: put on s1 the tile with the most spikes that still fits.",
            why="Tile 12 has five spikes, one fewer than tile 13, and they all lie on spikes of tile 13. "
                "Red's own tile 13 has six too, as many as White's tile 13 under it: it does not fit.",
            hint="A tile must have fewer spikes than the top tile. Tile 13 has six.",
            solution=("12>s1",), illegal="13>s1",
            position="W:1,2,3,4,5,6,7,8,9,10,11,12 R:1,2,3,4,5,6,7,8,9,10,11,12,13 | s1:13W | x:- | next 2 | to R",
            goal=played("12>s1"), miss=most_spikes_miss(1)),
    ])

FIT = Scene(G, "Fewer spikes, and every spike on a spike", [
    "Tile 3 has fewer spikes than tile 7 on s2, but it does not fit: however it is turned, one of its spikes "
    "has no spike under it (red).",
    "White put tile 7 on s1: fewer spikes than tile 10, and turned so that each spike lies on a spike of "
    "tile 10. One spike of tile 10 stays free.",
    "Red put tile 4 on tile 7: two spikes, one edge apart, on two of tile 7's. Tiles 3 (spikes side by side) "
    "and 5 (spikes opposite) would not fit there.",
], ["7>s1", "4>s1"],
    position="W:1,2,3,4,5,6,7,8,9,10,11 R:1,2,3,4,5,6,8,9,11,12,13 | s1:13W,10R s2:12W,7R | x:- | next 3 | to W",
    marks=[["3>s2"], ["s1"], ["s1"]],
    your_turn="Your turn: play White. Click a tile, then a stack: a tile that does not fit is shown over the "
              "stack, with the spike that has nothing under it in red.",
    exercises=[
        Exercise(
            task="White to move: put tile 3 on a stack where it fits.",
            why="Tile 10 on s1 has spikes side by side, so tile 3's two neighbouring spikes lie on two of them. "
                "Tile 7 on s2 has no two spikes side by side.",
            hint="Tile 3's spikes are side by side. Which top tile has two spikes side by side?",
            solution=("3>s1",), illegal="3>s2",
            position="W:1,2,3,4,5,6,7,8,9,10,11 R:1,2,3,4,5,6,8,9,11,12,13 | s1:13W,10R s2:12W,7R | x:- | "
                     "next 3 | to W",
            goal=played("3>s1"), miss=tile_on_miss(1, tile=3)),
        Exercise(
            task="White to move: put a tile on s2, whose top tile 7 has three spikes, each one edge apart.",
            why="On tile 7 fit tile 1 (no spike), tile 2 (one spike) and tile 4 (two spikes one edge apart). "
                "Tiles 3 and 5 always leave a spike with nothing under it.",
            hint="Tile 7's spikes skip an edge each time. A two-spike tile must skip an edge too.",
            solution=("4>s2",), illegal="5>s2",
            position="W:1,2,3,4,5,6,7,8,9,10,11 R:1,2,3,4,5,6,8,9,11,12,13 | s1:13W,10R s2:12W,7R | x:- | "
                     "next 3 | to W",
            goal=stacks_on(2), miss=tile_on_miss(2)),
        Exercise(
            task="White to move. Which of these moves is against the rules?",
            why="Tile 5's spikes are opposite each other, and tile 7 has no two opposite spikes.",
            hint="Tile 7's spikes are on every other edge. Which two-spike tile cannot match that?",
            solution=("5>s2",), illegal="5>s2",
            position="W:1,2,3,4,5,6,7,8,9,10,11 R:1,2,3,4,5,6,8,9,11,12,13 | s1:13W,10R s2:12W,7R | x:- | "
                     "next 3 | to W",
            choices=("4>s2", "5>s2", "2>s2"), answer="5>s2",
            because=allowed),
    ])

FLIP = Scene(G, "Tile 8 may be turned over", [
    "Tile 8 is the only tile that differs from its mirror image: two spikes side by side and one apart, on "
    "the right or on the left. So it may lie either side up. Over s1 it is shown turned over.",
    "White put tile 8 on tile 11. Of the three-spike tiles only tile 8 fits there: tile 6 has three in a row, "
    "tile 7 none side by side. Face up it fits too; the board lays it face up.",
    "Red put tile 5 on tile 8. Every tile with four or more spikes looks the same in a mirror, so the side "
    "tile 8 lies on never decides whether it fits.",
], ["8>s1", "5>s1"],
    position="W:1,2,3,4,5,6,7,8,9,10,12 R:1,2,3,4,5,6,7,8,9,10,12,13 | s1:13W,11R | x:- | next 2 | to W",
    marks=[["W8", "8~>s1"], ["s1"], ["s1"]],
    your_turn="Your turn: play White. Click tile 6, 7 or 8, then s1: only one of them fits on the stack.",
    exercises=[
        Exercise(
            task="White to move: put a tile with three spikes on s1 (tile 11 on top).",
            why="Tile 11 has two pairs of spikes side by side. Tile 8's pair lies on one pair and its lone spike "
                "on the other, either side up.",
            hint="Tile 6 has three spikes in a row, tile 7 none side by side. Try the third one.",
            solution=("8>s1",), illegal="6>s1",
            position="W:1,2,3,4,5,6,7,8,9,10,12 R:1,2,3,4,5,6,7,8,9,10,12,13 | s1:13W,11R | x:- | next 2 | to W",
            goal=played("8>s1"), miss=tile_on_miss(1, count=3)),
        Exercise(
            task="White to move. Which of these moves is against the rules?",
            why="Tile 7's spikes are one edge apart all round, and tile 11's two gaps lie opposite each other: "
                "however tile 7 is turned, one of its spikes lies over a gap of tile 11.",
            hint="Tile 8 fits on tile 11 either side up, and tile 4 needs two spikes one edge apart.",
            solution=("7>s1",), illegal="7>s1",
            position="W:1,2,3,4,5,6,7,8,9,10,12 R:1,2,3,4,5,6,7,8,9,10,12,13 | s1:13W,11R | x:- | next 2 | to W",
            choices=("8>s1", "7>s1", "4>s1"), answer="7>s1",
            because=allowed),
    ])

MUST = Scene(G, "You must stack when you can", [
    "White's tile 3 fits on s1 (marked). When any tile of yours fits on any stack, you must stack a tile: "
    "no new stack. Destroying stays allowed.",
    "White stacked tile 3 on s1.",
    "Red must stack too, and only tile 1 fits anywhere: Red put it on s2. A tile with no spikes fits on any "
    "tile with a spike, and nothing fits on it.",
], ["3>s1", "1>s2"],
    position="W:3,5,7,8,10,11,13 R:1,3,5,6,7,8,9,10,11 | s1:12R,9W,6W s2:12W,4R,2R s3:13R,4W,1W | x:2W | "
             "next 4 | to W",
    marks=[["W3", "s1"], ["s1"], ["s2"]],
    your_turn="Your turn: play White. The line over the table says whether White must stack. Click a tile to "
              "see where it fits.",
    exercises=[
        Exercise(
            task="White to move: one white tile fits on a stack, so White must stack. Stack it.",
            why="Tile 3 (two spikes side by side) fits on tile 6 on s1. No other white tile fits anywhere.",
            hint="Tile 1 on top of s3 takes nothing. Look for a white tile with fewer spikes than tile 6 or "
                 "tile 2.",
            solution=("3>s1",), illegal="13",
            position="W:3,5,7,8,10,11,13 R:1,3,5,6,7,8,9,10,11 | s1:12R,9W,6W s2:12W,4R,2R s3:13R,4W,1W | x:2W | "
                     "next 4 | to W",
            goal=played("3>s1"), miss=stacked_miss),
        Exercise(
            task="White to move. Which of these moves is against the rules?",
            why="Tile 3 fits on s1, so White may not start a new stack. Destroying s1 (3 high) with tile 7 "
                "(3 spikes) is allowed.",
            hint="A new stack is allowed only when no tile of yours fits on any stack.",
            solution=("13",), illegal="13",
            position="W:3,5,7,8,10,11,13 R:1,3,5,6,7,8,9,10,11 | s1:12R,9W,6W s2:12W,4R,2R s3:13R,4W,1W | x:2W | "
                     "next 4 | to W",
            choices=("3>s1", "13", "s1x7"), answer="13",
            because=allowed),
        Exercise(
            task="Red to move: Red must stack a tile. Do it.",
            why="Tile 1 has no spikes, so it fits on any tile with a spike: on tile 3 (s1) or tile 2 (s2).",
            hint="Only a tile with fewer spikes than a top tile can go on it. Red's smallest tile is tile 1.",
            solution=("1>s2",), illegal="11",
            position="W:5,7,8,10,11,13 R:1,3,5,6,7,8,9,10,11 | s1:12R,9W,6W,3W s2:12W,4R,2R s3:13R,4W,1W | "
                     "x:2W | next 4 | to R",
            goal=stacks_a_tile, miss=stacked_miss),
    ])

NEW_STACK = Scene(G, "A new stack only when nothing fits", [
    "No white tile fits: tile 3 on s1 has two spikes and White has no tile with fewer; tiles 1 on s2 and s3 "
    "have none. So White may start a new stack.",
    "White started s4 with tile 13. Every red tile with fewer than six spikes fits on it, so Red must stack.",
    "Red put tile 11 on s4: its four spikes lie on four of tile 13's six.",
], ["13", "11>s4"],
    position="W:5,10,11,13 R:3,5,6,7,8,9,10,11 | s1:12R,9W,6W,3W s2:12W,4R,2R,1R s3:13R,4W,1W | x:2W,7W,8W | "
             "next 4 | to W",
    marks=[["new"], ["s4"], ["s4"]],
    your_turn="Your turn: play White. Which white tiles fit on tile 11? The board outlines them in orange.",
    exercises=[
        Exercise(
            task="White to move: no white tile fits on any stack. Which of these moves is against the rules?",
            why="Tile 5 has two spikes, as many as tile 3 on s1: a tile needs fewer spikes than the top tile.",
            hint="Starting a new stack is allowed now, and s2 is 4 high.",
            solution=("5>s1",), illegal="5>s1",
            position="W:5,10,11,13 R:3,5,6,7,8,9,10,11 | s1:12R,9W,6W,3W s2:12W,4R,2R,1R s3:13R,4W,1W | "
                     "x:2W,7W,8W | next 4 | to W",
            choices=("13", "s2x11", "5>s1"), answer="5>s1",
            because=allowed),
        Exercise(
            task="White to move: start a new stack that no red tile fits on, so that Red need not stack.",
            why="Red's smallest tiles have two spikes: tile 3 side by side and tile 5 opposite. Neither has "
                "fewer spikes than tile 5, so nothing red fits on it.",
            hint="A tile fits only on a tile with more spikes. Red's smallest tiles have two.",
            solution=("5",), illegal="5>s1",
            position="W:5,10,11,13 R:3,5,6,7,8,9,10,11 | s1:12R,9W,6W,3W s2:12W,4R,2R,1R s3:13R,4W,1W | "
                     "x:2W,7W,8W | next 4 | to W",
            goal=new_stack_nothing_fits, miss=new_stack_miss),
    ])

DESTROY = Scene(G, "Destroy: the tiles go home", [
    "To destroy a stack, discard a tile with as many spikes as the stack is high. s1 is 3 high: White may "
    "use tile 6 or tile 8 (3 spikes each).",
    "White destroyed s1 with tile 6. Each player took their own tiles of s1 back: 13 and 9 to White, 12 to "
    "Red. Tile 6 is crossed out: it has left the game.",
], ["s1x6"],
    position="W:1,2,3,4,5,6,8,10,11,12 R:1,2,3,4,5,6,7,8,9,11,13 | s1:13W,12R,9W s2:10R,7W | x:- | next 3 | "
             "to W",
    marks=[["s1", "W6", "W8"], ["W6", "W13", "W9", "R12"]],
    your_turn="Your turn: play Red. Click the stack s2 (2 high), then a Destroy button: tile 3, 4 or 5 can "
              "destroy it.",
    exercises=[
        Exercise(
            task="White to move: get your tile 13 back into your tray.",
            why="Destroying s1 sends every tile in it home: White's 13 and 9 to White, Red's 12 to Red.",
            hint="s1 is 3 tiles high, so it takes a white tile with three spikes to destroy it.",
            solution=("s1x6",), illegal="s1x5",
            position="W:1,2,3,4,5,6,8,10,11,12 R:1,2,3,4,5,6,7,8,9,11,13 | s1:13W,12R,9W s2:10R,7W | x:- | "
                     "next 3 | to W",
            goal=gets_home(13), miss=home_miss(13)),
        Exercise(
            task="White to move. Which of these moves destroys s2, which is 2 tiles high?",
            why="A stack 2 tiles high takes a tile with exactly 2 spikes: tile 4. Tile 6 has three, tile 2 one.",
            hint="Count the tiles in s2, then find the tile with that many spikes.",
            solution=("s2x4",), illegal="s2x6",
            position="W:1,2,3,4,5,6,8,10,11,12 R:1,2,3,4,5,6,7,8,9,11,13 | s1:13W,12R,9W s2:10R,7W | x:- | "
                     "next 3 | to W",
            choices=("s2x6", "s2x4", "s2x2"), answer="s2x4"),
        Exercise(
            task="White to move: destroy a stack so that Red gets no tile back.",
            why="s1 holds only white tiles, so destroying it sends tiles home to White alone. s2 holds Red's 12 "
                "and 6.",
            hint="Both stacks are 3 high. Look at the letters on their tiles.",
            solution=("s1x7",), illegal="s1x5",
            position="W:1,2,3,5,7,8,10,12 R:1,2,3,4,5,7,8,10,11,13 | s1:13W,11W,4W s2:12R,9W,6R | x:6W,9R | "
                     "next 3 | to W",
            goal=destroys_giving_nothing_to(1),
            miss=lambda start, end: ("Red got tiles back." if isinstance(_first(start, end), Destroy)
                                     else "That was not a destroy.")),
    ])

DISCARD = Scene(G, "The discarded tile leaves the game", [
    "Crossed-out tiles were discarded: they never come back. White has 5 tiles and 4 spikes on top. White "
    "destroys s2 (1 high) with tile 2.",
    "Red's tile 11 went home, and tile 2 left the game: White has 4 tiles and 4 spikes on top, so White wins "
    "at the end of the turn. A destroy can win.",
], ["s2x2"],
    position="W:2,4,8,10,12 R:1,5,6,7,8,9,10 | s1:13R,9W s2:11R s3:13W,12R,6W,3R s4:11W,4R | "
             "x:1W,3W,5W,7W,2R | next 5 | to W",
    marks=[["s2", "W2"], ["W2"]],
    your_turn="Your turn: press Undo and try other moves for White: this was the only one that wins.",
    exercises=[
        Exercise(
            task="White to move: win at once. White has 5 tiles and 4 spikes on top.",
            why="Destroying s2 with tile 2 takes one tile from White's tray for good and sends Red's 11 home: "
                "4 tiles, 4 spikes.",
            hint="You need one tile fewer without changing your top tiles. A destroy discards a tile.",
            solution=("s2x2",), illegal="s1x2",
            position="W:2,4,8,10,12 R:1,5,6,7,8,9,10 | s1:13R,9W s2:11R s3:13W,12R,6W,3R s4:11W,4R | "
                     "x:1W,3W,5W,7W,2R | next 5 | to W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="White to move. Crossed-out tiles were discarded. Which of these moves is against the rules?",
            why="White discarded tile 1 earlier: it left the game and is no longer in White's tray.",
            hint="Look for the crossed-out tiles in White's tray.",
            solution=("1>s2",), illegal="1>s2",
            position="W:2,4,8,10,12 R:1,5,6,7,8,9,10 | s1:13R,9W s2:11R s3:13W,12R,6W,3R s4:11W,4R | "
                     "x:1W,3W,5W,7W,2R | next 5 | to W",
            choices=("2>s2", "1>s2", "4>s2"), answer="1>s2",
            because=allowed),
    ])

DESTROY_MUST = Scene(G, "Destroying while you must stack", [
    "White's tile 3 fits on s2, so White may not start a new stack. Destroying is still allowed. White has 3 "
    "tiles and 2 spikes on top (tile 4 on s1).",
    "White destroyed s2 with tile 3: Red's tiles 12 and 9 went home. White has 2 tiles and 2 spikes on top: "
    "White wins at the end of the turn.",
], ["s2x3"],
    position="W:3,6,11 R:1,2,3,5,6,7,8,10,11,13 | s1:13W,4W s2:12R,9R | x:1W,2W,5W,7W,8W,9W,10W,12W,4R | "
             "next 3 | to W",
    marks=[["W3", "s2"], ["s1"]],
    your_turn="Your turn: press Undo and try White's other moves. Can White start a new stack here?",
    exercises=[
        Exercise(
            task="White to move: a white tile fits on a stack, so no new stack. Win at once.",
            why="Destroying s2 takes tile 3 from White's tray for good and sends Red's tiles home: 2 tiles, and "
                "tile 4 on s1 still shows 2 spikes.",
            hint="Stacking a tile adds spikes on top. What else may you do when you must stack?",
            solution=("s2x3",), illegal="6",
            position="W:3,6,11 R:1,2,3,5,6,7,8,10,11,13 | s1:13W,4W s2:12R,9R | x:1W,2W,5W,7W,8W,9W,10W,12W,4R | "
                     "next 3 | to W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="White to move. Which of these moves is against the rules?",
            why="Tile 3 fits on s2, so White must stack or destroy: tile 11 may not start a new stack.",
            hint="Destroying is always allowed when you have a tile with the right number of spikes.",
            solution=("11",), illegal="11",
            position="W:3,6,11 R:1,2,3,5,6,7,8,10,11,13 | s1:13W,4W s2:12R,9R | x:1W,2W,5W,7W,8W,9W,10W,12W,4R | "
                     "next 3 | to W",
            choices=("3>s2", "s1x3", "11"), answer="11",
            because=allowed),
    ])

NAMES = Scene(G, "Stack names are never used again", [
    "Stacks are named s1, s2, s3, … in the order they are made. White destroys s2 (1 high) with tile 2.",
    "s2 is gone, and its name is not given again. Red's tile 11 went home. No red tile fits on tile 1 (no "
    "tile does), so Red may start a new stack.",
    "Red started a new stack with tile 11: it is named s4, not s2. The next new stack will be s5.",
], ["s2x2", "11"],
    position="W:2,3,4,5,6,7,8,9,10,11,13 R:2,3,4,5,6,7,8,9,10,12 | s1:13R,1W s2:11R s3:12W,1R | x:- | next 4 | "
             "to W",
    marks=[["s2"], ["s1", "s3"], ["s4"]],
    your_turn="Your turn: play White. Put a tile on s4 and read the move's name in the list of moves: 8>s4 "
              "means tile 8 onto s4.",
    exercises=[
        Exercise(
            task="White to move. s2 was destroyed earlier, and the newest stack holds Red's tile 11. Which move "
                 "puts tile 8 on it?",
            why="Names are given in order and never used again: after s1, s2 and s3 came s4, and s2 stays "
                "unused.",
            hint="Read the names under the stacks: the newest one has the highest number.",
            solution=("8>s4",), illegal="8>s2",
            position="W:3,4,5,6,7,8,9,10,11,13 R:2,3,4,5,6,7,8,9,10,12 | s1:13R,1W s3:12W,1R s4:11R | x:2W | "
                     "next 5 | to W",
            choices=("8>s2", "8>s4", "8>s5"), answer="8>s4"),
    ])

WIN = Scene(G, "Winning at the end of your turn", [
    "Blue's turn. No top tile has more than one spike and Blue has no tile 1, so Blue may start a new "
    "stack. Blue has 6 tiles and 1 + 0 spikes on top.",
    "Blue played tile 9 (4 spikes) as a new stack: 5 tiles, and 1 + 0 + 4 = 5 spikes on top. Blue wins. "
    "Each count is at the right of its tray.",
], ["9"], options=THREE,
    position="W:1,4,5,6,7,8,9,10,12 B:4,6,9,10,12,13 R:1,3,4,6,7,8,9,10,11 | s1:13W,11B,5R,2B "
             "s2:12R,8B,3W,1B s3:13R,7B,2W s4:11W,3B,2R | x:5B | next 5 | to B",
    marks=[["s1", "s2"], ["s1", "s2", "s5"]],
    your_turn="Your turn: press Undo and try other tiles for Blue. One more tile wins; which?",
    exercises=[
        Exercise(
            task="Blue to move: win at once. Blue has 6 tiles and 1 spike on top.",
            why="After the turn Blue has 5 tiles, so the top tiles must show 5 spikes: a new stack with a "
                "four-spike tile adds 4 to the 1 already there.",
            hint="A new stack takes one tile from the tray and adds its spikes on top. 5 tiles need 5 spikes.",
            solution=("10",), illegal="s1x6",
            position="W:1,4,5,6,7,8,9,10,12 B:4,6,9,10,12,13 R:1,3,4,6,7,8,9,10,11 | s1:13W,11B,5R,2B "
                     "s2:12R,8B,3W,1B s3:13R,7B,2W s4:11W,3B,2R | x:5B | next 5 | to B",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="White to move: win at once. White has 6 tiles and 6 spikes on top now, but the count is "
                 "checked at the end of the turn.",
            why="Tile 12 on tile 13 leaves 5 spikes on top and 5 tiles. Destroying s2 with tile 5 also wins: "
                "tile 8 comes home, tile 5 leaves, so 6 tiles and 6 spikes.",
            hint="Every move changes the count. Cover tile 13 with a tile one spike smaller, or destroy a stack "
                 "that gives you a tile back.",
            solution=("12>s3",), illegal="12>s1", options=TWO,
            position="W:1,5,6,9,11,12 R:3,5,7,10,11,12,13 | s1:4R s2:8W,1R s3:13W | x:2W,3W,4W,7W,10W,2R,6R,8R,9R "
                     "| next 4 | to W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="Blue to move. Which of these new stacks wins at once?",
            why="Blue ends with 5 tiles, so it needs 5 spikes on top: 1 already there and 4 from tile 9.",
            hint="Count the spikes Blue needs: as many as the tiles left after the move.",
            solution=("9",), illegal="1",
            position="W:1,4,5,6,7,8,9,10,12 B:4,6,9,10,12,13 R:1,3,4,6,7,8,9,10,11 | s1:13W,11B,5R,2B "
                     "s2:12R,8B,3W,1B s3:13R,7B,2W s4:11W,3B,2R | x:5B | next 5 | to B",
            choices=("6", "9", "12"), answer="9",
            because=no_equal_count),
    ])

WHOSE_TURN = Scene(G, "Only the player whose turn ends can win", [
    "Red's count is equal: 2 spikes on top (tile 4 on s1) and 2 tiles. But it is White's turn, and the count "
    "is checked only for the player whose turn ends: Red has not won.",
    "White put tile 5 on s2 and did not win: 5 spikes, 3 tiles. Red's count is still equal, but White's turn "
    "ended, so only White's count was checked.",
    "Red must play: tile 2 on Red's own tile 4 leaves 1 spike on top and 1 tile. Red's turn ended with an "
    "equal count: Red wins.",
], ["5>s2", "2>s1"],
    position="W:3,5,8,12 R:2,7 | s1:13W,11R,4R s2:12R,10W s3:13R,9W,6W | x:1W,2W,4W,7W,11W,1R,3R,5R,6R,8R,9R,"
             "10R | next 4 | to W",
    marks=[["s1", "R2", "R7"], ["s2"], ["s1"]],
    your_turn="Your turn: the game is over here. Press Back twice, then Your turn, and find a move for White "
              "after which Red cannot win.",
    exercises=[
        Exercise(
            task="White to move: win at once. Red's count is equal too (2 spikes, 2 tiles): does that matter?",
            why="Tile 1 on tile 6 leaves White 4 spikes and 4 tiles. Red's equal count does not count: only the "
                "player whose turn ends can win.",
            hint="White has 5 tiles and 7 spikes on top. Covering a white tile with tile 1 takes spikes away.",
            solution=("1>s3",), illegal="3>s1",
            position="W:1,3,5,8,12 R:2,7 | s1:13W,11R,4R s2:12R,10W s3:13R,9W,6W | x:2W,4W,7W,11W,1R,3R,5R,6R,"
                     "8R,9R,10R | next 4 | to W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="Red to move: Red's count is equal now (2 spikes, 2 tiles), but Red has not won. Win at the "
                 "end of your turn.",
            why="Any move takes a tile from Red's tray, so the spikes on top must drop by one too, or a "
                "destroy must give a tile back.",
            hint="Cover Red's own tile 4 with a one-spike tile, or destroy a 3-high stack that sends a red "
                 "tile home.",
            solution=("2>s1",), illegal="7>s1",
            position="W:3,8,12 R:2,7 | s1:13W,11R,4R s2:12R,10W,5W s3:13R,9W,6W | x:1W,2W,4W,7W,11W,1R,3R,5R,6R,"
                     "8R,9R,10R | next 4 | to R",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="White to move: Red's count is equal, and Red would win on its turn after most moves. Play so "
                 "that Red cannot win at once.",
            why="Destroying s2 sends Red's tile 12 home (destroying s3, Red's 13): Red has 3 tiles and 2 spikes, and "
                "no single move of Red's makes them equal.",
            hint="Red wins next by covering tile 4 or by destroying with tile 7. Give Red a tile back instead.",
            solution=("s2x3",), illegal="3>s1",
            position="W:3,5,8,12 R:2,7 | s1:13W,11R,4R s2:12R,10W s3:13R,9W,6W | x:1W,2W,4W,7W,11W,1R,3R,5R,6R,"
                     "8R,9R,10R | next 4 | to W",
            goal=no_win_next, miss=who_moves_miss),
    ])

LOSE = Scene(G, "Losing: no tiles and no win", [
    "White has one tile left, tile 1, and 4 spikes on top. Any move ends the turn with 0 tiles, and none "
    "leaves 0 spikes on top.",
    "White played the last tile: 0 tiles, 3 spikes on top. A player who ends the turn with no tiles and no "
    "win loses at once: Red wins.",
], ["1>s2"],
    position="W:1 R:1,2,5,6,9,11 | s1:13R,9W,6W s2:12W,4R,2W s3:13W,12R,10W,7R s4:11W,8R s5:10R,8W,3R | "
             "x:3W,4W,5W,7W | next 6 | to W",
    marks=[["W1"], ["s2"]],
    your_turn="Your turn: press Undo and try White's other moves: does any of them save White?",
    exercises=[
        Exercise(
            task="White to move with one tile left: do not lose.",
            why="Destroying a stack that holds a white tile brings that tile home, so White's turn does not end "
                "with an empty tray.",
            hint="Playing tile 2 empties your tray. Which 1-high stack holds a tile of yours?",
            solution=("s1x2",), illegal="s2x2",
            position="W:2 R:1,2,3,4,5,6,7,8,11 | s1:11W s2:13R,12W,9R s3:12R,10W s4:10R s5:9W | "
                     "x:1W,3W,4W,5W,6W,7W,8W,13W | next 6 | to W",
            goal=stays_in, miss=count_miss),
        Exercise(
            task="White to move with tile 1 left: win at once.",
            why="Tile 1 on White's own tile 4 leaves no white spike on top: 0 spikes and 0 tiles is an equal "
                "count, and the win is checked before the loss.",
            hint="With 0 tiles left you need 0 spikes on top. Which white tile on top shows spikes?",
            solution=("1>s2",), illegal="1>s3",
            position="W:1 R:3,5,7,8,11 | s1:13R,9W,6R s2:12R,4W s3:13W,10R,1R s4:11W,8W,2R | "
                     "x:2W,3W,5W,6W,7W,10W,12W,4R,9R | next 5 | to W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="White to move with one tile left. Which of these moves loses at once?",
            why="s4 holds only Red's tile 10: destroying it sends nothing home to White, so White ends the turn "
                "with no tiles and no win.",
            hint="Which stack gives White no tile back?",
            solution=("s4x2",), illegal="s2x2",
            position="W:2 R:1,2,3,4,5,6,7,8,11 | s1:11W s2:13R,12W,9R s3:12R,10W s4:10R s5:9W | "
                     "x:1W,3W,4W,5W,6W,7W,8W,13W | next 6 | to W",
            choices=("s1x2", "s4x2", "s5x2"), answer="s4x2",
            because=sends_a_tile_home),
    ])

ELIMINATION = Scene(G, "Three players: out of the game", [
    "Three players play in the order White, Blue, Red. White has one tile left and cannot win with it.",
    "White ended the turn with no tiles and no win: White is out. White's tiles stay where they are and "
    "count for nobody.",
    "Blue and Red play on. Blue put tile 2 on s6.",
    "Red put tile 1 on s1. Next is Blue again: White's seat is skipped. The last player left wins, unless "
    "someone wins the count first.",
], ["1>s2", "2>s6", "1>s1"], options=THREE,
    position="W:1 B:1,2,3,4,6,7,8,9,10,11,12 R:1,3,5,6,9,11 | s1:13R,9W,6W s2:12W,4R,2W s3:13W,12R,10W,7R "
             "s4:11W,8R s5:10R,8W,2R s6:13B,5B | x:3W,4W,5W,7W | next 7 | to W",
    marks=[["W1"], [], ["s6"], ["s1"]],
    your_turn="Your turn: play Blue and Red to the end of the game.",
    exercises=[
        Exercise(
            task="Three players. White to move with one tile left: stay in the game.",
            why="Destroying s1 or s5 brings a white tile home, so White's tray is not empty at the end of the "
                "turn.",
            hint="Playing tile 2 empties your tray. A destroy can send a tile of yours home.",
            solution=("s5x2",), illegal="s2x2",
            position="W:2 B:1,3,4,5,6,8,9 R:1,2,3,4,5,6,7,8,11 | s1:11W s2:13R,12W,9R s3:12R,10W s4:10B s5:9W | "
                     "x:1W,3W,4W,5W,6W,7W,8W,13W,2B,7B,11B,12B,13B,10R | next 6 | to W",
            goal=stays_in, miss=count_miss),
        Exercise(
            task="Three players. White to move with one tile left. Which of these moves puts White out of the "
                 "game?",
            why="s4 holds only Blue's tile 10: it goes home to Blue, and White ends the turn with no tiles.",
            hint="Which destroy sends no white tile home?",
            solution=("s4x2",), illegal="s2x2",
            position="W:2 B:1,3,4,5,6,8,9 R:1,2,3,4,5,6,7,8,11 | s1:11W s2:13R,12W,9R s3:12R,10W s4:10B s5:9W | "
                     "x:1W,3W,4W,5W,6W,7W,8W,13W,2B,7B,11B,12B,13B,10R | next 6 | to W",
            choices=("s1x2", "s4x2", "s5x2"), answer="s4x2",
            because=sends_a_tile_home),
    ])

OUT_TILES = Scene(G, "Three players: an out player's tiles on a destroy", [
    "White is out of the game, and White's tiles 12 and 9 are still in s2 (2 high). Blue destroys s2 with "
    "tile 4.",
    "White's tiles went home to White's tray, but White stays out: they are never played again and count "
    "for nobody. Blue's tile 4 left the game.",
    "Red put tile 4 on s3. Next is Blue: White's seat is still skipped, though White has tiles now.",
], ["s2x4", "4>s3"], options=THREE,
    position="W:- B:4,6,9,10 R:1,2,4,5,7,8,9,11 | s1:13R,3B s2:12W,9W s3:13W,10R,6W s4:12B,11W,8B | "
             "x:1W,2W,3W,4W,5W,7W,8W,10W,1B,2B,5B,7B,11B,13B,3R,6R,12R | next 5 | to B | out W",
    marks=[["s2"], ["W9", "W12"], ["s3"]],
    your_turn="Your turn: play Blue and Red on. Does White ever get a turn?",
    exercises=[
        Exercise(
            task="Three players, White is out. Blue to move: win at once. Blue has 3 tiles and 2 spikes on top.",
            why="s2 holds only White's tiles: they go home to White, who stays out. Blue discards tile 4 and "
                "keeps tile 3 on top: 2 tiles, 2 spikes.",
            hint="A destroy takes one tile from your tray. Which 2-high stack gives Blue nothing back?",
            solution=("s2x4",), illegal="s2x9",
            position="W:- B:4,9,10 R:1,2,4,5,7,9,11 | s1:13R,3B s2:12W,9W s3:13W,10R,6W s4:12B,11W,8R | "
                     "x:1W,2W,3W,4W,5W,7W,8W,10W,1B,2B,5B,6B,7B,8B,11B,13B,3R,6R,12R | next 5 | to B | out W",
            goal=mover_wins, miss=count_miss),
        Exercise(
            task="Three players, White is out. Red to move: destroy a stack without giving Blue a tile back.",
            why="s3 holds White's 13 and 6 and Red's 10: White's go home to White, who is out, and Red's to Red.",
            hint="s1 and s4 hold blue tiles. The 3-high stack s3 holds none.",
            solution=("s3x7",), illegal="s3x5",
            position="W:9,12 B:6,9,10 R:1,2,4,5,7,8,9,11 | s1:13R,3B s3:13W,10R,6W s4:12B,11W,8B | "
                     "x:1W,2W,3W,4W,5W,7W,8W,10W,1B,2B,5B,7B,11B,13B,3R,6R,12R,4B | next 5 | to R | out W",
            goal=destroys_giving_nothing_to(1),
            miss=lambda start, end: ("Blue got tiles back." if isinstance(_first(start, end), Destroy)
                                     else "That was not a destroy.")),
    ])

SCENES = [TILES, FIT, FLIP, MUST, NEW_STACK, DESTROY, DISCARD, DESTROY_MUST, NAMES, WIN, WHOSE_TURN, LOSE,
          ELIMINATION, OUT_TILES]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "With two players the colours are white and red; with three, white, blue and red (option “Number of "
    "players”). White starts, and play goes round in that order.",
    "A player who ends their turn with no tiles and has not won loses at once: that is how we read the rules' "
    "“you cannot make a legal move (you've run out of tiles), then you lose”.",
    "With three players, a player who loses leaves the game: their tiles stay where they are and count for "
    "nobody, and the last player left wins. If a stack holding their tiles is destroyed, those tiles go back "
    "to their tray, but they stay out.",
    "Stacks are named s1, s2, … in the order they are made, and a name is never used again.",
    "When a tile fits on a stack in several ways, it is laid the first way that fits (tile 8 face up first). "
    "This never changes what can go on it later.",
]
