"""The Xero-G lesson: one scene per rule of RULES.md section 4, each on a position that shows it.

Every position holds the game's twelve pyramids (four each of 1, 2 and 3 pips)."""
from __future__ import annotations

from .scene import Scene

G = "xerog"
RANK_6 = ["a6", "b6", "c6", "d6", "e6", "f6"]

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
              "Your turn: pick a size on the right of the board, then click squares of rank 1.")

GOAL = Scene(G, "The goal: fly into the other base", [
    "South wins by flying a ship into North's base (N, beyond rank 6); North flies into South's (S). The large "
    "pyramid on c4 has 3 pips: c5, c6, then the base.",
    "South flew c4-N and wins at once. From any square of rank 6 the base is one step away. Your own base is "
    "never entered.",
], ["c4-N"], position="320123/110023/023100/000000/000000/000000 S", marks=[["c4", "N"], ["N"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and win yourself: click the large "
              "pyramid on c4, then North's base at the top.")

HOME_ROW = Scene(G, "The home row", [
    "Your home row is the occupied rank nearest your side. South's is rank 1 (shaded): South may fly any "
    "pyramid there, of any size.",
    "South's small pyramid flew to c2. North's home row is rank 6, the occupied rank nearest North.",
    "North flew d6 to d5. South's home row is still rank 1: c2 cannot fly while rank 1 holds a pyramid.",
], ["c1-c2", "d6-d5"], options={"quick_start": True}, marks=[["a1", "b1", "c1", "d1", "e1", "f1"], ["c2"], ["c2"]],
    your_turn="Your turn: click c2 to read why it cannot fly, then fly a pyramid of rank 1.")

FALLBACK = Scene(G, "When the home row cannot move", [
    "No pyramid of rank 1 can move: each is medium or large, its first step needs an empty square, and every "
    "neighbour is taken. So South's home row falls back to rank 2.",
    "South flew c2 to c4. Pyramids belong to nobody: c4 is now the pyramid nearest North, so rank 4 is North's "
    "home row.",
    "North flew it on to c6. (If no pyramid of any rank could move, the player would pass: our rule.)",
], ["c2-c4", "c4-c6"], position="000000/000000/000000/000000/112131/323232 S",
    marks=[["a1", "b1", "c1", "d1", "e1", "f1"], ["c4"], ["c6"]],
    your_turn="Your turn: fly a ship of the shaded rank. Once c2 is empty, the large pyramid on c1 can fly again "
              "and rank 1 is South's home row once more.")

PIPS = Scene(G, "A ship flies exactly its pips", [
    "A ship flies exactly its pips in steps, north, south, east or west, turning as it likes. The large "
    "pyramid on a1 (3 pips) can land on a4, b3, c2, or the pyramid on b1.",
    "South flew 3 steps and turned on the way: a2, a3, b3.",
    "North's medium pyramid flew 2 steps: e5, e4.",
], ["a1-b3", "e6-e4"], options={"quick_start": True}, marks=[["a4", "b3", "c2", "b1"], ["b3"], ["e4"]],
    your_turn="Your turn: click a ship of rank 1: the ringed squares are exactly its pips away.")

EMPTY = Scene(G, "Passing only empty squares", [
    "A ship passes only through empty squares; only the end of a leg may hold a pyramid. b1 cannot fly at all "
    "(a1, c1, b2 are taken), and a1 cannot go a2, b2, c2: b2 is in the way.",
    "So the large pyramid flew round: a2, a3, b3.",
], ["a1-b3"], position="320023/010000/000000/000000/010000/321123 S", marks=[["b1", "b2"], ["b3"]],
    your_turn="Your turn: click a ship, then a square beyond a blocked path (c2 for South's a1, or c5 for North's "
              "a6): the message names the square in the way. Then fly another way.")

BOOST = Scene(G, "Landing on a pyramid: Rocket Boost", [
    "If a leg ends on a pyramid, the ship may take a Rocket Boost: a new leg with as many steps as that "
    "pyramid has pips. The pyramid stays where it is.",
    "South's medium ship landed on the medium pyramid on c3 and boosted 2 steps more, to e3, an empty square: "
    "the turn ends. Written c1-c3-e3, the start and each landing.",
], ["c1-c3-e3"], position="301123/000000/000000/002000/000000/312213 S", marks=[["c1", "c3"], ["c3", "e3"]],
    your_turn="Your turn: fly a ship onto a pyramid (South: c1 onto c3; North: c6 onto d6), press Rocket Boost on "
              "the right of the board, then click where the boost lands.")

CHAIN = Scene(G, "Chained boosts", [
    "Boosts can be chained. As in the rules' picture, South's small ship on a1 takes four successive boosts "
    "before it ends on an empty square.",
    "Onto a medium (boost 2) to c2, a large (boost 3) to c5, a small (boost 1) to d5, a medium (boost 2) to f5, "
    "empty. Written a1-a2-c2-c5-d5-f5.",
], ["a1-a2-c2-c5-d5-f5"], position="320113/001200/000000/000000/203000/100302 S",
    marks=[["a1", "a2", "c2", "c5", "d5"], ["f5"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and fly the chain by clicks: a1, a2, "
              "Rocket Boost, c2, Rocket Boost, and so on.")

REPROGRAM = Scene(G, "Reprogram: moving the pyramid you landed on", [
    "Or Reprogram the pyramid landed on: the ship stays, the pyramid goes to an empty square, not beyond the "
    "opponent's home row. North's is rank 5: rank 6 (outlined) is closed.",
    "South landed on the large pyramid on d3 and moved it to c4, in front of North's c5. Written d1-d3>c4. A "
    "reprogram ends the turn.",
    "North flew a5 down to a2. North's home row is still rank 5.",
], ["d1-d3>c4", "a5-a2"], position="000000/321123/000000/000300/000000/130221 S",
    marks=[RANK_6, ["d3", "c4"], RANK_6],
    your_turn="Your turn: land on a pyramid, press Reprogram on the right of the board, and try to drop it on "
              "rank 6: the message says why not. Then drop it where it may go.")

GATES = Scene(G, "Gates: each side of a square once a turn", [
    "Each side of a square is a gate. All are open when a turn starts; a gate the ship crosses closes (red) "
    "until the turn ends. The rules' example: North's ship on c5.",
    "North, east, south onto d5; boost west back through the start c5, then south, east onto d4; boost north "
    "onto d5, where only east is open: e5, e4, f4. Look at the red gates.",
], ["c5-d5-d4-d5-f4"], position="000000/203300/000100/010020/000000/321123 N",
    marks=[["c5", "d5", "d4"], ["f4"]],
    your_turn="Your turn: press Back until the first step, then Your turn, and fly it by clicks: c5, d5, Rocket "
              "Boost, d4, Rocket Boost, d5, Rocket Boost, f4. At the end, try c5 instead of f4.")

BASE_LAST = Scene(G, "Into the base: on the last step only", [
    "A ship enters the base only with the last step of a leg: never through it, never stopping short. From any "
    "square of rank 6 the base is one step.",
    "a2, a3 onto the medium on a4; its boost of 2 (a5, a6) onto the small on a6; its boost of 1 exactly into "
    "North's base. South wins: a1-a4-a6-N.",
], ["a1-a4-a6-N"], position="103321/000000/200000/000000/000000/321123 S",
    marks=[["a1", "a4", "a6"], ["N"]],
    your_turn="Your turn: press Back until the first step, then Your turn: click a1, a4, Rocket Boost, then North's "
              "base. The boost of 2 ends one step short of it, so the board says no.")

CHANGE = Scene(G, "The board must change", [
    "The board must change. c1 could land on the large pyramid on d1 and boost 3 round d2, c2, back to c1, "
    "leaving the board as before: not allowed. Nor is swapping equal pyramids.",
    "South boosted 3 steps to c3 instead (d2, d3, c3): the board changed, so the flight is legal.",
], ["c1-d1-c3"], position="321123/000000/000000/000000/000000/321312 S", marks=[["c1", "d1"], ["c3"]],
    your_turn="Your turn: press Back until the first step, then Your turn: click c1, d1, Rocket Boost, then c1, and "
              "read the message.")

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
    your_turn="Your turn: press Back to an earlier step, then Your turn, and fly another way to avoid the draw.")

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
