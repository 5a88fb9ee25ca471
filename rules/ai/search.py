"""Search over sampled worlds: determinised flat UCB with heuristic rollouts.

Each iteration samples a world consistent with what the seat has seen
(``state.sample_world``), picks a root move by UCB1, plays it, lets every
seat play on with the game's cheap heuristic until the hand ends, and scores
the position with ``evaluate.value``.  This is PIMC with the samples spread
over root moves by UCB (information-set search at the root), which is what
beats rule-based play in trick games without the strategy-fusion cost of a
deep tree.

Budgets are iteration counts, so a player is deterministic given its seed;
``time_budget`` is a safety cap for slow machines (when it bites, the
result depends on the machine's speed, and the move log says how many
iterations ran).
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..base import State
from . import evaluate
from .players import _rng_for, heuristic

LEVEL_ITERATIONS = {"normal": 60, "hard": 240}
MAX_CANDIDATES = 12          # huge choices (discards, big beats) are seeded by the heuristic
ROLLOUT_CAP = 400            # actions, a guard against pathological hands
EXPLORATION = 0.6


class SearchPlayer:
    def __init__(self, game: str, level: str = "hard", seed: int = 0,
                 iterations: int | None = None, time_budget: float | None = 0.25) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.iterations = iterations or LEVEL_ITERATIONS[level]
        self.time_budget = time_budget
        self._policy = heuristic(game)
        self._rollout_policy = heuristic(game, for_rollouts=True)
        self.last_iterations = 0

    def choose(self, state: State, seat: int, time_budget: float | None = None) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        rng = _rng_for(self.seed, state, seat)
        guess = self._policy(state, seat, rng)
        candidates = self._candidates(legal, guess, rng)
        if len(candidates) == 1:
            return candidates[0]
        budget = time_budget if time_budget is not None else self.time_budget
        deadline = None if budget is None else time.perf_counter() + budget
        return self._search(state, seat, candidates, guess, rng, deadline)

    def _candidates(self, legal: list[Action], guess: Action, rng: random.Random) -> list[Action]:
        if len(legal) <= MAX_CANDIDATES:
            return legal
        # Too many to try them all: the heuristic's pick plus a random spread.
        others = [a for a in legal if a != guess]
        return [guess] + rng.sample(others, MAX_CANDIDATES - 1)

    def _search(self, state: State, seat: int, candidates: list[Action], guess: Action,
                rng: random.Random, deadline: float | None) -> Action:
        k = len(candidates)
        visits = [0] * k
        totals = [0.0] * k
        it = 0
        for it in range(1, self.iterations + 1):
            if it > k and deadline is not None and time.perf_counter() > deadline:
                break
            if it <= k:
                i = it - 1
            else:
                log_n = math.log(it)
                i = max(range(k), key=lambda j: totals[j] / visits[j]
                        + EXPLORATION * math.sqrt(log_n / visits[j]))
            world = state.sample_world(seat, rng)
            world.apply(seat, candidates[i])
            totals[i] += self._rollout(world, seat, rng)
            visits[i] += 1
        self.last_iterations = it
        # Most-visited move; the heuristic's choice breaks ties.
        best = max(range(k), key=lambda j: (visits[j], totals[j] / max(1, visits[j]),
                                            candidates[j] == guess))
        return candidates[best]

    def _rollout(self, world: State, seat: int, rng: random.Random) -> float:
        hand = evaluate.hand_counter(world)
        policy = self._rollout_policy
        for _ in range(ROLLOUT_CAP):
            if world.is_over or evaluate.hand_counter(world) != hand:
                break
            s = world.current_seat
            world.apply(s, policy(world, s, rng))
        return evaluate.value(world, seat)
