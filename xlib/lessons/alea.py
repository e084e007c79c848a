"""The Alea Evangelion lesson: one scene per rule of RULES.md section 2, each on a position that shows it.

Every scene ends with exercises: a task on a position, checked by a goal over the position reached (counted stones,
what the opponent may do next), so every right answer counts; or a choice between moves, such as "which of these
is illegal?", which the rules answer."""
from __future__ import annotations

from .. import registry
from ..core import State
from ..games.alea import NAMES, AleaState, Convert, Place
from .exercise import Exercise, Goal, Miss, Reason, played, turn_moves
from .scene import Scene

G = "alea"
SMALL = {"size": 5}


# ---- what the goals and misses read from a position ----------------------------------------------------
def _alea(state: State) -> AleaState:
    assert isinstance(state, AleaState)
    return state


def _colour(player: int) -> str:
    return NAMES[player].lower()


def _first(start: State, end: State) -> str:
    """The move the student played (its notation), or an empty text when none was played."""
    moves = turn_moves(start, end)
    return str(moves[0]) if moves else ""


def _is_placement(start: State, end: State) -> bool:
    moves = turn_moves(start, end)
    return bool(moves) and isinstance(moves[0], Place)


def _listed(cells: list[str]) -> str:
    """Cells in words: 'c2', 'c2 and d3', 'b3, c2 and d3'."""
    return cells[0] if len(cells) == 1 else ", ".join(cells[:-1]) + " and " + cells[-1]


def _stones(n: int, colour: str) -> str:
    return f"{n} {colour} stone{'' if n == 1 else 's'}"


def _points(x: float) -> str:
    """A count as a student writes it: 8, 8½."""
    whole, part = divmod(x, 1)
    return f"{int(whole)}½" if part == 0.5 else f"{x:g}"


def _result(s: State) -> str:
    """How a finished game ended, in words: 'Black wins 9 to 7', 'a draw, 8 to 8'."""
    b, w = _alea(s).scores
    if b == w:
        return f"a draw, {_points(b)} to {_points(w)}"
    return f"{'Black' if b > w else 'White'} wins {_points(max(b, w))} to {_points(min(b, w))}"


def turned(k: int) -> Goal:
    """At least `k` enemy stones turned to the mover's colour (only a conversion does that)."""
    def goal(start: State, end: State) -> bool:
        enemy = 1 - (start.to_move or 0)
        return _alea(start).counts[enemy] - _alea(end).counts[enemy] >= k
    return goal


def turned_miss(k: int) -> Miss:
    def miss(start: State, end: State) -> str:
        me = start.to_move or 0
        if _is_placement(start, end):
            return (f"{_first(start, end)} places a stone: only a conversion turns {_colour(1 - me)} stones "
                    f"{_colour(me)}.")
        n = _alea(start).counts[1 - me] - _alea(end).counts[1 - me]
        return f"{_first(start, end)} turns only {_stones(n, _colour(1 - me))} {_colour(me)}; the task asks for {k}."
    return miss


def now_of_mover(*cells: str) -> Goal:
    """Every one of `cells` holds a stone of the mover."""
    def goal(start: State, end: State) -> bool:
        return all(_alea(end).stone(c) == start.to_move for c in cells)
    return goal


def replies_spare(*cells: str) -> Goal:
    """Whatever the opponent plays next, every one of `cells` (all the mover's stones when none are named) stays
    the mover's."""
    def goal(start: State, end: State) -> bool:
        me, now = start.to_move, _alea(end)
        for reply in now.moves():
            after = _alea(now.play(reply))
            if cells and any(after.stone(c) != me for c in cells):
                return False
            if not cells and after.counts[me or 0] < now.counts[me or 0]:
                return False
        return True
    return goal


def replies_spare_miss(*cells: str) -> Miss:
    def miss(start: State, end: State) -> str:
        me, now = start.to_move or 0, _alea(end)
        for reply in now.moves():
            after = _alea(now.play(reply))
            lost = [c for c in (cells or now.game.names) if now.stone(c) == me and after.stone(c) != me]
            if lost:
                return (f"After {_first(start, end)}, {NAMES[1 - me]} can still play {reply} and flip "
                        f"{_listed(lost)}.")
        return f"After {_first(start, end)}, {NAMES[1 - me]} cannot flip them, but the task asks for more."
    return miss


