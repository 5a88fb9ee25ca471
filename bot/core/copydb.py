"""Copying a SQLite database into PostgreSQL (``parlour migrate-db``) and online
SQLite backups (``parlour backup``)."""

from __future__ import annotations

import os
import sqlite3

from .sql import to_postgres
from .store import Store, is_postgres, sqlite_path


class CopyError(Exception):
    """The copy cannot be made; the message says why (nothing was changed)."""


async def sqlite_to_postgres(source: str, target: str) -> dict[str, int]:
    """Copy every table of the SQLite ``source`` into the empty PostgreSQL ``target``.

    Both are first brought to the current schema.  Adapter-owned tables are
    created in the target from their SQLite definitions.  All in one target
    transaction: a failure leaves the target as it was.  Returns rows per table.
    """
    if is_postgres(source) or not is_postgres(target):
        raise CopyError("Copy from a SQLite file to a postgresql:// database.")
    path = sqlite_path(source)
    if not os.path.exists(path):
        raise CopyError(f"No SQLite database at {path}.")
    src, dst = Store(source), Store(target)
    await src.open()
    try:
        await dst.open()
        try:
            return await _copy(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src, dst) -> dict[str, int]:
    names = await src.user_tables()
    existing = set(await dst.user_tables())
    for name in ("tables", "games", "ratings", "users"):
        if (await dst.fetchone(f"SELECT COUNT(*) FROM {name}"))[0]:
            raise CopyError(f"The target database already has {name}; copy into an empty one.")
    counts = {}
    async with dst.transaction() as conn:
        raw = conn.raw
        for name in names:
            if name not in existing:
                ddl = await src.fetchone("SELECT sql FROM sqlite_master WHERE type = 'table' "
                                         "AND name = ?", (name,))
                await raw.execute(to_postgres(ddl[0]))
            elif (await raw.fetchval(f'SELECT COUNT(*) FROM "{name}"')):
                raise CopyError(f"The target database already has rows in {name}.")
            rows = await src.fetchall(f'SELECT * FROM "{name}"')
            if rows:
                columns = list(rows[0].keys())
                await raw.copy_records_to_table(name, records=[tuple(r) for r in rows],
                                                columns=columns)
            counts[name] = len(rows)
        # Identity columns go on after the highest id ever used (SQLite's AUTOINCREMENT
        # never reuses one, even of a deleted row).
        seqs = {r[0]: r[1] for r in await src.fetchall(
            "SELECT name, seq FROM sqlite_sequence")} if "tables" in names else {}
        for table, column in await raw.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND is_identity = 'YES'"):
            top = await raw.fetchval(f'SELECT MAX("{column}") FROM "{table}"') or 0
            top = max(top, seqs.get(table, 0))
            if top:
                await raw.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3)",
                                  table, column, top)
    return counts


def backup_sqlite(source: str, target: str) -> int:
    """An online copy of the SQLite ``source`` into the file ``target``; its size in bytes.

    SQLite's backup API reads one consistent snapshot while the bot keeps writing
    (WAL); the copy is written beside ``target`` and renamed into place when whole.
    """
    if is_postgres(source):
        raise CopyError("PostgreSQL is backed up with pg_dump (see docs/SCALING.md).")
    path = sqlite_path(source)
    if not os.path.exists(path):
        raise CopyError(f"No SQLite database at {path}.")
    partial = f"{target}.partial"
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            ok = dst.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    if ok != "ok":
        os.unlink(partial)
        raise CopyError(f"The copy failed its integrity check: {ok}")
    os.replace(partial, target)
    return os.path.getsize(target)
