"""The X lesson: one scene per rule, on positions that show it, and the rule sheet's scores on real games.

The rule-sheet figures (Mark Steere's) are redrawn on this board: corners a1 (top left), i1 or f1
(top right), a9 or a6 (bottom left), i9 or f6 (bottom right)."""
from __future__ import annotations

from ..core import State
from ..games.x import NAMES, XState, winner
from .exercise import Exercise, Goal, Miss, Reason, turn_moves
from .scene import Scene

G = "x"
QUICK = {"size": 6}
RED, YELLOW, GREEN = 0, 1, 2

CREDIT = ("X was designed by Mark Steere in August 2009. The rules here follow his rule sheet, which invites "
          "anyone to program the game as long as it keeps its name and rules and is credited to him; his other "
          "games are at marksteeregames.com.")


# ---- what the exercises check, over the public API of X -------------------------------------------
def _x(state: State) -> XState:
    assert isinstance(state, XState), "the X lesson's exercises are checked on X positions"
    return state


def _who(colour: int | None) -> str:
    return "nobody" if colour is None else NAMES[colour]


def leader(state: State) -> int | None:
    """Who would win if the game ended now: the largest count of corners nobody shares (None: every count shared)."""
    counts = tuple(int(c) for c in state.scores)
    if not any(counts.count(c) == 1 for c in counts):
        return None
    return winner(counts)


def groups(state: State, colour: int) -> int:
    """How many separate groups `colour` has."""
    s = _x(state)
    seen: set[str] = set()
    count = 0
    for cell in s.game.names:
        if s.stone(cell) == colour and cell not in seen:
            seen.update(s.group(cell))
            count += 1
    return count


def takes(corner: str) -> Goal:
    """The player to move owns `corner` after the turn (by any path, or by the corner cell)."""
    def goal(start: State, end: State) -> bool:
        return _x(end).corners[corner] == start.to_move
    return goal


def decides(corner: str) -> Goal:
    """The player to move owns `corner` for good after the turn: nobody else could ever take it."""
    def goal(start: State, end: State) -> bool:
        return _x(end).final_corners[corner] == start.to_move
    return goal


def keeps(corner: str) -> Goal:
    """The player to move still owns `corner` whatever the next player does with one stone."""
    def goal(start: State, end: State) -> bool:
        return _x(end).corners[corner] == start.to_move and all(
            _x(end.play(m)).corners[corner] == start.to_move for m in end.moves())
    return goal


def takes_the_lead(start: State, end: State) -> bool:
    """The player to move would win if the game ended after the turn."""
    return leader(end) == start.to_move


def owner_now(corner: str) -> Miss:
    """What a wrong move left: who owns `corner` now."""
    def miss(start: State, end: State) -> str:
        owner = _x(end).corners[corner]
        if owner is None:
            return f"Nobody owns corner {corner} yet: no group joins its two sides."
        if owner == start.to_move and _x(end).final_corners[corner] is None:
            return f"Corner {corner} is {NAMES[owner]}'s for now, but another player could still get around it."
        return f"Corner {corner} is still {NAMES[owner]}'s."
    return miss


def reply_takes(corner: str) -> Miss:
    """What a wrong move left: the next player's stone that takes `corner`."""
    def miss(start: State, end: State) -> str:
        for m in end.moves():
            if _x(end.play(m)).corners[corner] != start.to_move:
                return f"{_who(end.to_move)} can still take corner {corner}: a stone on {m} does it."
        return f"Corner {corner} is not {_who(start.to_move)}'s."
    return miss


def lead_miss(start: State, end: State) -> str:
    """What a wrong move left: the score and who would win on it."""
    score = "-".join(str(c) for c in end.scores)
    return f"The corners are {score} (Red-Yellow-Green), so {_who(leader(end))} leads, not {_who(start.to_move)}."


def joins(start: State, end: State) -> bool:
    """The player to move has fewer separate groups after the turn: one stone joined two."""
    me = start.to_move
    assert me is not None
    return groups(end, me) < groups(start, me)


