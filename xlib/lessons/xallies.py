"""The XAllies lesson: one scene per rule, each on a position that shows it, and exercises that check it.

Every exercise's goal reads the position after the mover's whole turn (the sowing and every drop) through the
game's public API: the ledger's alliances and wasted black pieces, points and white pieces. So every right
answer counts, whichever well, direction or order of drops reaches it."""
from __future__ import annotations

from typing import Callable, Sequence, cast

from ..core import State
from ..games.xallies import COLOUR_NAMES, WELLS, Claim, Sow, XAlliesState
from .exercise import Exercise, Goal, Miss, Reason, mover_wins
from .scene import Scene

G = "xallies"


# ---- what a turn did, read from the game's ledger --------------------------------------------------
def _x(state: State) -> XAlliesState:
    return cast(XAlliesState, state)


def _mover(start: State) -> int:
    return start.to_move or 0


def new_alliances(start: State, end: State) -> tuple[Claim, ...]:
    """The black pieces claimed by alliances during the turn from `start` to `end`."""
    return _x(end).ledger.claimed[len(_x(start).ledger.claimed):]


def new_wastes(start: State, end: State) -> tuple[int, ...]:
    """The wells whose black piece was wasted during the turn."""
    return tuple(w.well for w in _x(end).ledger.wasted[len(_x(start).ledger.wasted):])


def whites_taken(start: State, end: State) -> int:
    """White pieces the mover took during the turn."""
    p = _mover(start)
    return _x(end).whites[p] - _x(start).whites[p]


def _names(players: Sequence[int]) -> str:
    """Colour names joined in plain words: "blue", "blue and green", "blue, purple and green"."""
    words = [COLOUR_NAMES[p] for p in players]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def what_happened(start: State, end: State) -> str:
    """What the turn did, in the game's words: alliances, waste and white pieces (or that nothing happened)."""
    said = [f"{_names(c.coalition).capitalize()} formed an alliance in well {c.well}: +3 each to {_names(c.coalition)}."
            for c in new_alliances(start, end)]
    wasted = new_wastes(start, end)
    if len(wasted) == 1:
        said.append(f"The black piece of well {wasted[0]} was wasted: every player's colour was in it.")
    elif wasted:
        wells = ", ".join(map(str, wasted[:-1])) + f" and {wasted[-1]}"
        said.append(f"The black pieces of wells {wells} were wasted: every player's colour was in each.")
    taken, denied = whites_taken(start, end), len(_x(end).ledger.denied) - len(_x(start).ledger.denied)
    who = COLOUR_NAMES[_mover(start)].capitalize()
    if taken:
        said.append(f"{who} took {'a white piece' if taken == 1 else f'{taken} white pieces'}.")
    if denied:
        said.append(f"{who} crossed into another region, but the supply was empty: no white piece.")
    return " ".join(said) or "That turn scored nothing, wasted nothing and took no white piece."


# ---- why a sowing is not the answer to a question, from the engine's own sowing ------------------------------
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def sown(start: State, choice: str) -> str:
    """Where a sowing drops its pieces, as the engine sows it: 'Counter-clockwise from well 7, the three purple
    pieces drop into wells 6, 5 and 4', or, with several colours, each drop in order."""
    move, drops = start.parse(choice), _x(start).sowing(choice)
    assert isinstance(move, Sow)
    way = "Clockwise" if move.step == 1 else "Counter-clockwise"
    colours = {d.colour for d in drops}
    if len(colours) > 1:
        said = _listed([f"{COLOUR_NAMES[d.colour]} into well {d.well}" for d in drops])
        return f"{way} from well {move.well}, it drops {said}"
    colour = COLOUR_NAMES[drops[0].colour]
    if len(drops) == 1:
        return f"{way} from well {move.well}, the {colour} piece drops into well {drops[0].well}"
    return (f"{way} from well {move.well}, the {NUMBERS[len(drops)]} {colour} pieces drop into wells "
            f"{_listed([str(d.well) for d in drops])}")


def _holding(state: State, well: int) -> str:
    """The colours in a well, in words: 'blue with purple', 'purple alone'."""
    counts, _ = _x(state).well(well)
    here = [COLOUR_NAMES[c] for c, k in enumerate(counts) if k]
    return f"{here[0]} alone" if len(here) == 1 else f"{here[0]} with {_listed(here[1:])}"


