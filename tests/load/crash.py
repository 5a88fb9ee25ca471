"""``python -m tests.load.crash``: SIGKILL the bot under load, restart it, check nothing is lost.

Starts the fake Discord and ``parlour run`` (own process, own database), opens
N tables (Coins, 1 simulated human + 2 easy AI), drives moves at a fixed rate,
SIGKILLs the bot in the middle, restarts it on the same database and keeps
playing until every table has finished (bounded by ``--time-limit``).  Then it
checks, from the database the bot wrote:

* every acknowledged move (the bot answered "✅ Your move") is in the action
  log, in order, for its table;
* every table that was playing when the bot died was resumed (the bot's log)
  and every table finished (status ``finished`` and a games row).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import db
from .botproc import BotProcess
from .cluster import BotGroup, open_run
from .driver import LoadConfig, LoadRun
from .users import Seat

RESUMED = re.compile(r"resumed (\d+) table")


@dataclass
class CrashResult:
    tables: int
    acked: int = 0
    acked_before_kill: int = 0
    acked_after_restart: int = 0
    lost: list[tuple[int, int | None, str]] = field(default_factory=list)  # (seat, table, act)
    unanswered: int = 0            # interactions never answered (in flight when it died)
    active_at_kill: int = 0        # tables whose game finished after the kill (DB)
    resumed_logged: int | None = None
    finished_db: int = 0
    finished_seen: int = 0         # tables the users saw end
    restart_seconds: float = 0.0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    processes: int = 1             # bot processes (shards); the last one is killed

    @property
    def ok(self) -> bool:
        return not self.problems


def unmatched(acked: list[tuple[int | None, str, float]], logged: dict[int, list[str]]
              ) -> list[tuple[int | None, str]]:
    """Acknowledged moves missing from the log: each table's acknowledged moves must appear
    in its logged human moves in the same order (a subsequence: a move the bot applied but
    never acknowledged, because it died first, may sit in between)."""
    missing = []
    position: dict[int | None, int] = {}
    for table_id, action, _ in acked:
        log = logged.get(table_id, []) if table_id is not None else []
        i = position.get(table_id, 0)
        while i < len(log) and log[i] != action:
            i += 1
        if i >= len(log):
            missing.append((table_id, action))
        else:
            position[table_id] = i + 1
    return missing


async def run_crash(tables: int = 50, rate: float = 100.0, kill_after: float = 8.0,
                    time_limit: float = 240.0, *, ui: str = "mixed", pin: bool = True,
                    workdir: Path | None = None, db: str | None = None,
                    processes: int = 1) -> CrashResult:
    """``db``: the bot's database (None: a SQLite file in the work directory);
    ``processes`` > 1: that many sharded bots on ``db`` (PostgreSQL), the last killed."""
    with tempfile.TemporaryDirectory(prefix="parlour-crash-") as tmp:
        return await _run(tables, rate, kill_after, time_limit, ui, pin, workdir or Path(tmp),
                          db, processes)


async def _run(tables: int, rate: float, kill_after: float, time_limit: float, ui: str,
               pin: bool, workdir: Path, db: str | None, processes: int) -> CrashResult:
    config = LoadConfig(tables=tables, rate=rate, seconds=time_limit, ui=ui, reopen=False,
                        pin=pin, log_level="INFO", response_timeout=3.0, db=db,
                        processes=processes)
    result = CrashResult(tables, processes=processes)
    started = time.monotonic()
    async with open_run(config, workdir) as run:
        victim = _victim(run)
        await run.setup()
        load = asyncio.ensure_future(run.drive(time_limit, rate, until_done=True))
        await asyncio.sleep(kill_after)
        kill_wall, kill_at = time.time(), time.monotonic()
        await asyncio.to_thread(victim.kill)        # SIGKILL: no shutdown code runs
        result.restart_seconds = await (
            run.start_bot(sync=False) if processes == 1 else
            run.start_bot(sync=False, shard=processes - 1))  # type: ignore[call-arg]
        restart_at = time.monotonic()
        await load
        await run.quiesce()
        await run.stop_bot()
        result.seconds = time.monotonic() - started
        _check(result, run, run.seats, kill_at, restart_at, kill_wall)
    return result


def _victim(run: LoadRun) -> BotProcess:
    """The process the test kills: the bot, or with several the last shard's."""
    assert run.bot is not None
    return run.bot.processes[-1] if isinstance(run.bot, BotGroup) else run.bot


