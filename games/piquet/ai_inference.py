"""Inference over the whole Piquet deal: how likely a sampled world makes what the others did.

The sampler (games/piquet/knowledge.py) keeps every hard fact - the cards
shown, the claims said aloud, the voids - but treats every world that keeps them
as equally likely.  Players do not act at random, though: a seat that declared a
point of five seldom holds six of a suit, one that said "good" seldom held a
better combination, one that ducked a trick seldom held the card that won it.
Here each world gets the log-likelihood of the others' observed decisions in this
deal under a cheap policy model (the ``easy`` player's habits, with a slip chance
for each departure), so the search can resample its worlds by it.

Only public facts enter: ``observe`` reads the claims, who spoke in which
category, the cards each seat exchanged and played - never a hidden card - into
an ``Observation``; ``log_weight`` reads that and a sampled world's hands.  The
same view of two different true deals gives the same observation, so the same
weights (tests/test_piquet_inference.py).

The terms, each a factor per departure from the model:
* a claim less than the claimant's best holding of its category (sinking part of
  it): DECL_SLIP;
* "good" (or a sink) while holding better than the best claim on the table:
  DECL_SLIP;
* a discard in the exchange: an ace thrown, or a card of the suit the hand
  declared as its point: DISCARD_SLIP each;
* in the play, following: losing the trick while holding a card that would win
  it: DUCK; winning with a dearer card than a cheaper winner held, or losing with
  a card above the lowest of the suit: DEAR; leading a card that is neither a
  master nor the lowest of its suit: DEAR; a discard of a master while a
  non-master was there to throw: DEAR.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from games.piquet.combos import best_point, by_suit, longest_suit, runs, set_options
from games.piquet.declaring import CATS
from games.piquet.state import PiquetState
from rules.base import State

DECL_SLIP = 0.1
DISCARD_SLIP = 0.5
DUCK = 0.35
DEAR = 0.6
LOG = {x: math.log(x) for x in (DECL_SLIP, DISCARD_SLIP, DUCK, DEAR)}

Claim = tuple[int, str, int, int]          # seat, category, n, x (a point's x: 0)


@dataclass(frozen=True)
class Observation:
    """The public record of one Piquet deal as ``seat`` saw it (no hidden card)."""
    seat: int
    n: int
    order: tuple[int, ...]
    claims: tuple[Claim, ...]
    # Per category, the seats that have spoken in it (in order).
    spoke: tuple[tuple[int, ...], ...]
    drawn: tuple[int, ...]
    # The tricks so far, the one in progress last: (seat, card) in the order played.
    tricks: tuple[tuple[tuple[int, int], ...], ...]


def observe(state: PiquetState, seat: int) -> Observation:
    """The public record ``seat`` judges worlds by: read from public fields only."""
    order = tuple(state.order)
    phase = state.phase
    if phase in ("exchange", "bid", "deal"):
        closed = 0
    elif phase == "declare":
        closed = state.cat
    else:
        closed = len(CATS)
    spoke: list[tuple[int, ...]] = []
    for k in range(len(CATS)):
        if k < closed:
            spoke.append(order)
        elif k == closed and phase == "declare":
            spoke.append(order[:state.spoke])
        else:
            spoke.append(())
    claims = tuple((r["seat"], r["cat"], r["n"], r["x"] or 0) for r in state.claims)
    return Observation(seat, state.n, order, claims, tuple(spoke), tuple(state.drawn),
                       _tricks(state, order))


def weigher(state: State, seat: int) -> Callable[[State], float]:
    """The log-weight of a sampled world for ``seat``, bound to the public record of
    ``state`` (read once, by ``observe``)."""
    assert isinstance(state, PiquetState)
    obs = observe(state, seat)
    return lambda world: log_weight(obs, world)  # type: ignore[arg-type]


def _tricks(state: PiquetState, order: tuple[int, ...]) -> tuple:
    """Every trick of the deal from the cards each seat played, in order (public)."""
    played = state.played
    n = len(order)
    out = []
    leader = order[0]
    i = 0
    while True:
        seats = [(leader + k) % n for k in range(n)]
        trick = tuple((s, played[s][i]) for s in seats if len(played[s]) > i)
        if not trick:
            break
        out.append(trick)
        if len(trick) < n:
            break
        suit = trick[0][1] >> 4
        leader = max((c, s) for s, c in trick if c >> 4 == suit)[1]
        i += 1
    return tuple(out)


def _key(cards: list[int], cat: str) -> tuple[int, int]:
    """The best holding of ``cat`` in ``cards`` as a comparable key ((0, 0): none)."""
    if cat == "point":
        n = longest_suit(cards) if cards else 0
        found = best_point(cards, n) if n else None
        return (n, found[0]) if found else (0, 0)
    if cat == "sequence":
        found_runs = runs(cards)
        return found_runs[0][:2] if found_runs else (0, 0)
    options = set_options(cards)
    return options[0] if options else (0, 0)


def _claim_key(cards: list[int], cat: str, n: int, x: int) -> tuple[int, int]:
    if cat == "point":
        found = best_point(cards, n)
        return (n, found[0] if found else 0)
    return (n, x)


def log_weight(obs: Observation, world: PiquetState) -> float:
    """The log-likelihood of the others' decisions in ``world``: at most 0 (0: every one as
    the model plays it)."""
    total = 0.0
    me = obs.seat
    held = {s: world.hands[s] + list(world.played[s]) for s in range(obs.n) if s != me}
    keys: dict[tuple[int, str], tuple[int, int]] = {}

    def key(s: int, cat: str) -> tuple[int, int]:
        k = keys.get((s, cat))
        if k is None:
            k = keys[(s, cat)] = _key(held[s], cat)
        return k

    # Declarations: claims at full strength, "good" only when not holding better.
    for k, cat in enumerate(CATS):
        best: tuple[int, int] | None = None
        for s in obs.spoke[k]:
            mine = next((c for c in obs.claims if c[0] == s and c[1] == cat), None)
            if s != me:
                have = key(s, cat)
                if mine is not None:
                    said = _claim_key(held[s], cat, mine[2], mine[3])
                    if have > said if cat != "point" else have[0] > said[0]:
                        total += LOG[DECL_SLIP]
                elif have != (0, 0) and (best is None or (
                        have > best if cat != "point" else have[0] > best[0])):
                    total += LOG[DECL_SLIP]
            if mine is not None:
                said = _claim_key(held.get(s, world.hands[s] + list(world.played[s])), cat,
                                  mine[2], mine[3])
                best = said if best is None or said > best else best
    # The exchange: aces and the declared point's suit are seldom thrown.
    for s in held:
        thrown = world.discards[s]
        if not thrown:
            continue
        point = next((c for c in obs.claims if c[0] == s and c[1] == "point"), None)
        suit = None
        if point is not None:
            found = best_point(held[s], point[2])
            suit = found[1] if found else None
        for c in thrown:
            if c & 15 == 14 or c >> 4 == suit:
                total += LOG[DISCARD_SLIP]
    total += _play_weight(obs, world, held)
    return total


def _play_weight(obs: Observation, world: PiquetState, held: dict[int, list[int]]) -> float:
    total = 0.0
    gone: set[int] = set()        # cards played before the trick in hand
    index = {s: 0 for s in held}  # how many cards each other seat has played so far
    for trick in obs.tricks:
        suit = trick[0][1] >> 4
        top = -1
        for pos, (s, c) in enumerate(trick):
            if s in held:
                # The seat's hand when it played: its cards now and those it played since.
                hand = world.hands[s] + list(world.played[s][index[s]:])
                index[s] += 1
                mine = by_suit(hand)[c >> 4]
                if pos == 0:
                    master = _master(c, gone)
                    if not master and (c & 15) != mine[-1]:
                        total += LOG[DEAR]
                elif c >> 4 == suit:
                    follow = by_suit(hand)[suit]
                    winners = [r for r in follow if r > top]
                    rank = c & 15
                    if rank < top and winners:
                        total += LOG[DUCK]
                    elif rank > top and min(winners) < rank:
                        total += LOG[DEAR]
                    elif rank < top and rank != follow[-1]:
                        total += LOG[DEAR]
                else:
                    spare = [x for x in hand if not _master(x, gone)]
                    if _master(c, gone) and spare:
                        total += LOG[DEAR]
            if c >> 4 == suit:
                top = max(top, c & 15)
        gone.update(c for _, c in trick)
    return total


def _master(card: int, gone: set[int]) -> bool:
    """Whether ``card`` is the highest card of its suit not yet played."""
    suit = card >> 4
    return all(suit * 16 + r in gone for r in range((card & 15) + 1, 15))
