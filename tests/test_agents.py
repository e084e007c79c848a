"""Computer players: declarations, tactics (win and block in one), the time budget, reasons, strength, tournaments.

Seeded and small: strength is measured at length in benchmarks/strength.py."""
import random

import pytest

import xlib
from xlib.agents import (AGENTS, PERSONAS, Easy, GreedyAgent, Hard, MCTSAgent, Medium, RandomAgent, default_for,
                         for_game, make_agent, suits)
from xlib.agents.tactics import quick_move

pd = pytest.importorskip("pandas")


def searcher(iterations=400, seed=0):
    """Medium's search with a fixed number of iterations instead of a clock, so that the test repeats."""
    return Medium(seed=seed, seconds=None, iterations=iterations)


# ---- declarations ----------------------------------------------------------------------------

def test_every_player_declares_games_that_exist_and_a_one_line_description():
    for name, cls in AGENTS.items():
        games = cls.classifier["games"]
        assert games == "any" or (games and set(games) <= set(xlib.game_names())), name
        assert cls.name == name and cls.label and len(cls.description.split()) >= 4 and "\n" not in cls.description


def test_for_game_lists_the_players_that_suit_it_levels_first():
    for game in xlib.game_names():
        listed = for_game(game)
        names = [n for n, _ in listed]
        assert names[:3] == ["easy", "medium", "hard"]
        assert all(c.classifier["games"] == "any" or game in c.classifier["games"] for _, c in listed)
        assert default_for(game) in names and default_for(game) not in ("random", "greedy")
        assert listed == for_game(game)  # a stable order
        personas = [n for n in names if n in PERSONAS]
        assert personas == (list(PERSONAS) if game == "xallies" else [])


def test_for_game_refuses_an_unknown_game():
    with pytest.raises(ValueError, match=r"no game named 'chess'"):
        for_game("chess")
    with pytest.raises(ValueError, match=r"no game named 'chess'"):
        default_for("chess")


# ---- behaviour -----------------------------------------------------------------------------

def test_agents_never_change_a_state_and_repeat_with_their_seed():
    s = xlib.game("xallies").start().play("3+").play("7+")
    before = s.position_text()
    for name in AGENTS:
        if not suits(AGENTS[name], "xallies"):
            continue  # the three-player politics personas: tested on X and XATS in test_politics.py
        options = {"iterations": 30, "seconds": None} if issubclass(AGENTS[name], MCTSAgent) else {}
        a, b = make_agent(name, seed=4, **options), make_agent(name, seed=4, **options)
        assert a.choose(s) == b.choose(s)
        assert s.position_text() == before and s.ply == 2


def test_agents_work_for_every_game():
    for name in xlib.game_names():
        g = xlib.game(name, **({"quick_start": True} if name == "xerog" else {}))
        s = g.start(seed=1)
        for agent in (RandomAgent(1), GreedyAgent(1), Easy(1), searcher(20, seed=1)):
            move = agent.choose(s)
            assert move in s.moves()
            assert agent.reason().startswith(s.players[0][:1].upper()) and str(move) in agent.reason()


def test_greedy_takes_the_best_immediate_gain():
    s = xlib.game("xallies").position("0:bb* 1:bb* 2:bb* 3:b* 4:bpp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* "
                                      "11:gg* ; to b")
    greedy = GreedyAgent(0)
    assert greedy.choose(s) in ("2+", "3+")  # the alliance in well 4
    assert "it adds the most to its score right now" in greedy.reason()
    assert "makes an alliance with purple in well 4" in greedy.reason()


@pytest.mark.parametrize("options, message", [
    ({"iterations": 0}, r"iterations must be a whole number of at least 1, not 0"),
    ({"iterations": None, "seconds": None}, r"give MCTSAgent a budget"),
    ({"nodes": 0}, r"nodes must be a whole number of at least 1, not 0"),
    ({"nodes": {"alea": 2.5}}, r"nodes must be a whole number of at least 1, not 2.5"),
    ({"nodes": {"chess": 100}}, r"no game named 'chess'"),
    ({"seconds": -1}, r"seconds must be a positive number"),
    ({"seed": "x"}, r"seed must be a whole number"),
])
def test_mcts_bad_budget_is_a_clear_error(options, message):
    with pytest.raises(ValueError, match=message):
        MCTSAgent(**options)


