"""Join and Leave on a tournament's sign-up message (they work after a restart: the
tournament is in the custom_id)."""

from __future__ import annotations

import re
from typing import Any

import discord

from ...i18n import EN, N_, Lang
from .. import ids
from ..members import display_name
from ..transport.replies import Reply, answer, bot_of


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.TOURNEY):
    pattern = ids.TOURNEY  # the template, readable here (discord.py's copy is private)

    LOOK = {"join": (N_("Join"), "🏆", discord.ButtonStyle.success),
            "leave": (N_("Leave"), "🚪", discord.ButtonStyle.secondary),
            "check": (N_("Check in"), "✅", discord.ButtonStyle.primary)}

    def __init__(self, op: str, tournament_id: int, lang: Lang = EN) -> None:
        label, emoji, style = self.LOOK[op]
        super().__init__(discord.ui.Button(label=lang._(label), emoji=emoji, style=style,
                                           custom_id=ids.tourney(op, tournament_id)))
        self.op = op
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TournamentButton:
        return cls(match["op"], int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        lang = bot.langs.of(interaction)

        async def work() -> Reply:
            tournaments = bot.core.tournaments
            if self.op == "join":
                info = await tournaments.join(self.tournament_id, interaction.user.id,
                                              display_name(interaction.user))
                return Reply("🏆 " + lang._("You are entered: {n} players so far.",
                                            n=len(info.state.entrants)))
            if self.op == "check":
                await tournaments.check_in(self.tournament_id, interaction.user.id)
                return Reply("✅ " + lang._("You are checked in: you will be paired when "
                                           "it starts."))
            await tournaments.leave(self.tournament_id, interaction.user.id)
            return Reply("🚪 " + lang._("You have left the tournament."))

        await answer(interaction, work(), budget=bot.config.ack_budget)
