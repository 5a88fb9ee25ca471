"""``python -m benchmarks.accuracy``: accuracy and luck (rules/ai/skill.py) over AI-vs-AI
games - per game, each level's mean accuracy per game with its interval, how often the
``hard`` seat is more accurate than the ``easy`` one, and the correlation of a seat's
luck with its result.

Two-seat games (Piquet) put ``hard`` against ``easy``, each deal played twice with the
seats swapped (duplicate); games of three or four seats put one ``hard`` seat among
``easy`` ones, rotated.  A game is its first deal (``--deals``: how many), as the
figures are per decision and per chance event, not per game length.  The result is the
seat's value at the end (``evaluate.value``: the lead in the game's currency, or the
places once over).  Budgets: the bot's (``SKILL_BUDGET``) unless given.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool

import rules
from rules.ai import evaluate
from rules.ai.players import make_player
from rules.ai.search import LEVEL_ITERATIONS, SearchPlayer
from rules.ai.skill import (
    LUCK_WORLDS,
    SKILL_BUDGET,
    SKILL_WORLDS,
    game_skill,
    scaled_budgets,
    seat_skills,
)

GAMES = {"piquet": 2, "coins": 3, "thirteens": 4, "pinkerton": 2, "starshina": 3}
HARD_ITERATIONS = LEVEL_ITERATIONS["hard"]   # the hard seat plays as the bot's hard AI


def _one(job: tuple[str, int, int, int, int, int, int, int, int]
         ) -> list[tuple[str, float, float, float]]:
    """One game: (level, accuracy, luck, result) per seat."""
    game, n, seed, hero, deals, budget, worlds, luck, iterations = job
    state = rules.get_game(game).new_state(n, {}, seed=seed)
    start = state.clone()
    players = [SearchPlayer(game, "hard", seed * 31 + s, iterations=iterations,
                            time_budget=None) if s == hero
               else make_player("easy", game, seed=seed * 31 + s) for s in range(n)]
    log: list[tuple[int, str]] = []
    first = evaluate.hand_counter(state)
    while not state.is_over and evaluate.hand_counter(state) < first + deals:
        s = state.mover
        a = str(players[s].choose(state, s))
        state.apply(s, a)
        log.append((s, a))
    seats = seat_skills(game_skill(start, seed, log, budget, worlds, luck))
    return [("hard" if s.seat == hero else "easy", s.accuracy, s.luck,
             evaluate.value(state, s.seat)) for s in seats]


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 2 * sd / math.sqrt(len(xs))


def _corr(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    return sxy / (sx * sy) if sx and sy else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.accuracy", description=__doc__)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--deals", type=int, default=1, help="deals per game (default 1)")
    ap.add_argument("--seeds", type=int, default=4, help="deals per game and rotation")
    ap.add_argument("--budget", type=int, default=SKILL_BUDGET)
    ap.add_argument("--worlds", type=int, default=SKILL_WORLDS)
    ap.add_argument("--luck", type=int, default=LUCK_WORLDS)
    ap.add_argument("--hard", type=int, default=HARD_ITERATIONS,
                    help="the hard seat's search iterations (default: the bot's hard AI)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for game in args.games.split(","):
        n = GAMES[game]
        jobs = [(game, n, seed, hero, args.deals, args.budget, args.worlds, args.luck,
                 args.hard)
                for seed in range(args.seeds) for hero in range(n)]
        t = time.process_time()
        with Pool(args.jobs) as pool:
            results = pool.map(_one, jobs) if args.jobs > 1 else list(map(_one, jobs))
        cpu = time.process_time() - t
        by = {lvl: [a for r in results for (lv, a, _l, _v) in r if lv == lvl]
              for lvl in ("hard", "easy")}
        better = sum(1 for r in results
                     if all(a > b for (lv, a, _l, _v) in r if lv == "hard"
                            for (lw, b, _m, _w) in r if lw == "easy"))
        luck = [x for r in results for (_lv, _a, x, _v) in r]
        value = [v for r in results for (_lv, _a, _x, v) in r]
        spent = "/".join(map(str, scaled_budgets(game, args.budget, args.worlds, args.luck)))
        print(f"{game}: {len(results)} games ({args.deals} deal each), budget {spent} "
              "(the game's scales applied)")
        for lvl, xs in by.items():
            m, ci = _mean_ci(xs)
            print(f"  {lvl:5} accuracy {m:5.1f} ± {ci:4.1f} ({len(xs)} seats)")
        diff = [sum(a for (lv, a, _l, _v) in r if lv == "hard")
                - sum(a for (lv, a, _l, _v) in r if lv == "easy") / (n - 1) for r in results]
        m, ci = _mean_ci(diff)
        print(f"  hard minus easy in the same game: {m:+5.1f} ± {ci:4.1f}")
        print(f"  hard more accurate than every easy seat in {better} of {len(results)} games")
        print(f"  correlation of luck with the result: {_corr(luck, value):+.2f} "
              f"({len(luck)} seats)")
        if args.jobs == 1:
            print(f"  CPU {cpu:.0f} s ({cpu / len(results):.1f} s a game)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