def touches_c3(start: State, end: State) -> bool:
    """The stone played shares an edge with c3 (c3's group grew)."""
    return len(_x(end).group("c3")) > len(_x(start).group("c3"))


def joins_b3_and_d3(start: State, end: State) -> bool:
    return "d3" in _x(end).group("b3")


def takes_f6_by_a_group(start: State, end: State) -> bool:
    """The player to move owns f6 with the corner cell left empty: a group joins its two sides."""
    return takes("f6")(start, end) and _x(end).stone("f6") is None


def f6_miss(start: State, end: State) -> str:
    if _x(end).stone("f6") is not None:
        return "That stone is on the corner cell. This time join Yellow's group to the bottom side."
    return owner_now("f6")(start, end)


def a1_inside_miss(start: State, end: State) -> str:
    if _x(end).stone("a1") == RED:
        return "A stone on a1 sits inside Yellow's b1–a2, so Yellow's group is still the outermost."
    return owner_now("a1")(start, end)


# ---- why a wrong choice is not the answer, worked out on the position -------------------------------
def on_an_empty_cell(start: State, choice: str) -> str:
    """Why a stone may go on `choice`: the cell is empty (and a corner it takes there, read from the corners after)."""
    if start.explain(choice) is not None:
        return ""
    before, after = _x(start).corners, _x(start.play(choice)).corners
    taken = [k for k in after if after[k] == start.to_move and before[k] != start.to_move]
    there = f", and there it takes corner {taken[0]}" if len(taken) == 1 else ""
    return f"The cell is empty: a stone may go on any empty cell{there}."


def winner_after(move: str) -> Reason:
    """Why a player (the choice, by name) would not win after `move`: their count is shared, or another count that
    nobody shares is larger (the counts after the move, by the rule's own count)."""
    def because(start: State, choice: str) -> str:
        counts = tuple(int(c) for c in start.play(move).scores)
        p = NAMES.index(choice)
        after = f"After {move} the corners are " + ", ".join(f"{NAMES[q]} {c}" for q, c in enumerate(counts))
        twins = [NAMES[q] for q in range(len(counts)) if q != p and counts[q] == counts[p]]
        if twins:
            return f"{after}: {choice}'s {counts[p]} is shared with {twins[0]}'s, and a shared count wins nothing."
        best = winner(counts)
        return (f"{after}: nobody shares {choice}'s {counts[p]}, but {NAMES[best]}'s {counts[best]} is larger and "
                f"nobody shares it either.")
    return because


# ---- exercises: each scene's rule checked on positions of its own (6 on a side) -------------------
TURNS_EXERCISES = [
    Exercise(
        "Red to move: place a stone that touches Red's c3.",
        why="Any empty cell is a move, and your stone shares an edge with c3.",
        hint="c3 has six neighbours. b4 is Green's; b3, c2, d2, d3 and c4 are empty.",
        solution=("d3",), illegal="b4", position="....../....../..R.../.G.Y../....../...... R",
        goal=touches_c3, options=QUICK,
        miss=lambda start, end: f"{turn_moves(start, end)[0]} does not share an edge with c3."),
    Exercise(
        "Which of these moves is illegal, and why?",
        why="c3 already holds Red's stone. A stone goes on an empty cell, and stones never move.",
        hint="Look for a cell that is not empty. Corner cells are cells like any other.",
        solution=("c3",), illegal="d4", position="....../....../..R.../.G.Y../....../...... R",
        choices=("a1", "c3", "d5", "f6"), answer="c3", options=QUICK, because=on_an_empty_cell),
]

