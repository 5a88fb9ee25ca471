"""``parlour selfplay --endgame``: where the endgame solver pays, game by game.

For positions with k tricks left in the hand (seeded deals played by the easy
player, one sampled world each, as the search sees them), it times the exact
solve (rules/ai/endgame.py) against one heuristic rollout to the end of the
same hand - the work the solver replaces in a search iteration.  CPU time of
this one process, so other load on the machine counts less.  The search's
thresholds are each game's ``AIHooks.endgame_tricks`` (``games/<game>/ai.py``).
"""

from __future__ import annotations

import random
import statistics
import time

from rules.ai import evaluate
from rules.ai.endgame import Solver
from rules.ai.hooks import hooks_for
from rules.ai.players import make_player

from .. import plugins
from .selfplay_report import ENDGAME_SUITE


def _model(game: str):
    """The game's endgame model (its ``AIHooks.endgame``)."""
    model = hooks_for(game).endgame
    assert model is not None, f"{game} has no endgame model"
    return model


def _positions(game: str, n: int, opts: dict, tricks: int, count: int) -> list:
    """Seeded deals played by the easy player until ``tricks`` tricks are left (a trick
    just begun)."""
    out = []
    for seed in range(count * 3):
        state = plugins.engine(game).new_state(n, opts, seed=seed)
        easy = make_player("easy", game, seed)
        for _ in range(4000):
            if state.is_over:
                break
            got = _model(game)(state, state.mover)
            if got is not None and got[1].cards_left() == tricks * n and not got[1].trick:
                out.append(state)
                break
            seat = state.mover
            state.apply(seat, easy.choose(state, seat))
        if len(out) == count:
            break
    return out


def measure(game: str, n: int, opts: dict, tricks: int, count: int = 20) -> dict:
    solve_ms, roll_ms, nodes = [], [], []
    policy = hooks_for(game).rollout_policy
    for k, state in enumerate(_positions(game, n, opts, tricks, count)):
        seat = state.mover
        rng = random.Random(k)
        world = state.sample_world(seat, rng)
        got = _model(game)(world, seat)
        assert got is not None
        model, pos = got
        solver = Solver(model)
        t = time.process_time()
        solver.value(pos)
        solve_ms.append((time.process_time() - t) * 1000)
        nodes.append(solver.nodes)
        roll = world.clone()
        hand = evaluate.hand_counter(roll)
        t = time.process_time()
        while not roll.is_over and evaluate.hand_counter(roll) == hand:
            s = roll.mover
            roll.apply(s, policy(roll, s, rng))
        evaluate.value(roll, seat)
        roll_ms.append((time.process_time() - t) * 1000)
    return {"positions": len(solve_ms),
            "solve_p50": _p(solve_ms, 0.5), "solve_p95": _p(solve_ms, 0.95),
            "nodes_p50": _p(nodes, 0.5), "rollout_p50": _p(roll_ms, 0.5)}


def _p(xs: list, q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return float(xs[min(len(xs) - 1, int(q * len(xs)))]) if q != 0.5 else \
        float(statistics.median(xs))


def run_endgame(max_tricks: int = 6) -> int:
    print("| game | tricks left | positions | solve p50 ms | solve p95 ms | nodes p50 | "
          "rollout p50 ms | used by the search |")
    print("|---|---|---|---|---|---|---|---|")
    for game, n, opts in ENDGAME_SUITE:
        label = game + "".join(f" {v}" for v in opts.values())
        for tricks in range(2, max_tricks + 1):
            m = measure(game, n, opts, tricks)
            used = "yes" if tricks <= hooks_for(game).endgame_tricks else ""
            print(f"| {label} | {tricks} | {m['positions']} | {m['solve_p50']:.2f} | "
                  f"{m['solve_p95']:.2f} | {m['nodes_p50']:.0f} | {m['rollout_p50']:.2f} | "
                  f"{used} |", flush=True)
            if m["solve_p95"] > 50:
                break
    return 0
