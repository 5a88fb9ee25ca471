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
(``THRESHOLDS``).  A blunder whose cost on the fresh worlds is uncertain (its interval
straddles the first threshold) is priced on ``ORACLE_MORE`` more fresh worlds before it
is counted, so the benchmark measures the review, not the noise of its measure.
"""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from rules.ai import evaluate
from rules.ai.coach import (
    COACH_BUDGET,
    COACH_WORLDS,
    MATTERS,
    MORE_WORLDS,
    PRICE_WORLDS,
    SECOND_OPINION,
    WIDE,
    Z,
    judge,
)
from rules.ai.search import SearchPlayer

from .. import plugins
from ..core.reviews import review_game

GAMES = ("coins", "thirteens", "starshina", "piquet")
COSTLY = 0.1          # a hard move reviewed as losing a tenth of the [-1, 1] scale
# Blunders are counted by their cost (priced apart): the share of a game's swing they lose.
THRESHOLDS = (0.02, 0.05)
ORACLE_WORLDS = 40    # the independent measure: every root move on this many worlds
ORACLE_CHECK = 80     # then the blunder against the measure's choice on this many fresh ones
ORACLE_MORE = 1600    # and on this many more where that cost's interval straddles THRESHOLDS[0]
PLAY_BUDGET = 60      # iterations per move of the hard players
REVIEW_BUDGET = COACH_BUDGET   # iterations per decision of the review: the bot's


def plant(game: str, seed: int, play_budget: int = PLAY_BUDGET
          ) -> tuple[int, list[tuple[int, str]], int] | None:
    """The first hand of a hard-vs-hard game with one random move for seat 0; (players,
    the log, the blunder's move number), or None if seat 0 had no choice.  Piquet's
    exchange is one of the decisions: the review prices it on the exchange search's
    own talons."""
    g = plugins.engine(game)
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
        state.apply(s, move)
        log.append((s, str(move)))
    return (n, log, blunder) if blunder else None


def _oracle(game: str, n: int, seed: int, log: list[tuple[int, str]], blunder: int
            ) -> tuple[tuple[float, float], str]:
    """The blunder's cost measured apart by a bigger search: ((on the search's own
    ``ORACLE_WORLDS`` worlds, as first defined; on ``ORACLE_CHECK`` fresh worlds, paired
    with the search's choice - free of the winner's curse that inflates the first), how
    the fresh measure ended: "sure", or after ``ORACLE_MORE`` more fresh worlds where its
    interval straddled THRESHOLDS[0], "settled" or "unsettled")."""
    state = plugins.engine(game).new_state(n, {}, seed=seed)
    for s, action in log[:blunder - 1]:
        state.apply(s, action)
    s, action = log[blunder - 1]
    j = judge(state, s, action, ORACLE_WORLDS * 12, seed=seed + 7919, worlds=ORACLE_WORLDS,
              check=0)
    if j is None:
        return (0.0, 0.0), "sure"
    if j.played == j.best:
        return (j.cost, 0.0), "sure"
    rng = random.Random(f"oracle/{seed}")
    player = SearchPlayer(game, "hard", seed + 7920, iterations=ORACLE_WORLDS * 12,
                          time_budget=None)
    best, played = player.play_out(state, s, [j.best, j.played], ORACLE_CHECK, rng)
    d = [b - p for b, p in zip(best, played, strict=True)]
    status = "sure"
    if _straddles(d):
        more_best, more_played = player.play_out(state, s, [j.best, j.played], ORACLE_MORE,
                                                 rng)
        d += [b - p for b, p in zip(more_best, more_played, strict=True)]
        status = "unsettled" if _straddles(d) else "settled"
    return (j.cost, max(0.0, sum(d) / len(d)) if d else 0.0), status


def _straddles(d: list[float]) -> bool:
    """Whether the mean of the paired differences ``d``, plus or minus Z standard errors,
    straddles the first threshold."""
    if len(d) < 2:
        return False
    mean = sum(d) / len(d)
    err = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
    return mean - Z * err <= THRESHOLDS[0] < mean + Z * err


def trial(t: int, games: tuple[str, ...] = GAMES, review_budget: int = REVIEW_BUDGET
          ) -> dict | None:
    """One planted blunder, reviewed as the bot does and priced apart; None if seat 0 had
    no choice."""
    t0 = time.process_time()
    game = games[t % len(games)]
    seed = 1000 + t
    got = plant(game, seed)
    if got is None:
        return None
    n, log, blunder = got
    out: dict = {"game": game, "seed": seed, "blunder": blunder}
    r0 = time.process_time()
    out["review"] = review_game(game, n, {}, seed, log, 0, review_budget)
    out["review_s"] = time.process_time() - r0
    out["truth"], out["oracle"] = _oracle(game, n, seed, log, blunder)
    out["cpu_s"] = time.process_time() - t0
    return out


def _tally(results: list[dict], oracle: int) -> tuple[dict, dict, int, int, int]:
    """(blunders by threshold, of those found in the top three, blunders listed with an
    interval that holds the oracle's cost, hard moves reviewed as costly, hard moves) for
    one oracle definition.  The review lists only clear costs (interval above nothing),
    costliest first: its top three is what the player reads."""
    found = {t: 0 for t in THRESHOLDS}
    planted = {t: 0 for t in THRESHOLDS}
    costly = hard_moves = covered = 0
    for got in results:
        body, blunder, truth = got["review"], got["blunder"], got["truth"][oracle]
        ranked = [d["move"] for d in body["decisions"]]
        hard_moves += body["judged"] - 1
        costly += sum(1 for d in body["decisions"] if d["move"] != blunder
                      and d["cost"] > COSTLY)
        mine = next((d for d in body["decisions"] if d["move"] == blunder), None)
        if mine is not None and truth >= THRESHOLDS[0]:
            covered += mine["cost"] - Z * mine["error"] <= truth <= mine["cost"] + Z * mine["error"]
        for least in THRESHOLDS:
            if truth >= least:
                planted[least] += 1
                found[least] += blunder in ranked[:3]
    return planted, found, covered, costly, hard_moves


def run_bench(trials: int, games: tuple[str, ...] = GAMES, out=print,
              review_budget: int = REVIEW_BUDGET, verbose: bool = False, jobs: int = 1,
              first: int = 0) -> dict:
    """``jobs``: trials run in that many processes at once (each trial is seeded by its
    number alone, so the figures are the same); ``first``: the first trial's number (the
    hands ``first`` to ``first + trials - 1``)."""
    hands = range(first, first + trials)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(trial, hands, repeat(games), repeat(review_budget)))
    else:
        done = [trial(t, games, review_budget) for t in hands]
    results = [r for r in done if r is not None]
    cpu = sum(r["cpu_s"] for r in done if r is not None)
    if verbose:
        for r in results:
            ranked = [d["move"] for d in r["review"]["decisions"]]
            rank = ranked.index(r["blunder"]) + 1 if r["blunder"] in ranked else "-"
            listed = next((d for d in r["review"]["decisions"] if d["move"] == r["blunder"]),
                          None)
            said = "not listed" if listed is None else \
                f"reviewed {listed['cost']:.3f} +- {Z * listed['error']:.3f}"
            out(f"  {r['game']} seed {r['seed']}: the blunder (move {r['blunder']}) costs "
                f"{r['truth'][0]:.3f} ({r['truth'][1]:.3f} on fresh worlds, "
                f"{r['oracle']}), {said}, "
                f"rank {rank} of {r['review']['judged']}")
    out(f"review benchmark: {trials} hands ({first} to {first + trials - 1}) over "
        f"{', '.join(games)}; hard players of "
        f"{PLAY_BUDGET} iterations, review {review_budget} iterations a decision "
        f"({COACH_WORLDS} common worlds, then priced on {PRICE_WORLDS} fresh worlds, "
        f"rounds of {' then '.join(map(str, MORE_WORLDS))} more while the interval "
        f"straddles {MATTERS:g}; where a loss may matter, a second opinion: every legal "
        f"move of up to {WIDE} played out on {PRICE_WORLDS} fresh worlds, else a search of "
        f"{SECOND_OPINION * review_budget} iterations; a decision listed when its "
        f"interval, +- {Z:g} standard errors, is above {MATTERS:g}), blunders priced by "
        f"a search of {ORACLE_WORLDS * 12} iterations on {ORACLE_WORLDS} worlds")
    figures = {}
    for oracle, priced in enumerate(("on the pricing search's own worlds (as first defined)",
                                     f"on {ORACLE_CHECK} fresh worlds "
                                     f"({ORACLE_MORE} more where uncertain)")):
        planted, found, covered, costly, hard = figures[oracle] = _tally(results, oracle)
        share = ", ".join(
            f">= {least:.2f}: {found[least]} of {planted[least]} = "
            f"{100 * found[least] / planted[least] if planted[least] else 0:.1f}%"
            for least in THRESHOLDS)
        out(f"  blunders priced {priced}: in the top three, blunders costing {share}; "
            f"the review's interval holds that cost for {covered} of "
            f"{planted[THRESHOLDS[0]]}")
    refined = [r["oracle"] for r in results if r["oracle"] != "sure"]
    out(f"  blunders whose fresh cost straddled {THRESHOLDS[0]:g}: {len(refined)} of "
        f"{len(results)}, priced on {ORACLE_MORE} more fresh worlds; "
        f"{refined.count('settled')} settled by that")
    _, _, _, costly, hard = figures[0]
    out(f"  hard moves reviewed as costly (> {COSTLY}): {costly} of {hard} = "
        f"{100 * costly / hard if hard else 0:.1f}%")
    judged = sum(r["review"]["judged"] for r in results)
    review_cpu = sum(r["review_s"] for r in results)
    out(f"  {cpu:.0f} s of CPU; the review {1000 * review_cpu / max(1, judged):.0f} ms "
        f"a decision weighed")
    return {"figures": figures}
