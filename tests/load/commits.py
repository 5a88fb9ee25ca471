"""``python -m tests.load.commits``: how many move commits per second the core's SQLite store
takes on this machine, alone (no engine, no Discord): the single-writer ceiling.

Each commit is what a move writes (``CoreBase._commit``): BEGIN IMMEDIATE, UPDATE the
table row with a ~2 KB state, INSERT the action, COMMIT; WAL, synchronous=NORMAL, through
aiosqlite's one connection, like the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from bot.core.store import Store, insert_action, update_table


async def rate(path: Path, seconds: float, tables: int = 500) -> tuple[int, float]:
    store = Store(str(path))
    await store.open()
    try:
        state = "x" * 2000
        async with store.transaction() as conn:
            for i in range(tables):
                await conn.execute(
                    "INSERT INTO tables (id, channel_id, game, options, settings, host_name, "
                    "status, seed, seats, state, created, updated) VALUES "
                    "(?, ?, 'coins', '{}', '{}', 'h', 'playing', 1, '[]', ?, 0, 0)",
                    (i + 1, i + 1, state))
        moves = [0] * tables
        done, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            table = done % tables
            moves[table] += 1
            async with store.transaction() as conn:
                await update_table(conn, table + 1, {"state": state, "move": moves[table],
                                                     "updated": time.time()})
                await insert_action(conn, table + 1, moves[table], 0, None, "ai", "play QH",
                                    time.time())
            done += 1
        return done, time.perf_counter() - started
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.load.commits", description=__doc__)
    p.add_argument("--seconds", type=float, default=5.0)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        done, took = asyncio.run(rate(Path(tmp) / "commits.db", min(args.seconds, 60.0)))
    print(f"{done} commits in {took:.1f} s = {done / took:.0f} commits/s "
          f"({took / done * 1e3:.2f} ms each, one writer, WAL + synchronous=NORMAL)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
