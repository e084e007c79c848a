"""The Xero-G lesson: one scene per rule of RULES.md section 4, each on a position that shows it.

Every position holds the game's twelve pyramids (four each of 1, 2 and 3 pips)."""
from __future__ import annotations

from typing import Callable

from ..core import State
from ..games.xerog import (NAMES, SIZE, Flight, XeroGState, board_after, match_flight, nearest_rank, place_name,
                           read_flight, sq_name)
from .exercise import AsEntered, Entered, Exercise, Miss, Reason
from .scene import Scene

Goal = Callable[[State, State], bool]
G = "xerog"
RANK_6 = ["a6", "b6", "c6", "d6", "e6", "f6"]

# ---- goals and misses of the exercises (over the public API: pips, home rank, a win in one) -----------
FILES = "abcdef"


def _x(state: State) -> XeroGState:
    assert isinstance(state, XeroGState)
    return state


def wins_alone(start: State, end: State) -> bool:
    """The player to move has won (a draw, which both players share, is not a win)."""
    return end.over and tuple(end.winners) == (start.to_move,)


# A flight that leaves the same board as another is one move, kept under one notation: where the ship itself
# landed is read from the flight as the student entered it (AsEntered), as clicked, not from the one kept.
def flight(entered: Entered) -> str:
    """The flight entered, in notation ('' when none was)."""
    return entered[0] if entered else ""


def landing(entered: Entered) -> str:
    """Where the ship itself ended the flight entered: its last landing, before any Reprogram drop ('N' or 'S' for
    a base). A Reprogram's drop is the other pyramid's square, not the ship's."""
    return flight(entered).split(">")[0].split("-")[-1]


def flies_to_rank(rank: int) -> Goal:
    """The ship itself ends the flight on `rank` (a pyramid dropped there by a Reprogram does not count)."""
    return AsEntered(lambda start, end, entered: landing(entered)[1:] == str(rank))


def rank_miss(rank: int) -> Miss:
    """Where the ship ended instead of on `rank`, and what a Reprogram drop there is not."""
    def miss(start: State, end: State, entered: Entered) -> str:
        text = flight(entered)
        drop = f" The pyramid dropped on {text.split('>')[1]} is not the ship." if ">" in text else ""
        return f"No ship lands on rank {rank}: the ship ends on {landing(entered)}.{drop}"
    return AsEntered(miss)


def _base_miss(start: State, end: State, entered: Entered) -> str:
    """Where a flight that did not win ended: not in the opponent's base."""
    base = "North's" if start.to_move == 0 else "South's"
    return f"The ship ends on {landing(entered)}, not in {base} base, so the game goes on."


base_miss: Miss = AsEntered(_base_miss)


def home_row_is(rank: int) -> Goal:
    """After the flight, the occupied rank nearest the player who flew is `rank`."""
    return lambda start, end: _x(end).home_rank(start.to_move) == rank


def _as_mover(start: State, end: State) -> XeroGState:
    """The board `end` with the player who flew from `start` to move again (what they could fly next)."""
    board = _x(end).position_text().split()[0]
    return _x(end.game.position(f"{board} {'SN'[start.to_move or 0]}"))


def can_fly_again(square: str) -> Goal:
    """Right after the flight, on its board, the player who flew could fly the pyramid on `square`."""
    return lambda start, end: square in _as_mover(start, end).home_row_squares()


def still_hemmed(square: str) -> Miss:
    """Why the pyramid on `square` still cannot fly after the flight: the squares beside it that are taken."""
    def miss(start: State, end: State) -> str:
        f, r = FILES.index(square[0]), int(square[1])
        near = [f"{FILES[f + df]}{r + dr}" for df, dr in ((-1, 0), (1, 0), (0, 1), (0, -1))
                if 0 <= f + df < 6 and 1 <= r + dr <= 6]
        taken = [s for s in near if _x(end).position_text().split()[0].split("/")[6 - int(s[1])][FILES.index(s[0])]
                 != "0"]
        named = taken[0] if len(taken) == 1 else ", ".join(taken[:-1]) + " and " + taken[-1]
        return (f"{named} beside {square} {'is' if len(taken) == 1 else 'are all'} still taken after your flight: "
                f"the pyramid on {square} cannot take its first step.")
    return miss


def opponent_cannot_win(start: State, end: State) -> bool:
    """The game goes on, and the opponent, now to fly, has no flight into the base."""
    return not end.over and not _x(end).reaches_base()


def _reprograms(square: str | None, entered: Entered) -> bool:
    """The flight entered reprogrammed the pyramid on `square` (any pyramid when None)."""
    return ">" in flight(entered) and (square is None or landing(entered) == square)


