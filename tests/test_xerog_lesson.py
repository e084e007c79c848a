"""The Xero-G lesson: every scene plays through and shows the rule its sentences teach."""
import re
from collections import Counter

import pytest

from xlib.games.xerog import match_flight, sq_name
from xlib.lessons import xerog as L


def states(scene):
    return scene.states()


def end(scene):
    return scene.states()[-1]


def index(name):
    return (int(name[1]) - 1) * 6 + "abcdef".index(name[0])


def route(state, text):
    """The squares of the flight written `text` (its route as written, not another with the same outcome)."""
    start, *rest = text.split(">")[0].split("-")
    landings = tuple(-2 if x == "N" else -1 if x == "S" else index(x) for x in rest)
    drop = index(text.split(">")[1]) if ">" in text else None
    flight, problem = match_flight(state.board, state.mover, index(start), landings, drop)
    assert flight is not None, problem
    return [sq_name(s) for s in flight.squares], flight


@pytest.mark.parametrize("scene", L.SCENES, ids=lambda s: s.title)
def test_every_scene_plays_through_holds_twelve_pyramids_and_ends_with_your_turn(scene):
    out = states(scene)
    assert len(out) == len(scene.moves) + 1 and scene.title in scene.transcript()
    if not out[0].in_setup:
        assert Counter(p for p in out[0].board if p) == {1: 4, 2: 4, 3: 4}
    assert scene.your_turn.startswith("Your turn")


def test_setup_each_player_arranges_two_of_each_size_on_the_back_row():
    first, after_south, after_north = states(L.SETUP)
    assert first.in_setup and first.mover == 0
    assert after_south.in_setup and after_south.mover == 1
    assert not after_north.in_setup and after_north.mover == 0
    assert after_north.position_text() == "231132/000000/000000/000000/000000/321123 S"
    assert first.explain("setup 333111") is not None


def test_goal_a_flight_into_the_opponents_base_wins_and_your_own_base_is_closed():
    start, won = states(L.GOAL)
    assert won.over and won.winners == (0,)
    assert route(start, "c4-N")[0] == ["c4", "c5", "c6", "N"]
    assert "own base is never entered" in start.explain("c4-S")


def test_home_row_is_the_nearest_occupied_rank():
    s0, s1, s2 = states(L.HOME_ROW)
    assert s0.home_row_squares() == ["a1", "b1", "c1", "d1", "e1", "f1"]
    assert s1.home_row_squares() == ["a6", "b6", "c6", "d6", "e6", "f6"]
    assert "c2" not in s2.home_row_squares() and "not in South's home row" in s2.explain("c2-c3")


def test_fallback_when_the_nearest_rank_cannot_move():
    s0, s1, s2 = states(L.FALLBACK)
    assert s0.home_rank() == 1 and {sq[1] for sq in s0.home_row_squares()} == {"2"}
    assert "none of its pyramids can move" in s0.explain("b1-b2")
    assert s1.home_row_squares() == ["c4"]                      # the pyramid South flew is North's to fly
    assert "c1" in s2.home_row_squares()                        # c2 is empty again: rank 1 can move


def test_a_ship_flies_exactly_its_pips_and_turns_freely():
    s0 = states(L.PIPS)[0]
    landings = {m.flight.landings[0] for m in s0.moves() if m.flight.squares[0] == index("a1")}
    assert {sq_name(x) for x in landings} == {"a4", "b3", "c2", "b1"}
    assert "not 3 steps from a1" in s0.explain("a1-a3")
    assert route(s0, "a1-b3")[0] == ["a1", "a2", "a3", "b3"]    # a turn on the way


def test_ships_pass_only_through_empty_squares():
    s0, s1 = states(L.EMPTY)
    assert "occupied (b2)" in s0.explain("a1-c2")
    assert "b1" not in s0.home_row_squares()                    # boxed in: no empty first step
    assert "occupied (b5)" in s1.explain("a6-c5")


