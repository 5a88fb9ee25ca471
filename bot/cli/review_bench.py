"""``parlour review --bench``: does the review find planted blunders?

In each trial two or more hard AIs (cheap budgets) play the first hand of a game;
at one random decision of seat 0 with a real choice, a random legal move other than
the hard AI's is played instead (the planted blunder).  The review of seat 0
(``review_game``, the review's own code) then ranks that hand's decisions by cost.
Reported: how many planted blunders the review puts in its top three, and how often
it ranks a hard move (one the AI itself chose) as costly (cost above ``COSTLY``).
A random move is sometimes as good as the AI's (two equal low cards): those trials are
counted apart, by the cost the review gives the blunder.
"""

from __future__ import annotations

import random
import time

import rules
from rules.ai import evaluate
from rules.ai.hooks import hooks_for
from rules.ai.search import SearchPlayer

from ..core.reviews import review_game

GAMES = ("coins", "thirteens", "starshina", "piquet")
COSTLY = 0.1          # a hard move reviewed as losing a tenth of the [-1, 1] scale
PLAY_BUDGET = 20      # iterations per move of the hard players
REVIEW_BUDGET = 40    # iterations per decision of the review


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


def run_bench(trials: int, games: tuple[str, ...] = GAMES, out=print,
              review_budget: int = REVIEW_BUDGET) -> dict:
    found = planted = costly = hard_moves = harmless = skipped = 0
    t0 = time.process_time()
    for t in range(trials):
        game = games[t % len(games)]
        seed = 1000 + t
        got = plant(game, seed)
        if got is None:
            continue
        n, log, blunder, unweighed = got
        if unweighed:
            skipped += 1
            continue
        body = review_game(game, n, {}, seed, log, 0, review_budget)
        ranked = [d["move"] for d in body["decisions"]]
        cost = next((d["cost"] for d in body["decisions"] if d["move"] == blunder), 0.0)
        others = [d for d in body["decisions"] if d["move"] != blunder]
        hard_moves += body["judged"] - 1
        costly += sum(1 for d in others if d["cost"] > COSTLY)
        if cost < 0.01:
            harmless += 1     # the random move was as good as the AI's: nothing to find
            continue
        planted += 1
        found += blunder in ranked[:3]
    secs = time.process_time() - t0
    share = found / planted if planted else 0.0
    false = costly / hard_moves if hard_moves else 0.0
    out(f"review benchmark: {trials} trials over {', '.join(games)}; play budget "
        f"{PLAY_BUDGET}, review budget {review_budget} iterations a decision")
    out(f"  planted blunders that cost something: {planted} ({harmless} more were as "
        f"good as the AI's move; {skipped} fell in Piquet's exchange, which the review "
        f"does not weigh)")
    out(f"  in the review's top three: {found} of {planted} = {100 * share:.1f}%")
    out(f"  hard moves reviewed as costly (> {COSTLY}): {costly} of {hard_moves} = "
        f"{100 * false:.1f}%")
    out(f"  {secs:.0f} s of CPU")
    return {"planted": planted, "found": found, "harmless": harmless, "skipped": skipped,
            "costly": costly, "hard_moves": hard_moves}