def reprogram_stops(square: str | None = None) -> Goal:
    """The flight entered reprogrammed the pyramid on `square` (any, when None), and the opponent cannot win next."""
    return AsEntered(lambda start, end, entered: _reprograms(square, entered) and opponent_cannot_win(start, end))


def opponent_still_wins(start: State, end: State) -> str:
    """What a flight that did not stop the threat left: the opponent's winning flight."""
    if end.over:
        return "The game is over."
    win = next((str(m) for m in end.moves() if str(m).endswith(("-N", "-S"))), None)
    name = NAMES[end.to_move or 0]
    return f"{name} can still fly into the base: {win}." if win else f"{name} cannot reach the base now."


def reprogram_miss(square: str | None = None) -> Miss:
    """A flight that reprogrammed no pyramid, or another than the one on `square`, or that left the opponent a
    win."""
    def miss(start: State, end: State, entered: Entered) -> str:
        after = opponent_still_wins(start, end)
        if _reprograms(square, entered):
            return after
        if ">" not in flight(entered):
            return f"That flight reprograms no pyramid. {after}"
        return f"It reprograms the pyramid on {landing(entered)}, not the one on {square}. {after}"
    return AsEntered(miss)


def ended_in_a_draw(start: State, end: State) -> str:
    if end.over and len(end.winners) == 2:
        return "The game ended in a draw: that was the last flight before the limit, and it did not win."
    return "That flight did not win."


def home_row_now(start: State, end: State) -> str:
    return f"South's home row is now rank {_x(end).home_rank(start.to_move)}."


# ---- why a flight the rules allow is not the one they refuse, worked out on the flight as written ---------------
SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}


def _route(start: State, text: str) -> Flight | None:
    """The flight `text` as written, every square in order (None when the rules refuse it): its own route, not the
    one the game keeps for the board it leaves."""
    s, read = _x(start), read_flight(text)
    if read is None or s.explain(text) is not None:
        return None
    return match_flight(s.board, s.mover, *read)[0]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _rank(square: int) -> int:
    return square // SIZE + 1


def _ship(start: State, route: Flight) -> str:
    """'the large pyramid on e4': the ship that flies the route."""
    first = route.squares[0]
    return f"the {SIZE_WORDS[_x(start).board[first]]} pyramid on {sq_name(first)}"


def _boosts(start: State, route: Flight) -> list[str]:
    """Each boost of the route with its pips: ['2 from a2', '3 from c2']."""
    board = _x(start).board
    return [f"{board[x]} from {sq_name(x)}" for x in route.landings[:-1]]


def on_the_route(words: Callable[[State, Flight], str]) -> Reason:
    """A reason worked out on the flight as written ('' for a flight the rules refuse): it says first that the flight
    is legal, which is what a question about the illegal one asks, then why."""
    def because(start: State, choice: str) -> str:
        route = _route(start, choice)
        return "" if route is None else f"This flight is legal. {words(start, route)}"
    return because


def _into_a_base(start: State, route: Flight) -> str:
    end = route.landings[-1]
    if end < 0:
        steps = _listed([place_name(sq_name(x)) for x in route.squares[1:]])
        return (f"It flies {_ship(start, route)} into {place_name(sq_name(end))}, the base {NAMES[_x(start).mover]} "
                f"flies into: its steps are {steps}.")
    return f"It ends on {sq_name(end)}, a square of the board: it enters no base."


def _from_the_home_row(start: State, route: Flight) -> str:
    s, first = _x(start), route.squares[0]
    rank, nearest = _rank(first), s.home_rank()
    now = "" if rank == nearest else f" now that no pyramid of rank {nearest} can move"
    return f"{sq_name(first)} is on rank {rank}, {NAMES[s.mover]}'s home row{now}: {_ship(start, route)} may fly."


def _its_pips(start: State, route: Flight) -> str:
    pips = _x(start).board[route.squares[0]]
    return (f"{_ship(start, route).capitalize()} flies exactly its {pips} steps: "
            f"{_listed([sq_name(x) for x in route.squares[1:]])}.")


def _through_empty_squares(start: State, route: Flight) -> str:
    passed = [sq_name(x) for x in route.squares[1:-1]]
    if not passed:
        return f"Its one step goes straight to {sq_name(route.squares[-1])}: no square is passed."
    both = "empty" if len(passed) == 1 else "both empty" if len(passed) == 2 else "all empty"
    return f"Its steps pass {_listed(passed)}, {both}, and end on {sq_name(route.squares[-1])}."