GROUPS_EXERCISES = [
    Exercise(
        "Red to move: join b3 and d3 into one group with one stone.",
        why="c3 touches both b3 and d3, so b3, c3 and d3 are one group.",
        hint="Find the empty cell that shares an edge with both Red stones.",
        solution=("c3",), illegal="c2", position="....../..Y.G./.R.R../..G.../Y...../...... R",
        goal=joins_b3_and_d3, options=QUICK,
        miss=lambda start, end: "b3 and d3 are still two groups: your stone must touch both."),
    Exercise(
        "Green to move: join two of Green's groups into one with a single stone.",
        why="Your stone touches stones of two Green groups, so they are one group now.",
        hint="Look for an empty cell touching two Green stones that do not touch each other, like d4 "
             "between c4 and e4.",
        solution=("d4",), illegal="c2", position="....R./.GRGY./Y....R/.YG.G./R..Y.Y/.R.... G",
        goal=joins, options=QUICK,
        miss=lambda start, end: "No two Green groups joined: your stone touches at most one of them."),
]

CONNECT_EXERCISES = [
    Exercise(
        "Red to move: take corner a1 in one move.",
        why="Red's group now touches the top side and the left side, the two sides that meet at a1.",
        hint="Red's d1, c2 and b3 already touch the top side. Which empty cell joins them to the left side?",
        solution=("a3",), illegal="c2", position="...R../..R.Y./.R...Y/...G../..G.Y./.G.... R",
        goal=takes("a1"), miss=owner_now("a1"), options=QUICK),
    Exercise(
        "Yellow to move: own corner f6 without playing on the corner cell f6.",
        why="Yellow's group now reaches the bottom side and the right side, which meet at f6.",
        hint="Yellow's f4 and e5 touch the right side. Join e5 to the bottom side.",
        solution=("e6",), illegal="e5", position="....../..R.../...G../R....Y/..G.Y./.R.... Y",
        goal=takes_f6_by_a_group, miss=f6_miss, options=QUICK),
    Exercise(
        "Green to move: connect the top side and the right side to take corner f1.",
        why="Green's d1, d2 and e2 touch the top side; your stone adds the right side, so f1 is Green's.",
        hint="Which empty cell next to e2 lies on the right side?",
        solution=("f2",), illegal="e2", position="...G../.R.GG./Y.Y.../....RY/.R.Y../..R... G",
        goal=takes("f1"), miss=owner_now("f1"), options=QUICK),
]

OUTERMOST_EXERCISES = [
    Exercise(
        "Green to move: take corner f1 back from Red.",
        why="d3 joins d1–d2 to e3–f3: a Green path around Red's e1, e2 and f2, farther out on both sides. "
            "The outermost group owns f1.",
        hint="Red's group reaches the top at e1 and the right side at f2. Green's d1 and f3 lie farther out: "
             "join them.",
        solution=("d3",), illegal="e2", position="...GR./...GRR/R...GG/.Y..../.YR.YY/..Y... G",
        goal=takes("f1"), miss=owner_now("f1"), options=QUICK),
    Exercise(
        "Red to move: take corner a1 from Yellow.",
        why="b2 joins c1 and a3 into a group that reaches farther along both sides than Yellow's b1–a2, so Red "
            "owns a1.",
        hint="Red's c1 and a3 lie just outside Yellow's b1 and a2. One stone between them goes around Yellow.",
        solution=("b2",), illegal="a2", position=".YR.../Y...G./R..Y../...GR./..G.../...... R",
        goal=takes("a1"), miss=a1_inside_miss, options=QUICK),
    Exercise(
        "Red to move: Yellow threatens to go around Red's path and take a1. Keep corner a1.",
        why="Yellow's path e1–d2–d3–c4–b5 needed a6 to reach the left side beyond Red's a4. Now it cannot, and "
            "Red's stone on the corner cell owns a6 as well.",
        hint="Follow Yellow's stones from e1 down to b5: which empty cell would finish their path on the left "
             "side?",
        solution=("a6",), illegal="b5", position="...RY./..RY.G/.R.Y../R.Y.../GY.GGR/..G... R",
        goal=keeps("a1"), miss=reply_takes("a1"), options=QUICK),
]

