"""Class mode under load (printed, never asserted): 30 processes store 20 games each into one class at once.

Prints, for SQLite and (when Debian's PostgreSQL binaries are installed) a throwaway PostgreSQL
server on loopback, the wall time from the first save to the last, the games stored per second,
and how many games were lost, duplicated or damaged when read back.

    python benchmarks/class_load.py [--processes 30] [--games 20] [--runs 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_class_load import LoadResult, game_records, run_load  # noqa: E402
from tests.databases import fresh_database, postgres_bin, postgres_server  # noqa: E402


def report(name: str, results: list[LoadResult]) -> None:
    times = [r.seconds for r in results]
    r = results[-1]
    print(f"{name:<11} {r.expected} games in {statistics.median(times):6.2f} s (median of {len(times)}; "
          f"{min(times):.2f}-{max(times):.2f}), {r.expected / statistics.median(times):6.0f} games/s; "
          f"games lost: {sum(x.lost for x in results)}, duplicated: {sum(x.duplicated for x in results)}, "
          f"damaged: {sum(x.damaged for x in results)}, errors: {sum(len(x.errors) for x in results)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=30)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    records = game_records(args.games)
    print(f"{args.processes} processes × {args.games} games each, stored at once into one class")
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", [run_load(str(Path(folder) / f"run{k}.sqlite3"), records, args.processes)
                          for k in range(args.runs)])
    bindir = postgres_bin()
    if bindir is None:
        print("PostgreSQL  not measured: Debian's postgresql binaries are not installed")
        return
    with postgres_server(bindir) as server:
        report("PostgreSQL", [run_load(fresh_database(server), records, args.processes) for _ in range(args.runs)])


if __name__ == "__main__":
    main()
