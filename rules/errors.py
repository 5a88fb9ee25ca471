"""The one exception a player ever sees from the engine."""


class IllegalAction(Exception):
    """An unparsable, illegal or out-of-turn action.  The message is for the player.

    Raising it never changes the state: every check runs before any mutation.
    """
