"""What the lab's class panel makes of a class's live tables: the personas played under the rules the class's
tables had (like compared with like), and CSV files that say who sat where, in which round and design, and every
decision with its time (as oTree's export does)."""
from __future__ import annotations

import base64
import io
import time

import pandas as pd
import pytest

from xlib.classroom import open_store
from xlib.panels.classroom import ClassPanel


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "class.db") as s:
        yield s


#: each student's pass, as their device keeps it between rounds
PASSES: dict[tuple[str, str], str] = {}


def play_round(store, code: str, names: list[str], design: str, away: str | None = None, **options) -> list:
    """Seat `names` at XAllies tables for a round of `design` and play every table to its end: each student plays
    the first legal move of their own seat, and the computer plays for `away` (whose device went quiet)."""
    passes = {n: store.arrive(code, n, "xallies", PASSES.get((code, n)))[1] for n in names}
    PASSES.update({(code, n): p for n, p in passes.items()})   # a student's device comes back with its pass
    tables = store.seat_round(code, "xallies", order="joined", design=design, seed=1, options=options)
    tickets = {}
    for n in names:
        found = store.my_seat(code, n, passes[n])
        if found is not None:
            tickets[(found[0].key, found[1])] = found[2]
    for t in tables:
        view = store.table(code, t.key)
        while not view.state.over:
            p = view.state.to_move
            name = view.seats[p]
            move = str(view.state.moves()[0])
            if name is not None and name != away:
                ticket = tickets[(t.key, p)]
            else:
                if name == away:
                    store._attempt(lambda tx: tx.run(
                        "UPDATE class_groups SET last_seen = ? WHERE class_code = ? AND group_key = ?",
                        (time.time() - 3600, code, away.casefold())), write=True)
                ticket = store.claim(code, t.key, view.state.ply)
            view = store.table(code, t.key) if store.play(code, t.key, ticket, view.state.ply, move) else view
    return tables


def files(link_html: str) -> dict[str, str]:
    out = {}
    for part in link_html.split('download="')[1:]:
        out[part.split('"')[0]] = base64.b64decode(part.split("base64,")[1].split('"')[0]).decode()
    return out


def test_the_personas_play_under_the_round_cap_the_class_played_with(store):
    """Fault: the class's tables were capped at 2 rounds, the personas played the game's 120: the class scored a
    fraction of the personas' points under 'the same rules'. Now the personas play the class's cap, and the panel
    says it."""
    panel = ClassPanel(store=store, baseline_games=3, background=False)
    code = panel.start()
    play_round(store, code, ["Ana", "Ben", "Chen"], "partners", rounds=2)
    panel.refresh(force=True)
    assert panel.rules["rounds"] == 2
    personas = panel.baselines[repr(sorted(panel.rules.items()))]
    assert int(personas.turns.max()) <= 2 * 3   # at most 2 rounds of 3 turns: the class's own cap
    said = panel.compare_view.value
    assert "the class's own rules" in said and "at most 2 rounds" in said and "other rules" not in said


def test_the_csv_files_say_who_sat_where_in_which_round_and_every_decision_with_its_time(store):
    """Fault: the CSV had no student names and no table, round or design columns ('player' was only a colour).
    Now the players' file keeps its columns and adds table, round, design and student, and a decisions file has
    one row per move: class, round, table, seat, colour, student, who made it, move number, move and time."""
    panel = ClassPanel(store=store, baseline_games=2, background=False)
    code = panel.start()
    started = time.time()
    play_round(store, code, ["Ana", "Ben", "Chen"], "partners", rounds=2)
    play_round(store, code, ["Ana", "Ben", "Chen"], "strangers", away="Chen", rounds=2)
    panel.refresh(force=True)
    players = pd.read_csv(io.StringIO(files(panel.csv_link.value)[f"xallies-class-{code}.csv"]))
    for column in ("game", "group", "key", "seat", "player", "agent", "score", "win", "points", "class", "rounds"):
        assert column in players.columns   # the columns it always had
    assert set(players.student) == {"Ana", "Ben", "Chen"} and set(players["class"]) == {code}
    # three students fill one table: a strangers round there is stored as "one table" (strangers need two tables)
    assert sorted(set(zip(players["round"], players.design))) == [(1, "partners"), (2, "one table")]
    assert set(players.table) == {"Round 1 Table 1", "Round 2 Table 1"}
    decisions = pd.read_csv(io.StringIO(files(panel.decisions_link.value)[f"xallies-class-{code}-decisions.csv"]))
    for column in ("class", "round", "table", "seat", "player", "student", "played_by", "move_number", "move",
                   "time", "seconds", "score", "win"):
        assert column in decisions.columns
    stored = {g.key: g for g in store.games(code, game="xallies", records=True)}
    assert len(decisions) == sum(g.moves for g in stored.values())
    first = decisions[decisions.key == decisions.key.iloc[0]]
    assert list(first.move_number) == list(range(1, len(first) + 1))
    assert list(first.move) == [str(m) for m in stored[first.key.iloc[0]].record["moves"]]
    assert set(decisions["class"]) == {code} and set(decisions.student) == {"Ana", "Ben", "Chen"}
    moments = pd.to_datetime(decisions.time, utc=True)
    assert moments.min().timestamp() >= started - 1 and (decisions.seconds >= 0).all()
    chen = decisions[(decisions.student == "Chen") & (decisions["round"] == 2)]
    assert set(chen.played_by) == {"computer"}   # Chen was away: the computer played for him
    assert set(decisions[decisions.student == "Ana"].played_by) == {"student"}
    seat_colour = dict(zip(zip(players.key, players.seat), players.player))
    assert all(seat_colour[(k, s)] == c for k, s, c in zip(decisions.key, decisions.seat, decisions.player))
