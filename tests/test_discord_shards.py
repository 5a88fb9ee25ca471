"""Two bots, shards 0 and 1 of 2, on one PostgreSQL against the fake Discord with
Discord's routing (a guild's events and interactions to (guild_id >> 22) % 2, DMs
to shard 0): games in guilds of both shards, a move reaching the process that does
not own the table, one double click delivered to both processes, and shard 1's
process stopped and replaced mid-game."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

import pytest

from bot.cli import main
from bot.core import Core, CoreConfig
from bot.discordbot import BotConfig, ConfigError
from bot.discordbot.client import ShardedParlourBot
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, find_seed, panel_control
from tests.fakediscord.recorder import message_text

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


def _sharded_bot(db: str, shard: int, **config) -> ShardedParlourBot:
    core = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=0,
                           default_turn_seconds=0, shard_count=2, shards=(shard,)))
    return ShardedParlourBot(core, BotConfig(sync=True, board_interval=0.2, shard_count=2,
                                             shards=(shard,), **config))


def _world(fake: FakeDiscord):
    """A guild on each shard, a table channel in each, alice and bob in both."""
    s = fake.scene
    channels = []
    for shard in (0, 1):
        guild = fake.add_guild(f"Shard {shard} guild", shard=(shard, 2))
        for user in (s.alice, s.bob):
            fake.add_member(guild, user)
        channels.append(fake.add_text_channel(guild, "cards"))
    return channels


async def test_two_processes_share_the_tables_by_shard(fake_discord: FakeDiscord,
                                                       tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    chan0, chan1 = _world(fake)
    seed, _ = await find_seed("coins", {"target": 10}, ["human", "human", "easy"],
                              max_human_moves=40)
    db = db_for(tmp_path / "shared.db")
    bots = [_sharded_bot(db, 0, table_seed=seed), _sharded_bot(db, 1, table_seed=seed)]
    async with AsyncExitStack() as stack:
        await stack.enter_async_context(fake.run_bot(bots[0]))
        shard1 = fake.run_bot(bots[1])
        await shard1.__aenter__()
        stack.push_async_callback(bots[1].close)  # if the test fails before its restart
        for k, bot in enumerate(bots):  # each process sees exactly its shard's guilds
            assert sorted(g.id for g in bot.guilds) == sorted(
                g for g in fake.world.guilds if (g >> 22) % 2 == k)
        assert chan0.guild_id in {g.id for g in bots[0].guilds}
        assert chan1.guild_id in {g.id for g in bots[1].guilds}
        # Discord's routing: a guild's events to its shard, DM-channel ones to shard 0.
        assert fake.session_for(chan1.guild_id).shard == (1, 2)
        assert fake.session_for(chan0.guild_id).shard == (0, 2)
        assert fake.session_for(None).shard == (0, 2)
        drivers = [TableDriver(fake, bots[k], chan, {s.alice.id: "panel", s.bob.id: "play"})
                   for k, chan in enumerate((chan0, chan1))]
        for t in drivers:  # each channel's commands reach its own shard's process
            await t.open(s.alice, "coins", {"target": 10})
            await t.expect_ok(s.bob, "table join")
            await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 1})
            await t.expect_ok(s.alice, "table start")
        assert bots[0].core.table(chan1.id) is None and bots[1].core.table(chan0.id) is None

        # One double click on shard 1's table: one click reaches each process.
        t1 = drivers[1]
        user_id = await t1.human_to_move()
        user = fake.world.users[user_id]
        before = bots[1].core.table(chan1.id).move
        panel = await t1.open_panel(user)
        custom_id, values = panel_control(panel, t1.choose(user))

        def click(shard: int):
            if values is None:
                return fake.click(user, panel, custom_id, shard=shard)
            return fake.select(user, panel, custom_id, values, shard=shard)
        records = await asyncio.gather(click(1), click(0))
        assert all(r.acknowledged for r in records)
        await fake.settle()
        rows = await bots[1].core.store.fetchall(
            "SELECT move, actor FROM actions WHERE table_id = ? ORDER BY move",
            (bots[1].core.table(chan1.id).table_id,))
        humans = [m for m, actor in rows if actor == "human"]
        assert humans.count(before + 1) == 1 and [m for m, _ in rows] == list(
            range(1, len(rows) + 1)), "exactly one of the two clicks was applied"
        # One was answered "your move", the other "the game has moved on".
        said = [message_text(v) for v in panel.versions]
        assert sum("✅ Your move:" in t for t in said) == 1
        assert sum("moved on" in t for t in said) >= 1

        # Shard 1's process stops and a new one takes over its shard: the table resumes
        # from the database at the same move, and keeps its board message.
        moved = bots[1].core.table(chan1.id).move
        board_id = t1.board().id
        await shard1.__aexit__(None, None, None)
        bots[1] = _sharded_bot(db, 1, table_seed=seed)
        await stack.enter_async_context(fake.run_bot(bots[1]))
        assert bots[1].core.table(chan1.id).move == moved
        drivers[1] = TableDriver(fake, bots[1], chan1, {s.alice.id: "panel", s.bob.id: "play"})
        assert drivers[1].board().id == board_id

        # Both games played to the end, each shown by its own process.
        for t in drivers:
            log = await t.play_to_end()
            assert log.moves > 0
            final = await t.wait_board(lambda b: "game over" in b.text)
            assert [m for m in fake.channel_messages(t.channel) if "table #" in m.text] == \
                [final], "one board per table, edited in place, never a second one"
        board = await bots[0].core.leaderboard("coins")
        assert sorted(r.games for r in board) == [2, 2]  # both games, one leaderboard



def test_shard_settings_are_read_and_checked(tmp_path, capsys) -> None:
    env = {"PARLOUR_DB": "postgresql://p@db/parlour", "PARLOUR_SHARD_COUNT": "4",
           "PARLOUR_SHARDS": "1-2"}
    config = BotConfig.from_env(env)
    assert (config.shard_count, config.shards) == (4, (1, 2))
    assert (config.send_rate, config.send_burst) == (20.0, 2)  # half the token's budget
    core = config.core_config()
    assert (core.shard_count, core.shards) == (4, (1, 2))
    config.check_scaling()
    assert BotConfig.from_env({"PARLOUR_SHARD_COUNT": "3"}).shards == (0, 1, 2)
    assert BotConfig.from_env({}).shards is None
    for bad, message in [({"PARLOUR_SHARD_COUNT": "two"}, "whole number of at least 1"),
                         ({"PARLOUR_SHARDS": "0"}, "needs PARLOUR_SHARD_COUNT"),
                         ({"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": "1-3"},
                          "Shard 3 does not exist: with 2 shards they are 0 to 1."),
                         ({"PARLOUR_SHARD_COUNT": "4", "PARLOUR_SHARDS": "3-1"},
                          "runs backwards; write 1-3"),
                         ({"PARLOUR_SHARD_COUNT": "4", "PARLOUR_SHARDS": "a"},
                          "not a list of shards")]:
        with pytest.raises(ConfigError, match=message):
            BotConfig.from_env(bad)
    # Some of the shards on SQLite: refused before anything starts.
    args = ["run", "--db", str(tmp_path / "p.db"), "--shard-count", "2", "--shards", "0"]
    assert main(args) == 2
    assert "needs a shared PostgreSQL database" in capsys.readouterr().err
    assert not (tmp_path / "p.db").exists()
