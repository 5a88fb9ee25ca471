"""``/season``: this server's rating season, and (server managers) its length."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..core.seasons import MAX_DAYS, MIN_DAYS, RESET_PULL
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

RESET = (f"At a new season everyone's rating starts from their last season's, pulled "
         f"{RESET_PULL:.0%} of the way back to a newcomer's and made less certain, so "
         "anyone can win it. The all-time ratings never reset.")


def build(bot: ParlourBot) -> app_commands.Group:
    season = app_commands.Group(name="season", description="Rating seasons on this server",
                                guild_only=True)

    @season.command(name="info", description="The running rating season on this server")
    async def info(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            current = await bot.core.current_season(interaction.guild_id)
            return Reply(f"🏆 This server's season is **{current.name}**. {RESET} See it with "
                         "`/leaderboard season:This season`.")
        await answer(interaction, work(), budget=bot.config.ack_budget)

    @season.command(name="length", description="Set how long this server's rating seasons "
                    "last (server managers)")
    @app_commands.describe(days=f"Days per season, {MIN_DAYS} to {MAX_DAYS}; 0 = calendar "
                                "months (the default)")
    async def length(interaction: discord.Interaction,
                     days: app_commands.Range[int, 0, MAX_DAYS]) -> None:
        async def work() -> Reply:
            assert interaction.guild_id is not None  # /season is guild_only
            # Checked here: Discord hides a whole command from members, not a subcommand.
            if not interaction.permissions.manage_guild:
                return Reply("⚠️ Only members who can manage the server can set the season "
                             "length.")
            new = await bot.core.set_season_length(interaction.guild_id, days or None)
            what = "calendar months" if not days else f"{days} days"
            return Reply(f"🏆 Seasons here now last {what}. A new season, **{new.name}**, "
                         "starts today; the one before is kept as it stands. " + RESET,
                         ephemeral=False)
        await answer(interaction, work(), budget=bot.config.ack_budget, ephemeral=False)

    return season
