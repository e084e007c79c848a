"""The classroom lab: metrics on hand-made ledgers, population dynamics, and the panels headless."""
import pytest

pd = pytest.importorskip("pandas")

import xlib  # noqa: E402
from xlib.experiments import xallies as lab  # noqa: E402
from xlib.games.xallies import Claim, Ledger, Waste  # noqa: E402

PLAYERS = ("blue", "purple", "green")


def ledger(claims=(), wastes=()):
    return Ledger(tuple(claims), tuple(wastes), (), (), (), ((), (), ()), (0, 0, 0))


def test_coalition_counts_count_each_pair_once_per_black_piece():
    led = ledger([Claim(1, 0, (0, 1), 4), Claim(5, 2, (0, 1), 5), Claim(9, 1, (0, 1, 2), 8)])
    table = lab.coalition_counts(led, PLAYERS)
    assert table.loc["blue", "purple"] == 3 and table.loc["purple", "blue"] == 3
    assert table.loc["blue", "green"] == 1 and table.loc["purple", "green"] == 1
    assert table.loc["green", "green"] == 0


def test_waste_by_player_and_rates():
    led = ledger(wastes=[Waste(2, 1, 4), Waste(3, 1, 6), Waste(7, 2, 0)])
    assert lab.waste_by_player(led, PLAYERS) == {"blue": 0, "purple": 2, "green": 1}
    assert lab.waste_rate(3) == 0.25 and lab.cooperation_rate(9) == 0.75


@pytest.mark.parametrize("values, expected", [
    ([5, 5, 5], 0.0), ([0, 0, 9], 2 / 3), ([1, 2, 3], 2 / 9), ([0, 0, 0], 0.0), ([], 0.0),
])
def test_gini(values, expected):
    assert lab.gini(values) == pytest.approx(expected)


def test_score_split_collective_and_individual():
    text = "0:bb 1:bb 2:b 3:b 4:bpp* 5:bp 6:ppp 7:pp 8:gg 9:gg 10:gg 11:gg ; to b ; points 3 0 6 ; whites 2 0 1"
    s = xlib.game("xallies", shooting="expected", skill=0.5).position(text).play("3+")
    split = lab.score_split(s)
    assert split.loc["blue", "alliances (collective)"] == 6 and split.loc["blue", "shots (individual)"] == 1.5
    assert split.loc["purple", "total"] == 3 and split.loc["green", "white pieces"] == 1


def test_replicator_grows_the_persona_that_scores_more():
    payoffs = {("a", "a", "a"): {"a": 3.0}, ("a", "a", "b"): {"a": 3.0, "b": 1.0},
               ("a", "b", "b"): {"a": 3.0, "b": 1.0}, ("b", "b", "b"): {"b": 1.0}}
    history = lab.replicator(payoffs, generations=20)
    assert list(history.columns) == ["a", "b"] and len(history) == 21
    assert history.a.is_monotonic_increasing and history.iloc[-1].a > 0.99
    assert history.sum(axis=1).round(9).eq(1).all()


def test_persona_mixes_are_checked_and_fitted_to_the_seats():
    assert lab.fit_mix(["spoiler", "prosocial"], 4) == ["spoiler", "prosocial", "spoiler", "prosocial"]
    with pytest.raises(ValueError, match=r"'saint' is not a persona; personas: selfish, prosocial"):
        lab.fit_mix(["saint"], 3)


def test_experiment_summary_has_intervals_and_is_reproducible():
    mixes = {"selfish": ["selfish"] * 3, "prosocial": ["prosocial"] * 3}
    a = lab.run_experiment(mixes, games=30, seed=2)
    b = lab.run_experiment(mixes, games=30, seed=2, workers=1)
    pd.testing.assert_frame_equal(a, b)
    s = lab.summarize(a)
    assert set(s.index) == {"selfish", "prosocial"} and s.loc["prosocial", "games"] == 30
    for col in ("cooperation", "cooperation ±", "waste", "gini", "unresolved", "mean score ±"):
        assert col in s.columns
    assert s.loc["prosocial", "cooperation"] > s.loc["selfish", "cooperation"]
    assert set(lab.persona_table(a).index) == {"selfish", "prosocial"}