def test_rocket_boost_flies_a_new_leg_with_the_pips_landed_on():
    s0, s1 = states(L.BOOST)
    assert route(s0, "c1-c3-e3")[0] == ["c1", "c2", "c3", "d3", "e3"]
    assert s1.pips("c3") == 2 and s1.pips("e3") == 2 and s1.pips("c1") == 0


def test_four_successive_boosts():
    s0, s1 = states(L.CHAIN)
    squares, flight = route(s0, "a1-a2-c2-c5-d5-f5")
    boosts = flight.landings[:-1]
    assert len(boosts) == 4 and all(s0.board[b] for b in boosts) and s0.board[flight.landings[-1]] == 0
    assert s1.pips("f5") == 1 and s1.pips("a1") == 0


def test_reprogram_moves_the_pyramid_landed_on_but_not_beyond_the_opponents_home_row():
    s0, s1, s2 = states(L.REPROGRAM)
    assert s1.pips("d3") == 2 and s1.pips("c4") == 3 and s1.pips("d1") == 0
    assert "beyond the opponent's home row" in s0.explain("d1-d3>c6")
    assert s0.explain("d1-d3>d1") is None                       # the vacated start square is allowed
    assert "beyond the opponent's home row" in s2.explain("a1-a2>a6")


def test_the_seed_gate_example():
    s0, s1 = states(L.GATES)
    squares, flight = route(s0, "c5-d5-d4-d5-f4")
    assert squares[:9] == ["c5", "c6", "d6", "d5", "c5", "c4", "d4", "d5", "e5"]   # N, E, S, W, S, E, N, E
    assert len(set(flight.gates)) == len(flight.gates)
    assert "gate already crossed" in s0.explain("c5-d5-d4-d5-c5")
    assert s1.pips("f4") == 3 and s1.pips("c5") == 0


def test_the_base_only_on_the_last_step_of_a_leg():
    s0, won = states(L.BASE_LAST)
    assert won.over and won.winners == (0,)
    assert route(s0, "a1-a4-a6-N")[0][-2:] == ["a6", "N"]
    assert s0.explain("a1-a4-N") is not None                    # a boost of 2 from a4 ends short of the base


def test_the_board_must_change():
    s0, s1 = states(L.CHANGE)
    assert "the board must have changed" in s0.explain("c1-d1-c1")
    assert s1.board != s0.board


def test_a_position_seen_the_third_time_is_a_draw():
    out = states(L.DRAW)
    assert all(not s.over for s in out[:-1])
    assert out[-1].over and out[-1].winners == (0, 1) and out[-1].board == out[0].board


def test_decisions_and_credits_in_plain_words():
    assert any("passes" in d for d in L.DECISIONS) and any("third time" in d for d in L.DECISIONS)
    assert "Kat Costa" in L.CREDITS and "Claude Leroy" in L.CREDITS and "Gyges" in L.CREDITS


def test_the_notebook_lists_our_decisions_in_the_lessons_words_and_credits_the_designers():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "xerog.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for decision in L.DECISIONS:
        assert decision in text
    assert "Kat Costa" in text and "Claude Leroy" in text and "Gyges" in text
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    for scene in L.SCENES:
        name = next(k for k, v in vars(L).items() if v is scene)
        assert f"Tutorial(lesson.{name}," in code or f"Tutorial(lesson.{name})" in code


# ---- the exercises mean what they say ------------------------------------------------------------------
def exercise(scene, k=0):
    ex = scene.exercises[k]
    return ex, ex.start(scene.game, scene.options)


def all_exercises():
    return [(scene, k) for scene in L.SCENES for k in range(len(scene.exercises))]


