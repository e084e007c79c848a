"""The experiment runner: the same games whatever plays them (here, local processes, a Dask cluster), results
streamed to a file that an interrupted run resumes from, and clear errors before anything is written."""
import os
import signal

import pytest

import xlib
import xlib.experiments.runner
from xlib.errors import ExperimentError, OptionError
from xlib.experiments.runner import KEY_COLUMNS, Job, ResultsFile, run

LINEUPS = {"random": ["random"] * 3, "greedy": ["greedy"] * 3}
SEARCH = ("mcts", {"iterations": 12, "seconds": None})


def small(**kw):
    """A quick tournament: X on 6×6, random and greedy players."""
    return xlib.tournament("x", LINEUPS, games=kw.pop("games", 8), seed=5, size=6, **kw)


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0",
                                  silence_logs=50) as c:
        yield c


@pytest.fixture(scope="module")
def client(cluster):
    from distributed import Client

    with Client(cluster, set_as_default=False) as c:
        yield c


class Stop(Exception):
    """Stands for an interruption (a closed laptop, a Ctrl-C) after some games."""


def stop_after(k):
    def progress(done, total):
        if done >= k:
            raise Stop
    return progress


def games_in(path):
    """Job id → number of lines, read straight from the results file."""
    import csv

    with open(path, newline="") as f:
        records = list(csv.reader(f))
    assert tuple(records[0][:2]) == KEY_COLUMNS
    counts = {}
    for rec in records[1:]:
        counts[rec[0]] = counts.get(rec[0], 0) + 1
    return counts


def test_one_process_and_two_give_the_same_table_in_game_order():
    one, two = small(workers=1), small(workers=2)
    assert one.equals(two)
    assert list(one.game) == sorted(one.game) and one.game.nunique() == 16
    assert set(one.lineup) == {"random", "greedy"}


def test_dask_gives_the_same_table_as_local_processes(client):
    local = small(workers=2)
    assert small(client=client).equals(local)
    searched = xlib.tournament("xats", [[SEARCH, SEARCH]], games=4, seed=1, workers=1)
    assert xlib.tournament("xats", [[SEARCH, SEARCH]], games=4, seed=1, client=client).equals(searched)


def test_a_scheduler_address_is_connected_for_the_run(cluster):
    assert small(client=cluster.scheduler_address, games=3).equals(small(workers=1, games=3))


def test_results_stream_to_a_file_and_a_second_run_plays_nothing(tmp_path):
    out = tmp_path / "x.csv"
    seen = []
    df = small(workers=2, out=out, progress=lambda done, total: seen.append((done, total)))
    assert len(games_in(out)) == 16 and set(games_in(out).values()) == {3}
    assert seen[-1] == (16, 16) and [d for d, _ in seen] == list(range(1, 17))
    again = []
    assert small(workers=2, out=out, progress=lambda d, t: again.append(d)).equals(df)
    assert again == []  # every game was in the file already
    fresh = small(workers=1)
    assert df[fresh.columns].astype(str).equals(fresh.astype(str))


def test_an_interrupted_run_resumes_where_it_stopped_and_counts_each_game_once(tmp_path):
    whole = small(workers=1, out=tmp_path / "whole.csv")
    out = tmp_path / "cut.csv"
    with pytest.raises(Stop):
        small(workers=1, out=out, progress=stop_after(5))
    assert len(games_in(out)) == 5
    seen = []
    resumed = small(workers=2, out=out, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (6, 16) and seen[-1] == (16, 16)  # counted on from the games in the file
    assert resumed.equals(whole)
    assert len(games_in(out)) == 16 and set(games_in(out).values()) == {3}


def test_a_long_run_hands_each_worker_process_a_few_games_at_a_time():
    """What a worker takes at once reaches the file at once: a study of thousands of long games must not keep
    hundreds of them from the file (an interruption would lose them)."""
    from xlib.experiments.runner import MAX_CHUNK, _chunk

    assert [_chunk(n, 2) for n in (1, 39, 80, 200, 5000, 10 ** 6)] == [1, 1, 2, 5, MAX_CHUNK, MAX_CHUNK]
    assert MAX_CHUNK <= 10


def test_a_game_cut_short_in_the_file_is_played_again(tmp_path):
    whole = small(workers=1, out=tmp_path / "whole.csv")
    out = tmp_path / "cut.csv"
    with pytest.raises(Stop):
        small(workers=1, out=out, progress=stop_after(4))
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:-1]) + lines[-1][:7])  # the last game's last row half written
    assert ResultsFile(out).done.keys() == set(list(games_in(out))[:3])
    assert small(workers=1, out=out).equals(whole)
    assert len(games_in(out)) == 16 and set(games_in(out).values()) == {3}


def test_resumed_on_dask_after_an_interruption_at_home(tmp_path, client):
    whole = small(workers=1, out=tmp_path / "whole.csv")
    out = tmp_path / "cut.csv"
    with pytest.raises(Stop):
        small(workers=2, out=out, progress=stop_after(6))
    assert small(client=client, out=out).equals(whole)
    assert len(games_in(out)) == 16


