"""One experiment runner for tournaments and studies: games played here, in local worker processes, or on
a Dask cluster, with the same results whichever does the work.

Every game is a `Job` with its own seed, so a game's result does not depend on where or when it is
played; results are put back in job order at the end. Given a results file (CSV), each game's rows are
appended as soon as it finishes, keyed by the job's id: a study that was interrupted resumes where it
stopped, skipping the games the file already holds, so nothing is lost and nothing counted twice.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..errors import ExperimentError
from .matches import AgentSpec, Measure, agent_label, game_rows, play_match

Progress = bool | Callable[[int, int], None]
#: the results file's own columns, before the rows' fields: the job's id and how many rows its game has
KEY_COLUMNS = ("job", "job_rows")
#: how long to wait for a Dask scheduler given by its address
CONNECT_TIMEOUT = "10s"


def _plain(value: Any) -> Any:
    """A JSON-ready stand-in for an agent spec or option (agent objects by their label)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return agent_label(value)


def _qualified_name(fn: Any) -> str:
    """'module.name' of a function, the same however its module was started: a module run as a script
    (`python -m xlib.experiments.balance`) is '__main__' there but 'xlib.experiments.balance' when imported."""
    module = getattr(fn, "__module__", "") or ""
    if module == "__main__":
        spec = getattr(sys.modules.get("__main__"), "__spec__", None)
        module = getattr(spec, "name", None) or module
    return f"{module}.{getattr(fn, '__qualname__', '')}"


@dataclass(frozen=True)
class Job:
    """One game to play: the game and its options, one agent per seat, the seed, and how to label its rows.

    `index` is the game's number in its run (the rows' `game` column, and their order); `fields` are
    added to every row (a study's configuration, say); `measure` adds fields read from the final state."""

    index: int
    game: str
    options: Mapping[str, Any]
    lineup: str
    agents: tuple[AgentSpec, ...]
    seed: int
    measure: Measure | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """A key that depends only on what decides the game's rows, never on the run it is part of (not
        even its number in the run: a study resized later still finds the games it played)."""
        measure = None if self.measure is None else _qualified_name(self.measure)
        text = json.dumps(_plain([self.game, self.options, self.lineup, list(self.agents), self.seed, measure,
                                  self.fields]), separators=(",", ":"), sort_keys=True)
        return "g" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def play(job: Job) -> list[dict[str, Any]]:
    """Play one job's game; one row per player (what `tournament` tables hold, plus the job's fields)."""
    final = play_match(job.game, list(job.agents), seed=job.seed, **job.options)
    rows = game_rows(final, job.lineup, job.index, [agent_label(a) for a in job.agents])
    extra = dict(job.fields)
    if job.measure is not None:
        extra.update(job.measure(final))
    for row in rows:
        row.update(extra)
    return rows


# ---- the results file ---------------------------------------------------------------------

