"""Storage: one interface, two backends chosen by the database address.

``Store(db)`` gives a SQLite store (a file path or ``sqlite:///path``: embedded,
the default) or a PostgreSQL store (``postgresql://...``: several processes on
one database).  Both run the same schema versions (schema.py) and the same SQL,
written once in the portable dialect of sql.py (``?`` placeholders).

Writers use ``async with store.transaction() as conn`` and ``await
conn.execute(sql, params)`` (or ``async with conn.execute(...) as cur``, then
``await cur.fetchone()``); ``conn.fetchone``/``conn.fetchall`` read inside the
transaction.  A transaction commits as a whole or not at all.  Rows are read by
column name (``row["id"]``) or position.  A broken uniqueness rule raises
``IntegrityError`` on both backends.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

TABLE_FIELDS = ("channel_id", "guild_id", "game", "options", "settings", "host_id", "host_name",
                "status", "seed", "seats", "state", "move", "deadline", "reminder_at", "created",
                "started", "updated")


# One logged action: (move, seat, user id or None, actor, canonical text, time).
ActionRow = tuple[int, int, int | None, str, str, float]


class IntegrityError(Exception):
    """A uniqueness or other constraint refused a write (the transaction rolled back)."""


class Row(Protocol):
    def __getitem__(self, key: int | str) -> Any: ...
    def keys(self) -> Iterable[str]: ...


class Conn(Protocol):
    """What ``store.transaction()`` yields, on either backend."""
    dialect: str

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


def is_postgres(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


_PASSWORD = re.compile(r"(postgres(?:ql)?://[^:/@\s]*:)[^@\s]*@")


def mask_password(text: str) -> str:
    """``text`` with the password of every PostgreSQL URL in it replaced by ``***``
    (``postgresql://parlour:***@db/parlour``): what Parlour prints or logs never holds one."""
    return _PASSWORD.sub(r"\1***@", text)


def sqlite_path(db: str) -> str:
    """``sqlite:///rel.db`` -> ``rel.db``, ``sqlite:////abs.db`` -> ``/abs.db``; paths as is."""
    return db[len("sqlite:///"):] if db.startswith("sqlite:///") else db


class Store:
    """The storage interface; ``Store(db)`` builds the backend ``db`` names."""

    dialect = ""

    def __new__(cls, db: str = "parlour.db", synchronous: str = "NORMAL") -> Store:
        if cls is Store:
            if is_postgres(db):
                from .store_pg import PostgresStore
                cls = PostgresStore
            else:
                from .store_sqlite import SqliteStore
                cls = SqliteStore
        return super().__new__(cls)

    def __init__(self, db: str = "parlour.db", synchronous: str = "NORMAL") -> None:
        self.db = db
        self.migrated_from: int | None = None

    async def open(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Conn, bool | None]:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def schema_version(self) -> int:
        raise NotImplementedError

    async def listen(self, channel: str, callback: Callable[[str], Any], *,
                     on_relisten: Callable[[], Awaitable[None]] | None = None) -> None:
        """Call ``callback(payload)`` for each NOTIFY on ``channel`` (PostgreSQL only);
        ``on_relisten()`` after listening again once the connection was lost."""
        raise NotImplementedError

    async def user_tables(self) -> list[str]:
        """Every table of the database (the schema's and adapters'), for copying."""
        raise NotImplementedError

    async def write(self, *statements: tuple[str, Sequence[Any]]) -> None:
        """Statements whose results nobody reads, in one transaction."""
        async with self.transaction() as conn:
            for sql, params in statements:
                await conn.execute(sql, params)

    async def write_move(self, table_id: int, move_was: int, fields: dict, *,
                         action: ActionRow | None = None, notify: tuple[str, str] | None = None,
                         then: Callable[[Conn], Awaitable[None]] | None = None) -> bool:
        """One commit of a table, in one transaction: the row's ``fields`` if the row is
        still at move ``move_was`` (its version: False, and nothing written, when another
        process moved first), the ``action`` logged, a NOTIFY on PostgreSQL, then
        whatever ``then`` writes (the finished game and its ratings)."""
        async with self.transaction() as conn:
            row = await conn.fetchone("SELECT move FROM tables WHERE id = ? FOR UPDATE",
                                      (table_id,))
            if row is None or row[0] != move_was:
                return False
            await update_table(conn, table_id, fields)
            if notify is not None:  # delivered when the transaction commits
                await conn.execute("SELECT pg_notify(?, ?)", notify)
            if action is not None:
                await conn.execute(*action_insert(table_id, action))
            if then is not None:
                await then(conn)
        return True

    # --- tables and the action log ------------------------------------------------

    async def load_active_tables(self) -> list[Row]:
        return await self.fetchall(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id")

    async def load_actions(self, table_id: int) -> list[Row]:
        return await self.fetchall(
            "SELECT * FROM actions WHERE table_id = ? ORDER BY move", (table_id,))

    async def load_game(self, game_id: int) -> Row | None:
        return await self.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))


async def insert_table(conn: Conn, fields: dict) -> int:
    cols = [k for k in TABLE_FIELDS if k in fields]
    sql = (f"INSERT INTO tables ({', '.join(cols)}) "
           f"VALUES ({', '.join('?' for _ in cols)}) RETURNING id")
    row = await conn.fetchone(sql, [_db(fields[k]) for k in cols])
    assert row is not None  # RETURNING gives the new row
    return int(row[0])


def table_update(table_id: int, fields: dict, *, move_was: int | None = None
                 ) -> tuple[str, list]:
    """The UPDATE of a table row's ``fields``; with ``move_was``, only while the row is
    still at that move (the row count then tells whether it was)."""
    cols = [k for k in TABLE_FIELDS if k in fields]
    sql = f"UPDATE tables SET {', '.join(f'{k} = ?' for k in cols)} WHERE id = ?"
    params = [_db(fields[k]) for k in cols] + [table_id]
    if move_was is not None:
        sql += " AND move = ?"
        params.append(move_was)
    return sql, params


async def update_table(conn: Conn, table_id: int, fields: dict) -> None:
    await conn.execute(*table_update(table_id, fields))


def action_insert(table_id: int, action: ActionRow) -> tuple[str, tuple]:
    """The INSERT logging one action: (move, seat, user id, actor, text, time)."""
    return ("INSERT INTO actions (table_id, move, seat, user_id, actor, action, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", (table_id, *action))



def _db(value: Any) -> Any:
    """Lists and dicts are stored as compact JSON text."""
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"))
    return value


__all__ = ["ActionRow", "Conn", "IntegrityError", "Row", "Store", "action_insert",
           "insert_table", "is_postgres", "mask_password", "sqlite_path", "table_update",
           "update_table"]
