"""Two ``parlour run`` processes, shards 0 and 1 of 2, on one PostgreSQL against the fake
Discord (routing by shard): games in a guild of each shard; one panel choice on shard 1's
table delivered to both processes is applied once (the copy reaching shard 0 is also how
every DM-channel interaction arrives); shard 1's process is SIGKILLed mid-game and
restarted: no acknowledged move is lost, no move is made twice, and each table's one
board message carries on."""

from __future__ import annotations

import asyncio
import json
import time

import asyncpg
import pytest

import rules
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import panel_control
from tests.fakediscord.recorder import message_text
from tests.load.botproc import BotProcess

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


async def _connected(fake: FakeDiscord, shard: int, bot: BotProcess, after: int) -> None:
    """Wait (a hang guard) until ``shard``'s process has a new gateway session."""
    deadline = time.monotonic() + 120
    while True:
        session = fake.gateway_sessions[-1] if len(fake.gateway_sessions) > after else None
        if session is not None and session.ready and session.shard == (shard, 2):
            return
        assert bot.alive(), bot.log_tail()
        assert time.monotonic() < deadline, f"shard {shard} never connected:\n{bot.log_tail()}"
        await asyncio.sleep(0.1)


async def _turn(db: str, channel_id: int) -> tuple[int, int, str] | None:
    """(move, user id, first legal move) when a human is to move at the table; else None."""
    conn = await asyncpg.connect(db)
    try:
        row = await conn.fetchrow("SELECT game, state, move, seats FROM tables WHERE "
                                  "channel_id = $1 AND status = 'playing'", channel_id)
    finally:
        await conn.close()
    if row is None or row["state"] is None:
        return None
    state = rules.get_game(row["game"]).state_from_json(row["state"])
    seat = json.loads(row["seats"])[state.current_seat]
    if seat["user_id"] is None or seat.get("ai_level"):
        return None
    return row["move"], seat["user_id"], str(state.legal_actions(state.current_seat)[0])


async def _next_turn(db: str, channel_id: int) -> tuple[int, int, str]:
    """Wait (a hang guard) for a human's turn at the table."""
    deadline = time.monotonic() + 60
    while True:
        turn = await _turn(db, channel_id)
        if turn is not None:
            return turn
        assert time.monotonic() < deadline, "no human turn came"
        await asyncio.sleep(0.05)


async def _play(fake: FakeDiscord, db: str, channel, moves: int) -> list[tuple[int, str]]:
    """``moves`` human moves by /play; the acknowledged ones as (move number, action)."""
    acked = []
    while len(acked) < moves:
        move, user_id, action = await _next_turn(db, channel.id)
        record = await fake.slash(fake.world.users[user_id], "play", channel=channel,
                                  options={"move": action}, timeout=15)
        assert record.text.startswith("✅"), record.text
        acked.append((move + 1, action))
    return acked


async def _double_click(fake: FakeDiscord, db: str, channel) -> tuple[int, str]:
    """One panel choice at the table delivered to both processes at once (a double click
    Discord routed twice; the copy reaching shard 0 is also what every DM-channel
    interaction does: it reaches shard 0, whoever owns the table)."""
    move, user_id, action = await _next_turn(db, channel.id)
    user = fake.world.users[user_id]
    shown = await fake.slash(user, "hand", channel=channel, timeout=15)
    panel = shown.message
    assert panel is not None, shown.text
    target = panel_control(panel, action)
    assert target is not None, f"the panel cannot make {action!r}"
    custom_id, values = target

    def click(shard: int):
        if values is None:
            return fake.click(user, panel, custom_id, shard=shard, timeout=15)
        return fake.select(user, panel, custom_id, values, shard=shard, timeout=15)
    records = await asyncio.gather(click(1), click(0))
    assert all(r.acknowledged for r in records)
    said = [message_text(v) for v in panel.versions]
    assert sum("✅ Your move:" in t for t in said) == 1, said
    return move + 1, action


