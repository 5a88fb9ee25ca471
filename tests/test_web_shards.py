"""The web table with two shard processes on one PostgreSQL (docs/SCALING.md, "The web
table"): a web client connected to the process that does not own the table plays a whole
game there and a spectator there watches it - the moves it makes are committed there, the
AI's are made by the owner and reach it through NOTIFY and the reload, and the end of the
game reaches both.  Two cores in one test process stand for the two processes (each its
own pool, LISTEN connection and web transport)."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Core, CoreConfig
from bot.discordbot import BotConfig
from bot.discordbot.client import ShardedParlourBot
from bot.discordbot.ui.web_table import may_view
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.test_core_helpers import BOB, HOST, make_table, running_core
from tests.web_client import play_out, web_table

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]

SHARD0_GUILD = 2 << 22     # (guild >> 22) % 2 == 0: owned by the shards=(0,) process
VIEW_CHANNEL = 1 << 10


async def test_a_web_client_on_the_process_that_does_not_own_the_table_plays_and_watches(
        tmp_path) -> None:
    async with running_core(tmp_path, "shared.db", shard_count=2, shards=(0,)) as owner, \
            running_core(tmp_path, "shared.db", shard_count=2, shards=(1,)) as other:
        await make_table(owner.core, "coins", ais=("easy", "easy"), guild=SHARD0_GUILD)
        assert other.core.table(1) is None          # not loaded there until someone asks
        async with web_table(other.core) as web:
            player = await web.connect(HOST)
            first = await player.recv()
            assert first["type"] == "snapshot" and first["seat"] is not None
            assert 1 in other.core.registry.foreign
            watcher = await web.connect(BOB)
            seen = await watcher.recv()
            assert seen["seat"] is None and seen["scene"]["hand"] is None
            made = await play_out(player)
            assert made > 5
            assert player.over is not None and player.over["scene"]["result"]["lines"]
            await watcher.until(lambda f: f["type"] == "over", timeout=60)
            # Every version the watcher was told came in order, through to the end.
            versions = [f["version"] for f in watcher.frames if f["type"] == "update"]
            assert versions == sorted(versions) and versions[-1] == watcher.over["version"]
            assert other.core.table(1) is None
            for _ in range(600):   # the owner hears the last commit by NOTIFY (hang guard)
                if owner.core.table(1) is None:
                    break
                await asyncio.sleep(0.05)
            assert owner.core.table(1) is None
            # The player's own moves are told with the move (made here); the AI's came by
            # the reload after the owner's commit, the logged move made on this copy too:
            # told with their move and events, as the owner tells them.
            updates = [f for f in player.frames if f["type"] == "update"]
            assert any(u["move"] and u["move"]["by"] == "human" for u in updates)
            ai = [u for u in updates if u["move"] and u["move"]["by"] == "ai"]
            assert ai and any(u["events"] for u in ai)


async def test_who_may_watch_is_asked_of_the_api_for_a_guild_of_another_shard(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """The process of shard 0 has no cache of shard 1's guild: it reads the channel, the
    guild's roles and the member from the API, and answers as Discord's permissions say."""
    fake, s = fake_discord, fake_discord.scene
    here = fake.add_guild("Shard 0 guild", shard=(0, 2))
    there = fake.add_guild("Shard 1 guild", shard=(1, 2))
    there.roles[there.id].permissions &= ~VIEW_CHANNEL       # @everyone sees nothing there
    members = fake.add_role(there, "members", VIEW_CHANNEL)
    fake.add_member(here, s.alice)
    fake.add_member(there, s.alice, roles=(members,))
    fake.add_member(there, s.carol)
    chan_here = fake.add_text_channel(here, "cards")
    chan_there = fake.add_text_channel(there, "cards")
    core = Core(CoreConfig(db_path=db_for(tmp_path / "p.db"), ai_executor="inline",
                           ai_delay=0, shard_count=2, shards=(0,)))
    bot = ShardedParlourBot(core, BotConfig(shard_count=2, shards=(0,)))
    async with fake.run_bot(bot):
        assert bot.get_channel(chan_there.id) is None and bot.get_channel(chan_here.id)
        assert await may_view(bot, s.alice.id, chan_here.id)
        assert await may_view(bot, s.alice.id, chan_there.id)
        assert not await may_view(bot, s.carol.id, chan_there.id)    # no role that sees it
        assert not await may_view(bot, s.dave.id, chan_there.id)     # not a member there
        assert not await may_view(bot, s.alice.id, 12345)            # no such channel
        assert fake.calls_to("GET", rf"/guilds/{there.id}$")          # its roles, from the API
