"""``/daily GAME``: today's daily deal, played privately; afterwards the result and standings."""

from __future__ import annotations

import discord
from discord import app_commands

from ...core.daily_rules import daily_rules
from ...present import daily as words
from ..ui.daily import DailyControls


def daily_choices() -> list[app_commands.Choice[str]]:
    """/daily's games (read when the bot starts: a game plugged in before is there). Each
    choice carries its game so the translator words it in each language
    (translator.translate_text: extras["daily"])."""
    return [app_commands.Choice(name=app_commands.locale_str(words.choice_name(g), daily=g),
                                value=g) for g in sorted(daily_rules())]


def build(*, panels: DailyControls) -> list[app_commands.Command]:
    @app_commands.command(
        name="daily",
        description="Today's deal, the same for everyone: play it privately, then compare")
    @app_commands.describe(game="Which game: a whole game of Coins; one deal of the others, "
                                "whose games are long")
    @app_commands.choices(game=daily_choices())
    async def daily(interaction: discord.Interaction, game: str) -> None:
        await panels.open(interaction, game)

    return [daily]