def no_conversion_next(start: State, end: State) -> bool:
    """The opponent has no conversion on the next turn."""
    return not any(isinstance(m, Convert) for m in end.moves())


def no_conversion_miss(start: State, end: State) -> str:
    reply = next(str(m) for m in end.moves() if isinstance(m, Convert))
    return f"After {_first(start, end)}, {NAMES[1 - (start.to_move or 0)]} may still convert, for example {reply}."


def _outcome(s: State, me: int) -> int:
    """With best play by both in the final turns: 1 when `me` wins alone, 0 for a draw, -1 for a loss."""
    if s.over:
        return 0 if len(s.winners) > 1 else (1 if s.winners == (me,) else -1)
    values = [_outcome(s.play(m), me) for m in s.moves()]
    return max(values) if s.to_move == me else min(values)


def wins_whatever(start: State, end: State) -> bool:
    """The mover wins alone, whatever the opponent does in the final turns left (only on a full board)."""
    now, me = _alea(end), start.to_move or 0
    return (now.over or now.in_final_turns) and _outcome(now, me) == 1


def wins_whatever_miss(start: State, end: State) -> str:
    now, me = _alea(end), start.to_move or 0
    move = _first(start, end)
    if now.over:
        return f"{move} ends the game: {_result(now)}."
    if not now.in_final_turns:
        return f"{move} does not end with a full board."
    reply = min(now.moves(), key=lambda m: _outcome(now.play(m), me))
    after = now.play(reply)
    if after.over:
        return f"After {move}, {NAMES[1 - me]} answers {reply} and the game ends: {_result(after)}."
    return f"After {move}, {NAMES[1 - me]} answers {reply}, and {NAMES[me]} cannot win any more."


def sole_winner(start: State, end: State) -> bool:
    """The game is over and the mover has won it alone (a draw is not a win)."""
    return end.over and end.winners == (start.to_move,)


def result_miss(start: State, end: State) -> str:
    return f"{_first(start, end)} ends the game: {_result(end)}."


def not_a_repeat(position: str, moves: list[str], options: dict[str, int]) -> Goal:
    """A conversion whose board, with the same player to move, did not occur in the game that began at `position`
    and went on with `moves` (superko, checked against the scene's own game)."""
    def earlier() -> set[tuple[str, int | None]]:
        s = registry.game(G, **options).position(position)
        seen = {(s.position_text().split()[0], s.to_move)}
        for m in moves:
            s = s.play(m)
            seen.add((s.position_text().split()[0], s.to_move))
        return seen

    def goal(start: State, end: State) -> bool:
        converted = bool(turn_moves(start, end)) and isinstance(turn_moves(start, end)[0], Convert)
        return converted and (end.position_text().split()[0], end.to_move) not in earlier()
    return goal


def superko_miss(start: State, end: State) -> str:
    move = _first(start, end)
    if _is_placement(start, end):
        return f"{move} places a stone and converts nothing; the task is a conversion that superko allows."
    return f"{move} brings back a board that occurred before, with the same player to move: superko forbids it."


def placed_next_to(cell: str) -> Goal:
    """A stone was placed on a neighbour of `cell` (as the game's adjacency option counts neighbours)."""
    def goal(start: State, end: State) -> bool:
        moves = turn_moves(start, end)
        if not moves or not isinstance(moves[0], Place):
            return False
        g = _alea(start).game
        return moves[0].cell in g.neighbours[g.index[cell]]
    return goal


def placed_next_to_miss(cell: str) -> Miss:
    def miss(start: State, end: State) -> str:
        move = _first(start, end)
        if not _is_placement(start, end):
            return f"{move} is a conversion; the task is to place a stone."
        g = _alea(start).game
        (f, r), (cf, cr) = (divmod(g.index[name], g.n)[::-1] for name in (move, cell))
        if abs(f - cf) == 1 and abs(r - cr) == 1:
            return f"{move} touches {cell} only at a corner: a neighbour shares a side."
        return f"{move} is not next to {cell}."
    return miss


