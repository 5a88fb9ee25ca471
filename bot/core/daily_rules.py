"""What the daily deal of each game is: seats, options, whole game or one deal, the score.

One place for the per-game choices (docs/CORE.md, "The daily deal", says why each
game gets what it gets).  Every daily is higher-is-better, like the engines' own
scores.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import N_
from rules.base import State

DAY_SECONDS = 86_400
# Daily #1 is the first UTC day of 2026; the number is what players quote.
FIRST_DAY = dt.date(2026, 1, 1)
AI_LEVEL = "normal"    # the AI seats every player meets
PAR_LEVEL = "hard"     # the AI whose score from the player's seat is par


@dataclass(frozen=True)
class DailyRule:
    game: str
    players: int
    options: dict = field(default_factory=dict)
    whole_game: bool = False          # False: the daily ends with the first deal
    # Reads the game's own State subclass (scores, totals, last_hand: not on State)
    score: Callable[[Any, int], float] = lambda s, seat: s.scores[seat]
    why: str = ""                     # /daily's help and the docs (bot/present/daily.py)


DAILY_RULES: dict[str, DailyRule] = {r.game: r for r in (
    DailyRule("coins", 3, {"target": 10}, whole_game=True,
              why=N_("a whole game to 10 coins: it takes a few minutes")),
    DailyRule("thirteens", 4,
              why=N_("one hand: a game to 50 points takes many hands")),
    DailyRule("pinkerton", 4,
              why=N_("one round: a game to 100 points takes many rounds")),
    DailyRule("piquet", 2, {"variant": "rubicon"},
              score=lambda s, seat: s.totals[seat],
              why=N_("one deal of rubicon piquet: a partie is six deals")),
    DailyRule("starshina", 3,
              score=lambda s, seat: (s.last_hand or {"diffs": [0] * s.n})["diffs"][seat],
              why=N_("one hand, scored as tricks over or short of your quota: a game "
                     "lasts until someone takes twelve tricks in a hand, which can take "
                     "many hands")),
)}


def rule_for(game: str) -> DailyRule | None:
    return DAILY_RULES.get(game.strip().lower())


def day_of(now: float) -> int:
    """The UTC day of timestamp ``now`` (days since 1970-01-01)."""
    return int(now // DAY_SECONDS)


def day_date(day: int) -> dt.date:
    return dt.date(1970, 1, 1) + dt.timedelta(days=day)


def daily_number(day: int) -> int:
    """The number players quote: "Coins daily #123"."""
    return (day_date(day) - FIRST_DAY).days + 1


def daily_seed(game: str, day: int) -> int:
    """The seed of ``game``'s deal on ``day``: the same everywhere, different each day."""
    digest = hashlib.sha256(f"parlour-daily/{game}/{day_date(day).isoformat()}".encode())
    return int.from_bytes(digest.digest()[:8], "big") >> 2


def player_seat(rule: DailyRule, seed: int) -> int:
    """The seat the players take today (it moves from day to day with the seed)."""
    return seed % rule.players


def deal_done(rule: DailyRule, state: State) -> bool:
    """Is the daily over: the game ended, or (one-deal dailies) the second deal began?"""
    if state.over:
        return True
    return not rule.whole_game and getattr(state, state.deal_field) > 1