def _ends_on_an_empty_square(start: State, route: Flight) -> str:
    end = sq_name(route.landings[-1])
    boosts = f", after boosting {_listed(_boosts(start, route))}" if len(route.landings) > 1 else ""
    return f"It ends on {end}, an empty square{boosts}: a flight ends where no pyramid stands."


def _boosts_by_pips(start: State, route: Flight) -> str:
    return (f"Each boost flies the pips of the pyramid it leaves, {_listed(_boosts(start, route))}, and the flight "
            f"ends on the empty {sq_name(route.landings[-1])}.")


def _drop_not_beyond(start: State, route: Flight) -> str:
    s, drop, at = _x(start), route.drop, route.landings[-1]
    if drop is None:
        return "It reprograms no pyramid."
    after = list(s.board)
    after[route.squares[0]], after[at] = 0, s.board[route.squares[0]]   # the ship landed, the pyramid in hand
    opponent = 1 - s.mover
    home = nearest_rank(after, opponent)
    return (f"{sq_name(drop)} is on rank {_rank(drop)}, not beyond {NAMES[opponent]}'s home row, rank {home}: the "
            f"pyramid from {sq_name(at)} may go there.")


def _no_gate_twice(start: State, route: Flight) -> str:
    n = len(route.gates)
    return f"Its {n} steps cross {n} different gates: none twice in the turn."


def _base_on_the_last_step(start: State, route: Flight) -> str:
    end = route.landings[-1]
    leg = f"the boost of {_boosts(start, route)[-1]}" if len(route.landings) > 1 else \
        f"the flight of {_x(start).board[route.squares[0]]} steps"
    if end < 0:
        return f"Its last leg, {leg}, enters {place_name(sq_name(end))} exactly with its last step."
    return f"It does not try the base: its last leg, {leg}, ends on the empty {sq_name(end)}."


def _changes_the_board(start: State, route: Flight) -> str:
    before = _x(start).board
    after = board_after(before, route.squares[0], route.landings[-1], route.drop)
    said = []
    for x in range(SIZE * SIZE):
        if before[x] == after[x]:
            continue
        if not after[x]:
            said.append(f"{sq_name(x)} is left empty")
        elif not before[x]:
            said.append(f"{sq_name(x)} gets a {SIZE_WORDS[after[x]]} pyramid")
        else:
            said.append(f"{sq_name(x)} holds a {SIZE_WORDS[after[x]]} pyramid instead of a {SIZE_WORDS[before[x]]} one")
    return f"The board changes: {_listed(said)}."


enters_no_own_base = on_the_route(_into_a_base)
from_the_home_row = on_the_route(_from_the_home_row)
flies_its_pips = on_the_route(_its_pips)
through_empty_squares = on_the_route(_through_empty_squares)
ends_on_an_empty_square = on_the_route(_ends_on_an_empty_square)
boosts_by_pips = on_the_route(_boosts_by_pips)
drops_within_reach = on_the_route(_drop_not_beyond)
crosses_no_gate_twice = on_the_route(_no_gate_twice)
enters_the_base_on_the_last_step = on_the_route(_base_on_the_last_step)
changes_the_board = on_the_route(_changes_the_board)


CREDITS = ("Xero-G was designed by Kat Costa (2019) for Looney Pyramids, after Gyges, the 1985 abstract game by "
           "Claude Leroy.")

SETUP = Scene(G, "Setting up", [
    "Twelve pyramids: four small (1 pip), four medium (2), four large (3). They belong to nobody. South first "
    "arranges two of each size on rank 1, the row nearest South.",
    "South chose 3 2 1 1 2 3 from file a to f (written setup 321123). Now North arranges rank 6.",
    "North chose 2 3 1 1 3 2. South flies first. A quick start (an option for a new game) puts 3 2 1 1 2 3 on "
    "both rows.",
], ["setup 321123", "setup 231132"], marks=[["a1", "b1", "c1", "d1", "e1", "f1"], [], []],
    your_turn="Your turn: fly a ship of rank 1. To arrange a row yourself, press Back until the empty board, then "
              "Your turn: pick a size on the right of the board, then click squares of rank 1.",
    exercises=[
        Exercise(
            "South arranged rank 1 (3 2 1 1 2 3), then North rank 6 (2 3 1 1 3 2). Which of these may come next?",
            why="Both rows are arranged, so the set-up is over, and South, who arranged first, flies first: the medium "
                "pyramid on b1 flies its 2 steps to b3.",
            hint="Who arranged a row first? That player flies first, from the row nearest them.",
            solution=("b1-b3",), illegal="a6-a4",
            position="231132/000000/000000/000000/000000/321123 S", choices=("b1-b3", "a6-a4", "setup 321123"),
            answer="b1-b3"),
    ])

