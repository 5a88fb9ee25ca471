"""Thirteens "easy" player: win tricks worth having, dump jokers, shed low cards.

Uses only what ``seat`` may see: its own hand, the current trick, the turned
card, the cards already played this hand (all played face up) and the voids
players have shown.  Every legal card gets a score: the chance it takes the
trick times what the trick would be worth, minus what the card is worth
keeping.  A joker can never win a trick, so playing one is always a dump.
"""

from __future__ import annotations

import random

from games.thirteens import endgame
from games.thirteens.engine import thirteens_winner
from games.thirteens.scoring import NO_TRICK_PENALTY, trick_points
from rules.actions import Action
from rules.ai.hooks import AIHooks, lead
from rules.cards import JOKER_SUIT

ALL_CARDS = tuple(s * 16 + r for s in range(4) for r in range(2, 15)) + (129, 130)
JOKER_DUMP = 2.5   # value of getting rid of a joker (-4 avoided, less the lost chance)
EXTRA_CARD = 0.8   # rough worth of each card still to come in a trick we win
UNSAFE_WIN = 0.35  # chance a currently-winning card holds up against later players


def choose(state, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    trick = state.trick
    n = state.n
    trump = state.trump
    later = [(trick[0][0] + k) % n for k in range(len(trick) + 1, n)] if trick else \
        [(seat + k) % n for k in range(1, n)]
    unseen = _unseen(state, seat)
    unseen_jokers = sum(1 for c in unseen if c >> 4 == JOKER_SUIT)
    # Winning one trick saves the no-trick penalty; press harder as the hand runs out.
    need = NO_TRICK_PENALTY * (1.5 if len(state.hands[seat]) <= 3 else 1.0) \
        if state.tricks[seat] == 0 else 0.0
    joker_risk = 4.0 * unseen_jokers * len(later) / max(1, len(unseen)) * 2
    cards = [c for _, c in trick]
    best: list[Action] = []
    best_score = -1e9
    for a in legal:
        c = int(a.args[0])
        if c >> 4 == JOKER_SUIT:
            score = JOKER_DUMP
        else:
            p = _win_chance(c, seat, trick, trump, later, unseen, state.voids)
            if p > 0:
                pts = trick_points(cards + [c], state.thirteen_value)[0]
                worth = pts + EXTRA_CARD * len(later) - joker_risk + need
                score = p * worth - _keep_value(c, trump)
            else:
                score = -_keep_value(c, trump)
        if score > best_score + 1e-9:
            best, best_score = [a], score
        elif abs(score - best_score) <= 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else rng.choice(best)


def _unseen(state, seat: int) -> set[int]:
    """Cards this seat has not seen: not in its hand, not played this hand, not turned."""
    seen = set(state.hands[seat])
    for won in state.won:
        seen.update(won)
    for _, c in state.trick:
        seen.add(c)
    seen.add(state.turned)
    return {c for c in ALL_CARDS if c not in seen}


def _win_chance(card: int, seat: int, trick: list[list[int]], trump: int | None,
                later: list[int], unseen: set[int], voids: list[list[int]]) -> float:
    played = trick + [[seat, card]]
    if thirteens_winner(played, trump) != seat:
        return 0.0
    if not later:
        return 1.0
    has_joker = any(c >> 4 == JOKER_SUIT for _, c in played)
    led = next(c >> 4 for _, c in played if c >> 4 != JOKER_SUIT)
    suit, rank = card >> 4, card & 15
    for x in unseen:
        s = x >> 4
        if s == JOKER_SUIT:
            # A joker from a later player would cancel trumps: fatal only to a ruff.
            if trump is not None and suit == trump != led:
                return UNSAFE_WIN
        elif s == suit and (x & 15) > rank:
            return UNSAFE_WIN
        elif (not has_joker and trump is not None and s == trump and suit != trump
              and any(led in voids[p] for p in later)):
            return UNSAFE_WIN
    return 1.0


def _keep_value(card: int, trump: int | None) -> float:
    """How much a card is worth holding on to: high cards and trumps win tricks later."""
    rank = card & 15
    return 0.05 * rank + (0.6 if card >> 4 == trump else 0.0)


def value(s, seat: int) -> float:
    """The seat's lead in points, counting the hand in progress."""
    tot = [a + b for a, b in zip(s.scores, s.hand_points, strict=True)]
    return lead(tot[seat], [v for i, v in enumerate(tot) if i != seat], 30.0)


# The endgame solver takes over sampled worlds this many tricks before the end of a hand
# (rules/ai/endgame.py): where a solve costs a few rollouts at most (measured by
# ``parlour selfplay --endgame``, docs/AI.md).
HOOKS = AIHooks("thirteens", choose, value, step_cost=0.9,
                endgame=endgame.model, endgame_tricks=3)
