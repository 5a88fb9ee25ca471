"""``/season``: this server's rating season, and (server managers) its length."""

from __future__ import annotations

import discord
from discord import app_commands

from ...core import Core
from ...core.seasons import MAX_DAYS, MIN_DAYS, RESET_PULL
from ...i18n import N_, Lang, lang_for
from ..languages import Languages, guild_default
from ..transport.replies import Reply, answer

RESET = N_("At a new season everyone's rating starts from their last season's, pulled "
           "{pull}% of the way back to a newcomer's and made less certain, so anyone can "
           "win it. The all-time ratings never reset.")


def reset_text(lang: Lang) -> str:
    return lang._(RESET, pull=round(RESET_PULL * 100))


class SeasonCommands(app_commands.Group, name="season",
                     description="Rating seasons on this server", guild_only=True):
    """The ``/season`` group; each subcommand is a method."""

    def __init__(self, *, core: Core, langs: Languages, budget: float) -> None:
        super().__init__()
        self.core, self.langs, self.budget = core, langs, budget

    @app_commands.command(name="info", description="The running rating season on this server")
    async def info(self, interaction: discord.Interaction) -> None:
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            current = await self.core.current_season(interaction.guild_id)
            return Reply("🏆 " + lang._(
                "This server's season is {season}. {reset} See it with {command}.",
                season=f"**{current.label(lang.code)}**", reset=reset_text(lang),
                command="`/" + lang.pgettext("command name", "leaderboard") + "`"))
        await answer(interaction, work(), budget=self.budget)

    @app_commands.command(name="length", description="Set how long this server's rating seasons "
                          "last (server managers)")
    @app_commands.describe(days=f"Days per season, {MIN_DAYS} to {MAX_DAYS}; 0 = calendar "
                                "months (the default)")
    async def length(self, interaction: discord.Interaction,
                     days: app_commands.Range[int, 0, MAX_DAYS]) -> None:
        lang = self.langs.of(interaction)
        # The announcement is public: in the server's language, as a new table's board.
        server = lang_for(guild_default(interaction))

        async def work() -> Reply:
            assert interaction.guild_id is not None  # /season is guild_only
            # Checked here: Discord hides a whole command from members, not a subcommand.
            if not interaction.permissions.manage_guild:
                return Reply("⚠️ " + lang._("Only members who can manage the server can set "
                                           "the season length."))
            new = await self.core.set_season_length(interaction.guild_id, days or None)
            what = (server._("calendar months") if not days
                    else server.n_("{n} day", "{n} days", days))
            return Reply("🏆 " + server._(
                "Seasons here now last {what}. A new season, {season}, starts today; the one "
                "before is kept as it stands.", what=what,
                season=f"**{new.label(server.code)}**") + " " + reset_text(server),
                ephemeral=False)
        await answer(interaction, work(), budget=self.budget, ephemeral=False)