class ResultsFile:
    """A CSV file of rows, one game's rows appended at a time, each line led by its job's id.

    Opening it reads the games already there; a game cut short by an interruption (a last line without
    its end, or fewer lines than its game has rows) is dropped from the file, to be played again."""

    def __init__(self, path: str | os.PathLike[str], columns: Sequence[str] | None = None) -> None:
        self.path = Path(path)
        self.columns: list[str] | None = list(columns) if columns is not None else None
        self.keep_only = columns is not None  # given columns keep those fields and drop the others
        self.done: dict[str, list[list[str]]] = {}
        self._file: io.TextIOWrapper | None = None
        if self.path.is_dir():
            raise ExperimentError(f"the results file {str(self.path)!r} is a folder")
        if self.path.exists() and self.path.stat().st_size:
            self._read()

    def _read(self) -> None:
        raw = self.path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        cut = not text.endswith("\n")
        if cut:  # the last line was being written when the run stopped
            text = text[: text.rfind("\n") + 1]
        records = list(csv.reader(io.StringIO(text)))
        if not records:
            self._rewrite([], [])
            return
        header, body = records[0], records[1:]
        if tuple(header[:2]) != KEY_COLUMNS:
            raise ExperimentError(f"{str(self.path)!r} is not an xlib results file: its first columns are "
                                  f"{header[:2]}, not {list(KEY_COLUMNS)}")
        if self.columns is not None and header[2:] != self.columns:
            raise ExperimentError(f"{str(self.path)!r} holds the columns {header[2:]}, but this experiment writes "
                                  f"{self.columns}: give another file")
        self.columns = header[2:]
        blocks: dict[str, list[list[str]]] = {}
        order: list[str] = []
        for rec in body:
            if len(rec) != len(header):
                cut = True  # a damaged line: its game is played again
                continue
            if rec[0] not in blocks:
                order.append(rec[0])
            blocks.setdefault(rec[0], []).append(rec)
        for job in order:
            recs = blocks[job]
            if str(len(recs)) == recs[0][1]:
                self.done[job] = recs
            else:
                cut = True
        if cut:
            self._rewrite(header, [r for job in self.done for r in self.done[job]])

    def _rewrite(self, header: list[str], records: list[list[str]]) -> None:
        """Replace the file by its complete games in one step, so a second interruption cannot damage it."""
        tmp = self.path.with_name(self.path.name + ".partial")
        with tmp.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            if header:
                writer.writerow(header)
            writer.writerows(records)
        os.replace(tmp, self.path)

    def add(self, job_id: str, rows: list[dict[str, Any]]) -> None:
        """Append one finished game's rows in a single write, then flush it to the file."""
        if self.columns is None:
            self.columns = list(rows[0]) if rows else []
        unknown = sorted({k for r in rows for k in r} - set(self.columns))
        if unknown and not self.keep_only:
            raise ExperimentError(f"a game's rows have fields {unknown} that {str(self.path)!r} has no column for "
                                  f"(its columns: {self.columns})")
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        if self._file is None:
            new = not self.path.exists() or self.path.stat().st_size == 0
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("a", newline="", encoding="utf-8")
            if new:
                writer.writerow([*KEY_COLUMNS, *self.columns])
        records = [[job_id, str(len(rows)), *("" if r.get(c) is None else r.get(c) for c in self.columns)]
                   for r in rows]
        writer.writerows(records)
        self._file.write(buffer.getvalue())
        self._file.flush()
        self.done[job_id] = [[str(x) for x in rec] for rec in records]

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def table(self, numbers: Mapping[str, int]) -> Any:
        """The rows of these jobs (job id: the game's number in the run), in that order, as a pandas DataFrame
        read back from the file."""
        import pandas as pd

        if not self.path.exists() or self.path.stat().st_size == 0:
            return pd.DataFrame()
        df = pd.read_csv(self.path, dtype={"job": str}, keep_default_na=True)
        rank = dict(numbers)
        df = df[df.job.isin(rank)]
        df = df.assign(_order=df.job.map(rank)).sort_values("_order", kind="stable")
        if "game" in df.columns:  # the game's number in this run, which an earlier run may have numbered otherwise
            df["game"] = df._order
        return df.drop(columns=["_order", *KEY_COLUMNS]).reset_index(drop=True)


# ---- executors: each yields (job, rows) as games finish -----------------------------------------

def _in_process(jobs: Sequence[Job]) -> Iterator[tuple[Job, list[dict[str, Any]]]]:
    for job in jobs:
        yield job, play(job)


def _played(job: Job) -> tuple[int, list[dict[str, Any]]]:
    return job.index, play(job)


#: the most games a worker process takes at a time: its games reach the results file together
MAX_CHUNK = 8


