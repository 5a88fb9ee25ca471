"""``parlour selfplay GAME``: AI tournaments on duplicate deals, with CIs and move times.

Every deal (a game seed) is replayed once per rotation of the seat types, so
each seat type plays each position on each deal and the luck of the cards
cancels out.  The deal is the independent unit: confidence intervals come
from the spread of per-deal averages.  Move times are measured inside the
worker process around ``choose``, so with ``--jobs`` no larger than the
number of cores they are per-move, single-core figures.

``parlour selfplay --report`` plays the fixed suite behind the table in
docs/AI.md and prints it as Markdown; ``--endgame`` times the endgame solver
against rollouts (selfplay_endgame.py); ``--save`` and ``--paired`` compare one build
with another on the same games (selfplay_paired.py).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

from rules.ai.players import LEVELS

from .. import plugins
from . import selfplay_paired
from .play import parse_options
from .selfplay_match import machine, match_tasks, run_tasks, summarise
from .subcommands import Subcommands


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("selfplay", help="AI tournaments on duplicate deals (strength, speed)")
    p.add_argument("game", nargs="?", help=f"one of: {', '.join(plugins.names())}")
    p.add_argument("--seats", default="hard,random,random",
                   help=f"seat types in order, comma-separated ({', '.join(LEVELS)})")
    p.add_argument("--games", type=int, default=10,
                   help="distinct deals; each is replayed once per seat rotation (default 10)")
    p.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, e.g. --option variant=normand (repeatable)")
    p.add_argument("--players", type=int, help="players (default: the number of seats)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="worker processes (default: 2 or the core count if fewer)")
    p.add_argument("--cap", type=float, metavar="SECONDS",
                   help="the search's wall-clock safety cap a move (default: the bot's "
                        "0.25 s; --report uses 2 s, so a loaded machine does not cut moves "
                        "short)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--save", metavar="FILE",
                   help="write every game's result to FILE (JSON lines), for --paired")
    p.add_argument("--paired", metavar="FILE",
                   help="compare the first seat type with the games FILE holds (saved by "
                        "another build with the same game, seats and seeds), paired by deal")
    p.add_argument("--report", action="store_true",
                   help="play the docs/AI.md suite and print its Markdown table")
    p.add_argument("--scale", type=float, default=1.0,
                   help="with --report: multiply every deal count (default 1)")
    p.add_argument("--younger-check", action="store_true",
                   help="piquet: younger's points a deal played by hard, then by easy, on "
                        "the same deals against the same elder (--opponent)")
    p.add_argument("--opponent", default="hard", choices=LEVELS,
                   help="with --younger-check: elder's level (default hard)")
    p.add_argument("--endgame", action="store_true",
                   help="time the endgame solver against rollouts by tricks left "
                        "(where it pays)")
    p.set_defaults(func=run)


def format_table(game_name: str, n: int, options: dict, seats: list[str], summary: dict) -> str:
    opts = " ".join(f"{k}={v}" for k, v in options.items())
    lines = [f"{game_name} {opts}".rstrip() + f", {n} players, seats {','.join(seats)}: "
             f"{summary['deals']} deals x {n} rotations = {summary['games']} games",
             "win = first place, sole or shared; sole = first place alone; "
             "+- = 95% CI over deals; times over moves with 2+ choices",
             f"{'seat type':<10}{'seats':>6}{'win %':>14}{'sole %':>14}{'avg score':>18}"
             f"{'avg rank':>14}{'moves':>8}{'p50 ms':>9}{'p95 ms':>9}{'capped':>8}"]
    for lvl, s in summary["by_level"].items():
        lines.append(
            f"{lvl:<10}{s['seats']:>6}{_pm(s['win'], 100, 1):>14}{_pm(s['sole'], 100, 1):>14}"
            f"{_pm(s['score'], 1, 1):>18}{_pm(s['rank'], 1, 2):>14}{s['moves']:>8}"
            f"{_ms(s['p50_ms']):>9}{_ms(s['p95_ms']):>9}{s['capped']:>8}")
    shares = [f"{lvl} {100 * s['ess']:.0f}%" for lvl, s in summary["by_level"].items()
              if s.get("ess") is not None]
    if shares:
        lines.append("inference, mean effective sample share of the uniform worlds under the "
                     "weights a move: " + ", ".join(shares))
    return "\n".join(lines)


def _pm(mci: list[float], scale: float, digits: int) -> str:
    m, h = mci
    if math.isnan(h):
        return f"{m * scale:.{digits}f}"
    return f"{m * scale:.{digits}f}+-{h * scale:.{digits}f}"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}" if x < 100 else f"{x:.0f}"


def _younger_check(args: argparse.Namespace) -> int:
    from .selfplay_younger import format_younger, run_younger_check

    if args.game != "piquet":
        print("selfplay: --younger-check is for piquet", file=sys.stderr)
        return 2
    try:
        options = plugins.find("piquet").game.validate_options(parse_options(args.option))
    except (ValueError, KeyError) as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    if options.get("variant", "rubicon") not in ("rubicon", "au_cent"):
        print("selfplay: --younger-check plays two-handed rubicon or au cent", file=sys.stderr)
        return 2
    start = time.perf_counter()
    r = run_younger_check(args.games, args.seed, options, args.opponent, args.jobs, args.cap)
    r.update(seconds=round(time.perf_counter() - start, 1), machine=machine())
    if args.json:
        print(json.dumps(r, indent=2))
    else:
        print(format_younger(r))
        print(f"({r['seconds']} s wall, {args.jobs} jobs; {r['machine']})")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.endgame:
        from .selfplay_endgame import run_endgame

        return run_endgame()
    if args.report:
        from .selfplay_report import run_report

        return run_report(args.jobs, args.scale, args.seed)
    if not args.game:
        print("selfplay: name a game (or use --report)", file=sys.stderr)
        return 2
    if args.younger_check:
        return _younger_check(args)
    try:
        game = plugins.find(args.game).game
        options = game.validate_options(parse_options(args.option))
        seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        for s in seats:
            if s not in LEVELS:
                raise ValueError(f"Unknown seat type '{s}'. Levels: {', '.join(LEVELS)}.")
        n = args.players or len(seats)
        if n not in game.player_counts(options):
            raise ValueError(f"{args.game} takes {game.player_counts(options)} players, not {n}.")
        if len(seats) != n:
            raise ValueError(f"--seats names {len(seats)} seat types for {n} players.")
        if args.games < 1:
            raise ValueError("--games must be at least 1.")
        if args.cap is not None and args.cap <= 0:
            raise ValueError("--cap must be a positive number of seconds.")
        before = selfplay_paired.load(args.paired) if args.paired else None
        if before is not None and not selfplay_paired.overlap(before, args.game, options, seats,
                                                              args.seed, args.games):
            raise ValueError(f"--paired {args.paired}: {selfplay_paired.NONE_SAVED}")
    except (ValueError, KeyError) as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = run_tasks(match_tasks(args.game, n, options, seats, args.games, args.seed,
                                    time_cap=args.cap), args.jobs)
    summary = summarise(seats, n, results)
    summary.update(game=args.game, players=n, options=options, seats=seats, seed=args.seed,
                   jobs=args.jobs, seconds=round(time.perf_counter() - start, 1),
                   machine=machine())
    games = selfplay_paired.records(args.game, options, seats, args.seed, results)
    if args.save:
        selfplay_paired.save(args.save, games)
    paired = None
    if before is not None:
        paired = selfplay_paired.compare(seats[0], before, games)
        summary["paired"] = paired
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_table(args.game, n, options, seats, summary))
        print(f"({summary['seconds']} s wall, {args.jobs} jobs; {summary['machine']})")
        if paired is not None:
            print(selfplay_paired.format_paired(paired, args.paired))
    return 0
