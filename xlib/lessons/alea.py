"""The Alea Evangelion lesson: one scene per rule of RULES.md section 2, each on a position that shows it."""
from __future__ import annotations

from .scene import Scene

G = "alea"
SMALL = {"size": 5}

PLACING = Scene(G, "Placing a stone", [
    "Cells are named as on a chess board: files a, b, c… from the left, ranks 1, 2, 3… from the bottom. "
    "Black moves first. A turn is either placing a stone on any empty cell, or converting.",
    "Black placed d4. The stone placed last has a yellow ring: it is protected, which matters for converting "
    "(next scene).",
    "White placed e5. Now e5 has the ring; d4 has lost it.",
], ["d4", "e5"], your_turn="Your turn (Black): click any empty cell to place a stone.",
    marks=[[], [], []])

CONVERTING = Scene(G, "Converting: all or none", [
    "To convert, pick one of your stones: every enemy stone next to it (left, right, above, below) turns to "
    "your colour. Black's c3 touches b3, c4 and d3.",
    "Black converted around c3 (xc3): b3, c4 and d3 all turned black, never just some of them. d4 touches c3 "
    "only at a corner: not a neighbour, so it stays white.",
], ["xc3"], options=SMALL, position="...../..WW./.WBW./...../..... B -",
    your_turn="Your turn (White): click d4. Its neighbours were just flipped, so the board explains why it "
              "cannot convert. Then click an empty cell to place a stone.",
    marks=[["b3", "c4", "d3"], ["d4"]])

PROTECTED_PLACED = Scene(G, "Protection after a placement", [
    "A stone placed on the last turn is protected: the player to move may not flip it. Black has a stone on "
    "c3; White is to move.",
    "White placed d3 next to c3. Black would like to convert around c3 and flip d3, but d3 was placed last "
    "turn: it is protected, so that conversion is not allowed.",
    "Black placed a1 elsewhere. Protection lasts one turn only: d3 has lost its ring.",
    "White converted around d3: c3 turned white. Now c3 is protected, since it was flipped last turn.",
], ["d3", "a1", "xd3"], options=SMALL, position="...../...../..B../...../..... W -",
    your_turn="Your turn (Black): c3 is protected for this turn, so place a stone; then play on for both "
              "sides and watch the rings.",
    marks=[["c3"], ["c3"], [], []])

PROTECTED_FLIPPED = Scene(G, "Protection after a conversion", [
    "Stones flipped on the last turn are protected too. White is to move; Black's c3 and d3 sit next to "
    "White's b3.",
    "White converted around b3: c3 turned white and is protected. Black's d3 may not convert now, because it "
    "would flip c3: a conversion flips all or nothing.",
    "Black placed c4 next to c3. Now White may not convert around c3 either: it would flip d3 and c4, and c4 "
    "was placed last turn.",
    "White has no conversion, so White placed a1. One turn later c3 is no longer protected.",
    "Black converted around d3: c3 is black again.",
], ["xb3", "c4", "a1", "xd3"], options=SMALL, position="...../...../.WBB./...../..... W -",
    your_turn="Your turn (White): click b3 to see why it cannot convert (c3 was just flipped back), then "
              "place a stone.",
    marks=[["b3"], ["d3"], ["c3"], ["c3"], []])

BLACK_DEFENDS = Scene(G, "Black defends (the worked case of the rules)", [
    "The worked case of the rules, on a 5×5 board: Black stones on c2 and d3, White to move.",
    "White places c3. Black has no conversion: c3, next to c2, was placed last turn.",
    "Black places b3. White has no conversion: c3's neighbours b3, c2, d3 are Black, and b3 is protected "
    "(the author's \"Black defends\" picture).",
    "White places a5 …",
    "… Black places e5. Now White may play xc3, flipping b3, c2 and d3.",
    "White played xc3: b3, c2 and d3 turned white, and they are protected on Black's turn.",
], ["c3", "b3", "a5", "e5", "xc3"], options=SMALL, position="...../...../...B./..B../..... W -",
    your_turn="Your turn (Black): all three stones White just flipped are protected; place a stone.",
    marks=[["c2", "d3"], ["c2"], ["c3"], [], ["c3"], []])

SAME_FLIPS = Scene(G, "Two conversions, one move", [
    "Black's c3 and d2 touch the same two White stones, d3 and c2. Converting around c3 or around d2 flips "
    "exactly the same stones, so the rules count them as one and the same move.",
    "Black converted around d2: d3 and c2 turned black. Converting around c3 would have given the very same "
    "board, so it is not a different move.",
], ["xd2"], options=SMALL, position="...../...../..BW./..WB./..... B -",
    your_turn="Your turn: press Back, then Your turn, and click c3 instead of d2: the board ends up the same.",
    marks=[["d3", "c2"], ["c3"]])

