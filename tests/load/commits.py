"""``python -m tests.load.commits``: how many move commits per second the core's store
takes on this machine, alone (no engine, no Discord): the writer's ceiling.

Each commit is what a move writes, through the same ``Store.write_move`` the core uses:
the table row (~2 KB of state) if it is still at the expected move, the action, and on
PostgreSQL the NOTIFY, in one transaction (on SQLite, writes waiting together share one:
a group commit).  SQLite: WAL, synchronous=NORMAL, aiosqlite's one connection, like the
bot.  ``--postgres``: a throw-away PostgreSQL server
(tests/pgserver.py, fsync on, loopback) with ``--processes`` writers at once, each
its own tables, as several bot processes would.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

from bot.core.registry import CHANNEL
from bot.core.store import Store


async def rate(db: str, seconds: float, tables: int = 500, first: int = 1,
               start_at: float | None = None, writers: int = 1) -> tuple[int, float]:
    store = Store(db)
    await store.open()
    try:
        state = "x" * 2000
        async with store.transaction() as conn:
            for i in range(first, first + tables):
                await conn.execute(
                    "INSERT INTO tables (id, channel_id, game, options, settings, host_name, "
                    "status, seed, seats, state, created, updated) VALUES "
                    "(?, ?, 'coins', '{}', '{}', 'h', 'playing', 1, '[]', ?, 0, 0)",
                    (i, i, state))
        moves = [0] * tables
        if start_at is not None:  # several processes: start together
            await asyncio.sleep(max(0.0, start_at - time.time()))
        started = time.perf_counter()
        counts = await asyncio.gather(*(_write(store, state, moves, first, k, writers, started,
                                               seconds) for k in range(writers)))
        return sum(counts), time.perf_counter() - started
    finally:
        await store.close()


async def _write(store: Store, state: str, moves: list[int], first: int, k: int, writers: int,
                 started: float, seconds: float) -> int:
    """One writer (a table's move at a time): tables k, k + writers, ..."""
    mine = list(range(k, len(moves), writers))
    done = 0
    while time.perf_counter() - started < seconds:
        table = mine[done % len(mine)]
        table_id = first + table
        moves[table] += 1
        move = moves[table]
        assert await store.write_move(
            table_id, move - 1, {"state": state, "move": move, "updated": time.time()},
            action=(move, 0, None, "ai", "play QH", time.time()),
            notify=(CHANNEL, f"{table_id}:{move}") if store.dialect == "postgresql" else None)
        done += 1
    return done


def _worker(db: str, seconds: float, first: int, start_at: float, writers: int, out) -> None:
    out.put(asyncio.run(rate(db, seconds, first=first, start_at=start_at, writers=writers)))


def postgres(seconds: float, processes: int, writers: int) -> list[tuple[int, float]]:
    from tests import pgserver

    server = pgserver.start(durable=True)
    try:
        db = server.create_database("commits")
        asyncio.run(Store(db).open())  # the schema, before the writers race to create it
        queue: multiprocessing.Queue = multiprocessing.Queue()
        start_at = time.time() + 3.0
        procs = [multiprocessing.Process(target=_worker, args=(db, seconds, 1 + k * 10_000,
                                                               start_at, writers, queue))
                 for k in range(processes)]
        for p in procs:
            p.start()
        results = [queue.get(timeout=seconds + 120) for _ in procs]
        for p in procs:
            p.join()
        return results
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.load.commits", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL server")
    p.add_argument("--processes", type=int, default=1, help="processes at once (--postgres)")
    p.add_argument("--writers", type=int, default=1, help="tables committing at once in "
                   "each process (a bot commits many tables' moves concurrently)")
    args = p.parse_args(argv)
    seconds = min(args.seconds, 60.0)
    if args.postgres:
        writers = max(1, min(args.writers, 10))  # the pool has 10 connections
        results = postgres(seconds, max(1, min(args.processes, 8)), writers)
        total = sum(d for d, _ in results)
        took = max(t for _, t in results)
        print(f"{total} commits in {took:.1f} s = {total / took:.0f} commits/s from "
              f"{len(results)} process(es) x {writers} concurrent writer(s) "
              f"({', '.join(f'{d / t:.0f}/s' for d, t in results)}; PostgreSQL, fsync on, "
              "synchronous_commit on, loopback TCP)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        done, took = asyncio.run(rate(str(Path(tmp) / "commits.db"), seconds,
                                      writers=max(1, args.writers)))
    print(f"{done} commits in {took:.1f} s = {done / took:.0f} commits/s "
          f"({took / done * 1e3:.2f} ms each, one writer, WAL + synchronous=NORMAL)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