def _check(result: CrashResult, run: LoadRun, seats: list[Seat], kill_at: float,
           restart_at: float, kill_wall: float) -> None:
    assert run.bot is not None
    path, victim, n = run.bot.db_path, _victim(run), result.processes
    logged = db.human_actions(path)
    statuses = db.table_status(path)
    for seat in seats:
        result.acked += len(seat.acked)
        result.acked_before_kill += sum(1 for _, _, t in seat.acked if t < kill_at)
        result.acked_after_restart += sum(1 for _, _, t in seat.acked if t >= restart_at)
        result.lost += [(seat.index, t, a) for t, a in unmatched(seat.acked, logged)]
        result.finished_seen += seat.done
        if seat.table_id is not None and statuses.get(seat.table_id) == "finished":
            result.finished_db += 1
    result.unanswered = sum(run.latencies.unanswered.values())
    # The killed process's tables: those of its shard's guilds (all, with one process).
    result.active_at_kill = sum(
        1 for (guild_id,) in db.query(path, "SELECT guild_id FROM games WHERE finished >= ?",
                                      (kill_wall,))
        if n == 1 or (guild_id >> 22) % n == n - 1)
    games = db.query(path, "SELECT COUNT(*) FROM games")[0][0]
    counts = [int(m[1]) for m in RESUMED.finditer(victim.log_path.read_text(errors="replace"))]
    result.resumed_logged = counts[-1] if counts else 0
    if result.lost:
        result.problems.append(f"{len(result.lost)} acknowledged move(s) missing from the log, "
                               f"e.g. {result.lost[:3]}")
    if result.finished_db != result.tables or games != result.tables:
        result.problems.append(f"{result.finished_db} of {result.tables} tables finished "
                               f"({games} games rows)")
    if result.finished_seen != result.tables:
        result.problems.append(f"the users saw {result.finished_seen} of {result.tables} "
                               "games end (time limit?)")
    if result.resumed_logged != result.active_at_kill:
        result.problems.append(f"the restarted bot resumed {result.resumed_logged} table(s); "
                               f"{result.active_at_kill} were active when it was killed")
    result.problems += [f"fake Discord: {p}" for p in run.problems()]
    if result.acked_before_kill == 0 or result.acked_after_restart == 0:
        result.problems.append("no load before the kill or after the restart")


def report(r: CrashResult) -> str:
    who = "the bot" if r.processes == 1 else (
        f"shard {r.processes - 1}'s process (one of {r.processes})")
    lines = [
        f"tables: {r.tables}; {r.active_at_kill} of them were playing on {who} when it was "
        f"SIGKILLed; restarted, it resumed {r.resumed_logged} (connected {r.restart_seconds:.1f}"
        " s after the kill)",
        f"acknowledged moves: {r.acked} ({r.acked_before_kill} before the kill, "
        f"{r.acked_after_restart} after the restart); in the action log: "
        f"{r.acked - len(r.lost)}; lost: {len(r.lost)}",
        f"interactions left unanswered by the killed bot: {r.unanswered} (never acknowledged, "
        "so nothing was promised)",
        f"tables finished: {r.finished_db}/{r.tables} in the database, {r.finished_seen}/"
        f"{r.tables} seen ending by their players; total {r.seconds:.1f} s",
    ]
    lines += [f"problem: {p}" for p in r.problems]
    lines.append(("PASS" if r.ok else "FAIL") + f": {len(r.lost)} acknowledged moves lost, "
                 f"{r.finished_db}/{r.tables} tables finished after a SIGKILL under load")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.load.crash", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--rate", type=float, default=100.0, help="move attempts per second")
    p.add_argument("--kill-after", type=float, default=8.0, help="seconds of load before "
                   "the SIGKILL")
    p.add_argument("--time-limit", type=float, default=240.0, help="seconds for the whole "
                   "load (the run fails if the tables have not finished by then)")
    p.add_argument("--ui", default="mixed", choices=("mixed", "play", "panel"))
    p.add_argument("--no-pin", action="store_true")
    p.add_argument("--postgres", action="store_true", help="the bot on a throw-away "
                   "PostgreSQL server (tests/pgserver.py, fsync on) instead of SQLite")
    p.add_argument("--processes", type=int, default=1, help="sharded bot processes on the "
                   "PostgreSQL database (needs --postgres); the last one is killed")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not 0 < args.time_limit <= 900:
        p.error("--tables 1..2000, --time-limit (0, 900]")
    if not 1 <= args.processes <= 4 or (args.processes > 1 and not args.postgres):
        p.error("--processes 1..4; more than one needs --postgres")
    server = None
    if args.postgres:
        from tests import pgserver
        server = pgserver.start(durable=True)
    try:
        db = server.create_database("crash") if server else None
        result = asyncio.run(asyncio.wait_for(
            run_crash(args.tables, args.rate, args.kill_after, args.time_limit, ui=args.ui,
                      pin=not args.no_pin, db=db, processes=args.processes),
            args.time_limit + 120))
    finally:
        if server:
            server.stop()
    print(report(result))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
