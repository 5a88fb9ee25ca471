"""``/puzzle [game] [daily]``: a position from a finished game where one move is clearly
best; find it (ephemeral: only you see it).  The drawing and the clicks are the bot's
``PuzzleDesk`` (ui/puzzles.py)."""

from __future__ import annotations

import discord
from discord import app_commands

from ..ui.puzzles import PuzzleDesk
from .info import game_choices


def build(*, desk: PuzzleDesk) -> list[app_commands.Command]:
    @app_commands.command(name="puzzle",
                          description="Find the best move in a position from a real game "
                                      "(only you see it)")
    @app_commands.describe(game="Which game (default: any)",
                           daily="Today's daily puzzle, the same for everyone (keeps your "
                                 "streak)")
    @app_commands.choices(game=game_choices())
    async def puzzle(interaction: discord.Interaction, game: str | None = None,
                     daily: bool = False) -> None:
        await desk.open(interaction, game, daily)

    return [puzzle]
