"""Rating seasons: ratings per season beside the all-time ratings, with a soft reset.

Every rated game also updates the players' ratings of the current season in each
scope (everywhere, and the table's server).  Seasons are calendar months (UTC)
unless a server sets its own length in days (``set_season_length``); then its
seasons run back to back from the day the length was set.  Everywhere keeps
calendar months.  Earlier seasons' rows stay as they ended (the archive).

Soft reset: a player's first rated game of a season starts from their latest
earlier season in that scope and game, with mu pulled halfway back to the
default (25) and sigma widened by ``RESET_SIGMA`` (in quadrature, at most the
default 25/3): past skill still counts, but a new season can be won by anyone.
The all-time ratings (``ratings``) never see any of this.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from babel.dates import format_date

from rules.messages import Msg

from .daily_rules import day_date, day_of
from .errors import TableError
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, Entrant, rate
from .store import Conn, Store

GLOBAL = "global"   # the scope key of "everywhere" (records.GLOBAL; no import: records uses us)

RESET_PULL = 0.5                  # share of the distance to the default mu kept
RESET_SIGMA = DEFAULT_SIGMA / 2   # added to sigma in quadrature
MIN_DAYS, MAX_DAYS = 7, 365


@dataclass(frozen=True)
class Season:
    start: dt.date      # first day
    end: dt.date        # first day after it

    @property
    def key(self) -> str:
        """How the season is stored and named in commands: its first day, ISO."""
        return self.start.isoformat()

    @property
    def name(self) -> str:
        """"November 2026", or "23 Nov - 6 Dec 2026" for a season of days."""
        return self.label("en")

    def label(self, locale: str) -> str:
        """The name in a language (``"pl"``: "listopad 2026", "5 gru - 18 gru 2026"):
        month names from CLDR through Babel."""
        last = self.end - dt.timedelta(days=1)
        if self.start.day == 1 and self.end == _next_month(self.start):
            return format_date(self.start, "LLLL y", locale=locale)
        first = "d MMM" if self.start.year == last.year else "d MMM y"
        return (f"{format_date(self.start, first, locale=locale)} - "
                f"{format_date(last, 'd MMM y', locale=locale)}")


def _next_month(d: dt.date) -> dt.date:
    return dt.date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def season_at(now: float, length_days: int | None = None, anchor_day: int | None = None
              ) -> Season:
    """The season holding timestamp ``now``: a calendar month, or (``length_days``) one
    of the back-to-back seasons of that many days counted from ``anchor_day``."""
    day = day_of(now)
    if not length_days:
        start = day_date(day).replace(day=1)
        return Season(start, _next_month(start))
    anchor = day if anchor_day is None else anchor_day
    first = anchor + ((day - anchor) // length_days) * length_days
    return Season(day_date(first), day_date(first + length_days))


def season_of(key: str, ends: str) -> Season:
    """A season as stored: its first day and the first day after it (ISO dates)."""
    return Season(dt.date.fromisoformat(key), dt.date.fromisoformat(ends))


def soft_reset(mu: float, sigma: float) -> tuple[float, float]:
    """A player's starting rating in a new season from their rating of the last one."""
    return (DEFAULT_MU + RESET_PULL * (mu - DEFAULT_MU),
            min(DEFAULT_SIGMA, math.hypot(sigma, RESET_SIGMA)))


async def season_settings(conn: Conn | Store, scope: str) -> tuple[int | None, int | None]:
    """(length in days or None for months, anchor day) of ``scope``'s seasons."""
    if scope == GLOBAL:
        return None, None
    row = await conn.fetchone(
        "SELECT length_days, anchor_day FROM season_settings WHERE guild_id = ?", (int(scope),))
    return (row["length_days"], row["anchor_day"]) if row else (None, None)


async def current_season(conn: Conn | Store, scope: str, now: float) -> Season:
    return season_at(now, *(await season_settings(conn, scope)))


async def set_season_length(store: Store, guild_id: int, days: int | None, now: float
                            ) -> Season:
    """A server's season length (None or 0: calendar months); a new season starts today.

    The running season's ratings stay as they are (archived under its first day)."""
    if days and not MIN_DAYS <= days <= MAX_DAYS:
        raise TableError(Msg("A season lasts from {low} to {high} days (or 0 for calendar "
                             "months).", low=MIN_DAYS, high=MAX_DAYS))
    async with store.transaction() as conn:
        await conn.execute(
            "INSERT INTO season_settings (guild_id, length_days, anchor_day, updated) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "length_days = excluded.length_days, anchor_day = excluded.anchor_day, "
            "updated = excluded.updated", (guild_id, days or None, day_of(now), now))
    return season_at(now, days or None, day_of(now))


async def rate_season(conn: Conn, scope: str, game: str, users: list[int | None],
                      ai_entrants: dict[int, Entrant], sides: list[list[int]],
                      side_ranks: list[int], won: dict[int, int], abandoned: set[int],
                      finished: float) -> None:
    """Update the current season's ratings of the seats held by users (``users[i]``)."""
    current = await current_season(conn, scope, finished)
    season = current.key
    entrants: list[Entrant] = []
    played: dict[int, int] = {}
    for seat, user_id in enumerate(users):
        if user_id is None:
            entrants.append(ai_entrants[seat])
            continue
        mu, sigma = await _season_start(conn, scope, current, game, user_id, finished)
        entrants.append(Entrant(user_id, None, mu, sigma))
        played[seat] = 1
    for seat, (mu, sigma) in rate(entrants, sides, side_ranks).items():
        await conn.execute(
            "UPDATE season_ratings SET mu = ?, sigma = ?, games = games + 1, "
            "wins = wins + ?, abandons = abandons + ?, updated = ? "
            "WHERE scope = ? AND season = ? AND game = ? AND user_id = ?",
            (mu, sigma, won.get(seat, 0), int(seat in abandoned), finished,
             scope, season, game, users[seat]))


async def _season_start(conn: Conn, scope: str, current: Season, game: str, user_id: int,
                        now: float) -> tuple[float, float]:
    """The player's (mu, sigma) in season ``current``, its row created (soft reset) and
    locked."""
    season = current.key
    row = await conn.fetchone(
        "SELECT mu, sigma FROM season_ratings WHERE scope = ? AND season = ? AND game = ? "
        "AND user_id = ? FOR UPDATE", (scope, season, game, user_id))
    if row is not None:
        return row["mu"], row["sigma"]
    last = await conn.fetchone(
        "SELECT mu, sigma FROM season_ratings WHERE scope = ? AND season < ? AND game = ? "
        "AND user_id = ? ORDER BY season DESC LIMIT 1", (scope, season, game, user_id))
    mu, sigma = soft_reset(last["mu"], last["sigma"]) if last else (DEFAULT_MU, DEFAULT_SIGMA)
    await conn.execute(
        "INSERT INTO season_ratings (scope, season, ends, game, user_id, mu, sigma, games, "
        "wins, abandons, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?) "
        "ON CONFLICT DO NOTHING",
        (scope, season, current.end.isoformat(), game, user_id, mu, sigma, now))
    row = await conn.fetchone(
        "SELECT mu, sigma FROM season_ratings WHERE scope = ? AND season = ? AND game = ? "
        "AND user_id = ? FOR UPDATE", (scope, season, game, user_id))
    assert row is not None  # inserted just now, or by whoever got there first
    return row["mu"], row["sigma"]


__all__ = ["Season", "current_season", "rate_season", "season_at",
           "season_of", "season_settings", "set_season_length", "soft_reset"]
