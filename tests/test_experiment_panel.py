"""The notebooks' shared experiment machinery, headless: runs in the background with the buttons disabled,
progress in words, bad input as a sentence in the panel, and the report helpers; then the balance panel."""
import threading

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from xlib.panels.experiment import TABLE_STYLE, BackgroundRun, figure, image, prompt, table_html  # noqa: E402
from xlib.errors import ExperimentError  # noqa: E402


class Panel(BackgroundRun):
    """A panel whose run plays nothing: it reports progress, then waits until the test lets it finish."""

    def __init__(self, fail: BaseException | None = None) -> None:
        super().__init__(background=True)
        self.fail = fail
        self.calls = 0
        self.started = threading.Event()
        self.release = threading.Event()
        self.go = self.button("Go", self.run)
        self.other = self.button("Other", self.run)
        self.widget = w.VBox([self.go, self.other, self.message, self.progress, self.errors])

    def run(self) -> None:
        self.calls += 1
        told = self.report("Playing")
        told(1, 3)
        self.started.set()
        assert self.release.wait(30)
        if self.fail is not None:
            raise self.fail
        told(3, 3)
        self.message.value = "done"


def started(panel: Panel) -> None:
    panel.go.click()
    assert panel.started.wait(30)


def test_a_run_in_the_background_disables_every_button_and_reports_progress_in_words():
    p = Panel()
    started(p)
    assert p.running and p.go.disabled and p.other.disabled
    assert p.progress_text.value == "Playing: game 1 of 3" and p.progress_bar.value == 1 and p.progress_bar.max == 3
    assert p.progress_bar.layout.visibility == "visible"
    p.release.set()
    p.wait()
    assert not p.running and not p.go.disabled and not p.other.disabled
    assert p.message.value == "done" and p.progress_text.value == "Finished: 3 games played."
    assert p.progress_bar.layout.visibility == "hidden" and p.calls == 1


def test_a_second_press_while_running_is_answered_and_starts_nothing():
    p = Panel()
    started(p)
    p.go.disabled = False   # a press the page let through anyway
    p.go.click()
    p.other.click()
    assert "running: wait for it to finish" in p.message.value
    p.release.set()
    p.wait()
    assert p.calls == 1 and p.message.value == "done"


def test_bad_input_is_a_sentence_in_the_panel_and_the_buttons_come_back():
    p = Panel(fail=ExperimentError("games must be at least 1, not <0>"))
    started(p)
    p.release.set()
    p.wait()
    assert "games must be at least 1, not &lt;0&gt;" in p.message.value and "#B00020" in p.message.value
    assert not p.go.disabled and not p.running and p.errors.outputs == ()
    p.fail, p.started, p.release = None, threading.Event(), threading.Event()
    started(p)   # the panel runs again after an error
    p.release.set()
    p.wait()
    assert p.message.value == "done" and p.calls == 2


def test_anything_else_is_a_report_to_send_and_the_buttons_come_back():
    p = Panel(fail=RuntimeError("lost"))
    started(p)
    p.release.set()
    p.wait()
    [out] = p.errors.outputs
    assert "Something went wrong" in out["text"] and "RuntimeError: lost" in out["text"]
    assert not p.go.disabled and p.message.value == ""


def test_outside_a_kernel_a_run_happens_at_once():
    p = Panel()
    p.background = False
    p.release.set()
    p.go.click()
    assert p.calls == 1 and p.message.value == "done" and not p.go.disabled and p._worker is None


def test_report_helpers():
    pd = pytest.importorskip("pandas")
    html = table_html(pd.DataFrame({"share": [0.5]}, index=["red"]))
    assert html.startswith("<div class='xlib-table'><table") and "<th>red</th>" in html
    assert "Discuss.</b> Why?" in prompt("Why?").value and TABLE_STYLE in prompt("Why?").value
    fig, axes = figure(8, 4, cols=4, rows=2)
    assert axes.shape == (2, 4) and not axes[1, 3].spines["top"].get_visible()
    fig, ax = figure()
    ax.plot([0, 1], [0, 1])
    img = image(fig, max_width="100%")
    assert img.value[:8] == b"\x89PNG\r\n\x1a\n" and img.layout.max_width == "100%"
    assert "xlib-plot" in img._dom_classes


def test_balance_panel_plays_a_small_study_and_shows_its_conclusions_and_plots():
    pytest.importorskip("matplotlib")
    from xlib.panels.balance import BalancePanel

    p = BalancePanel(games=10, seed=3, workers=1, background=False)
    assert "xlib-balance-run" in p.widget._dom_classes
    seen = []
    p.progress_text.observe(lambda change: seen.append(change["new"]), "value")
    p.run_button.click()
    assert not p.run_button.disabled and p.errors.outputs == ()
    assert seen[0] == "Playing the seat study: game 1 of 80" and "Playing the seat study: game 80 of 80" in seen
    assert seen[-2].startswith("Playing the komi search: game ")
    assert seen[-1] == "Finished: the seat study, 80 games; the komi search."
    assert "With a komi of" in p.conclusions.value and p.conclusions.value.count("(10 games at level easy)") == 8
    assert p.conclusions.value.count("<li>") == len(set(p.table.config)) + 2
    assert "games played at level easy. Seed 3" in p.message.value
    [img] = p.plots.children
    assert img.value[:4] == b"\x89PNG"
    again = BalancePanel(games=10, seed=3, workers=1, background=False)
    again.run(progress=False)
    assert again.conclusions.value == p.conclusions.value   # the same seed, the same numbers


def test_a_run_that_fails_says_where_it_stopped_and_a_dynamics_run_ends_in_a_finished_sentence():
    p = Panel(fail=RuntimeError("boom"))
    started(p)
    p.release.set()
    p.wait()
    assert p.progress_text.value == "Stopped after game 1 of 3."
    from xlib.panels.xallies_lab import ExperimentPanel

    lab = ExperimentPanel(games=100, seed=0, background=False)
    lab.dynamics_button.click()
    assert lab.progress_text.value.startswith("Finished: every table measured, ")
    assert " of " not in lab.progress_text.value
