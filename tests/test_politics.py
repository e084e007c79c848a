"""Three-player politics: who can still win and who leads, the personas on hand-made positions, the
measures on hand-made games, intervals, bad input, and a seeded tournament that repeats."""
import math

import pytest

import xlib
from xlib.experiments import politics
from xlib.agents import AGENTS, PERSONAS, POLITICIANS, for_game, make_agent
from xlib.agents.politics import Kingmaker
from xlib.errors import XlibError
from xlib.agents.standings import can_still_win, chances, corner_contenders, distance, leader

pd = pytest.importorskip("pandas")

R, Y, G = 0, 1, 2
# Yellow to move and cannot win: c1 makes Green's win certain (2-2-0), b2 leaves Red ahead (Green must then fill c1)
KINGMAKER_3 = "RG./R.Y/RYG Y"
# Green to move and cannot win: b2 makes Red's win certain, b4 keeps Yellow in the game
KINGMAKER_4 = "YRGY/Y.RG/GRRY/Y.RG G"


def x(text, size=3):
    return xlib.game("x", size=size).position(text)


def choices(name, state, seeds=range(6), **options):
    return {str(make_agent(name, seed=s, **options).choose(state)) for s in seeds}


# ---- who can still win, who leads ---------------------------------------------------------------

def test_x_corner_contenders_and_who_can_still_win():
    # Red owns a1 and c1 for good; Yellow's a3 can still be surrounded by Red (a2-b2-b3); c3 is anyone's
    s = x("RRR/R.Y/Y.. Y")
    assert [sorted(c) for c in corner_contenders(s)] == [[R], [R], [R, Y], [R, Y, G]]
    # Yellow at best ties Red 2-2, and 2-2-0 goes to Green: Yellow can no longer win, Green still can
    assert can_still_win(s) == {R, G}
    assert leader(s) == R


def test_x_leader_is_the_winner_rule_on_the_corners_owned_now():
    assert leader(x("R.R/.../Y.Y R")) == G      # 2-2-0: the player with no corner leads
    assert leader(xlib.game("x", size=3).start()) is None  # 0-0-0: every count shared
    assert leader(x("R.Y/.../G.. R")) is None   # 1-1-1


def test_x_cannot_win_is_certain_on_a_finished_game():
    s = x(KINGMAKER_3).play("c1")
    assert s.over and s.winners == (G,) and can_still_win(s) == {G} and chances(s) == (0.0, 0.0, 1.0)


def test_xats_leader_distance_and_who_is_out():
    g = xlib.game("xats", players=3)
    s = g.position("W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W")
    # white to move wins with 2>s1 (reserve: tile 1; top: tile 2, one spike); blue's gap is 2 - 5 = -3 and
    # its tiles (2 spikes each) leave |-3 - 1 - 2| = 6; red's gap 2 - 0, tile 5 leaves |2 - 1 - 2| = 1
    assert [distance(s, p) for p in range(3)] == [0, 6, 1]
    assert leader(s) == 0 and can_still_win(s) == {0, 1, 2}
    out = g.position("W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W | out B")
    assert can_still_win(out) == {0, 2} and distance(out, 1) is None and chances(out)[1] == 0.0


def test_politics_refuses_other_games_and_two_player_xats():
    with pytest.raises(XlibError, match="defined for X and three-player XATS, not Alea"):
        can_still_win(xlib.game("alea").start())
    with pytest.raises(XlibError, match="needs three players; this XATS game has 2"):
        leader(xlib.game("xats").start())
    with pytest.raises(XlibError, match="needs three players"):
        make_agent("kingmaker").choose(xlib.game("xats").start())


# ---- the personas ---------------------------------------------------------------------------

def test_personas_declare_their_games_and_unique_names():
    assert set(POLITICIANS) == {"self-interest", "anti-leader", "kingmaker", "leader-spoiler"}
    assert not set(POLITICIANS) & set(PERSONAS)
    for name, cls in POLITICIANS.items():
        assert AGENTS[name] is cls and cls.classifier["games"] == {"x", "xats"} and cls.classifier["players"] == 3
        assert cls.label and len(cls.description.split()) >= 6
        assert "has not chosen a move yet" in cls().reason()
    assert {n for n, _ in for_game("x")} >= set(POLITICIANS)
    assert not {n for n, _ in for_game("alea")} & set(POLITICIANS)


