"""The SQLite backend (aiosqlite): one connection, WAL, explicit transactions.

All access goes through one asyncio lock, so a transaction of one table never
interleaves with another's on the shared connection; ``BEGIN IMMEDIATE`` also
makes every transaction the database's only writer, across processes too.

The group commits of the hot path (moves, pings, boards) run on the event loop's own
thread, the rest (reads, multi-step transactions) on aiosqlite's thread, each under that
lock (aiosqlite's connection and thread are reached through ``bot/compat.py``: aiosqlite
has no public name for them).  In WAL mode with ``synchronous = NORMAL`` a commit only
appends to the WAL file (no fsync): 40 us for a move's statements, less than a hop to
another thread costs.  Under load each hop waited for the GIL and for the busy event
loop, and a move waited 40 ms (p50) for its commit at 2,000 tables.  What may block - a
checkpoint's fsyncs, another process holding the write lock - stays off the loop: the
connection checkpoints only when told (``wal_autocheckpoint = 0``), and a commit that
finds the database locked is retried on the database thread, where it may wait
``busy_timeout``.  Checkpoints run every ``CHECKPOINT_EVERY`` seconds on a connection
and a thread of their own (``_Checkpointer``), outside the lock: WAL lets a writer
append while a checkpoint copies, and a checkpoint's fsync may take a second on a busy
disk (969 ms in one load run), which under the lock every move's
commit would wait for.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import aiosqlite

from ..compat import on_db_thread, sqlite_of
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

log = logging.getLogger("parlour.core")
T = TypeVar("T")


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


BUSY_TIMEOUT_MS = 5000   # off the loop: how long a write waits for another process's lock
CHECKPOINT_EVERY = 1.0   # seconds between checkpoints while there are writes


def _transaction(db: sqlite3.Connection, statements: list[tuple[str, tuple]]) -> list[int]:
    """The statements in one transaction; each one's row count.  Rolled back if one
    fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        counts = [db.execute(sql, params).rowcount for sql, params in statements]
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return counts


def _transaction_now(db: sqlite3.Connection, statements: list[tuple[str, tuple]]
                     ) -> list[int] | None:
    """``_transaction`` on the event loop's thread, without waiting for a lock another
    process holds (the connection's busy timeout is 0): None if the database is locked
    (retry on the database thread)."""
    try:
        return _transaction(db, statements)
    except sqlite3.OperationalError as e:
        if e.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return None
        raise


# The connection does not wait for another process's lock (busy_timeout 0): the hot
# path commits on the event loop, and setting the timeout there and back for each
# commit was 1% of the loop's time.  What runs on the database thread may wait, and
# sets the timeout around itself.

def _waiting(db: sqlite3.Connection, work: Callable[..., T], *args: Any) -> T:
    """``work(db, *args)`` on the database thread, waiting up to ``BUSY_TIMEOUT_MS`` for
    another process's lock."""
    _pragma(db, f"busy_timeout = {BUSY_TIMEOUT_MS}")
    try:
        return work(db, *args)
    finally:
        _pragma(db, "busy_timeout = 0")


