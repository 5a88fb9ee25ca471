"""``parlour backup`` (online SQLite copy) and ``parlour migrate-db`` (SQLite into
PostgreSQL): round trips that keep every game, rating, table and adapter row."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.cli import main
from bot.core import Core, ManualClock
from tests.test_core_helpers import BOB, HOST, config, make_table, play_first_legal


async def _played(core: Core) -> None:
    """A finished game, a game in progress, a lobby, and an adapter-owned table."""
    await make_table(core, "coins", humans=[HOST, BOB], ais=["random"], channel=1, guild=9)
    await play_first_legal(core, 1)
    await make_table(core, "thirteens", humans=[HOST], ais=["random", "random"], channel=2,
                     guild=9, turn_seconds=60)
    await core.create_table(3, BOB, "Bob", "piquet", guild_id=9)
    async with core.store.transaction() as conn:
        await conn.execute("CREATE TABLE IF NOT EXISTS discord_boards (table_id INTEGER "
                           "PRIMARY KEY, channel_id INTEGER NOT NULL, message_id INTEGER "
                           "NOT NULL)")
        await conn.execute("INSERT INTO discord_boards VALUES (?, ?, ?)",
                           (2, 2, 2**62 + 5))


def _rows(path, sql: str) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


async def test_backup_copies_a_live_database(tmp_path, capsys) -> None:
    core = Core(config(tmp_path / "live.db"), clock=ManualClock())
    await core.start()
    try:
        await _played(core)
        # The bot is still running (its connection open, WAL in use) during the backup.
        code = await asyncio.to_thread(main, ["backup", str(tmp_path / "copy.db"), "--db",
                                              str(tmp_path / "live.db")])
        assert code == 0
        assert capsys.readouterr().out.startswith(f"Backed up {tmp_path / 'live.db'} to ")
    finally:
        await core.stop()
    for sql in ("SELECT * FROM tables ORDER BY id", "SELECT * FROM actions ORDER BY 1, 2",
                "SELECT * FROM games", "SELECT * FROM ratings ORDER BY 1, 2, 3",
                "SELECT * FROM discord_boards", "PRAGMA user_version"):
        assert _rows(tmp_path / "copy.db", sql) == _rows(tmp_path / "live.db", sql)
    # The copy is a working database: the bot resumes from it.
    restored = Core(config(tmp_path / "copy.db"), clock=ManualClock())
    assert {t.channel_id for t in await restored.start()} == {2, 3}
    await restored.stop()
    assert main(["backup", str(tmp_path / "x.db"), "--db", str(tmp_path / "none.db")]) == 1
    assert capsys.readouterr().out == f"Error: No SQLite database at {tmp_path / 'none.db'}.\n"


async def test_migrate_db_copies_sqlite_into_postgresql(tmp_path, pg_server, capsys) -> None:
    source = tmp_path / "old.db"
    core = Core(config(source), clock=ManualClock())
    await core.start()
    await _played(core)
    board, games = await core.leaderboard("coins", 9), await core.recent_games()
    replay = await core.replay(games[0].game_id)
    await core.stop()
    target = pg_server.create_database("migrated")
    code = await asyncio.to_thread(main, ["migrate-db", "--db", str(source), "--to", target])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith(f"Copied {source} into PostgreSQL (rows per table: actions ")
    moved = Core(config(tmp_path / "unused", db_path=target), clock=ManualClock())
    resumed = await moved.start()
    try:
        assert {t.channel_id for t in resumed} == {2, 3}
        assert await moved.leaderboard("coins", 9) == board
        assert await moved.recent_games() == games
        assert await moved.replay(games[0].game_id) == replay
        row = await moved.store.fetchone("SELECT message_id FROM discord_boards")
        assert row[0] == 2**62 + 5
        # New tables get fresh ids after the copied ones; the games go on.
        info = await moved.create_table(4, HOST, "Alice", "coins", guild_id=9)
        assert info.table_id > max(t.table_id for t in resumed)
        await play_first_legal(moved, 2)
    finally:
        await moved.stop()
    # A second copy into the same (now used) database is refused, and changes nothing.
    assert await asyncio.to_thread(main, ["migrate-db", "--db", str(source), "--to",
                                          target]) == 1
    assert "already has" in capsys.readouterr().out