CORNER_CELL_EXERCISES = [
    Exercise(
        "Yellow to move: own a corner in one move.",
        why="A stone on a corner cell touches both of that corner's sides at once, so it owns the corner while "
            "nobody connects it farther out.",
        hint="No group is near a corner. Where does one stone touch two sides?",
        solution=("a6",), illegal="c4", position="....../..RY../.G..R./..YRG./....../...... Y",
        goal=lambda start, end: end.scores[YELLOW] > start.scores[YELLOW],
        miss=lambda start, end: "Yellow still owns no corner: that stone touches at most one side.",
        options=QUICK),
    Exercise(
        "Green to move: surround Red's stone on a6 and take corner a6.",
        why="b5 joins a5 and b6: Green's group touches the left side and the bottom side farther out than Red's "
            "a6, so Red's stone is surrounded.",
        hint="Green already has a5 on the left side and b6 on the bottom side. Join them.",
        solution=("b5",), illegal="a6", position="....../....RY/.YR.../...Y../G...../RG.... G",
        goal=takes("a6"), miss=owner_now("a6"), options=QUICK),
    Exercise(
        "Red to move: Yellow threatens to surround Red's stone on f1. Keep corner f1.",
        why="f2 joins f1, so Red reaches farther down the right side, and Yellow's e1–e2 cannot get around it "
            "with one stone.",
        hint="Which empty cell would Yellow's e1 and e2 need to surround f1?",
        solution=("f2",), illegal="e2", position="....YR/..G.Y./.R.G../Y...../.GR.../...... R",
        goal=keeps("f1"), miss=reply_takes("f1"), options=QUICK),
]

DECIDED_EXERCISES = [
    Exercise(
        "Green to move: make corner f6 Green's for good, so that nobody can ever take it.",
        why="f3 joins Green's stones from f1 to d6. The group reaches f1, the far end of the right side, so "
            "nobody can get around it: f6 is decided.",
        hint="Green owns f6 for now with f4, e5 and d6. Another player could still go around through the "
             "right side above f4.",
        solution=("f3",), illegal="f4", position=".Y...G/R.RY.G/.YY.R./.R..YG/R..RG./..YG.. G",
        goal=decides("f6"), miss=owner_now("f6"), options=QUICK),
    Exercise(
        "Red to move: make corner a1 Red's for good.",
        why="Yellow's wall on file c keeps Green out, and Yellow's last way around Red's c1–b2–a3 to the left "
            "side went through b5 and a5. Now nobody can get around: a1 is decided.",
        hint="Green cannot cross Yellow's wall. Where could Yellow's wall still reach the left side beyond a3?",
        solution=("b5",), illegal="a6", position="..RG../.RYG../RGY..R/.GY.../..Y.R./G.Y... R",
        goal=decides("a1"), miss=owner_now("a1"), options=QUICK),
]

WIN_400_EXERCISES = [
    Exercise(
        "Red to move: win the game with all four corners in one move.",
        why="d3 completes Red's line from f1 to a6. It touches all four sides and nobody can get around it: "
            "4-0-0, the game ends and Red wins.",
        hint="Red's stones f1, e2, c4, b5 and a6 lie on one diagonal with a gap.",
        solution=("d3",), illegal="c4", position="..Y..R/.Y.GR./GG..../..R.YY/.R.YG./R.G... R",
        goal=lambda start, end: end.over and end.scores[RED] == 4, options=QUICK,
        miss=lambda start, end: f"The game goes on: the corners are {'-'.join(map(str, end.scores))}."),
]

WIN_310_EXERCISES = [
    Exercise(
        "Red and Green own two corners each, so Yellow leads with none. Green is about to take corner f6 from "
        "Red with e5. If the game ended right after, who would win?",
        why="Green would have 3, Red 1 and Yellow 0: 3-1-0. Green's 3 is the largest count and nobody shares it. "
            "A 0 wins only when the other two counts are equal.",
        hint="Count each player's corners after e5. Whose count is the largest one nobody else has?",
        solution=("e5",), illegal="e6", position=".R...G/R.Y.../..RYY./.Y...G/..Y..R/G..GR. G",
        choices=("Red", "Yellow", "Green"), answer="Green", options=QUICK,
        because=winner_after("e5")),
]

