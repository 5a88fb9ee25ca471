"""The controls of ``/puzzle``: a button per candidate move (or one select when a move's text
is too long for a custom_id), then "Next puzzle" and "Report as wrong" on the answer.

Each custom_id names the user the puzzle was issued to, the puzzle and the game "Next
puzzle" asks for (``ids.PUZZLE``...), so a click after a restart still answers, and another
person's click is refused here, before the core is asked anything.  The work is the bot's
``PuzzleDesk`` (ui/puzzles.py), reached through ``interaction.client`` as every control's.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from ...i18n import EN, N_, Lang
from .. import ids
from ..transport.replies import SORRY, bot_of, report

log = logging.getLogger("parlour.discord")

NOT_YOURS = N_("That puzzle was given to someone else: {command} gives you one of your own.")


async def _theirs(interaction: discord.Interaction, user_id: int) -> bool:
    """Whether the clicker is the user the control was drawn for; if not, they are told so
    and nothing runs (discord.py drops a click whose check says no without a word)."""
    if interaction.user.id == user_id:
        return True
    try:
        lang = bot_of(interaction).langs.note(interaction)
        await report(interaction, lang._(NOT_YOURS, command="`/puzzle`"))
    except Exception:
        log.exception("the owner check of a puzzle control failed")
        await report(interaction, SORRY)
    return False


class PuzzleMoveButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PUZZLE):
    """A candidate move: the answer to the puzzle."""

    pattern = ids.PUZZLE  # the template, readable here (discord.py's copy is private)

    def __init__(self, user_id: int, puzzle_id: int, next_game: str | None, action: str, *,
                 label: str = "") -> None:
        custom_id = ids.puzzle(user_id, puzzle_id, next_game, action) or ""
        super().__init__(discord.ui.Button(label=(label or action)[:80],
                                           style=discord.ButtonStyle.primary,
                                           custom_id=custom_id))
        self.user_id, self.puzzle_id, self.action = user_id, puzzle_id, action
        self.next_game = next_game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PuzzleMoveButton:
        return cls(int(match["user"]), int(match["puzzle"]), ids.next_game(match),
                   match["action"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _theirs(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).puzzles.answer(interaction, self.puzzle_id, self.action,
                                                 self.next_game)


class PuzzleMoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.PUZZLE_PICK):
    """The candidate moves as one select (option value = the move's canonical text)."""

    pattern = ids.PUZZLE_PICK  # the template, readable here (discord.py's copy is private)

    def __init__(self, user_id: int, puzzle_id: int, next_game: str | None,
                 options: list[discord.SelectOption] | None = None, *,
                 placeholder: str | None = None) -> None:
        options = options or [discord.SelectOption(label="?", value="?")]
        super().__init__(discord.ui.Select(
            custom_id=ids.puzzle_pick(user_id, puzzle_id, next_game), options=options,
            placeholder=placeholder))
        self.user_id, self.puzzle_id, self.next_game = user_id, puzzle_id, next_game

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes the Select
            cls, interaction: discord.Interaction, item: discord.ui.Select,
            match: re.Match[str]) -> PuzzleMoveSelect:
        return cls(int(match["user"]), int(match["puzzle"]), ids.next_game(match),
                   list(item.options) or None)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _theirs(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await bot_of(interaction).puzzles.answer(interaction, self.puzzle_id,
                                                 values[0] if values else "", self.next_game)


class PuzzleNextButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PUZZLE_NEXT):
    """"Next puzzle": another of the game asked for (any, when /puzzle named none)."""

    pattern = ids.PUZZLE_NEXT  # the template, readable here (discord.py's copy is private)

    def __init__(self, user_id: int, next_game: str | None, lang: Lang = EN) -> None:
        super().__init__(discord.ui.Button(label=lang._("Next puzzle"), emoji="🧩",
                                           style=discord.ButtonStyle.success,
                                           custom_id=ids.puzzle_next(user_id, next_game)))
        self.user_id, self.next_game = user_id, next_game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PuzzleNextButton:
        return cls(int(match["user"]), ids.next_game(match))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _theirs(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).puzzles.next(interaction, self.next_game)


class PuzzleReportButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=ids.PUZZLE_REPORT):
    """"Report as wrong": the puzzle leaves the pool."""

    pattern = ids.PUZZLE_REPORT  # the template, readable here (discord.py's copy is private)

    def __init__(self, user_id: int, puzzle_id: int, next_game: str | None,
                 lang: Lang = EN) -> None:
        super().__init__(discord.ui.Button(
            label=lang._("Report as wrong"), emoji="🚩", style=discord.ButtonStyle.secondary,
            custom_id=ids.puzzle_report(user_id, puzzle_id, next_game)))
        self.user_id, self.puzzle_id, self.next_game = user_id, puzzle_id, next_game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PuzzleReportButton:
        return cls(int(match["user"]), int(match["puzzle"]), ids.next_game(match))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await _theirs(interaction, self.user_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).puzzles.report(interaction, self.puzzle_id, self.next_game)


PUZZLE_ITEMS = (PuzzleMoveButton, PuzzleMoveSelect, PuzzleNextButton, PuzzleReportButton)