def _read(db: sqlite3.Connection, sql: str, params: tuple) -> list[Row]:
    cursor = db.execute(sql, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


def _pragma(db: sqlite3.Connection, setting: str) -> None:
    # Closed at once: a PRAGMA answers with a row, and a statement left unfinished on the
    # connection makes every COMMIT fail ("SQL statements in progress").
    db.execute(f"PRAGMA {setting}").close()


def _settle(write: _Write, *, result: Any = None, exception: BaseException | None = None
            ) -> None:
    if write.done is None or write.done.done():  # its caller gave up (cancelled)
        return
    if exception is not None:
        write.done.set_exception(exception)
    else:
        write.done.set_result(result)


def _flat(group: list[_Write]) -> list[tuple[str, tuple]]:
    return [(to_sqlite(sql), tuple(params)) for w in group for sql, params in w.statements]


def _committed(group: list[_Write], counts: list[int]) -> None:
    i = 0
    for w in group:
        _settle(w, result=counts[i] == 1 if w.versioned else None)
        i += len(w.statements)


def _failed(group: list[_Write], failed: sqlite3.Error) -> bool:
    """A failed transaction: False (retry one by one) for a group of several, else the
    write gets the error."""
    if len(group) > 1:
        return False
    _settle(group[0], exception=IntegrityError(str(failed))
            if isinstance(failed, sqlite3.IntegrityError) else failed)
    return True


class _Checkpointer:
    """Checkpoints on a connection and a thread of their own: a slow one (the fsync of a
    busy disk) holds up neither the store's lock nor its connection."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-checkpoint")

    def _run(self) -> None:
        if self._db is None:
            self._db = sqlite3.connect(self.path, isolation_level=None,
                                       check_same_thread=False)
        # PASSIVE: copies what it can, waiting for no reader or writer (nor a busy timeout).
        _read(self._db, "PRAGMA wal_checkpoint(PASSIVE)", ())

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    async def run(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._run)

    async def close(self) -> None:
        """After any checkpoint running (the same thread): this connection is not the
        database's last, so closing it leaves the WAL to the store's own connection."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)


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
        self._checkpoint: asyncio.TimerHandle | None = None
        self._checkpoints: set[asyncio.Task] = set()
        self._checkpointer: _Checkpointer | None = None

    async def open(self) -> None:
        # The loop's thread commits on the connection aiosqlite's thread opened: the lock
        # keeps the two from ever using it at the same time.
        conn = await aiosqlite.connect(self.path, isolation_level=None,
                                       check_same_thread=False)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA wal_autocheckpoint = 0")
            self.migrated_from, _ = await migrate_sqlite(conn)
            await conn.execute("PRAGMA busy_timeout = 0")   # see _waiting
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        if self.path not in ("", ":memory:"):   # an in-memory database has no WAL
            self._checkpointer = _Checkpointer(self.path)

    async def close(self) -> None:
        if self._checkpoint is not None:
            self._checkpoint.cancel()
            self._checkpoint = None
        for task in list(self._checkpoints):
            await asyncio.gather(task, return_exceptions=True)
        if self._checkpointer is not None:
            checkpointer, self._checkpointer = self._checkpointer, None
            await checkpointer.close()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()   # the last connection to close checkpoints the WAL

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("The store is not open.")
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConn]:
        async with self._lock:
            conn = self.conn
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")   # see _waiting
            try:
                await conn.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteConn(conn)
                except BaseException as e:
                    await conn.execute("ROLLBACK")
                    if isinstance(e, sqlite3.IntegrityError):
                        raise IntegrityError(str(e)) from e
                    raise
                await conn.execute("COMMIT")
            finally:
                await conn.execute("PRAGMA busy_timeout = 0")
            self._plan_checkpoint()

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
        writing = self._writer is not None and not self._writer.done()
        if not self._writes and not self._lock.locked() and not writing \
                and self._commit_now([write]) is not None:
            # Nothing else waits to be written: committed at once.  A writer task would
            # cost the move's answer a turn of the busy event loop to start, and another
            # to hand back the result.
            return await write.done   # settled: returns without a turn of the loop
        self._writes.append(write)
        if not writing:
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
        done = self._commit_now(group)
        if done is not None:
            return done
        # Another process writes: wait for its lock on the database thread.
        conn = self.conn
        try:
            counts = await on_db_thread(conn, _waiting, sqlite_of(conn), _transaction,
                                        _flat(group))
            self._plan_checkpoint()
        except sqlite3.Error as failed:
            return _failed(group, failed)
        _committed(group, counts)
        return True

    def _commit_now(self, group: list[_Write]) -> bool | None:
        """``_commit`` on the event loop's thread (nobody else may be using the
        connection); None, with nothing settled, if another process holds the database."""
        try:
            counts = _transaction_now(sqlite_of(self.conn), _flat(group))
            if counts is None:
                return None
            self._plan_checkpoint()
        except sqlite3.Error as failed:
            return _failed(group, failed)
        _committed(group, counts)
        return True

    def _plan_checkpoint(self) -> None:
        """A checkpoint CHECKPOINT_EVERY seconds after the first write since the last."""
        if self._checkpoint is None:
            loop = asyncio.get_running_loop()
            self._checkpoint = loop.call_at(loop.time() + CHECKPOINT_EVERY,
                                            self._start_checkpoint)

    def _start_checkpoint(self) -> None:
        self._checkpoint = None
        task = asyncio.ensure_future(self.checkpoint())
        self._checkpoints.add(task)
        task.add_done_callback(self._checkpoints.discard)

    async def checkpoint(self) -> None:
        """Copy the WAL's pages into the database file (PASSIVE: readers of other
        processes are not waited for), on the checkpointer's connection and thread: it
        fsyncs, and the commits go on meanwhile."""
        if self._checkpointer is None:   # in memory, or not open
            return
        try:
            await self._checkpointer.run()
        except sqlite3.Error as e:   # the WAL grows until a later one succeeds
            log.warning("SQLite checkpoint failed: %s", e)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self._lock:
            conn = self.conn
            return list(await on_db_thread(conn, _waiting, sqlite_of(conn), _read,
                                           to_sqlite(sql), tuple(params)))

    async def schema_version(self) -> int:
        return (await self.fetchall("PRAGMA user_version"))[0][0]

    async def user_tables(self) -> list[str]:
        rows = await self.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                   "name NOT LIKE 'sqlite_%' ORDER BY name")
        return [r[0] for r in rows]