def _chunk(games: int, workers: int) -> int:
    """Games handed to a worker at a time: a few, to save the cost of handing them over one by one in a
    big run of short games, never so many that a long study's file lags far behind the games played."""
    return max(1, min(MAX_CHUNK, games // (workers * 20)))


def _processes(jobs: Sequence[Job], workers: int) -> Iterator[tuple[Job, list[dict[str, Any]]]]:
    import multiprocessing as mp

    by_index = {job.index: job for job in jobs}
    pool = mp.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(workers)
    finished = False
    try:
        for index, rows in pool.imap_unordered(_played, jobs, chunksize=_chunk(len(jobs), workers)):
            yield by_index[index], rows
        finished = True
    finally:
        if finished:
            pool.close()
        else:  # interrupted: games still being played are dropped (a resumed run plays them again)
            pool.terminate()
        pool.join()


def connect(client: Any) -> tuple[Any, bool]:
    """A Dask client from a Client (used as it is) or a scheduler address (connected here, closed after).

    Returns (client, whether this run owns it). An address nobody answers is an ExperimentError."""
    if isinstance(client, str):
        try:
            from distributed import Client
        except ImportError as exc:  # pragma: no cover - dask is in the app extra
            raise ExperimentError("a scheduler address needs dask.distributed: pip install 'dask[distributed]'") \
                from exc
        try:
            return Client(client, timeout=CONNECT_TIMEOUT, set_as_default=False), True
        except Exception as exc:  # noqa: BLE001 - distributed raises OSError, TimeoutError or ValueError
            raise ExperimentError(f"could not reach a Dask scheduler at {client!r}: {exc}") from None
    if not (hasattr(client, "submit") and hasattr(client, "map")):
        raise ExperimentError(f"client must be a dask.distributed Client or a scheduler address, not {client!r}")
    if getattr(client, "status", "running") not in ("running", "connecting", "newly-created"):
        raise ExperimentError(f"the Dask client is {client.status}: connect it again before running games")
    return client, False


def _dask(jobs: Sequence[Job], client: Any) -> Iterator[tuple[Job, list[dict[str, Any]]]]:
    from distributed import as_completed

    by_index = {job.index: job for job in jobs}
    futures = client.map(_played, list(jobs), pure=False)
    try:
        for future in as_completed(futures, loop=client.loop):
            index, rows = future.result()
            yield by_index[index], rows
    finally:
        client.cancel(futures)


# ---- one run ------------------------------------------------------------------------------------

def check_workers(workers: Any) -> int:
    """The number of local processes: given, or up to 2 cores."""
    if workers is None:
        return min(2, os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ExperimentError(f"workers must be a whole number of at least 1, not {workers!r}")
    return workers


def check_progress(progress: Any) -> None:
    if not (isinstance(progress, bool) or callable(progress)):
        raise ExperimentError(f"progress must be True, False or a function told (done, total), not {progress!r}")


def run(jobs: Sequence[Job], workers: int | None = None, client: Any = None, out: str | os.PathLike[str] | None = None,
        progress: Progress = False, desc: str = "games", columns: Sequence[str] | None = None) -> Any:
    """Play every job; a pandas DataFrame of their rows in job order.

    Played here or by `workers` local processes (default: up to 2 cores), or on Dask when `client` is a
    dask.distributed Client or a scheduler address. With `out`, a CSV results file, each game's rows
    are written as it finishes and games already in the file are not played again; the table is then
    read back from the file. `columns` names the fields kept (in the file and the table); by default
    every field of the first game's rows. `progress` is True for a progress bar, or a function told
    (games done, games in all) after every game."""
    import pandas as pd

    jobs = list(jobs)
    ids = [job.id for job in jobs]
    if len(set(ids)) != len(ids):
        raise ExperimentError("two jobs of this run are the same game (same game, options, agents, seed and "
                              "fields): each game of a run must differ")
    if len({job.index for job in jobs}) != len(jobs):
        raise ExperimentError("two jobs of this run have the same number: number the games of a run 0, 1, 2, …")
    n_workers = check_workers(workers)
    check_progress(progress)
    owned = False
    if client is not None:
        client, owned = connect(client)
    try:
        results = ResultsFile(out, columns) if out is not None else None
        pending = [job for job in jobs if results is None or job.id not in results.done]
        done, total = len(jobs) - len(pending), len(jobs)
        rows: dict[int, list[dict[str, Any]]] = {}
        if client is not None and pending:
            stream = _dask(pending, client)
        elif n_workers > 1 and len(pending) > 1:
            stream = _processes(pending, n_workers)
        else:
            stream = _in_process(pending)
        bar = None
        if progress is True and pending:
            from tqdm.auto import tqdm

            bar = tqdm(total=total, initial=done, desc=desc)
        try:
            for job, game in stream:
                if results is not None:
                    results.add(job.id, game)
                else:
                    rows[job.index] = game
                done += 1
                if bar is not None:
                    bar.update(1)
                if callable(progress):
                    progress(done, total)
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
            if bar is not None:
                bar.close()
            if results is not None:
                results.close()
    finally:
        if owned:
            client.close()
    if results is not None:
        return results.table({job.id: job.index for job in jobs})
    table = pd.DataFrame([r for job in jobs for r in rows[job.index]])
    if columns is not None and len(table):
        table = table[[c for c in columns if c in table.columns]]
    return table
