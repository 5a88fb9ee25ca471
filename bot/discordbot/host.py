"""What a control or command reaches through ``interaction.client``: the ``Host``.

discord.py hands a clicked item only the interaction, so the items find the bot's
services on ``interaction.client`` (``replies.bot_of``).  They see it as this protocol,
which ``ParlourBot`` (the composition root, ``client.py``) fulfils: the items know the
core, the settings and the languages, and hand their clicks to ``Clicks``, without
importing the client that imports them.
"""

from __future__ import annotations

from typing import Protocol

import discord

from ..core import Core
from .config import BotConfig
from .languages import Languages


class Clicks(Protocol):
    """What the items of ``ui.components`` hand their clicks to (``ui.controls.Controls``)."""

    async def hand(self, interaction: discord.Interaction, channel_id: int) -> None: ...

    async def lobby(self, interaction: discord.Interaction, op: str,
                    channel_id: int) -> None: ...

    async def move(self, interaction: discord.Interaction, channel_id: int, move: int,
                   action: str) -> None: ...

    async def choose(self, interaction: discord.Interaction, channel_id: int, move: int,
                     action: str) -> None: ...

    async def rules_page(self, interaction: discord.Interaction, game: str,
                         page: int) -> None: ...


class Puzzles(Protocol):
    """What the puzzle controls (``ui.puzzle_controls``) hand their clicks to
    (``ui.puzzles.PuzzleDesk``)."""

    async def answer(self, interaction: discord.Interaction, puzzle_id: int, action: str,
                     next_game: str | None) -> None: ...

    async def next(self, interaction: discord.Interaction, game: str | None) -> None: ...

    async def report(self, interaction: discord.Interaction, puzzle_id: int,
                     next_game: str | None) -> None: ...


class Host(Protocol):
    """The bot as its items see it."""

    @property
    def core(self) -> Core: ...

    @property
    def config(self) -> BotConfig: ...

    @property
    def langs(self) -> Languages: ...

    @property
    def controls(self) -> Clicks: ...

    @property
    def puzzles(self) -> Puzzles: ...