def test_unknown_agent_and_wrong_seat_count_are_clear_errors():
    with pytest.raises(ValueError, match=r"no computer player 'genius'; players: easy, medium, hard, random, greedy"):
        make_agent("genius")
    with pytest.raises(ValueError, match=r"XAllies with 3 players needs 3 agents, one per seat \(blue, purple, "
                                         r"green\), not 2"):
        xlib.play_match("xallies", ["random", "random"])
    with pytest.raises(ValueError, match=r"lineup 'pair' has 2 agents"):
        xlib.tournament("xallies", {"pair": ["random", "random"]}, games=1)


# ---- win in one, block in one ----------------------------------------------------------------

WINS = [  # (game, options, position, the winning moves)
    ("xallies", {}, "0:bb 1:bb 2:bb 3:b 4:bpp* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11:gg ; to b ; points 9 3 0",
     {"2+", "3+"}),
    ("alea", {"size": 4}, "BWWW/BBBW/BWWW/BWWW B b1 final 1", {"xc3"}),
    ("alea", {"size": 5}, "BBWWW/BWWWW/BBWWB/BBBBB/WBBBB W - final 1", {"xb4"}),
    ("xats", {}, "W:8,9,11,12,13 R:3,6,8,9,11,12 | s8:10R,1R s10:7R,4W s11:13R,5R,1W | "
                 "x:2R,5W,4R,7W,2W,10W,3W,6W | next 12 | to R", {"12"}),
    ("xats", {"players": 3}, "W:2,6,7,8,10,11,12,13 B:3,4,5,7,8,9,10,11,12 R:1,7,9,10,11,12,13 | "
                             "s9:13B,6R,1W s12:9W,1B | x:2B,2R,3W,4W,5W,6B,5R,3R,8R,4R | next 13 | to R", {"13"}),
    ("xerog", {}, "110230/000000/002200/000000/030030/321010 S", "-N"),
    ("xerog", {}, "300200/000020/011200/000100/030230/310000 S", "-N"),
    ("x", {}, "GRRR.RYGG/RGGYRR.YR/G.GGRGGRY/YYGYGGRRY/YYGRRGYYY/RGRGYYYYR/YYYGRYRRR/GR.RYRGYR/GYGGYGGRY G", {"c8"}),
]


def _wins(move, expected):
    return str(move).endswith(expected) if isinstance(expected, str) else str(move) in expected


@pytest.mark.parametrize("game, options, position, expected", WINS)
def test_every_level_takes_a_win_in_one(game, options, position, expected):
    s = xlib.game(game, **options).position(position)
    for agent in (Easy(3), searcher(50, seed=3)):
        move = agent.choose(s)
        assert _wins(move, expected), (agent.name, str(move))
        after = s.play(move)
        assert after.over and after.winners == (s.to_move,)
    assert "wins at once" in agent.reason()
    assert agent.stopped == "sure" and agent.last_iterations == 0