WIN_211_EXERCISES = [
    Exercise(
        "Yellow to move: Red, Yellow and Green own one corner each, so nobody leads. Take the lead.",
        why="Yellow has 2 corners now and the others 1 each: 1-2-1. Yellow's 2 is the largest count nobody "
            "shares.",
        hint="One corner has no owner yet, and its corner cell is empty.",
        solution=("f6",), illegal="f1", position=".R...Y/R.Y.../...G../..R.../....../G..... Y",
        goal=takes_the_lead, miss=lead_miss, options=QUICK),
]

WIN_022_EXERCISES = [
    Exercise(
        "Yellow owns two corners, Green one and Red none. Green is about to take the last corner, a1. If the "
        "game ended right after, who would win?",
        why="0-2-2: Yellow's 2 and Green's 2 cancel, so Red's 0 is the only count nobody shares. Red would win "
            "with no corner.",
        hint="The winner has the largest count that no other player has. After a1, which counts are shared?",
        solution=("a1",), illegal="f1", position=".....Y/...G../..R.../.R.R../.....Y/G...Y. G",
        choices=("Red", "Yellow", "Green"), answer="Red", options=QUICK,
        because=winner_after("a1")),
]

WIN_220_EXERCISES = [
    Exercise(
        "Red owns a1 and f6, Yellow owns f1, and Yellow is about to take a6. If the game ended right after, "
        "who would win?",
        why="2-2-0: Red's 2 and Yellow's 2 cancel, so Green's 0 is the only count nobody shares. Green would "
            "win with none.",
        hint="After a6, count each player's corners. Which count does nobody share?",
        solution=("a6",), illegal="f6", position=".R...Y/R..Y../..Y.../.G.RG./..G.../.....R Y",
        choices=("Red", "Yellow", "Green"), answer="Green", options=QUICK,
        because=winner_after("a6")),
    Exercise(
        "Red to move: Red and Yellow own two corners each, so Green leads with none. Take the lead.",
        why="e5 closes Red's path f4–e5–d6 around Yellow's e6–f5, so f6 is Red's: 3-1-0, and Red's 3 is the "
            "largest count nobody shares.",
        hint="Yellow's group at f6 is small, and Red's f4 and d6 lie just outside it.",
        solution=("e5",), illegal="e6", position=".R...R/R..YG./.GYG../..G..R/..G..Y/Y..RY. R",
        goal=takes_the_lead, miss=lead_miss, options=QUICK),
]

NO_DRAWS_EXERCISES = [
    Exercise(
        "One cell is left, a1, and Green must fill it. Who wins?",
        why="Green's a1 owns that corner: 0-2-2. Yellow's 2 and Green's 2 cancel, so Red wins with none. A full "
            "board always has a count nobody shares.",
        hint="After a1, count each player's corners: which count does nobody share?",
        solution=("a1",), illegal="b1", position=".GGGGY/RRRYGR/RYGYGY/RGYRRY/RYRYGR/GYRYGY G",
        choices=("Red", "Yellow", "Green"), answer="Red", options=QUICK,
        because=winner_after("a1")),
    Exercise(
        "On a full board every corner has an owner. Which of these scores can never happen then?",
        why="The four corners make the counts add up to 4, and 1-1-1 adds up to 3. Each way to share 4 corners, "
            "4-0-0, 3-1-0, 2-2-0 and 2-1-1, has a count nobody shares: no draws.",
        hint="Add up each score. How many corners does the board have?",
        solution=("a1",), illegal="b1", position=".YGRRR/GYYGRR/GGGYGR/YYYGRG/RRYYRR/YGGYRY G",
        choices=("4-0-0", "3-1-0", "2-2-0", "2-1-1", "1-1-1"), answer="1-1-1", options=QUICK,
        reasons={"4-0-0": "4-0-0 adds up to the 4 corners, so a full board can end so: one player owns all four.",
                 "3-1-0": "3-1-0 adds up to the 4 corners, so a full board can end so.",
                 "2-2-0": "2-2-0 adds up to the 4 corners, so a full board can end so (the player with none "
                          "wins).",
                 "2-1-1": "2-1-1 adds up to the 4 corners, so a full board can end so."}),
]


