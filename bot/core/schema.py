"""The database schema as forward migrations: step k takes version k to k+1.

Never edit a released step; append a new one.  SQLite runs each step in one
transaction together with its ``PRAGMA user_version`` bump; PostgreSQL runs all
pending steps and the bumps of its one-row ``parlour_schema`` table in one
transaction, under an advisory lock (two processes starting at once).  Steps are written in SQLite's
SQL, which sql.to_postgres translates (BIGINT for INTEGER, DOUBLE PRECISION for
REAL, identity for AUTOINCREMENT); a statement that cannot be portable is a
``Dialects`` pair.
"""

from __future__ import annotations

from typing import NamedTuple

import aiosqlite

from .sql import to_postgres


class Dialects(NamedTuple):
    sqlite: str
    postgresql: str


MIGRATIONS: list[list[str | Dialects]] = [
    # v1: tables, the action log, finished games, ratings.
    [
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel_id INTEGER NOT NULL,
            guild_id INTEGER,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            settings TEXT NOT NULL,
            host_id INTEGER,
            host_name TEXT NOT NULL,
            status TEXT NOT NULL,
            seed INTEGER NOT NULL,
            seats TEXT NOT NULL,
            state TEXT,
            move INTEGER NOT NULL DEFAULT 0,
            deadline REAL,
            reminder_at REAL,
            created REAL NOT NULL,
            started REAL,
            updated REAL NOT NULL)""",
        """CREATE UNIQUE INDEX tables_active_channel ON tables(channel_id)
            WHERE status IN ('lobby', 'playing')""",
        """CREATE TABLE actions (
            table_id INTEGER NOT NULL,
            move INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, move))""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            players TEXT NOT NULL,
            scores TEXT,
            ranks TEXT NOT NULL,
            result TEXT,
            abandoned TEXT NOT NULL,
            started REAL NOT NULL,
            finished REAL NOT NULL,
            moves INTEGER NOT NULL)""",
        "CREATE INDEX games_channel ON games(channel_id, finished)",
        "CREATE INDEX games_guild ON games(guild_id, finished)",
        """CREATE TABLE ratings (
            scope TEXT NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            updated REAL NOT NULL,
            PRIMARY KEY (scope, game, user_id))""",
    ],
    # v2: abandonments counted, why a game ended, rating changes kept with the game,
    # and display names (back-filled from the players of finished games).
    [
        "ALTER TABLE ratings ADD COLUMN abandons INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN reason TEXT NOT NULL DEFAULT 'complete'",
        "ALTER TABLE games ADD COLUMN rating_changes TEXT NOT NULL DEFAULT '[]'",
        """CREATE TABLE users (
            user_id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            updated REAL NOT NULL)""",
        Dialects(
            """INSERT OR REPLACE INTO users (user_id, name, updated)
                SELECT json_extract(p.value, '$.user_id'), json_extract(p.value, '$.name'),
                       g.finished
                FROM games g, json_each(g.players) p
                WHERE json_extract(p.value, '$.user_id') IS NOT NULL
                ORDER BY g.finished""",
            # The latest name of each user (SQLite's OR REPLACE keeps the last one written).
            """INSERT INTO users (user_id, name, updated)
                SELECT DISTINCT ON ((p.value->>'user_id')::BIGINT)
                       (p.value->>'user_id')::BIGINT, p.value->>'name', g.finished
                FROM games g, jsonb_array_elements(g.players::jsonb) p
                WHERE p.value->>'user_id' IS NOT NULL
                ORDER BY (p.value->>'user_id')::BIGINT, g.finished DESC
                ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,
                    updated = excluded.updated"""),
    ],
    # v3 (daily): the daily deal's attempts (one per user, game and UTC day) and par.
    [
        """CREATE TABLE daily_attempts (
            day INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            guild_id INTEGER,
            name TEXT NOT NULL,
            seat INTEGER NOT NULL,
            names TEXT NOT NULL,
            state TEXT NOT NULL,
            actions TEXT NOT NULL,
            moves INTEGER NOT NULL,
            status TEXT NOT NULL,
            score REAL,
            started REAL NOT NULL,
            finished REAL,
            PRIMARY KEY (day, game, user_id))""",
        "CREATE INDEX daily_attempts_user ON daily_attempts(user_id, day)",
        "CREATE INDEX daily_attempts_field ON daily_attempts(day, game, status, score)",
        """CREATE TABLE daily_par (
            day INTEGER NOT NULL,
            game TEXT NOT NULL,
            score REAL NOT NULL,
            computed REAL NOT NULL,
            PRIMARY KEY (day, game))""",
    ],
    # v4 (daily): rating seasons beside the all-time ratings, and servers' season lengths.
    [
        """CREATE TABLE season_ratings (
            scope TEXT NOT NULL,
            season TEXT NOT NULL,
            ends TEXT NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            abandons INTEGER NOT NULL,
            updated REAL NOT NULL,
            PRIMARY KEY (scope, season, game, user_id))""",
        """CREATE TABLE season_settings (
            guild_id INTEGER PRIMARY KEY,
            length_days INTEGER,
            anchor_day INTEGER NOT NULL,
            updated REAL NOT NULL)""",
    ],
    # v5 (issue 16): languages - each user's Discord locale (for DMs, which carry none) and
    # each table's board language (chosen at /table new).
    [
        """CREATE TABLE user_languages (
            user_id BIGINT PRIMARY KEY,
            lang TEXT NOT NULL)""",
        """CREATE TABLE table_languages (
            table_id BIGINT PRIMARY KEY,
            lang TEXT NOT NULL)""",
    ],
    # v6 (issue 41): tournaments - each one's pure state as JSON (bot/core/tournament) and a
    # row per table of a round, filled in once the table is opened.
    [
        """CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            host_name TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            settings TEXT NOT NULL,
            status TEXT NOT NULL,
            state TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            signup_message_id INTEGER,
            standings_message_id INTEGER,
            created REAL NOT NULL,
            updated REAL NOT NULL)""",
        """CREATE UNIQUE INDEX tournaments_active_channel ON tournaments(channel_id)
            WHERE status IN ('signup', 'running')""",
        """CREATE TABLE tournament_tables (
            tournament_id INTEGER NOT NULL,
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            channel_id INTEGER,
            table_id INTEGER,
            PRIMARY KEY (tournament_id, round, number))""",
        "CREATE INDEX tournament_tables_table ON tournament_tables(table_id)",
    ],
    # v7 (issue 39): reviews: the hard AI's review of a finished game
    # for one seat: a pending row first (resumed at start), its decisions as JSON once done.
    [
        """CREATE TABLE game_reviews (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            status TEXT NOT NULL,
            budget INTEGER NOT NULL,
            result TEXT,
            requested REAL NOT NULL,
            done REAL,
            PRIMARY KEY (game_id, seat))""",
    ],
    # v8 (issue 47): the web table - Activity instances bound to a table by the board's Open
    # table button, browser login sessions (by the SHA-256 of their cookie) and the session
    # tickets already used (a signed ticket is good once, in whichever process redeems it).
    [
        """CREATE TABLE activity_instances (
            instance_id TEXT PRIMARY KEY,
            channel_id INTEGER NOT NULL,
            table_id INTEGER,
            created REAL NOT NULL)""",
        """CREATE TABLE web_sessions (
            token_hash TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            created REAL NOT NULL,
            expires REAL NOT NULL)""",
        "CREATE INDEX web_sessions_expires ON web_sessions(expires)",
        """CREATE TABLE web_used_tickets (
            nonce TEXT PRIMARY KEY,
            expires REAL NOT NULL)""",
        "CREATE INDEX web_used_tickets_expires ON web_used_tickets(expires)",
    ],
    # v9 (issue 49): accuracy and luck of every seat of a finished game (bot/core/skills.py):
    # pending rows first (resumed at start), the figures once computed.
    [
        """CREATE TABLE game_skills (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            game TEXT NOT NULL,
            guild_id INTEGER,
            status TEXT NOT NULL,
            budget INTEGER NOT NULL,
            decisions INTEGER,
            accuracy REAL,
            low REAL,
            high REAL,
            luck REAL,
            luck_error REAL,
            requested REAL NOT NULL,
            done REAL,
            PRIMARY KEY (game_id, seat))""",
        "CREATE INDEX game_skills_user ON game_skills(user_id, game, done)",
        "CREATE INDEX game_skills_status ON game_skills(status)",
    ],
    # v10 (issue 49): puzzles from finished games and daily attempts (bot/core/puzzles.py):
    # the sources to mine (pending rows resumed at start), the puzzles (one per position),
    # each one issued to a user and answered once, the players' puzzle ratings and daily
    # streaks, the daily puzzle of each day, and the reports that withdraw a puzzle.
    [
        """CREATE TABLE puzzle_sources (
            source TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            game_id INTEGER,
            day INTEGER,
            user_id INTEGER,
            guild_id INTEGER,
            status TEXT NOT NULL,
            budget INTEGER NOT NULL,
            found INTEGER,
            requested REAL NOT NULL,
            done REAL)""",
        "CREATE INDEX puzzle_sources_status ON puzzle_sources(status)",
        """CREATE TABLE puzzles (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            position TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            move INTEGER NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            players INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            state TEXT NOT NULL,
            answer TEXT NOT NULL,
            candidates TEXT NOT NULL,
            reasons TEXT NOT NULL,
            game_id INTEGER,
            guild_id INTEGER,
            seed INTEGER NOT NULL,
            day INTEGER,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            reported INTEGER NOT NULL DEFAULT 0,
            created REAL NOT NULL)""",
        "CREATE INDEX puzzles_pool ON puzzles(game, reported)",
        """CREATE TABLE puzzle_issues (
            user_id INTEGER NOT NULL,
            puzzle_id INTEGER NOT NULL,
            issued REAL NOT NULL,
            daily INTEGER,
            answered REAL,
            played TEXT,
            correct INTEGER,
            cost REAL,
            rating_before INTEGER,
            rating_after INTEGER,
            streak INTEGER,
            PRIMARY KEY (user_id, puzzle_id))""",
        "CREATE INDEX puzzle_issues_open ON puzzle_issues(user_id, answered)",
        """CREATE TABLE puzzle_players (
            user_id INTEGER PRIMARY KEY,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            solved INTEGER NOT NULL,
            tried INTEGER NOT NULL,
            streak INTEGER NOT NULL,
            best_streak INTEGER NOT NULL,
            streak_day INTEGER)""",
        """CREATE TABLE puzzle_daily (
            day INTEGER PRIMARY KEY,
            puzzle_id INTEGER NOT NULL)""",
        """CREATE TABLE puzzle_reports (
            puzzle_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (puzzle_id, user_id))""",
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNewError(RuntimeError):
    """The database was written by a newer Parlour: this one must not touch it."""

    def __init__(self, found: int) -> None:
        super().__init__(f"The database is schema v{found}; this parlour knows up to "
                         f"v{SCHEMA_VERSION}. Upgrade parlour.")
        self.found = found


def statements(version: int, dialect: str) -> list[str]:
    """Step ``version`` (0-based) in ``dialect`` ("sqlite" or "postgresql")."""
    out = []
    for sql in MIGRATIONS[version]:
        if isinstance(sql, Dialects):
            out.append(getattr(sql, dialect))
        else:
            out.append(to_postgres(sql) if dialect == "postgresql" else sql)
    return out


def _too_new(old: int) -> SchemaTooNewError:
    return SchemaTooNewError(old)


async def migrate_sqlite(conn: aiosqlite.Connection) -> tuple[int, int]:
    """Bring a SQLite database up to ``SCHEMA_VERSION``; return (old, new) versions.

    The connection must be in autocommit mode (``isolation_level=None``).
    """
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None  # PRAGMA user_version always answers
    old = row[0]
    if old > SCHEMA_VERSION:
        raise _too_new(old)
    for version in range(old, SCHEMA_VERSION):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for sql in statements(version, "sqlite"):
                await conn.execute(sql)
            await conn.execute(f"PRAGMA user_version = {version + 1}")
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
    return old, SCHEMA_VERSION


# Any constant: the advisory lock that keeps two starting processes from migrating at once.
_MIGRATION_LOCK = 0x7061726C6F7572


async def migrate_postgres(conn) -> tuple[int, int]:
    """Bring a PostgreSQL database (an asyncpg connection) up to ``SCHEMA_VERSION``."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS parlour_schema (version INTEGER NOT NULL)")
        old = await conn.fetchval("SELECT version FROM parlour_schema")
        if old is None:
            old = 0
            await conn.execute("INSERT INTO parlour_schema VALUES (0)")
        if old > SCHEMA_VERSION:
            raise _too_new(old)
        for version in range(old, SCHEMA_VERSION):  # DDL is transactional in PostgreSQL
            for sql in statements(version, "postgresql"):
                await conn.execute(sql)
            await conn.execute("UPDATE parlour_schema SET version = $1", version + 1)
    return old, SCHEMA_VERSION
