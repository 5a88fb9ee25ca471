"""``/puzzle`` on Discord: a position from a finished game, a button per candidate move,
then the answer (right or wrong, the best move, why, the rating change, the streak).

Everything is ephemeral: the question is the command's answer, a click edits it into the
answer (above the position and the hand, as they were) with "Next puzzle" and "Report as
wrong".  The words are the core's presenter's
(bot/present/puzzle.py: ``puzzle_text``, ``answer_text``, ``move_labels``), the hand
picture is the one ``/review`` shows of a decision (the solver's own scene,
``present.puzzle.scene_of``, drawn by the painter off the event loop).  A second click
on an answered puzzle (``counted`` False), a withdrawn puzzle or a move that is not a
candidate gets a message of its own and leaves the answer as it was.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from ...core import Core
from ...core.puzzles import Answered, Shown
from ...i18n import N_, Lang
from ...present.art import Picture, hand_only
from ...present.puzzle import answer_text, move_labels, puzzle_names, puzzle_text, scene_of
from .. import ids, render
from ..languages import Languages
from ..services.painter import Painter
from ..transport.replies import Reply, answer
from ..transport.uploads import Upload
from .components import layout_of
from .puzzle_controls import (
    PuzzleMoveButton,
    PuzzleMoveSelect,
    PuzzleNextButton,
    PuzzleReportButton,
)

log = logging.getLogger("parlour.discord")
COLOUR = discord.Colour.teal()
BUTTONS_PER_ROW = 4     # up to 8 candidates: two rows, the labels still readable
PICTURE = "puzzle.png"
ANSWERED = N_("You have answered this puzzle already: your first answer counted. Press "
              "**Next puzzle** for another.")
REPORTED = N_("Thank you: this puzzle has left the pool, and nobody will be shown it again.")
CHOOSE = N_("Choose your move")


class PuzzleDesk:
    """What ``/puzzle`` and its controls do (the bot's ``puzzles``, ``host.Host``)."""

    def __init__(self, core: Core, langs: Languages, painter: Painter, *,
                 budget: float) -> None:
        self.core = core
        self.langs = langs
        self.painter = painter
        self.budget = budget   # seconds before an answer is deferred (config.ack_budget)

    async def open(self, interaction: discord.Interaction, game: str | None,
                   daily: bool) -> None:
        """/puzzle: today's daily puzzle, or the next one of ``game`` (any when None)."""
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            puzzles = self.core.puzzles
            user = interaction.user.id
            shown = await (puzzles.daily(user) if daily else puzzles.next(user, game))
            return await self.question(shown, user, game, lang, update=False)
        await answer(interaction, work(), budget=self.budget)

    async def next(self, interaction: discord.Interaction, game: str | None) -> None:
        """"Next puzzle": the clicked message becomes the next question."""
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            user = interaction.user.id
            shown = await self.core.puzzles.next(user, game)
            return await self.question(shown, user, game, lang, update=True)
        await answer(interaction, work(), budget=self.budget, update=True)

    async def answer(self, interaction: discord.Interaction, puzzle_id: int, action: str,
                     next_game: str | None) -> None:
        """A candidate clicked: the question becomes the answer, counted once."""
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            user = interaction.user.id
            puzzles = self.core.puzzles
            got = await puzzles.answer(user, puzzle_id, action)
            if not got.counted:   # a double click, an old message: the first answer stands
                return Reply("ℹ️ " + lang._(ANSWERED))
            shown = await puzzles.issued(user, puzzle_id)
            return await self.answered(got, shown, user, next_game, lang)
        await answer(interaction, work(), budget=self.budget, update=True)

    async def report(self, interaction: discord.Interaction, puzzle_id: int,
                     next_game: str | None) -> None:
        """"Report as wrong": the puzzle leaves the pool; the player is thanked (a message
        of its own: the answer stays as it was)."""
        async def work() -> Reply:
            lang = self.langs.note(interaction)
            user = interaction.user.id
            await self.core.puzzles.report(user, puzzle_id)
            return Reply(view=layout_of(discord.ui.Container(
                discord.ui.TextDisplay("🙏 " + lang._(REPORTED)),
                discord.ui.ActionRow(PuzzleNextButton(user, next_game, lang)),
                accent_colour=COLOUR)))
        await answer(interaction, work(), budget=self.budget)

    async def question(self, shown: Shown, user: int, next_game: str | None, lang: Lang, *,
                       update: bool) -> Reply:
        """The position as the seat saw it, its hand picture and a control per move.
        ``next_game``: what the answer's "Next puzzle" asks for (None: any game)."""
        ui = discord.ui
        head, position, ask = _parts(shown, lang)
        items: list[ui.Item] = [ui.TextDisplay(render.clip(f"### 🧩 {head}\n{position}", 3500))]
        files = await self._hand(shown, lang, items)
        items.append(ui.TextDisplay(f"**{ask}**"))
        items += _move_rows(shown, user, next_game, lang)
        view = layout_of(ui.Container(*items, accent_colour=COLOUR))
        return Reply(view=view, files=files, update=update)

    async def answered(self, got: Answered, shown: Shown, user: int, next_game: str | None,
                       lang: Lang) -> Reply:
        """The answer in words (its moves as ``shown``'s buttons said them) above the
        position and the hand, with "Next puzzle" and "Report as wrong"."""
        ui = discord.ui
        head, position, _ = _parts(shown, lang)
        mark = "✅" if got.correct else "❌"
        items: list[ui.Item] = [
            ui.TextDisplay(f"### 🧩 {head}"),
            ui.TextDisplay(render.clip(f"{mark} " + answer_text(got, lang, shown), 1500)),
            ui.Separator(),
            ui.TextDisplay(render.clip(position, 2000))]
        files = await self._hand(shown, lang, items)
        items.append(ui.ActionRow(PuzzleNextButton(user, next_game, lang),
                                  PuzzleReportButton(user, got.puzzle_id, next_game, lang)))
        view = layout_of(ui.Container(*items, accent_colour=COLOUR))
        return Reply(view=view, files=files, update=True)

    async def _hand(self, shown: Shown, lang: Lang, items: list[discord.ui.Item]
                    ) -> list[discord.File]:
        """The hand picture appended to ``items``; the files to send (an edit sends them
        all again: an empty list clears a picture no longer shown)."""
        picture = await self._picture(shown, lang)
        if picture is None:
            return []
        items.append(discord.ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{picture.filename}", description=picture.description)))
        return [Upload(picture)]

    async def _picture(self, shown: Shown, lang: Lang) -> Picture | None:
        """The seat's hand as it saw it, drawn by the painter (None: no hand, or it failed:
        the words still say everything)."""
        names = list(puzzle_names(shown.state.n, shown.seat, lang))
        scene = scene_of(shown, lang)
        if scene.hand is None or not scene.hand.cards:
            return None
        try:
            picture = await self.painter.hand(hand_only(scene), names)
        except Exception:
            log.exception("puzzle: the hand picture failed")
            return None
        return replace(picture, filename=PICTURE)


def _parts(shown: Shown, lang: Lang) -> tuple[str, str, str]:
    """The core's puzzle text (``puzzle_text``) in its three parts: the head line, the
    position, and the question, its last line: the answer shows the position without it."""
    lines = puzzle_text(shown, lang).split("\n")
    return lines[0], "\n".join(lines[1:-1]), lines[-1]


def _move_rows(shown: Shown, user: int, next_game: str | None,
               lang: Lang) -> list[discord.ui.Item]:
    """A button per candidate (the move as players say it), or one select when a move's
    canonical text cannot travel in a custom_id."""
    ui = discord.ui
    labels = [render.clip(label, 80) for label in move_labels(shown, lang)]
    pid = shown.puzzle_id
    if all(ids.puzzle(user, pid, next_game, m) is not None for m in shown.moves):
        buttons = [PuzzleMoveButton(user, pid, next_game, m, label=label)
                   for m, label in zip(shown.moves, labels, strict=True)]
        return [ui.ActionRow(*buttons[i:i + BUTTONS_PER_ROW])
                for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    options = [discord.SelectOption(label=label, value=m)
               for m, label in zip(shown.moves, labels, strict=True)]
    return [ui.ActionRow(PuzzleMoveSelect(user, pid, next_game, options,
                                          placeholder=lang._(CHOOSE)))]
