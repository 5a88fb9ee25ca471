"""The SQLite backend (aiosqlite): one connection, WAL, explicit transactions.

All access goes through one asyncio lock, so a transaction of one table never
interleaves with another's on the shared connection; ``BEGIN IMMEDIATE`` also
makes every transaction the database's only writer, across processes too.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

from .schema import migrate_sqlite
from .sql import to_sqlite
from .store import (
    ActionRow,
    Conn,
    IntegrityError,
    Row,
    Store,
    action_insert,
    sqlite_path,
    table_update,
)


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


@dataclass
class _Write:
    """Statements nobody reads back, committed with whatever else waits to be written."""

    statements: list[tuple[str, Sequence[Any]]]
    versioned: bool     # the first is a versioned UPDATE: the result says if it applied
    done: asyncio.Future | None = None


def _transaction(db: sqlite3.Connection, statements: list[tuple[str, tuple]]) -> list[int]:
    """On the database thread: the statements in one transaction; each one's row count.
    Rolled back if one fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        counts = [db.execute(sql, params).rowcount for sql, params in statements]
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return counts


def _settle(write: _Write, *, result: Any = None, exception: BaseException | None = None
            ) -> None:
    if write.done is None or write.done.done():  # its caller gave up (cancelled)
        return
    if exception is not None:
        write.done.set_exception(exception)
    else:
        write.done.set_result(result)


class SqliteStore(Store):
    dialect = "sqlite"

    def __init__(self, db: str = "parlour.db", synchronous: str = "NORMAL") -> None:
        super().__init__(db, synchronous)
        self.path = sqlite_path(db)
        self.synchronous = synchronous
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._writes: list[_Write] = []
        self._writer: asyncio.Task | None = None

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

    # Writes are the hot path (every move, ping, DM and board).  Each used to take the
    # connection's lock and wait for the event loop once per statement; under load the
    # loop has no spare time, every lock hand-over and every answer from the database
    # thread waits behind everything else it has to do, and the writes queued for
    # seconds.  Instead the writes waiting at a moment are committed together (a group
    # commit): one BEGIN, their statements queued on the thread together and run there
    # back to back, one COMMIT.  If any statement fails, that transaction is rolled back
    # and each write is retried alone, so one bad write fails by itself.

    async def write(self, *statements: tuple[str, Sequence[Any]]) -> None:
        await self._queue(_Write(list(statements), versioned=False))

    async def write_move(self, table_id: int, move_was: int, fields: dict, *,
                         action: ActionRow | None = None, notify: tuple[str, str] | None = None,
                         then: Callable[[Conn], Awaitable[None]] | None = None) -> bool:
        if then is not None or notify is not None:
            return await super().write_move(table_id, move_was, fields, action=action,
                                            notify=notify, then=then)
        # The version check is the UPDATE's own condition, and the action goes in only if
        # that UPDATE changed the row (changes(): the statement just before, on this
        # connection; a group's statements run in order, nothing in between).
        statements: list[tuple[str, Sequence[Any]]] = [
            table_update(table_id, fields, move_was=move_was)]
        if action is not None:
            sql, params = action_insert(table_id, action)
            statements.append((sql[:sql.index("VALUES")] + "SELECT ?, ?, ?, ?, ?, ?, ? "
                               "WHERE changes() = 1", params))
        return bool(await self._queue(_Write(statements, versioned=True)))

    async def _queue(self, write: _Write) -> Any:
        write.done = asyncio.get_running_loop().create_future()
        self._writes.append(write)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_all())
        return await write.done

    async def _write_all(self) -> None:
        while self._writes:
            group, self._writes = self._writes, []
            async with self._lock:
                try:
                    if not await self._commit(group):
                        for write in group:
                            await self._commit([write])
                except BaseException as e:  # the store closed under us: fail what is left
                    for write in group:
                        _settle(write, exception=e)
                    if not isinstance(e, Exception):
                        raise

    async def _commit(self, group: list[_Write]) -> bool:
        """One transaction of ``group`` (lock held); False, rolled back, if a statement of
        a group of several failed (a write alone gets its error)."""
        conn = self.conn
        flat = [(to_sqlite(sql), tuple(params)) for w in group for sql, params in w.statements]
        try:
            # One hop to the database thread for the whole transaction (aiosqlite's way to
            # run a function there): a hop per statement waited for the event loop and the
            # GIL each time, and moves waited 40 ms for their commit at 2,000 busy tables.
            counts = await conn._execute(_transaction, conn._conn, flat)
        except sqlite3.Error as failed:
            if len(group) > 1:
                return False
            _settle(group[0], exception=IntegrityError(str(failed))
                    if isinstance(failed, sqlite3.IntegrityError) else failed)
            return True
        i = 0
        for w in group:
            _settle(w, result=counts[i] == 1 if w.versioned else None)
            i += len(w.statements)
        return True

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

