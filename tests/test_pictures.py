"""Plots carry a sentence with the numbers they show: the text alternative a screen reader reads; and every chart
reads from the back of the room on a projector."""
import base64
from pathlib import Path

import pandas as pd
import pytest

from xlib.panels.experiment import image
from xlib.panels.pictures import describe_figure, figure_html
from xlib.panels.xallies_lab import plot_dynamics, plot_inequality, plot_rates

SUMMARY = pd.DataFrame({"cooperation": [0.41, 0.63], "cooperation ±": [0.1, 0.1], "waste": [0.22, 0.08],
                        "waste ±": [0.05, 0.05], "mean score": [10.0, 12.5], "mean score ±": [1.0, 1.0],
                        "gini": [0.21, 0.34], "gini ±": [0.01, 0.02]}, index=["selfish", "prosocial"])


def test_bars_are_said_by_series_and_name_with_their_values():
    text = describe_figure(plot_rates(SUMMARY))
    assert text.startswith("Share of the 12 black pieces")
    assert "claimed by alliances: selfish 0.41, prosocial 0.63" in text
    assert "wasted: selfish 0.22, prosocial 0.08" in text


def test_points_are_said_by_their_names_and_lines_from_start_to_end():
    assert "selfish: 10, 0.21; prosocial: 12.5, 0.34" in describe_figure(plot_inequality(SUMMARY))
    history = pd.DataFrame({"selfish": [0.5, 0.3, 0.2], "prosocial": [0.5, 0.7, 0.8]})
    text = describe_figure(plot_dynamics(history))
    assert "selfish from 0.5 at generation 0 to 0.2 at 2" in text and "prosocial from 0.5" in text


def test_the_picture_widget_and_the_notebook_picture_carry_the_sentence():
    fig = plot_rates(SUMMARY)
    assert image(fig).tooltip == describe_figure(fig)
    html = figure_html(fig).data
    assert 'alt="Share of the 12 black pieces' in html and "data:image/png;base64," in html


def _smallest_type(fig) -> float:
    """The smallest type (in points) of every word the figure shows."""
    from matplotlib.text import Text

    return min(t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip())


def test_every_chart_of_the_labs_and_is_it_fair_reads_at_20_px_on_a_1920_pixel_projector():
    """Every word of every chart is at least SMALLEST_TYPE points, and a chart is shown at VW_PER_INCH of the
    screen's width for every inch it measures: on a 1920-pixel screen that is 20 px or more."""
    import re

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from xlib.experiments import balance as B
    from xlib.panels import pictures
    from xlib.panels.classroom import plot_groups
    from xlib.panels.experiment import FIGURE_DPI, figure_png
    from xlib.panels.politics import plot_rates as politics_rates, plot_shares
    from xlib.panels.xallies_lab import plot_personas

    assert pictures.SMALLEST_TYPE / 72 * pictures.VW_PER_INCH / 100 * 1920 >= 20
    study = B.load(Path(__file__).parents[1] / "notebooks" / "data" / "balance.csv")
    history = pd.DataFrame({"selfish": [0.5, 0.3], "prosocial": [0.5, 0.7]})
    personas = pd.DataFrame({"mean score": [10.0, 12.0], "mean score ±": [1.0, 1.0], "win rate": [0.4, 0.6],
                             "win rate ±": [0.1, 0.1]}, index=["selfish", "prosocial"])
    lineups = pd.DataFrame({"kingmaking": [0.1, 0.2], "kingmaking low": [0.0, 0.1], "kingmaking high": [0.2, 0.3],
                            "early leader wins": [0.5, 0.6], "early leader wins low": [0.4, 0.5],
                            "early leader wins high": [0.6, 0.7]}, index=["one anti-leader", "two anti-leaders"])
    shares = pd.DataFrame([{"line-up": "a", "player": f"{k}. self-interest", "win share": 0.3, "win share low": 0.2,
                            "win share high": 0.4} for k in (1, 2, 3)]).set_index(["line-up", "player"])
    groups = pd.DataFrame({"games": [2, 1], "group's score": [3.0, 2.0], "computers' score": [4.0, 1.0]},
                          index=["Reds", "Blues"])
    komi, axes = plt.subplots(1, 2, figsize=(10.8, 2.9))
    for ax, config in zip(axes, ["alea-8", "alea-9"]):
        B.plot_komi(study, config, ax, B.SHIPPED["komi_level"])
    charts = [B.plot_game(study, game) for game in ("x", "xats", "xerog", "xallies", "alea")] + [komi] + [
        plot_rates(SUMMARY), plot_inequality(SUMMARY), plot_dynamics(history), plot_personas(personas),
        politics_rates(lineups), plot_shares(shares), plot_groups(groups)]
    for fig in charts:
        assert _smallest_type(fig) >= pictures.SMALLEST_TYPE, describe_figure(fig)
        page = figure_html(fig).data
        png = base64.b64decode(page.split("base64,")[1].split('"')[0])
        inches = int.from_bytes(png[16:20], "big") / fig.dpi
        shown = re.search(r"width:min\(100%, ([\d.]+)vw\)", page)
        assert float(shown.group(1)) == pytest.approx(inches * pictures.VW_PER_INCH, abs=0.1)
    assert image(plot_rates(SUMMARY)).layout.width == pictures.screen_width(figure_png(plot_rates(SUMMARY)),
                                                                            FIGURE_DPI)
    plt.close("all")