def _alliance(start: State, choice: str, end: State) -> str:
    made = [f"{_names(c.coalition).capitalize()} make an alliance in well {c.well}" for c in new_alliances(start, end)]
    wasted = new_wastes(start, end)
    if made:
        return "; ".join(made) + "."
    if wasted:
        return (f"Well {_listed([str(w) for w in wasted])} gets every player's colour: its black piece is wasted, "
                f"and no alliance is made.")
    return "No well holds exactly two pieces of each colour in it: no alliance is made."


def _waste(start: State, choice: str, end: State) -> str:
    wells = dict.fromkeys(d.well for d in _x(start).sowing(choice))
    held = "Afterwards " + _listed([f"well {w} holds {_holding(end, w)}" if k == 0 else f"well {w} {_holding(end, w)}"
                                    for k, w in enumerate(wells)])
    wasted = new_wastes(start, end)
    if wasted:
        return f"{held}: the black piece of well {_listed([str(w) for w in wasted])} is wasted."
    return f"{held}: no well gets all three colours, so nothing is wasted."


def _whites(start: State, choice: str, end: State) -> str:
    who = COLOUR_NAMES[_mover(start)]
    taken = whites_taken(start, end)
    if taken:
        return f"{who.capitalize()} takes {'a white piece' if taken == 1 else f'{NUMBERS[taken]} white pieces'}."
    if len(_x(end).ledger.denied) > len(_x(start).ledger.denied):
        return f"A {who} piece crosses into another region, but the supply is empty: no white piece."
    return f"No {who} piece lands in the first well of another region, so {who} takes no white piece."


def _play_ends(start: State, choice: str, end: State) -> str:
    left = [w for w in range(WELLS) if _x(end).well(w)[1]]
    if not left:
        return "The last black piece goes, so play ends."
    return f"The black piece of well {_listed([str(w) for w in left])} stays, so play goes on."


#: what a sowing's reason says after its drops, by the question asked: what an alliance, waste, white pieces or
#: the end of play are made of, read from the ledger and the wells after the turn
AFTER: dict[str, Callable[[State, str, State], str]] = {"alliance": _alliance, "waste": _waste, "whites": _whites,
                                                   "end": _play_ends}


def sowing_reason(about: str = "") -> Reason:
    """Why a sowing is not the answer: where the engine drops its pieces, then (when `about` names one of AFTER)
    what the turn did about the question ('' for a sowing the rules refuse)."""
    def because(start: State, choice: str) -> str:
        if start.explain(choice) is not None:
            return ""
        end = start.play(choice)
        if end.to_move == start.to_move and not end.over:   # the drops still to choose: no whole turn
            return ""
        after = f" {AFTER[about](start, choice, end)}" if about else ""
        return f"{sown(start, choice)}.{after}"
    return because


# ---- goals ----------------------------------------------------------------------------------------
def alliance_of(*players: int) -> Goal:
    """The turn made an alliance of exactly these players (colour numbers: 0 blue, 1 purple, 2 green, 3 grey)."""
    wanted = set(players)
    return lambda start, end: any(set(c.coalition) == wanted for c in new_alliances(start, end))


def alliance_where(test: Callable[[int, tuple[int, ...]], bool]) -> Goal:
    """The turn made an alliance whose players pass `test(mover, coalition)`."""
    return lambda start, end: any(test(_mover(start), c.coalition) for c in new_alliances(start, end))


def no_waste(start: State, end: State) -> bool:
    """No black piece was wasted this turn."""
    return not new_wastes(start, end)


def takes_whites(k: int) -> Goal:
    """The mover took at least `k` white pieces this turn."""
    return lambda start, end: whites_taken(start, end) >= k


def mover_scores(start: State, end: State) -> bool:
    """The mover's points went up this turn (only an alliance gives points)."""
    p = _mover(start)
    return _x(end).points[p] > _x(start).points[p]


def more_in_region(colour: int, region: int) -> Goal:
    """The turn put more pieces of `colour` into the wells of player `region`'s region."""
    def count(state: State) -> int:
        s = _x(state)
        return sum(s.well(w)[0][colour] for w in s.game.regions[region])
    return lambda start, end: count(end) > count(start)


def _miss(prefix: str) -> Miss:
    """A wrong answer's sentence: what the exercise wanted, then what the turn actually did."""
    return lambda start, end: f"{prefix} {what_happened(start, end)}"


START = "0:bb* 1:bb* 2:bb* 3:bb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to b"
# the ALLIANCE scene before blue's second turn: blue can ally with purple or with green, or waste
ROUND_TWO = "0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* ; to b ; whites 1 1 1 ; " \
            "supply 9 ; turn 3"

