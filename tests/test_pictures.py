"""Plots carry a sentence with the numbers they show: the text alternative a screen reader reads."""
import pandas as pd

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
