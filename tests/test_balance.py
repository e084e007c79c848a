"""The balance study: win shares by seat with intervals, draw rates, the komi search, plain sentences, and the
study shipped with the notebook."""
from pathlib import Path

import pandas as pd
import pytest

import xlib
from xlib.experiments import balance as B
import xlib.experiments.runner
from xlib.errors import ExperimentError

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "notebooks" / "data" / "balance.csv"


def table(config, level, winners_by_game, players, komi=None):
    """A study table by hand: one list of winning seats per game."""
    rows = []
    for g, winners in enumerate(winners_by_game):
        for seat, player in enumerate(players):
            rows.append({"config": config, "level": level, "komi": komi, "game": g, "seat": seat, "player": player,
                         "win": 1 / len(winners) if seat in winners else 0.0, "score": 0.0, "plies": 10,
                         "margin": None})
    return pd.DataFrame(rows)


def test_wilson_intervals():
    low, high = B.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = B.wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = B.wilson(410, 1000)
    assert high - low == pytest.approx(2 * 1.96 * (0.41 * 0.59 / 1000) ** 0.5, abs=2e-3)


def test_a_seat_that_wins_too_often_is_named_and_a_fair_one_is_not():
    red_heavy = table("x-9", "easy", [[0]] * 60 + [[1]] * 20 + [[2]] * 20, ["Red", "Yellow", "Green"])
    seats = B.seat_table(red_heavy)
    assert list(seats.share.round(2)) == [0.6, 0.2, 0.2]
    assert list(seats.edge) == [True, True, True] and seats.fair.iloc[0] == pytest.approx(1 / 3)
    [sentence] = B.conclusions(red_heavy)
    assert sentence.startswith("Red wins 60 % of X games on 9×9, with ±9 % (100 games at level easy)")
    assert "Red is ahead and Yellow and Green are behind by more than chance explains" in sentence
    even = table("xats-2", "easy", [[0], [1]] * 50, ["white", "red"])
    [sentence] = B.conclusions(even)
    assert "White wins 50 %" in sentence and "No seat is ahead or behind" in sentence


def test_draws_split_the_win_and_count_in_the_draw_rate():
    df = table("alea-8", "easy", [[0], [0], [0, 1], [1]], ["Black", "White"], komi=0)
    assert list(B.seat_table(df).share) == [0.625, 0.375]
    d = B.draw_table(df).iloc[0]
    assert d.draws == 1 and d["draw rate"] == 0.25
    assert "25 % of the games end without a single winner" in B.conclusions(df)[0]
    rare = table("alea-8", "easy", [[0], [1]] * 150 + [[0, 1]], ["Black", "White"], komi=0)
    assert "1 of the 301 games ends without a single winner" in B.conclusions(rare)[0]


def test_komi_candidates_are_half_points_between_the_margins_a_board_can_end_with():
    # 8×8: 64 stones, Black minus White is even; the median margin 3 lies between 2 and 4
    assert B.komi_candidates(8, [2, 4, 3, 3, 4, 2]) == [0.5, 2.5, 4.5]
    # 9×9: 81 stones, the margin is odd
    assert B.komi_candidates(9, [5, 5, 7, 3, 5]) == [3.5, 5.5, 7.5]
    assert B.komi_candidates(9, [-1, -3, -1]) == [-2.5, -0.5, 1.5]
    with pytest.raises(ExperimentError, match="margins"):
        B.komi_candidates(8, [])


def test_komis_between_two_possible_margins_name_the_same_winners():
    assert B.equivalent_komis(8, 0.5) == B.equivalent_komis(8, 1.5) == (0, 2)
    assert B.equivalent_komis(8, -1.5) == (-2, 0)
    assert B.equivalent_komis(9, -0.5) == B.equivalent_komis(9, 0.5) == (-1, 1)
    assert B.equivalent_komis(9, 2.5) == (1, 3)


def test_the_stone_margin_is_black_minus_white_before_komi():
    final = xlib.play_match("alea", ["random", "random"], seed=3, size=4, komi=2.5)
    b, w = final.counts
    assert B.stone_margin(final) == {"margin": b - w} and b + w == 16
    assert B.stone_margin(xlib.play_match("xats", ["random", "random"], seed=3)) == {}


