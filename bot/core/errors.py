"""The one exception the table core raises at a caller: its message is for the user."""

from __future__ import annotations


class TableError(Exception):
    """A request the table cannot honour (bad option, not your turn, no table here...).

    ``str(error)`` is a complete sentence ready to show the user: seat placeholders
    such as ``{p2}`` from engine messages are already replaced by seat names.
    Raising it never changes a table.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


STALE = "That was for an earlier position - the game has moved on."
NO_TABLE = "There is no table in this channel. Create one first."
