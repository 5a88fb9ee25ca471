"""Two-handed Piquet's exchange, judged on many sampled talons instead of a few rollouts.

Whole-deal rollouts cannot tell good discards apart: a deal's points spread by
about 37 while good discards differ by one or two (docs/AI.md).  Here every
candidate discard is scored in each of many sampled worlds by what it draws: the
declarations against the opponent's hand (after the opponent's own exchange,
played by the heuristic, when we are elder) counted exactly, and the play judged
by the heuristic's trick estimate.  One evaluation costs microseconds, so a move
compares a dozen discards on a hundred common talons, which measured about one
point a deal better than the heuristic's own discard (docs/AI.md).
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..base import State
from ..games.piquet.combos import SEQ_SCORE, SET_SCORE, best_point, longest_suit, runs
from ..games.piquet.declaring import sets_scored_all
from ..games.piquet.state import PiquetState
from .heuristics.piquet import likely_tricks, weakest

PLAY_WEIGHT = 2.0     # points per trick of estimated advantage in the play
CARDS_WEIGHT = 10.0   # the cards' 10 points, won more surely the larger the advantage


def applies(state: State) -> bool:
    """Whether ``state`` (a Piquet state) asks for a two-handed exchange."""
    return (isinstance(state, PiquetState) and state.phase == "exchange" and state.n == 2
            and state._v.exchange == "both")


def choose(state: State, seat: int, cands: list[Action], rng: random.Random, worlds: int,
           deadline: float | None = None) -> tuple[Action, int]:
    """The candidate discard with the best total over ``worlds`` common sampled worlds (fewer
    if ``deadline`` comes first), and how many worlds were used."""
    assert isinstance(state, PiquetState)  # see applies()
    elder = seat == state.order[0]
    opp = 1 - seat
    hand = state.hands[seat]
    outs = [{int(c) for c in a.cards} for a in cands]
    kept = [[c for c in hand if c not in out] for out in outs]
    repique = state._v.repique
    totals = [0.0] * len(cands)
    used = 0
    for _ in range(worlds):
        if used and deadline is not None and time.perf_counter() > deadline:
            break
        used += 1
        w = state.sample_world(seat, rng)
        for i, out in enumerate(outs):
            k = len(out)
            mine = kept[i] + w.talon[:k]
            theirs = _heuristic_draw(w.hands[opp], w.talon[k:]) if elder else w.hands[opp]
            totals[i] += value(mine, theirs, elder, repique)
    return cands[max(range(len(cands)), key=lambda i: (totals[i], -i))], used


def _heuristic_draw(hand: list[int], talon: list[int]) -> list[int]:
    """Younger's hand after the heuristic's exchange: it takes every card left."""
    if not talon:
        return hand
    out = set(weakest(hand, len(talon)))
    return [c for c in hand if c not in out] + talon


def _declarations(hand: list[int]) -> tuple[tuple, tuple, int, tuple, int]:
    """(point key, best sequence key, sequences' score, best set key, sets' score)."""
    length = longest_suit(hand)
    best = best_point(hand, length) if length else None
    point = (length, best[0]) if best else (0, 0)
    found = runs(hand)
    seq = found[0][:2] if found else (0, 0)
    sets = sets_scored_all(hand)     # the best first
    return (point, seq, sum(SEQ_SCORE[n] for n, _, _ in found), sets[0] if sets else (0, 0),
            sum(SET_SCORE[k] for k, _ in sets))


def value(mine: list[int], theirs: list[int], elder: bool,
          repique: tuple[int, int] = (30, 60)) -> float:
    """Estimated deal points of ``mine`` minus ``theirs``: declarations as reckoned (every
    category to the better holding, repique included), the play by trick estimates."""
    a, b = _declarations(mine), _declarations(theirs)
    me = op = 0
    if a[0] != b[0]:
        me, op = (me + a[0][0], op) if a[0] > b[0] else (me, op + b[0][0])
    if a[1] != b[1]:
        me, op = (me + a[2], op) if a[1] > b[1] else (me, op + b[2])
    if a[3] != b[3]:
        me, op = (me + a[4], op) if a[3] > b[3] else (me, op + b[4])
    at, bonus = repique    # declarations alone reaching 30 against nothing
    if me >= at and not op:
        me += bonus
    elif op >= at and not me:
        op += bonus
    edge = likely_tricks(mine, elder) - likely_tricks(theirs, not elder)
    return me - op + PLAY_WEIGHT * edge + CARDS_WEIGHT * math.tanh(edge / 2)
