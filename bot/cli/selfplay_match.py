"""Playing AI matches on duplicate deals and summarising them (``parlour selfplay`` and its
``--report`` suite both use this; neither imports the other)."""

from __future__ import annotations

import math
import os
import platform
import statistics
import time
from multiprocessing import Pool
from typing import Any

from rules.ai.players import make_player

from .. import plugins

Z95 = 1.96


# --- playing (inside the workers) ------------------------------------------------------------

def play_game(game_name: str, n: int, options: dict, game_seed: int,
              levels: list[str], ai_seed: int, time_cap: float | None = None) -> dict:
    """One full game; ``levels[i]`` plays seat ``i``.  Times only real choices (2+ moves),
    in CPU time of this process: on a shared machine that is what one core of our own
    would take.  ``time_cap`` replaces the search's wall-clock safety cap (the report
    raises it, so other load on the machine does not cut moves short)."""
    game = plugins.engine(game_name)
    state = game.new_state(n, options, seed=game_seed)
    players = [make_player(lvl, game_name, seed=ai_seed * 7919 + i) for i, lvl in enumerate(levels)]
    if time_cap is not None:
        for p in players:
            if hasattr(p, "time_budget"):
                p.time_budget = time_cap
    times: list[list[float]] = [[] for _ in range(n)]
    capped = [0] * n
    clock = time.process_time
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None  # someone is to move in a game not over
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
    # Inference's effective sample share by move (a searching player with a game's
    # world_weight hook; see rules/ai/inference.py), for the summary.
    ess = [list(getattr(p, "ess_log", [])) for p in players]
    return {"scores": list(r["scores"]), "ranks": list(r["ranks"]), "times": times,
            "capped": capped, "ess": ess}


def _task(args: tuple) -> tuple:
    key, game_name, n, options, game_seed, levels, ai_seed, *cap = args
    return key, play_game(game_name, n, options, game_seed, levels, ai_seed, *cap)


def run_tasks(tasks: list[tuple], jobs: int) -> list[tuple]:
    """Run ``_task`` over ``tasks`` (in a pool when jobs > 1); results in task order."""
    if jobs <= 1 or len(tasks) <= 1:
        return [_task(t) for t in tasks]
    with Pool(min(jobs, len(tasks))) as pool:
        out = list(pool.imap_unordered(_task, tasks, chunksize=1))
    order = {t[0]: i for i, t in enumerate(tasks)}
    return sorted(out, key=lambda kr: order[kr[0]])


# --- one match -------------------------------------------------------------------------------

def rotated(seats: list[str], rot: int) -> list[str]:
    """The seat types by seat under rotation ``rot``: seat ``i`` gets ``seats[i + rot]``."""
    n = len(seats)
    return [seats[(i + rot) % n] for i in range(n)]


def match_tasks(game_name: str, n: int, options: dict, seats: list[str], deals: int,
                seed: int, tag: object = None, time_cap: float | None = None) -> list[tuple]:
    """Every deal under every rotation of the seat types: ``deals * n`` games."""
    tasks = []
    for d in range(deals):
        game_seed = seed + d
        for rot in range(n):
            levels = rotated(seats, rot)
            tasks.append(((tag, d, rot), game_name, n, options, game_seed, levels, game_seed,
                          time_cap))
    return tasks


def summarise(seats: list[str], n: int, results: list[tuple]) -> dict:
    """Per seat type: win rates, score, rank (CIs over deals), move times, capped moves."""
    per_deal: dict[str, dict[int, dict[str, list[float]]]] = {}
    times: dict[str, list[float]] = {}
    capped: dict[str, int] = {}
    ess: dict[str, list[float]] = {}
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
            ess.setdefault(lvl, []).extend(r.get("ess", [[]] * n)[i])
    out = {}
    for lvl in dict.fromkeys(seats):
        deals = per_deal.get(lvl, {})
        stats: dict[str, Any] = {}
        for metric in ("win", "sole", "score", "rank"):
            means = [statistics.fmean(v[metric]) for v in deals.values()]
            stats[metric] = mean_ci(means)
        t = sorted(times.get(lvl, []))
        stats["moves"] = len(t)
        stats["p50_ms"] = 1000 * percentile(t, 50) if t else None
        stats["p95_ms"] = 1000 * percentile(t, 95) if t else None
        stats["capped"] = capped.get(lvl, 0)
        stats["seats"] = seats.count(lvl)
        shares = ess.get(lvl, [])
        stats["ess"] = statistics.fmean(shares) if shares else None
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
