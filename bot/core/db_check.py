"""Looking at a database path before opening it for real: can Parlour create or write the
file, and which schema version is in it.  Nothing here changes the file (``parlour run``
checks before connecting to Discord, ``parlour doctor`` reports)."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .schema import SCHEMA_VERSION, SchemaTooNewError
from .store import is_postgres, sqlite_path


class DatabaseUnusable(Exception):
    """Parlour cannot create, open or write the database; the message says what to do."""


@dataclass(frozen=True)
class DatabaseState:
    path: str
    version: int | None  # schema version in the file; None: the file will be created

    @property
    def current(self) -> bool:
        return self.version == SCHEMA_VERSION

    def describe(self) -> str:
        if self.version is None:
            return f"{self.path} does not exist yet; it will be created on the first start."
        if self.version < SCHEMA_VERSION:
            return (f"{self.path} has schema v{self.version}; it will be upgraded to "
                    f"v{SCHEMA_VERSION} on the next start.")
        return f"{self.path} has schema v{self.version} (current)."


def check_database(path: str) -> DatabaseState:
    """The state of the database at ``path``, or ``DatabaseUnusable`` / ``SchemaTooNewError``.

    A PostgreSQL URL is checked by connecting (the store reports it); here only SQLite.
    """
    if is_postgres(path):
        return DatabaseState(path, SCHEMA_VERSION)
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