@pytest.mark.parametrize("scene, k, words", [
    (L.GOAL, 1, "own base is never entered"),
    (L.HOME_ROW, 0, "c2 is not in South's home row"),
    (L.FALLBACK, 0, "none of its pyramids can move"),
    (L.PIPS, 1, "e2 is not 2 steps from e1"),
    (L.EMPTY, 0, "in the way is occupied (b2)"),
    (L.EMPTY, 1, "in the way is occupied (d5)"),
    (L.BOOST, 1, "it must boost"),
    (L.CHAIN, 1, "the boost from c2 has 3 pips"),
    (L.REPROGRAM, 1, "beyond the opponent's home row"),
    (L.GATES, 0, "would cross the gate between c5 and d5 again"),
    (L.GATES, 1, "would cross the gate between b2 and b3 again"),
    (L.BASE_LAST, 1, "only with the last step of a leg"),
    (L.CHANGE, 0, "the board must have changed"),
    (L.CHANGE, 1, "the board must have changed"),
])
def test_which_flight_is_illegal_the_answer_alone_is_refused_for_the_reason_taught(scene, k, words):
    ex, start = exercise(scene, k)
    assert "illegal" in ex.task and ex.kind == "choice"
    assert words in start.explain(ex.answer)
    assert all(start.explain(c) is None for c in ex.choices if c != ex.answer)


def test_every_which_is_illegal_exercise_is_in_the_table_above_and_the_setup_answer_is_the_only_legal_one():
    illegal = [(s.title, k) for s, k in all_exercises() if s.exercises[k].kind == "choice" and
               "illegal" in s.exercises[k].task]
    assert len(illegal) == 14
    ex, start = exercise(L.SETUP)
    assert [c for c in ex.choices if start.explain(c) is None] == [ex.answer] == ["b1-b3"]


def wins_with_landings(start, most):
    """The winning flights (as written) with at most `most` landings, the base included, from the home row."""
    goal = "N" if start.to_move == 0 else "S"
    pads = [f"{f}{r}" for f in "abcdef" for r in range(1, 7) if start.pips(f"{f}{r}")]
    found = []

    def rec(text, left):
        if start.explain(f"{text}-{goal}") is None:
            found.append(f"{text}-{goal}")
        if left > 1:
            for pad in pads:
                if pad not in text[:2]:
                    rec(f"{text}-{pad}", left - 1)
    for ship in start.home_row_squares():
        rec(ship, most)
    return found


def test_the_winning_flights_need_what_their_tasks_and_hints_say():
    ex, start = exercise(L.CHAIN)                       # "it takes three Rocket Boosts"
    assert ex.check(start, ex.solution_end(start))
    assert not wins_with_landings(start, 3)
    ex, start = exercise(L.GATES, 2)                    # the ship passes its own start square again
    squares = route(start, ex.solution[0])[0]
    assert squares.count("c2") == 2 and not wins_with_landings(start, 3)
    ex, start = exercise(L.BASE_LAST)                   # the boost of 2 from a4 falls short; b5's boost of 3 fits
    assert start.explain("a2-a4-N") is not None and start.explain("a2-a4-b5-N") is None
    ex, start = exercise(L.GOAL)
    assert wins_with_landings(start, 1) == ["e4-N"]


def test_the_reprogram_exercises_stop_a_real_threat_and_only_a_reprogram_stops_it():
    for k, landing in ((0, "d3"), (2, "b3")):
        ex, start = exercise(L.REPROGRAM, k)
        text = start.position_text()
        assert start.game.position(text[:-1] + "N").reaches_base()       # were it North's turn, North would win
        solvers = [m for m in start.moves() if ex.check(start, start.play(m))]
        assert solvers and all(">" in str(m) and str(m).split(">")[0].endswith(landing) for m in solvers)
        assert ex.check(start, ex.solution_end(start))
        plain = next(m for m in start.moves() if ">" not in str(m))
        assert "can still fly into the base" in ex.miss(start, start.play(plain))
    ex, start = exercise(L.REPROGRAM, 0)
    assert {str(m) for m in start.moves() if ex.check(start, start.play(m))} == {"e2-d3>a1", "e2-d3>b2"}
    named = set(re.findall(r"\b[a-f][1-6]\b", ex.hint)) - {"d3", "a2", "d5", "b4"}
    assert named == {"b2", "a1"}, ex.hint     # the hint sends the pyramid only where it blocks North (not b3)
    ex, start = exercise(L.REPROGRAM, 2)
    assert {str(m) for m in start.moves() if ex.check(start, start.play(m))} == {"b1-b3>f2", "b1-b3>f4"}
    assert not ex.check(start, start.play("b1-b3>f5"))                     # North lands on f5 and boosts


