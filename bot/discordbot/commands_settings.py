"""``/settings``: a player's own switches (today: turn pings), kept per user."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..i18n import EN, Lang
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

SWITCH = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def build(bot: ParlourBot) -> list[app_commands.Command]:
    @app_commands.command(name="settings", description="Your settings: whether you are "
                          "mentioned when your turn starts")
    @app_commands.describe(pings="on: a message mentions you when your turn starts (default); "
                                 "off: no mention")
    @app_commands.choices(pings=SWITCH)
    async def settings(interaction: discord.Interaction, pings: str | None = None) -> None:
        async def work() -> Reply:
            pinger = bot.feed.pings
            user_id = interaction.user.id
            if pings is not None:
                await pinger.set_user(user_id, pings == "on")
            return Reply(pings_text(pinger.user_on(user_id), changed=pings is not None,
                                    lang=bot.langs.note(interaction)))
        await answer(interaction, work(), budget=bot.config.ack_budget)

    return [settings]


def pings_text(on: bool, *, changed: bool, lang: Lang = EN) -> str:
    _ = lang.gettext
    if on:
        head = "🔔 " + (_("Turn pings are on again.") if changed else _("Turn pings are on."))
        return head + " " + _("When your turn starts, a short message in the table's channel "
                              "mentions you (at tables whose host left pings on). Switch them "
                              "off with `/settings pings:off`.")
    head = "🔕 " + (_("Turn pings are off now.") if changed else _("Turn pings are off."))
    return head + " " + _("Nothing mentions you when your turn starts; the board still shows "
                          "whose turn it is. Switch them back on with `/settings pings:on`.")