def corner_miss(cell: str) -> Miss:
    """Where the stone went, against the corner the task named (the leftmost file and the top rank)."""
    def miss(start: State, end: State) -> str:
        move = _first(start, end)
        where = f"on file {move[0]}, rank {move[1:]}" if move[:1].isalpha() and move[1:].isdigit() else "no placement"
        return f"{move} is {where}: the top left corner is {cell}, on the leftmost file and the top rank."
    return miss


def white_keeps(k: int) -> Goal:
    def goal(start: State, end: State) -> bool:
        return _alea(end).counts[1] == k
    return goal


def white_keeps_miss(start: State, end: State) -> str:
    n = _alea(end).counts[1]
    return f"After {_first(start, end)}, White still has {_stones(n, 'white')}."


def cells_miss(*cells: str) -> Miss:
    def miss(start: State, end: State) -> str:
        me = start.to_move or 0
        left = [c for c in cells if _alea(end).stone(c) != me]
        if _is_placement(start, end):
            return f"{_first(start, end)} places a stone: only a conversion turns {_listed(left)} {_colour(me)}."
        verb = "is" if len(left) == 1 else "are"
        return f"After {_first(start, end)}, {_listed(left)} {verb} still {_colour(1 - me)}."
    return miss


# ---- why a move the rules allow is not the one they refuse, worked out on the position -----------------------
def _turned(start: State, choice: str) -> list[str]:
    """The stones a legal move turned, read from the board before and after it (none for a placement)."""
    before, after = _alea(start), _alea(start.play(choice))
    return [c for c in before.game.names if before.stone(c) is not None and after.stone(c) != before.stone(c)]


def _placed(start: State, choice: str) -> bool:
    return isinstance(start.parse(choice), Place)


def _placement(rule: str) -> str:
    return f"It places a stone on an empty cell: {rule}."


def has_stones_to_flip(start: State, choice: str) -> str:
    """Why a move is allowed where the rule is that a conversion needs an enemy stone next to it."""
    if start.explain(choice) is not None:
        return ""
    if _placed(start, choice):
        return _placement("a turn may place a stone or convert")
    turned = _turned(start, choice)
    return (f"{choice[1:]} touches {NAMES[1 - (start.to_move or 0)]}'s {_listed(turned)}, so converting around it "
            f"flips {'it' if len(turned) == 1 else 'them'}.")


def flips_no_protected_stone(start: State, choice: str) -> str:
    """Why a move is allowed where the rule is protection: it flips no protected stone, or it is a placement."""
    if start.explain(choice) is not None:
        return ""
    if _placed(start, choice):
        return _placement("protection stops only conversions")
    turned, ringed = _turned(start, choice), sorted(_alea(start).protected)
    which = "which is not" if len(turned) == 1 else "none of them"
    only = f"only {_listed(ringed)}, ringed, {'is' if len(ringed) == 1 else 'are'}" if ringed else \
        "no stone is now"
    return f"It flips {'only ' if len(turned) == 1 else ''}{_listed(turned)}, {which} protected: {only}."


def may_before_the_end(start: State, choice: str) -> str:
    """Why a move is allowed where the rule is that passing waits for the final turns."""
    if start.explain(choice) is not None:
        return ""
    empty = [c for c in _alea(start).game.names if _alea(start).stone(c) is None]
    if _placed(start, choice):
        last = "the last empty cell" if empty == [choice] else "an empty cell"
        return f"It places a stone on {last}: placing is allowed while a cell is empty."
    return (f"It flips {_listed(_turned(start, choice))}: converting is allowed before the board is full "
            f"too; only passing waits for the final turns.")


def flips_compared_with(same: str) -> Reason:
    """Why a move is not the very move `same`: what each flips, read from the board before and after."""
    def because(start: State, choice: str) -> str:
        if start.explain(choice) is not None:
            return ""
        theirs = _listed(_turned(start, same))
        if _placed(start, choice):
            return f"It places a stone and flips nothing; {same} flips {theirs}."
        mine = _turned(start, choice)
        return f"It flips {'only ' if len(mine) == 1 else ''}{_listed(mine)}; {same} flips {theirs}."
    return because