SUPERKO = Scene(G, "No repeating a position (superko)", [
    "Three tugs of war, on ranks 5, 3 and 1. Superko: a conversion may not bring back a board that occurred "
    "before with the same player to move.",
    "Black flips b5.",
    "White flips b3 (b5 is protected for one turn, so White plays elsewhere).",
    "Black flips b1.",
    "White flips b5 back.",
    "Black flips b3 back. White would now like to flip b1 back with xc1, but that would bring back the board "
    "of the start with Black to move: superko forbids it.",
], ["xa5", "xa3", "xa1", "xc5", "xc3"], options=SMALL, position="BWW../...../WBB../...../BWW.. B -",
    your_turn="Your turn (White): click c1 to see the superko rule refuse it, then play something else.",
    marks=[["b5", "b3", "b1"], [], [], [], [], ["c1", "b1"]])

STREAK = Scene(G, "The streak rule", [
    "Seven conversions have been played in a row (the status line counts them). After 8 conversions in a "
    "row, the player to move must place a stone.",
    "Black converted around a5: that makes 8 in a row. White may not convert now, neither around a3 nor "
    "around b1: White must place.",
    "White placed e3. The count starts again from zero.",
    "So Black may convert again: around a1, flipping b1.",
], ["xa5", "e3", "xa1"], options=SMALL, position="BWW../...../WBB../...../BWW.. B - streak 7",
    your_turn="Your turn (White): conversions are allowed again: click a3 or c5 to convert.",
    marks=[[], ["a3", "b1"], [], []])

THE_END = Scene(G, "The end: a full board, two final turns, counting", [
    "One cell is left. When a placement fills the board, two final turns follow: the other player's, then "
    "the filler's. In each, a player may convert or pass.",
    "Black filled the board with b1, leading 10 to 6. Final turn 1 of 2: White's.",
    "White converted around b3: b2 and c3 turned white. 8 to 8. Final turn 2 of 2: Black's. Every Black "
    "conversion would flip the protected b2 or c3, so Black passes.",
    "Black passed. The game is over: count the stones. 8 to 8 is a draw.",
], ["b1", "xb3", "pass"], options={"size": 4}, position="WWBB/WWBB/WBBB/W.BB B -",
    your_turn="Your turn: play on for both players. On the full board, click a stone to convert or press "
              "Pass; the status line counts the stones.",
    marks=[["b1"], [], [], []])

KOMI = Scene(G, "Komi and draws", [
    "The same end with komi ½: half a point is added to White's count. A komi can balance the game if one "
    "colour wins too often, and a half point rules out draws.",
    "White converted around b3: 8 to 8 on the board.",
    "Black passed. White has 8 + ½ = 8½, Black 8: White wins.",
], ["xb3", "pass"], options={"size": 4, "komi": 0.5}, position="WWBB/WWBB/WBBB/WBBB W b1",
    your_turn="Your turn: press Back to the full board, then Your turn, and choose the final turns yourself. "
              "With komi ½ there is always a winner.",
    marks=[[], [], []])

EIGHT_NEIGHBOURS = Scene(G, "Option: 8 neighbours", [
    "With the option of 8 neighbours, stones that touch at a corner are neighbours too. The same position as "
    "in \"Converting: all or none\", plus a White stone on b2.",
    "Black converted around c3: b3, c4 and d3, and now also d4 and b2 on the diagonals, turned black.",
], ["xc3"], options={"size": 5, "adjacency": 8}, position="...../..WW./.WBW./.W.../..... B -",
    your_turn="Your turn (White): place a stone at a corner of a Black stone, then see what Black may do; "
              "with 8 neighbours, corners count.",
    marks=[["b3", "c4", "d3", "d4", "b2"], []])

SCENES = [PLACING, CONVERTING, PROTECTED_PLACED, PROTECTED_FLIPPED, BLACK_DEFENDS, SAME_FLIPS, SUPERKO, STREAK,
          THE_END, KOMI, EIGHT_NEIGHBOURS]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "The board may be any size from 4×4 to 19×19; 8×8 is the default (option “Board size”). With no komi, "
    "a 9×9 board cannot end in a draw.",
    "Black moves first.",
    "Neighbours are the cells left, right, above and below (option “Neighbours of a stone”: 8 adds the "
    "diagonals).",
    "A conversion may not bring back a board that occurred before with the same player to move (superko).",
    "After 8 conversions in a row, counting both players, the player to move must place a stone (option "
    "“Conversions in a row before a stone must be placed”).",
    "When a placement fills the board, the other player takes the first final turn, then the player who filled "
    "it. In each final turn a player may convert or pass; protection still applies, superko and the streak "
    "rule do not.",
    "Komi is 0: nothing is added to White's count (option “Komi”; a half point rules out draws).",
]