BLOCKS = [  # (game, options, position, the moves that stop the next player's win in one)
    ("alea", {"size": 4}, "BBBB/BBBB/WWWB/WWWW W a3", {"xc2"}),
    ("alea", {"size": 5}, "BBBBB/BBWBB/WWBBB/WWWWW/WWWWW W a4", {"xb3", "xc4"}),
    ("xats", {}, "W:1,4,8,9,11,12,13 R:3,5,6,8,9,11,12 | s8:10R,1R s10:7R s11:13R | x:2R,5W,4R,7W,2W,10W,3W,6W | "
                 "next 12 | to W", {"1>s10", "4>s10", "8>s11"}),
    ("xats", {}, "W:3,6,7,8,9,11,12,13 R:5,8,9,10,11,12,13 | s2:1W s7:4R,1R s10:7R | x:2R,2W,6R,3R,5W,10W,4W | "
                 "next 11 | to W", {"8", "s7x3"}),
    ("xerog", {}, "000200/011002/023103/030100/003200/000000 S", {"d2-c1", "d2-e1", "d2-e3", "d2-f2"}),
    ("xerog", {}, "000300/102000/011223/120033/000000/000000 N", {"d6-e4>c6"}),
    ("x", {}, "RRRYYRYRR/GY.RRRG.G/GRGR.YYYY/YYYGGYY.G/RYYYR.YYY/G.GGY...G/.YRGGRGGG/YRRRRGRG./GGRGYR.RG R", {"i8"}),
]


@pytest.mark.parametrize("game, options, position, blocking", BLOCKS)
def test_medium_stops_the_next_players_win_in_one(game, options, position, blocking):
    s = xlib.game(game, **options).position(position)
    losing = len(s.moves()) - len(blocking)
    agent = searcher(3 * len(s.moves()), seed=5)
    move = agent.choose(s)
    assert str(move) in blocking, str(move)
    assert f"it avoids {losing} move" in agent.reason()


def test_easy_does_not_look_at_the_reply():
    s = xlib.game("xerog").position("000300/102000/011223/120033/000000/000000 N")
    picks = {str(Easy(seed).choose(s)) for seed in range(12)}
    assert len(picks) > 3  # it plays like Greedy: any move, since none wins at once


def test_xallies_is_judged_by_the_odds_of_the_shots_never_by_the_shots_drawn():
    from xlib.agents.evaluations import outcome, shot_odds

    assert shot_odds((3, 3, 0), (1, 0, 0), (0.5, 0.5, 0.5)) == [0.75, 0.25, 0.0]  # a hit wins, a miss ties
    near = shot_odds((6, 3, 3, 0), (12, 10, 9, 8), (0.5,) * 4)  # many shots: each rival compared on its own
    assert abs(sum(near) - 1) < 0.01 and near[0] > 0.9
    s = xlib.game("xallies").position(WINS[0][2]).play("3+")
    assert s.over and outcome(s).win == [1.0, 0.0, 0.0]  # 12 points against 6 + 0 shots: no shot can change it


def test_the_shot_odds_count_every_way_the_shots_can_land():
    import itertools
    import math

    from xlib.agents.evaluations import shot_odds

    def every_way(points, whites, skills):
        share = [0.0] * len(points)
        for hits in itertools.product(*(range(w + 1) for w in whites)):
            chance = math.prod(math.comb(w, h) * p ** h * (1 - p) ** (w - h)
                               for w, h, p in zip(whites, hits, skills))
            totals = [pt + h for pt, h in zip(points, hits)]
            leaders = [i for i, v in enumerate(totals) if v == max(totals)]
            for i in leaders:
                share[i] += chance / len(leaders)
        return share

    for points, whites, skills in [((6, 3, 3, 0), (12, 10, 9, 8), (0.5,) * 4), ((9, 3, 6), (2, 5, 3), (0.5, 0.3, 0.9)),
                                   ((3, 3, 3), (4, 4, 4), (0.5,) * 3), ((0, 12, 6), (0, 0, 7), (0.5,) * 3)]:
        assert shot_odds(points, whites, skills) == pytest.approx(every_way(points, whites, skills), abs=1e-12)


