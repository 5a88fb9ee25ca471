"""The SQLite backend (aiosqlite): one connection, WAL, explicit transactions.

All access goes through one asyncio lock, so a transaction of one table never
interleaves with another's on the shared connection; ``BEGIN IMMEDIATE`` also
makes every transaction the database's only writer, across processes too.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from .schema import migrate_sqlite
from .sql import to_sqlite
from .store import IntegrityError, Row, Store, sqlite_path


class SqliteConn:
    """The transaction's connection: portable SQL in, aiosqlite underneath."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """aiosqlite's result: ``await`` it for a cursor, or ``async with`` it."""
        return self._conn.execute(to_sqlite(sql), tuple(params))

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._conn.execute(to_sqlite(sql), tuple(params)) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._conn.execute(to_sqlite(sql), tuple(params)) as cur:
            return await cur.fetchone()

    def __getattr__(self, name: str) -> Any:  # executemany, executescript...
        return getattr(self._conn, name)


class SqliteStore(Store):
    dialect = "sqlite"

    def __init__(self, db: str = "parlour.db", synchronous: str = "NORMAL") -> None:
        super().__init__(db, synchronous)
        self.path = sqlite_path(db)
        self.synchronous = synchronous
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute("PRAGMA busy_timeout = 5000")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            self.migrated_from, _ = await migrate_sqlite(conn)
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
    async def transaction(self) -> AsyncIterator[SqliteConn]:
        async with self._lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteConn(conn)
            except BaseException as e:
                await conn.execute("ROLLBACK")
                if isinstance(e, sqlite3.IntegrityError):
                    raise IntegrityError(str(e)) from e
                raise
            await conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self._lock:
            async with self.conn.execute(to_sqlite(sql), tuple(params)) as cur:
                return list(await cur.fetchall())

    async def schema_version(self) -> int:
        return (await self.fetchall("PRAGMA user_version"))[0][0]

    async def user_tables(self) -> list[str]:
        rows = await self.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                   "name NOT LIKE 'sqlite_%' ORDER BY name")
        return [r[0] for r in rows]