def test_kingmaker_helps_its_chosen_player_once_it_cannot_win():
    s = x(KINGMAKER_3)
    assert Y not in can_still_win(s)
    assert choices("kingmaker", s) == {"c1"}                     # the next player, Green: crowned at once
    assert choices("kingmaker", s, helps="previous") == {"b2"}   # Red: the only move that keeps Red's hope
    assert choices("kingmaker", s, helps=R) == {"b2"}
    km = make_agent("kingmaker", helps="previous")
    km.choose(s)
    said = km.reason()
    assert said.startswith("Yellow placed a stone on b2: it makes corner c3 surely its own. Why: it can no longer "
                           "win, so it helps Red; it thinks that after this move Red would win ")
    assert km.reason() == said  # asked again, the same sentence
    s4 = x(KINGMAKER_4, size=4)
    assert choices("kingmaker", s4) == {"b2"} and can_still_win(s4.play("b2")) == {R}
    assert choices("kingmaker", s4, helps="previous") == {"b4"} and Y in can_still_win(s4.play("b4"))


def test_spoiler_makes_the_leader_lose_once_it_cannot_win():
    s = x(KINGMAKER_3)  # Red leads 2-1-0
    assert leader(s) == R and choices("leader-spoiler", s) == {"c1"}
    sp = make_agent("leader-spoiler")
    sp.choose(s)
    assert "it can no longer win, so it plays to make Red lose" in sp.reason()
    s4 = x(KINGMAKER_4, size=4)  # Yellow leads
    assert leader(s4) == Y and choices("leader-spoiler", s4) == {"b2"}


def test_anti_leader_plays_against_the_leader():
    s = x("RY./.../... Y")  # Red leads with a1; a2 joins b1 around it and takes the corner
    assert leader(s) == R and choices("anti-leader", s) == {"a2"}
    after = s.play("a2")
    assert after.corners["a1"] == Y
    assert chances(after)[R] == min(chances(s.play(m))[R] for m in s.moves())
    assert choices("anti-leader", x(KINGMAKER_3)) == {"c1"}  # it prefers Green's win to Red's


def test_self_interest_takes_a_win_at_once_and_does_not_hand_one_over():
    s = x("R.G/RGR/.YY Y")
    assert choices("self-interest", s) == {"a3"} and s.play("a3").winners == (Y,)
    g = xlib.game("xats", players=3)
    w = g.position("W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W")
    si = make_agent("self-interest")
    assert str(si.choose(w)) == "2>s1" and "White put tile 2 on stack s1 and wins at once" in si.reason()


def test_kingmaker_refuses_bad_beneficiaries():
    for bad in ("nobody", 3, -1, True, 1.0):
        with pytest.raises(XlibError, match=r"a kingmaker helps 'next', 'previous' or a seat 0, 1 or 2"):
            Kingmaker(helps=bad)
    with pytest.raises(XlibError, match="a kingmaker cannot help itself: it sits in seat 1"):
        Kingmaker(helps=1).choose(x(KINGMAKER_3))


def test_personas_never_change_the_state_and_repeat_with_their_seed():
    s = x(KINGMAKER_4, size=4)
    before = s.position_text()
    for name in POLITICIANS:
        assert make_agent(name, seed=3).choose(s) == make_agent(name, seed=3).choose(s)
    assert s.position_text() == before


# ---- the measures --------------------------------------------------------------------------

def test_measure_a_kingmaking_game():
    m = politics.measure(x(KINGMAKER_3).play("c1"))
    # Yellow could no longer win before its move, and its move left Green the only possible winner
    assert m["winner"] == G and m["deciding_ply"] == 1 and m["decider"] == Y
    assert m["decided_by"] == "kingmaker" and m["kingmaking"] and m["helped"] == "next"
    assert m["early_leader"] == R and m["early_leader_won"] == 0.0
    assert (m["no_chance_ply_0"], m["no_chance_ply_1"], m["no_chance_ply_2"]) == (1, 0, -1)


def test_measure_a_game_decided_by_a_rival():
    # Yellow keeps Red's hope with b2; Green's only move, c1, gives Red the win 2-1-1 and ends its own hope
    final = x(KINGMAKER_3).play("b2").play("c1")
    assert final.winners == (R,) and final.scores == (2, 1, 1)
    m = politics.measure(final)
    assert (m["deciding_ply"], m["decider"], m["decided_by"], m["kingmaking"]) == (2, G, "rival", False)
    assert m["early_leader_won"] == 1.0 and m["no_chance_ply_2"] == 2