def test_a_persona_reads_each_ledger_as_the_game_keeps_it():
    from xlib.agents.personas import PERSONAS, _Before

    rng = random.Random(4)
    for seed in range(2):
        s = xlib.game("xallies").start(seed=seed)
        while not s.over:
            before = _Before(s)  # what the persona reads once from the position it chooses from
            for m in s.moves():
                after = s.play(m)
                mine, kept = before.ledger(after), after.ledger
                assert (mine.claimed, mine.wasted) == (kept.claimed, kept.wasted), (s.position_text(), str(m))
            s = s.play(rng.choice(s.moves()))
    for name in ("prosocial", "reciprocator"):  # and chooses as it would reading every ledger afresh
        fresh = type("Fresh", (PERSONAS[name],), {"ledger": lambda self, state: state.ledger})
        for seed in range(2):
            a, b = xlib.play_match("xallies", [PERSONAS[name](seed=seed)] * 3, seed=seed), \
                xlib.play_match("xallies", [fresh(seed=seed)] * 3, seed=seed)
            assert a.record() == b.record()


# ---- the time budget -----------------------------------------------------------------------------

CROWDED = "000000/000010/321220/331132/000000/000000 S"  # a Xero-G board with hundreds of flights, no win


def test_a_search_stops_at_its_budget_where_playouts_used_to_run_for_minutes():
    s = xlib.game("xerog").position(CROWDED)
    agent = Hard(seed=0, seconds=0.3, iterations=10**6, nodes=None)
    move = agent.choose(s)
    assert agent.stopped in ("budget", "quick"), agent.stopped
    assert agent.last_iterations < 10**6 and s.explain(move) is None


def test_when_listing_the_moves_outlasts_the_budget_a_quick_legal_move_answers(monkeypatch):
    import time

    monkeypatch.delenv("XLIB_THREADS", raising=False)   # the search on a thread of its own, cut short

    s = xlib.game("xerog").position(CROWDED)
    slow_type = type(s)
    listed = slow_type.moves

    def slow_moves(self):
        time.sleep(0.6)
        return listed(self)

    monkeypatch.setattr(slow_type, "moves", slow_moves)
    agent = Medium(seed=0, seconds=0.1)
    move = agent.choose(s)
    monkeypatch.undo()
    assert agent.stopped == "quick" and "made a quick move the rules allow" in agent.reason()
    assert s.explain(move) is None and quick_move(s) == move


def test_a_decided_choice_stops_the_clock_early():
    s = xlib.game("xats").position("W:1,4,8,9,11,12,13 R:3,5,6,8,9,11,12 | s8:10R,1R s10:7R s11:13R | "
                                   "x:2R,5W,4R,7W,2W,10W,3W,6W | next 12 | to W")
    agent = Hard(seed=1, seconds=30.0, nodes=None)
    agent.choose(s)
    assert agent.stopped in ("clear", "sure")


