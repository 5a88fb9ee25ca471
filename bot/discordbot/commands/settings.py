"""``/settings``: a player's own switches (turn pings, hand pictures), kept per user."""

from __future__ import annotations

import discord
from discord import app_commands

from ...i18n import EN, Lang
from ..languages import Languages
from ..services.pings import Pinger
from ..transport.replies import Reply, answer
from ..user_settings import UserSettings

SWITCH = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def build(*, langs: Languages, budget: float, pinger: Pinger,
          user_settings: UserSettings) -> list[app_commands.Command]:
    @app_commands.command(name="settings", description="Your settings: turn pings, and "
                          "pictures of your hand")
    @app_commands.describe(pings="on: a message mentions you when your turn starts (default); "
                                 "off: no mention",
                           pictures="on: your hand panel and hand DMs show a picture of your "
                                    "cards (default); off: text only")
    @app_commands.choices(pings=SWITCH, pictures=SWITCH)
    async def settings(interaction: discord.Interaction, pings: str | None = None,
                       pictures: str | None = None) -> None:
        async def work() -> Reply:
            mine = user_settings
            user_id = interaction.user.id
            lang = langs.note(interaction)
            if pings is not None:
                await pinger.set_user(user_id, pings == "on")
            if pictures is not None:
                await mine.set_pictures(user_id, pictures == "on")
            return Reply(pings_text(pinger.user_on(user_id), changed=pings is not None,
                                    lang=lang) + "\n"
                         + pictures_text(mine.pictures(user_id),
                                         changed=pictures is not None, lang=lang))
        await answer(interaction, work(), budget=budget)

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


def pictures_text(on: bool, *, changed: bool, lang: Lang = EN) -> str:
    _ = lang.gettext
    if on:
        head = "🖼️ " + (_("Hand pictures are on again.") if changed
                        else _("Hand pictures are on."))
        return head + " " + _("Your hand panel and hand DMs show a picture of your cards, "
                              "numbered like the choices. Switch them off with "
                              "`/settings pictures:off`.")
    head = "📝 " + (_("Hand pictures are off now.") if changed else _("Hand pictures are off."))
    return head + " " + _("Your hand panel and hand DMs show your cards as text only. Switch "
                          "the pictures back on with `/settings pictures:on`.")