def test_measure_a_game_won_by_the_winners_own_move_and_without_an_early_leader():
    m = politics.measure(x("R.G/RGR/.YY Y").play("a3"))
    assert m["decided_by"] == "winner" and m["decider"] == Y and not m["kingmaking"]
    s = xlib.game("xats", players=3).position("W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W")
    m = politics.measure(s.play("2>s1"))
    assert (m["winner"], m["decided_by"], m["early_leader"], m["early_leader_won"]) == (0, "winner", 0, 1.0)
    # nobody leads at the start of this one-move game (a third of one move is the start): Yellow's a2 ends it
    start = x(".RY/.YG/RRG Y")
    assert leader(start) is None
    m = politics.measure(start.play("a2"))
    assert m["early_leader"] == -1 and math.isnan(m["early_leader_won"])


def test_measure_refuses_a_game_still_going_on():
    with pytest.raises(XlibError, match="read a finished game; this one is still going on"):
        politics.measure(x(KINGMAKER_3))


@pytest.mark.parametrize("k, n, expected", [(0, 10, (0.0, 0.0, 0.27754)), (5, 10, (0.5, 0.23659, 0.76341)),
                                            (10, 10, (1.0, 0.72246, 1.0))])
def test_wilson_intervals(k, n, expected):
    assert politics.wilson(k, n) == pytest.approx(expected, abs=1e-5)


def test_intervals_without_data_are_nan():
    assert all(math.isnan(v) for v in politics.wilson(0, 0))
    assert politics.mean_interval([4.0])[0] == 4.0 and math.isnan(politics.mean_interval([4.0])[1])
    m, lo, hi = politics.mean_interval([1, 2, 3])
    assert m == 2 and hi - m == pytest.approx(1.96 / math.sqrt(3))


# ---- experiments ---------------------------------------------------------------------------

LINEUPS = {"km": ["kingmaker:previous", "self-interest", "anti-leader"]}


def test_a_seeded_experiment_repeats_and_its_summaries_count_its_games():
    a = politics.run_experiment(LINEUPS, games=4, seed=5, size=4, workers=1)
    b = politics.run_experiment(LINEUPS, games=4, seed=5, size=4, workers=2)
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 12 and a.game.nunique() == 4 and set(a.lineup) == {"km"}
    assert set(a.persona) == {"kingmaker (helps previous)", "self-interest", "anti-leader"}
    assert sorted(a.groupby("seat").persona.nunique()) == [3, 3, 3]  # rotated: 2 + 1 + 1 games
    games = politics.per_game(a)
    table = politics.lineup_table(a)
    assert table.loc["km", "games"] == 4
    assert table.loc["km", "kingmaking"] == pytest.approx(games.kingmaking.mean(), abs=1e-3)
    assert table.loc["km", "moves"] == pytest.approx(games.plies.mean(), abs=1e-3)
    shares = politics.persona_table(a)
    assert shares["games"].sum() == 12 and list(shares.loc["km"].index) == [
        "1. kingmaker (helps previous)", "2. self-interest", "3. anti-leader"]
    assert shares["win share"].mul(shares["games"]).sum() == pytest.approx(4, abs=0.01)
    assert (a.place == (a.seat + a.game.map({0: 0, 1: 0, 2: 1, 3: 2})) % 3 + 1).all()  # rotations 0, 0, 1, 2
    text = politics.readable(table)
    assert "%" in text.loc["km", "kingmaking"] and "moves low" not in text.columns


def test_xats_experiment_has_no_kingmaking_by_definition():
    df = politics.run_experiment({"k": ["kingmaker", "self-interest", "self-interest"]}, game="xats", games=3,
                                 workers=1)
    assert not politics.per_game(df).kingmaking.any() and df.attrs["options"] == {"players": 3}
    assert politics.kingmaker_table(df).empty


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "alea"}, "plays X or XATS, not 'alea'"),
    ({"lineups": {"a": ["saint", "self-interest", "self-interest"]}}, "no computer player 'saint'; the politics"),
    ({"lineups": {"a": ["self-interest"] * 2}}, "a line-up has three players, one per seat, not 2"),
    ({"lineups": {"a": ["kingmaker:nobody", "self-interest", "self-interest"]}}, "a kingmaker helps 'next'"),
    ({"lineups": {"a": ["anti-leader:next", "self-interest", "self-interest"]}}, "only the kingmaker takes a ':'"),
    ({"lineups": {"a": ["selfish", "self-interest", "self-interest"]}}, "'selfish' does not play x"),
    ({"games": 0}, "games must be a whole number of at least 1, not 0"),
    ({"lineups": {}}, "choose at least one line-up"),
])
def test_experiments_refuse_bad_input(kwargs, message):
    with pytest.raises(XlibError, match=message):
        politics.run_experiment(**{"games": 3, **kwargs})


