"""Logging for ``parlour run``: one line per record; tracebacks only at DEBUG.

Below DEBUG a record that carries an exception (discord.py's reconnect attempts, a
failed command) shows the exception in a few words and how to see the rest."""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ShortTracebacks(logging.Formatter):
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
        return text


def configure_logging(level_name: str) -> None:
    """Like ``logging.basicConfig``: does nothing when logging is already set up (pytest)."""
    root = logging.getLogger()
    if root.handlers:
        return
    level = getattr(logging, level_name, logging.INFO)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT) if level <= logging.DEBUG
                         else ShortTracebacks(FORMAT))
    root.addHandler(handler)
    root.setLevel(level)
