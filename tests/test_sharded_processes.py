"""Two ``parlour run`` processes, shards 0 and 1 of 2, on one PostgreSQL against the fake
Discord (routing by shard): shard 1's process is SIGKILLed mid-game and restarted; no
acknowledged move is lost and the table's one board message carries on."""

from __future__ import annotations

import asyncio
import json
import time

import asyncpg
import pytest

import rules
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
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


async def _play(fake: FakeDiscord, db: str, channel, moves: int) -> list[tuple[int, str]]:
    """``moves`` human moves by /play; the acknowledged ones as (move number, action)."""
    acked = []
    while len(acked) < moves:
        turn = None
        deadline = time.monotonic() + 60
        while turn is None:
            turn = await _turn(db, channel.id)
            assert turn is not None or time.monotonic() < deadline, "no human turn came"
            await asyncio.sleep(0.05)
        move, user_id, action = turn
        record = await fake.slash(fake.world.users[user_id], "play", channel=channel,
                                  options={"move": action}, timeout=15)
        assert record.text.startswith("✅"), record.text
        acked.append((move + 1, action))
    return acked


async def test_sigkill_of_one_process_loses_nothing(tmp_path) -> None:
    db = db_for(tmp_path / "shared.db")
    fake = FakeDiscord(patch=False)  # the bots are other processes
    fake.settle_after = False
    await fake.start()
    bots: list[BotProcess] = []
    try:
        guild = fake.add_guild("Shard 1 guild", shard=(1, 2))
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        for user in (alice, bob):
            fake.add_member(guild, user)
        channel = fake.add_text_channel(guild, "cards")
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
        for user, command, options in [
                (alice, "table new coins", {"target": 10, "turn-seconds": 0}),
                (bob, "table join", {}), (alice, "table ai-add", {"level": "easy"}),
                (alice, "table start", {})]:
            record = await fake.slash(user, command, channel=channel, options=options,
                                      timeout=15)
            assert not record.text.startswith("⚠️"), record.text
        acked = await _play(fake, db, channel, 3)

        bots[1].kill()  # SIGKILL: no shutdown code runs
        before = len(fake.gateway_sessions)
        bots[1].start(sync=False)
        await _connected(fake, 1, bots[1], before)
        acked += await _play(fake, db, channel, 3)

        conn = await asyncpg.connect(db)
        try:
            logged = [(r["move"], r["action"]) for r in await conn.fetch(
                "SELECT a.move, a.action FROM actions a JOIN tables t ON t.id = a.table_id "
                "WHERE t.channel_id = $1 AND a.actor = 'human' ORDER BY a.move", channel.id)]
            move = await conn.fetchval("SELECT move FROM tables WHERE channel_id = $1",
                                       channel.id)
        finally:
            await conn.close()
        assert [a for a in acked if a not in logged] == [], "an acknowledged move was lost"
        # One board message, edited in place by the restarted process up to the last move.
        deadline = time.monotonic() + 30
        while True:
            boards = [m for m in fake.channel_messages(channel) if "table #" in m.text]
            if len(boards) == 1 and (f"move {move} " in boards[0].text
                                     or "game over" in boards[0].text):
                break
            assert time.monotonic() < deadline, [b.text for b in boards]
            await asyncio.sleep(0.1)
        assert bots[0].alive() and bots[1].alive()
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        await fake.stop()