PLACING = Scene(G, "Placing a stone", [
    "Cells are named as on a chess board: files a, b, c… from the left, ranks 1, 2, 3… from the bottom. "
    "Black moves first. A turn is either placing a stone on any empty cell, or converting.",
    "Black placed d4. The stone placed last has a yellow ring: it is protected, which matters when converting "
    "(the scenes on protection, below).",
    "White placed e5. Now e5 has the ring; d4 has lost it.",
], ["d4", "e5"], your_turn="Your turn (Black): click any empty cell to place a stone.",
    marks=[[], [], []],
    exercises=[
        Exercise(
            "Black to move: place a stone right next to White's e5 (left of it, right of it, above or below).",
            why="e5's neighbours are e6 above, e4 below, d5 on the left and f5 on the right. A cell that touches "
                "e5 only at a corner, like d6, is not a neighbour.",
            hint="Find e5: file e, rank 5. Then go one cell up, down, left or right.",
            solution=("e6",), illegal="e5",
            position="......../......../......../....W.../...B..../......../......../........ B e5",
            goal=placed_next_to("e5"), miss=placed_next_to_miss("e5")),
        Exercise(
            "Black to move: place a stone in the top left corner of the board.",
            why="Files run from a on the left to h on the right, ranks from 1 at the bottom to 8 at the top: the "
                "top left corner is a8.",
            hint="The leftmost file is a; the top rank is 8.",
            solution=("a8",), miss=corner_miss("a8"), illegal="pass", goal=played("a8")),
    ])

