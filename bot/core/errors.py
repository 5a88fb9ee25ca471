"""The one exception the table core raises at a caller: its message is for the user."""

from __future__ import annotations

from rules.messages import Msg


class TableError(Exception):
    """A request the table cannot honour (bad option, not your turn, no table here...).

    Every refusal has this one shape: ``message`` is a ``Msg`` (``rules/messages.py``) -
    the engine's, or the core's own (a constant sentence is a message whose id is its
    text; a sentence with values is ``Msg(template, **values)``), with seat names filled
    in (``Msg.named``).  ``str(error)`` is its English; ``present.messages.said`` words it
    in the reader's language.  The daily's and the tournaments' refusals are subclasses
    that build their message from a kind.  Raising it never changes a table.
    """

    def __init__(self, message: str) -> None:
        msg = Msg.of(message)
        super().__init__(msg)
        self.message: Msg = msg


STALE = "That was for an earlier position - the game has moved on."


class StaleMove(TableError):
    """A move chosen for an earlier position (a double click, an old panel, another
    process moved first): the game has moved on.  Callers answer it quietly instead of
    as a mistake, so they tell it apart by type, never by its text."""

    def __init__(self, message: str = STALE) -> None:
        super().__init__(message)
class IllegalMove(TableError):
    """A move the rules refuse now (not legal here, not this seat's turn): the message is
    the engine's reason, names filled.  Told apart by type (``bot/seat.py`` answers it as
    "not legal" with the reason); the table is unchanged."""


NOT_SAVED = "Could not save that; the table is unchanged. Please try again."


class NotSaved(TableError):
    """The database did not take the commit (it is down or restarting): the table is as
    it was.  A person is told to try again; an AI or timer move is tried again later."""

    def __init__(self, message: str = NOT_SAVED) -> None:
        super().__init__(message)


NO_TABLE = "There is no table in this channel. Create one first."