def test_tables_for_reading_put_each_value_beside_its_interval():
    import math

    s = pd.DataFrame({"games": [30, 1], "cooperation": [0.4121, 0.25], "cooperation ±": [0.031, math.nan],
                      "gini": [0.1234, math.nan], "gini ±": [0.0211, math.nan], "mean score": [17.25, 9.0],
                      "mean score ±": [0.44, math.nan]}, index=["mixed", "one game"])
    r = lab.readable(s)
    assert list(r.columns) == ["games", "cooperation", "inequality (Gini)", "mean score"]
    assert list(r.loc["mixed"]) == [30, "41% ± 3%", "0.12 ± 0.02", "17.2 ± 0.4"]
    assert list(r.loc["one game"]) == [1, "25%", "–", "9.0"]


def test_four_players_and_rule_controls_reach_the_games():
    df = lab.run_experiment({"mix": ["selfish", "prosocial"]}, games=8, seed=1, players=4, supply=None, skill=1.0)
    assert set(df.player) == {"blue", "purple", "green", "grey"}
    assert (df.hits == df.whites).all()  # skill 1: every shot lands


def test_experiment_panel_runs_shows_plots_tables_prompts_and_csv():
    widgets = pytest.importorskip("ipywidgets")
    from xlib.panels.xallies_lab import ExperimentPanel

    p = ExperimentPanel(games=30, seed=4)
    p.mixes.value = ("all selfish", "all prosocial")
    p.custom.value = "spoiler, prosocial"
    p.run(progress=False)
    assert sum(isinstance(c, widgets.Image) for c in p.results.children) == 3 and "Discuss." in p.results.children[2].value
    assert "your mix: spoiler + prosocial" in set(p.summary.index)
    assert "data:text/csv;base64," in p.results.children[-1].value
    assert "seed 4" in p.message.value
    p.custom.value = "angel"
    p.run_button.click()
    assert "'angel' is not a persona" in p.message.value


def test_experiment_panel_population_dynamics():
    widgets = pytest.importorskip("ipywidgets")
    from xlib.panels.xallies_lab import ExperimentPanel

    p = ExperimentPanel(games=30, seed=0)
    p.run_dynamics(generations=10, progress=False)
    assert len(p.history) == 11 and any(isinstance(c, widgets.Image) for c in p.dynamics.children)



def test_the_lab_page_opens_with_the_population_dynamics_its_button_gives_for_the_same_controls(monkeypatch):
    """The lab notebook's panel cell, run as the page runs it, then "What if everyone played like this?" pressed
    with the controls untouched: the same games are asked for and the same shares come out (the games are cut
    short here, alike for both, to keep the test quick)."""
    import inspect
    import json
    from pathlib import Path

    pytest.importorskip("ipywidgets")
    from xlib.panels.xallies_lab import ExperimentPanel

    asked = []
    payoffs, experiment = lab.payoff_tables, lab.run_experiment

    def measured(**kwargs):
        call = inspect.signature(payoffs).bind(**kwargs)
        call.apply_defaults()
        asked.append({k: v for k, v in call.arguments.items() if k not in ("progress", "workers")})
        return payoffs(**{**kwargs, "personas": ("selfish", "prosocial"), "games": 1, "workers": 1})

    monkeypatch.setattr(lab, "payoff_tables", measured)
    monkeypatch.setattr(lab, "run_experiment", lambda *a, **k: experiment(*a, **{**k, "games": 3, "workers": 1}))
    notebook = json.loads((Path(__file__).parents[1] / "notebooks" / "xallies-lab.ipynb").read_text())
    [cell] = ["".join(c["source"]) for c in notebook["cells"] if "ExperimentPanel(" in "".join(c["source"])
              and c["cell_type"] == "code" and "import" not in "".join(c["source"])]
    page = {"lab": lab, "ExperimentPanel": ExperimentPanel}
    exec(cell, page)
    panel = page["panel"]
    opened = panel.history.copy()
    panel.dynamics_button.click()
    assert len(asked) == 2 and asked[0] == asked[1], asked
    pd.testing.assert_frame_equal(panel.history, opened)
    assert "seed 0" in panel.message.value and "the same seed and controls always give the same" in \
        panel.message.value

