"""The Discord side of the web table (bot/web; docs/ACTIVITY.md), when it is on.

* The board's **Open table** button answers with ``launch_activity()`` (Discord opens the
  app's Activity in that channel) and binds the instance Discord returns to the table, in
  the database (``activity_instances``): the Activity's sign-in then opens that table, in
  any process and after a restart.  An instance launched from the App Launcher has no
  binding: it opens the table of its channel (``bot/web/auth.py``).
* The board's **Watch in a browser** link: ``PUBLIC_URL/t/<channel>`` (a spectator page for
  people who can see the channel, checked by ``can_view``).
* ``link(bot)``: what the web transport needs of Discord (``bot.web.auth.DiscordLink``).

Both buttons are on a board only while this process serves the web table (``turn_on``):
with it off the board is as before.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from ... import compat
from ...i18n import N_, Lang
from ...web.auth import DiscordLink
from ...web.sessions import WebStore
from .. import ids
from ..transport.replies import bot_of, reaches

log = logging.getLogger("parlour.discord")

NO_LAUNCH = N_("The Activity could not open here: the bot's Activity is not set up in the "
               "Developer Portal, or this channel does not allow it.")

# The public URL of this process's web table; None while it is off (no buttons).
_public_url: str | None = None


def turn_on(public_url: str | None) -> None:
    """Show the web table's buttons on boards (``public_url``), or not (None)."""
    global _public_url
    _public_url = public_url.rstrip("/") if public_url else None


def for_board(channel_id: int, lang: Lang) -> list[discord.ui.Item]:
    """The board's web buttons: Open table and the spectator link (none while off)."""
    if _public_url is None:
        return []
    return [OpenTableButton(channel_id, lang._("Open table")),
            discord.ui.Button(style=discord.ButtonStyle.link, label=lang._("Watch in a browser"),
                              emoji="🌐", url=f"{_public_url}/t/{channel_id}")]


class OpenTableButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.OPEN):
    pattern = ids.OPEN  # the template, readable here (discord.py's copy is private)

    def __init__(self, channel_id: int, label: str = "Open table") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="🃏",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=ids.open_table(channel_id)))
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OpenTableButton:
        return cls(int(match["channel"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await reaches(interaction, self.channel_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            launched = await interaction.response.launch_activity()
        except discord.HTTPException as e:
            log.info("launch_activity refused in channel %s: %s", self.channel_id, e.status)
            lang = bot.langs.note(interaction)
            await interaction.response.send_message(lang._(NO_LAUNCH), ephemeral=True)
            return
        resource = launched.resource
        instance = resource.id if isinstance(
            resource, discord.InteractionCallbackActivityInstance) else launched.activity_id
        if instance is None:
            log.warning("launch_activity in channel %s returned no instance", self.channel_id)
            return
        info = bot.core.table(self.channel_id) or await bot.core.fetch_table(self.channel_id)
        await WebStore(bot.core.store).bind_instance(
            instance, self.channel_id, info.table_id if info is not None else None)


def link(bot: discord.Client, token: str | None) -> DiscordLink:
    """What the web transport asks of Discord, answered by ``bot``."""

    async def can_view(user_id: int, channel_id: int) -> bool:
        return await may_view(bot, user_id, channel_id)

    return DiscordLink(api_root=compat.api_root, bot_token=token, can_view=can_view)


async def may_view(bot: discord.Client, user_id: int, channel_id: int) -> bool:
    """Whether ``user_id`` may see the guild channel ``channel_id`` (View Channel, with the
    member's roles and the channel's overwrites, as discord.py computes them).  From the
    cache when this process runs the guild's shard; else from the API: the channel (for its
    guild), the guild with its roles, the channel again as that guild's, and the member.
    Anything that cannot be found or fetched (not a guild channel, not a member): False."""
    try:
        channel = bot.get_channel(channel_id)
        if channel is None:
            found = await bot.fetch_channel(channel_id)
            if not isinstance(found, discord.abc.GuildChannel | discord.Thread):
                return False
            # A channel fetched alone comes with an empty guild (no roles): fetch that.
            guild = bot.get_guild(found.guild.id) or await bot.fetch_guild(found.guild.id)
            channel = guild.get_channel_or_thread(channel_id) \
                or await guild.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return False
        guild = channel.guild
        member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        return bool(channel.permissions_for(member).view_channel)
    except discord.HTTPException:
        return False


__all__ = ["OpenTableButton", "for_board", "link", "may_view", "turn_on"]
