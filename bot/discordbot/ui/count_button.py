"""The board's Count button (Pinkerton; RULINGS 6): any seated player but the dealer
may ask for the pile's total at any moment, on their turn or not.

Asking is not a move: the button calls ``Core.ask_count``, which records the count
in the game's events and republishes the board, so everyone sees the total there.
The asker gets a short ephemeral answer; the dealer, a player whose total is already
shown and anyone not seated get the reason, ephemerally.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from ...i18n import EN, Lang
from .. import ids
from ..transport.replies import Reply, answer, bot_of, reaches


def for_board(channel_id: int, view: Mapping[str, Any], lang: Lang = EN) -> list[discord.ui.Item]:
    """The Count button when someone may ask for the count now (none otherwise): the
    one place that knows which public view says so."""
    return [CountButton(channel_id, lang._("Count"))] if view.get("count_askable") else []


class CountButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.COUNT):
    pattern = ids.COUNT  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, label: str = "Count") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="🔢",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=ids.count(channel_id)))
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CountButton:
        return cls(int(match["channel"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        core = bot.core

        async def work() -> Reply:
            await core.ask_count(self.channel_id, interaction.user.id)
            total = core.public_view(self.channel_id).get("pile_total")
            lang = bot.langs.note(interaction)
            return Reply("🔢 " + lang._("The pile stands at {n}; the count is on the board for "
                                       "everyone.", n=f"**{total}**"))

        await answer(interaction, work(), budget=bot.config.ack_budget)
