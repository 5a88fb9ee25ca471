"""The benchmark suite behind docs/AI.md: ``parlour selfplay --report``.

Plays every match below on duplicate deals in one process pool (so both
cores stay busy to the end) and prints the Markdown tables that docs/AI.md
quotes.  Deal counts are sized so the whole suite takes about 30 minutes on
two cores; ``--scale`` multiplies them.
"""

from __future__ import annotations

import math
import time

from .selfplay_match import machine, match_tasks, percentile, run_tasks, summarise
from .selfplay_rating import markdown as rating_markdown
from .selfplay_rating import rate_level

# The search's wall-clock safety cap in the report: raised from the bot's 0.25 s so that
# other load on a shared machine does not cut moves short (budgets are counts; move times
# are CPU times, see selfplay_match.play_game).
TIME_CAP = 2.0

# (label, game, players, options, seats, deals): the targets of issue 39 - hard and
# normal against easy seats in every game - and a check against random ones.
SUITE: list[tuple[str, str, int, dict, list[str], int]] = [
    ("coins", "coins", 3, {}, ["hard", "easy", "easy"], 6),
    ("coins", "coins", 3, {}, ["normal", "easy", "easy"], 6),
    ("thirteens 3p", "thirteens", 3, {}, ["hard", "easy", "easy"], 6),
    ("thirteens 3p", "thirteens", 3, {}, ["normal", "easy", "easy"], 6),
    ("starshina", "starshina", 3, {}, ["hard", "easy", "easy"], 5),
    ("starshina", "starshina", 3, {}, ["normal", "easy", "easy"], 5),
    ("pinkerton 3p", "pinkerton", 3, {}, ["hard", "easy", "easy"], 10),
    ("pinkerton 3p", "pinkerton", 3, {}, ["normal", "easy", "easy"], 6),
    ("piquet rubicon", "piquet", 2, {}, ["hard", "easy"], 36),
    ("piquet rubicon", "piquet", 2, {}, ["normal", "easy"], 12),
    ("piquet normand", "piquet", 3, {"variant": "normand"}, ["hard", "easy", "easy"], 10),
    ("piquet normand", "piquet", 3, {"variant": "normand"}, ["normal", "easy", "easy"], 6),
    ("coins", "coins", 3, {}, ["hard", "random", "random"], 2),
    ("piquet rubicon", "piquet", 2, {}, ["hard", "random"], 2),
]

# The games and variants ``parlour selfplay --endgame`` times the solver in
# (selfplay_endgame.py): the suites name the games, nothing else in bot/ does.
ENDGAME_SUITE: list[tuple[str, int, dict]] = [
    ("coins", 3, {}), ("thirteens", 3, {}), ("starshina", 3, {"rules": "classic"}),
    ("piquet", 2, {"variant": "rubicon"}), ("piquet", 3, {"variant": "normand"})]


def run_report(jobs: int, scale: float = 1.0, seed: int = 1) -> int:
    start = time.perf_counter()
    tasks = []
    for k, (_, game, n, options, seats, deals) in enumerate(SUITE):
        count = max(2, math.ceil(deals * scale))
        tasks += match_tasks(game, n, options, seats, count, seed * 1000, tag=k,
                             time_cap=TIME_CAP)
    # The slowest games first, so the pool does not end on one long straggler.
    slow = {"starshina": 0, "pinkerton": 1, "piquet": 2, "thirteens": 3, "coins": 4}
    tasks.sort(key=lambda t: slow.get(t[1], 9))
    results = run_tasks(tasks, jobs)
    by_match: dict[int, list] = {}
    for key, r in results:
        by_match.setdefault(key[0], []).append((key, r))
    rows = []
    ratings = []
    times: dict[str, list[float]] = {}
    for k, (label, _, n, _, seats, _) in enumerate(SUITE):
        s = summarise(seats, n, by_match[k])
        rows.append((label, seats, s))
        ratings.append((label, rate_level(seats, n, by_match[k])))
        for (_, _, rot), r in by_match[k]:
            for i in range(n):
                times.setdefault(seats[(i + rot) % n], []).extend(r["times"][i])
    print(markdown(rows, times))
    print("\nEach level rated as a newcomer would be from these games, the other seats at "
          "their fixed AI ratings (bot/cli/selfplay_rating.py):\n")
    print(rating_markdown(ratings))
    wall = time.perf_counter() - start
    print(f"\n{len(results)} games in {wall / 60:.1f} min wall with {jobs} worker processes; "
          f"{machine()}.")
    return 0


def markdown(rows: list[tuple], times: dict[str, list[float]]) -> str:
    out = ["| game | match | games | AI win % | AI sole win % | AI avg rank | "
           "opponents' win % | AI score | AI p50 / p95 ms | capped |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for label, seats, s in rows:
        ai = seats[0]
        opp = next(x for x in seats if x != ai)
        a, o = s["by_level"][ai], s["by_level"][opp]
        match = ",".join(seats)
        out.append(f"| {label} | {match} | {s['games']} ({s['deals']} deals) | "
                   f"{_pct(a['win'])} | {_pct(a['sole'])} | {_num(a['rank'], 2)} | "
                   f"{_pct(o['win'])} | {_num(a['score'], 1)} | "
                   f"{_ms(a['p50_ms'])} / {_ms(a['p95_ms'])} | {a['capped']} |")
    out += ["", "| level | moves timed | p50 ms | p95 ms | max ms |", "|---|---|---|---|---|"]
    for lvl in ("random", "easy", "normal", "hard"):
        t = sorted(times.get(lvl, []))
        if t:
            out.append(f"| {lvl} | {len(t)} | {1000 * percentile(t, 50):.2f} | "
                       f"{1000 * percentile(t, 95):.2f} | {1000 * t[-1]:.0f} |")
    return "\n".join(out)


def _pct(mci: list[float]) -> str:
    m, h = mci
    return f"{100 * m:.0f}" if math.isnan(h) else f"{100 * m:.0f} ± {100 * h:.0f}"


def _num(mci: list[float], digits: int) -> str:
    m, h = mci
    return f"{m:.{digits}f}" if math.isnan(h) else f"{m:.{digits}f} ± {h:.{digits}f}"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}" if x >= 10 else f"{x:.2f}"
