"""Answers leave no reference cycles behind (``bot/discordbot/untangle.py``).

A whole game through the fake Discord, played with slash commands and the panel's
controls, while the collector keeps what it finds instead of freeing it: no
interaction, no view and no view item of discord.py's may be among it.  Each would
have waited for a collector's pass, with the parsed message it holds.
"""

from __future__ import annotations

import collections
import gc

import discord

from bot.discordbot import untangle
from bot.discordbot.replies import Reply, answer
from tests.fakediscord import FakeDiscord
from tests.test_discord_pictures import game_bot, started

CYCLIC = (discord.Interaction, discord.InteractionResponse, discord.ui.view.BaseView,
          discord.ui.Item)


def _names(objects: list) -> collections.Counter:
    return collections.Counter(type(o).__qualname__ for o in objects
                               if isinstance(o, CYCLIC))


async def test_a_game_through_panels_leaves_no_interaction_or_view_to_the_collector(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        await t.open_panel(s.alice)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            log = await t.play_to_end()
            await t.wait_board(lambda b: "game over" in b.text)
            await bot.feed.out.drain(5)
            gc.collect()
            found = _names(gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert log.moves, "the game was played"
        assert not found, found
        assert not fake.violations


class _Bot(discord.Client):
    """A bot with one command answered through ``replies.answer``, which then tries to
    answer again: what an untangled interaction still knows."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = untangle.CommandTree(self)
        self.seen: dict[str, object] = {}

        @self.tree.command(description="Answer, then try again")
        async def twice(interaction: discord.Interaction) -> None:
            await answer(interaction, _reply("first"))
            self.seen["done"] = interaction.response.is_done()
            self.seen["parent"] = interaction.response._parent
            try:
                await interaction.response.send_message("second")
            except discord.InteractionResponded as e:
                self.seen["again"] = e
            await interaction.followup.send("a followup", ephemeral=True)


async def _reply(text: str) -> Reply:
    return Reply(text)


async def test_an_untangled_interaction_is_still_answered_and_takes_followups(
        fake_discord: FakeDiscord) -> None:
    fake, s, bot = fake_discord, fake_discord.scene, _Bot()
    async with fake.run_bot(bot):
        await bot.tree.sync()
        record = await fake.slash(s.alice, "twice", channel=s.lobby)
        await fake.wait_until(lambda: len(record.private_followups) == 1)
    assert record.content == "first"
    assert [m.content for m in record.private_followups] == ["a followup"]
    assert bot.seen["done"] is True and bot.seen["parent"] is None   # cut, yet answered
    assert isinstance(bot.seen["again"], discord.InteractionResponded)
    assert not fake.violations
