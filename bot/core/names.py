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


# How an AI seat's English table name ends: its level ("Ada (AI, hard)").  That name is
# made from the seat's data (``Seat.ai_name`` and ``ai_level``) and serves English-only
# uses (logs, fill_names); a reader sees ``bot.present.base.seat_label``'s, made from the
# same data in the reader's language.  Nothing reads the name back, but the legacy reader.
AI_SUFFIX = " (AI, {level})"


def ai_table_name(ai_name: str, level: str) -> str:
    """The English table name of the AI seat ``ai_name`` of ``level`` ("Ada (AI, hard)")."""
    return ai_name + AI_SUFFIX.format(level=level)


def legacy_ai_name(name: str, level: str | None) -> str | None:
    """The legacy reader: the AI's own name ("Ada") in a table name written before seats
    carried it as data ("Ada (AI, hard)", by builds up to a556011), or None for a name
    made otherwise.  Called only where stored rows are decoded (seat rows, finished games'
    players, tournament entrants), once per load; the one place that reads "(AI" back."""
    if level is None:
        return None
    suffix = AI_SUFFIX.format(level=level)
    return name[:-len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else None


def free_ai_name(taken: Sequence[str]) -> str:
    """An AI's own name ("Ada") that no seat in ``taken`` uses yet: the first of
    ``AI_FIRST_NAMES`` free (compared without case, and with any "(...)" after a name
    ignored), so every AI at a table has its own first name."""
    used = {n.split(" (")[0].strip().casefold() for n in taken}
    first = next((f for f in AI_FIRST_NAMES if f.casefold() not in used), None)
    if first is None:  # more seats than names (never with today's games): add a letter
        first = next(f"{f} {c}" for c in "BCDEFGH" for f in AI_FIRST_NAMES
                     if f"{f} {c}".casefold() not in used)
    return first


def ai_seat_name(level: str, taken: Sequence[str]) -> str:
    """The English table name for a new AI of ``level`` at a table of ``taken`` names,
    e.g. "Ada (AI, hard)" (its own name ``free_ai_name(taken)``)."""
    return ai_table_name(free_ai_name(taken), level)
