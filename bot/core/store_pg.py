"""The PostgreSQL backend (asyncpg): a connection pool shared by the process.

Several bot processes use one database: each transaction holds its own pooled
connection (READ COMMITTED), and rows another process may change at the same
time are locked with ``SELECT ... FOR UPDATE`` by the code that reads them.
The portable SQL is translated once per statement by sql.to_postgres.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .schema import migrate_postgres
from .sql import returns_rows, to_postgres
from .store import IntegrityError, Row, Store

_COUNT = re.compile(r"(\d+)$")
# A connection the server dropped (it stopped or restarted): asyncpg raises these.
CONNECTION_LOST = (asyncpg.ConnectionDoesNotExistError, asyncpg.PostgresConnectionError,
                   asyncpg.exceptions.OperatorInterventionError, OSError)
log = logging.getLogger("parlour.core")
# Seconds between attempts to listen again after the listening connection was lost (the
# server restarted): short first, so a restart is caught up within a second or two.
RELISTEN_DELAYS = (0.2, 0.5, 1.0, 2.0)


class PgCursor:
    """What ``await conn.execute(...)`` gives: the rows (if any) and the row count."""

    def __init__(self, rows: list[asyncpg.Record], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = None  # use INSERT ... RETURNING id

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        rows, self._rows = self._rows, []
        return rows

    async def close(self) -> None:
        self._rows = []


class _Result:
    """Awaitable, and an async context manager, like aiosqlite's ``execute``."""

    def __init__(self, run) -> None:
        self._run = run

    def __await__(self):
        return self._run().__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConn:
    """The transaction's connection: portable SQL in, asyncpg underneath."""

    dialect = "postgresql"

    def __init__(self, conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> None:
        self.raw = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Result:
        async def run() -> PgCursor:
            text = to_postgres(sql)
            if returns_rows(sql):
                rows = await self.raw.fetch(text, *params)
                return PgCursor(list(rows), len(rows))
            status = await self.raw.execute(text, *params)
            m = _COUNT.search(status or "")
            return PgCursor([], int(m.group(1)) if m else -1)
        return _Result(run)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.raw.fetch(to_postgres(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.raw.fetchrow(to_postgres(sql), *params)


class PostgresStore(Store):
    dialect = "postgresql"

    def __init__(self, db: str, synchronous: str = "NORMAL", *, pool_size: int = 10) -> None:
        super().__init__(db, synchronous)
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None
        self._channels: dict[str, Callable[[str], Any]] = {}
        self._on_relisten: Callable[[], Awaitable[None]] | None = None
        self._relisten: asyncio.Task | None = None    # listening again, until connected
        self._tasks: set[asyncio.Task] = set()        # every such task, to end on close
        self._closing = False

    async def open(self) -> None:
        pool = await asyncpg.create_pool(self.db, min_size=1, max_size=self.pool_size)
        try:
            async with pool.acquire() as conn:
                self.migrated_from, _ = await migrate_postgres(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def listen(self, channel: str, callback: Callable[[str], Any], *,
                     on_relisten: Callable[[], Awaitable[None]] | None = None) -> None:
        """Call ``callback(payload)`` for each NOTIFY on ``channel`` (any process's).

        The listening connection is one of its own.  When it is lost (the server
        restarted) it is opened again in the background, retrying until the server
        answers; then ``on_relisten()`` runs, so the caller can read what was committed
        while nobody listened."""
        self._channels[channel] = callback
        if on_relisten is not None:
            self._on_relisten = on_relisten
        if self._listener is None:
            self._listener = await self._connect_listener()
        else:
            await self._listener.add_listener(channel, _forward(callback))

    async def _connect_listener(self) -> asyncpg.Connection:
        conn = await asyncpg.connect(self.db)
        try:
            for channel, callback in self._channels.items():
                await conn.add_listener(channel, _forward(callback))
        except BaseException:
            conn.terminate()
            raise
        conn.add_termination_listener(self._listener_lost)
        return conn

    def _listener_lost(self, conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy
                       ) -> None:
        if self._closing or conn is not self._listener or self._relisten is not None:
            return
        log.warning("lost the database connection that hears other processes' commits; "
                    "reconnecting")
        self._listener = None
        self._relisten = asyncio.get_running_loop().create_task(self._listen_again())
        self._tasks.add(self._relisten)
        self._relisten.add_done_callback(self._tasks.discard)

    async def _listen_again(self) -> None:
        attempt = 0
        try:
            while not self._closing:
                try:
                    self._listener = await asyncio.wait_for(self._connect_listener(), 10)
                    break
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError,
                        TimeoutError) as e:
                    log.debug("listening again failed (%s); retrying", e)
                    await asyncio.sleep(RELISTEN_DELAYS[min(attempt,
                                                            len(RELISTEN_DELAYS) - 1)])
                    attempt += 1
            else:
                return
            self._relisten = None  # lost again during the catch-up: a new task listens
            log.warning("the database answers again; catching up with other processes' "
                        "commits")
            if self._on_relisten is not None:
                await self._on_relisten()
        except Exception:
            log.exception("could not catch up after the database connection came back")
        finally:
            if self._relisten is asyncio.current_task():
                self._relisten = None

    async def close(self) -> None:
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled; we are closing
                pass
        self._relisten = None
        if self._listener is not None:
            listener, self._listener = self._listener, None
            await listener.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("The store is not open.")
        return self._pool

    async def _begin(self) -> tuple[Any, Any]:
        """A pooled connection in a new transaction.  A connection the server closed while
        it sat in the pool (a restart) fails at BEGIN, before anything was done: it is let
        go and another one taken, once."""
        for attempt in range(2):
            conn = await self.pool.acquire()
            tr = conn.transaction()
            try:
                await tr.start()
            except CONNECTION_LOST:
                await self.pool.release(conn)
                if attempt:
                    raise
                continue
            except BaseException:
                await self.pool.release(conn)
                raise
            return conn, tr
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConn]:
        conn, tr = await self._begin()
        try:
            try:
                yield PgConn(conn)
            except BaseException:
                if not conn.is_closed():
                    try:
                        await tr.rollback()
                    except Exception:  # keep the first error, the one that matters:
                        # a broken connection's transaction is rolled back by the server,
                        # and the pool resets or drops the connection on release.
                        log.debug("rollback failed", exc_info=True)
                raise
            await tr.commit()
        except asyncpg.IntegrityConstraintViolationError as e:
            raise IntegrityError(str(e)) from e
        finally:
            await self.pool.release(conn)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        text, args = to_postgres(sql), list(params)
        try:
            return list(await self.pool.fetch(text, *args))
        except CONNECTION_LOST:  # a pooled connection the server closed: read again, once
            return list(await self.pool.fetch(text, *args))

    async def schema_version(self) -> int:
        return (await self.fetchall("SELECT version FROM parlour_schema"))[0][0]

    async def user_tables(self) -> list[str]:
        rows = await self.fetchall(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> 'parlour_schema' ORDER BY tablename")
        return [r[0] for r in rows]


def _forward(callback: Callable[[str], Any]) -> Callable[..., None]:
    """asyncpg's listener signature, down to the payload."""
    return lambda _conn, _pid, _channel, payload: callback(payload)
