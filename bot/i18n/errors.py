"""Error messages in the reader's language.

The core's and the engines' refusals (``TableError``, ``IllegalAction``) are English
sentences, some with names, cards or numbers filled in.  Constant ones are catalog
messages as they are; the common formatted ones are matched here by one rule each
(pattern -> msgid), like the engine events (``events.py``).  One no rule knows stays
English.
"""

from __future__ import annotations

import re

from . import EN, N_, Lang
from .events import _suit

# Constant refusals of the core and the engines (the same English text as raised).
CONSTANT = (
    N_("The game has not started yet."), N_("The game has already started."),
    N_("That game is over."), N_("The game is over."),
    N_("Could not save that; the table is unchanged. Please try again."),
    N_("Could not save that; nothing changed. Please try again."),
    N_("You are not playing at this table."), N_("You are already at this table."),
    N_("You are not at this table."), N_("That user is not at this table."),
    N_("To leave, use leave rather than kick."), N_("There is no AI seat to remove."),
    N_("The turn time must be a whole number of seconds."),
    N_("The turn time cannot be negative (0 turns the timer off)."),
    N_("The AI plays your seat now: you left or ran out of time."),
    N_("That move upset the game engine; nothing changed. Please report it."),
    N_("A table is already open in this channel. Finish or cancel it first."),
    N_("That was for an earlier position - the game has moved on."),
    N_("There is no table in this channel. Create one first."),
    N_("There is no game running at this table any more."),
    N_("That move is not allowed now."), N_("You do not have a seat in this game."),
    N_("That discard is not allowed."),
    N_("The dealer may not ask for the count; another player has to ask."),
    N_("There is no count to ask for in this game."),
)

_RULES: list[tuple[str, str]] = [
    (r"It is not your turn: waiting for (?P<who>.+)\.",
     N_("It is not your turn: waiting for {who}.")),
    (r"Only the host \((?P<who>.+)\) or a moderator can do that\.",
     N_("Only the host ({who}) or a moderator can do that.")),
    (r"The table is full \((?P<n>\d+) players\)\.", N_("The table is full ({n} players).")),
    (r"You do not hold (?P<card>\S+)\. You can play: (?P<legal>.+)\.",
     N_("You do not hold {card}. You can play: {legal}.")),
    (r"You do not hold (?P<card>\S+)\.", N_("You do not hold {card}.")),
    (r"You must follow suit: you hold a (?P<suit>\w+)\. Play one of: (?P<legal>.+)\.",
     N_("You must follow suit: you hold a {suit}. Play one of: {legal}.")),
    (r"You must follow suit: you hold a (?P<suit>\w+)\.",
     N_("You must follow suit: you hold a {suit}.")),
    (r"Unknown move '(?P<move>[^']*)'\. Moves here: (?P<moves>.+)\.",
     N_("Unknown move '{move}'. Moves here: {moves}.")),
    (r"'(?P<move>[^']*)' is not allowed now\. You can: (?P<kinds>.+)\.",
     N_("'{move}' is not allowed now. You can: {kinds}.")),
    (r"(?P<who>.+) has already left this game\.", N_("{who} has already left this game.")),
    (r"A season lasts from (?P<low>\d+) to (?P<high>\d+) days \(or 0 for calendar months\)\.",
     N_("A season lasts from {low} to {high} days (or 0 for calendar months).")),
]
_COMPILED = [(re.compile(p), m) for p, m in _RULES]


def translate(lang: Lang, message: str) -> str:
    """``message`` (a refusal as raised) in ``lang``; unchanged when nothing knows it."""
    if lang is EN or lang.code == "en":
        return message
    out = lang._(message)
    if out != message:
        return out
    for pattern, msgid in _COMPILED:
        m = pattern.fullmatch(message)
        if m is not None:
            parts = dict(m.groupdict())
            if "suit" in parts:
                parts["suit"] = _suit(lang, parts["suit"])
            return lang._(msgid, **parts)
    return message
