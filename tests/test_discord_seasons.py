"""Seasons through the fake Discord with a fake clock: /leaderboard's season option (this
season, an earlier one from the list), /season info, and /season length for managers."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.core import ManualClock
from bot.core.daily_rules import DAY_SECONDS
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import parlour_bot
from tests.test_core_helpers import play_first_legal

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

NOV_10 = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()


async def _rated_game(fake: FakeDiscord, bot, seed: int, channel: int | None = None) -> None:
    s, core = fake.scene, bot.core
    ch = s.table.id if channel is None else channel
    await core.create_table(ch, s.alice.id, "Alice", "thirteens", {"target": 10},
                            guild_id=s.guild.id, turn_seconds=0, keep_order=True, seed=seed,
                            pings=False)
    await core.join(ch, s.bob.id, "Bob")
    await core.add_ai(ch, s.alice.id, "random")
    await core.start_game(ch, s.alice.id)
    await core.settle()
    await play_first_legal(core, ch)


async def test_leaderboard_seasons_and_season_length(fake_discord: FakeDiscord,
                                                     tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    clock = ManualClock(NOV_10)
    bot = parlour_bot(fake, tmp_path / "p.db", clock=clock)
    async with fake.run_bot(bot):
        await _rated_game(fake, bot, 1)
        await clock.advance(25 * DAY_SECONDS)             # December
        board = await fake.slash(s.alice, "leaderboard", channel=s.table,
                                 options={"game": "thirteens", "season": "current"})
        assert "this season (December 2026)" in board.text
        assert "No rated games in this season yet." in board.text
        choices = await fake.autocomplete(s.alice, "leaderboard", channel=s.table,
                                          focused="season",
                                          options={"game": "thirteens", "season": ""})
        assert [c["name"] for c in choices] == ["All time", "This season", "November 2026"]
        november = await fake.slash(s.alice, "leaderboard", channel=s.table,
                                    options={"game": "thirteens", "season": "2026-11-01"})
        assert "November 2026" in november.text and "Alice" in november.text
        assert "1 game" in november.text
        all_time = await fake.slash(s.alice, "leaderboard", channel=s.table,
                                    options={"game": "thirteens"})
        assert "all time" in all_time.text and "Bob" in all_time.text
        wrong = await fake.slash(s.alice, "leaderboard", channel=s.table,
                                 options={"game": "thirteens", "season": "2020-01-01"})
        assert wrong.ephemeral and wrong.text.startswith("⚠️ No rated games in that season")

        info = await fake.slash(s.bob, "season info", channel=s.table)
        assert "This server's season is **December 2026**" in info.text
        refused = await fake.slash(s.bob, "season length", channel=s.table,
                                   options={"days": 14})
        assert refused.ephemeral and refused.text.startswith(
            "⚠️ Only members who can manage the server can set the season length.")
        assert (await bot.core.current_season(s.guild.id)).name == "December 2026"
        owner = fake.world.owner
        short = await fake.slash(owner, "season length", channel=s.table, options={"days": 3})
        assert short.text.startswith("⚠️ A season lasts from 7 to 365 days")
        done = await fake.slash(owner, "season length", channel=s.table, options={"days": 14})
        assert "Seasons here now last 14 days" in done.text
        assert "**5 Dec - 18 Dec 2026**" in done.text
        assert (await bot.core.current_season(s.guild.id)).key == "2026-12-05"
