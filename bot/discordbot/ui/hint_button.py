"""The hand panel's Hint button: the move the hard AI would make now, and why.

Drawn only where hints are fair (core/hints.py: no other human at the table, or the
host switched hints on; the daily deal's panels never have it).  The answer is
ephemeral and computed in the AI's pool (``Core.hints``), off the event loop; a click
on a panel drawn for an earlier position says so instead of hinting at the new one.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ...i18n import EN, Lang
from ...present import coach as words
from .. import ids, scene_view
from ..transport.replies import Reply, answer, reaches

STALE = "That was for an earlier position - the game has moved on."


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.HINT):
    pattern = ids.HINT  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, move: int, *, lang: Lang = EN) -> None:
        super().__init__(discord.ui.Button(label=lang._("Hint"), emoji="💡",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=ids.hint(channel_id, move)))
        self.channel_id = channel_id
        self.move = move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["channel"]), int(match["move"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client

        async def work() -> Reply:
            lang = bot.langs.note(interaction)
            info = bot.core.table(self.channel_id)
            if info is None or info.move != self.move:
                return Reply("⏩ " + lang._(STALE))
            got = await bot.core.hints.hint(self.channel_id, interaction.user.id)
            move = scene_view.describe(info.game, got.action, lang.code)
            return Reply("💡 " + words.hint_text(f"**{move}**", got.reasons, lang))

        await answer(interaction, work(), budget=bot.config.ack_budget)