GOAL = Scene(G, "The goal: fly into the other base", [
    "South wins by flying a ship into North's base (N, beyond rank 6); North flies into South's (S). The large "
    "pyramid on c4 has 3 pips: c5, c6, then the base.",
    "South flew c4-N and wins at once. From any square of rank 6 the base is one step away. Your own base is "
    "never entered.",
], ["c4-N"], position="320123/110023/023100/000000/000000/000000 S", marks=[["c4", "N"], ["N"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and win yourself: click the large "
              "pyramid on c4, then North's base at the top.",
    exercises=[
        Exercise(
            "South to fly: find the flight that wins.",
            why="The large pyramid on e4 flies e5, e6 and, with its third and last step, into North's base.",
            hint="From rank 4 North's base is 3 steps away: which pyramid of South's home row has 3 pips?",
            solution=("e4-N",), illegal="c4-N",
            position="331201/212300/102030/000000/000000/000000 S", goal=wins_alone, miss=base_miss),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="A ship never enters its own base: South flies into North's base (N), beyond rank 6.",
            hint="Look where each flight ends: which base is South's own?",
            solution=("a4-S",), illegal="a4-S",
            position="331201/212300/102030/000000/000000/000000 S", choices=("e4-N", "a4-a3", "a4-S"), answer="a4-S",
            because=enters_no_own_base),
    ])

HOME_ROW = Scene(G, "The home row", [
    "Your home row is the occupied rank nearest your side. South's is rank 1 (shaded): South may fly any "
    "pyramid there, of any size.",
    "South's small pyramid flew to c2. North's home row is rank 6, the occupied rank nearest North.",
    "North flew d6 to d5. South's home row is still rank 1, because its pyramids can still move: c2 cannot fly "
    "while one of them can.",
], ["c1-c2", "d6-d5"], options={"quick_start": True}, marks=[["a1", "b1", "c1", "d1", "e1", "f1"], ["c2"], ["c2"]],
    your_turn="Your turn: click c2 to read why it cannot fly, then fly a pyramid of rank 1.",
    exercises=[
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="c2 is not on South's home row: rank 1 is the occupied rank nearest South, and its pyramids can still "
                "move.",
            hint="South's home row is the occupied rank nearest South whose pyramids can move. Which rank is that?",
            solution=("c2-c3",), illegal="c2-c3",
            position="321023/000100/000000/000000/001000/320123 S", choices=("a1-a4", "c2-c3", "b1-b3"),
            answer="c2-c3", because=from_the_home_row),
        Exercise(
            "South to fly the medium pyramid on c1, the last of rank 1: after the flight, South's home row must be "
            "rank 3.",
            why="With ranks 1 and 2 empty, rank 3 is the occupied rank nearest South: c1-c3 lands there.",
            hint="The home row is the occupied rank nearest your side: leave ranks 1 and 2 empty.",
            solution=("c1-c3",), illegal="c1-c2",
            position="332231/000000/020300/100101/000000/002000 S", goal=home_row_is(3), miss=home_row_now),
    ])

FALLBACK = Scene(G, "When the home row cannot move", [
    "No pyramid of rank 1 can move: each is medium or large, its first step needs an empty square, and every "
    "neighbour is taken. So South's home row falls back to rank 2.",
    "South flew c2 to c4. Pyramids belong to nobody: c4 is now the pyramid nearest North, so rank 4 is North's "
    "home row.",
    "North flew it on to c6. (If no pyramid of any rank could move, the player would pass: our rule.)",
], ["c2-c4", "c4-c6"], position="000000/000000/000000/000000/112131/323232 S",
    marks=[["a1", "b1", "c1", "d1", "e1", "f1"], ["c4"], ["c6"]],
    your_turn="Your turn: fly a ship of the shaded rank. Once c2 is empty, the large pyramid on c1 can fly again "
              "and rank 1 is South's home row once more.",
    exercises=[
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="No pyramid of rank 1 can move (every square next to them is taken), so South's home row falls back "
                "to rank 2, and d1 may not fly.",
            hint="Can any pyramid of rank 1 take its first step?",
            solution=("d1-d3",), illegal="d1-d3",
            position="000000/000000/000000/000000/112131/323232 S", choices=("c2-c4", "a2-a3", "d1-d3"),
            answer="d1-d3", because=from_the_home_row),
        Exercise(
            "South to fly from rank 2, the fallback home row: fly so that, right after your flight, the large "
            "pyramid on e1 could fly again.",
            why="d1 and f1 beside e1 are taken, so e1's only first step is north, to e2. Your flight left e2 empty: "
                "e1 can fly again, and rank 1 is South's home row once more.",
            hint="e1 can step only north, to e2. Fly the pyramid on e2, and do not drop a Reprogrammed pyramid back "
                 "on e2.",
            solution=("e2-e5",), illegal="e1-e4",
            position="000000/000000/000000/000000/112131/323232 S", goal=can_fly_again("e1"), miss=still_hemmed("e1")),
    ])

