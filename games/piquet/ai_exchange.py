"""Two-handed Piquet's exchange, judged on many sampled talons instead of a few rollouts.

Whole-deal rollouts cannot tell good discards apart: a deal's points spread by
about 37 while good discards differ by one or two (docs/AI.md).  Here every
candidate discard is scored in each of many common sampled worlds by what it
draws: the declarations against the opponent's hand (after the opponent's own
exchange, played by the heuristic, when we are elder) reckoned exactly, repique
included, and the play planned with them: half the two hands played out open
(ai_playout.py: a discard that bares a guard or gives up the lead loses the
tricks it would lose there, and pique is counted), half each hand's own trick
estimate (steadier, but blind to guards and tempo).  One evaluation costs tens
of microseconds, so a move compares a dozen discards on a hundred common
talons (docs/AI.md has what each step gained).
"""

from __future__ import annotations

import math
import random

from games.piquet.ai import POINTS_PER_UNIT, holding, likely_tricks, weakest
from games.piquet.ai_playout import play_out
from games.piquet.state import PiquetState
from games.piquet.talon_worlds import best_total, sampled_worlds
from rules.actions import Action
from rules.ai.inference import Resampler
from rules.base import State

# The open play-out's share of the play's value, the rest from each hand's own likely
# tricks: on 600 duplicate deals 0.5 gained most over the estimate alone (docs/AI.md).
PLAYOUT_WEIGHT = 0.5
UNIT = POINTS_PER_UNIT   # deal points per unit of heuristics.piquet.value
PLAY_WEIGHT = 2.0     # the older estimate: points per trick of estimated advantage
CARDS_WEIGHT = 10.0   # and the cards' 10 points, won more surely the larger the advantage


def applies(state: State) -> bool:
    """Whether ``state`` (a Piquet state) asks for a two-handed exchange."""
    return (isinstance(state, PiquetState) and state.phase == "exchange" and state.n == 2
            and state.variant_rules.exchange == "both")


def choose(state: State, seat: int, cands: list[Action], rng: random.Random, worlds: int,
           deadline: float | None = None, resampler: Resampler | None = None
           ) -> tuple[Action, list[Action], list[list[float]]]:
    """The candidate discard with the best total over ``worlds`` common sampled worlds (fewer
    if ``deadline`` comes first), the candidates, and each one's values by world (the same
    worlds for every candidate, so a review can price one discard against another), in the
    units of the heuristic's value: deal points / 100."""
    assert isinstance(state, PiquetState)  # see applies()
    elder = seat == state.order[0]
    opp = 1 - seat
    hand = state.hands[seat]
    outs = [{int(c) for c in a.cards} for a in cands]
    kept = [[c for c in hand if c not in out] for out in outs]
    v = state.variant_rules
    values: list[list[float]] = [[] for _ in cands]
    for w in sampled_worlds(state, seat, rng, worlds, deadline, resampler):
        for i, out in enumerate(outs):
            k = len(out)
            mine = kept[i] + w.talon[:k]
            theirs = _heuristic_draw(w.hands[opp], w.talon[k:]) if elder else w.hands[opp]
            values[i].append(value(mine, theirs, elder, v.repique, v.pique, v.capot) / UNIT)
    return cands[best_total(values)], cands, values



def _heuristic_draw(hand: list[int], talon: list[int]) -> list[int]:
    """Younger's hand after the heuristic's exchange: it takes every card left."""
    if not talon:
        return hand
    out = set(weakest(hand, len(talon)))
    return [c for c in hand if c not in out] + talon



def declared(mine: list[int], theirs: list[int],
             repique: tuple[int, int] = (30, 60)) -> tuple[int, int]:
    """The declarations' points of ``mine`` and ``theirs`` as reckoned: every category to
    the better holding, repique included."""
    a, b = holding(mine), holding(theirs)
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
    return me, op


def value(mine: list[int], theirs: list[int], elder: bool,
          repique: tuple[int, int] = (30, 60), pique: tuple[int, int] = (30, 30),
          capot: int = 40) -> float:
    """Estimated deal points of ``mine`` minus ``theirs``: the declarations (``declared``),
    then the play - the open play-out's points, the cards or capot, and elder's pique."""
    me, op = declared(mine, theirs, repique)
    play = 0.0
    if PLAYOUT_WEIGHT:
        play += PLAYOUT_WEIGHT * _played(mine, theirs, elder, me, op, repique, pique, capot)
    if PLAYOUT_WEIGHT < 1:
        edge = likely_tricks(mine, elder) - likely_tricks(theirs, not elder)
        play += (1 - PLAYOUT_WEIGHT) * (PLAY_WEIGHT * edge + CARDS_WEIGHT * math.tanh(edge / 2))
    return me - op + play


def _played(mine: list[int], theirs: list[int], elder: bool, me: int, op: int,
            repique: tuple[int, int], pique: tuple[int, int], capot: int) -> float:
    """The play's points for ``mine`` less ``theirs`` when the hands are played out open."""
    e_hand, y_hand, e_decl, y_decl = (mine, theirs, me, op) if elder else \
        (theirs, mine, op, me)
    e_pts, y_pts, e_tricks, run = play_out(e_hand, y_hand)
    y_tricks = len(e_hand) - e_tricks
    if e_tricks != y_tricks:
        won = capot if 0 in (e_tricks, y_tricks) else 10
        if e_tricks > y_tricks:
            e_pts += won
        else:
            y_pts += won
    # Pique: elder's 30 from declarations and play before younger scores (no repique).
    if not y_decl and e_decl < repique[0] and e_decl + run >= pique[0]:
        e_pts += pique[1]
    return e_pts - y_pts if elder else y_pts - e_pts