def test_the_home_row_exercises_read_the_home_row_after_the_flight():
    ex, start = exercise(L.HOME_ROW, 1)
    assert ex.check(start, start.play("c1-c3")) and not ex.check(start, start.play("c1-b2"))
    assert ex.miss(start, start.play("c1-b2")) == "South's home row is now rank 2."
    ex, start = exercise(L.FALLBACK, 1)
    right = {str(m) for m in start.moves() if ex.check(start, start.play(m))}
    # only e2's flights free e1 (d1 and f1 beside it are taken), and not one that drops a pyramid back on e2
    assert right == {"e2-e5", "e2-d4", "e2-f4", "e2-c3", "e2-d2-c2-c4", "e2-d2-c2-b3", "e2-d2-c2-d3"}
    assert not ex.check(start, start.play("e2-f2>e2")) and not ex.check(start, start.play("c2-c4"))
    assert ex.miss(start, start.play("c2-c4")) == ("d1, f1 and e2 beside e1 are all still taken after your flight: "
                                                   "the pyramid on e1 cannot take its first step.")


def test_the_rank_exercises_count_the_ship_not_a_reprogrammed_pyramid():
    ex, start = exercise(L.PIPS)
    assert ex.check(start, start.play("a1-a4")) and ex.check(start, start.play("f1-f4"))
    assert not ex.check(start, start.play("b1-b3"))
    # a Reprogram drops the other pyramid on rank 4; the ship itself stays on rank 1
    drops = [m for m in start.moves() if ">" in str(m) and str(m).endswith("4")]
    assert start.explain("d1-c1>a4") is None and len(drops) >= 12
    assert not any(ex.check(start, start.play(m)) for m in drops)
    assert ex.miss(start, start.play("d1-c1>a4")) == ("No ship lands on rank 4: the ship ends on c1. The pyramid "
                                                      "dropped on a4 is not the ship.")
    ex, start = exercise(L.BOOST)
    assert start.explain("c1-c3>a5") is None and not ex.check(start, start.play("c1-c3>a5"))
    assert ex.check(start, start.play("c1-c3-c5"))
    assert start.explain("a1-b1>a5") is None and not ex.check(start, start.play("a1-b1>a5"))   # a dropped pyramid
    one_leg = [m for m in start.moves() if str(m).count("-") == 1 and ">" not in str(m)]
    assert one_leg and all(not ex.check(start, start.play(m)) for m in one_leg)        # no single leg gets there


def test_the_draw_exercise_every_flight_but_the_win_ends_in_a_draw():
    ex, start = exercise(L.DRAW)
    ends = [start.play(m) for m in start.moves()]
    assert all(e.over for e in ends)
    assert sum(e.winners == (0,) for e in ends) == 1 and all(e.winners in ((0,), (0, 1)) for e in ends)
    draw = next(e for e in ends if e.winners == (0, 1))
    assert not ex.check(start, draw) and "draw" in ex.miss(start, draw)


def test_the_scenes_speak_only_of_what_is_on_screen_and_say_the_home_row_rule_as_the_rules_do():
    for scene in L.SCENES:
        assert not any("rules'" in s for s in scene.sentences), scene.title
    last = L.HOME_ROW.sentences[2]
    assert "because its pyramids can still move" in last and "holds a pyramid" not in last
    s2 = L.HOME_ROW.states()[2]
    assert s2.home_rank() == 1 and any(sq.endswith("1") for sq in s2.home_row_squares())