PIPS = Scene(G, "A ship flies exactly its pips", [
    "A ship flies exactly its pips in steps, north, south, east or west, turning as it likes. The large "
    "pyramid on a1 (3 pips) can land on a4, b3, c2, or the pyramid on b1.",
    "South flew 3 steps and turned on the way: a2, a3, b3.",
    "North's medium pyramid flew 2 steps: e5, e4.",
], ["a1-b3", "e6-e4"], options={"quick_start": True}, marks=[["a4", "b3", "c2", "b1"], ["b3"], ["e4"]],
    your_turn="Your turn: click a ship of rank 1: the ringed squares are exactly its pips away.",
    exercises=[
        Exercise(
            "South to fly: land a ship on rank 4.",
            why="Rank 4 is three steps from rank 1, and only a large pyramid has 3 pips: a1-a4 or f1-f4.",
            hint="A ship flies exactly its pips. Which pyramids of rank 1 have 3?",
            solution=("a1-a4",), illegal="b1-b4", goal=flies_to_rank(4), miss=rank_miss(4)),
        Exercise(
            "South to fly. The medium pyramid on e1 has 2 pips. Which of these flights is illegal, and why?",
            why="A ship flies exactly its pips: the medium pyramid takes 2 steps, and 2 steps never end on the square "
                "next door, e2.",
            hint="Count the steps from e1 to each landing: the medium pyramid needs exactly 2.",
            solution=("e1-e2",), illegal="e1-e2", choices=("e1-e3", "e1-d2", "e1-e2"), answer="e1-e2",
            because=flies_its_pips),
    ])

EMPTY = Scene(G, "Passing only empty squares", [
    "A ship passes only through empty squares; only the end of a leg may hold a pyramid. b1 cannot fly at all "
    "(a1, c1, b2 are taken), and a1 cannot go a2, b2, c2: b2 is in the way.",
    "So the large pyramid flew round: a2, a3, b3.",
], ["a1-b3"], position="320023/010000/000000/000000/010000/321123 S", marks=[["b1", "b2"], ["b3"]],
    your_turn="Your turn: click a ship, then a square beyond a blocked path (c2 for South's a1, or c5 for North's "
              "a6): the message names the square in the way. Then fly another way.",
    exercises=[
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="Every 3-step way from a1 to c2 passes b2 or b1, and both hold pyramids: a ship passes only through "
                "empty squares.",
            hint="Trace the squares between a1 and each landing: are they empty?",
            solution=("a1-c2",), illegal="a1-c2",
            position="320023/010000/000000/000000/010000/321123 S", choices=("a1-b3", "a1-a4", "a1-c2"),
            answer="a1-c2", because=through_empty_squares),
        Exercise(
            "North to fly. Which of these flights is illegal, and why?",
            why="The only 3-step way from d6 to d3 runs straight down through d5, and the small pyramid on d5 is in "
                "the way.",
            hint="Look at the squares between d6 and each landing.",
            solution=("d6-d3",), illegal="d6-d3",
            position="120301/000100/000000/000000/000010/323232 N", choices=("d6-c4", "d6-d3", "d6-e4"),
            answer="d6-d3", because=through_empty_squares),
    ])

BOOST = Scene(G, "Landing on a pyramid: Rocket Boost", [
    "If a leg ends on a pyramid, the ship may take a Rocket Boost: a new leg with as many steps as that "
    "pyramid has pips. The pyramid stays where it is.",
    "South's medium ship landed on the medium pyramid on c3 and boosted 2 steps more, to e3, an empty square: "
    "the turn ends. Written c1-c3-e3, the start and each landing.",
], ["c1-c3-e3"], position="301123/000000/000000/002000/000000/312213 S", marks=[["c1", "c3"], ["c3", "e3"]],
    your_turn="Your turn: fly a ship onto a pyramid (South: c1 onto c3; North: c6 onto d6), press Rocket Boost on "
              "the right of the board, then click where the boost lands.",
    exercises=[
        Exercise(
            "South to fly: land a ship on rank 5.",
            why="No ship of rank 1 reaches rank 5 by itself: every way there lands on the medium pyramid on c3, whose "
                "Rocket Boost of 2 flies on to c5, as c1-c3-c5 does.",
            hint="Land on a pyramid first: its pips give your ship a new leg.",
            solution=("c1-c3-c5",), illegal="c1-c5",
            position="301123/000000/000000/002000/000000/312213 S", goal=flies_to_rank(5), miss=rank_miss(5)),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="A flight cannot end on a pyramid: a ship that lands on one takes a Rocket Boost or Reprograms it.",
            hint="Where does the last leg of each flight end: on an empty square or on a pyramid?",
            solution=("c1-c3",), illegal="c1-c3",
            position="301123/000000/000000/002000/000000/312213 S", choices=("c1-c3-e3", "c1-c3", "c1-c3-c5"),
            answer="c1-c3", because=ends_on_an_empty_square),
    ])