SETUP = Scene(G, "Set-up and turn order", [
    "Twelve wells on a circle. Each well holds one black piece (*) and two pieces of the colour of its "
    "region: blue owns wells 0–3, purple 4–7, green 8–11. Blue starts.",
    "Blue sowed well 3 clockwise: its two blue pieces went into wells 4 and 5. A piece of your own colour "
    "landing in the first well of another region (well 4) earns a white piece.",
    "Then purple, in turn order: the two purple pieces of well 7 go into wells 8 and 9.",
    "Then green, and the round starts again with blue.",
], ["3+:bb", "7+:pp", "11+:gg"], your_turn="Your turn: click a well of the player to move (outlined in orange), then "
                                              "the well next to it in the direction you want to sow.",
    exercises=[
        Exercise(
            "Blue to move: sow one of your wells so that blue takes a white piece.",
            why="A blue piece landed in the first well of another player's region, so blue took a white piece "
                "from the supply.",
            hint="The first wells of your neighbours' regions are well 4 (clockwise, purple's) and well 11 "
                 "(counter-clockwise, green's). Which of your sowings drops a blue piece there?",
            solution=("3+",), illegal="4+", position=START,
            goal=takes_whites(1), miss=_miss("No blue piece crossed into another region.")),
        Exercise(
            "Blue has just sown. Purple to move: which of these sowings may purple play?",
            why="Purple sows only from its own wells, 4 to 7: the wells of blue and green are theirs alone.",
            hint="Each player sows only from the wells of their own region. Which wells are purple's?",
            solution=("6+",), illegal="0+",
            position="0:bb* 1:bb* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to p ; "
                     "whites 1 0 0 ; supply 11 ; turn 1",
            choices=("0+", "6+", "9+"), answer="6+"),
    ])

DIRECTIONS = Scene(G, "Sowing either way", [
    "You sow from one of your own wells, in either direction, and keep that direction. Watch blue sow well 1 "
    "counter-clockwise (1-).",
    "The pieces went into wells 0 and 11; the black piece of well 1 stays, as black pieces never move. The "
    "blue piece in well 11 crossed into green's region: blue took a white piece.",
    "Purple sows well 5 clockwise (5+): wells 6 and 7.",
], ["1-:bb", "5+:pp"], exercises=[
    Exercise(
        "Blue to move. Which sowing drops blue's two pieces into wells 0 and 11?",
        why="1- sows well 1 counter-clockwise: its two pieces go into the next wells that way, 0 and then 11.",
        hint="Counter-clockwise (-) counts the wells down: after 1 come 0, then 11.",
        solution=("1-",), illegal="11+", position=START,
        choices=("1+", "1-", "0-"), answer="1-",
        because=sowing_reason()),
    Exercise(
        "Green to move: sow so that a green piece lands in purple's region (wells 4–7).",
        why="Sowing counter-clockwise from well 8 or 9 reaches well 7, the last well of purple's region.",
        hint="Purple's region lies just before green's: sow counter-clockwise (-) from a well near it.",
        solution=("8-",), illegal="7-",
        position="0:bbb* 1:* 2:bb* 3:bb* 4:pp* 5:* 6:ppp* 7:ppp* 8:gg* 9:gg* 10:gg* 11:bgg* ; to g ; "
                 "whites 1 0 0 ; supply 11 ; turn 2",
        goal=more_in_region(2, 1), miss=_miss("No green piece reached purple's region.")),
])