# ---- the panels, headless ------------------------------------------------------------------

def test_lab_panel_runs_from_its_controls_and_quotes_the_run():
    from xlib.panels.politics import PoliticsPanel

    panel = PoliticsPanel(background=False)
    panel.lineups.value = ["kingmaker helps the next player"]
    panel.games.value = 30
    panel.seed.value = 3
    panel._start()
    assert panel.progress_text.value == "Finished: 30 games played."
    assert "30 games of X (6×6) played (30 per line-up) with seed 3" in panel.message.value
    s = panel.lineup_summary
    prompt = panel.results.children[2].value
    assert f"{s.kingmaking.iloc[0]:.0%} of games were decided by a player who could no longer win" in prompt
    shares = panel.persona_summary["win share"]
    after = shares[("kingmaker helps the next player", "2. self-interest")]
    assert f"the player right after the kingmaker won {after:.0%}" in panel.results.children[5].value
    panel.custom.value = "kingmaker:nobody, self-interest, self-interest"
    panel._start()
    assert "a kingmaker helps 'next', 'previous' or a seat 0, 1 or 2, not 'nobody'" in panel.message.value
    panel.lineups.value, panel.custom.value = [], ""
    panel._start()
    assert "Choose at least one line-up" in panel.message.value



def _summary(kingmaking, leader_wins):
    """A line-up table (politics.lineup_table's columns) with these rates, one line-up per value."""
    names = ["three self-interested", "one anti-leader", "two anti-leaders"][:len(kingmaking)]
    return pd.DataFrame({"kingmaking": kingmaking, "early leader wins": leader_wins}, index=names)


def test_the_prompt_never_sets_a_line_up_beside_itself():
    from xlib.panels.politics import rates_prompt

    same = rates_prompt(_summary([0.0, 0.0], [0.5, 0.5]))
    assert same.startswith("In every line-up here, 0% of games were decided by a player who could no longer win. ")
    assert "The early leader won 50% of games in every line-up here." in same
    assert same.count("three self-interested") == 0 and "but only" not in same
    one = rates_prompt(_summary([0.2], [0.6]))
    assert one.count("'three self-interested'") == 2 and "but only" not in one and "; in '" not in one
    apart = rates_prompt(_summary([0.1, 0.3, 0.2], [0.7, 0.4, float("nan")]))
    assert "In 'one anti-leader', 30% of games were decided by a player who could no longer win; in 'three " \
           "self-interested', 10%." in apart
    assert "The early leader won 70% of games in 'three self-interested' but only 40% in 'one anti-leader'." in apart


def test_the_win_share_chart_says_every_place_of_every_line_up():
    from xlib.panels.pictures import describe_figure
    from xlib.panels.politics import PLACE_LABELS, plot_shares

    rows = [(lu, f"{place}. self-interest", share) for lu, shares in
            (("three self-interested", (0.3, 0.4, 0.3)), ("one anti-leader", (0.2, 0.5, 0.3))) for place, share in
            zip((1, 2, 3), shares)]
    table = pd.DataFrame([{"line-up": lu, "player": role, "games": 30, "win share": share, "win share low": share - 0.1,
                           "win share high": share + 0.1} for lu, role, share in rows]).set_index(["line-up", "player"])
    text = describe_figure(plot_shares(table))
    for k, label in enumerate(PLACE_LABELS):
        assert f"{label}: three self-interested {rows[k][2]:g}, one anti-leader {rows[k + 3][2]:g}" in text, text

def test_class_game_names_the_leader_and_who_decided_a_finished_game():
    from xlib.panels.politics import ClassGame, PoliticsView

    game = ClassGame(seats={0: "self-interest", 1: "self-interest", 2: "kingmaker"}, seed=3, size=4)
    assert isinstance(game.board.view, PoliticsView) and game.board.view.size == 4
    s = x(KINGMAKER_3)
    game.board.reset(s)  # another board size: the board keeps the politics view, at the new size
    view = game.board.view
    assert isinstance(view, PoliticsView) and view.size == 3 and "Who leads?" in game.panel.value
    assert "Yellow can no longer win: its moves decide between Red and Green" in view.status(s)
    assert view.politics_line(s) == "Red leads; Yellow can no longer win: its moves decide between Red and Green."
    game.board.reset(s.play("c1"))
    assert "decided by a player who could no longer win" in game.panel.value and "kingmaking" in game.panel.value


