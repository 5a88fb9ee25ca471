"""``parlour review --bench``: does the review find planted blunders?

In each trial two or more hard AIs (cheap budgets) play the first hand of a game;
at one random decision of seat 0 with a real choice, a random legal move other than
the hard AI's is played instead (the planted blunder).  The review of seat 0
(``review_game``, the review's own code) then ranks that hand's decisions by cost.
Reported: how many planted blunders the review puts in its top three, and how often
it ranks a hard move (one the AI itself chose) as costly (cost above ``COSTLY``).
A random move is often as good as the AI's (two equal low cards): each blunder's cost
is also measured apart, by the same search with every root move tried in
``ORACLE_WORLDS`` other sampled worlds, and the blunders are counted by that cost
(``THRESHOLDS``).
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

import rules
from rules.ai import evaluate
from rules.ai.coach import CHECK_WORLDS, REVIEW_WORLDS, judge
from rules.ai.coach import REVIEW_BUDGET as COACH_BUDGET
from rules.ai.hooks import hooks_for
from rules.ai.search import SearchPlayer

from ..core.reviews import review_game

GAMES = ("coins", "thirteens", "starshina", "piquet")
COSTLY = 0.1          # a hard move reviewed as losing a tenth of the [-1, 1] scale
# Blunders are counted by their cost (priced apart): the share of a game's swing they lose.
THRESHOLDS = (0.02, 0.05)
ORACLE_WORLDS = 40    # the independent measure: every root move on this many worlds
PLAY_BUDGET = 60      # iterations per move of the hard players
REVIEW_BUDGET = COACH_BUDGET   # iterations per decision of the review: the bot's


def plant(game: str, seed: int, play_budget: int = PLAY_BUDGET
          ) -> tuple[int, list[tuple[int, str]], int, bool] | None:
    """The first hand of a hard-vs-hard game with one random move for seat 0; (players,
    the log, the blunder's move number, whether it was in a phase the review does not
    weigh: Piquet's exchange), or None if seat 0 had no choice."""
    exchange = hooks_for(game).exchange
    g = rules.get_game(game)
    n = g.player_counts()[0]
    state = g.new_state(n, {}, seed=seed)
    players = [SearchPlayer(game, "hard", seed + s, iterations=play_budget, time_budget=None)
               for s in range(n)]
    rng = random.Random(seed)
    hand = evaluate.hand_counter(state)
    # Seat 0's decisions with a real choice come first: pick one of them in advance.
    log: list[tuple[int, str]] = []
    choices = 0
    target = rng.randrange(1, 8)
    blunder = 0
    unweighed = False
    while not state.is_over and evaluate.hand_counter(state) == hand:
        s = state.current_seat
        assert s is not None  # a game not over has a mover
        move = players[s].choose(state, s)
        legal = state.legal_actions(s)
        if s == 0 and len(legal) > 1 and not blunder:
            choices += 1
            if choices == target:
                move = rng.choice([a for a in legal if a != move])
                blunder = len(log) + 1
                unweighed = exchange is not None and exchange.applies(state)
        state.apply(s, move)
        log.append((s, str(move)))
    return (n, log, blunder, unweighed) if blunder else None


def _oracle(game: str, n: int, seed: int, log: list[tuple[int, str]], blunder: int) -> float:
    """The blunder's cost measured by a bigger search on other sampled worlds."""
    state = rules.get_game(game).new_state(n, {}, seed=seed)
    for s, action in log[:blunder - 1]:
        state.apply(s, action)
    s, action = log[blunder - 1]
    j = judge(state, s, action, ORACLE_WORLDS * 12, seed=seed + 7919, worlds=ORACLE_WORLDS,
              check=0)
    return j.cost if j is not None else 0.0


def trial(t: int, games: tuple[str, ...] = GAMES, review_budget: int = REVIEW_BUDGET
          ) -> dict | None:
    """One planted blunder, reviewed and priced apart (None if seat 0 had no choice)."""
    t0 = time.process_time()
    game = games[t % len(games)]
    seed = 1000 + t
    got = plant(game, seed)
    if got is None:
        return None
    n, log, blunder, unweighed = got
    out: dict = {"game": game, "seed": seed, "blunder": blunder, "unweighed": unweighed}
    if not unweighed:
        r0 = time.process_time()
        body = review_game(game, n, {}, seed, log, 0, review_budget)
        out["review_s"] = time.process_time() - r0
        out["truth"] = _oracle(game, n, seed, log, blunder)
        out["judged"] = body["judged"]
        out["decisions"] = body["decisions"]
    out["cpu_s"] = time.process_time() - t0
    return out


def run_bench(trials: int, games: tuple[str, ...] = GAMES, out=print,
              review_budget: int = REVIEW_BUDGET, verbose: bool = False, jobs: int = 1) -> dict:
    """``jobs``: trials run in that many processes at once (each trial is seeded by its
    number alone, so the figures are the same)."""
    found = {t: 0 for t in THRESHOLDS}
    planted = {t: 0 for t in THRESHOLDS}
    costly = hard_moves = skipped = 0
    cpu = review_cpu = 0.0
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(trial, range(trials), repeat(games), repeat(review_budget)))
    else:
        results = [trial(t, games, review_budget) for t in range(trials)]
    for got in results:
        if got is None:
            continue
        cpu += got["cpu_s"]
        if got["unweighed"]:
            skipped += 1
            continue
        game, seed, blunder, truth = got["game"], got["seed"], got["blunder"], got["truth"]
        review_cpu += got["review_s"]
        decisions = got["decisions"]
        ranked = [d["move"] for d in decisions]
        cost = next((d["cost"] for d in decisions if d["move"] == blunder), 0.0)
        others = [d for d in decisions if d["move"] != blunder]
        hard_moves += got["judged"] - 1
        costly += sum(1 for d in others if d["cost"] > COSTLY)
        for least in THRESHOLDS:
            if truth >= least:
                planted[least] += 1
                found[least] += blunder in ranked[:3]
        if verbose:
            rank = ranked.index(blunder) + 1 if blunder in ranked else "-"
            out(f"  {game} seed {seed}: the blunder (move {blunder}) costs {truth:.3f}, "
                f"reviewed {cost:.3f}, rank {rank} of {got['judged']}")
    out(f"review benchmark: {trials} hands over {', '.join(games)}; hard players of "
        f"{PLAY_BUDGET} iterations, review {review_budget} iterations a decision "
        f"({REVIEW_WORLDS} common worlds, a move not the AI's priced on {CHECK_WORLDS} "
        f"fresh ones), blunders priced on {ORACLE_WORLDS} other worlds")
    if skipped:
        out(f"  {skipped} blunders fell in Piquet's exchange, which the review does not weigh")
    for least in THRESHOLDS:
        p, f = planted[least], found[least]
        out(f"  blunders costing >= {least:.2f}: {p}; in the review's top three: {f} "
            f"= {100 * f / p if p else 0:.1f}%")
    out(f"  hard moves reviewed as costly (> {COSTLY}): {costly} of {hard_moves} = "
        f"{100 * costly / hard_moves if hard_moves else 0:.1f}%")
    judged = hard_moves + len(results) - skipped - results.count(None)
    out(f"  {cpu:.0f} s of CPU; the review {1000 * review_cpu / max(1, judged):.0f} ms "
        f"a decision weighed")
    return {"planted": planted, "found": found, "skipped": skipped, "costly": costly,
            "hard_moves": hard_moves}
