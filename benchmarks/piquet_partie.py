"""The constants of games/piquet/ai_partie.py: how far one deal moves a Piquet partie.

    python -m benchmarks.piquet_partie [--parties 200] [--seed 0]

Plays ``--parties`` whole parties of every variant by ``easy`` players and prints, per
variant, the deals a partie lasts, the standard deviation of one deal's points of the
first seat less the second's (``SPREAD``) and, for the parties played to a target, the
target over the deals they last (``RACE``: the points a deal at which the leader nears
it), beside the values ai_partie.py uses.
"""

from __future__ import annotations

import argparse
import random
import statistics

import rules
from games.piquet import ai_partie
from games.piquet.variants import VARIANTS
from rules.ai.hooks import hooks_for


def measure(variant: str, parties: int, seed: int) -> tuple[float, float]:
    """(deals a partie lasts, the spread of a deal's difference between two seats)."""
    game = rules.get_game("piquet")
    choose = hooks_for("piquet").choose
    lengths: list[int] = []
    diffs: list[int] = []
    for k in range(parties):
        state = game.new_state(VARIANTS[variant].players, {"variant": variant}, seed + k)
        rng = random.Random(seed + k)
        while not state.is_over:
            seat = state.current_seat
            state.apply(seat, choose(state, seat, rng))
        diffs += [d["points"][0] - d["points"][1] for d in state.history]
        lengths.append(len(state.history))
    return statistics.fmean(lengths), statistics.pstdev(diffs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parties", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"{'variant':10} {'deals':>6} {'spread':>7} {'used':>6} {'race':>6} {'used':>6}")
    for name in VARIANTS:
        deals, spread = measure(name, args.parties, args.seed)
        race = f"{ai_partie.TARGET_AU_CENT / deals:6.1f}" if name in ai_partie.RACE else "     -"
        used = f"{ai_partie.RACE[name]:6.1f}" if name in ai_partie.RACE else "     -"
        print(f"{name:10} {deals:6.2f} {spread:7.1f} {ai_partie.SPREAD[name]:6.1f} {race} {used}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
