"""Per-game position values for search rollouts, from one seat's point of view.

A search rollout stops at the end of the current hand (``hand_counter``
changes) or at the end of the game, then ``value`` scores the position in
roughly [-1, 1]: a finished game by its ranks, an unfinished one by the
seat's lead in that game's own currency.  Rollouts run in sampled worlds, so
reading every field of the state here is fair.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import State


def _finished(state: State, seat: int) -> float:
    r = state.result()
    ranks = r["ranks"]
    best, worst = min(ranks), max(ranks)
    if best == worst:
        return 0.0
    # 1 for sole first place, -1 for last, shared places in between.
    return 1.0 - 2.0 * (ranks[seat] - best) / (worst - best) - 0.2 * (ranks.count(ranks[seat]) - 1)


def _lead(mine: float, others: list[float], scale: float) -> float:
    if not others:
        return 0.0
    x = (mine - max(others)) / scale
    return max(-1.0, min(1.0, x))


def _coins(s, seat: int) -> float:
    others = [v for i, v in enumerate(s.scores) if i != seat]
    return _lead(s.scores[seat], others, s.target)


def _thirteens(s, seat: int) -> float:
    tot = [a + b for a, b in zip(s.scores, s.hand_points, strict=True)]
    return _lead(tot[seat], [v for i, v in enumerate(tot) if i != seat], 30.0)


STARSHINA_SHAPE = 0.15   # only 12 tricks win (a terminal value); tricks over quota guide play


def _starshina(s, seat: int) -> float:
    # At the horizon the next hand has been dealt: read the finished hand's record.
    if not any(s.tricks) and s.last_hand:
        tricks, quotas = s.last_hand["tricks"], s.last_hand["quotas"]
    else:
        tricks, quotas = s.tricks, s.quotas
    over = [t - q for t, q in zip(tricks, quotas, strict=True)]
    mine = max(-1.0, min(1.0, (over[seat] - max(o for i, o in enumerate(over) if i != seat))
                         / 8.0))
    if s.rules == "classic":
        # Stakes are paid every hand and being up buys good cards in the next exchange.
        stakes = _lead(s.stakes[seat], [x for i, x in enumerate(s.stakes) if i != seat], 10.0)
        return 0.5 * stakes + 0.3 * mine
    return STARSHINA_SHAPE * mine


def _piquet(s, seat: int) -> float:
    side = s.side(seat)
    totals = list(s.totals)
    others = [t for i, t in enumerate(totals) if i != side]
    return _lead(totals[side], others, 100.0)


def _pinkerton(s, seat: int) -> float:
    scores = s.scores
    v = _lead(scores[seat], [x for i, x in enumerate(scores) if i != seat], s.options["target"])
    if s.out[seat]:
        v -= 0.3
    return v


VALUES: dict[str, Callable[[State, int], float]] = {
    "coins": _coins, "thirteens": _thirteens, "starshina": _starshina,
    "piquet": _piquet, "pinkerton": _pinkerton,
}


def hand_counter(state: State) -> int:
    # Each game names its hand/deal/round counter in ``deal_field`` (views show it as deal_no).
    return getattr(state, state.deal_field)


def value(state: State, seat: int) -> float:
    if state.is_over:
        return _finished(state, seat)
    return VALUES[state.game.name](state, seat)