CHAIN = Scene(G, "Chained boosts", [
    "Boosts can be chained. South's small ship on a1 boosts off the four other outlined pyramids, one after "
    "another, before it ends on an empty square.",
    "Onto a medium (boost 2) to c2, a large (boost 3) to c5, a small (boost 1) to d5, a medium (boost 2) to f5, "
    "empty. Written a1-a2-c2-c5-d5-f5.",
], ["a1-a2-c2-c5-d5-f5"], position="320113/001200/000000/000000/203000/100302 S",
    marks=[["a1", "a2", "c2", "c5", "d5"], ["f5"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and fly the chain by clicks: a1, a2, "
              "Rocket Boost, c2, Rocket Boost, and so on.",
    exercises=[
        Exercise(
            "South to fly: find the flight that wins. It takes at least three Rocket Boosts.",
            why="Onto the medium pyramid on c2 (a boost of 2) to the small on d3 (a boost of 1) to the large on d4 "
                "(a boost of 3): d5, d6 and into North's base.",
            hint="Start with a ship that can land on c2, then look for pyramids whose pips carry you on to d4.",
            solution=("a1-c2-d3-d4-N",), illegal="c1-c2-d4-N",
            position="310001/000002/002330/000100/002000/321000 S", goal=wins_alone, miss=base_miss),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="Each boost flies the pips of the pyramid it starts from: the boost from the large pyramid on c2 is "
                "3 steps, and c4 is 2 steps away.",
            hint="For each boost, count the pips of the pyramid the ship boosts off.",
            solution=("a1-a2-c2-c4",), illegal="a1-a2-c2-c4",
            position="320113/001200/000000/000000/203000/100302 S",
            choices=("a1-a2-c2-c5-d5-f5", "a1-a2-c2-c4", "a1-a2-c2-c5-b5"), answer="a1-a2-c2-c4",
            because=boosts_by_pips),
    ])

REPROGRAM = Scene(G, "Reprogram: moving the pyramid you landed on", [
    "Or Reprogram the pyramid landed on: the ship stays, the pyramid goes to an empty square, not beyond the "
    "opponent's home row. North's is rank 5: rank 6 (outlined) is closed.",
    "South landed on the large pyramid on d3 and moved it to c4, in front of North's c5. Written d1-d3>c4. A "
    "reprogram ends the turn.",
    "North flew a5 down to a2. North's home row is still rank 5.",
], ["d1-d3>c4", "a5-a2"], position="000000/321123/000000/000300/000000/130221 S",
    marks=[RANK_6, ["d3", "c4"], RANK_6],
    your_turn="Your turn: land on a pyramid, press Reprogram on the right of the board, and try to drop it on "
              "rank 6: the message says why not. Then drop it where it may go.",
    exercises=[
        Exercise(
            "South to fly. North threatens to win next turn: the large pyramid on d5 can land on b4, boost onto a2 "
            "and boost into South's base. Reprogram the pyramid on d3 so that North cannot.",
            why="The medium pyramid from d3 now stands in North's way (on a1 or b2), and a ship passes only through "
                "empty squares.",
            hint="North's ship passes b2 on its way to a2, then a1 into the base. Land on d3, press Reprogram "
                 "and drop the pyramid on one of those two squares.",
            solution=("e2-d3>a1",), illegal="e2-d3>c6",
            position="000000/000300/330113/100212/200020/000000 S", goal=reprogram_stops("d3"),
            miss=reprogram_miss("d3")),
        Exercise(
            "South to fly: the ship on d1 lands on d3 and reprograms its large pyramid. Which of these flights is "
            "illegal, and why?",
            why="North's home row is rank 5, so rank 6 is beyond it: a reprogrammed pyramid may not go there.",
            hint="Which rank is North's home row? A reprogrammed pyramid may not go beyond it.",
            solution=("d1-d3>c6",), illegal="d1-d3>c6",
            position="000000/321123/000000/000300/000000/130221 S", choices=("d1-d3>c4", "d1-d3>c6", "d1-d3>d1"),
            answer="d1-d3>c6", because=drops_within_reach),
        Exercise(
            "South to fly. North's large pyramid on f6 threatens to fly f5, f4 onto the large on f3 and boost 3 into "
            "South's base. Stop it with a Reprogram.",
            why="A pyramid dropped on f4 or f2 blocks North's way, since a ship passes only through empty squares. (On "
                "f5 it would not: North would land on it and boost.)",
            hint="Land on the medium pyramid on b3 and drop it on a square North's ship must pass through.",
            solution=("b1-b3>f4",), illegal="b1-b3>f3",
            position="000003/000000/212300/121313/000000/020000 S", goal=reprogram_stops(),
            miss=reprogram_miss()),
    ])

GATES = Scene(G, "Gates: each side of a square once a turn", [
    "Each side of a square is a gate. All are open when a turn starts; a gate the ship crosses closes (red) "
    "until the turn ends. Watch North's large ship on c5 and the outlined pyramids on d5 and d4.",
    "North, east, south onto d5; boost west back through the start c5, then south, east onto d4; boost north "
    "onto d5, where only east is open: e5, e4, f4. Look at the red gates.",
], ["c5-d5-d4-d5-f4"], position="000000/203300/000100/010020/000000/321123 N",
    marks=[["c5", "d5", "d4"], ["f4"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and fly it by clicks: c5, d5, Rocket "
              "Boost, d4, Rocket Boost, d5, Rocket Boost, f4. At the end, try c5 instead of f4.",
    exercises=[
        Exercise(
            "North to fly. Which of these flights is illegal, and why?",
            why="Back on d5 after these boosts, every 3-step way from d5 to c5 crosses a gate a second time this "
                "turn; each gate is crossed at most once a turn.",
            hint="Follow the gates each flight crosses: which sides of d5 are still open when the ship lands there "
                 "the second time?",
            solution=("c5-d5-d4-d5-c5",), illegal="c5-d5-d4-d5-c5",
            position="000000/203300/000100/010020/000000/321123 N",
            choices=("c5-d5-d4-d5-f4", "c5-d5-d4-d5-c5", "c5-d5-d4>c3"), answer="c5-d5-d4-d5-c5",
            because=crosses_no_gate_twice),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="The ship reached b3 through the gate between b2 and b3; the boost back to b2 would cross that gate a "
                "second time in one turn.",
            hint="Which gate did the ship cross to reach b3?",
            solution=("b1-b3-b2",), illegal="b1-b3-b2",
            position="333322/211100/000000/010000/000000/020000 S", choices=("b1-b3-a3", "b1-b3-b2", "b1-b3-b4"),
            answer="b1-b3-b2", because=crosses_no_gate_twice),
        Exercise(
            "South to fly: find the flight that wins.",
            why="The large pyramid on c2 flies round by c1 and d1 onto d2; its boost of 2 passes back through c2, "
                "empty once left, by a gate not crossed yet, onto c3; then boosts of 1 (to c4) and 3 (c5, c6, the "
                "base).",
            hint="A ship may pass its own start square again through a gate it has not crossed. Fly the large pyramid "
                 "on c2 round onto d2 first.",
            solution=("c2-d2-c3-c4-N",), illegal="c2-d2-c1",
            position="000000/310030/203000/221101/003200/000000 S", goal=wins_alone, miss=base_miss),
    ])

BASE_LAST = Scene(G, "Into the base: on the last step only", [
    "A ship enters the base only with the last step of a leg: never through it, never stopping short. From any "
    "square of rank 6 the base is one step.",
    "a2, a3 onto the medium on a4; its boost of 2 (a5, a6) onto the small on a6; its boost of 1 exactly into "
    "North's base. South wins: a1-a4-a6-N.",
], ["a1-a4-a6-N"], position="103321/000000/200000/000000/000000/321123 S",
    marks=[["a1", "a4", "a6"], ["N"]],
    your_turn="Your turn: press Back until the first step, then Your turn: click a1, a4, Rocket Boost, then North's "
              "base. The boost of 2 ends one step short of it, so the board says no.",
    exercises=[
        Exercise(
            "South to fly: find the flight that wins.",
            why="a2 lands on the medium pyramid on a4 and boosts 2 onto the large on b5, whose boost of 3 (a5, a6, "
                "then the base) enters North's base exactly on its last step.",
            hint="From a4 a boost of 2 ends one step short of the base: find a pyramid whose boost ends exactly in it.",
            solution=("a2-a4-b5-N",), illegal="a2-a4-N",
            position="000003/031010/200020/001000/220133/000000 S", goal=wins_alone, miss=base_miss),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="The boost of 2 from a4 reaches a6, one step short of the base: a ship enters the base only with the "
                "last step of a leg, never stopping short.",
            hint="Count the steps from a4 into the base: the base is one step beyond rank 6.",
            solution=("a1-a4-N",), illegal="a1-a4-N",
            position="103321/000000/200000/000000/000000/321123 S", choices=("a1-a4-a6-N", "a1-a4-N", "a1-a4-b5"),
            answer="a1-a4-N", because=enters_the_base_on_the_last_step),
    ])

CHANGE = Scene(G, "The board must change", [
    "The board must change. c1 could land on the large pyramid on d1 and boost 3 round d2, c2, back to c1, "
    "leaving the board as before: not allowed. Nor is swapping equal pyramids.",
    "South boosted 3 steps to c3 instead (d2, d3, c3): the board changed, so the flight is legal.",
], ["c1-d1-c3"], position="321123/000000/000000/000000/000000/321312 S", marks=[["c1", "d1"], ["c3"]],
    your_turn="Your turn: press Back until the first step, then Your turn: click c1, d1, Rocket Boost, then c1, and "
              "read the message.",
    exercises=[
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="The boost of 3 from d1 round d2 and c2 back to c1 leaves every square as it was: the board must "
                "change.",
            hint="Compare the board before and after each flight.",
            solution=("c1-d1-c1",), illegal="c1-d1-c1",
            position="321123/000000/000000/000000/000000/321312 S", choices=("c1-d1-c3", "c1-d1-c1", "c1-d1>c1"),
            answer="c1-d1-c1", because=changes_the_board),
        Exercise(
            "South to fly. Which of these flights is illegal, and why?",
            why="The small ship would stand on d1 and the small pyramid from d1 on c1: two equal pyramids swapped "
                "leave the board as it was.",
            hint="Look at the sizes: is anything different after each flight?",
            solution=("c1-d1>c1",), illegal="c1-d1>c1", options={"quick_start": True},
            choices=("c1-d1>c1", "c1-d1>c2", "c1-d1-d2"), answer="c1-d1>c1", because=changes_the_board),
    ])

