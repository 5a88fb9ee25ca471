"""``/daily GAME`` on Discord: today's deal on an ephemeral panel, the result, the standings.

The panel is the hand panel (``panel.draw``) of the attempt's scene.  Its controls
use the ordinary custom_ids with a daily key in place of the channel id: a
number of 20 digits, above every Discord snowflake, that names the game and
the day, so a click after a restart reaches the attempt (the user is the
clicker).  ``Controls`` hands such clicks to ``DailyControls``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from ..core import TableInfo
from ..core.daily import DailyAttempt, DailyError, DailyResult, DailyStandings
from ..core.daily_rules import daily_rules
from ..core.errors import StaleMove
from ..core.updates import SeatInfo
from ..i18n import EN, N_, Lang
from ..present import daily as words
from ..present import present
from . import ids, panel, render, scene_view
from .replies import Reply, answer

if TYPE_CHECKING:
    from .client import ParlourBot

DAILY_BASE = 10 ** 19        # snowflakes stay below 2**63 < 10**19 + anything used here
MOVED_ON = N_("⏳ That was for an earlier position; here is your hand now.")
TYPED = N_("Choose below; your attempt keeps until you finish it.")


def _games() -> tuple[str, ...]:
    """The games with a daily, numbered in the order they registered (the built-in ones
    first): a key made before a new game came keeps naming the same game."""
    return tuple(daily_rules())


def key(game: str, day: int) -> int:
    return DAILY_BASE + day * 16 + _games().index(game)


def is_daily(channel_id: int) -> bool:
    return channel_id >= DAILY_BASE


def unkey(channel_id: int) -> tuple[str, int]:
    day, index = divmod(channel_id - DAILY_BASE, 16)
    games = _games()
    if index >= len(games):
        raise DailyError("no_such")
    return games[index], day


class DailyControls:
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.daily = bot.core.daily

    @property
    def budget(self) -> float:
        return self.bot.config.ack_budget

    async def open(self, interaction: discord.Interaction, game: str) -> None:
        """/daily: deal or resume today's attempt; after it, the result and standings."""
        user = interaction.user
        lang = self.bot.langs.of(interaction)

        async def work() -> Reply:
            name = getattr(user, "display_name", None) or user.name
            mine = await self.daily.attempt(game, user.id)
            if mine is not None and mine.finished:
                return await self._result(mine, interaction.guild_id, None, lang)
            attempt = await self.daily.start(game, user.id, name, interaction.guild_id)
            return self._panel(attempt, words.why(attempt.game, lang), lang, update=False)
        await answer(interaction, work(), budget=self.budget)

    async def refresh(self, interaction: discord.Interaction, channel_id: int) -> None:
        lang = self.bot.langs.of(interaction)

        async def work() -> Reply:
            attempt = await self._attempt(channel_id, interaction.user.id)
            if attempt.finished:
                return await self._result(attempt, interaction.guild_id, None, lang)
            return self._panel(attempt, None, lang)
        await answer(interaction, work(), budget=self.budget, update=True)

    async def move(self, interaction: discord.Interaction, channel_id: int, move: int,
                   action: str) -> None:
        lang = self.bot.langs.of(interaction)

        async def work() -> Reply:
            return await self._make(channel_id, interaction.user.id, move, action,
                                    interaction.guild_id, lang)
        await answer(interaction, work(), budget=self.budget, update=True)

    async def choose(self, interaction: discord.Interaction, channel_id: int, move: int,
                     action: str) -> None:
        """A multi-card choice: show it with Confirm / Change first."""
        lang = self.bot.langs.of(interaction)

        async def work() -> Reply:
            attempt = await self._attempt(channel_id, interaction.user.id)
            if attempt.finished or attempt.moves != move:
                return await self.refresh_reply(attempt, interaction.guild_id, lang)
            game = render.game_of(attempt.game)
            try:
                canonical = str(game.parse_action(action, attempt.state.options))
            except Exception:
                canonical = None
            if canonical not in attempt.legal_actions():
                return self._panel(attempt, "⚠️ " + lang._("That move is not allowed now."),
                                   lang)
            if ids.do(channel_id, move, canonical) is None:
                return await self._make(channel_id, interaction.user.id, move, canonical,
                                        interaction.guild_id, lang)
            return self._panel(attempt, None, lang, pending=canonical)
        await answer(interaction, work(), budget=self.budget, update=True)

    async def refresh_reply(self, attempt: DailyAttempt, guild_id: int | None,
                            lang: Lang = EN) -> Reply:
        if attempt.finished:
            return await self._result(attempt, guild_id, None, lang)
        return self._panel(attempt, lang._(MOVED_ON), lang)

    # --- drawing -----------------------------------------------------------------------

    async def _make(self, channel_id: int, user_id: int, move: int, action: str,
                    guild_id: int | None, lang: Lang = EN) -> Reply:
        game, day = unkey(channel_id)
        try:
            attempt = await self.daily.act(game, user_id, action, day=day, expect_move=move)
        except StaleMove:
            return await self.refresh_reply(await self._attempt(channel_id, user_id), guild_id,
                                            lang)
        move_words = scene_view.describe(game, action, lang.code)
        note = "✅ " + lang._("Your move: {move}.", move=f"**{move_words}**")
        if attempt.finished:
            return await self._result(attempt, guild_id, note, lang)
        return self._panel(attempt, note, lang)

    async def _attempt(self, channel_id: int, user_id: int) -> DailyAttempt:
        game, day = unkey(channel_id)
        attempt = await self.daily.attempt(game, user_id, day)
        if attempt is None:
            raise DailyError("not_yours")
        return attempt

    def _panel(self, attempt: DailyAttempt, note: str | None, lang: Lang = EN, *,
               update: bool = True, pending: str | None = None) -> Reply:
        legal = attempt.legal_actions()
        info = table_info(attempt, self.daily.ai_level)
        scene = present(attempt.view(), render.names(info, lang), forms=attempt.action_forms(),
                        legal=legal, recent=min(max(attempt.fresh_events(), panel.RECENT), 12),
                        lang=lang)
        title = words.title(attempt.game, attempt.day, lang)
        head = f"**{title}**" + (f" · {note}" if note else "")
        view = panel.draw(info, attempt.seat, scene, legal, head, pending,
                          footer="-# " + lang._("{title} · the same deal for everyone · only "
                                                "you can see this", title=title),
                          typed=lang._(TYPED))
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


def table_info(attempt: DailyAttempt, ai_level: str) -> TableInfo:
    """The attempt as the table the hand panel draws (one human, AI seats)."""
    rule = daily_rules()[attempt.game]
    seats = tuple(
        SeatInfo(i, name, attempt.user_id if i == attempt.seat else None,
                 "human" if i == attempt.seat else "ai",
                 None if i == attempt.seat else ai_level, 0, False)
        for i, name in enumerate(attempt.names))
    return TableInfo(table_id=attempt.number, channel_id=key(attempt.game, attempt.day),
                     guild_id=attempt.guild_id, game=attempt.game, title=attempt.title,
                     options=dict(rule.options), turn_seconds=0, keep_order=True,
                     stand_in=None, status="finished" if attempt.finished else "playing",
                     host_id=attempt.user_id, host_name=attempt.name, seats=seats,
                     player_counts=(rule.players,), move=attempt.moves,
                     current_seat=attempt.state.current_seat, deadline=None, created=0.0)