CONVERTING = Scene(G, "Converting: all or none", [
    "To convert, pick one of your stones: every enemy stone next to it (left, right, above, below) turns to "
    "your colour. Black's c3 touches b3, c4 and d3.",
    "Black converted around c3 (xc3): b3, c4 and d3 all turned black, never just some of them. d4 touches c3 "
    "only at a corner: not a neighbour, so it stays white.",
], ["xc3"], options=SMALL, position="...../..WW./.WBW./...../..... B -",
    your_turn="Your turn (White): click d4. Its neighbours were just flipped, so the board explains why it "
              "cannot convert. Then click an empty cell to place a stone.",
    marks=[["b3", "c4", "d3"], ["d4"]],
    exercises=[
        Exercise(
            "Black to move: convert so that at least 3 white stones turn black.",
            why="b3 and d3 each touch three white stones, and a conversion flips every one of them. c1 touches "
                "only two.",
            hint="Count the white stones that share a side with each black stone.",
            solution=("xb3",), illegal="xc3",
            position="...../.W.W./WBWBW/...../.WBW. B -", goal=turned(3), miss=turned_miss(3)),
        Exercise(
            "Black to move: which of these moves is illegal, and why?",
            why="No white stone touches a1, so converting around it has nothing to flip. xc3 flips b3, c4 and d3; "
                "b4 places a stone on an empty cell.",
            hint="A conversion needs at least one enemy stone next to your stone.",
            solution=("xa1",), illegal="xa1",
            position="...../..WW./.WBW./...../B.... B -", choices=("xc3", "xa1", "b4"), answer="xa1",
            because=has_stones_to_flip),
        Exercise(
            "Black to move: convert so that White keeps only one stone on the board.",
            why="xc3 flips b3, c4 and d3 all together. d4 touches c3 only at a corner, so it is not a neighbour "
                "and stays white.",
            hint="One black stone touches three of the four white stones.",
            solution=("xc3",), illegal="xd4",
            position="...../..WW./.WBW./...../..... B -", goal=white_keeps(1), miss=white_keeps_miss),
    ])

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
    marks=[["c3"], ["c3"], [], []],
    exercises=[
        Exercise(
            "White just placed d3 (ringed). Black to move: which of these moves is illegal, and why?",
            why="Converting around c3 would flip d3 and c2, but d3 was placed last turn and is protected. A "
                "conversion flips all or none, so xc3 is refused. xb2 flips only c2, which is not protected.",
            hint="Which conversion would have to flip the stone White just placed?",
            solution=("xc3",), illegal="xc3",
            position="...../...../..BW./.BW../..... B d3", choices=("xb2", "xc3", "d4"), answer="xc3",
            because=flips_no_protected_stone),
        Exercise(
            "White just placed d3 next to your c3. Black to move: make sure White cannot flip c3 on its next turn.",
            why="Your new stone next to d3 is protected on White's turn, and converting around d3 would have to "
                "flip it too. All or none: White cannot convert around d3, so c3 is safe.",
            hint="White can flip c3 only by converting around d3. Place a stone next to d3.",
            solution=("d4",), illegal="xc3",
            position="...../...../..BW./...../..... B d3", goal=replies_spare("c3"), miss=replies_spare_miss("c3")),
        Exercise(
            "Black to move: the ring is on e1, placed last turn. d3 was placed a turn earlier. Convert so that d3 "
            "turns black.",
            why="Protection lasts one turn: only e1 is protected now, so c3 (or d4, the same move) may flip d3.",
            hint="Which black stones touch d3? Leave e1 alone.",
            solution=("xc3",), illegal="xd1",
            position="...../...B./..BW./...../...BW B e1", goal=now_of_mover("d3"), miss=cells_miss("d3")),
    ])

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
    marks=[["b3"], ["d3"], ["c3"], ["c3"], []],
    exercises=[
        Exercise(
            "White just converted around b3 and flipped c3 (ringed). Black to move: which of these moves is "
            "illegal, and why?",
            why="A stone flipped last turn is protected, just like one placed. Converting around d3 would flip c3 "
                "and d4, and c3 may not be flipped now, so the whole conversion is refused. xe4 flips only d4.",
            hint="Look for the conversion that would have to flip the ringed stone.",
            solution=("xd3",), illegal="xd3",
            position="...../...WB/.WWB./...../..... B c3 streak 1", choices=("xe4", "xd3", "c4"), answer="xd3",
            because=flips_no_protected_stone),
        Exercise(
            "White just flipped c3, so it is protected. Black to move: convert so that at least 2 white stones "
            "turn black.",
            why="b4 flips c4 and b3, and neither is protected. d3 would flip two stones too, but one of them is "
                "the protected c3, so that conversion is refused.",
            hint="Any conversion that touches c3 is refused. Find one that does not.",
            solution=("xb4",), illegal="xd3",
            position="...../.BWWB/.WWB./...../..... B c3 streak 1", goal=turned(2), miss=turned_miss(2)),
    ])

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
    marks=[["c2", "d3"], ["c2"], ["c3"], [], ["c3"], []],
    exercises=[
        Exercise(
            "White placed c3, which threatens to flip c2 and d3. Black to move: place a stone so that White cannot "
            "flip any black stone on its next turn.",
            why="A stone placed next to c3 is protected on White's turn, and converting around c3 would have to "
                "flip it too: all or none, so White cannot convert at all. This is how Black defends.",
            hint="Place your stone on an empty cell next to c3.",
            solution=("b3",), illegal="xd3",
            position="...../...../..WB./..B../..... B c3", goal=replies_spare(), miss=replies_spare_miss()),
        Exercise(
            "Black just placed b3. White to move: which of these moves is illegal, and why?",
            why="c3 touches b3, c2 and d3, and b3 was placed last turn, so it is protected. A conversion flips all "
                "or none, so xc3 is refused for one turn.",
            hint="Which stone carries the ring, and which conversion would flip it?",
            solution=("xc3",), illegal="xc3",
            position="...../...../.BWB./..B../..... W b3", choices=("a5", "xc3", "c4"), answer="xc3",
            because=flips_no_protected_stone),
        Exercise(
            "Two turns later. White to move: convert so that at least 3 black stones turn white.",
            why="The ring has moved on to e5, so b3 is no longer protected: xc3 flips b3, c2 and d3.",
            hint="Which white stone touches three black stones?",
            solution=("xc3",), illegal="xb3",
            position="W...B/...../.BWB./..B../..... W e5", goal=turned(3), miss=turned_miss(3)),
    ])

