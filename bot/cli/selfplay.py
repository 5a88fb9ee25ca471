"""``parlour selfplay GAME``: AI tournaments on duplicate deals, with CIs and move times.

Every deal (a game seed) is replayed once per rotation of the seat types, so
each seat type plays each position on each deal and the luck of the cards
cancels out.  The deal is the independent unit: confidence intervals come
from the spread of per-deal averages.  Move times are measured inside the
worker process around ``choose``, so with ``--jobs`` no larger than the
number of cores they are per-move, single-core figures.

``parlour selfplay --report`` plays the fixed suite behind the table in
docs/AI.md and prints it as Markdown.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from multiprocessing import Pool

import rules
from rules.ai.players import LEVELS, make_player

from .play import parse_options

Z95 = 1.96


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("selfplay", help="AI tournaments on duplicate deals (strength, speed)")
    p.add_argument("game", nargs="?", help=f"one of: {', '.join(sorted(rules.GAMES))}")
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
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--report", action="store_true",
                   help="play the docs/AI.md suite and print its Markdown table")
    p.add_argument("--scale", type=float, default=1.0,
                   help="with --report: multiply every deal count (default 1)")
    p.set_defaults(func=run)


# --- playing (inside the workers) ------------------------------------------------------------

def play_game(game_name: str, n: int, options: dict, game_seed: int,
              levels: list[str], ai_seed: int) -> dict:
    """One full game; ``levels[i]`` plays seat ``i``.  Times only real choices (2+ moves)."""
    game = rules.get_game(game_name)
    state = game.new_state(n, options, seed=game_seed)
    players = [make_player(lvl, game_name, seed=ai_seed * 7919 + i) for i, lvl in enumerate(levels)]
    times: list[list[float]] = [[] for _ in range(n)]
    capped = [0] * n
    clock = time.perf_counter
    while not state.is_over:
        seat = state.current_seat
        forced = len(state.legal_actions(seat)) == 1
        t0 = clock()
        action = players[seat].choose(state, seat)
        dt = clock() - t0
        if not forced:
            times[seat].append(dt)
            p = players[seat]
            if getattr(p, "last_capped", False):
                capped[seat] += 1
        state.apply(seat, action)
    r = state.result()
    return {"scores": list(r["scores"]), "ranks": list(r["ranks"]), "times": times,
            "capped": capped}


def _task(args: tuple) -> tuple:
    key, game_name, n, options, game_seed, levels, ai_seed = args
    return key, play_game(game_name, n, options, game_seed, levels, ai_seed)


def run_tasks(tasks: list[tuple], jobs: int) -> list[tuple]:
    """Run ``_task`` over ``tasks`` (in a pool when jobs > 1); results in task order."""
    if jobs <= 1 or len(tasks) <= 1:
        return [_task(t) for t in tasks]
    with Pool(min(jobs, len(tasks))) as pool:
        out = list(pool.imap_unordered(_task, tasks, chunksize=1))
    order = {t[0]: i for i, t in enumerate(tasks)}
    return sorted(out, key=lambda kr: order[kr[0]])


# --- one match -------------------------------------------------------------------------------

def match_tasks(game_name: str, n: int, options: dict, seats: list[str], deals: int,
                seed: int, tag: object = None) -> list[tuple]:
    """Every deal under every rotation of the seat types: ``deals * n`` games."""
    tasks = []
    for d in range(deals):
        game_seed = seed + d
        for rot in range(n):
            levels = [seats[(i + rot) % n] for i in range(n)]
            tasks.append(((tag, d, rot), game_name, n, options, game_seed, levels, game_seed))
    return tasks


def summarise(seats: list[str], n: int, results: list[tuple]) -> dict:
    """Per seat type: win rates, score, rank (CIs over deals), move times, capped moves."""
    per_deal: dict[str, dict[int, dict[str, list[float]]]] = {}
    times: dict[str, list[float]] = {}
    capped: dict[str, int] = {}
    games = 0
    for (_, d, rot), r in results:
        games += 1
        best = min(r["ranks"])
        sole = r["ranks"].count(best) == 1
        for i in range(n):
            lvl = seats[(i + rot) % n]
            rows = per_deal.setdefault(lvl, {}).setdefault(
                d, {"win": [], "sole": [], "score": [], "rank": []})
            won = r["ranks"][i] == best
            rows["win"].append(float(won))
            rows["sole"].append(float(won and sole))
            rows["score"].append(float(r["scores"][i]))
            rows["rank"].append(float(r["ranks"][i]))
            times.setdefault(lvl, []).extend(r["times"][i])
            capped[lvl] = capped.get(lvl, 0) + r["capped"][i]
    out = {}
    for lvl in dict.fromkeys(seats):
        deals = per_deal.get(lvl, {})
        stats = {}
        for metric in ("win", "sole", "score", "rank"):
            means = [statistics.fmean(v[metric]) for v in deals.values()]
            stats[metric] = mean_ci(means)
        t = sorted(times.get(lvl, []))
        stats["moves"] = len(t)
        stats["p50_ms"] = 1000 * percentile(t, 50) if t else None
        stats["p95_ms"] = 1000 * percentile(t, 95) if t else None
        stats["capped"] = capped.get(lvl, 0)
        stats["seats"] = seats.count(lvl)
        out[lvl] = stats
    return {"games": games, "deals": len({k[1] for k, _ in results}), "by_level": out}


def mean_ci(values: list[float]) -> list[float]:
    """Mean and the half-width of its normal-approximation 95% interval."""
    if not values:
        return [float("nan"), float("nan")]
    m = statistics.fmean(values)
    if len(values) < 2:
        return [m, float("nan")]
    return [m, Z95 * statistics.stdev(values) / math.sqrt(len(values))]


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    k = max(0, min(len(sorted_values) - 1, math.ceil(q / 100 * len(sorted_values)) - 1))
    return sorted_values[k]


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
    return "\n".join(lines)


def _pm(mci: list[float], scale: float, digits: int) -> str:
    m, h = mci
    if math.isnan(h):
        return f"{m * scale:.{digits}f}"
    return f"{m * scale:.{digits}f}+-{h * scale:.{digits}f}"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}" if x < 100 else f"{x:.0f}"


def run(args: argparse.Namespace) -> int:
    if args.report:
        from .selfplay_report import run_report

        return run_report(args.jobs, args.scale, args.seed)
    if not args.game:
        print("selfplay: name a game (or use --report)", file=sys.stderr)
        return 2
    try:
        game = rules.get_game(args.game)
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
    except (ValueError, KeyError) as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = run_tasks(match_tasks(args.game, n, options, seats, args.games, args.seed),
                        args.jobs)
    summary = summarise(seats, n, results)
    summary.update(game=args.game, players=n, options=options, seats=seats, seed=args.seed,
                   jobs=args.jobs, seconds=round(time.perf_counter() - start, 1),
                   machine=machine())
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_table(args.game, n, options, seats, summary))
        print(f"({summary['seconds']} s wall, {args.jobs} jobs; {summary['machine']})")
    return 0


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"
