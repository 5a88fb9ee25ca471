"""``/season``: this server's rating season, and (server managers) its length."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..core.seasons import MAX_DAYS, MIN_DAYS, RESET_PULL
from ..i18n import N_, Lang, lang_for
from .languages import guild_default
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

RESET = N_("At a new season everyone's rating starts from their last season's, pulled "
           "{pull}% of the way back to a newcomer's and made less certain, so anyone can "
           "win it. The all-time ratings never reset.")


def reset_text(lang: Lang) -> str:
    return lang._(RESET, pull=round(RESET_PULL * 100))


def build(bot: ParlourBot) -> app_commands.Group:
    season = app_commands.Group(name="season", description="Rating seasons on this server",
                                guild_only=True)

    @season.command(name="info", description="The running rating season on this server")
    async def info(interaction: discord.Interaction) -> None:
        lang = bot.langs.of(interaction)

        async def work() -> Reply:
            current = await bot.core.current_season(interaction.guild_id)
            return Reply("🏆 " + lang._(
                "This server's season is {season}. {reset} See it with {command}.",
                season=f"**{current.label(lang.code)}**", reset=reset_text(lang),
                command="`/" + lang.pgettext("command name", "leaderboard") + "`"))
        await answer(interaction, work(), budget=bot.config.ack_budget)

    @season.command(name="length", description="Set how long this server's rating seasons "
                    "last (server managers)")
    @app_commands.describe(days=f"Days per season, {MIN_DAYS} to {MAX_DAYS}; 0 = calendar "
                                "months (the default)")
    async def length(interaction: discord.Interaction,
                     days: app_commands.Range[int, 0, MAX_DAYS]) -> None:
        lang = bot.langs.of(interaction)
        # The announcement is public: in the server's language, as a new table's board.
        server = lang_for(guild_default(interaction))

        async def work() -> Reply:
            assert interaction.guild_id is not None  # /season is guild_only
            # Checked here: Discord hides a whole command from members, not a subcommand.
            if not interaction.permissions.manage_guild:
                return Reply("⚠️ " + lang._("Only members who can manage the server can set "
                                           "the season length."))
            new = await bot.core.set_season_length(interaction.guild_id, days or None)
            what = (server._("calendar months") if not days
                    else server.n_("{n} day", "{n} days", days))
            return Reply("🏆 " + server._(
                "Seasons here now last {what}. A new season, {season}, starts today; the one "
                "before is kept as it stands.", what=what,
                season=f"**{new.label(server.code)}**") + " " + reset_text(server),
                ephemeral=False)
        await answer(interaction, work(), budget=bot.config.ack_budget, ephemeral=False)

    return season
