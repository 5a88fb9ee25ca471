"""``python -m tests.load.bench``: the bot under load, through the fake Discord.

For each table count: a fresh fake Discord (this process) and ``parlour run``
(its own process, own database in a temp dir, pinned to one core when there
are two), N Coins tables with 1 simulated human and 2 easy AI seats, then
move attempts at a fixed aggregate rate for the measured window.  Every loop
is bounded; the bot is stopped at the end of each run.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from .cluster import database
from .driver import LoadConfig
from .measure import machine, measure, report, summary


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m tests.load.bench", description=__doc__)
    p.add_argument("--tables", default="100,500,2000",
                   help="comma-separated table counts (default 100,500,2000)")
    p.add_argument("--rate", type=float, default=100.0, help="move attempts per second")
    p.add_argument("--seconds", type=float, default=30.0, help="measured window per run")
    p.add_argument("--games", default="coins", help="comma-separated: coins, thirteens")
    p.add_argument("--ui", default="mixed", choices=("mixed", "play", "panel"))
    p.add_argument("--ai-executor", default="inline", choices=("inline", "thread"))
    p.add_argument("--ai-delay", type=float, default=0.0)
    p.add_argument("--turn-seconds", type=int, default=0)
    p.add_argument("--pictures", default="on", choices=("on", "off"),
                   help="the table picture on each board (default on)")
    p.add_argument("--setup-rate", type=float, default=100.0, help="tables opened per second")
    p.add_argument("--no-pin", action="store_true", help="do not pin bot and driver to cores")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=1, help="bot processes, each a slice "
                   "of the shards (more than 1 needs --db postgresql)")
    p.add_argument("--db", default="sqlite", choices=("sqlite", "postgresql"),
                   help="postgresql: one throw-away server (fsync on, loopback) for all runs")
    p.add_argument("--drain-timeout", type=float, default=60.0,
                   help="seconds to wait after the window for every board to show its "
                        "last move")
    args = p.parse_args(argv)
    if args.seconds <= 0 or args.seconds > 600 or args.rate <= 0 or args.rate > 1000:
        p.error("--seconds must be in (0, 600] and --rate in (0, 1000]")
    if not 1 <= args.processes <= 4 or (args.processes > 1 and args.db != "postgresql"):
        p.error("--processes 1..4; more than one needs --db postgresql")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    counts = [int(x) for x in args.tables.split(",") if x.strip()]
    if not counts or max(counts) > 5000:
        print("--tables: 1..5000 tables per run", file=sys.stderr)
        return 2
    print(f"machine: {machine()}", flush=True)
    fresh_db = database(args.db)  # each run's database (a throw-away server stops at exit)
    results = []
    for n in counts:
        config = LoadConfig(tables=n, rate=args.rate, seconds=args.seconds,
                            games=tuple(args.games.split(",")), ui=args.ui,
                            ai_executor=args.ai_executor, ai_delay=args.ai_delay,
                            turn_seconds=args.turn_seconds, setup_rate=args.setup_rate,
                            pin=not args.no_pin, seed=args.seed, db=fresh_db(),
                            processes=args.processes, pictures=args.pictures == "on",
                            drain_timeout=args.drain_timeout)
        # Bounded: setup + window + stop, whatever the bot does.
        limit = 120 + n / max(1.0, args.setup_rate) * 3 + args.seconds * 2 + \
            args.drain_timeout
        result = asyncio.run(asyncio.wait_for(measure(config), limit))
        print(report(result), "", sep="\n", flush=True)
        results.append(result)
    print(summary(results))
    return 0 if all(ok for r in results for _, ok in r.targets()) else 1


if __name__ == "__main__":
    sys.exit(main())