SAME_FLIPS = Scene(G, "Two conversions, one move", [
    "Black's c3 and d2 touch the same two White stones, d3 and c2. Converting around c3 or around d2 flips "
    "exactly the same stones, so the rules count them as one and the same move.",
    "Black converted around d2: d3 and c2 turned black. Converting around c3 would have given the very same "
    "board, so it is not a different move.",
], ["xd2"], options=SMALL, position="...../...../..BW./..WB./..... B -",
    your_turn="Your turn: when Black is to move (if White is, press Back to the first step, then Your turn), "
              "click c3 instead of d2: the board ends up just as after xd2.",
    marks=[["d3", "c2"], ["c3"]],
    exercises=[
        Exercise(
            "Black to move: convert so that both d3 and c2 turn black.",
            why="c3 and d2 both touch d3 and c2 and no other white stone, so converting around either one flips "
                "both: it is one and the same move. b2 touches c2 only.",
            hint="Find a black stone that shares a side with both d3 and c2.",
            solution=("xd2",), illegal="xd3",
            position="...../...../..BW./.BWB./..... B -", goal=now_of_mover("d3", "c2"), miss=cells_miss("d3", "c2")),
        Exercise(
            "Black to move: which of these moves is the very same move as xc3 (it flips exactly the same stones)?",
            why="Converting around d2 flips d3 and c2, exactly what converting around c3 flips: the board after "
                "them is the same, so the rules count one move. xb2 flips c2 only.",
            hint="List the white stones each black stone touches.",
            solution=("xd2",), illegal="xd3",
            position="...../...../..BW./.BWB./..... B -", choices=("xb2", "xd2", "d4"), answer="xd2",
            because=flips_compared_with("xc3")),
    ])

SUPERKO_START = "BWW../...../WBB../...../BWW.. B -"
SUPERKO_MOVES = ["xa5", "xa3", "xa1", "xc5", "xc3"]

SUPERKO = Scene(G, "No repeating a position (superko)", [
    "Three tugs of war, on ranks 5, 3 and 1. Superko: a conversion may not bring back a board that occurred "
    "before with the same player to move.",
    "Black flips b5.",
    "White flips b3 (b5 is protected for one turn, so White plays elsewhere).",
    "Black flips b1.",
    "White flips b5 back.",
    "Black flips b3 back. White would now like to flip b1 back with xc1, but that would bring back the board "
    "of the start with Black to move: superko forbids it.",
], SUPERKO_MOVES, options=SMALL, position=SUPERKO_START,
    your_turn="Your turn (White): click c1 to see the superko rule refuse it, then play something else.",
    marks=[["b5", "b3", "b1"], [], [], [], [], ["c1", "b1"]],
    exercises=[
        Exercise(
            "White to move, at the end of the tugs of war above: they began from this board with b1 still white "
            "and Black to move. Convert without bringing back a board that occurred before.",
            why="xb5 flips a5 into a board never seen before. xc1 would flip b1 back and bring back the board the "
                "scene began with, Black to move: superko forbids that.",
            hint="Flipping b1 back repeats the first board of the scene. Look at rank 5.",
            solution=("xb5",), illegal="xc1", position=SUPERKO_START, before=tuple(SUPERKO_MOVES),
            goal=not_a_repeat(SUPERKO_START, SUPERKO_MOVES, SMALL), miss=superko_miss),
    ])

