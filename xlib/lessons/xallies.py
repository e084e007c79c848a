"""The XAllies lesson: one scene per rule, each on a position that shows it."""
from __future__ import annotations

from .scene import Scene

G = "xallies"

SETUP = Scene(G, "Set-up and turn order", [
    "Twelve wells on a circle. Each well holds one black piece (*) and two pieces of the colour of its "
    "region: blue owns wells 0–3, purple 4–7, green 8–11. Blue starts.",
    "Blue took the two blue pieces of well 3 and dropped them, clockwise, into wells 4 and 5. A piece of your "
    "own colour landing just past a region boundary (well 4) earns a white piece: blue now has one (more below).",
    "Then purple, in turn order: the two purple pieces of well 7 go into wells 8 and 9.",
    "Then green, and the round starts again with blue.",
], ["3+:bb", "7+:pp", "11+:gg"], your_turn="Your turn: click one of blue's wells (0–3), then the well next to it "
                                              "in the direction you want to sow.")

DIRECTIONS = Scene(G, "Sowing either way", [
    "You sow from one of your own wells, in either direction, and keep that direction. Watch blue sow well 1 "
    "counter-clockwise (1-).",
    "The pieces went into wells 0 and 11. The black piece of well 1 stays: black pieces never move. The "
    "blue piece in well 11 crossed into green's region, so blue took a white piece (more on that below).",
    "Purple sows well 5 clockwise (5+): wells 6 and 7.",
], ["1-:bb", "5+:pp"])

ALLIANCE = Scene(G, "An alliance of two pairs", [
    "Black pieces score only through alliances. Watch well 4.",
    "Blue sows well 3: well 4 now holds one blue and two purple pieces.",
    "Purple sows well 7.",
    "Green sows well 11.",
    "Blue sows well 2: well 4 holds exactly two blue and two purple pieces and nothing else. That is an "
    "alliance: the black piece is removed and both blue and purple score 3 points.",
], ["3+:bb", "7+:pp", "11+:gg", "2+:bb"])

THREE_PAIRS = Scene(G, "Three pairs (four players)", [
    "With four players (grey joins; its pieces carry the letter y), each region has three wells. Well 7 holds two "
    "blue, two purple and one green piece. Green is about to sow well 6 clockwise.",
    "Now well 7 holds exactly two pieces of each of three colours: an alliance of three players. Blue, purple and "
    "green each score 3 points, from one black piece. With three players this cannot happen: the moment all "
    "three colours are in a well, its black piece is wasted.",
], ["6+"], position="0:bb* 1:bb* 2:* 3:pp* 4:pp* 5:* 6:g* 7:bbppg* 8:ggg* 9:yy* 10:yy* 11:yyg* ; to g",
    options={"players": 4}, marks=[["7"], ["7"]])

PAYS_OTHERS = Scene(G, "An alliance that pays other players", [
    "Blue's well 3 holds a single purple piece, and well 4 holds one purple and two green pieces.",
    "Blue sowed the purple piece into well 4: two purple and two green. Purple and green each score 3; blue, "
    "who made it happen, scores nothing. Would you help your neighbours like that?",
], ["3+"], position="0:bb* 1:bb* 2:bb* 3:p* 4:pgg* 5:bbp* 6:pp* 7:ppp* 8:gg* 9:g* 10:gg* 11:g* ; to b")

WASTE = Scene(G, "Waste", [
    "Well 4 holds a blue and a purple piece. Blue's well 3 holds a green piece.",
    "Now every player's colour is in well 4, and they are not all pairs: the black piece is removed and "
    "scores nothing. It is wasted, like a shared resource nobody can use any more.",
], ["3+"], position="0:bb* 1:bb* 2:bbb* 3:g* 4:bp* 5:ppp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:g* ; to b")

WHITES = Scene(G, "White pieces for crossing into another region", [
    "Blue's well 3 holds seven blue pieces. Each time a blue piece lands in the first well past a region "
    "boundary, blue takes a white piece from the supply.",
    "Blue crossed into purple's region (well 4) and into green's (well 8): two white pieces. White pieces "
    "belong to one player alone: they are the individual's reward.",
], ["3+"], position="0:b* 1:* 2:* 3:bbbbbbb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to b")

EMPTY_SUPPLY = Scene(G, "When the supply is empty", [
    "The supply of white pieces is empty (a class may also play with an unlimited supply: an option).",
    "Blue crossed into purple's region, but there was no white piece left to take: blue gets nothing for "
    "that crossing.",
], ["3+"], position="0:bb* 1:bb* 2:bb* 3:bb* 4:pp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* 11:gg* ; to b ; supply 0")

THE_END = Scene(G, "The end: shooting and scoring", [
    "One black piece is left, in well 4. When it goes, play ends after the turn.",
    "Blue and purple claimed the last black piece: play is over. Each white piece is one shot, worth 1 if it "
    "lands (here a coin toss: skill 0.5). Score: 3 per alliance you were in, plus your hits (counted above the "
    "board).",
], ["3+"], position="0:bb 1:bb 2:b 3:b 4:bpp* 5:bp 6:ppp 7:pp 8:gg 9:gg 10:gg 11:gg ; to b ; points 12 9 6 ; "
                     "whites 3 2 4 ; supply 3", marks=[["4"], ["4"]])

SCENES = [SETUP, DIRECTIONS, ALLIANCE, THREE_PAIRS, PAYS_OTHERS, WASTE, WHITES, EMPTY_SUPPLY, THE_END]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "Black pieces never move: only coloured pieces are picked up and sown.",
    "The mover chooses the colour of every drop (option “Order of the drops”: your own colour first, then "
    "the others in turn order, is the other choice).",
    "The drops are checked in this order after each one: alliance, then waste, then white pieces.",
    "When a well holds 12 or more pieces, the sowing skips the well it came from on every lap.",
    "The supply holds 12 white pieces (option “White pieces in the supply”, which may also be unlimited).",
    "Play also ends after 120 rounds (an option); black pieces left then are unresolved.",
    "A shot lands with the shooter's skill, 0.5 by default (an option, one number or one per player); "
    "shots can be drawn by chance, scored at their expected value, or shot by the players themselves.",
    "A player with no coloured piece in their region passes; a pass counts as a turn.",
]
