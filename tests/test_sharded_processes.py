"""Two ``parlour run`` processes, shards 0 and 1 of 2, on one PostgreSQL against the fake
Discord (routing by shard): games in a guild of each shard; one panel choice on shard 1's
table delivered to both processes is applied once (the copy reaching shard 0 is also how
every DM-channel interaction arrives); shard 1's process is SIGKILLed mid-game and
restarted: no acknowledged move is lost, no move is made twice, and each table's one
board message carries on.  And while shard 1's process is away and starting again,
moves at its table keep coming through shard 0 (as DM-channel interactions do): the
board the restarted process publishes never shows an older move than one already made
before it, and comes to the latest."""

from __future__ import annotations

import asyncio
import json
import re
import time

import asyncpg
import pytest

import rules
from bot.core import Core, CoreConfig
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import panel_control
from tests.fakediscord.recorder import message_text
from tests.load.botproc import BOARDS_IN_A_THREAD, BotProcess

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
    # Made once: one answer says so.  A refresh after the next player's move keeps the
    # "your move" note (the panel at a later move), so only the panels at this move count.
    answers = [t for t in said if f"· move {move + 1} ·" in t]
    assert sum("✅ Your move:" in t for t in answers) == 1, said
    return move + 1, action


async def _via_shard0(fake: FakeDiscord, db: str, channel, panel=None) -> tuple[int, str]:
    """One move at ``channel``'s table made through shard 0's process: the hand panel
    opened from the board (or ``panel``) and its control clicked, both delivered to
    shard 0, whoever owns the table.  (move number, action)."""
    for _ in range(50):   # shard 0's copy may still be reloading the latest commit
        move, user_id, action = await _next_turn(db, channel.id)
        user = fake.world.users[user_id]
        if panel is None:
            board = next(m for m in fake.channel_messages(channel) if "table #" in m.text)
            opened = await fake.click(user, board, f"pl:hand:{channel.id}", shard=0,
                                      timeout=15)
            panel = opened.message
            assert panel is not None, opened.text
        target = panel_control(panel, action)
        if target is not None:
            break
        panel = None
        await asyncio.sleep(0.1)
    assert target is not None, f"the panel cannot make {action!r}"
    custom_id, values = target
    if values is None:
        record = await fake.click(user, panel, custom_id, shard=0, timeout=15)
    else:
        record = await fake.select(user, panel, custom_id, values, shard=0, timeout=15)
    assert record.acknowledged
    assert any("✅ Your move:" in message_text(v) for v in panel.versions), panel.text
    return move + 1, action


async def _move_in(core: Core, channel_id: int) -> tuple[int, str]:
    """The player to move at the table makes their first legal move through ``core``
    (a process that does not own the table); (move number, action)."""
    info = core.table(channel_id)
    assert info is not None and info.current_seat is not None
    user_id = info.seats[info.current_seat].user_id
    result = await core.act(channel_id, user_id, core.legal_actions(channel_id, user_id)[0],
                            expect_move=info.move)
    return result.move, result.action


def _board_moves(fake: FakeDiscord, channel) -> tuple[int, list[int | None]]:
    """The table's one board message: its id and the move each of its versions shows
    (None for one that names no move: the lobby, game over)."""
    boards = [m for m in fake.channel_messages(channel) if "table #" in m.text]
    assert len(boards) == 1, [b.text for b in boards]
    shown = []
    for version in boards[0].versions:
        found = re.search(r"move (\d+) ", message_text(version))
        shown.append(int(found.group(1)) if found else None)
    return boards[0].id, shown


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
    deadline = time.monotonic() + 90   # a hang guard: a loaded machine is slow
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
                           env={"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": str(k),
                                **BOARDS_IN_A_THREAD})
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


