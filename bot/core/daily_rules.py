"""What the daily deal of each game is: seats, options, whole game or one deal, the score.

Each game's plug-in carries its daily (``games/<game>/plugin.py``; docs/CORE.md, "The
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
    # The game's number in a daily control's custom_id (``bot/discordbot/ids.py``), 0-15,
    # one per game and never changed: old buttons name their game by it.  The built-in
    # games keep the numbers their registration order gave them until a556011 (coins 0,
    # pinkerton 1, piquet 2, starshina 3, thirteens 4); a plug-in picks a free one.
    code: int = -1


def daily_rules() -> dict[str, DailyRule]:
    """Every game's daily by game, in the order the games registered (their plug-ins
    carry them: ``games/<game>/plugin.py``).  Controls name a daily by its ``code``, not
    by this order."""
    from ..plugins import plugins  # the plug-in modules import this one

    return {p.name: p.daily for p in plugins() if p.daily is not None}


DAILY_CODES = 16    # the numbers a daily's code may take


def check_code(rule: DailyRule, taken: dict[str, DailyRule]) -> None:
    """ValueError unless ``rule.code`` is 0-15 and no other game's daily in ``taken``
    has it (a plug-in's registration)."""
    if not 0 <= rule.code < DAILY_CODES:
        raise ValueError(f"The daily deal of '{rule.game}' needs a code from 0 to "
                         f"{DAILY_CODES - 1} (DailyRule.code), not {rule.code}.")
    for other in taken.values():
        if other.code == rule.code and other.game != rule.game:
            raise ValueError(f"The daily deals of '{rule.game}' and '{other.game}' have the "
                             f"same code {rule.code}.")


def by_code(code: int) -> DailyRule | None:
    """The daily whose custom_id number is ``code``; None if no game has it now."""
    return next((r for r in daily_rules().values() if r.code == code), None)


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