TURNS = Scene(G, "Turns: one stone on any empty cell", [
    "A rhombus of hexagons, here 6 on a side (a quick game; the usual board is 9). Red, Yellow and Green take "
    "turns placing one stone of their colour on any empty cell. Red starts.",
    "Red placed c3: the file letter counts from the left (a–f), the rank number from the top (1–6).",
    "Yellow placed d4. Stones never move and are never captured.",
    "Green placed b4. Now it is Red's turn again; nobody may pass.",
], ["c3", "d4", "b4"], options=QUICK,
    your_turn="Your turn: you play every colour here. Click an empty cell to place the stone of the colour to "
              "move, or click a stone to see what happens.",
    exercises=TURNS_EXERCISES)

GROUPS = Scene(G, "Groups", [
    "Each hexagon touches six others. A group is a set of stones of one colour joined edge to edge. Red has "
    "two separate stones, b3 and d3.",
    "Red's c3 touches both: b3, c3 and d3 are one group now. Groups only grow.",
    "Yellow's d2 joins Yellow's c2. It also touches Red's stones, but different colours never join.",
], ["c3", "d2"], position="....../..Y.G./.R.R../..G.../Y...../...... R", options=QUICK,
    marks=[["b3", "d3"], ["b3", "c3", "d3"], ["c2", "d2"]],
    your_turn="Your turn: Green to move. Grow a group, or start a new one.",
    exercises=GROUPS_EXERCISES)

CONNECT = Scene(G, "Connecting a corner's two sides", [
    "The four sides are drawn as heavy lines. Each corner has a badge beside it, empty while nobody owns the "
    "corner. Corner a1 is where the top side (rank 1) meets the left side (file a).",
    "Red's a3 joins b2 and c1: the group touches both sides of a1, so Red owns corner a1. The board draws "
    "Red's path, with a stub onto each side, and Red's badge.",
    "Yellow's e6 joins f5, touching the bottom side and the right side: Yellow owns corner f6.",
], ["a3", "e6"], position="..R.../.R.Y../....../..GG../.....Y/...... R", options=QUICK,
    marks=[["a1"], ["c1", "b2", "a3"], ["f5", "e6"]],
    your_turn="Your turn: Green to move. Try to connect a corner, such as f1 (the top side and the right "
              "side).",
    exercises=CONNECT_EXERCISES)

OUTERMOST = Scene(G, "The outermost path owns the corner", [
    "Yellow's b1–a2 touches the top and left sides: Yellow owns corner a1 for now. Red has d1, c2 and b3, "
    "farther out.",
    "Red's a4 connects a1 too, from d1 to a4. Of all the groups connecting a corner, the outermost one owns "
    "it: a1 is Red's now (the rule sheet's Figure 1).",
    "Yellow's b2 cannot help: a group inside a wall never reaches past it. Only a path farther out, from e1 "
    "or f1 to a5 or a6, could take a1 back.",
], ["a4", "b2"], position=".Y.R../Y.R.G./.R..G./....Y./...G../...... R", options=QUICK,
    marks=[["b1", "a2"], ["d1", "c2", "b3", "a4"], ["e1", "f1", "a5", "a6"]],
    your_turn="Your turn: Green to move. Can Green start a path around Red's?",
    exercises=OUTERMOST_EXERCISES)