# ---- a flight as the student entered it -----------------------------------------------------------------
def flights_as_entered(state):
    """Every flight a person may enter here, one per (ship, last landing, drop), each as a route written out: the
    game keeps one flight per board it leaves, so several of these are kept under another notation."""
    from xlib.games.xerog import Flight, FlightSearch, board_after, drop_squares

    out = []
    for square in state.home_row_squares():
        start = index(square)
        search = FlightSearch(state.board, state.mover, start)
        if search.win is not None:
            out.append(search.win.notation())
        out += [f.notation() for f in search.ends.values()]
        for at, f in search.landings.items():
            after = list(state.board)
            after[start], after[at] = 0, state.board[start]
            out += [Flight(*f[:3], d).notation() for d in drop_squares(after, state.mover)
                    if board_after(state.board, start, at, d) != state.board]
    return out


def test_a_move_exercise_judges_and_tells_the_flight_as_entered_not_the_one_the_game_keeps():
    """c1-d1>c2 (the small ship lands on d1, its small pyramid goes to c2) leaves the board c1-c2 leaves, and the
    game keeps c1-c2: what the student did, and where their ship landed, is read from the flight entered."""
    from tests.test_exercise_goals import XEROG_CHECKS

    ex, start = exercise(L.PIPS)
    assert str(start.play("c1-d1>c2").last_move) == "c1-c2"
    assert ex.missed_because(start, start.play("c1-d1>c2"), ("c1-d1>c2",)) == (
        "No ship lands on rank 4: the ship ends on d1. The pyramid dropped on c2 is not the ship.")
    kept_otherwise = 0
    for scene in L.SCENES:
        for k, ex in enumerate(scene.exercises):
            if ex.kind != "move":
                continue
            start = ex.start(scene.game, scene.options)
            for text in flights_as_entered(start):
                end = start.play(text)
                kept_otherwise += str(end.last_move) != text
                meant = XEROG_CHECKS[(scene.title, k)](start, end, [text])
                assert ex.check(start, end, (text,)) == meant, (scene.title, k, text, str(end.last_move))
                if meant:
                    continue
                said = ex.missed_because(start, end, (text,))
                ship = text.split(">")[0].split("-")[-1]
                named = re.findall(r"(?:ship ends on|reprograms the pyramid on) (\w+)", said)
                assert all(m == ship for m in named), (scene.title, k, text, said)
    assert kept_otherwise > 100


SIZES = {"small": 1, "medium": 2, "large": 3}


