"""Coins heuristic: weigh each card by what the trick is likely to be worth.

Last to play, the outcome of every card is known exactly.  Earlier, the
unplayed cards of the others are drawn from what this seat has not seen
(its hand, this hand's finished tricks and the current trick are known),
and each card is scored by its average outcome.  A point for this seat
counts +1, a point for an opponent -0.5 (there are two of them); spending
high cards and coins costs a little, so cheap cards win when they can.
"""

from __future__ import annotations

import random

from ...actions import Action
from ...cards import OROS
from ...games.coins import winning_place
from ...tricks import PLAY
from ..hooks import AIHooks, lead

SAMPLES = 24


def _spend_cost(card: int) -> float:
    # Keep coins and high cards for later tricks: a small price for spending them.
    return 0.08 * ((card & 15) - 2) / 12 + (0.25 if card >> 4 == OROS else 0.0)


def choose(state, seat: int, rng: random.Random, samples: int = SAMPLES) -> Action:
    hand = state.hands[seat]
    trick = state.trick
    if len(hand) == 1:
        return PLAY[hand[0]]
    seen = set(hand)
    for won in state.won:
        seen.update(won)
    seen.update(c for _, c in trick)
    # Card codes, not Card objects: sampling picks the same positions either way, and
    # the loop below runs hand x samples times (the bot's easy AI makes most moves).
    unseen = [int(c) for c in state.game.deck.cards if int(c) not in seen]
    to_come = state.n - len(trick) - 1   # cards the others still play to this trick
    best, best_score = hand[0], float("-inf")
    draws = [rng.sample(unseen, to_come) for _ in range(samples)] if to_come else [[]]
    # The coins among the others' cards of each sample, counted once for all cards.
    rest_coins = [sum(1 for c in drawn if c >> 4 == OROS) for drawn in draws]
    coins_so_far = sum(1 for _, c in trick if c >> 4 == OROS)
    played = [c for _, c in trick]
    place = len(trick)   # this seat's card in the trick's order
    for card in hand:
        mine = coins_so_far + (1 if card >> 4 == OROS else 0)
        # Whether this card wins each sample's trick: the winner's place, not its seat,
        # from the three cards alone (the hand x samples loop is the easy AI's cost).
        if place == 0:
            wins = [winning_place(card, a, b) == 0 for a, b in draws]
        elif place == 1:
            wins = [winning_place(played[0], card, a) == 1 for (a,) in draws]
        else:
            wins = [winning_place(played[0], played[1], card) == 2]
        total = 0.0
        # The trick's coins: +1 each if this seat takes it, -0.5 if an opponent does.
        for won, others in zip(wins, rest_coins, strict=True):
            coins = mine + others
            total += coins if won else -0.5 * coins
        score = total / len(draws) - _spend_cost(card)
        if score > best_score:
            best, best_score = card, score
    return PLAY[best]


def rollout(state, seat: int, rng: random.Random) -> Action:
    """The same idea with few samples: search rollouts call this thousands of times."""
    return choose(state, seat, rng, samples=1)


def value(s, seat: int) -> float:
    """The seat's lead in coins, against the target."""
    others = [v for i, v in enumerate(s.scores) if i != seat]
    return lead(s.scores[seat], others, s.target)


HOOKS = AIHooks("coins", choose, value, rollout=rollout, step_cost=1.0)