def test_a_worker_killed_mid_study_and_every_game_still_counted_once(tmp_path):
    distributed = pytest.importorskip("distributed")
    jobs = [Job(i, "xats", {}, "search", (SEARCH, SEARCH), 100 + i) for i in range(14)]
    local = run(jobs, workers=1)
    killed = {}
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0",
                                  silence_logs=50) as cl, distributed.Client(cl, set_as_default=False) as c:
        pids = c.run(os.getpid)

        def kill_a_busy_worker(done, total):
            if done == 2 and not killed:
                busy = [w for w, keys in c.processing().items() if keys]
                killed.update(worker=busy[0], pid=pids[busy[0]], done=done)
                os.kill(pids[busy[0]], signal.SIGKILL)

        out = tmp_path / "killed.csv"
        df = run(jobs, client=c, out=out, progress=kill_a_busy_worker)
        assert killed and killed["done"] < len(jobs)
        assert killed["pid"] not in c.run(os.getpid).values()  # that process is gone (its nanny started another)
    counts = games_in(out)
    assert len(counts) == 14 and set(counts.values()) == {2}
    assert df[local.columns].astype(str).equals(local.astype(str))


def test_bad_input_is_a_clear_error_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(xlib.experiments.runner, "CONNECT_TIMEOUT", "1s")
    out = tmp_path / "never.csv"
    with pytest.raises(OptionError, match="no game named 'chess'"):
        xlib.tournament("chess", [["random"] * 2], games=2, out=out)
    with pytest.raises(ValueError, match="no computer player 'wizard'"):
        xlib.tournament("x", [["wizard"] * 3], games=2, out=out)
    with pytest.raises(ValueError, match="games must be a whole number of at least 1, not 0"):
        xlib.tournament("x", LINEUPS, games=0, out=out)
    with pytest.raises(ExperimentError, match="could not reach a Dask scheduler at 'tcp://127.0.0.1:9'"):
        xlib.tournament("x", LINEUPS, games=2, size=6, client="tcp://127.0.0.1:9", out=out)
    with pytest.raises(ExperimentError, match="client must be a dask.distributed Client or a scheduler address"):
        xlib.tournament("x", LINEUPS, games=2, size=6, client=42, out=out)
    with pytest.raises(ExperimentError, match="workers must be a whole number of at least 1, not 0"):
        xlib.tournament("x", LINEUPS, games=2, size=6, workers=0, out=out)
    with pytest.raises(ExperimentError, match="progress must be True, False or a function"):
        xlib.tournament("x", LINEUPS, games=2, size=6, progress="yes", out=out)
    assert not out.exists()
    assert issubclass(ExperimentError, xlib.XlibError) and issubclass(ExperimentError, ValueError)


def test_a_results_file_of_another_experiment_is_refused_untouched(tmp_path):
    out = tmp_path / "other.csv"
    out.write_text("name,score\nada,3\n")
    with pytest.raises(ExperimentError, match="is not an xlib results file"):
        small(workers=1, out=out)
    assert out.read_text() == "name,score\nada,3\n"
    mine = tmp_path / "mine.csv"
    small(workers=1, out=mine, games=2)
    before = mine.read_text()
    with pytest.raises(ExperimentError, match="holds the columns"):
        run([Job(0, "x", {"size": 6}, "r", ("random",) * 3, 0)], out=mine, columns=["game", "seat"])
    assert mine.read_text() == before


def test_two_identical_games_in_one_run_are_refused():
    job = Job(0, "x", {"size": 6}, "r", ("random",) * 3, 0)
    with pytest.raises(ExperimentError, match="same game"):
        run([job, Job(1, "x", {"size": 6}, "r", ("random",) * 3, 0)])


def test_job_ids_depend_on_the_game_not_on_its_place_in_the_run():
    a = Job(0, "x", {"size": 6}, "r", ("random",) * 3, 7, fields={"level": "random"})
    assert a.id == Job(5, "x", {"size": 6}, "r", ("random",) * 3, 7, fields={"level": "random"}).id
    assert a.id != Job(0, "x", {"size": 6}, "r", ("random",) * 3, 8, fields={"level": "random"}).id
    assert a.id != Job(0, "x", {"size": 9}, "r", ("random",) * 3, 7, fields={"level": "random"}).id
    assert a.id != Job(0, "x", {"size": 6}, "r", ("greedy",) * 3, 7, fields={"level": "random"}).id


def test_job_ids_are_the_same_when_the_study_module_is_run_as_a_script(monkeypatch):
    """`python -m xlib.experiments.balance` runs its module as '__main__': its games must keep the ids an imported study
    gives them, or a study started one way would replay every game when resumed the other way."""
    import importlib.util
    import sys

    from xlib.experiments import balance

    def as_script(state):
        return balance.stone_margin(state)

    as_script.__module__, as_script.__qualname__ = "__main__", "stone_margin"
    monkeypatch.setattr(sys.modules["__main__"], "__spec__", importlib.util.find_spec("xlib.experiments.balance"), raising=False)
    imported = Job(0, "alea", {"size": 8}, "s", ("easy", "easy"), 3, balance.stone_margin)
    assert Job(0, "alea", {"size": 8}, "s", ("easy", "easy"), 3, as_script).id == imported.id
