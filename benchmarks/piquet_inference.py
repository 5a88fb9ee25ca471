"""How much closer to the real deal Piquet's weighted worlds are than uniform ones (issue 48).

    python -m benchmarks.piquet_inference [--deals 40] [--worlds 60] [--elder easy] [--seed 1]

Plays the first deal of ``--deals`` rubicon parties (elder played by ``--elder``,
younger by ``easy``) and, at every decision of each seat after the exchange, draws
``--worlds`` uniform worlds (``sample_world``) and weighs them by
games/piquet/ai_inference.py.  For the other seat's true hidden hand it prints the
share of its cards the worlds put in that hand - uniform, and weighted by the
importance weights - with 95% intervals over deals, and the effective sample share.
A benchmark reads the true deal to score the worlds; the weights never do.
"""

from __future__ import annotations

import argparse
import random
import statistics

import rules
from games.piquet.ai_inference import log_weight, observe
from rules.ai.inference import ess_share, normalised
from rules.ai.players import make_player

Z95 = 1.96


def _ci(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    h = Z95 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{100 * m:.1f} +- {100 * h:.1f}%"


def deal_scores(seed: int, elder_level: str, worlds: int) -> list[tuple[float, float, float]]:
    """(uniform share, weighted share, ESS share) at each decision of the deal."""
    game = rules.get_game("piquet")
    state = game.new_state(2, {}, seed=seed)
    elder = state.order[0]
    players = {elder: make_player(elder_level, "piquet", seed),
               1 - elder: make_player("easy", "piquet", seed + 1)}
    rng = random.Random(seed)
    out = []
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.current_seat
        assert seat is not None
        if state.phase in ("declare", "play") and state.hands[1 - seat]:
            obs = observe(state, seat)
            truth = set(state.hands[1 - seat])
            ws = [state.sample_world(seat, rng) for _ in range(worlds)]
            shares = [len(truth & set(w.hands[1 - seat])) / len(truth) for w in ws]
            weights = normalised([log_weight(obs, w) for w in ws])
            logs = [log_weight(obs, w) for w in ws]
            out.append((statistics.fmean(shares),
                        sum(w * s for w, s in zip(weights, shares, strict=True)),
                        ess_share(logs) or 1.0))
        state.apply(seat, players[seat].choose(state, seat))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--worlds", type=int, default=60)
    p.add_argument("--elder", default="easy")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    uni, wtd, gain, ess = [], [], [], []
    for d in range(args.deals):
        rows = deal_scores(args.seed + d, args.elder, args.worlds)
        if not rows:
            continue
        u = statistics.fmean(r[0] for r in rows)
        w = statistics.fmean(r[1] for r in rows)
        uni.append(u)
        wtd.append(w)
        gain.append(w - u)
        ess.append(statistics.fmean(r[2] for r in rows))
    print(f"{len(uni)} deals, elder {args.elder}, younger easy, {args.worlds} worlds a decision")
    print(f"share of the other hand's true cards the worlds hold there: uniform {_ci(uni)}, "
          f"weighted {_ci(wtd)}; gain {_ci(gain)}")
    print(f"effective sample share of the uniform worlds under the weights: {_ci(ess)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
