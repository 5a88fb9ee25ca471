"""Normand Piquet's exchange (three players: the dealer alone may take one or both talon
cards, or keep the hand), judged on many sampled talons as the two-handed one is
(ai_exchange.py), not by rollouts, whose spread drowns the difference between discards.

In each sampled world every legal choice is scored by the deal it leads to: the
declarations of the three hands reckoned as the engine reckons them (carte blanche first,
then each category to the one best holding, nobody on a tie; 20 in declarations before
anyone else scores is a repique), and the play by the heuristic's trick estimate.  The
score is the dealer's points less the others' average.  There are at most 56 choices, and
an evaluation costs microseconds, so all of them are compared on the same worlds.
"""

from __future__ import annotations

import math
import random

from games.piquet.ai import POINTS_PER_UNIT, Holding, holding, likely_tricks
from games.piquet.state import PiquetState
from games.piquet.talon_worlds import best_total, sampled_worlds
from rules.actions import Action
from rules.ai.inference import Resampler
from rules.base import State

PLAY_WEIGHT = 2.0     # points per trick of estimated advantage in the play
CARDS_WEIGHT = 10.0   # the cards' 10 points (strictly most tricks), surer with a bigger lead

# (point key, best sequence key, sequences' score, best set key, sets' score)


def applies(state: State) -> bool:
    """Whether ``state`` (a Piquet state) asks for the dealer's exchange of normand."""
    return (isinstance(state, PiquetState) and state.phase == "exchange"
            and state.variant_rules.exchange == "dealer")


def choose(state: State, seat: int, cands: list[Action], rng: random.Random, worlds: int,
           deadline: float | None = None, resampler: Resampler | None = None
           ) -> tuple[Action, list[Action], list[list[float]]]:
    """The best legal choice over ``worlds`` common sampled worlds (fewer if ``deadline``
    comes first), the choices weighed, and each one's values by world (deal points / 100,
    the heuristic's units, so a review prices a choice as it prices a card).  Every legal
    choice is weighed, not only ``cands`` (the search's near neighbours of the heuristic's
    discard): there are few."""
    assert isinstance(state, PiquetState)  # see applies()
    legal = state.legal_actions(seat)
    # The search's candidates first (the heuristic's guess at their head wins ties).
    moves = list(cands) + [a for a in legal if a not in cands]
    hand = state.hands[seat]
    outs = [{int(c) for c in a.cards} for a in moves]
    kept = [[c for c in hand if c not in out] for out in outs]
    order = list(state.order)
    elder = order[0]
    blanche = list(state.blanche)
    repique = state.variant_rules.repique
    values: list[list[float]] = [[] for _ in moves]
    for w in sampled_worlds(state, seat, rng, worlds, deadline, resampler):
        others = {s: w.hands[s] for s in order if s != seat}
        held = {s: holding(h) for s, h in others.items()}
        tricks = {s: likely_tricks(h, s == elder) for s, h in others.items()}
        for i, out in enumerate(outs):
            mine = kept[i] + w.talon[:len(out)]
            held[seat] = holding(mine)
            tricks[seat] = likely_tricks(mine, seat == elder)
            values[i].append(value(held, tricks, order, seat, blanche, repique) / POINTS_PER_UNIT)
    return moves[best_total(values)], moves, values



def declarations(held: dict[int, Holding], order: list[int], blanche: list[int],
                 repique: tuple[int, int]) -> dict[int, int]:
    """Each seat's declaration points as the engine reckons them, in its order: carte
    blanche (10), the point, the sequences, the sets - each category to its one best
    holding, to nobody on a tie - and the repique for the first to reach its threshold in
    declarations while nobody else has scored."""
    pts = dict.fromkeys(order, 0)
    at, bonus = repique
    bonus_given = False

    def reckon(seat: int, n: int) -> None:
        nonlocal bonus_given
        if n <= 0:
            return
        alone = not any(p for s, p in pts.items() if s != seat)
        pts[seat] += n
        if not bonus_given and alone and pts[seat] >= at:
            bonus_given = True
            pts[seat] += bonus

    for s in order:
        if s in blanche:
            reckon(s, 10)
    # (the holding's key, what it scores) for the point, the sequences and the sets
    categories = ({s: (h[0], h[0][0]) for s, h in held.items()},
                  {s: (h[1], h[2]) for s, h in held.items()},
                  {s: (h[3], h[4]) for s, h in held.items()})
    for cat in categories:
        keys = [cat[s][0] for s in order]
        top = max(keys)
        if top == (0, 0) or keys.count(top) > 1:
            continue
        s = order[keys.index(top)]
        reckon(s, cat[s][1])
    return pts


def value(held: dict[int, Holding], tricks: dict[int, float], order: list[int], seat: int,
          blanche: list[int], repique: tuple[int, int] = (20, 70)) -> float:
    """Estimated deal points of ``seat`` less the others' average: the declarations as
    reckoned, the play by trick estimates (the cards' ten to the strictly most tricks)."""
    pts = declarations(held, order, blanche, repique)
    others = [s for s in order if s != seat]
    decl = pts[seat] - sum(pts[s] for s in others) / len(others)
    mean_t = sum(tricks[s] for s in others) / len(others)
    edge = tricks[seat] - max(tricks[s] for s in others)
    return decl + PLAY_WEIGHT * (tricks[seat] - mean_t) + CARDS_WEIGHT * math.tanh(edge / 2)
