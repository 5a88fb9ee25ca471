"""What both Piquet exchange searches share: the common sampled worlds each choice is
weighed in, bounded by a deadline, and the choice with the best total over them."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import TypeVar

from rules.ai.inference import Resampler
from rules.base import State

S = TypeVar("S", bound=State)


def sampled_worlds(state: S, seat: int, rng: random.Random, worlds: int,
                   deadline: float | None, resampler: Resampler | None = None) -> Iterator[S]:
    """``worlds`` sampled worlds for ``seat``, fewer if ``deadline`` passes (never none);
    drawn by weight through ``resampler`` when one is given (inference.py)."""
    for used in range(worlds):
        if used and deadline is not None and time.perf_counter() > deadline:
            return
        if resampler is None:
            yield state.sample_world(seat, rng)
        else:
            yield resampler.draw(lambda: state.sample_world(seat, rng), rng)


def best_total(values: list[list[float]]) -> int:
    """The choice with the best total over the worlds (the first of equals)."""
    totals = [sum(x) for x in values]
    return max(range(len(values)), key=lambda i: (totals[i], -i))
