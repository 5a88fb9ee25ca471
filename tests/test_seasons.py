"""Rating seasons under a fake clock: per-season ratings beside the untouched all-time ones,
the soft reset at a new season, earlier seasons archived, and servers' own season lengths
(both backends)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.core import ManualClock, TableError
from bot.core.daily_rules import DAY_SECONDS
from bot.core.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Entrant,
    ai_entrant,
    rate,
    sides_and_ranks,
)
from bot.core.seasons import season_at, soft_reset
from tests.test_core_helpers import BOB, HOST, make_table, play_first_legal
from tests.test_core_helpers import running_core as running

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

GUILD = 900
NOV_10 = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()


async def _game(core, seed: int, guild: int | None = GUILD) -> None:
    await make_table(core, "thirteens", humans=(HOST, BOB), ais=("random",), guild=guild,
                     seed=seed, options={"target": 10})
    await play_first_legal(core, 1)


def _row(rows, user):
    return next(r for r in rows if r.user_id == user)


def test_months_and_seasons_of_days() -> None:
    nov = season_at(NOV_10)
    assert (nov.key, nov.name) == ("2026-11-01", "November 2026")
    assert season_at(NOV_10 + 25 * DAY_SECONDS).name == "December 2026"
    anchor = int(NOV_10 // DAY_SECONDS)
    two_weeks = season_at(NOV_10 + 20 * DAY_SECONDS, 14, anchor)
    assert two_weeks.key == "2026-11-24" and two_weeks.name == "24 Nov - 7 Dec 2026"
    mu, sigma = soft_reset(35.0, 2.0)
    assert mu == 30.0 and 2.0 < sigma <= DEFAULT_SIGMA      # halfway back, wider
    assert soft_reset(DEFAULT_MU, DEFAULT_SIGMA) == (DEFAULT_MU, DEFAULT_SIGMA)


async def test_a_season_rates_beside_all_time_then_resets_softly_and_is_archived(
        tmp_path) -> None:
    clock = ManualClock(NOV_10)
    async with running(tmp_path, clock=clock) as env:
        core = env.core
        for seed in (1, 2, 3):
            await _game(core, seed)
        all_time = await core.leaderboard("thirteens", GUILD)
        november = await core.leaderboard("thirteens", GUILD, season="current")
        assert (await core.current_season(GUILD)).name == "November 2026"
        # Everyone starts a season where they started all-time: the same games, the same
        # ratings - in a first season only.
        for r in all_time:
            s = _row(november, r.user_id)
            assert (s.games, s.wins) == (r.games, r.wins)
            assert s.mu == pytest.approx(r.mu) and s.sigma == pytest.approx(r.sigma)
        everywhere = await core.leaderboard("thirteens", "global", season="current")
        assert {r.user_id for r in everywhere} == {HOST, BOB}

        await clock.advance(25 * DAY_SECONDS)   # December
        assert (await core.current_season(GUILD)).name == "December 2026"
        assert await core.leaderboard("thirteens", GUILD, season="current") == []
        await _game(core, 4)
        december = await core.leaderboard("thirteens", GUILD, season="current")
        archived = await core.leaderboard("thirteens", GUILD, season="2026-11-01")
        assert archived == november                       # the archive does not move
        for r in december:
            assert r.games == 1
        # The soft reset: December's game was rated from November's ratings pulled back.
        last = (await core.recent_games(guild_id=GUILD, limit=1))[0]
        entrants = [Entrant(u, None, *soft_reset(_row(november, u).mu, _row(november, u).sigma))
                    for u in (HOST, BOB)] + [ai_entrant("random")]
        sides, ranks = sides_and_ranks(3, last.ranks, set())
        expected = rate(entrants, sides, ranks)
        for seat, user in enumerate((HOST, BOB)):
            assert _row(december, user).mu == pytest.approx(expected[seat][0])
            assert _row(december, user).sigma == pytest.approx(expected[seat][1])
        # All-time carries on unaffected by the reset: four games, no pull back.
        after = await core.leaderboard("thirteens", GUILD)
        assert _row(after, HOST).games == 4
        assert [s.name for s in await core.seasons("thirteens", GUILD)] == [
            "December 2026", "November 2026"]


async def test_all_time_ratings_are_the_same_with_or_without_seasons(tmp_path) -> None:
    """Seasons rate beside the all-time ratings: whatever the seasons do, all-time ends
    exactly as it would in one long season."""
    results = []
    for name, gap in (("a.db", 0), ("b.db", 40 * DAY_SECONDS)):
        clock = ManualClock(NOV_10)
        async with running(tmp_path, name=name, clock=clock) as env:
            for seed in (1, 2, 3, 4):
                await _game(env.core, seed)
                await clock.advance(gap)   # b: every game in another month
            results.append([(r.user_id, r.mu, r.sigma, r.games)
                            for r in await env.core.leaderboard("thirteens", GUILD)])
            seasons = await env.core.seasons("thirteens", GUILD)
            assert len(seasons) == (1 if gap == 0 else 4)
    assert results[0] == results[1]


async def test_a_server_sets_its_own_season_length(tmp_path) -> None:
    clock = ManualClock(NOV_10)
    async with running(tmp_path, clock=clock) as env:
        core = env.core
        await _game(core, 1)
        season = await core.set_season_length(GUILD, 14)
        assert season.key == "2026-11-10" and season.name == "10 Nov - 23 Nov 2026"
        await _game(core, 2)
        assert len(await core.leaderboard("thirteens", GUILD, season="2026-11-01")) == 2
        assert _row(await core.leaderboard("thirteens", GUILD, season="current"),
                    HOST).games == 1
        # Everywhere keeps calendar months.
        assert (await core.current_season("global")).key == "2026-11-01"
        assert _row(await core.leaderboard("thirteens", "global", season="current"),
                    HOST).games == 2
        await clock.advance(14 * DAY_SECONDS)
        assert (await core.current_season(GUILD)).key == "2026-11-24"
        for bad in (3, 400):
            with pytest.raises(TableError, match="A season lasts from 7 to 365 days"):
                await core.set_season_length(GUILD, bad)
        assert (await core.current_season(GUILD)).key == "2026-11-24"   # unchanged
        await core.set_season_length(GUILD, 0)                           # back to months
        assert (await core.current_season(GUILD)).name == "November 2026"