STREAK = Scene(G, "The streak rule", [
    "Seven conversions have been played in a row (the status line counts them). After 8 conversions in a "
    "row, the player to move must place a stone.",
    "Black converted around a5: that makes 8 in a row. White may not convert now, neither around a3 nor "
    "around b1: White must place.",
    "White placed e3. The count starts again from zero.",
    "So Black may convert again: around a1, flipping b1.",
], ["xa5", "e3", "xa1"], options=SMALL, position="BWW../...../WBB../...../BWW.. B - streak 7",
    your_turn="Your turn (White): conversions are allowed again: click a3 or c5 to convert.",
    marks=[[], ["a3", "b1"], [], []],
    exercises=[
        Exercise(
            "Seven conversions have been played in a row. Black to move: make sure White cannot convert on its "
            "next turn.",
            why="Any conversion now is the 8th in a row, so White must place a stone: the streak rule. A placement "
                "would start the count again, and White could convert.",
            hint="A new stone can block only one white conversion. Count the conversions in a row.",
            solution=("xa5",), illegal="xa3",
            position="BWW../...../WBB../...../BWW.. B - streak 7", goal=no_conversion_next, miss=no_conversion_miss),
        Exercise(
            "Eight conversions have been played in a row. White to move: which of these moves is legal?",
            why="After 8 conversions in a row the player to move must place a stone, so only e3, a placement, is "
                "legal. xa3 and xb1 would be a 9th conversion.",
            hint="The streak rule allows only one kind of move now.",
            solution=("e3",), illegal="xa3",
            position="BBW../...../WBB../...../BWW.. W b5 streak 8", choices=("xa3", "xb1", "e3"), answer="e3"),
    ])

THE_END = Scene(G, "The end: a full board, two final turns, counting", [
    "One cell is left. When a placement fills the board, two final turns follow: the other player's, then "
    "the filler's. In each, a player may convert or pass.",
    "Black filled the board with b1, leading 10 to 6. Final turn 1 of 2: White's.",
    "White converted around b3: b2 and c3 turned white. 8 to 8. Final turn 2 of 2: Black's. Every Black "
    "conversion would flip the protected b2 or c3, so Black passes.",
    "Black passed. The game is over: count the stones. 8 to 8 is a draw.",
], ["b1", "xb3", "pass"], options={"size": 4}, position="WWBB/WWBB/WBBB/W.BB B -",
    your_turn="Your turn: play both colours. Fill the last cell, then in each final turn click a stone to "
              "convert or press Pass; the status line counts the stones. If the game is already over, press Back "
              "to the first step, then Your turn.",
    marks=[["b1"], [], [], []],
    exercises=[
        Exercise(
            "Black to move: which of these moves is illegal, and why?",
            why="Passing is allowed only in the two final turns, after a placement has filled the board. b1 fills "
                "the last cell; xc3 converts b3.",
            hint="When may a player pass?",
            solution=("pass",), illegal="pass",
            position="WWBB/WWBB/WBBB/W.BB B -", choices=("b1", "xc3", "pass"), answer="pass",
            because=may_before_the_end),
        Exercise(
            "Black filled the board with a2. White's final turn (1 of 2): convert so that White wins, whatever "
            "Black does in the last turn.",
            why="xc2 (or xb3) flips three stones: White leads 10 to 6. Those three are protected on Black's last turn, "
                "so Black can win back one stone at most, and White wins.",
            hint="Passing loses: Black would then convert freely. Look for a conversion that flips three stones.",
            solution=("xc2",), illegal="xa1",
            position="BWWB/BWBB/BBWB/WWWB W a2", goal=wins_whatever, miss=wins_whatever_miss),
        Exercise(
            "The board is full, and White passed its final turn, so no stone is protected. Black's final turn "
            "(2 of 2): convert so that Black wins.",
            why="After a pass nothing is protected. xc2 (or xb3) flips three white stones: 9 to 7 for Black.",
            hint="A draw is not enough: you need 9 stones of the 16.",
            solution=("xc2",), illegal="a1",
            position="WWWB/WBWW/WBBW/BWWB B - final 1", goal=sole_winner, miss=result_miss),
        Exercise(
            "White just flipped c2 and d1 in its final turn, so they are protected. Black's final turn (2 of 2): "
            "convert so that Black wins.",
            why="Protection still holds in the final turns, so b2 and c3 may not convert. a1 flips a2 and b1: 9 to 7 "
                "for Black.",
            hint="xb2 would flip the most, but it touches the protected c2.",
            solution=("xa1",), illegal="xb2",
            position="BBBB/WWBW/WBWW/BWWW B c2,d1 final 1", goal=sole_winner, miss=result_miss),
    ])