ALLIANCE = Scene(G, "An alliance of two pairs", [
    "Black pieces score only through alliances. Watch well 4.",
    "Blue sows well 3: well 4 now holds one blue and two purple pieces.",
    "Purple sows well 7.",
    "Green sows well 11.",
    "Blue sows well 2: well 4 holds exactly two blue and two purple pieces and nothing else. That is an "
    "alliance: the black piece is removed and both blue and purple score 3 points.",
], ["3+:bb", "7+:pp", "11+:gg", "2+:bb"], exercises=[
    Exercise(
        "Blue to move: make an alliance of blue and purple, so that both score 3.",
        why="The well now holds exactly two blue and two purple pieces and nothing else: blue and purple "
            "each score 3.",
        hint="Well 4 holds one blue and two purple pieces. Which sowing drops one more blue piece there?",
        solution=("2+",), illegal="3+", position=ROUND_TWO,
        goal=alliance_of(0, 1), miss=_miss("That was no alliance of blue and purple.")),
    Exercise(
        "Blue to move: make an alliance of blue and green.",
        why="The well now holds exactly two blue and two green pieces: blue and green each score 3. The order "
            "of the drops decided it.",
        hint="Wells 0 and 1 each hold two blue pieces and one green. Sow one of them so that a green piece "
             "lands first, in the other one.",
        solution=("0+", "g"), illegal="0+:ggb", position=ROUND_TWO,
        goal=alliance_of(0, 2), miss=_miss("That was no alliance of blue and green.")),
    Exercise(
        "Blue to move. Which of these turns makes an alliance? (The letters after the colon are the drops, "
        "in order.)",
        why="1+:bgb drops blue into well 2, green into well 3 and blue into well 4: well 4 then holds two blue "
            "and two purple pieces.",
        hint="Follow each drop. Well 4 holds one blue and two purple pieces: it needs one more blue piece, and "
             "no green one.",
        solution=("1+:bgb",), illegal="1+:bpb", position=ROUND_TWO,
        choices=("1+:bbg", "1+:bgb", "0-:bgb"), answer="1+:bgb",
        because=sowing_reason("alliance")),
])

THREE_PAIRS = Scene(G, "Three pairs (four players)", [
    "With four players grey joins (letter y), and each region has three wells. Well 7 holds two blue, two "
    "purple and one green piece. Green is about to sow well 6 clockwise.",
    "Well 7 now holds exactly two pieces of each of three colours: an alliance of three players, who each "
    "score 3. With three players this cannot happen: all three colours in a well waste its black piece.",
], ["6+"], position="0:bb* 1:bb* 2:* 3:pp* 4:pp* 5:* 6:g* 7:bbppg* 8:ggg* 9:yy* 10:yy* 11:yyg* ; to g",
    options={"players": 4}, marks=[["7"], ["7"]], exercises=[
        Exercise(
            "Green to move: make an alliance of three players.",
            why="Well 7 now holds exactly two blue, two purple and two green pieces: three players score 3 each.",
            hint="Well 7 holds two blue, two purple and one green piece. Drop one more green piece there.",
            solution=("8-",), illegal="9+",
            position="0:bb* 1:bb* 2:* 3:pp* 4:pp* 5:* 6:g* 7:bbppg* 8:ggg* 9:yy* 10:yy* 11:gyy* ; to g",
            goal=alliance_where(lambda mover, players: len(players) == 3),
            miss=_miss("That was no alliance of three players.")),
        Exercise(
            "Green to move: make an alliance that pays green and grey, and nobody else.",
            why="Well 11 now holds exactly two green and two grey pieces: green and grey score 3 each.",
            hint="Well 11, in grey's region, holds one green and two grey pieces.",
            solution=("8+",), illegal="11+",
            position="0:bb* 1:bb* 2:* 3:pp* 4:pp* 5:* 6:g* 7:bbppg* 8:ggg* 9:yy* 10:yy* 11:gyy* ; to g",
            goal=alliance_of(2, 3), miss=_miss("That was no alliance of green and grey.")),
    ])

PAYS_OTHERS = Scene(G, "An alliance that pays other players", [
    "Blue's well 3 holds a single purple piece, and well 4 holds one purple and two green pieces.",
    "Blue sowed the purple piece into well 4: two purple and two green. Purple and green each score 3; blue, "
    "who made it happen, scores nothing. Would you help your neighbours like that?",
], ["3+"], position="0:bb* 1:bb* 2:bb* 3:p* 4:pgg* 5:bbp* 6:pp* 7:ppp* 8:gg* 9:g* 10:gg* 11:g* ; to b",
    exercises=[
        Exercise(
            "Blue to move. Which of these sowings pays purple and green, and gives blue nothing?",
            why="3+ drops the purple piece into well 4: two purple and two green make an alliance of purple and "
                "green. Blue is not in it, so blue scores nothing.",
            hint="An alliance pays the colours in the well, not the player who sowed.",
            solution=("3+",), illegal="4+",
            position="0:bb* 1:bb* 2:bb* 3:p* 4:pgg* 5:bbp* 6:pp* 7:ppp* 8:gg* 9:g* 10:gg* 11:g* ; to b",
            choices=("2+", "3+", "0-"), answer="3+",
            because=sowing_reason("alliance")),
        Exercise(
            "Green to move: make an alliance that pays blue and purple. Green scores nothing from it.",
            why="The blue piece of well 8 made two blue and two purple pieces in well 7: blue and purple score 3 "
                "each, green nothing. Perhaps they return the favour.",
            hint="Well 7 holds one blue and two purple pieces, and green's well 8 holds one blue piece.",
            solution=("8-",), illegal="7-",
            position="0:bb* 1:bb* 2:b* 3:b* 4:pp* 5:pp* 6:pp* 7:bpp* 8:b* 9:ggg* 10:ggg* 11:gg* ; to g",
            goal=alliance_of(0, 1), miss=_miss("That was no alliance of blue and purple.")),
    ])