async def _logged(db: str, channel_id: int) -> tuple[list[tuple[int, str, str]], int]:
    """The table's action log as (move, actor, action), and its move number."""
    conn = await asyncpg.connect(db)
    try:
        rows = [(r["move"], r["actor"], r["action"]) for r in await conn.fetch(
            "SELECT a.move, a.actor, a.action FROM actions a JOIN tables t ON "
            "t.id = a.table_id WHERE t.channel_id = $1 ORDER BY a.move", channel_id)]
        move = await conn.fetchval("SELECT move FROM tables WHERE channel_id = $1",
                                   channel_id)
    finally:
        await conn.close()
    return rows, move


async def _board_at(fake: FakeDiscord, channel, move: int) -> None:
    """The table's one board message, edited in place, comes to show ``move``."""
    deadline = time.monotonic() + 30
    while True:
        boards = [m for m in fake.channel_messages(channel) if "table #" in m.text]
        if len(boards) == 1 and (f"move {move} " in boards[0].text
                                 or "game over" in boards[0].text):
            return
        assert time.monotonic() < deadline, [b.text for b in boards]
        await asyncio.sleep(0.1)


async def test_two_processes_play_together_and_survive_a_sigkill(tmp_path) -> None:
    db = db_for(tmp_path / "shared.db")
    fake = FakeDiscord(patch=False)  # the bots are other processes
    fake.settle_after = False
    await fake.start()
    bots: list[BotProcess] = []
    try:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        channels = []
        for shard in (0, 1):  # a guild on each shard, a table channel in each
            guild = fake.add_guild(f"Shard {shard} guild", shard=(shard, 2))
            for user in (alice, bob):
                fake.add_member(guild, user)
            channels.append(fake.add_text_channel(guild, "cards"))
        bots = [BotProcess(fake.api_url, fake.gateway_url, fake.token, db,
                           tmp_path / f"shard{k}.log", pin=False,
                           env={"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": str(k)})
                for k in (0, 1)]
        for k, bot in enumerate(bots):
            before = len(fake.gateway_sessions)
            bot.start(sync=k == 0)
            await _connected(fake, k, bot, before)
        while not fake.commands.listing(None):
            await asyncio.sleep(0.1)
        for channel in channels:  # each reaches its own shard's process
            for user, command, options in [
                    (alice, "table new coins", {"target": 10, "turn-seconds": 0}),
                    (bob, "table join", {}), (alice, "table ai-add", {"level": "easy"}),
                    (alice, "table start", {})]:
                record = await fake.slash(user, command, channel=channel, options=options,
                                          timeout=15)
                assert not record.text.startswith("⚠️"), record.text
        acked = {c.id: await _play(fake, db, c, 2) for c in channels}
        chan0, chan1 = channels

        # One choice on shard 1's table delivered to both processes: applied exactly once.
        acked[chan1.id].append(await _double_click(fake, db, chan1))
        rows, _ = await _logged(db, chan1.id)
        assert [m for m, _, _ in rows] == list(range(1, len(rows) + 1))
        made = acked[chan1.id][-1]
        assert sum(1 for m, actor, _ in rows if m == made[0] and actor == "human") == 1

        bots[1].kill()  # SIGKILL: no shutdown code runs
        acked[chan0.id] += await _play(fake, db, chan0, 2)  # shard 0 plays on meanwhile
        before = len(fake.gateway_sessions)
        bots[1].start(sync=False)
        await _connected(fake, 1, bots[1], before)
        for channel in channels:
            acked[channel.id] += await _play(fake, db, channel, 3)

        for channel in channels:
            rows, move = await _logged(db, channel.id)
            humans = [(m, a) for m, actor, a in rows if actor == "human"]
            assert [a for a in acked[channel.id] if a not in humans] == [], \
                "an acknowledged move was lost"
            assert [m for m, _, _ in rows] == list(range(1, move + 1)), "a move went twice"
            await _board_at(fake, channel, move)  # one board each, up to the last move
        assert bots[0].alive() and bots[1].alive()
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        await fake.stop()