def test_politics_view_rings_the_leaders_corners_and_writes_the_politics_under_the_board():
    from xlib.panels.politics import LEADER_RING, PoliticsView
    from xlib.board.view import Overlay
    from xlib.views.x.view import STRIP

    from .test_x_view import Recorder

    view = PoliticsView(size=3)
    canvas = Recorder()
    view.draw(canvas, x(KINGMAKER_3), Overlay(interactive=False))
    rings = [a for (name, a), (prev, value) in zip(canvas.ops[1:], canvas.ops)
             if name == "stroke_circle" and prev == "stroke_style" and value == LEADER_RING]
    assert len(rings) == 2  # Red leads with two corners: a ring round each of their badges
    texts = [a[0] for name, a in canvas.ops if name == "fill_text"]
    assert "Red leads; Yellow can no longer win: its moves decide between Red and Green." in texts
    assert view.height == view.board_height + STRIP + 30


# ---- a class's own games -------------------------------------------------------------------

def class_games():
    """Three hand-made finished games of X on 3×3 (see the measure tests above): Yellow crowns Green (kingmaking,
    the early leader Red loses), Green's forced move crowns Red (a rival; Red, the early leader, wins), and Yellow
    wins by its own move."""
    return [(x(KINGMAKER_3).play("c1"), ["person", "person", "easy"]),
            (x(KINGMAKER_3).play("b2").play("c1"), ["person", "kingmaker", "easy"]),
            (x("R.G/RGR/.YY Y").play("a3"), ["easy", "person", "person"])]


def test_a_class_table_measures_the_class_games_as_an_experiment_does():
    ours = politics.class_table(class_games())
    assert ours.attrs == {"game": "x", "options": {"size": 3}} and len(ours) == 9
    assert list(ours.lineup.unique()) == ["our class"] and list(ours.persona[:3]) == ["person", "person", "easy"]
    games = politics.per_game(ours)
    assert list(games.winner) == [G, R, Y] and list(games.decided_by) == ["kingmaker", "rival", "winner"]
    table = politics.lineup_table(ours)
    row = table.loc["our class"]
    assert row["games"] == 3
    assert (row.kingmaking, row["kingmaking low"], row["kingmaking high"]) == \
        pytest.approx(politics.wilson(1, 3), abs=1e-3)
    assert (row["winner decided it"], row["winner decided it low"]) == pytest.approx(politics.wilson(1, 3)[:2],
                                                                                        abs=1e-3)
    led = games.early_leader_won.dropna()
    assert row["early leader wins"] == pytest.approx(led.mean(), abs=1e-3) and 0 < len(led) <= 3
    seats = politics.seat_comparison(ours)
    for seat in ("1: Red", "2: Yellow", "3: Green"):   # each seat won one of the three games
        assert tuple(seats.loc[("our class", seat), ["win share", "win share low", "win share high"]]) == \
            pytest.approx(politics.wilson(1, 3), abs=1e-3)


def test_the_class_stands_beside_the_personas_of_the_same_rules_only():
    ours = politics.class_table(class_games())
    personas = politics.run_experiment({"km": ["kingmaker", "self-interest", "self-interest"]}, games=3, size=3,
                                       workers=1)
    both = politics.beside(ours, personas)
    table = politics.lineup_table(both)
    assert list(table.index) == ["our class", "km"] and list(table.games) == [3, 3]
    assert table.loc["km", "kingmaking"] == politics.lineup_table(personas).loc["km", "kingmaking"]
    assert both.game.nunique() == 6 and both.attrs["options"] == {"size": 3}
    seats = politics.seat_comparison(ours, personas)
    assert list(seats.index.get_level_values(0).unique()) == ["our class", "the personas"]
    assert seats.loc[("the personas", "1: Red"), "games"] == 3
    bigger = politics.run_experiment({"km": ["kingmaker", "self-interest", "self-interest"]}, games=1, size=4,
                                     workers=1)
    assert not politics.same_rules(ours, bigger)
    with pytest.raises(XlibError, match="the class's games are X on 3×3 and the personas' X on 4×4"):
        politics.beside(ours, bigger)


