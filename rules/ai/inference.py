"""Drawing sampled worlds by a game's likelihood of the public record (inference).

A game whose hooks give ``world_weight`` (Piquet: games/piquet/ai_inference.py) gives
every world a log-likelihood of at most 0 (1: the others did just what its policy
model would have).  Each world the search needs is drawn by rejection: a uniform
sample is kept with chance equal to its likelihood, else another is drawn, at most
TRIES in all; when none is kept the likeliest of them is used.  So the worlds the
search plays in follow the deals that explain what the others did, at about one to
two samples a world.  Every log-weight seen is kept, so the effective sample size of
the uniform draws under the weights - how much the record narrows the deal - can be
reported.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Generic, TypeVar

W = TypeVar("W")

TRIES = 4    # uniform samples at most per world drawn


class Resampler(Generic[W]):
    """Draws worlds by weight and keeps every log-weight it saw (for the ESS)."""

    def __init__(self, weigh: Callable[[W], float], tries: int = TRIES) -> None:
        self.weigh = weigh
        self.tries = tries
        self.logs: list[float] = []

    def draw(self, sample: Callable[[], W], rng: random.Random) -> W:
        best: tuple[float, W] | None = None
        for _ in range(self.tries):
            world = sample()
            log = self.weigh(world)
            self.logs.append(log)
            if rng.random() < math.exp(min(log, 0.0)):
                return world
            if best is None or log > best[0]:
                best = (log, world)
        assert best is not None
        return best[1]

    def ess_share(self) -> float | None:
        return ess_share(self.logs)


def ess_share(logs: list[float]) -> float | None:
    """The effective sample size of draws with these log-weights, as a share of their
    number: 1 when the weights are all equal, 1/N when one world has them all."""
    if not logs:
        return None
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    return sum(w) ** 2 / (len(w) * sum(x * x for x in w))


def normalised(logs: list[float]) -> list[float]:
    """Importance weights summing to one."""
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    s = sum(w)
    return [x / s for x in w]