class FakeClock:
    """A clock that moves a millisecond each time it is read: a search's timing without the machine's speed."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 0.001
        return self.now


def test_the_decisions_of_one_turn_share_its_time_cap(monkeypatch):
    import xlib.agents.mcts as mcts

    monkeypatch.setenv("XLIB_THREADS", "off")  # the search in the caller, stopping by its own clock
    monkeypatch.setattr(mcts, "time", FakeClock())
    # blue can sow only well 3, whose blue and purple pieces make two more decisions: the colour of each drop
    s = xlib.game("xallies").position("0:* 1:* 2:* 3:bbp* 4:ppp* 5:pp* 6:pp* 7:* 8:bbbgg* 9:bbbgg* 10:gg* 11:gg* "
                                      "; to b")
    agent = Medium(seed=0, nodes=None)  # its time cap alone: half a second
    spent = []
    while s.to_move == 0:
        move = agent.choose(s)
        spent.append(agent.elapsed)
        s = s.play(move)
    assert len(spent) == 3 and 0.4 < spent[0] <= 0.5
    assert all(t <= 0.25 * 0.5 for t in spent[1:])  # what the sowing left: a quarter of the cap at least
    agent.choose(xlib.game("xallies").start(seed=1))  # a new turn has the whole cap again
    assert agent.elapsed > 0.4


def test_a_level_plays_its_budget_of_imagined_games_counting_those_it_kept():
    s = xlib.game("xats").start(seed=3)
    agent = Medium(seed=0, seconds=None, nodes=200)  # its budget by nodes alone: no clock
    move = agent.choose(s)
    assert agent.stopped in ("iterations", "clear") and agent.last_iterations <= 200
    assert agent.stopped == "clear" or agent.root.visits == 200
    reply = max(agent.root.children[move.key()][1].children.values(), key=lambda mc: mc[1].visits)[0]
    after = s.play(move).play(reply)
    kept = agent.root.children[move.key()][1].children[reply.key()][1].visits
    assert kept > 0
    agent.choose(after)  # the search goes on from what it foresaw: the games kept count
    assert agent.last_iterations <= 200 - kept and agent.root.visits <= 200


def test_every_level_has_a_budget_in_every_game_and_hard_the_larger():
    from xlib.agents.levels import HARD_NODES, MEDIUM_NODES

    assert set(MEDIUM_NODES) == set(HARD_NODES) == set(xlib.game_names())
    assert all(HARD_NODES[g] > MEDIUM_NODES[g] for g in MEDIUM_NODES)
    assert Medium().nodes == MEDIUM_NODES and Hard().nodes == HARD_NODES
    assert Medium().node_budget(xlib.game("alea").start()) == MEDIUM_NODES["alea"]


def test_mcts_move_fits_a_time_budget():
    agent = MCTSAgent(seconds=0.2, seed=0)
    agent.choose(xlib.game("xallies").start())
    assert agent.stopped in ("budget", "clear") and agent.last_iterations > 0


# ---- what the computer weighed -------------------------------------------------------------------

def test_mcts_says_why():
    s = xlib.game("xallies").start(seed=2)
    agent = MCTSAgent(iterations=200, seconds=None, seed=0)
    move = agent.choose(s)
    stats = agent.thinking()
    assert stats[0].move == str(move) and sum(t.visits for t in stats) == 200
    assert all(0 <= t.value <= 1 for t in stats)
    assert agent.reason().startswith(f"Blue sowed well {str(move)[:-1]} ")
    assert f"({move})" in agent.reason() and "Why: it expects to win about " in agent.reason()
    assert " games in 10 from here" in agent.reason() or " game in 10 from here" in agent.reason()


def test_reasons_say_what_a_move_does_in_each_game():
    alliance = xlib.game("xallies").position(WINS[0][2])
    easy = Easy(0)
    easy.choose(alliance)
    assert "makes an alliance with purple in well 4" in easy.reason() and easy.reason().startswith("Blue sowed")
    flight = xlib.game("xerog").position(WINS[5][2])
    easy.choose(flight)
    assert easy.reason().startswith("South flew ") and "into North's base" in easy.reason()
    tiles = xlib.game("xats").position(WINS[3][2])
    easy.choose(tiles)
    assert "as many as the tiles left in its tray" in easy.reason()
    stones = xlib.game("alea", size=4).position(WINS[1][2])
    easy.choose(stones)
    assert "Black converted around c3" in easy.reason() and "it turns 3 white stones black" in easy.reason()
    x = xlib.game("x").position(WINS[7][2])
    easy.choose(x)
    assert easy.reason().startswith("Green placed a stone on c8")


def test_every_player_reasons_before_and_after_choosing():
    s = xlib.game("x", size=5).start()
    for name in AGENTS:
        options = {"iterations": 20, "seconds": None} if issubclass(AGENTS[name], MCTSAgent) else {}
        agent = make_agent(name, seed=1, **options)
        assert "has not chosen a move yet" in agent.reason()
        if name in PERSONAS:
            s2 = xlib.game("xallies").start()
            agent.choose(s2)
            assert agent.reason().startswith("Blue sowed")
        else:
            move = agent.choose(s)
            assert agent.reason().startswith(f"Red placed a stone on {move}")


def test_mcts_reuses_its_tree_between_moves():
    s = xlib.game("xallies").start(seed=2)
    agent = MCTSAgent(iterations=300, seconds=None, seed=0)
    m1 = agent.choose(s)
    child = agent.root.children[m1.key()][1]
    m2, grandchild = max(child.children.values(), key=lambda mc: mc[1].visits)
    visits_before = grandchild.visits
    assert visits_before > 0
    agent.choose(s.play(m1).play(m2))  # the game went on through the searched tree
    assert agent.root is grandchild and grandchild.visits >= visits_before + 300


# ---- strength (small counts; benchmarks/strength.py measures it at length) ------------------------

def test_hard_beats_random():
    g = xlib.game("xats")
    won = 0
    for i in range(4):
        seat = i % 2
        players = [Hard(seed=i, seconds=None, iterations=40) if p == seat else RandomAgent(i)
                   for p in range(2)]
        s = g.start(seed=i)
        while not s.over:
            s = s.play(players[s.to_move].choose(s))
        won += s.winners == (seat,)
    assert won >= 3


def test_personas_prosocial_tables_claim_more_and_waste_less_than_selfish():
    df = xlib.tournament("xallies", {"selfish": ["selfish"] * 3, "prosocial": ["prosocial"] * 3},
                         games=30, seed=7)
    per_game = df[df.seat == 0].groupby("lineup")[["claimed", "wasted"]].mean()
    assert per_game.loc["prosocial", "claimed"] > per_game.loc["selfish", "claimed"] + 2
    assert per_game.loc["prosocial", "wasted"] < per_game.loc["selfish", "wasted"] - 2


def test_personas_the_spoiler_wastes_more_than_anyone():
    for others in ("prosocial", "selfish", "competitive", "reciprocator"):
        df = xlib.tournament("xallies", {others: ["spoiler", others, others]}, games=20, seed=3)
        wasted = df.groupby("seat").wasted_by.sum()
        assert wasted[0] > wasted[1] and wasted[0] > wasted[2], (others, wasted.to_dict())


# ---- matches and tournaments ---------------------------------------------------------------------

def test_tournament_is_tidy_and_repeats_with_its_seed():
    lineups = {"mixed": ["selfish", "prosocial", "spoiler"]}
    a = xlib.tournament("xallies", lineups, games=6, seed=5, workers=2)
    b = xlib.tournament("xallies", lineups, games=6, seed=5, workers=1)
    assert len(a) == 18 and list(a.agent[:3]) == ["selfish", "prosocial", "spoiler"]
    for col in ("score", "win", "points", "whites", "hits", "claimed", "wasted", "unresolved", "wasted_by"):
        assert col in a.columns
    pd.testing.assert_frame_equal(a, b)
    assert (a.groupby("game").win.sum().round(6) == 1).all()
    c = xlib.tournament("xallies", lineups, games=6, seed=5, workers=2, progress=True)  # a tqdm bar
    pd.testing.assert_frame_equal(a, c)


def test_play_match_returns_the_final_state():
    s = xlib.play_match("x", ["random", "greedy", "easy"], seed=3, size=5)
    assert s.over and s.game.options["size"] == 5


# ---- the fast playout path ----------------------------------------------------------------

def _fast(state):
    fast = getattr(state, "fast_playout", None)
    if fast is None:
        pytest.skip("XAllies has no fast playout")
    return fast


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"drop_order": "own-first"}, {"supply": None, "rounds": 4}])
def test_fast_playout_plays_the_same_game_as_the_public_api(options):
    g = xlib.game("xallies", **options)
    for seed in range(60):
        s, rng = g.start(seed=seed), random.Random(seed)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
        f = _fast(g.start(seed=seed))(random.Random(seed))
        assert (f.counts, f.black, f.points, f.whites, f.turn) == (s.counts, s.black, s.points, s.whites, s.turn)
        assert f.claims == len(s.ledger.claimed) and f.wastes == len(s.ledger.wasted)


def test_fast_playout_laps_past_the_origin_like_the_engine():
    g = xlib.game("xallies", supply=None)
    start = g.position("0:bbbbbbbbpppp* 1: 2: 3: 4:pp* 5:pp 6: 7: 8:gg* 9:gg 10:gg 11:gg ; to b")
    for seed in range(20):
        s, rng = start, random.Random(seed)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
        f = _fast(start)(random.Random(seed))
        assert (f.counts, f.points, f.whites) == (s.counts, s.points, s.whites)


def plies_and_first_winner(state: xlib.core.State) -> dict[str, object]:
    """A measure for the tournament test: the game's length and its first winner."""
    return {"length": len(state.history()) - 1, "first_winner": min(state.winners) if state.winners else -1}


