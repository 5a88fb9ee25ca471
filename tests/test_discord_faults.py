"""Faults during games, through the fake Discord: PostgreSQL restarted (and down for a
while), and the gateway connection dropped.  Every acknowledged move is kept, a move
while the database is away is refused with a sentence (never half made), the bot
recovers by itself, and what the libraries log stays in the log, never in what a player
reads.  Waits are hang guards with timeouts; nothing here measures time."""

from __future__ import annotations

import asyncio
import logging

import asyncpg
import pytest

from bot.core import Core, CoreConfig, ManualClock
from bot.core.errors import NOT_SAVED
from bot.discordbot import BotConfig, ParlourBot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, panel_control, parlour_bot
from tests.pgserver import PgServer

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]

# Seconds the database stays down: long enough for every pool connection to be lost and
# for asyncpg to fail reconnecting (and log it) several times.
OUTAGE = 10.0
# What a player must never read: a traceback, a library's name, an exception's.
LEAKS = ("Traceback", "asyncpg", "Error:", "Exception", "OSError", "Errno", "postgres")


def _bot(fake: FakeDiscord, db: str, clock: ManualClock | None = None,
         ai_delay: float = 0.0) -> ParlourBot:
    """The real bot on ``db`` (the test's own server): inline AI, fast boards, commands
    synced to the scene's guild; with ``clock``, AI seats move when the test says."""
    core = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=ai_delay,
                           default_turn_seconds=0), clock=clock)
    return ParlourBot(core, BotConfig(sync=True, dev_guild=fake.scene.guild.id,
                                      board_interval=0.2, gc_freeze=False))


async def _stored(db: str, channel_id: int) -> list[tuple[int, str, str]]:
    """The table's action log as (move, actor, action), read by another connection."""
    conn = await asyncpg.connect(db)
    try:
        return [(r["move"], r["actor"], r["action"]) for r in await conn.fetch(
            "SELECT a.move, a.actor, a.action FROM actions a JOIN tables t ON "
            "t.id = a.table_id WHERE t.channel_id = $1 ORDER BY a.move", channel_id)]
    finally:
        await conn.close()


async def _kept(db: str, channel_id: int, acked: list[tuple[int, str]]) -> None:
    """Every acknowledged move is stored, none twice, no gap."""
    stored = await _stored(db, channel_id)
    assert [m for m, _, _ in stored] == list(range(1, len(stored) + 1)), "a gap or a double"
    humans = {(m, a) for m, actor, a in stored if actor == "human"}
    assert [a for a in acked if a not in humans] == [], "an acknowledged move was lost"


def _seen(fake: FakeDiscord) -> str:
    s = fake.scene
    return "\n".join(fake.all_text_seen_by(u) for u in (s.alice, s.bob))


async def _open_game(t: TableDriver, fake: FakeDiscord) -> None:
    s = fake.scene
    await t.open(s.alice, "coins", {"target": 10})
    await t.expect_ok(s.bob, "table join")
    await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 1})
    await t.expect_ok(s.alice, "table start")


def _to_move(t: TableDriver):
    """The seat to move, or None once the game is over."""
    info = t.core.table(t.channel.id)
    if info is None or info.status != "playing":
        return None
    return info.seats[info.current_seat]


async def _human_turn(t: TableDriver, clock: ManualClock | None) -> int | None:
    """The user whose turn it is, letting AI seats move (the clock's AI delay); None
    once the game is over."""
    for _ in range(400):
        seat = _to_move(t)
        if seat is None:
            return None
        if seat.user_id is not None and seat.ai_level is None:
            return seat.user_id
        if clock is not None:
            await clock.advance(1.0)
        await asyncio.sleep(0.01)
    raise AssertionError("the AI seat never moved")


async def _play(t: TableDriver, moves: int, clock: ManualClock | None = None,
                *, until_ai: bool = False) -> list[tuple[int, str]]:
    """Up to ``moves`` human moves (alice by /play, bob by panel), or until the AI seat
    is to move (``until_ai``); the acknowledged ones as (move, action)."""
    acked = []
    for _ in range(moves):
        user_id = await _human_turn(t, clock)
        if user_id is None:
            break
        info = t.core.table(t.channel.id)
        action = await t.move(t.fake.world.users[user_id])
        acked.append((info.move + 1, action))
        if until_ai and _to_move(t) is not None and _to_move(t).ai_level is not None:
            break
    return acked