DRAW = Scene(G, "A draw by repetition (our rule)", [
    "Our rule, for games against the computer: the same position (same pyramids, same player to fly) for the "
    "third time is a draw; so is a game of 300 flights. Both are options.",
    "South flies a1 to b1.",
    "North flies f6 to e6.",
    "South flies back to a1.",
    "North flies back to f6: the starting position, for the second time.",
    "Again a1 to b1,",
    "f6 to e6,",
    "b1 to a1,",
    "and e6 to f6: the same position for the third time. The game is a draw.",
], ["a1-b1", "f6-e6", "b1-a1", "e6-f6", "a1-b1", "f6-e6", "b1-a1", "e6-f6"],
    position="000001/000000/332233/002211/000000/100000 S",
    your_turn="Your turn: press Back to an earlier step, then Your turn, and fly another way to avoid the draw.",
    exercises=[
        Exercise(
            "In this game the option “A draw after this many flights” is 1: the game is a draw after this flight "
            "unless it wins. South to fly: win now.",
            why="b3 flies b4, b5 onto the small pyramid on b6, whose boost of 1 enters North's base: a win ends the "
                "game before the draw is counted.",
            hint="A boost of 1 from rank 6 enters the base. Which pyramid of rank 6 can the large pyramid on b3 land "
                 "on?",
            solution=("b3-b6-N",), illegal="b3-N",
            position="212121/300303/200000/030010/000000/000000 S", options={"max_plies": 1}, goal=wins_alone,
            miss=ended_in_a_draw),
    ])

SCENES = [GOAL, SETUP, HOME_ROW, FALLBACK, PIPS, EMPTY, BOOST, CHAIN, REPROGRAM, GATES, BASE_LAST, CHANGE, DRAW]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "The first player arranges their back row, then the second player, then the first player flies. Who goes "
    "first is an option (“Who arranges a row and flies first”); a quick start with both rows 3 2 1 1 2 3 is "
    "another.",
    "If no pyramid of any rank can move, the player passes.",
    "When a ship reprograms a pyramid, the opponent's home row is read with the ship on its landing square and "
    "the pyramid in hand.",
    "Two flights that leave the same board are the same move; every flight into the base is the same move, "
    "the win.",
    "A position (the same pyramids, the same player to fly) seen for the third time is a draw (option “A "
    "position seen this many times is a draw”, which may be never).",
    "A game is a draw after 300 flights (option “A draw after this many flights”, which may be no limit).",
]
