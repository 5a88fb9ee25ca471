"""Seat-name placeholders: engine texts say ``{p2}``; people want to read "Alice"."""

from __future__ import annotations

import re
from collections.abc import Sequence

_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace every ``{pN}`` in ``text`` with ``names[N]`` (``seat N`` if out of range)."""

    def sub(m: re.Match) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else f"seat {i}"

    return _PLACEHOLDER.sub(sub, text)


def ai_name(level: str) -> str:
    """The display name of an AI level, as a player and as a rated virtual player."""
    return f"AI ({level})"
