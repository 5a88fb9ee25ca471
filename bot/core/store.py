"""SQLite storage (aiosqlite): one connection, WAL, explicit transactions.

All access goes through one asyncio lock, so a transaction of one table never
interleaves with another's on the shared connection.  Writers use
``async with store.transaction() as conn`` and the row helpers below; a
transaction commits as a whole or not at all.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from .schema import migrate

log = logging.getLogger("parlour.core")

TABLE_FIELDS = ("channel_id", "guild_id", "game", "options", "settings", "host_id", "host_name",
                "status", "seed", "seats", "state", "move", "deadline", "reminder_at", "created",
                "started", "updated")


class Store:
    def __init__(self, path: str, synchronous: str = "NORMAL") -> None:
        self.path = path
        self.synchronous = synchronous
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.migrated_from: int | None = None

    async def open(self) -> None:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute("PRAGMA busy_timeout = 5000")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            self.migrated_from, _ = await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        self._conn = conn

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("The store is not open.")
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            await conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self.conn.execute(sql, tuple(params)) as cur:
                return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    # --- tables and the action log ------------------------------------------------

    async def load_active_tables(self) -> list[sqlite3.Row]:
        return await self.fetchall(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id")

    async def load_actions(self, table_id: int) -> list[sqlite3.Row]:
        return await self.fetchall(
            "SELECT * FROM actions WHERE table_id = ? ORDER BY move", (table_id,))

    async def load_game(self, game_id: int) -> sqlite3.Row | None:
        return await self.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))


async def insert_table(conn: aiosqlite.Connection, fields: dict) -> int:
    cols = [k for k in TABLE_FIELDS if k in fields]
    sql = (f"INSERT INTO tables ({', '.join(cols)}) "
           f"VALUES ({', '.join('?' for _ in cols)})")
    cur = await conn.execute(sql, [_db(fields[k]) for k in cols])
    return int(cur.lastrowid)


async def update_table(conn: aiosqlite.Connection, table_id: int, fields: dict) -> None:
    cols = [k for k in TABLE_FIELDS if k in fields]
    sql = f"UPDATE tables SET {', '.join(f'{k} = ?' for k in cols)} WHERE id = ?"
    await conn.execute(sql, [_db(fields[k]) for k in cols] + [table_id])


async def insert_action(conn: aiosqlite.Connection, table_id: int, move: int, seat: int,
                        user_id: int | None, actor: str, action: str, at: float) -> None:
    await conn.execute(
        "INSERT INTO actions (table_id, move, seat, user_id, actor, action, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)", (table_id, move, seat, user_id, actor, action, at))


def _db(value: Any) -> Any:
    """Lists and dicts are stored as compact JSON text."""
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"))
    return value
