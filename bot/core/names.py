"""Seat-name placeholders: engine texts say ``{p2}``; people want to read "Alice"."""

from __future__ import annotations

from collections.abc import Sequence

from rules.messages import Msg, fill_seats


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace every ``{pN}`` in ``text`` with ``names[N]`` (``seat N`` if out of range).

    An engine message stays a message (``Msg.named``): its English says the names, and a
    transport can still word it in the reader's language."""
    if isinstance(text, Msg):
        return text.named(names)
    return fill_seats(text, names)


# First names for AI seats: distinct, short, easy to tell apart (and no trailing digits).
AI_FIRST_NAMES = ("Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta", "Hugo",
                  "Iris", "Jonas", "Katya", "Leon", "Mabel", "Nico", "Olga", "Pavel")


def ai_name(level: str) -> str:
    """The identity of an AI level as a rated virtual player (not a seat name)."""
    return f"AI ({level})"


# How an AI seat's name ends: its level ("Ada (AI, hard)").  The presentation words the
# suffix in the reader's language (``bot.present.base.seat_label``) from the seat's level.
AI_SUFFIX = " (AI, {level})"


def ai_first_name(name: str, level: str) -> str | None:
    """The first name in an AI seat's ``name`` as ``ai_seat_name`` made it for ``level``
    ("Ada"), or None for a name made otherwise."""
    suffix = AI_SUFFIX.format(level=level)
    return name[:-len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else None


def ai_seat_name(level: str, taken: Sequence[str]) -> str:
    """A seat name for a new AI of ``level``, e.g. "Ada (AI, hard)".

    The first name is the first of ``AI_FIRST_NAMES`` that no seat in ``taken`` uses
    yet (compared without case, and with any "(...)" suffix ignored), so every AI at a
    table has its own first name."""
    used = {n.split(" (")[0].strip().casefold() for n in taken}
    first = next((f for f in AI_FIRST_NAMES if f.casefold() not in used), None)
    if first is None:  # more seats than names (never with today's games): add a letter
        first = next(f"{f} {c}" for c in "BCDEFGH" for f in AI_FIRST_NAMES
                     if f"{f} {c}".casefold() not in used)
    return first + AI_SUFFIX.format(level=level)
