"""Duel's AI hooks: a rule of thumb and a position's worth, all the generic AI needs."""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.hooks import AIHooks, lead
from rules.tricks import PLAY


def choose(state: Any, seat: int, rng: random.Random) -> Action:
    """Second to play: the lowest card that takes the trick, else the lowest card.
    Leading: the highest card."""
    cards = sorted((int(a.args[0]) for a in state.legal_actions(seat)), key=lambda c: c & 15)
    if not state.trick:
        return PLAY[cards[-1]]
    led = state.trick[0][1]
    winners = [c for c in cards if c >> 4 == led >> 4 and c & 15 > led & 15]
    return PLAY[(winners or cards)[0]]


def value(state: Any, seat: int) -> float:
    """The seat's lead in tricks, against the target."""
    others = [v for i, v in enumerate(state.scores) if i != seat]
    return lead(state.scores[seat], others, state.target)


HOOKS = AIHooks("duel", choose, value)
