"""The tactics suite's score per AI level and game (issue 39).

    python -m benchmarks.tactics [--levels random,easy,normal,hard] [--game coins] [--seed 0]

Each level answers every position of ``tests/tactics`` once with a fixed seed
(the AI's count budgets; its safety cap on time lifted, so the figures do not
depend on the machine's load) and the table prints the share it gets right,
per game, with the visible gifts made in the positions marked as gift tests.
Needs the repository checkout (the suite is test data).
"""

from __future__ import annotations

import argparse
import time

from tests.tactics import SUITE, answer
from tests.tactics.exact import visible_gifts
from tests.tactics.position import build

LEVELS = ("random", "easy", "normal", "hard")


def run(levels: tuple[str, ...], games: list[str], seed: int) -> dict:
    results: dict = {}
    for game in games:
        positions = SUITE[game]
        states = [build(p) for p in positions]
        gift_sets = {p.name: visible_gifts(s, p.seat)
                     for p, s in zip(positions, states, strict=True) if p.gift}
        for level in levels:
            right = gifts = 0
            missed = []
            t0 = time.perf_counter()
            for pos, state in zip(positions, states, strict=True):
                move = answer(level, pos, state, seed)
                if pos.solved_by(move):
                    right += 1
                else:
                    missed.append(pos.name)
                if move in gift_sets.get(pos.name, ()):
                    gifts += 1
            results[(game, level)] = {"positions": len(positions), "right": right,
                                      "gift_tests": len(gift_sets), "gifts": gifts,
                                      "missed": missed, "seconds": time.perf_counter() - t0}
    return results


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--missed", action="store_true", help="list the positions each level misses")
    args = p.parse_args(argv)
    levels = tuple(x.strip() for x in args.levels.split(",") if x.strip())
    games = args.game or list(SUITE)
    results = run(levels, games, args.seed)
    head = f"{'game':<11}{'positions':>10}" + "".join(f"{lv:>9}" for lv in levels) + \
        f"{'gifts (normal/hard)':>22}"
    print(head)
    print("-" * len(head))
    totals = {lv: 0 for lv in levels}
    count = 0
    for game in games:
        n = len(SUITE[game])
        count += n
        row = f"{game:<11}{n:>10}"
        for lv in levels:
            r = results[(game, lv)]
            totals[lv] += r["right"]
            row += f"{100 * r['right'] / n:>8.0f}%"
        gifts = "/".join(str(results[(game, lv)]["gifts"]) for lv in ("normal", "hard")
                         if lv in levels)
        tests = results[(game, levels[0])]["gift_tests"]
        row += f"{gifts + ' of ' + str(tests):>22}"
        print(row)
    print("-" * len(head))
    print(f"{'all':<11}{count:>10}" + "".join(f"{100 * totals[lv] / count:>8.0f}%"
                                             for lv in levels))
    if args.missed:
        for (game, lv), r in results.items():
            if r["missed"]:
                print(f"{lv} misses in {game}: {', '.join(r['missed'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