def test_every_reason_a_legal_choice_is_given_is_true_of_the_flight_as_written():
    """Each worked-out reason names only squares of the flight as written (its route, boosts and drop) and says of
    them what the board holds: the pips flown and the squares passed, boosts, the gates, the home row, the rank a
    reprogrammed pyramid may go to, how the board changes."""
    from xlib.games.xerog import board_after, drop_squares

    checked = 0
    for scene, k in all_exercises():
        ex, start = exercise(scene, k)
        for choice in ex.choices:
            if choice == ex.answer or start.explain(choice) is not None:
                continue
            reason = ex.why_not(start, choice)
            squares, flight = route(start, choice)
            on_route = set(squares) | {sq_name(x) for x in flight.landings} | \
                ({sq_name(flight.drop)} if flight.drop is not None else set())
            assert set(re.findall(r"\b[a-f][1-6]\b", reason)) <= on_route, (choice, reason)
            board = list(start.board)
            board[flight.squares[0]] = 0                      # the start square is empty once left
            pips = {sq: start.pips(sq) for sq in squares if sq not in "NS"}
            for n, said in re.findall(r"flies exactly its (\d) steps: (.+)\.", reason):
                assert int(n) == pips[squares[0]] and re.findall(r"\w\d|\w+'s base", said) == squares[1:]
            for said in re.findall(r"pass (.+?), (?:both |all )?empty", reason):
                passed = re.findall(r"[a-f][1-6]", said)
                assert passed == squares[1:-1] and not any(board[index(x)] for x in passed), reason
            for n, m in re.findall(r"Its (\d+) steps cross (\d+) different gates", reason):
                assert int(n) == int(m) == len(flight.gates) == len(set(flight.gates)), reason
            for p, sq in re.findall(r"(\d) from ([a-f][1-6])", reason):
                assert pips[sq] == int(p) and index(sq) in flight.landings[:-1], reason
            for sq, rank in re.findall(r"([a-f][1-6]) is on rank (\d), South's home row", reason):
                assert sq == squares[0] == sq[0] + rank and sq in start.home_row_squares(), reason
            for drop, rank, home in re.findall(r"([a-f][1-6]) is on rank (\d), not beyond North's home row, rank (\d)",
                                               reason):
                after = list(board)
                after[flight.landings[-1]] = start.board[flight.squares[0]]
                assert index(drop) == flight.drop in drop_squares(after, start.mover) and drop[1] == rank
                assert int(home) == max(r + 1 for r in range(6) if any(after[r * 6:r * 6 + 6])), reason
            for sq in re.findall(r"ends on ([a-f][1-6]), an empty square", reason):
                assert index(sq) == flight.landings[-1] and not board[index(sq)], reason
            if "The board changes:" in reason:
                after = board_after(start.board, flight.squares[0], flight.landings[-1], flight.drop)
                changed = {sq_name(x) for x in range(36) if after[x] != start.board[x]}
                assert set(re.findall(r"\b[a-f][1-6]\b", reason)) == changed, reason
                for sq in re.findall(r"([a-f][1-6]) is left empty", reason):
                    assert not after[index(sq)]
                for sq, size in re.findall(r"([a-f][1-6]) (?:gets|holds) an? (\w+) pyramid", reason):
                    assert after[index(sq)] == SIZES[size], reason
            if "base" in reason:
                assert ("into North's base" in reason or "enters North's base" in reason) == (squares[-1] == "N")
            checked += 1
    assert checked >= 27


def test_every_wrong_pick_of_which_is_illegal_says_the_flight_is_legal_and_why():
    """A question about the illegal flight is answered, for each legal flight picked, by its legality first."""
    told = 0
    for scene, k in all_exercises():
        ex, start = exercise(scene, k)
        if ex.kind != "choice" or "illegal" not in ex.task:
            continue
        for choice in ex.choices:
            if choice == ex.answer:
                continue
            assert start.explain(choice) is None
            why = ex.why_not(start, choice)
            assert why.startswith("This flight is legal. ") and len(why) > len("This flight is legal. ") + 20, \
                (scene.title, k, choice, why)
            told += 1
    assert told == 28


BOOSTS = re.compile(r"It takes (at least )?(one|two|three|four|five|six) Rocket Boosts?\b")


def test_the_number_of_rocket_boosts_a_task_names_is_what_its_accepted_flights_use():
    """"It takes three Rocket Boosts" would be false where routes of more boosts win too: every route the exercise
    accepts is counted, and the words say "at least" unless they all use the number said."""
    from tests.test_xerog_search import routes, text
    from xlib.lessons import AsEntered
    numbers = ("one", "two", "three", "four", "five", "six")
    named = 0
    for scene, k in all_exercises():
        ex, start = exercise(scene, k)
        said = BOOSTS.search(ex.task)
        if said is None:
            continue
        named += 1
        counts = set()
        for r in routes(start):
            end = start.play(text(r))
            judge = ex.goal
            if (judge.judge(start, end, (text(r),)) if isinstance(judge, AsEntered) else judge(start, end)):
                counts.add(len(r[1]) - 1)   # a boost from every landing but the last
        n = numbers.index(said.group(2)) + 1
        assert counts and min(counts) == n, (scene.title, k, sorted(counts))
        assert bool(said.group(1)) == (max(counts) > n), (scene.title, k, said.group(0), sorted(counts))
    assert named >= 1
