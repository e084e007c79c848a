"""The teacher's class panel: per game only the groups that played it, counts as whole numbers, too few games
said as too few, clearing that says what it removes and removes only that (and says what it did only for a
while), games left off apart from those in progress, a dash where a group has no number, a header over every
column, a wrong code said to the teacher, and the last class offered again after a reload."""
from __future__ import annotations

import base64
import io
import re
import time

import pytest

from xlib.board import Board
from xlib.classroom import new_game_key, open_store
from xlib.classroom import table as tables
from xlib.experiments.politics import CLASS_MIN_GAMES
from xlib.panels import classroom as panels
from xlib.panels.classroom import ClassJoin, ClassPanel

RANDOM = {0: "random", 1: "random", 2: "random"}


def _exercise() -> str:
    """The key of the XAllies lesson's first exercise, as a group's page stores it."""
    from xlib.classroom.checks import lesson_exercises

    return sorted(lesson_exercises("xallies"))[0]


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "classes.sqlite3") as s:
        yield s


def _play(store, code: str, group: str, game: str, seed: int, games: int = 1, **options) -> ClassJoin:
    """`group` finishes `games` games of `game` (every seat the computer), stored for the class."""
    board = Board(game, seed=seed, seats=dict(RANDOM), animate=0, background=False)
    join = ClassJoin(board, store=store, background=False)
    assert join.join(code, group), join.status.value
    for k in range(games):
        board.new_game(seed=seed * 100 + k, **options)
        assert board.state.over
    return join


def _csvs(panel: ClassPanel) -> dict[str, str]:
    """The panel's CSV files by file name."""
    out = {}
    for part in panel.csv_link.value.split('download="')[1:]:
        name = part.split('"')[0]
        out[name] = base64.b64decode(part.split("base64,")[1].split('"')[0]).decode()
    return out


def test_the_xallies_table_lists_only_groups_that_played_xallies_with_whole_counts(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 3, games=2, rounds=2)
    _play(store, code, "Blues", "x", 4)
    panel.refresh(force=True)
    assert list(panel.groups.index) == ["Reds"]
    assert panel.groups.loc["Reds", "games"] == 2
    wins = panel.groups.loc["Reds", "group's wins"]
    assert panel.groups["games"].dtype.kind == "i" and ("." not in str(wins) or wins != round(wins))
    assert "Blues" not in panel.group_view.value and "Reds" in panel.group_view.value
    # the games listing still shows every game with its own groups
    assert ("X", "Blues") in panel.listing.index and ("XAllies", "Reds") in panel.listing.index
    assert ("XAllies", "Blues") not in panel.listing.index


def test_with_groups_but_no_xallies_game_the_xallies_table_says_none_has_played_it(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    panel.refresh(force=True)
    assert "No group has joined yet." in panel.group_view.value
    _play(store, code, "Blues", "x", 4)
    panel.refresh(force=True)
    assert "Groups: 1 (Blues)" in panel.status.value
    assert "No group has played XAllies yet." in panel.group_view.value and "joined" not in panel.group_view.value


def test_the_csv_files_write_counts_as_whole_numbers(store):
    import pandas as pd

    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 5, rounds=2)
    _play(store, code, "Blues", "x", 6)
    panel.refresh(force=True)
    files = _csvs(panel)
    assert set(files) == {f"xallies-class-{code}.csv", f"x-class-{code}.csv"}
    for name, text in files.items():
        table = pd.read_csv(io.StringIO(text))
        for column in ("score", "plies", "seat"):
            values = text.splitlines()[1].split(",")[list(table.columns).index(column)]
            assert "." not in values, (name, column, values)
    xallies = pd.read_csv(io.StringIO(files[f"xallies-class-{code}.csv"]))
    for column in ("whites", "hits", "claimed", "wasted"):
        assert all("." not in line.split(",")[list(xallies.columns).index(column)]
                   for line in files[f"xallies-class-{code}.csv"].splitlines()[1:])


def test_whole_numbers_keeps_shares_and_leaves_missing_values_empty():
    import pandas as pd

    frame = pd.DataFrame({"count": [2.0, 3.0, None], "share": [0.5, 1.0, 0.0], "name": ["a", "b", "c"]})
    text = tables.whole_numbers(frame).to_csv(index=False)
    assert text.splitlines() == ["count,share,name", "2,0.5,a", "3,1.0,b", ",0.0,c"]


def test_the_finished_games_chart_counts_in_whole_numbers(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 7, rounds=2)
    panel.refresh(force=True)
    fig = panels.plot_groups(panel.groups)
    fig.canvas.draw() if hasattr(fig.canvas, "draw") else None
    ticks = fig.axes[0].get_yticks()
    assert all(float(t) == int(t) for t in ticks), ticks