async def test_postgresql_down_for_ten_seconds_during_games(
        fake_discord: FakeDiscord, own_pg_server: PgServer, caplog) -> None:
    fake, s = fake_discord, fake_discord.scene
    caplog.set_level(logging.WARNING)
    db = own_pg_server.create_database()
    clock = ManualClock()   # AI seats move when the test advances it (ai_delay 1 s)
    bot = _bot(fake, db, clock, ai_delay=1.0)
    async with fake.run_bot(bot):
        # Two games: at one a person is to move, at the other the AI seat.
        t = TableDriver(fake, bot, s.table, {s.alice.id: "play", s.bob.id: "panel"})
        t_ai = TableDriver(fake, bot, s.lobby, {s.alice.id: "panel", s.bob.id: "play"})
        acked = {t.channel.id: [], t_ai.channel.id: []}
        for table in (t, t_ai):
            await _open_game(table, fake)
            acked[table.channel.id] += await _play(table, 3, clock)
        acked[t_ai.channel.id] += await _play(t_ai, 10, clock, until_ai=True)
        assert _to_move(t_ai).ai_level is not None
        ai_at = t_ai.core.table(s.lobby.id).move
        user_id = await _human_turn(t, clock)
        assert user_id is not None
        user = fake.world.users[user_id]
        info = bot.core.table(s.table.id)
        view = bot.core.public_view(s.table.id)
        action = t.choose(user)

        own_pg_server.pause()
        refusals = []
        loop = asyncio.get_running_loop()
        end = loop.time() + OUTAGE
        while loop.time() < end:   # players keep trying while it is down
            await clock.advance(1.0)   # the AI seat tries too
            record = await fake.slash(user, "play", channel=s.table, options={"move": action})
            refusals.append(record.text)
            opened = await fake.click(user, t.board(), f"pl:hand:{s.table.id}")
            panel = opened.message
            target = panel_control(panel, action) if panel is not None else None
            if target is not None and target[1] is None:
                refusals.append((await fake.click(user, panel, target[0])).text)
            await asyncio.sleep(0.5)
        # A command that only reads is answered with a sentence too.
        board = await fake.slash(user, "leaderboard", channel=s.table,
                                 options={"game": "coins"})
        assert board.text.startswith("⚠️") and "try again" in board.text, board.text
        # Refused in a sentence; nothing changed, nothing half made.
        assert refusals and all(r == f"⚠️ {NOT_SAVED}" for r in refusals), refusals
        assert bot.core.table(s.table.id).move == info.move
        assert bot.core.public_view(s.table.id) == view
        assert bot.core.table(s.lobby.id).move == ai_at
        own_pg_server.resume()

        # The bot recovers by itself: the same move goes through, the AI seat moves
        # again, and both games are played to their end.
        for _ in range(20):   # the pool may first hand out a connection the restart broke
            record = await fake.slash(user, "play", channel=s.table, options={"move": action})
            if record.text.startswith("✅"):
                break
            assert record.text == f"⚠️ {NOT_SAVED}", record.text
            await asyncio.sleep(0.5)
        assert record.text.startswith("✅"), record.text
        acked[s.table.id].append((info.move + 1, action))
        for table in (t_ai, t):
            acked[table.channel.id] += await _play(table, 300, clock)
            assert _to_move(table) is None, "the game did not finish"
            await table.wait_board(lambda b: "game over" in b.text.lower(), timeout=30)

    for channel_id, moves in acked.items():
        await _kept(db, channel_id, moves)
    leaks = [w for w in LEAKS if w in _seen(fake)]
    assert leaks == [], f"a player read {leaks}"
    # The libraries' complaints went to the log.
    assert any(r.name.startswith("asyncpg") for r in caplog.records)


async def test_the_gateway_dropped_during_a_game(fake_discord: FakeDiscord,
                                                 own_pg_server: PgServer) -> None:
    fake, s = fake_discord, fake_discord.scene
    db = own_pg_server.create_database()
    bot = _bot(fake, db)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, {s.alice.id: "play", s.bob.id: "panel"})
        await _open_game(t, fake)
        acked = await _play(t, 3)
        for _ in range(2):   # dropped twice, mid-game
            sessions = len(fake.gateway_sessions)
            dropped = fake.drop_gateway()
            await fake.wait_until(lambda n=sessions: len(fake.gateway_sessions) > n
                                  and fake.connected, timeout=30)
            assert fake.gateway_sessions[-1].session_id == dropped.session_id, \
                "the bot resumed its session"
            acked += await _play(t, 3)
        acked += await _play(t, 200)
        assert bot.core.table(s.table.id) is None, "the game did not finish"
        await t.wait_board(lambda b: "game over" in b.text.lower(), timeout=30)
        boards = [m for m in fake.channel_messages(s.table) if "table #" in m.text]
        assert len(boards) == 1, "one board, edited in place"
    await _kept(db, s.table.id, acked)
    leaks = [w for w in LEAKS if w in _seen(fake)]
    assert leaks == [], f"a player read {leaks}"


async def test_a_board_never_goes_back_to_an_older_move(fake_discord: FakeDiscord, tmp_path,
                                                        monkeypatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, {s.alice.id: "play", s.bob.id: "play"})
        await _open_game(t, fake)
        older = bot.core.board(s.table.id)
        await _play(t, 2)
        latest = bot.core.table(s.table.id).move
        assert latest > older.table.move
        await t.wait_board(lambda b: f"move {latest} " in b.text)
        await bot.feed.out.drain(5)
        versions = len(t.board().versions)
        # A copy of the table that has not caught up yet (as a restarted process's had
        # not) would draw an older position: that edit is dropped.
        monkeypatch.setattr(bot.core, "board", lambda channel_id: older)
        await bot.feed.boards.show(older.table_id)
        assert f"move {latest} " in t.board().text
        assert len(t.board().versions) == versions