def test_komi_search_plays_the_komis_around_the_median_and_recommends_the_closest_to_even():
    df = B.komi_search("alea-8", games=12, level="random", seed=1, workers=1, extend=1)
    zero = B.play([B.Part("alea-8", "random", 12)], seed=1, workers=1)
    tried = sorted(df.komi.unique())
    assert tried[:3] == B.komi_candidates(8, list(zero[zero.seat == 0].margin)) or \
        tried[1:] == B.komi_candidates(8, list(zero[zero.seat == 0].margin))
    assert all(k % 2 == 0.5 for k in tried)  # on 8×8 every komi tried sits between two even margins
    r = B.recommend_komi(df, "alea-8")
    shares = {k: B.black_share(df, "alea-8", k)[0] for k in tried}
    assert abs(r["black share"] - 0.5) == min(abs(s - 0.5) for s in shares.values())
    assert B.komi_table(df, "alea-8")["draw rate"].max() == 0  # a half point forbids draws
    assert f"With a komi of {r['komi']:g}" in B.komi_conclusion(df, "alea-8")


def test_the_same_study_whatever_the_number_of_workers_and_resumed_from_its_file(tmp_path):
    kw = dict(games=4, komi_games=4, level="random", komi_level="random", configs=["alea-8", "xats-2", "x-9"])
    one = B.study(**kw, workers=1, out=tmp_path / "a.csv")
    two = B.study(**kw, workers=2, out=tmp_path / "b.csv")
    assert one.equals(two)
    assert set(one.config) == {"alea-8", "xats-2", "x-9"} and one[one.config == "x-9"].komi.isna().all()
    again = []
    assert B.study(**kw, workers=2, out=tmp_path / "a.csv", progress=lambda d, t: again.append(d)).equals(one)
    assert again == []


def test_levels_play_a_fixed_amount_a_move_never_a_number_of_seconds():
    for level in B.LEVELS.values():
        assert "seconds" not in level.options or level.options["seconds"] is None
        agent = xlib.agents.make_agent(level.agent, seed=0, **level.options)
        assert getattr(agent, "seconds", None) is None


def test_bad_study_input_is_a_clear_error_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(xlib.experiments.runner, "CONNECT_TIMEOUT", "1s")
    out = tmp_path / "never.csv"
    with pytest.raises(ExperimentError, match="no study level 'medium'.*fixed amount"):
        B.study(games=2, level="medium", out=out)
    with pytest.raises(ExperimentError, match="no study configuration 'chess'"):
        B.study(games=2, configs=["chess"], out=out)
    with pytest.raises(ExperimentError, match="games must be a whole number of at least 1, not 0"):
        B.study(games=0, out=out)
    with pytest.raises(ExperimentError, match="the study has no games to play"):
        B.study(games={"search-30": {}}, out=out)
    with pytest.raises(ExperimentError, match="komi is an Alea Evangelion option"):
        B.play([B.Part("x-9", "random", 2, komi=0.5)], out=out)
    with pytest.raises(ExperimentError, match="the komi search is for Alea Evangelion"):
        B.komi_search("xats-2", games=2, out=out)
    with pytest.raises(ExperimentError, match="could not reach a Dask scheduler"):
        B.study(games=2, level="random", configs=["x-9"], client="tcp://127.0.0.1:9", out=out)
    assert not out.exists()


def test_plots_show_one_bar_per_seat_and_the_fair_line():
    import matplotlib

    matplotlib.use("Agg")
    df = pd.concat([table("x-9", "easy", [[0]] * 6 + [[1]] * 3 + [[2]] * 3, ["Red", "Yellow", "Green"]),
                    table("x-9", "search-30", [[0], [1], [2]] * 2, ["Red", "Yellow", "Green"])])
    ax = B.plot_config(df, "x-9")
    assert len(ax.patches) == 6 and ax.lines[-1].get_ydata()[0] == pytest.approx(100 / 3)
    assert [round(p.get_height()) for p in ax.patches] == [50, 25, 25, 33, 33, 33]
    assert "X 9×9" in ax.get_title() and "easy: 12 games; search-30: 6 games" in ax.get_title()
    assert len(B.plot_config(df, "x-9", levels=["easy"]).patches) == 3