def test_a_class_table_refuses_what_the_lab_does_not_measure():
    two = xlib.game("xats").start(seed=1)
    with pytest.raises(XlibError, match="measures X and three-player XATS, not XATS with 2 players"):
        politics.class_table([(two, ["person", "person"])])
    with pytest.raises(XlibError, match="one game under one set of rules; these games mix X on 3×3 and X on 4×4"):
        politics.class_table(class_games() + [(xlib.play_match("x", ["random"] * 3, seed=1, size=4), ["person"] * 3)])
    with pytest.raises(XlibError, match="still going on"):
        politics.class_table([(x(KINGMAKER_3), ["person"] * 3)])
    xats = xlib.game("xats", players=3).position("W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W")
    table = politics.class_table([(xats.play("2>s1"), ["person", "easy", "kingmaker"])])
    assert table.attrs == {"game": "xats", "options": {"players": 3}} and list(table.win) == [1.0, 0.0, 0.0]


def test_too_few_class_games_are_said_in_a_sentence():
    assert politics.too_few(0, "X on 6×6") == "The class has no finished game of X on 6×6 yet: nothing to measure."
    assert politics.too_few(1, "X on 6×6").startswith("The class has only 1 finished game of X on 6×6 so far: too "
                                                       "few to say anything yet")
    assert "only 9 finished games" in politics.too_few(9, "three-player XATS")
    assert politics.too_few(politics.CLASS_MIN_GAMES, "X on 6×6") == ""


def test_the_class_view_reads_the_class_and_follows_the_experiment_shown(tmp_path):
    from xlib.classroom import new_game_key, open_store
    from xlib.panels.politics import ClassPolitics, PoliticsPanel

    store = open_store(tmp_path / "classes.sqlite3")
    code = store.create_class().code
    for seed, group in ((1, "Reds"), (2, "Blues"), (3, "Reds")):
        state = xlib.play_match("x", ["random"] * 3, seed=seed, size=4)
        store.save_game(code, group, new_game_key(), state.record(), ["person", "easy", "easy"])
    store.save_game(code, "Blues", new_game_key(), xlib.play_match("xats", ["random"] * 2, seed=1).record())
    lab = PoliticsPanel(background=False)
    view = ClassPolitics(lab, store=store, background=False)
    view.code_box.value = "7F0K"
    view.show_button.click()
    assert "'0' is never used in class codes" in view.message.value and view.results.children == ()
    view.code_box.value = code.lower()
    view.show_button.click()
    text = "".join(c.value for c in view.results.children if isinstance(getattr(c, "value", None), str))
    assert f"Class {code}: 3 games of X on 4×4" in text and "Reds 2, Blues 1" in text
    assert "only 3 finished games of X on 4×4 so far" in text and "XATS" not in text   # two-player XATS: not here
    assert "Run the experiment above with X on 4×4" in text and view.code_box.value == code
    lab.show(politics.run_experiment({"km": ["kingmaker", "self-interest", "self-interest"]}, games=3, size=4,
                                     workers=1))
    text = "".join(c.value for c in view.results.children if isinstance(getattr(c, "value", None), str))
    assert "Run the experiment above" not in text and "<th>km</th>" in text and "the personas" in text


def test_a_class_with_too_few_games_gets_no_chart_but_a_sentence(tmp_path):
    import ipywidgets as w

    from xlib.classroom import new_game_key, open_store
    from xlib.panels.politics import ClassPolitics

    store = open_store(tmp_path / "classes.sqlite3")
    code = store.create_class().code
    store.save_game(code, "Reds", new_game_key(), xlib.play_match("x", ["random"] * 3, seed=1, size=4).record(),
                    ["person", "easy", "easy"])
    view = ClassPolitics(None, store=store, background=False)
    view.show_class(code)
    assert not any(isinstance(c, w.Image) for c in view.results.children)   # no bars of all or nothing
    text = "".join(c.value for c in view.results.children if isinstance(getattr(c, "value", None), str))
    assert "only 1 finished game of X on 4×4" in text and "No chart yet: it is drawn from 10 games on." in text
    for seed in range(2, 2 + politics.CLASS_MIN_GAMES):
        store.save_game(code, "Reds", new_game_key(),
                        xlib.play_match("x", ["random"] * 3, seed=seed, size=4).record(), ["person", "easy", "easy"])
    view.show_class(code)
    assert sum(isinstance(c, w.Image) for c in view.results.children) == 1