CORNER_CELL = Scene(G, "A stone on the corner cell, and being surrounded", [
    "Green has e1 on the top side and e2 below it, next to the empty corner cell f1.",
    "Red plays the corner cell f1. A stone there touches both sides at once, so Red owns corner f1 straight "
    "away.",
    "Yellow plays c3, elsewhere.",
    "Green's f2 joins e1 and e2: the group touches both sides farther out than Red's stone. Red is "
    "surrounded, and corner f1 is Green's.",
], ["f1", "c3", "f2"], position="....G./.Y..G./R...../..RY../....../...... R", options=QUICK,
    marks=[["f1"], ["f1"], [], ["e1", "e2", "f2"]],
    your_turn="Your turn: Red to move. Could Red still get outside Green's group?",
    exercises=CORNER_CELL_EXERCISES)

DECIDED = Scene(G, "Decided corners and the early end", [
    "A corner is decided when nobody else could own it even with every empty cell: a padlock badge and a "
    "shaded area. Yellow's a1 is decided; Red's a9 is still open.",
    "Yellow plays i2, beside the empty corner cell i1.",
    "Green's e9 completes the wall i5–e9: Green owns i9, decided. The same stone closes the last way around "
    "Red's a9 path, so a9 is decided too.",
    "Red plays the corner cell i1, which no single colour can ever surround (Figure 5). All four corners are "
    "decided, so the game ends with 35 cells empty: Red wins 2-1-1.",
], ["i2", "e9", "i1"],
    position="G...YY.Y./R..YYGYG./GYY..RRY./.Y..RGGGG/Y.RYYG..G/RR.....G./RRR..RG../Y.RR.GRG./...R..... Y",
    marks=[["a1", "a9"], ["i2"], ["e9"], ["h1", "h2", "i2"]],
    your_turn="Your turn: the game is over here. Press Back until Red's i1 is taken back, then Your turn, and "
              "choose Red's last move yourself.",
    exercises=DECIDED_EXERCISES)

WIN_400 = Scene(G, "Who wins: 4-0-0", [
    "Red's X: file e joins the top and bottom sides, rank 5 runs from b5 to the right side. Red owns i1 and "
    "i9 (decided); Green owns a9 for now; a1 has no owner.",
    "Red's a5 reaches the left side: Red owns all four corners and nobody can get outside. The game ends "
    "with 32 cells empty: 4-0-0, Red wins (the rule sheet's Figure 2).",
], ["a5"], position="..YYRG.../YGYYR.G.Y/GG..R.Y.Y/.GGGR..G./.RRRRRRRR/..G.RYG../.G..R.YGY/YG..R.Y.Y/"
                    "G.Y.R..YG R",
    your_turn="Your turn: the game is over here. Press Back until Red's a5 is taken back, then Your "
              "turn, and play Red's move yourself.",
    exercises=WIN_400_EXERCISES)

WIN_310 = Scene(G, "Who wins: 3-1-0", [
    "Red owns a1 and a9, Yellow owns i9, and Green owns i1 with its top row. Red's wall along rank 3 has one "
    "gap: g3.",
    "Red's g3 closes the wall, which touches the left, top and right sides far out: i1 is Red's too, and "
    "every corner is decided. 3-1-0: Red wins with 3 (Figure 3).",
], ["g3"], position="GRYYRGGGG/.GG.R.R../RRRRRR.RR/GG.R.GYGG/.GY...G.Y/G.GG.GRYY/RRYYYRYY./GRYY.YYY./"
                    ".RY.Y.... R",
    your_turn="Your turn: the game is over here. Press Back until Red's g3 is taken back, then Your "
              "turn, and play Red's move yourself.",
    exercises=WIN_310_EXERCISES)

