"""Lesson exercises in class mode, on SQLite and on a real PostgreSQL server: a group's solved and missed
exercises are stored with the class, a solved one stays solved, unknown exercises are refused in words, and
the teacher's panel shows each group's rules done and the exercises missed most often."""
from __future__ import annotations

import pytest

from xlib import registry
from xlib.classroom import ClassError, open_store
from xlib.classroom import table as tables

from .test_classroom import pg_server, url  # noqa: F401  (fixtures)

X = registry.lesson("x").SCENES
FIRST = [f"{X[0].title}#{k}" for k in range(len(X[0].exercises))]


def test_a_groups_exercises_are_stored_solved_stays_solved_and_misses_only_grow(url):
    with open_store(url) as store:
        code = store.create_class().code
        store.save_exercises(code, "Table 1", "x", {FIRST[0]: (True, 2), FIRST[1]: (False, 1)})
        store.save_exercises(code, "Table 1", "x", {FIRST[0]: (False, 1), FIRST[1]: (False, 3)})
        store.save_exercises(code, "Table 2", "xats", {f"{registry.lesson('xats').SCENES[0].title}#0": (True, 0)})
        rows = store.exercises(code)
        assert ("Table 1", "x", FIRST[0], True, 2) in rows and ("Table 1", "x", FIRST[1], False, 3) in rows
        assert [r[0] for r in rows].count("Table 2") == 1 and store.groups(code) == ["Table 1", "Table 2"]
        with pytest.raises(ClassError, match="no exercise"):
            store.save_exercises(code, "Table 1", "x", {"No such rule#0": (True, 0)})
        with pytest.raises(ClassError, match="yes or no"):
            store.save_exercises(code, "Table 1", "x", {FIRST[0]: ("yes", 0)})
        store.clear(code)
        assert store.exercises(code) == []


def test_the_lesson_table_counts_rules_done_and_names_where_a_group_is_stuck(url):
    with open_store(url) as store:
        code = store.create_class().code
        store.save_exercises(code, "Reds", "x", {k: (True, 0) for k in FIRST})
        stuck = f"{X[3].title}#0"
        store.save_exercises(code, "Blues", "x", {stuck: (False, 4), FIRST[0]: (True, 1)})
        table = tables.lesson_table(store.exercises(code), store.groups(code))
        total = sum(len(s.exercises) for s in X)
        reds, blues = table.loc[("X", "Reds")], table.loc[("X", "Blues")]
        assert reds["rules done"] == f"1 of {len(X)}" and reds["exercises solved"] == f"{len(FIRST)} of {total}"
        assert blues["rules done"] == f"0 of {len(X)}" and blues["missed most"].startswith(f"{X[3].title}, exercise 1 (4 misses)")


def test_a_joined_group_stores_the_exercises_done_on_its_page_and_the_panel_shows_them(tmp_path):
    pytest.importorskip("ipywidgets")
    from xlib.board import Board, Tutorial
    from xlib.board.progress import LessonProgress
    from xlib.panels.classroom import ClassJoin, ClassPanel

    db = str(tmp_path / "class.sqlite3")
    store = open_store(db)
    panel = ClassPanel(store=store, background=False)
    panel.start()
    progress = LessonProgress("x", keep=False)
    board = Board("x", animate=0, background=False)
    join = ClassJoin(board, store=store, background=False, progress=progress)
    assert join.join(panel.code, "Table 5")
    lesson = Tutorial(X[0], animate=0, background=False, progress=progress)
    ex = X[0].exercises[0]
    lesson.start_exercise(0)
    for m in ex.solution:
        lesson.board.play(m)
    rows = store.exercises(panel.code)
    assert ("Table 5", "x", FIRST[0], True, 0) in rows
    panel.refresh(force=True)
    assert "Table 5" in panel.lessons_view.value and f"1 of {sum(len(s.exercises) for s in X)}" in \
        panel.lessons_view.value