def test_tournament_adds_a_measure_to_every_row_of_its_game() -> None:
    df = xlib.tournament("x", {"r": ["random"] * 3}, games=3, seed=2, workers=1, measure=plies_and_first_winner)
    assert len(df) == 9
    for _, rows in df.groupby("game"):
        assert rows.length.nunique() == 1 and rows.first_winner.nunique() == 1
        assert rows.length.iloc[0] == rows.plies.iloc[0]
        assert rows.first_winner.iloc[0] == rows[rows.win > 0].seat.min()
    with pytest.raises(ValueError, match="measure must be a function"):
        xlib.tournament("x", {"r": ["random"] * 3}, games=1, measure="length")


@pytest.mark.parametrize("share, words", [(1.0, "nearly every game"), (0.996, "nearly every game"),
                                          (0.97, "more than 9 games in 10"), (0.5, "about 5 games in 10"),
                                          (0.1, "about 1 game in 10"), (0.03, "less than 1 game in 10"),
                                          (0.0, "almost no games")])
def test_win_estimates_read_as_words(share: float, words: str) -> None:
    from xlib.agents.words import chances

    assert chances(share) == words


def test_seat_menus_offer_players_only_for_the_player_counts_they_declare() -> None:
    two = {name for name, _ in for_game("xats", 2)}
    three = {name for name, _ in for_game("xats", 3)}
    assert "kingmaker" in three and "kingmaker" not in two
    assert {"easy", "medium", "hard"} <= two & three
    assert not suits(AGENTS["kingmaker"], "xats", 2) and suits(AGENTS["kingmaker"], "x", 3)