async def test_the_first_board_after_a_restart_shows_the_latest_move(tmp_path) -> None:
    db = db_for(tmp_path / "shared.db")
    fake = FakeDiscord(patch=False)  # the bots are other processes
    fake.settle_after = False
    await fake.start()
    bots: list[BotProcess] = []
    try:
        users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
        guild = fake.add_guild("Shard 1 guild", shard=(1, 2))
        for user in users:
            fake.add_member(guild, user)
        channel = fake.add_text_channel(guild, "cards")
        bots = [BotProcess(fake.api_url, fake.gateway_url, fake.token, db,
                           tmp_path / f"shard{k}.log", pin=False,
                           env={"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": str(k),
                                **BOARDS_IN_A_THREAD})
                for k in (0, 1)]
        for k, bot in enumerate(bots):
            before = len(fake.gateway_sessions)
            bot.start(sync=k == 0)
            await _connected(fake, k, bot, before)
        while not fake.commands.listing(None):
            await asyncio.sleep(0.1)
        alice, bob, carol = users   # three people: no AI seat waits for the owner
        for user, command, options in [
                (alice, "table new coins", {"target": 20, "turn-seconds": 0}),
                (bob, "table join", {}), (carol, "table join", {}),
                (alice, "table start", {})]:
            record = await fake.slash(user, command, channel=channel, options=options,
                                      timeout=15)
            assert not record.text.startswith("⚠️"), record.text
        acked = await _play(fake, db, channel, 2)
        # Shard 0 comes to hold the table: a panel (from shard 1) clicked through shard 0.
        _, user_id, _ = await _next_turn(db, channel.id)
        shown = await fake.slash(fake.world.users[user_id], "hand", channel=channel,
                                 timeout=15)
        acked.append(await _via_shard0(fake, db, channel, panel=shown.message))
        await _board_at(fake, channel, acked[-1][0])

        bots[1].kill()  # SIGKILL: the owner is gone; moves go on through shard 0
        for _ in range(3):
            acked.append(await _via_shard0(fake, db, channel))
        board_id, before_restart = _board_moves(fake, channel)
        made_before_restart = acked[-1][0]
        # Another process (this test's own core, as shard 0) moves at the table as fast
        # as it can while shard 1's process starts: from its login to its gateway
        # connection it reads the tables and starts listening.
        other = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=0,
                                shard_count=2, shards=(0,)))
        await other.start()
        try:
            await other.fetch_table(channel.id)
            logins = len(fake.calls_to("GET", r"^/users/@me$"))
            before = len(fake.gateway_sessions)
            bots[1].start(sync=False)
            deadline = time.monotonic() + 120
            while not (len(fake.gateway_sessions) > before and fake.gateway_sessions[-1].ready
                       and fake.gateway_sessions[-1].shard == (1, 2)):
                assert bots[1].alive(), bots[1].log_tail()
                assert time.monotonic() < deadline, "shard 1 never connected"
                logging_in = len(fake.calls_to("GET", r"^/users/@me$")) > logins
                if logging_in and len(acked) < 60:
                    acked.append(await _move_in(other, channel.id))
                await asyncio.sleep(0.03 if logging_in else 0.02)
        finally:
            await other.stop()
        for _ in range(2):
            acked.append(await _via_shard0(fake, db, channel))

        rows, move = await _logged(db, channel.id)
        await _board_at(fake, channel, move)   # it comes to the latest move...
        same_id, shown_moves = _board_moves(fake, channel)
        assert same_id == board_id, "the board message carries on"
        after = [m for m in shown_moves[len(before_restart):] if m is not None]
        assert after, "the restarted process never edited the board"
        # ...and never shows an older move than one made before it came back, nor goes
        # back from one it showed.
        assert after[0] >= made_before_restart, (made_before_restart, after)
        assert after == sorted(after), after
        humans = [(m, a) for m, actor, a in rows if actor == "human"]
        assert [a for a in acked if a not in humans] == [], "an acknowledged move was lost"
        assert [m for m, _, _ in rows] == list(range(1, move + 1)), "a move went twice"
        assert bots[0].alive() and bots[1].alive()
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        await fake.stop()