WASTE = Scene(G, "Waste", [
    "Well 4 holds a blue and a purple piece. Blue's well 3 holds a green piece.",
    "Now every player's colour is in well 4, and they are not all pairs: the black piece is removed and "
    "scores nothing. It is wasted, like a shared resource nobody can use any more.",
], ["3+"], position="0:bb* 1:bb* 2:bbb* 3:g* 4:bp* 5:ppp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:g* ; to b",
    exercises=[
        Exercise(
            "Purple to move: sow without wasting a black piece.",
            why="No well with a black piece got all three colours: nothing was wasted.",
            hint="Wells 0, 3, 5, 6 and 8 already hold two colours: one piece of the missing colour wastes them. "
                 "Where a hand holds two colours, choose which drop lands where.",
            solution=("4+",), illegal="3+",
            position="0:bg* 1:bb* 2:bb* 3:bp* 4:pp* 5:pg* 6:bp* 7:ppp* 8:bg* 9:gg* 10:gg* 11:g* ; to p",
            goal=no_waste, miss=_miss("A black piece went for nothing.")),
        Exercise(
            "Purple to move. Which of these sowings wastes a black piece?",
            why="6+:bp drops blue into well 7, then purple into well 8, which already holds blue and green: "
                "all three colours, so its black piece is wasted.",
            hint="Follow each drop, and look for a well that ends up with blue, purple and green in it.",
            solution=("6+:bp",), illegal="6+:pp",
            position="0:bg* 1:bb* 2:bb* 3:bp* 4:pp* 5:pg* 6:bp* 7:ppp* 8:bg* 9:gg* 10:gg* 11:g* ; to p",
            choices=("6+:pb", "6+:bp", "4+", "7-"), answer="6+:bp",
            because=sowing_reason("waste")),
    ])

WHITES = Scene(G, "White pieces for crossing into another region", [
    "Blue's well 3 holds seven blue pieces. Each time a blue piece lands in the first well past a region "
    "boundary, blue takes a white piece from the supply.",
    "Blue crossed into purple's region (well 4) and into green's (well 8): two white pieces. White pieces "
    "belong to one player alone: they are the individual's reward.",
], ["3+"], position="0:b* 1:* 2:* 3:bbbbbbb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to b",
    exercises=[
        Exercise(
            "Purple to move: take a white piece.",
            why="A purple piece landed in the first well past purple's region: purple took a white piece.",
            hint="Wells 4 and 7 are at the edges of purple's region. Each holds a purple piece and another "
                 "colour: drop the purple one first, over the edge.",
            solution=("7+", "p"), illegal="8+",
            position="0:bp* 1:bbp* 2:bp* 3:bp* 4:bp* 5:gg* 6:bb* 7:gp* 8:pg* 9:gg* 10:pg* 11:g* ; to p",
            goal=takes_whites(1), miss=_miss("No purple piece landed just past purple's region.")),
        Exercise(
            "Blue to move. Which of these sowings earns blue a white piece?",
            why="0- drops a blue piece into well 11, the first well of green's region. 3+ also crosses a "
                "border, but with a green piece: only your own colour earns a white piece.",
            hint="Only a piece of your own colour earns a white piece when it crosses into another region.",
            solution=("0-",), illegal="3+:b",
            position="0:bb* 1:bb* 2:bb* 3:g* 4:pp* 5:pp* 6:pp* 7:pp* 8:bg* 9:bg* 10:ggg* 11:gg* ; to b",
            choices=("3+", "1+", "0-"), answer="0-",
            because=sowing_reason("whites")),
    ])

