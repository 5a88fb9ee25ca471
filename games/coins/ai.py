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

from games.coins import endgame
from games.coins.engine import winning_place
from rules.actions import Action
from rules.ai.hooks import AIHooks, lead
from rules.cards import OROS
from rules.tricks import PLAY

SAMPLES = 24


def _spend_cost(card: int) -> float:
    # Keep coins and high cards for later tricks: a small price for spending them.
    return 0.08 * ((card & 15) - 2) / 12 + (0.25 if card >> 4 == OROS else 0.0)


def choose(state, seat: int, rng: random.Random, samples: int = SAMPLES,
           answer: bool = True) -> Action:
    """``answer``: second to play, the last player is drawn a whole hand and answers the
    trick as it sees it (it takes a trick with a coin in it whenever it can), not with a
    random card: a coin played second is then seen for the coin the third hand collects
    (issue 48).  Off in rollouts, which run this thousands of times."""
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
    last = (seat + 1) % state.n
    if answer and to_come == 1 and len(state.hands[last]) > 1:
        return PLAY[_second(state, hand, unseen, len(state.hands[last]), rng, samples)]
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


def _second(state, hand: list[int], unseen: list[int], size: int, rng: random.Random,
            samples: int) -> int:
    """Second to play: each card scored over sampled hands of the last player, who takes
    the trick when it can and the trick holds a coin (with a coin of its own if it can),
    and otherwise plays a card that does not win it, a coin last."""
    lead_card = state.trick[0][1]
    size = min(size, len(unseen))
    hands = [rng.sample(unseen, size) for _ in range(samples)]
    best, best_score = hand[0], float("-inf")
    for card in hand:
        mine = (lead_card >> 4 == OROS) + (card >> 4 == OROS)
        # The unseen cards that would take the trick from this one, found once for all
        # samples (the easy AI's hottest loop: each sample's hand is looked up in it).
        takes = {c for c in unseen if winning_place(lead_card, card, c) == 2}
        total = 0.0
        for third in hands:
            wins = [c for c in third if c in takes]
            coin = any(c >> 4 == OROS for c in wins)
            if wins and (mine or coin):
                total -= 0.5 * (mine + coin)      # the third hand collects the trick
                continue
            # It cannot (or need not) win: it throws a card that does not take the trick,
            # a coin only if it has nothing else; then the trick is ours or the leader's.
            dumps = [c for c in third if c not in takes] or third
            plain = [c for c in dumps if c >> 4 != OROS] or dumps
            dump = min(plain, key=lambda c: c & 15)
            coins = mine + (dump >> 4 == OROS)
            total += coins if winning_place(lead_card, card, dump) == 1 else -0.5 * coins
        score = total / len(hands) - _spend_cost(card)
        if score > best_score:
            best, best_score = card, score
    return best


def prune(state, seat: int, legal: list[Action]) -> list[Action]:
    """Second to play, a coin the last hand could take is not worth weighing when a card
    that is no coin takes the trick whatever the last hand holds: that card wins the same
    trick and keeps the coin (issue 48: 5O on 2E, collected by a cup, with KE in hand)."""
    trick = state.trick
    if len(trick) != 1 or state.n != 3:
        return legal
    lead_card = trick[0][1]
    hand = state.hands[seat]
    seen = set(hand) | {lead_card}
    for won in state.won:
        seen.update(won)
    unseen = [int(c) for c in state.game.deck.cards if int(c) not in seen]

    def beaten(card: int) -> bool:
        return any(winning_place(lead_card, card, c) == 2 for c in unseen)

    if not any(c >> 4 != OROS and not beaten(c) for c in hand):
        return legal
    kept = [a for a in legal if not (a.args[0] >> 4 == OROS and beaten(a.args[0]))]
    return kept or legal


def rollout(state, seat: int, rng: random.Random) -> Action:
    """The same idea with few samples: search rollouts call this thousands of times."""
    return choose(state, seat, rng, samples=1, answer=False)


def value(s, seat: int) -> float:
    """The seat's lead in coins, against the target."""
    others = [v for i, v in enumerate(s.scores) if i != seat]
    return lead(s.scores[seat], others, s.target)


# The endgame solver takes over sampled worlds this many tricks before the end of a hand
# (rules/ai/endgame.py): where a solve costs a few rollouts at most (measured by
# ``parlour selfplay --endgame``, docs/AI.md).
HOOKS = AIHooks("coins", choose, value, rollout=rollout, step_cost=1.0, prune=prune,
                endgame=endgame.model, endgame_tricks=3)