def test_the_shipped_study_covers_every_game_and_both_komi_searches():
    df = B.load(SHIPPED)
    for level in ("easy", "search-30"):
        assert set(df[df.level == level].config) == set(B.CONFIGS)
        games = df[(df.level == level) & (df.komi.isna() | (df.komi == 0))].groupby("config").game.nunique()
        assert all(games[c] == n for c, n in B.SHIPPED["games"][level].items()) if level != "easy" \
            else (games == B.SHIPPED["games"]["easy"]).all()
    for config in ("alea-8", "alea-9"):
        r = B.recommend_komi(df, config, "search-30")
        assert r["komi"] % 1 == 0.5 and r["games"] == B.SHIPPED["komi_games"]
    per_game = df.groupby(["config", "level", "komi", "game"], dropna=False).seat.count()
    assert (per_game == per_game.index.get_level_values("config").map(
        lambda c: len(xlib.game(B.CONFIGS[c].game, **B.CONFIGS[c].options).start().players))).all()


def test_the_shipped_games_replay_exactly_from_their_seeds():
    df = B.load(SHIPPED)
    for config in B.CONFIGS:
        shipped = df[(df.config == config) & (df.level == "easy")]
        first = sorted(shipped.game.unique())[:3]
        shipped = shipped[shipped.game.isin(first)].sort_values(["game", "seat"])
        again = B.play([B.Part(config, "easy", 3)], seed=B.SHIPPED["seed"], workers=1)
        cols = ["seat", "player", "win", "score", "plies"]
        assert shipped[cols].reset_index(drop=True).astype(str).equals(again[cols].astype(str)), config


# ---- a class's own games ------------------------------------------------------------------------

def finished_x(winner):
    """A hand-made finished 3×3 game of X won by `winner` (0 Red, 1 Yellow, 2 Green)."""
    g = xlib.game("x", size=3)
    return {2: g.position("RG./R.Y/RYG Y").play("c1"), 0: g.position("RG./R.Y/RYG Y").play("b2").play("c1"),
            1: g.position("R.G/RGR/.YY Y").play("a3")}[winner]


def test_a_class_game_belongs_to_the_study_configuration_of_its_players_or_board():
    cases = [(("x", {"size": 9}), "x-9"), (("x", {"size": 6}), "X 6×6"), (("alea", {"size": 8}), "alea-8"),
             (("alea", {"size": 9, "adjacency": 8}), "alea-9"),
             (("alea", {"size": 8, "komi": 2.5}), "Alea Evangelion 8×8 (komi 2.5)"),
             (("alea", {"size": 6}), "Alea Evangelion 6×6"), (("xats", {"players": 3}), "xats-3"),
             (("xallies", {"players": 4, "rounds": 1, "shooting": "manual"}), "xallies-4"),
             (("xerog", {"quick_start": True}), "xerog")]
    for (game, options), config in cases:
        assert B.class_config(xlib.game(game, **options).start(seed=1)) == config, (game, options)


def test_the_class_wins_by_seat_are_measured_as_the_study_measures():
    winners = [0, 0, 0, 1, 2, 0]
    ours = B.class_table([finished_x(w) for w in winners])
    assert set(ours.config) == {"X 3×3"} and set(ours.level) == {B.CLASS_LEVEL} and len(ours) == 18
    seats = B.seat_table(ours, komi=None)
    assert list(seats.share.round(3)) == [round(4 / 6, 3), round(1 / 6, 3), round(1 / 6, 3)]
    assert (seats.low[0], seats.high[0]) == pytest.approx(B.wilson(4, 6))
    assert list(seats.games) == [6, 6, 6] and seats.fair[0] == pytest.approx(1 / 3)
    draw = xlib.play_match("xerog", ["random"] * 2, seed=1, quick_start=True, max_plies=10)
    assert draw.winners == (0, 1)   # a draw at the flight limit: half a win each, as the study counts it
    drawn = B.class_table([draw])
    assert list(drawn.win) == [0.5, 0.5] and B.draw_table(drawn).draws[0] == 1
    with pytest.raises(ExperimentError, match="still going on"):
        B.class_table([xlib.game("x", size=3).start()])