def moves_played(state: xlib.core.State) -> dict[str, object]:
    """A measure for the tournament test: the game's moves in notation."""
    return {"moves": " ".join(str(m) for m in state.record()["moves"])}


def test_identical_line_ups_in_one_tournament_play_different_games() -> None:
    df = xlib.tournament("x", {"a": ["random"] * 3, "b": ["random"] * 3}, games=4, seed=0, workers=1, size=6,
                         measure=moves_played)
    assert df.groupby("game").moves.first().nunique() == 8



def test_without_threads_the_search_keeps_its_time_budget_by_its_own_clock(no_threads):
    from xlib import threads

    assert not threads.available()
    s = xlib.game("alea", size=8).start(seed=3)
    agent = Medium(seed=1, seconds=0.2, nodes=None)  # the time cap alone
    move = agent.choose(s)
    assert s.explain(move) is None
    assert agent.stopped in ("budget", "clear") and agent.last_iterations > 0 and agent.thinking()


def test_steps_give_the_search_in_slices_and_the_same_kind_of_answer(no_threads):
    s = xlib.game("xats").start(seed=5)
    agent = Hard(seed=2, seconds=0.4, nodes=None)  # the time cap alone
    steps = agent.steps(s)
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            move = done.value
            break
    assert s.explain(move) is None and pauses >= 1
    assert agent.stopped in ("budget", "clear") and agent.last_iterations > 0
    assert "expects" in agent.reason() or "win" in agent.reason()
    counted = MCTSAgent(iterations=40, seconds=None, seed=0)
    steps = counted.steps(s)
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    assert s.explain(done.value.value) is None and counted.last_iterations == 40 and counted.stopped == "iterations"
