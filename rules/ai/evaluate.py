"""Position values for search rollouts, from one seat's point of view.

A search rollout stops at the end of the current hand (``hand_counter``
changes) or at the end of the game, then ``value`` scores the position in
roughly [-1, 1]: a finished game by its ranks (or the game's own
``AIHooks.finished``, where places misjudge it), an unfinished one by the
game's own ``AIHooks.value`` (the seat's lead in that game's currency, in its
heuristic module).  Rollouts run in sampled worlds, so reading every field of
the state there is fair.
"""

from __future__ import annotations

from ..base import State
from .hooks import hooks_for


def _finished(state: State, seat: int) -> float:
    return by_place(state.result()["ranks"], seat)


def by_place(ranks: list[int], seat: int) -> float:
    """A finished game's value for ``seat`` from the places."""
    best, worst = min(ranks), max(ranks)
    if best == worst:
        return 0.0
    # 1 for sole first place, -1 for last, shared places in between.
    return 1.0 - 2.0 * (ranks[seat] - best) / (worst - best) - 0.2 * (ranks.count(ranks[seat]) - 1)


def hand_counter(state: State) -> int:
    # Each game names its hand/deal/round counter in ``deal_field``; ``deal_no`` reads it.
    return state.deal_no


def value(state: State, seat: int) -> float:
    hooks = hooks_for(state.game.name)
    if state.is_over:
        own = None if hooks.finished is None else hooks.finished(state, seat)
        return _finished(state, seat) if own is None else own
    return hooks.value(state, seat)
