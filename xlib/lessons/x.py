"""The X lesson: one scene per rule, on positions that show it, and the rule sheet's scores on real games.

The rule-sheet figures (Mark Steere's) are redrawn on this board: corners a1 (top left), i1 or f1
(top right), a9 or a6 (bottom left), i9 or f6 (bottom right)."""
from __future__ import annotations

from .scene import Scene

G = "x"
QUICK = {"size": 6}

CREDIT = ("X was designed by Mark Steere in August 2009. The rules here follow his rule sheet, which invites "
          "anyone to program the game as long as it keeps its name and rules and is credited to him; his other "
          "games are at marksteeregames.com.")

TURNS = Scene(G, "Turns: one stone on any empty cell", [
    "A rhombus of hexagons, here 6 on a side (a quick game; the usual board is 9). Red, Yellow and Green take "
    "turns placing one stone of their colour on any empty cell. Red starts.",
    "Red placed c3: the file letter counts from the left (a–f), the rank number from the top (1–6).",
    "Yellow placed d4. Stones never move and are never captured.",
    "Green placed b4. Now it is Red's turn again; nobody may pass.",
], ["c3", "d4", "b4"], options=QUICK,
    your_turn="Your turn: you play every colour here. Click an empty cell to place the stone of the colour to "
              "move, or click a stone to see what happens.")

GROUPS = Scene(G, "Groups", [
    "Each hexagon touches six others. A group is a set of stones of one colour joined edge to edge. Red has "
    "two separate stones, b3 and d3.",
    "Red's c3 touches both: b3, c3 and d3 are one group now. Groups only grow.",
    "Yellow's d2 joins Yellow's c2. It also touches Red's stones, but different colours never join.",
], ["c3", "d2"], position="....../..Y.G./.R.R../..G.../Y...../...... R", options=QUICK,
    marks=[["b3", "d3"], ["b3", "c3", "d3"], ["c2", "d2"]],
    your_turn="Your turn: Green to move. Grow a group, or start a new one.")

CONNECT = Scene(G, "Connecting a corner's two sides", [
    "The four sides are drawn as heavy lines, and each corner has a badge beside it. Corner a1 is where the "
    "top side (rank 1) meets the left side (file a).",
    "Red's a3 joins b2 and c1: the group touches both sides of a1, so Red owns corner a1. The board draws "
    "Red's path, with a stub onto each side, and Red's badge.",
    "Yellow's e6 joins f5, touching the bottom side and the right side: Yellow owns corner f6.",
], ["a3", "e6"], position="..R.../.R.Y../....../..GG../.....Y/...... R", options=QUICK,
    marks=[["a1"], ["c1", "b2", "a3"], ["f5", "e6"]],
    your_turn="Your turn: Green to move. Try to connect a corner, such as f1 (the top side and the right "
              "side).")

OUTERMOST = Scene(G, "The outermost path owns the corner", [
    "Yellow's b1–a2 touches the top and left sides: Yellow owns corner a1 for now. Red has d1, c2 and b3, "
    "farther out.",
    "Red's a4 connects a1 too, from d1 to a4. Of all the groups connecting a corner, the outermost one owns "
    "it: a1 is Red's now (the rule sheet's Figure 1).",
    "Yellow's b2 cannot help: a group inside a wall never reaches past it. Only a path farther out, from e1 "
    "or f1 to a5 or a6, could take a1 back.",
], ["a4", "b2"], position=".Y.R../Y.R.G./.R..G./....Y./...G../...... R", options=QUICK,
    marks=[["b1", "a2"], ["d1", "c2", "b3", "a4"], ["e1", "f1", "a5", "a6"]],
    your_turn="Your turn: Green to move. Can Green start a path around Red's?")

CORNER_CELL = Scene(G, "A stone on the corner cell, and being surrounded", [
    "Green has e1 on the top side and e2 below it, next to the empty corner cell f1.",
    "Red plays the corner cell f1. A stone there touches both sides at once, so Red owns corner f1 straight "
    "away.",
    "Yellow plays c3, elsewhere.",
    "Green's f2 joins e1 and e2: the group touches both sides farther out than Red's stone. Red is "
    "surrounded, and corner f1 is Green's.",
], ["f1", "c3", "f2"], position="....G./.Y..G./R...../..RY../....../...... R", options=QUICK,
    marks=[["f1"], ["f1"], [], ["e1", "e2", "f2"]],
    your_turn="Your turn: Red to move. Could Red still get outside Green's group?")

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
    your_turn="Your turn: the game is over here. Press Back once, then Your turn, to choose Red's last move "
              "yourself.")