def test_class_round_ledger_follows_the_board():
    pytest.importorskip("ipycanvas")
    from xlib.board import Board
    from xlib.panels.xallies_lab import ClassRound

    b = Board("xallies", animate=0)
    r = ClassRound(b)
    for m in ("3+:bb", "7+:pp", "11+:gg", "2+:bb"):
        b.play(m)
    assert "1 of 12 black pieces claimed" in r.coalitions.value
    assert "<th>blue</th>\n      <td>0</td>\n      <td>1</td>" in r.coalitions.value
    assert "0 black pieces wasted" in r.waste.value and "alliances (collective)" in r.split.value



def test_the_ledger_stands_in_the_boards_side_column_while_the_board_is_projected():
    pytest.importorskip("ipycanvas")
    from xlib.board import Board
    from xlib.board.layout import STYLE
    from xlib.panels.xallies_lab import ClassRound

    b = Board("xallies", animate=0)
    r = ClassRound(b)
    b.projector_button.value = True   # the class sees the board, the controls and the ledger on one screen
    assert r.ledger in b.side.children and r.widget.children == (b.widget,)
    assert ":not(.xlib-ledger)" in STYLE.split(".xlib-projector .xlib-side>")[1].split("{")[0]   # not hidden there
    b.play("3+:bb")
    assert "alliances (collective)" in r.split.value
    b.projector(False)
    assert r.ledger not in b.side.children and r.widget.children == (b.widget, r.ledger)

def test_the_number_of_games_asked_for_is_the_number_played():
    for games, players in ((20, 3), (7, 4), (1, 3)):
        df = lab.run_experiment({"m": ["selfish", "prosocial"]}, games=games, seed=2, players=players, workers=1)
        assert df.game.nunique() == games
        rotations = df.groupby("lineup").game.nunique()
        assert rotations.max() - rotations.min() <= 1


def test_progress_is_reported_in_games():
    seen = []
    lab.run_experiment({"m": ["selfish"]}, games=5, seed=0, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(k, 5) for k in range(1, 6)]


def test_panel_run_replaces_every_result_and_the_text_version():
    pytest.importorskip("ipywidgets")
    from xlib.panels.xallies_lab import ExperimentPanel

    p = ExperimentPanel(games=30, seed=0)
    p.mixes.value = ("all selfish", "all prosocial")
    p.run_button.click()
    first = p.text.value
    assert "30 games played (30 per mix)" in p.message.value.replace("60 games", "30 games") or "per mix" in p.message.value
    assert lab.summarize(p.table).to_string().splitlines()[2].split()[0] in first
    assert p.progress_text.value == "Finished: 60 games played." and not p.run_button.disabled
    assert "game 60 of 60" not in p.progress_text.value
    p.seed.value = 9
    p.run_button.click()
    assert p.text.value != first and "seed 9" in p.message.value
    assert lab.readable(p.summary).to_string().splitlines()[-1] in p.text.value


def test_panel_ignores_a_second_run_while_one_is_running():
    pytest.importorskip("ipywidgets")
    from xlib.panels.xallies_lab import ExperimentPanel

    p = ExperimentPanel(games=30, seed=0)
    p.running = True
    p.run_button.click()
    assert "running" in p.message.value and p.table is None


def test_tables_show_whole_numbers_without_decimals():
    """The ledger's score split shows 0 and 3, not 0.0 and 3.0; a share keeps at most two decimals."""
    from xlib.panels.experiment import plain_number, table_html

    s = xlib.game("xallies").start(seed=0).play("3+")
    shown = table_html(lab.score_split(s))
    assert "<td>0</td>" in shown and ".0<" not in shown
    assert [plain_number(v) for v in (2.0, 1.5, 1 / 3, 0.0)] == ["2", "1.5", "0.33", "0"]
