"""``parlour backup FILE`` and ``parlour migrate-db --to postgresql://...``."""

from __future__ import annotations

import argparse
import asyncio
import os
from urllib.parse import urlsplit

from ..core.copydb import CopyError, backup_sqlite, sqlite_to_postgres
from ..core.store import mask_password
from .subcommands import Subcommands


def _default_db() -> str:
    return os.environ.get("PARLOUR_DB") or "parlour.db"


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("backup", help="copy the SQLite database while the bot runs",
                       description="An online, consistent copy of the SQLite database "
                       "(the bot may keep running). PostgreSQL: use pg_dump.")
    p.add_argument("file", help="where to write the copy")
    p.add_argument("--db", help="database (default: PARLOUR_DB, else parlour.db)")
    p.set_defaults(func=backup)
    p = sub.add_parser("migrate-db", help="copy a SQLite database into PostgreSQL",
                       description="Copy every table of a SQLite database into an empty "
                       "PostgreSQL database (stop the bot first).")
    p.add_argument("--to", required=True, metavar="URL", help="postgresql://user@host/db")
    p.add_argument("--db", help="SQLite database (default: PARLOUR_DB, else parlour.db)")
    p.set_defaults(func=migrate_db)


def backup(args: argparse.Namespace) -> int:
    source = args.db or _default_db()
    try:
        size = backup_sqlite(source, args.file)
    except (CopyError, OSError) as e:
        print(f"Error: {e}")
        return 1
    print(f"Backed up {source} to {args.file} ({size:,} bytes).")
    return 0


def _where(url: str) -> str:
    """The server part of a database URL (no password): ``host:port``."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}" if parts.scheme else url


def migrate_db(args: argparse.Namespace) -> int:
    source = args.db or _default_db()
    try:
        counts = asyncio.run(sqlite_to_postgres(source, args.to))
    except CopyError as e:
        print(f"Error: {e}")
        return 1
    except OSError as e:   # no server there, a name that does not resolve, a refused port
        print(f"Error: cannot reach the PostgreSQL server of {_where(args.to)} "
              f"({e.strerror or e}). Is it running, and are the host and port right?")
        return 1
    except Exception as e:  # the target refused: say it plainly
        print(f"Error: could not copy into {mask_password(args.to)}: "
              f"{mask_password(str(e))}")
        return 1
    rows = ", ".join(f"{name} {n:,}" for name, n in counts.items())
    print(f"Copied {source} into PostgreSQL (rows per table: {rows}).")
    return 0
