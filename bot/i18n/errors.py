"""The core's constant refusals, marked for the catalogs.

The engines refuse with messages (``rules.messages.Msg``), and the core's formatted
refusals are messages too; both are rendered by ``bot.present.messages``.  The core's
constant sentences (``TableError("You are not at this table.")``) are plain strings:
``bot.present.messages.plain`` finds them in the catalogs by their text, and this list
keeps them in the extraction (``pybabel extract`` reads ``N_``).
"""

from __future__ import annotations

from . import N_

CONSTANT = (
    N_("The game has not started yet."), N_("The game has already started."),
    N_("That game is over."),
    N_("Could not save that; the table is unchanged. Please try again."),
    N_("Could not save that; nothing changed. Please try again."),
    N_("You are not playing at this table."), N_("You are already at this table."),
    N_("You are not at this table."), N_("That user is not at this table."),
    N_("To leave, use leave rather than kick."), N_("There is no AI seat to remove."),
    N_("The turn time must be a whole number of seconds."),
    N_("The turn time cannot be negative (0 turns the timer off)."),
    N_("The AI plays your seat now: you left or ran out of time."),
    N_("That move upset the game engine; nothing changed. Please report it."),
    N_("That was for an earlier position - the game has moved on."),
    N_("There is no table in this channel. Create one first."),
    N_("There is no game running at this table any more."),
    N_("That move is not allowed now."), N_("You do not have a seat in this game."),
    N_("That discard is not allowed."),
    N_("The dealer may not ask for the count; another player has to ask."),
    N_("There is no count to ask for in this game."),
    # Hints and reviews (bot/core/hints.py, reviews.py).
    N_("Hints are off at this table: other people play here, and the host has not switched "
       "hints on."),
    N_("A hint is for your own turn: wait until it is your move."),
    N_("The review could not be computed; please try again later."),
)
