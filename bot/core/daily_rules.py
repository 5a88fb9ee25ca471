"""What the daily deal of each game is: seats, options, whole game or one deal, the score.

Each game's plug-in carries its daily (``bot/games/<game>.py``; docs/CORE.md, "The
daily deal", says why each game gets what it gets).  Every daily is higher-is-better,
like the engines' own scores.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
    unit: str = "point"               # what the score counts (``units`` in bot/present/base.py)
    quota: bool = False               # the score is tricks over or short of a quota


def daily_rules() -> dict[str, DailyRule]:
    """Every game's daily by game, in the order the games registered (their plug-ins
    carry them: ``bot/games/<game>.py``)."""
    from ..plugins import plugins  # the plug-in modules import this one

    return {p.name: p.daily for p in plugins() if p.daily is not None}


def rule_for(game: str) -> DailyRule | None:
    return daily_rules().get(game.strip().lower())


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
    return not rule.whole_game and state.deal_no > 1