KOMI = Scene(G, "Komi and draws", [
    "The same end with komi ½: half a point is added to White's count. A komi can balance the game if one "
    "colour wins too often, and a half point rules out draws.",
    "White converted around b3: 8 to 8 on the board.",
    "Black passed. White has 8 + ½ = 8½, Black 8: White wins.",
], ["xb3", "pass"], options={"size": 4, "komi": 0.5}, position="WWBB/WWBB/WBBB/WBBB W b1",
    your_turn="Your turn: choose both final turns yourself. If the game is already over, press Back to the "
              "first step (White's final turn), then Your turn. With komi ½ there is always a winner.",
    marks=[[], [], []],
    exercises=[
        Exercise(
            "Komi ½: half a point is added to White's count. White's final turn (1 of 2), behind 7 to 9: convert "
            "so that White wins, whatever Black does in the last turn.",
            why="xb2 (or xa3) flips three stones: 10 to 6. Black's last turn can win back at most two, and even 8 "
                "to 8 on the board is a White win, 8½ to 8.",
            hint="With komi ½, a tie on the board is enough for White. Find a conversion of three stones.",
            solution=("xb2",), illegal="xc3",
            position="BBWB/WBWB/BWWB/BBWW W d3", goal=wins_whatever, miss=wins_whatever_miss),
        Exercise(
            "Komi ½, and nothing is protected. Black's final turn (2 of 2): convert so that Black wins.",
            why="xb2 flips four stones (10 to 6) and xc3 three (9 to 7). A conversion of two gives 8 to 8 on the "
                "board, and White wins that with komi, 8½ to 8.",
            hint="8 to 8 is not enough: with komi White would win. Black needs 9 stones.",
            solution=("xb2",), illegal="xa2",
            position="BWBW/BWBW/WBWW/WWWB B - final 1", goal=sole_winner, miss=result_miss),
    ])

EIGHT_NEIGHBOURS = Scene(G, "Option: 8 neighbours", [
    "With the option of 8 neighbours, stones that touch at a corner are neighbours too. The same position as "
    "in \"Converting: all or none\", plus a White stone on b2.",
    "Black converted around c3: b3, c4 and d3, and now also d4 and b2 on the diagonals, turned black.",
], ["xc3"], options={"size": 5, "adjacency": 8}, position="...../..WW./.WBW./.W.../..... B -",
    your_turn="Your turn (White): place a stone at a corner of a Black stone, then see what Black may do; "
              "with 8 neighbours, corners count.",
    marks=[["b3", "c4", "d3", "d4", "b2"], []],
    exercises=[
        Exercise(
            "With 8 neighbours. Black to move: convert so that at least 4 white stones turn black.",
            why="With 8 neighbours the cells touching c3 at its corners count: xc3 flips b4, d4, b2 and d2.",
            hint="Which stones touch c3 at a corner?",
            solution=("xc3",), illegal="xb4",
            position="...../.W.W./..B../.W.W./..... B -", goal=turned(4), miss=turned_miss(4)),
        Exercise(
            "With 8 neighbours. White just placed d4 (ringed). Black to move: which of these moves is illegal, "
            "and why?",
            why="d4 touches c3 at a corner, so with 8 neighbours it is c3's neighbour, and it is protected: xc3 "
                "would have to flip it, so it is refused. xe2 flips d3 only.",
            hint="With 8 neighbours, a protected stone at a corner counts too.",
            solution=("xc3",), illegal="xc3",
            position="...../...W./..BW./....B/..... B d4", choices=("xe2", "xc3", "c4"), answer="xc3",
            because=flips_no_protected_stone),
    ])

SCENES = [PLACING, CONVERTING, PROTECTED_PLACED, PROTECTED_FLIPPED, BLACK_DEFENDS, SAME_FLIPS, SUPERKO, STREAK,
          THE_END, KOMI, EIGHT_NEIGHBOURS]

#: our decisions where the rules leave a gap, in plain words, with the option that changes each
DECISIONS = [
    "The board may be any size from 4×4 to 19×19; 8×8 is the default (option “Board size”). With no komi, "
    "a board of odd size, such as 9×9, cannot end in a draw.",
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