def test_the_class_stands_beside_the_study_of_its_configuration():
    import matplotlib

    matplotlib.use("Agg")
    x9 = [xlib.play_match("x", ["random"] * 3, seed=s, size=9) for s in range(4)]
    ours = B.class_table(x9)
    study = pd.concat([table("x-9", "easy", [[0]] * 6 + [[1]] * 3 + [[2]] * 3, ["Red", "Yellow", "Green"]),
                       table("xats-2", "easy", [[0], [1]], ["white", "red"])])
    both = B.class_seats(ours, study)
    assert list(zip(both.config, both.level)) == [("x-9", "easy")] * 3 + [("x-9", B.CLASS_LEVEL)] * 3
    assert list(both.games) == [12] * 3 + [4] * 3
    wins = [sum(1 / len(s.winners) for s in x9 if p in s.winners) for p in range(3)]
    assert list(both.share[3:]) == pytest.approx([w / 4 for w in wins])
    ax = B.plot_config(pd.concat([study, ours]), "x-9")
    assert len(ax.patches) == 6 and "easy: 12 games; our class: 4 games" in ax.get_title()
    assert [round(p.get_height()) for p in ax.patches[:3]] == [50, 25, 25]


def test_a_sentence_says_when_the_class_has_too_few_games_and_what_enough_show():
    few = B.class_table([finished_x(0)] * 3)
    assert B.class_conclusions(few) == [
        "The class has only 3 games of X 3×3 so far: too few to say anything yet, because with so few games every "
        "interval is wider than the differences it would show. Play at least 10 and look again."]
    many = B.class_table([finished_x(0)] * 12)
    text = B.class_conclusions(many)[0]
    assert text.startswith("In the class's 12 games of X 3×3, Red won 100 %, with ±")
    assert text.endswith("Red is ahead and Yellow and Green are behind by more than chance explains.")
    even = B.class_table([finished_x(w) for w in [0, 1, 2] * 4])
    assert "No seat is ahead or behind" in B.class_conclusions(even)[0]
    assert B.class_conclusions(B.class_table([])) == []


def test_the_class_view_reads_every_game_of_the_class(tmp_path):
    from xlib.classroom import new_game_key, open_store
    from xlib.panels.balance import ClassSeats

    store = open_store(tmp_path / "classes.sqlite3")
    code = store.create_class().code
    view = ClassSeats(table("x-9", "easy", [[0], [1], [2]], ["Red", "Yellow", "Green"]), store=store,
                      background=False)
    view.code_box.value = code
    view.show_button.click()
    assert "has no finished game yet" in view.results.children[0].value
    for seed in range(3):
        store.save_game(code, "Reds", new_game_key(), xlib.play_match("x", ["random"] * 3, seed=seed).record())
    store.save_game(code, "Blues", new_game_key(), xlib.play_match("alea", ["random"] * 2, seed=1, size=4).record())
    view.show_button.click()
    assert list(view.tables) == ["alea", "x"]
    texts = [c.value for c in view.results.children if isinstance(getattr(c, "value", None), str)]
    assert f"Class {code}: 1 game of Alea Evangelion" in texts[0] and "only 1 game of Alea Evangelion 4×4" in texts[0]
    assert f"Class {code}: 3 games of X" in texts[1] and "self-play, easy" in texts[1] and "our class" in texts[1]
    assert len(view.results.children) == 4   # per game: its sentences and table, then its bars


def test_a_class_bar_of_100_percent_leaves_the_legend_and_the_title_clear():
    import matplotlib

    matplotlib.use("Agg")
    ours = B.class_table([finished_x(0)])   # one class game: Red won it, a bar of 100 %
    study = table("X 3×3", "easy", [[0]] * 4 + [[1]] * 4 + [[2]] * 4, ["Red", "Yellow", "Green"])
    config = list(ours.config)[0]
    study = study.assign(config=config)
    ax = B.plot_config(pd.concat([study, ours]), config)
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    bars = [p.get_window_extent(renderer) for p in ax.patches]
    assert max(p.get_height() for p in ax.patches) == pytest.approx(100)
    assert not any(legend.overlaps(b) for b in bars)
    title = ax.title.get_window_extent(renderer)
    numbers = [t.get_window_extent(renderer) for t in ax.texts]
    assert "100" in [t.get_text() for t in ax.texts] and not any(title.overlaps(n) for n in numbers)
    assert not any(legend.overlaps(n) for n in numbers)