EMPTY_SUPPLY = Scene(G, "When the supply is empty", [
    "The supply of white pieces is empty (a class may also play with an unlimited supply: an option).",
    "Blue crossed into purple's region, but there was no white piece left to take: blue gets nothing for "
    "that crossing.",
], ["3+"], position="0:bb* 1:bb* 2:bb* 3:bb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to b ; supply 0",
    exercises=[
        Exercise(
            "The supply is empty. Blue to move: score points this turn.",
            why="With no white pieces left, only an alliance pays: blue is in it and scores 3.",
            hint="Crossing earns nothing now. Well 4 holds one blue and two purple pieces; wells 0 and 1 hold two "
                 "blue pieces and one green.",
            solution=("2+",), illegal="3+",
            position="0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* 11:* ; to b ; "
                     "whites 4 4 4 ; supply 0 ; turn 3",
            goal=mover_scores, miss=_miss("Blue scored nothing.")),
        Exercise(
            "This class plays with an unlimited supply. Blue to move: take three white pieces in one turn.",
            why="The nine pieces of well 3 reach wells 4, 8 and 0, the first wells of purple's, green's and "
                "blue's regions: with a blue piece on each, blue took three white pieces.",
            hint="Sow well 3 clockwise: its pieces cross into wells 4, 8 and 0. Keep the purple piece away from "
                 "those three wells.",
            solution=("3+", "b", "p"), illegal="0+",
            position="0:* 1:* 2:* 3:bbbbbbbbp* 4:pp* 5:pp* 6:pp* 7:p* 8:gg* 9:gg* 10:gg* 11:gg* ; to b ; "
                     "supply -",
            goal=takes_whites(3), miss=_miss("That was not three white pieces.")),
    ])

# the last black piece: blue wins only by an alliance with green (shots scored at their expected value)
LAST_PIECE = "0:bb 1:bb 2:bpp 3:bb 4:bgg* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11: ; to b ; points 12 12 9 ; " \
             "whites 2 4 0 ; supply 6 ; turn 60"

THE_END = Scene(G, "The end: shooting and scoring", [
    "One black piece is left, in well 4. When it goes, play ends after the turn.",
    "Blue and purple claimed the last black piece: play is over. Each white piece is one shot, +1 if it lands "
    "(here by chance, half the time). Score: 3 per alliance you were in, plus your hits.",
], ["3+"], position="0:bb 1:bb 2:b 3:b 4:bpp* 5:bp 6:ppp 7:pp 8:gg 9:gg 10:gg 11:gg ; to b ; points 12 9 6 ; "
                     "whites 3 2 4 ; supply 3 ; turn 45", marks=[["4"], ["4"]], exercises=[
    Exercise(
        "One black piece is left, in well 4. Each white piece counts half a point here (a shot lands half the "
        "time). Blue to move: end play so that blue wins.",
        why="An alliance with green gives blue 3 points and purple none: blue ends ahead of purple, who has "
            "more white pieces.",
        hint="Count the scores: purple has more white pieces. Wasting the last black piece, or sharing it with "
             "purple, leaves purple ahead. Who else could share it with blue?",
        solution=("3+",), illegal="4+", position=LAST_PIECE, options={"shooting": "expected"},
        goal=mover_wins, miss=lambda start, end: (
            f"{what_happened(start, end)} "
            + ("Play goes on." if not end.over else
               f"The winner is {_names(end.winners)}, not blue."))),
    Exercise(
        "One black piece is left, in well 4. Blue to move: which of these sowings ends play?",
        why="3+ drops a blue piece into well 4: two blue and two green make an alliance, the last black piece "
            "goes, and play ends after the turn.",
        hint="Play ends when the last black piece leaves the board. Which sowing reaches well 4?",
        solution=("3+",), illegal="3+:bg", position=LAST_PIECE, options={"shooting": "expected"},
        choices=("3-", "0+", "3+"), answer="3+",
        because=sowing_reason("end")),
])

SCENES = [SETUP, DIRECTIONS, ALLIANCE, THREE_PAIRS, PAYS_OTHERS, WASTE, WHITES, EMPTY_SUPPLY, THE_END]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "Black pieces never move: only coloured pieces are picked up and sown.",
    "The mover chooses the colour of every drop (option “Order of the drops”: your own colour first, then "
    "the others in turn order, is the other choice).",
    "After each drop the white piece is checked first, then the black piece: alliance, or else waste.",
    "When a well holds 12 or more pieces, the sowing skips the well it came from on every lap.",
    "The supply holds 12 white pieces (option “White pieces in the supply”, which may also be unlimited).",
    "Play also ends after 120 rounds (an option); black pieces left then score nobody anything.",
    "A shot lands with the shooter's skill, 0.5 by default (an option, one number or one per player); "
    "shots can be drawn by chance, scored at their expected value, or shot by the players themselves.",
    "A player with no coloured piece in their region passes; a pass counts as a turn.",
]
