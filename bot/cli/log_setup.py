"""Logging for ``parlour run``: one line per record; tracebacks only at DEBUG.

Below DEBUG a record that carries an exception (discord.py's reconnect attempts, a
failed command) shows the exception in a few words and how to see the rest.

The terminal game (``parlour play``) logs to a file instead: the screen is the
player's, and a library's warning (asyncpg reconnecting to a restarted server) is no
part of the game."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path

from ..core.store import is_postgres, mask_password, sqlite_path

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class Masked(logging.Formatter):
    """Every line with the password of any PostgreSQL URL in it masked (``:***@``)."""

    def format(self, record: logging.LogRecord) -> str:
        return mask_password(super().format(record))


class ShortTracebacks(Masked):
    def format(self, record: logging.LogRecord) -> str:
        if not record.exc_info:
            return super().format(record)
        exc = record.exc_info[1]
        short = logging.LogRecord(record.name, record.levelno, record.pathname, record.lineno,
                                  record.msg, record.args, None, record.funcName)
        short.created, short.msecs = record.created, record.msecs
        text = super().format(short)
        if exc is not None:
            summary = " ".join(str(exc).split()) or type(exc).__name__
            text += f" ({summary}; PARLOUR_LOG_LEVEL=DEBUG shows the traceback)"
        return mask_password(text)


def configure_logging(level_name: str) -> None:
    """Like ``logging.basicConfig``: does nothing when logging is already set up (pytest)."""
    root = logging.getLogger()
    if root.handlers:
        return
    level = getattr(logging, level_name, logging.INFO)
    handler = logging.StreamHandler()
    handler.setFormatter(Masked(FORMAT) if level <= logging.DEBUG
                         else ShortTracebacks(FORMAT))
    root.addHandler(handler)
    root.setLevel(level)


def terminal_log_file(db: str, env: Mapping[str, str] | None = None) -> Path:
    """Where ``parlour play`` logs: ``PARLOUR_LOG_FILE``, else beside its SQLite database
    (``parlour.db`` -> ``parlour.log``), else ``parlour.log`` in the working directory."""
    env = os.environ if env is None else env
    if env.get("PARLOUR_LOG_FILE"):
        return Path(env["PARLOUR_LOG_FILE"])
    if db != ":memory:" and not is_postgres(db):
        return Path(sqlite_path(db)).with_suffix(".log")
    return Path("parlour.log")


def log_to_file(path: Path, level: int = logging.WARNING) -> logging.Handler | None:
    """Send every log record (the core's and the libraries') to ``path`` with its whole
    traceback, and none to the screen.  The file is made only when something is logged.
    Does nothing when logging is already set up (pytest); returns the handler added."""
    root = logging.getLogger()
    if root.handlers:
        return None
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.setFormatter(Masked(FORMAT))
    root.addHandler(handler)
    root.setLevel(level)
    return handler
