"""Table core: durability across an abrupt stop, schema migrations, failed commits."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import asyncpg
import pytest

from bot.core import Core, GameOver, ManualClock, Reminder, Strike, TableError
from bot.core.schema import SCHEMA_VERSION, statements
from bot.core.sql import to_postgres
from bot.core.store import IntegrityError, is_postgres
from tests.backends import db_for
from tests.test_core_helpers import (
    BOB,
    CAROL,
    HOST,
    config,
    make_table,
    play_first_legal,
    running_core,
)

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


def _tables_snapshot(core: Core) -> dict:
    return {ch: (t.info(), t.state.to_json() if t.state else None)
            for ch, t in core.registry.live.items()}


async def _action_logs(core: Core) -> dict:
    out = {}
    for info in core.tables():
        rows = await core.store.load_actions(info.table_id)
        out[info.table_id] = [tuple(r) for r in rows]
    return out


async def test_tables_resume_exactly_after_an_abrupt_stop(tmp_path) -> None:
    path = tmp_path / "crash.db"
    clock1 = ManualClock()
    core1 = Core(config(path), clock=clock1)
    await core1.start()
    # A game with a human to move and a running timer, played part-way.
    await make_table(core1, "coins", humans=[HOST, BOB], ais=["random"], channel=1,
                     turn_seconds=90)
    for _ in range(5):
        info = core1.table(1)
        user = info.seats[info.current_seat].user_id
        await core1.act(1, user, core1.legal_actions(1, user)[0], expect_move=info.move)
        await core1.settle()
    await clock1.advance(10)
    # A piquet game where it is an AI's turn (AI moves wait 3 s), and a lobby.
    core1.config.ai_delay = 3.0
    await make_table(core1, "piquet", humans=[CAROL], ais=["random"], channel=2,
                     turn_seconds=0, seed=11)
    await core1.create_table(3, BOB, "Bob", "thirteens", {"target": 30}, guild_id=9)
    await core1.add_ai(3, BOB, "easy")
    before = _tables_snapshot(core1)
    logs = await _action_logs(core1)
    assert before[1][0].deadline is not None and logs[before[1][0].table_id]
    try:
        await _reopen_and_compare(tmp_path, clock1.now(), before, logs)
    finally:
        await core1.store.close()  # only now: tidy up the "crashed" connection's thread


async def _reopen_and_compare(tmp_path, now: float, before: dict, logs: dict) -> None:
    # Crash: no stop(), no close; a new process opens the same file.
    clock2 = ManualClock(start=now)
    async with running_core(tmp_path, "crash.db", clock=clock2, ai_delay=3.0) as env:
        core2 = env.core
        assert _tables_snapshot(core2) == before
        assert await _action_logs(core2) == logs
        deadline = before[1][0].deadline
        reminder_at = core2.registry.live[1].reminder_at
        assert reminder_at is not None and deadline in clock2.pending()
        assert reminder_at in clock2.pending()
        # Both continue: the timer fires at the same absolute time it would have.
        await env.clock.advance(deadline - env.clock.now() + 0.5)
        got = env.updates()
        assert any(isinstance(u, Reminder) for u in got)
        assert [u.user_id for u in got if isinstance(u, Strike)][:1] in ([HOST], [BOB])
        assert core2.table(1).move > before[1][0].move
        assert before[2][0].current_seat == 1 and before[2][0].move == 0  # the AI's turn
        assert core2.table(2).move > 0  # it moved after its delay in the new process
        assert core2.table(3).status == "lobby"


async def test_an_overdue_timer_fires_promptly_on_start(tmp_path) -> None:
    clock1 = ManualClock()
    async with running_core(tmp_path, clock=clock1) as env:
        info = await make_table(env.core, "coins", humans=[HOST], ais=["random", "random"],
                                turn_seconds=60)
    assert info.deadline is not None
    clock2 = ManualClock(start=info.deadline + 3600)  # the bot was down for an hour
    async with running_core(tmp_path, clock=clock2) as env:
        await env.core.settle()
        strikes = env.updates(Strike)
        assert [(s.user_id, s.strikes) for s in strikes] == [(HOST, 1)]
        assert env.core.table(1).move > info.move


async def test_a_failed_commit_leaves_the_table_unchanged(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        user = info.seats[info.current_seat].user_id
        move = core.legal_actions(1, user)[0]
        before = core.registry.live[1].state.to_json()
        real = core.store.write_move

        async def broken(*args, **kwargs):
            raise sqlite3.OperationalError("disk I/O error")

        core.store.write_move = broken
        with pytest.raises(TableError, match="Could not save"):
            await core.act(1, user, move, expect_move=info.move)
        assert core.registry.live[1].state.to_json() == before and core.table(1) == info
        core.store.write_move = real
        result = await core.act(1, user, move, expect_move=info.move)
        assert result.move == info.move + 1


async def test_a_move_commit_checks_the_version_and_writes_all_or_nothing(tmp_path) -> None:
    # Store.write_move, every move's commit (on SQLite its statements go to the database
    # thread together): the row is written only at the expected move, with its action.
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        store, table = core.store, core.registry.live[1]
        m = table.move

        async def logged(move: int) -> int:
            row = await store.fetchone(
                "SELECT COUNT(*) FROM actions WHERE table_id = ? AND move = ?", (table.id, move))
            return row[0]

        async def row_move() -> int:
            return (await store.fetchone("SELECT move FROM tables WHERE id = ?", (table.id,)))[0]

        def at(move: int) -> dict:
            return {**table.row_fields(1.0), "move": move}

        # Another process moved first (the row is not at m + 3): nothing is written.
        assert not await store.write_move(table.id, m + 3, at(m + 4),
                                          action=(m + 4, 0, HOST, "human", "play 1C", 1.0))
        assert await row_move() == m and await logged(m + 4) == 0
        # At the expected move: the row and the action.
        assert await store.write_move(table.id, m, at(m + 1),
                                      action=(m + 1, 0, HOST, "human", "play 1C", 1.0))
        assert await row_move() == m + 1 and await logged(m + 1) == 1
        # The action cannot be logged (that move is logged already): the row stays too.
        with pytest.raises(IntegrityError):
            await store.write_move(table.id, m + 1, at(m + 2),
                                   action=(m + 1, 0, HOST, "human", "play 2C", 1.0))
        assert await row_move() == m + 1 and await logged(m + 2) == 0
        # The connection is usable afterwards (no transaction left open).
        assert await store.write_move(table.id, m + 1, at(m + 2))
        assert await row_move() == m + 2


@pytest.mark.sqlite_only
async def test_storage_pragmas_and_version(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        store = env.core.store
        assert (await store.fetchone("PRAGMA journal_mode"))[0] == "wal"
        assert (await store.fetchone("PRAGMA busy_timeout"))[0] == 5000
        assert (await store.fetchone("PRAGMA user_version"))[0] == SCHEMA_VERSION
        assert await store.schema_version() == SCHEMA_VERSION
        assert store.migrated_from == 0


async def test_a_new_database_is_at_the_latest_version(tmp_path, backend) -> None:
    async with running_core(tmp_path) as env:
        store = env.core.store
        assert store.dialect == backend
        assert await store.schema_version() == SCHEMA_VERSION and store.migrated_from == 0
        # Discord ids and seeds are 64-bit on both backends.
        big = 2**62 + 1
        info = await env.core.create_table(big, big - 1, "Alice", "coins", guild_id=big - 2,
                                           seed=big - 3)
        row = await store.fetchone("SELECT channel_id, host_id, guild_id, seed FROM tables "
                                   "WHERE id = ?", (info.table_id,))
        assert tuple(row) == (big, big - 1, big - 2, big - 3)


V1_SCHEMA = [
    """CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, channel_id INTEGER NOT NULL,
        guild_id INTEGER, game TEXT NOT NULL, options TEXT NOT NULL, settings TEXT NOT NULL,
        host_id INTEGER, host_name TEXT NOT NULL, status TEXT NOT NULL, seed INTEGER NOT NULL,
        seats TEXT NOT NULL, state TEXT, move INTEGER NOT NULL DEFAULT 0, deadline REAL,
        reminder_at REAL, created REAL NOT NULL, started REAL, updated REAL NOT NULL)""",
    """CREATE UNIQUE INDEX tables_active_channel ON tables(channel_id)
        WHERE status IN ('lobby', 'playing')""",
    """CREATE TABLE actions (table_id INTEGER NOT NULL, move INTEGER NOT NULL,
        seat INTEGER NOT NULL, user_id INTEGER, actor TEXT NOT NULL, action TEXT NOT NULL,
        at REAL NOT NULL, PRIMARY KEY (table_id, move))""",
    """CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
        seed INTEGER NOT NULL, guild_id INTEGER, channel_id INTEGER NOT NULL,
        players TEXT NOT NULL, scores TEXT, ranks TEXT NOT NULL, result TEXT,
        abandoned TEXT NOT NULL, started REAL NOT NULL, finished REAL NOT NULL,
        moves INTEGER NOT NULL)""",
    "CREATE INDEX games_channel ON games(channel_id, finished)",
    "CREATE INDEX games_guild ON games(guild_id, finished)",
    """CREATE TABLE ratings (scope TEXT NOT NULL, game TEXT NOT NULL, user_id INTEGER NOT NULL,
        mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        updated REAL NOT NULL, PRIMARY KEY (scope, game, user_id))""",
]




async def _run_sql(db: str, statements: list[tuple[str, tuple]]) -> None:
    """Raw SQL (portable dialect) straight into a database, bypassing the store."""
    if not is_postgres(db):
        conn = sqlite3.connect(db)
        for sql, params in statements:
            conn.execute(sql, params)
        conn.commit()
        conn.close()
        return
    conn = await asyncpg.connect(db)
    try:
        for sql, params in statements:
            await conn.execute(to_postgres(sql), *params)
    finally:
        await conn.close()


async def _make_v1_database(path) -> None:
    """A database as schema v1 left it, with a finished game, ratings and a lobby."""
    db = db_for(path)
    if is_postgres(db):
        ddl = [(sql, ()) for sql in statements(0, "postgresql")]
        ddl += [("CREATE TABLE parlour_schema (version INTEGER NOT NULL)", ()),
                ("INSERT INTO parlour_schema VALUES (1)", ())]
    else:
        ddl = [(sql, ()) for sql in V1_SCHEMA] + [("PRAGMA user_version = 1", ())]
    players = [{"seat": 0, "name": "Old Alice", "user_id": HOST, "kind": "human"},
               {"seat": 1, "name": "AI (easy)", "user_id": None, "kind": "ai"},
               {"seat": 2, "name": "Old Bob", "user_id": BOB, "kind": "human"}]
    seats = [{"name": "Old Alice", "user_id": HOST, "ai_level": None, "strikes": 0,
              "abandoned": False}]
    await _run_sql(db, ddl + [
        ("INSERT INTO games VALUES (7, 'coins', '{\"target\": 15}', 5, 9, 1, ?, "
         "'[15, 3, 9]', '[1, 3, 2]', NULL, '[]', 100.0, 200.0, 120)", (json.dumps(players),)),
        ("INSERT INTO ratings VALUES ('global', 'coins', ?, 28.0, 7.0, 3, 2, 200.0)", (HOST,)),
        ("INSERT INTO ratings VALUES ('global', 'coins', ?, 24.0, 7.5, 3, 1, 200.0)", (BOB,)),
        ("INSERT INTO tables (channel_id, guild_id, game, options, settings, host_id, "
         "host_name, status, seed, seats, created, updated) VALUES (4, 9, 'thirteens', "
         "'{\"target\": 50, \"thirteen_value\": 3}', "
         "'{\"turn_seconds\": 60, \"keep_order\": false}', ?, 'Old Alice', 'lobby', 3, "
         "?, 150.0, 150.0)", (HOST, json.dumps(seats)))])


async def test_migration_from_v1_keeps_the_data(tmp_path) -> None:
    await _make_v1_database(tmp_path / "old.db")
    async with running_core(tmp_path, "old.db") as env:
        core = env.core
        assert core.store.migrated_from == 1
        assert await core.store.schema_version() == SCHEMA_VERSION
        board = await core.leaderboard("coins")
        assert [(r.name, r.games, r.wins, r.abandons) for r in board] == [
            ("Old Alice", 3, 2, 0), ("Old Bob", 3, 1, 0)]  # names back-filled from games
        [game] = await core.recent_games(guild_id=9)
        assert (game.game_id, game.reason, game.winners) == (7, "complete", ["Old Alice"])
        lobby = core.table(4)
        assert lobby is not None and lobby.host_name == "Old Alice" and lobby.turn_seconds == 60
        # The migrated database keeps working: the old lobby starts and finishes a game.
        await core.add_ai(4, HOST, "random")
        await core.add_ai(4, HOST, "random")
        await core.start_game(4, HOST)
        await core.settle()
        await play_first_legal(core, 4)
        assert [u.reason for u in env.updates(GameOver)] == ["complete"]
        stats = await core.user_stats(HOST)
        assert {s.game: s.games for s in stats} == {"coins": 3, "thirteens": 1}


async def test_a_newer_database_is_refused_clearly(tmp_path) -> None:
    path = tmp_path / "future.db"
    db = db_for(path)
    if is_postgres(db):
        await _run_sql(db, [("CREATE TABLE parlour_schema (version INTEGER NOT NULL)", ()),
                            ("INSERT INTO parlour_schema VALUES (?)", (SCHEMA_VERSION + 1,))])
    else:
        await _run_sql(db, [(f"PRAGMA user_version = {SCHEMA_VERSION + 1}", ())])
    core = Core(config(path), clock=ManualClock())
    with pytest.raises(RuntimeError, match="Upgrade parlour"):
        await core.start()
    await core.stop()


async def test_writes_are_all_or_nothing(tmp_path) -> None:
    # Store.write: statements nobody reads back (pings, DMs, boards), in one transaction
    # (on SQLite queued on the database thread together).
    async with running_core(tmp_path) as env:
        store = env.core.store
        await store.write(("CREATE TABLE t_write (k INTEGER PRIMARY KEY, v TEXT)", ()))
        await store.write(("INSERT INTO t_write VALUES (?, ?)", (1, "a")))
        with pytest.raises(IntegrityError):
            await store.write(("INSERT INTO t_write VALUES (?, ?)", (2, "b")),
                              ("INSERT INTO t_write VALUES (?, ?)", (1, "c")))
        with pytest.raises(IntegrityError):
            await store.write(("INSERT INTO t_write VALUES (?, ?)", (1, "d")))
        assert [tuple(r) for r in await store.fetchall("SELECT k, v FROM t_write")] == [(1, "a")]
        await store.write(("INSERT INTO t_write VALUES (?, ?)", (2, "b")),
                          ("UPDATE t_write SET v = ? WHERE k = ?", ("z", 1)))
        rows = await store.fetchall("SELECT k, v FROM t_write ORDER BY k")
        assert [tuple(r) for r in rows] == [(1, "z"), (2, "b")]


async def test_concurrent_writes_commit_together_and_fail_alone(tmp_path) -> None:
    # Writes waiting at the same moment are committed together on SQLite; one that fails
    # must fail alone, the others land, and each versioned move says whether it applied.
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        store, table = core.store, core.registry.live[1]
        m = table.move
        await store.write(("CREATE TABLE t_group (k INTEGER PRIMARY KEY)", ()))
        await store.write(("INSERT INTO t_group VALUES (?)", (0,)))
        fields = {**table.row_fields(1.0), "move": m + 1}
        results = await asyncio.gather(
            *(store.write(("INSERT INTO t_group VALUES (?)", (k,))) for k in range(1, 6)),
            store.write(("INSERT INTO t_group VALUES (?)", (0,))),           # taken: fails
            store.write_move(table.id, m + 7, fields),                        # stale: False
            store.write_move(table.id, m, fields, action=(m + 1, 0, HOST, "human", "x", 1.0)),
            return_exceptions=True)
        assert results[:5] == [None] * 5
        assert isinstance(results[5], IntegrityError)
        assert results[6] is False and results[7] is True
        rows = await store.fetchall("SELECT k FROM t_group ORDER BY k")
        assert [r[0] for r in rows] == [0, 1, 2, 3, 4, 5]
        row = await store.fetchone("SELECT move FROM tables WHERE id = ?", (table.id,))
        assert row[0] == m + 1
        logged = await store.fetchall("SELECT move FROM actions WHERE table_id = ?", (table.id,))
        assert [r[0] for r in logged].count(m + 1) == 1
