"""The XATS lesson: one scene per rule of RULES.md section 3, each on a position that shows it.

Marks name what a sentence points at: a stack ("s2"), a tile in a tray ("W8": White's tile 8),
or a tile tried on a stack ("3>s2": tile 3 laid over s2, its spike with nothing under it in red)."""
from __future__ import annotations

from .scene import Scene

G = "xats"
THREE = {"players": 3}

TILES = Scene(G, "The 13 tiles", [
    "Each player has 13 tiles, one of each pattern of spikes: tile 1 has none, tile 13 has six. Tile 8 "
    "(marked) has no mirror symmetry, so it may lie either side up. White starts.",
    "White put tile 13 on the table: the first stack, s1. Every tile shows its number and its owner's letter "
    "(W for White, R for Red).",
], ["13"], marks=[["W8", "R8"], ["s1"]],
    your_turn="Your turn: you play both sides. Click a tile of Red's tray, then the stack s1: every red tile "
              "has fewer spikes than tile 13, so each one fits.")

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
              "stack, with the spike that has nothing under it in red.")

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
    your_turn="Your turn: play White. Does any white tile fit on a stack now? Click a tile, then the empty "
              "table, to find out.")

NEW_STACK = Scene(G, "A new stack only when nothing fits", [
    "No white tile fits: tile 3 on s1 has two spikes and White has no tile with fewer; tiles 1 on s2 and s3 "
    "have none. So White may start a new stack.",
    "White started s4 with tile 13. Every red tile with fewer than six spikes fits on it, so Red must stack.",
    "Red put tile 11 on s4: its four spikes lie on four of tile 13's six.",
], ["13", "11>s4"],
    position="W:5,7,8,10,11,13 R:3,5,6,7,8,9,10,11 | s1:12R,9W,6W,3W s2:12W,4R,2R,1R s3:13R,4W,1W | x:2W | "
             "next 4 | to W",
    marks=[["new"], ["s4"], ["s4"]],
    your_turn="Your turn: play White. Which white tiles fit on tile 11? The board outlines them in orange.")

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
              "destroy it.")

DISCARD = Scene(G, "The discarded tile leaves the game", [
    "Crossed-out tiles were discarded: they never come back. White has 5 tiles and 4 spikes on top. White "
    "destroys s2 (1 high) with tile 2.",
    "Red's tile 11 went home, and tile 2 left the game: White has 4 tiles and 4 spikes on top, so White wins "
    "at the end of the turn. A destroy can win.",
], ["s2x2"],
    position="W:2,4,8,10,12 R:1,5,6,7,8,9,10 | s1:13R,9W s2:11R s3:13W,12R,6W,3R s4:11W,4R | "
             "x:1W,3W,5W,7W,2R | next 5 | to W",
    marks=[["s2", "W2"], ["W2"]],
    your_turn="Your turn: press Undo and try other moves for White: this was the only one that wins.")

WIN = Scene(G, "Winning at the end of your turn", [
    "Blue's turn. No top tile has more than one spike and Blue has no tile 1, so Blue may start a new "
    "stack. Blue has 6 tiles and 1 + 0 spikes on top.",
    "Blue played tile 9 (4 spikes) as a new stack: 5 tiles, and 1 + 0 + 4 = 5 spikes on top. Blue wins. "
    "Each count is at the right of its tray.",
], ["9"], options=THREE,
    position="W:1,4,5,6,7,8,9,10,12 B:4,6,9,10,12,13 R:1,3,4,6,7,8,9,10,11 | s1:13W,11B,5R,2B "
             "s2:12R,8B,3W,1B s3:13R,7B,2W s4:11W,3B,2R | x:5B | next 5 | to B",
    marks=[["s1", "s2"], ["s1", "s2", "s5"]],
    your_turn="Your turn: press Undo and try other tiles for Blue. One more tile wins; which?")

LOSE = Scene(G, "Losing: no tiles and no win", [
    "White has one tile left, tile 1, and 4 spikes on top. Any move ends the turn with 0 tiles, and none "
    "leaves 0 spikes on top.",
    "White played the last tile: 0 tiles, 3 spikes on top. A player who ends the turn with no tiles and no "
    "win loses at once: Red wins.",
], ["1>s2"],
    position="W:1 R:1,2,5,6,9,11 | s1:13R,9W,6W s2:12W,4R,2W s3:13W,12R,10W,7R s4:11W,8R s5:10R,8W,3R | "
             "x:3W,4W,5W,7W | next 6 | to W",
    marks=[["W1"], ["s2"]],
    your_turn="Your turn: press Undo and try White's other moves: does any of them save White?")

ELIMINATION = Scene(G, "Three players: out of the game", [
    "Three players play in the order White, Blue, Red. White has one tile left and cannot win with it.",
    "White ended the turn with no tiles and no win: White is out. White's tiles stay where they are and "
    "count for nobody.",
    "Blue and Red play on. Blue put tile 2 on s6.",
    "Red put tile 1 on s1. Next is Blue again: White's seat is skipped. The last player left wins, unless "
    "someone wins the count first.",
], ["1>s2", "2>s6", "1>s1"], options=THREE,
    position="W:1 B:1,2,3,4,6,7,8,9,10,11,12 R:1,2,5,6,9,11 | s1:13R,9W,6W s2:12W,4R,2W s3:13W,12R,10W,7R "
             "s4:11W,8R s5:10R,8W,3R s6:13B,5B | x:3W,4W,5W,7W | next 7 | to W",
    marks=[["W1"], [], ["s6"], ["s1"]],
    your_turn="Your turn: play Blue and Red to the end of the game.")

SCENES = [TILES, FIT, MUST, NEW_STACK, DESTROY, DISCARD, WIN, LOSE, ELIMINATION]

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