WIN_400 = Scene(G, "Who wins: 4-0-0", [
    "Red's X: file e joins the top and bottom sides, rank 5 runs from b5 to the right side. Red owns i1 and "
    "i9 (decided); Green owns a9 for now; a1 has no owner.",
    "Red's a5 reaches the left side: Red owns all four corners and nobody can get outside. The game ends "
    "with 32 cells empty: 4-0-0, Red wins (the rule sheet's Figure 2).",
], ["a5"], position="..YYRG.../YGYYR.G.Y/GG..R.Y.Y/.GGGR..G./.RRRRRRRR/..G.RYG../.G..R.YGY/YG..R.Y.Y/"
                    "G.Y.R..YG R",
    your_turn="Your turn: the game is over here. Press Back, then Your turn, and play Red's move yourself.")

WIN_310 = Scene(G, "Who wins: 3-1-0", [
    "Red owns a1 and a9, Yellow owns i9, and Green owns i1 with its top row. Red's wall along rank 3 has one "
    "gap: g3.",
    "Red's g3 closes the wall, which touches the left, top and right sides far out: i1 is Red's too, and "
    "every corner is decided. 3-1-0: Red wins with 3 (Figure 3).",
], ["g3"], position="GRYYRGGGG/.GG.R.R../RRRRRR.RR/GG.R.GYGG/.GY...G.Y/G.GG.GRYY/RRYYYRYY./GRYY.YYY./"
                    ".RY.Y.... R",
    your_turn="Your turn: the game is over here. Press Back, then Your turn, and play Red's move yourself.")

WIN_211 = Scene(G, "Who wins: 2-1-1", [
    "Yellow owns a9 and Green owns i9, both decided. Red owns i1, and nobody owns a1. Red's wall along rank "
    "3 has a gap at d3 and e3.",
    "Red's d3 joins both halves (through e2) into one wall touching the left, top and right sides: a1 and i1 "
    "are Red's for good. 2-1-1: Red wins with 2 (Figure 4).",
], ["d3"], position=".R.GRYGR./.Y..RRRG./RRR..RRRR/..YGY...G/..Y..G..G/YGY..G.G./YYG...GYY/.YRGRG.../"
                    ".YYGGRY.Y R",
    your_turn="Your turn: the game is over here. Press Back, then Your turn, and play Red's move yourself.")

WIN_022 = Scene(G, "Who wins: 0-2-2, the player with none", [
    "Green's wall along rank 7 owns a9 and i9, both decided. Red owns a1 with its corner stone; Yellow owns "
    "i1. Yellow to move.",
    "Yellow's c3 closes a wall along rank 3 and surrounds Red's a1. 0-2-2: Yellow and Green have 2 each, so "
    "the only count nobody shares is Red's 0. Red wins (Figure 6).",
], ["c3"], position="R.YGY..../..R.Y...R/YY.YYYYYY/....YR.../RR..R..YR/RY......R/GGGGGGGGG/RG..G.R.R/"
                    ".RGRG.... Y",
    your_turn="Your turn: the game is over here. Press Back, then Your turn, and play Yellow's move: is "
              "taking a1 good for Yellow?")

WIN_220 = Scene(G, "Who wins: 2-2-0, opposite corners", [
    "Yellow owns i1 and a9, opposite corners, both decided. Red owns a1 and i9 for now.",
    "Red's b5 blocks Yellow's last way around Red's walls: all four corners are decided. 2-2-0: the two 2s "
    "cancel, so Green, with none, wins (like Figure 7).",
], ["b5"], position=".G.GRYYGR/.R.RGYY../G.R..GYYG/.R.GYGGYY/R.GG...GR/YYYGRGRRG/.YYRGYR../..YYRR.../"
                    "R..YR..RG R",
    your_turn="Your turn: the game is over here. Press Back, then Your turn, and play Red's move yourself.")

NO_DRAWS = Scene(G, "No draws", [
    "One cell is left, the corner cell a1, and no group connects a1 yet. Green to move.",
    "Green's a1 owns that corner. On a full board every corner has an owner, and 4-0-0, 3-1-0, 2-2-0 and "
    "2-1-1 each have a count nobody shares: X has no draws. Red wins 2-1-1.",
], ["a1"], position=".YGRRR/GYYGRR/GGGYGR/YYYGRG/RRYYRR/YGGYRY G", options=QUICK,
    your_turn="Your turn: the game is over. Play a whole game on the last board of this page.")

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
