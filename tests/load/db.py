"""Reading the bot's database after a run (the bot stopped): sizes, the action log."""

from __future__ import annotations

import asyncio
import sqlite3
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.core.sql import to_postgres
from bot.core.store import is_postgres


@dataclass
class DbFigures:
    file_bytes: int                 # after a checkpoint: database file, empty WAL
    bytes_by_table: dict[str, int]  # dbstat: pages of each table with its indexes
    actions: int
    human_actions: int
    games: int
    tables: int
    moves_per_game: float

    @property
    def bytes_per_action(self) -> float:
        return self.bytes_by_table.get("actions", 0) / max(1, self.actions)

    @property
    def bytes_per_game(self) -> float:
        """A finished game: its action rows, its games row and its tables row."""
        games = self.bytes_by_table.get("games", 0) / max(1, self.games)
        tables = self.bytes_by_table.get("tables", 0) / max(1, self.tables)
        return self.moves_per_game * self.bytes_per_action + games + tables


def connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=10)


def figures(path: Path | str) -> DbFigures:
    if is_postgres(str(path)):
        return _pg_figures(str(path))
    path = Path(path)
    with connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        owners = {name: tbl for name, tbl in conn.execute(
            "SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')")}
        by_table: dict[str, int] = defaultdict(int)
        for name, size in conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
            by_table[owners.get(name, name)] += int(size)
        one = conn.execute
        actions = one("SELECT COUNT(*) FROM actions").fetchone()[0]
        human = one("SELECT COUNT(*) FROM actions WHERE actor = 'human'").fetchone()[0]
        games, moves = one("SELECT COUNT(*), AVG(moves) FROM games").fetchone()
        tables = one("SELECT COUNT(*) FROM tables").fetchone()[0]
    size = path.stat().st_size + sum(p.stat().st_size for p in
                                     (path.with_name(path.name + "-wal"),) if p.exists())
    return DbFigures(size, dict(by_table), actions, human, games, tables, float(moves or 0))


def _pg_figures(url: str) -> DbFigures:
    """The same figures on PostgreSQL: the database's size, each table's with its indexes
    and TOAST (after a VACUUM, so dead rows left by updates are not counted as data)."""
    query(url, "VACUUM")
    size = query(url, "SELECT pg_database_size(current_database())")[0][0]
    by_table = {name: int(n) for name, n in query(
        url, "SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relkind = 'r' "
             "AND relnamespace = 'public'::regnamespace")}
    actions = query(url, "SELECT COUNT(*) FROM actions")[0][0]
    human = query(url, "SELECT COUNT(*) FROM actions WHERE actor = 'human'")[0][0]
    games, moves = query(url, "SELECT COUNT(*), AVG(moves) FROM games")[0]
    tables = query(url, "SELECT COUNT(*) FROM tables")[0][0]
    return DbFigures(int(size), by_table, actions, human, games, tables, float(moves or 0))


def moves_between(path: Path | str, start_wall: float, end_wall: float
                  ) -> list[tuple[int, int, float]]:
    """(table id, move, commit time) of every move committed in the window."""
    return query(path, "SELECT table_id, move, at FROM actions WHERE at >= ? AND at < ? "
                       "ORDER BY at", (start_wall, end_wall))


def query(db: Path | str, sql: str, params: tuple = ()) -> list[tuple]:
    """Rows of one query on either backend (a SQLite path, or a postgresql:// URL)."""
    if not is_postgres(str(db)):
        with connect(Path(db)) as conn:
            return list(conn.execute(sql, params))

    async def run() -> list[tuple]:
        conn = await asyncpg.connect(str(db))
        try:
            return [tuple(r) for r in await conn.fetch(to_postgres(sql), *params)]
        finally:
            await conn.close()
    # Called from inside the driver's event loop: run the query on a loop of its own.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def human_actions(db: Path | str) -> dict[int, list[str]]:
    """table id -> the humans' actions in move order (what acknowledged moves must be in)."""
    out: dict[int, list[str]] = defaultdict(list)
    for table_id, action in query(db, "SELECT table_id, action FROM actions WHERE "
                                      "actor = 'human' ORDER BY table_id, move"):
        out[table_id].append(action)
    return dict(out)


def table_status(db: Path | str) -> dict[int, str]:
    return dict(query(db, "SELECT id, status FROM tables"))