def test_below_ten_games_the_comparison_says_there_are_too_few(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 9, rounds=2)
    panel.refresh(force=True)
    assert "too few to say anything yet" in panel.compare_view.value
    assert "only 1 finished game of XAllies" in panel.compare_view.value
    assert "Our groups wasted" not in panel.prompt.value
    _play(store, code, "Blues", "xallies", 10, games=CLASS_MIN_GAMES - 1, rounds=2)
    panel.refresh(force=True)
    assert "too few" not in panel.compare_view.value and "Our groups wasted" in panel.prompt.value


def test_clearing_the_games_says_what_goes_and_keeps_the_groups_and_their_exercises(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    join = _play(store, code, "Reds", "xallies", 11, rounds=2)
    store.save_exercises(code, "Reds", "xallies", {_exercise(): (True, 1)})
    panel.refresh(force=True)
    panel._clear_clicked("games")
    words = panel.confirm.value
    assert "Click Click" not in words and "Yes, clear the games" in words
    assert f"Remove the 1 game (1 finished, 0 in progress) of class {code}" in words
    assert "groups stay joined" in words and "within 10 seconds" in words
    assert panel.clear_button.description == "Yes, clear the games" and panel.clear_button.button_style == "danger"
    assert panel.clear_groups_button.description == "Clear games and groups"
    panel._clear_clicked("games")
    assert store.games(code, finished=None) == []
    assert store.groups(code) == ["Reds"] and len(store.exercises(code)) == 1
    assert panel.clear_button.description == "Clear the games" and "1 game removed" in panel.confirm.value
    assert join.code == code


def test_clearing_games_and_groups_removes_the_groups_their_games_and_exercises(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 12, rounds=2)
    _play(store, code, "Blues", "x", 13)
    store.save_exercises(code, "Reds", "xallies", {_exercise(): (True, 0)})
    panel._clear_clicked("groups")
    assert "Remove the 2 groups of class" in panel.confirm.value and "Reds, Blues" in panel.confirm.value
    assert "their 2 games (2 finished, 0 in progress) and their lesson exercises" in panel.confirm.value
    panel._clear_clicked("games")   # the other button asks for itself, and clears nothing yet
    assert len(store.games(code)) == 2 and panel.clear_groups_button.description == "Clear games and groups"
    panel._clear_clicked("groups")
    panel._clear_clicked("groups")
    assert store.games(code, finished=None) == [] and store.groups(code) == [] and store.exercises(code) == []
    assert "2 groups and 2 games removed" in panel.confirm.value


def test_an_unanswered_confirmation_expires_visibly_and_clears_nothing(store, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(panels.time, "monotonic", lambda: now[0])
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 14, rounds=2)
    panel._clear_clicked("games")
    now[0] += panels.CONFIRM_SECONDS - 1
    panel._tick({})
    assert panel.clear_button.description == "Yes, clear the games" and panel.confirm.value
    now[0] += 2
    panel._tick({})   # the clock's tick after ten seconds: back to normal
    assert panel.clear_button.description == "Clear the games" and panel.clear_button.button_style == ""
    assert panel.confirm.value == ""
    panel._clear_clicked("games")   # a click after the expiry asks again
    assert len(store.games(code)) == 1 and panel.clear_button.description == "Yes, clear the games"


def test_a_wrong_code_in_the_teachers_box_gets_a_teachers_sentence(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    panel.open_box.value = "7f3k"
    panel.open_button.click()
    assert "There is no class 7F3K in this class database" in panel.status.value
    assert "you noted when you started the class" in panel.status.value
    assert "the teacher shows" not in panel.status.value
    panel.open_box.value = ""
    panel.open_button.click()
    assert "the teacher shows" not in panel.status.value and "a class you started" in panel.status.value


def test_the_last_class_is_kept_in_the_browser_and_offered_after_a_reload(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    kept = panel.keeper.keep
    assert code in kept
    # the page reloads: a new kernel's panel reads what the browser kept
    again = ClassPanel(store=store, baseline_games=3, background=False)
    assert again.again_button.layout.display == "none"
    again.keeper.saved = kept
    again.keeper.loaded = True
    assert again.again_button.layout.display is None and again.again_button.description == f"Open class {code} again"
    again.again_button.click()
    assert again.code == code and again.again_button.layout.display == "none"


def test_nothing_kept_offers_nothing(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    panel.keeper.loaded = True
    assert panel.again_button.layout.display == "none" and panel.code is None


def test_a_class_with_nothing_to_clear_says_so_and_asks_nothing(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    panel._clear_clicked("games")
    assert panel.confirm.value.endswith(f"Class {code} has no game to clear.</span>")
    assert panel.confirming is None and panel.clear_button.description == "Clear the games"
    panel._clear_clicked("groups")
    assert f"Class {code} has no group to clear." in panel.confirm.value and panel.confirming is None


def test_the_labs_class_boxes_answer_a_wrong_code_in_the_teachers_words(store):
    from xlib.panels.politics import ClassPolitics

    view = ClassPolitics(None, store=store, background=False)
    view.code_box.value = "7F3K"
    view.show_button.click()
    assert "There is no class 7F3K in this class database" in view.message.value
    assert "the teacher shows" not in view.message.value


def _unfinished(store, code: str, group: str, seed: int) -> None:
    """`group` saves an XAllies game a few moves in, as its page does while it plays."""
    from xlib.experiments.matches import play_match

    store.save_game(code, group, new_game_key(), play_match("xallies", ["random"] * 3, seed=seed).history()[4]
                    .record(), ["person", "random", "random"])


def test_what_a_clear_did_goes_after_a_short_time_or_when_the_teacher_does_anything_else(store, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(panels.time, "monotonic", lambda: now[0])
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "x", 15)
    panel._clear_clicked("groups")
    panel._clear_clicked("groups")
    assert "1 group and 1 game removed." in panel.confirm.value
    now[0] += panels.DONE_SECONDS - 1
    panel._tick({})
    assert "removed" in panel.confirm.value
    now[0] += 2
    panel._tick({})   # a short time later it has gone
    assert panel.confirm.value == ""
    _play(store, code, "Blues", "x", 16)
    panel.refresh(force=True)
    panel._clear_clicked("games")
    panel._clear_clicked("games")
    assert "1 game removed" in panel.confirm.value
    panel.toggle_closed()   # Close the class: the clear is past
    assert panel.confirm.value == ""
    panel.toggle_closed()
    panel._clear_clicked("games")
    assert "has no game to clear" in panel.confirm.value
    panel.refresh_button.click()
    assert panel.confirm.value == ""


def test_a_game_not_saved_for_minutes_is_said_left_unfinished_not_in_progress(store, monkeypatch):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 17, rounds=2)
    _unfinished(store, code, "Blues", 18)
    _unfinished(store, code, "Greens", 19)
    panel.refresh(force=True)
    assert "<b>1</b> finished game, 2 in progress." in panel.status.value
    assert list(panel.listing["in progress"]) == [0, 1, 1]
    saved = time.strftime("%H:%M", time.localtime(max(g.updated for g in store.games(code, finished=False))))
    later = time.time() + tables.QUIET_SECONDS + 60   # the server restarted: the pages saved nothing since
    monkeypatch.setattr(panels.time, "time", lambda: later)
    _unfinished(store, code, "Greens", 20)           # but one group has started a new game since
    assert panel.refresh()                            # no click needed: the panel sees the quiet games by itself
    assert (f"<b>1</b> finished game, 1 in progress, 2 left unfinished (no move saved since {saved})."
            in panel.status.value)
    assert list(panel.listing["in progress"]) == [0, 0, 1] and list(panel.listing["left unfinished"]) == [0, 1, 1]
    assert list(panel.groups.index) == ["Reds", "Greens"]   # Blues' quiet game plays no part in the XAllies table
    panel._clear_clicked("games")
    assert "Remove the 4 games (1 finished, 1 in progress, 2 left unfinished)" in panel.confirm.value


def test_a_group_with_no_finished_xallies_game_has_a_dash_for_its_wins_as_for_its_other_numbers(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 21, rounds=2)
    _unfinished(store, code, "Blues", 22)
    panel.refresh(force=True)
    cells = re.findall(r"<td>(.*?)</td>", panel.group_view.value.split("<th>Blues</th>")[1].split("</tr>")[0])
    assert cells[:2] == ["0", "1"] and set(cells[2:]) == {"–"}, cells   # no game finished, one in progress
    reds = panel.group_view.value.split("<th>Reds</th>")[1].split("</tr>")[0]
    assert ".0<" not in reds   # whole numbers without decimals


def test_the_tables_head_every_column_with_the_groups_and_games_named_first(store):
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    _play(store, code, "Reds", "xallies", 23, rounds=2)
    store.save_exercises(code, "Reds", "xallies", {_exercise(): (True, 1)})
    panel.refresh(force=True)
    head = panel.games_view.value.split("<thead>")[1].split("</thead>")[0]
    assert head.count("<tr") == 1 and "<th></th>" not in head
    assert [c.split(">")[-1] for c in head.split("</th>")[:3]] == ["Game", "Group", "finished"]
    assert ">Game</th>" in panel.lessons_view.value and ">Group</th>" in panel.group_view.value