WIN_211 = Scene(G, "Who wins: 2-1-1", [
    "Yellow owns a9 and Green owns i9, both decided. Red owns i1, and nobody owns a1. Red's wall along rank "
    "3 has a gap at d3 and e3.",
    "Red's d3 joins both halves (through e2) into one wall touching the left, top and right sides: a1 and i1 "
    "are Red's for good. 2-1-1: Red wins with 2 (Figure 4).",
], ["d3"], position=".R.GRYGR./.Y..RRRG./RRR..RRRR/..YGY...G/..Y..G..G/YGY..G.G./YYG...GYY/.YRGRG.../"
                    ".YYGGRY.Y R",
    your_turn="Your turn: the game is over here. Press Back until Red's d3 is taken back, then Your "
              "turn, and play Red's move yourself.",
    exercises=WIN_211_EXERCISES)

WIN_022 = Scene(G, "Who wins: 0-2-2, the player with none", [
    "Green's wall along rank 7 owns a9 and i9, both decided. Red owns a1 with its corner stone; Yellow owns "
    "i1. Yellow to move.",
    "Yellow's c3 closes a wall along rank 3 and surrounds Red's a1. 0-2-2: Yellow and Green have 2 each, so "
    "the only count nobody shares is Red's 0. Red wins (Figure 6).",
], ["c3"], position="R.YGY..../..R.Y...R/YY.YYYYYY/....YR.../RR..R..YR/RY......R/GGGGGGGGG/RG..G.R.R/"
                    ".RGRG.... Y",
    your_turn="Your turn: the game is over here. Press Back until Yellow's c3 is taken back, then Your turn, "
              "and play Yellow's move: is taking a1 good for Yellow?",
    exercises=WIN_022_EXERCISES)

WIN_220 = Scene(G, "Who wins: 2-2-0, opposite corners", [
    "Yellow owns i1 and a9, opposite corners, both decided. Red owns a1 and i9 for now.",
    "Red's b5 blocks Yellow's last way around Red's walls: all four corners are decided. 2-2-0: the two 2s "
    "cancel, so Green, with none, wins (like Figure 7).",
], ["b5"], position=".G.GRYYGR/.R.RGYY../G.R..GYYG/.R.GYGGYY/R.GG...GR/YYYGRGRRG/.YYRGYR../..YYRR.../"
                    "R..YR..RG R",
    your_turn="Your turn: the game is over here. Press Back until Red's b5 is taken back, then Your "
              "turn, and play Red's move yourself.",
    exercises=WIN_220_EXERCISES)

NO_DRAWS = Scene(G, "No draws", [
    "One cell is left, the corner cell a1, and no group connects a1 yet. Green to move.",
    "Green's a1 owns that corner. On a full board every corner has an owner, and 4-0-0, 3-1-0, 2-2-0 and "
    "2-1-1 each have a count nobody shares: X has no draws. Red wins 2-1-1.",
], ["a1"], position=".YGRRR/GYYGRR/GGGYGR/YYYGRG/RRYYRR/YGGYRY G", options=QUICK,
    your_turn="Your turn: the game is over. Play a whole game on the last board of this page.",
    exercises=NO_DRAWS_EXERCISES)

#: the winner rule on the rule sheet's scores, in one tutorial with a menu
WINNERS = [WIN_400, WIN_310, WIN_211, WIN_022, WIN_220]

SCENES = [TURNS, GROUPS, CONNECT, OUTERMOST, CORNER_CELL, DECIDED, *WINNERS, NO_DRAWS]

#: our decisions where the rule sheet leaves a gap, in plain words, with the option that changes each
DECISIONS = [
    "The board is 9 hexagons on a side (ours: the rule sheet only says a much larger board than its figures "
    "is used). Option “Board size”: 6 for a quick game, any size from 3 to 26.",
    "“A final score becomes evident” is read exactly: a corner is decided when no other player could own it "
    "even if they got every empty cell, and play stops as soon as all four corners are decided. Stopping "
    "early never changes the winner, only the length of the game.",
    "Cells are named by file letter and rank number, with a1 the top-left corner and rank 1 the top row, as "
    "in the position text.",
]
