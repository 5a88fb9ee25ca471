"""The one exception a player ever sees from the engine."""

from __future__ import annotations

from .messages import Msg


class IllegalAction(Exception):
    """An unparsable, illegal or out-of-turn action.  The message is for the player.

    ``msg`` is the refusal as a message (``rules.messages.Msg``) for the presentation to
    word in the reader's language; ``str(error)`` is its English sentence.  A plain
    string becomes a message of its own (a constant refusal: its id is the text).

    Raising it never changes the state: every check runs before any mutation.
    """

    def __init__(self, message: str | tuple) -> None:
        self.msg = Msg.of(message)   # a Msg, an event's data or a constant sentence
        super().__init__(self.msg)

    def __str__(self) -> str:
        return str(self.msg)
