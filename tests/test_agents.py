"""Computer players: behaviour, errors, strength (seeded, statistical margins) and the fast playout path."""
import random

import pytest

import xlib
from xlib.agents import AGENTS, GreedyAgent, MCTSAgent, RandomAgent, make_agent

pd = pytest.importorskip("pandas")


def test_agents_never_change_a_state_and_repeat_with_their_seed():
    s = xlib.game("xallies").start().play("3+").play("7+")
    before = s.position_text()
    for name in AGENTS:
        options = {"iterations": 30} if name == "mcts" else {}
        a, b = make_agent(name, seed=4, **options), make_agent(name, seed=4, **options)
        assert a.choose(s) == b.choose(s)
        assert s.position_text() == before and s.ply == 2


def test_agents_work_for_every_game():
    for name in xlib.game_names():
        g = xlib.game(name, **({"quick_start": True} if name == "xerog" else {}))
        s = g.start(seed=1)
        for agent in (RandomAgent(1), GreedyAgent(1), MCTSAgent(iterations=20, seed=1)):
            assert agent.choose(s) in s.moves()


def test_greedy_takes_the_best_immediate_gain():
    s = xlib.game("xallies").position("0:b* 1: 2: 3:b* 4:bpp* 5: 6: 7: 8:gg* 9: 10: 11: ; to b")
    assert GreedyAgent(0).choose(s) == "3+"  # the alliance in well 4


@pytest.mark.parametrize("options, message", [
    ({"iterations": 0}, r"iterations must be a whole number of at least 1, not 0"),
    ({"iterations": None, "seconds": None}, r"give MCTSAgent a budget"),
    ({"seconds": -1}, r"seconds must be a positive number"),
    ({"seed": "x"}, r"seed must be a whole number"),
])
def test_mcts_bad_budget_is_a_clear_error(options, message):
    with pytest.raises(ValueError, match=message):
        MCTSAgent(**options)


def test_unknown_agent_and_wrong_seat_count_are_clear_errors():
    with pytest.raises(ValueError, match=r"no computer player 'genius'; players: random, greedy, mcts"):
        make_agent("genius")
    with pytest.raises(ValueError, match=r"XAllies with 3 players needs 3 agents, one per seat \(blue, purple, "
                                         r"green\), not 2"):
        xlib.play_match("xallies", ["random", "random"])
    with pytest.raises(ValueError, match=r"lineup 'pair' has 2 agents"):
        xlib.tournament("xallies", {"pair": ["random", "random"]}, games=1)


def test_mcts_says_why():
    s = xlib.game("xallies").start(seed=2)
    agent = MCTSAgent(iterations=200, seed=0)
    move = agent.choose(s)
    stats = agent.thinking()
    assert stats[0].move == str(move) and sum(t.visits for t in stats) == 200
    assert all(0 <= t.value <= 1 for t in stats)


def test_mcts_reuses_its_tree_between_moves():
    s = xlib.game("xallies").start(seed=2)
    agent = MCTSAgent(iterations=300, seed=0)
    m1 = agent.choose(s)
    child = agent.root.children[m1.key()][1]
    m2, grandchild = max(child.children.values(), key=lambda mc: mc[1].visits)
    visits_before = grandchild.visits
    assert visits_before > 0
    agent.choose(s.play(m1).play(m2))  # the game went on through the searched tree
    assert agent.root is grandchild and grandchild.visits >= visits_before + 300


def test_mcts_move_fits_a_time_budget():
    agent = MCTSAgent(iterations=None, seconds=0.2, seed=0)
    agent.choose(xlib.game("xallies").start())
    assert agent.last_iterations > 10


def win_share(df, seat=0):
    return df[df.seat == seat].win.mean()


def test_mcts_at_its_default_budget_beats_random_and_greedy_players():
    for other in ("random", "greedy"):
        df = xlib.tournament("xallies", {other: ["mcts", other, other]}, games=16, seed=100)
        share = win_share(df)
        assert share > 0.5, f"MCTS won a share of {share:.2f} against two {other} players"  # even share: 1/3
        assert share > df[df.seat != 0].groupby("seat").win.mean().max()


def test_personas_prosocial_tables_claim_more_and_waste_less_than_selfish():
    df = xlib.tournament("xallies", {"selfish": ["selfish"] * 3, "prosocial": ["prosocial"] * 3},
                         games=60, seed=7)
    per_game = df[df.seat == 0].groupby("lineup")[["claimed", "wasted"]].mean()
    assert per_game.loc["prosocial", "claimed"] > per_game.loc["selfish", "claimed"] + 2
    assert per_game.loc["prosocial", "wasted"] < per_game.loc["selfish", "wasted"] - 2


def test_personas_the_spoiler_wastes_more_than_anyone():
    for others in ("prosocial", "selfish", "competitive", "reciprocator"):
        df = xlib.tournament("xallies", {others: ["spoiler", others, others]}, games=40, seed=3)
        wasted = df.groupby("seat").wasted_by.sum()
        assert wasted[0] > wasted[1] and wasted[0] > wasted[2], (others, wasted.to_dict())


def test_personas_describe_themselves():
    for name in ("selfish", "prosocial", "competitive", "reciprocator", "spoiler"):
        assert len(AGENTS[name].description.split()) >= 4


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
    s = xlib.play_match("x", ["random", "greedy", "random"], seed=3, size=5)
    assert s.over and s.game.options["size"] == 5


# ---- the fast playout path ----------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"players": 4}, {"drop_order": "own-first"}, {"supply": None, "rounds": 4}])
def test_fast_playout_plays_the_same_game_as_the_public_api(options):
    g = xlib.game("xallies", **options)
    for seed in range(60):
        s, rng = g.start(seed=seed), random.Random(seed)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
        f = g.start(seed=seed).fast_playout(random.Random(seed))
        assert (f.counts, f.black, f.points, f.whites, f.turn) == (s.counts, s.black, s.points, s.whites, s.turn)
        assert f.claims == len(s.ledger.claimed) and f.wastes == len(s.ledger.wasted)


def test_fast_playout_laps_past_the_origin_like_the_engine():
    g = xlib.game("xallies", supply=None)
    start = g.position("0:" + "b" * 13 + "* 1: 2: 3: 4:pp* 5: 6: 7: 8:gg* 9: 10: 11: ; to b")
    for seed in range(20):
        s, rng = start, random.Random(seed)
        while not s.over:
            s = s.play(rng.choice(s.moves()))
        f = start.fast_playout(random.Random(seed))
        assert (f.counts, f.points, f.whites) == (s.counts, s.points, s.whites)


def test_board_seats_offer_the_agents_and_show_what_mcts_weighed():
    pytest.importorskip("ipycanvas")
    from xlib.board import Board

    b = Board("xallies", animate=0)
    offered = [v for _, v in b.seat_widgets[1].options]
    assert offered == ["person", "random", "greedy", "mcts", "selfish", "prosocial", "competitive",
                       "reciprocator", "spoiler"]
    b.set_seat(1, "mcts")
    b.play("3+")
    assert "weighed" in b.message.value and b.state.to_move == 2
