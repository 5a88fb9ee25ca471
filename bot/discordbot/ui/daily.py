"""``/daily GAME`` on Discord: today's deal on an ephemeral panel, the result, the standings.

The panel is the hand panel (``panel.draw``) of the attempt's scene (``seat.DailyPlace``).
Its controls use the ordinary custom_ids naming the place (``ids.field``: a number of 20
digits, above every Discord snowflake, names the game and the day), so a click after a
restart reaches the attempt (the user is the clicker).  ``Controls`` asks the place what
became of a click and ``DailyControls`` (the daily's ``Look``) draws the answer.
"""

from __future__ import annotations

from collections.abc import Awaitable

import discord

from ...core.daily import Daily, DailyAttempt, DailyResult, DailyStandings
from ...i18n import EN, N_, Lang
from ...present import daily as words
from ...seat import DailyPlace, Place
from .. import ids, scene_view
from ..languages import Languages
from ..transport.replies import Reply, answer
from . import panel

MOVED_ON = N_("⏳ That was for an earlier position; here is your hand now.")
TYPED = N_("Choose below; your attempt keeps until you finish it.")


class DailyControls:
    def __init__(self, daily: Daily, langs: Languages, *, budget: float) -> None:
        self.daily = daily
        self.langs = langs
        self.budget = budget   # seconds before an answer is deferred (config.ack_budget)

    async def open(self, interaction: discord.Interaction, game: str) -> None:
        """/daily: deal or resume today's attempt; after it, the result and standings."""
        user = interaction.user
        lang = self.langs.of(interaction)

        async def work() -> Reply:
            name = getattr(user, "display_name", None) or user.name
            mine = await self.daily.attempt(game, user.id)
            if mine is not None and mine.finished:
                return await self._result(mine, interaction.guild_id, None, lang)
            attempt = await self.daily.start(game, user.id, name, interaction.guild_id)
            return self._panel(attempt, words.why(attempt.game, lang), lang, update=False)
        await answer(interaction, work(), budget=self.budget)

    # --- the daily deal's look (``controls.Look``): what its controls answer ---------------

    moved_on = MOVED_ON
    always_update = True   # the daily panel is ephemeral: Refresh replaces it

    def lang(self, interaction: discord.Interaction) -> Lang:
        return self.langs.of(interaction)

    async def panel(self, place: Place, interaction: discord.Interaction, note: str | None,
                    *, update: bool = True, pending: str | None = None) -> Reply:
        """The attempt's panel with ``note``; once finished, its result instead."""
        assert isinstance(place, DailyPlace)
        lang = self.lang(interaction)
        attempt = await place.attempt(interaction.user.id)
        if attempt.finished:
            return await self._result(attempt, interaction.guild_id, None, lang)
        return self._panel(attempt, lang._(note) if note else None, lang, pending=pending)

    async def ended(self, place: Place, interaction: discord.Interaction, note: str) -> Reply:
        assert isinstance(place, DailyPlace)
        attempt = await place.attempt(interaction.user.id)
        return await self._result(attempt, interaction.guild_id, note, self.lang(interaction))

    async def reply(self, interaction: discord.Interaction, place: Place,
                    work: Awaitable[Reply], *, update: bool) -> None:
        await answer(interaction, work, budget=self.budget, update=True)

    # --- drawing -----------------------------------------------------------------------

    def _panel(self, attempt: DailyAttempt, note: str | None, lang: Lang = EN, *,
               update: bool = True, pending: str | None = None) -> Reply:
        place = DailyPlace(self.daily, attempt.game, attempt.day)
        seen = place.seen(attempt, lang, least=panel.RECENT, most=12)
        title = words.title(attempt.game, attempt.day, lang)
        head = f"**{title}**" + (f" · {note}" if note else "")
        view = panel.draw(seen.info, attempt.seat, seen.scene, seen.moves, head, pending,
                          footer="-# " + lang._("{title} · the same deal for everyone · only "
                                                "you can see this", title=title),
                          typed=lang._(TYPED), at=ids.field(place.key))
        return Reply(view=view, update=update)

    async def _result(self, attempt: DailyAttempt, guild_id: int | None,
                      note: str | None, lang: Lang = EN) -> Reply:
        result = await self.daily.result(attempt.game, attempt.user_id, attempt.day)
        boards = [await self.daily.standings(attempt.game, attempt.user_id, None,
                                             day=attempt.day)]
        if guild_id is not None:
            boards.insert(0, await self.daily.standings(attempt.game, attempt.user_id,
                                                        guild_id, day=attempt.day))
        return Reply(view=panel.message(result_text(result, boards, note, lang)), update=True)


def result_text(result: DailyResult, boards: list[DailyStandings], note: str | None,
                lang: Lang = EN) -> str:
    a = result.attempt
    lines = [f"### {words.title(a.game, a.day, lang)}"]
    if note:
        lines.append(note)
    lines += words.summary(result, lang)
    lines.append(lang._("To share (no spoilers): {line}",
                        line=f"`{words.share_line(result, lang)}`"))
    for board in boards:
        lines.append(f"\n**{words.standings_heading(board, lang)}**")
        lines += [f"{position}. {name} — {score}" for position, name, score
                  in words.standings_rows(board, lang, scene_view.escape)]
    return "\n".join(lines)
