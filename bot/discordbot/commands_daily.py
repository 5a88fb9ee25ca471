"""``/daily GAME``: today's daily deal, played privately; afterwards the result and standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ..core.daily_rules import DAILY_RULES
from . import render

if TYPE_CHECKING:
    from .client import ParlourBot

DAILY_CHOICES = [
    app_commands.Choice(name=f"{render.game_of(g).title} - "
                             f"{'a whole game' if r.whole_game else 'one deal'}"[:100], value=g)
    for g, r in sorted(DAILY_RULES.items())]


def build(bot: ParlourBot) -> list[app_commands.Command]:
    @app_commands.command(
        name="daily",
        description="Today's deal, the same for everyone: play it privately, then compare")
    @app_commands.describe(game="Which game: a whole game of Coins; one deal of the others, "
                                "whose games are long")
    @app_commands.choices(game=DAILY_CHOICES)
    async def daily(interaction: discord.Interaction, game: str) -> None:
        await bot.controls.daily.open(interaction, game)

    return [daily]
