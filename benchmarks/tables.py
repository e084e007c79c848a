"""Live tables under a class's load (printed, never asserted): 30 devices at 10 XAllies tables, each device a
process of its own with its own connection to the class database, as 30 students' kernels are.

Each device follows the class as an app page does (xlib.live.watch: the doorbell asked every 0.1 s, the
tables read again on a ring and every 2 s) and plays its seat's decisions after a short think. For every move
stored, every other device at its table notes when it saw it; "seen" is that delay. "Lost" counts moves a
device never saw, "double" devices whose game holds a move more than the table's.

    python benchmarks/tables.py [--devices 30] [--rounds 3] [--think 0.4] [--backend sqlite|postgresql|both]
                                [--no-doorbell]

With --no-doorbell a device reads its table every 0.1 s instead of asking the doorbell: the figures say which
way costs less for the same speed.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xlib.classroom import ClassError, open_store  # noqa: E402
from xlib.live import TableGame  # noqa: E402
from xlib.live.watch import Watch  # noqa: E402


def device(url: str, code: str, name: str, passed: str, think: float, doorbell: bool, limit: float,
           out: "mp.Queue[tuple[str, dict[int, float], list[str], float]]") -> None:
    """One student's kernel: follow the table, play this seat's decisions, note when each move was seen."""
    store = open_store(url)
    found = store.my_seat(code, name, passed)
    assert found is not None
    info, seat, ticket = found
    game = TableGame(store, code, info.key, seat, ticket)
    seen: dict[int, float] = {}
    rng = random.Random(name)
    busy_seconds = time.process_time()

    def heard() -> None:
        game.sync()
        now = time.time()
        for ply in range(1, game.state.ply + 1):
            seen.setdefault(ply, now)

    async def run() -> None:
        watch = Watch(store, code, heard, reread=2.0 if doorbell else 0.1)
        if not doorbell:
            watch.check = lambda: (heard(), True)[1]   # type: ignore[method-assign]
        watch.start()
        deadline = time.monotonic() + limit
        while not game.state.over and game.info.status == "playing" and time.monotonic() < deadline:
            if game.person_to_move():
                await asyncio.sleep(think * (0.5 + rng.random()))
                if game.person_to_move():
                    try:
                        game.play(rng.choice(game.state.moves()))
                        seen.setdefault(game.state.ply, time.time())
                    except Exception:
                        pass
            await asyncio.sleep(0.02)
        await asyncio.sleep(1.0)   # the last moves reach everyone
        heard()
        watch.stop()

    asyncio.run(run())
    out.put((name, seen, [str(m) for m in game.state.moves_played()], time.process_time() - busy_seconds))
    store.close()


def measure(url: str, devices: int, rounds: int, think: float, doorbell: bool) -> str:
    """Play one round of tables; the figures in a line."""
    store = open_store(url)
    code = store.create_class().code
    names = [f"Student {k + 1}" for k in range(devices)]
    passes = {n: store.arrive(code, n, "xallies")[1] for n in names}
    tables = store.seat_round(code, "xallies", 3, order="joined", seed=1, options={"rounds": rounds})
    ctx = mp.get_context("fork")
    out: mp.Queue = ctx.Queue()
    started = time.monotonic()
    procs = [ctx.Process(target=device, args=(url, code, n, passes[n], think, doorbell, 600.0, out)) for n in names]
    for p in procs:
        p.start()
    results = [out.get(timeout=900) for _ in procs]
    for p in procs:
        p.join(30)
    wall = time.monotonic() - started
    views = {t.key: store.table(code, t.key) for t in tables}
    stored: dict[str, list[tuple[int, float, str]]] = {}
    for key in views:
        stored[key] = [(int(ply), float(at), str(who)) for ply, at, who in store._attempt(
            lambda tx, key=key: tx.rows("SELECT s.ply, s.at, g.name FROM table_moves s JOIN table_seats g ON "
                                        "g.class_code = s.class_code AND g.table_key = s.table_key AND g.seat = s.seat "
                                        "WHERE s.class_code = ? AND s.table_key = ? ORDER BY s.ply", (code, key)))]
    where = {}
    for key, view in views.items():
        for name in view.seats:
            where[name] = key
    delays, lost, double = [], 0, 0
    moves = sum(len(v) for v in stored.values())
    cpu = sum(r[3] for r in results)
    for name, seen, played, _ in results:
        key = where[name]
        table_moves = stored[key]
        if len(played) > len(table_moves):
            double += 1
        for ply0, at, who in table_moves:
            if who == name:
                continue
            when = seen.get(ply0 + 1)
            if when is None:
                lost += 1
            else:
                delays.append(max(0.0, when - at) * 1000)
    finished = sum(1 for v in views.values() if v.info.status == "finished")
    store.close()
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))] if delays else float("nan")
    return (f"{moves} moves at {finished} finished tables in {wall:.0f} s; devices' CPU {cpu:.1f} s; "
            f"tables: {devices} devices at {len(tables)} tables, seen median {statistics.median(delays):.0f} ms, "
            f"p95 {p95:.0f} ms, lost {lost}, double {double}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3, help="XAllies rounds per table's game")
    ap.add_argument("--think", type=float, default=0.4, help="seconds a student thinks, on average")
    ap.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    ap.add_argument("--no-doorbell", action="store_true", help="read the table every 0.1 s instead")
    args = ap.parse_args()
    doorbell = not args.no_doorbell
    how = "doorbell" if doorbell else "reading every 0.1 s"
    lines = []
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            line = measure(str(Path(folder) / "classes.sqlite3"), args.devices, args.rounds, args.think, doorbell)
            print(f"SQLite ({how}): {line}", flush=True)
            lines.append(line)
    if args.backend in ("postgresql", "both"):
        from tests.databases import fresh_database, postgres_bin, postgres_server

        bindir = postgres_bin()
        if bindir is None:
            print("PostgreSQL not measured: Debian's postgresql binaries are not installed")
        else:
            with postgres_server(bindir) as server:
                line = measure(fresh_database(server), args.devices, args.rounds, args.think, doorbell)
                print(f"PostgreSQL ({how}): {line}", flush=True)
                lines.append(line)
    if lines:
        print(lines[-1][lines[-1].index("tables:"):])


if __name__ == "__main__":
    try:
        main()
    except ClassError as exc:
        sys.exit(f"tables: {exc}")
