"""The easy Pinkerton player: thrifty beats, exact beats to win passes back, nasty adds.

It looks only at what its seat may see: its own hand and pass cards, the pile
and the discard pile (both face up), and the public counts.  The pile's total
is the sum of face-up cards, which any player may work out.

* Beat with the cards it will miss least (small values first), never wasting
  kings and queens when small cards will do.
* With a pass to win back, prefer an exact beat and take back its best pass card.
* At a pile of 0, skip the beat and just add (it saves k cards).
* Pass away the card of smallest value.
* Add the card that leaves the pile hardest to beat: a large value just below
  the next k threshold (79 needs two kings; 119 needs three), in the sign whose
  big cards are scarcest among the cards it has not seen - without throwing
  away its own big cards for a small gain.
"""

from __future__ import annotations

import random

from games.pinkerton.beats import VALUE, beat_size, cheapest_beat, may_add
from games.pinkerton.moves import ADD, PASS_CARD, beat_action
from rules.actions import Action, act
from rules.ai.hooks import AIHooks, lead
from rules.cards import DOUBLE_104

# What a card is worth keeping: big cards win future beats, kings most of all.
KEEP: tuple[int, ...] = tuple(abs(VALUE[c]) + (15 if abs(VALUE[c]) == 40 else 0)
                              for c in range(64))
KEEP_WEIGHT = 0.004   # how much a point of KEEP counts against a card we add
ZERO_PENALTY = 2.0    # a pile of 0 lets the next player add without beating
PASS = act("pass")


def choose(state, seat: int, rng: random.Random) -> Action:
    """A legal action for ``seat`` (whose turn it is)."""
    action = _pick(state, seat, rng)
    if state.is_legal(seat, action):
        return action
    return state.legal_actions(seat)[0]  # a safety net; the rules above stay legal


def rollout(state, seat: int, rng: random.Random) -> Action:
    """``choose`` for search rollouts, which call it hundreds of thousands of times: without
    the legality double-check (the rules above stay legal; ``apply`` checks anyway)."""
    return _pick(state, seat, rng)


def _pick(state, seat: int, rng: random.Random,
          scarcity: tuple[float, float] | None = None) -> Action:
    hand = state.hands[seat]
    v = state.total  # the sum of the face-up pile cards, which anyone may add up
    if state.step != "turn":
        add = _best_add(state, seat, v, rng, scarcity)
        return add if add is not None else PASS
    k = beat_size(v)
    if state.passes[seat] and state.pass_cards[seat]:
        exact = cheapest_beat(hand, k, v, KEEP, exact=True)
        if exact is not None:
            take = max(state.pass_cards[seat], key=lambda c: (KEEP[c], c))
            return beat_action(exact, take)
    if state.phase == 3 and v == 0:
        add = _best_add(state, seat, v, rng, scarcity)
        if add is not None:
            return add
    beat = cheapest_beat(hand, k, v, KEEP)
    if beat is not None:
        return beat_action(beat)
    if not hand:
        return PASS
    return PASS_CARD[min(hand, key=lambda c: (KEEP[c], c))]


def _unseen_strength(state, seat: int) -> tuple[float, float]:
    """Share of J/Q/K among cards this seat has not seen, for plus and minus cards."""
    seen = [0] * 64
    for zone in (state.hands[seat], state.pass_cards[seat], state.discard, state.pile):
        for c in zone:
            seen[c] += 1
    copies = 2 + state.extra_decks  # extra decks add one more copy of each card
    plus = minus = unseen = 0
    for c in DOUBLE_104.distinct:
        left = max(0, copies - seen[c])
        unseen += left
        if VALUE[c] >= 20:
            plus += left
        elif VALUE[c] <= -20:
            minus += left
    unseen = max(unseen, 1)
    return plus / unseen, minus / unseen


def _difficulty(nv: int, plus: float, minus: float) -> float:
    """How hard a pile of value ``nv`` is to beat for an unknown hand (higher = harder)."""
    if nv == 0:
        return -ZERO_PENALTY
    k = beat_size(nv)
    closeness = abs(nv) / (40 * k)   # 79 -> 0.99, 80 -> 0.67: just below a threshold is best
    scarce = (minus if nv < 0 else plus) * k
    return closeness - scarce


def _best_add(state, seat: int, v: int, rng: random.Random,
              scarcity: tuple[float, float] | None = None) -> Action | None:
    cards = sorted({c for c in state.hands[seat] if may_add(c, v)})
    if not cards:
        return None
    plus, minus = scarcity or _unseen_strength(state, seat)
    best, best_score = None, None
    for c in cards:
        score = _difficulty(v + VALUE[c], plus, minus) - KEEP_WEIGHT * KEEP[c]
        if best_score is None or score > best_score + 1e-9 or (
                abs(score - best_score) <= 1e-9 and rng.random() < 0.5):
            best, best_score = c, score
    assert best is not None  # cards is not empty
    return ADD[best]


def value(s, seat: int) -> float:
    """The seat's lead in points against the target; being out of the round costs."""
    scores = s.scores
    v = lead(scores[seat], [x for i, x in enumerate(scores) if i != seat], s.options["target"])
    if s.out[seat]:
        v -= 0.3
    return v


def card_value(state, seat: int):
    return lambda c: KEEP[c]


def stock(state) -> list[int]:
    return state.stock


HOOKS = AIHooks("pinkerton", choose, value, rollout=rollout, step_cost=1.2, stock=stock,
                luck_scale=6, skill_scale=3, card_value=card_value)
