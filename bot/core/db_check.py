"""Looking at a database path before opening it for real: can Parlour create or write the
file, and which schema version is in it.  Nothing here changes the file (``parlour run``
checks before connecting to Discord, ``parlour doctor`` reports).  A PostgreSQL URL is
checked by connecting to it, with a short timeout, and reading Parlour's schema version;
its password is never said."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .schema import SCHEMA_VERSION, SchemaTooNewError
from .store import is_postgres, mask_password, sqlite_path

PG_TIMEOUT = 5.0   # seconds to wait for a PostgreSQL server to answer


class DatabaseUnusable(Exception):
    """Parlour cannot create, open or write the database; the message says what to do."""


class DatabaseUnreachable(DatabaseUnusable):
    """The PostgreSQL server does not answer (down, or not there): starting again once it
    runs may be all it takes."""


@dataclass(frozen=True)
class DatabaseState:
    path: str
    version: int | None  # schema version in the file; None: the file will be created

    @property
    def current(self) -> bool:
        return self.version == SCHEMA_VERSION

    def describe(self) -> str:
        if self.version is None and is_postgres(self.path):
            return (f"{self.path} has no Parlour tables yet; they will be created on the first "
                    "start (or copy a SQLite database in first: parlour migrate-db).")
        if self.version is None:
            return f"{self.path} does not exist yet; it will be created on the first start."
        if self.version < SCHEMA_VERSION:
            return (f"{self.path} has schema v{self.version}; it will be upgraded to "
                    f"v{SCHEMA_VERSION} on the next start.")
        return f"{self.path} has schema v{self.version} (current)."


def check_database(path: str) -> DatabaseState:
    """The state of the database at ``path``, or ``DatabaseUnusable`` / ``SchemaTooNewError``.

    A PostgreSQL URL is checked by connecting (see ``check_postgres``).
    """
    if is_postgres(path):
        return check_postgres(path)
    path = sqlite_path(path)
    if path == ":memory:":
        return DatabaseState(path, SCHEMA_VERSION)
    file = Path(path)
    folder = file.parent if str(file.parent) else Path(".")
    hint = "set PARLOUR_DB (or --db) to a file in a writable folder."
    if file.is_dir():
        raise DatabaseUnusable(f"The database path {path} is a folder, not a file: {hint}")
    if not folder.exists():
        raise DatabaseUnusable(f"The folder {folder} of the database {path} does not exist. "
                               f"Create it, or {hint}")
    if not folder.is_dir():
        raise DatabaseUnusable(f"{folder} (in the database path {path}) is a file, not a "
                               f"folder: {hint}")
    # SQLite writes its -wal and -shm files beside the database: the folder must be writable.
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseUnusable(f"Parlour cannot write to the folder {folder} (database {path}). "
                               f"Give the user running Parlour write access, or {hint}")
    if not file.exists():
        return DatabaseState(path, None)
    if not os.access(file, os.R_OK | os.W_OK):
        raise DatabaseUnusable(f"Parlour cannot read and write the database file {path}. "
                               "Give the user running Parlour access to it.")
    try:
        conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=rw", uri=True)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        raise DatabaseUnusable(f"{path} is not a usable SQLite database ({e}). "
                               f"Restore it from a backup, or {hint}") from e
    if version > SCHEMA_VERSION:
        raise SchemaTooNewError(version)
    return DatabaseState(path, version)


def server_of(url: str) -> str:
    """The server part of a PostgreSQL URL (no user, no password): ``host:port``."""
    parts = urlsplit(url)
    try:
        port = parts.port or 5432
    except ValueError:
        port = 5432
    return f"{parts.hostname or 'localhost'}:{port}"


def check_postgres(url: str, timeout: float = PG_TIMEOUT) -> DatabaseState:
    """Connect to the PostgreSQL database at ``url`` and read Parlour's schema version
    (None: no Parlour tables yet).  ``DatabaseUnusable`` says in one line, without the
    password, what is wrong: the server down or unreachable, the login refused, no such
    database; ``SchemaTooNewError`` for a newer Parlour's schema."""
    import asyncpg

    shown = mask_password(url)
    where = server_of(url)
    parts = urlsplit(url)
    user = unquote(parts.username or "") or "(the default user)"
    name = unquote(parts.path.lstrip("/")) or user
    try:
        version = asyncio.run(_pg_version(url, timeout))  # callers are not async
    except (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError) as e:
        raise DatabaseUnusable(
            f"PostgreSQL at {where} refused the login of {user} ({_reason(e)}). Check the user "
            "and password in PARLOUR_DB (and the server's pg_hba.conf).") from None
    except asyncpg.InvalidCatalogNameError:
        raise DatabaseUnusable(
            f"PostgreSQL at {where} has no database {name}. Create it (createdb {name}), or "
            "correct the database name in PARLOUR_DB.") from None
    except (OSError, TimeoutError, asyncpg.CannotConnectNowError,
            asyncpg.TooManyConnectionsError) as e:
        # Down, not there, starting up or full: it may pass by itself.
        reason = (f"no answer in {timeout:g} s" if isinstance(e, TimeoutError)
                  else "connection refused" if isinstance(e, ConnectionRefusedError)
                  else mask_password(getattr(e, "strerror", None) or _reason(e)))
        raise DatabaseUnreachable(
            f"cannot reach PostgreSQL at {where} ({reason}). Is the server running, and are the "
            "host and port in PARLOUR_DB right?") from None
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as e:
        raise DatabaseUnusable(f"PostgreSQL at {where} answered with an error: "
                               f"{_reason(e)}.") from None
    except (ValueError, OverflowError) as e:   # a URL asyncpg cannot use (port 99999)
        raise DatabaseUnusable(f"PARLOUR_DB is not a usable PostgreSQL URL ({_reason(e)}): "
                               "postgresql://user:password@host:port/database.") from None
    if version is not None and version > SCHEMA_VERSION:
        raise SchemaTooNewError(version)
    return DatabaseState(shown, version)


def _reason(exc: BaseException) -> str:
    return mask_password(" ".join(str(exc).split())).rstrip(".")


async def _pg_version(url: str, timeout: float) -> int | None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=timeout)
    try:
        if await conn.fetchval("SELECT to_regclass('parlour_schema')") is None:
            return None
        version = await conn.fetchval("SELECT version FROM parlour_schema", timeout=timeout)
        return None if version is None else int(version)
    finally:
        await conn.close(timeout=timeout)
