"""Text about tables for Discord: seat names, mentions, options, sizes.

Game positions are not rendered here: the presentation layer (``bot.present``)
turns views into scenes and ``scene_view`` formats them.  This module knows
only ``TableInfo`` - no engine view, no game field name.
"""

from __future__ import annotations

from collections.abc import Sequence

import rules

from ..core import SeatInfo, TableInfo


def game_of(name: str) -> rules.Game:
    return rules.get_game(name)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def seat_name(seat: SeatInfo) -> str:
    if seat.kind == "ai":
        return seat.name
    if seat.ai_level is not None:  # a human whose seat the AI plays now
        return f"{seat.name} (AI {seat.ai_level})"
    return seat.name


def mention(seat: SeatInfo) -> str:
    """A ping for a human seat still played by its human, else the plain name."""
    if seat.user_id is not None and seat.ai_level is None:
        return f"<@{seat.user_id}>"
    return f"**{seat_name(seat)}**"


def names(info: TableInfo) -> list[str]:
    """Seat names as shown at the table (a human played by the AI is marked)."""
    return [seat_name(s) for s in info.seats]


def options_text(info: TableInfo) -> str:
    parts = [f"{_words(k)} {scalar(v)}" for k, v in info.options.items()]
    parts.append(table_settings(info))
    return " · ".join(parts)


SLOW_SECONDS = 3600   # a turn of an hour or more: a slow (correspondence) table


def is_slow(info: TableInfo) -> bool:
    return info.turn_seconds >= SLOW_SECONDS


def time_left(seconds: float) -> str:
    """"40 s", "25 minutes", "8 hours": a span as people say it, rounded."""
    if seconds < 120:
        return f"{int(seconds)} s"
    if seconds < 2 * 3600:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds / 3600)} hours"


def hours_a_turn(info: TableInfo) -> str:
    """"24 hours a turn" (slow tables)."""
    hours = info.turn_seconds / 3600
    shown = int(hours) if hours.is_integer() else round(hours, 1)
    return f"{shown} hour{'' if shown == 1 else 's'} a turn"


def table_settings(info: TableInfo) -> str:
    """The table's own settings (not the game's): turn timer and stand-in AI."""
    if is_slow(info):
        timer = f"slow table: {hours_a_turn(info)}"
    else:
        timer = f"turn timer {info.turn_seconds} s" if info.turn_seconds else "no turn timer"
    parts = [timer]
    if info.stand_in:
        parts.append(f"stand-in AI {info.stand_in}")
    return " · ".join(parts)


def count_range(counts: Sequence[int]) -> str:
    """Player counts as people write them: "3", "2-6", "2 or 4"."""
    counts = sorted(set(counts))
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(map(str, counts))


def scalar(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return _words(str(value))


def _words(key: str) -> str:
    """An option name or value as words: ``show_total`` -> ``show total``."""
    return key.replace("_", " ")
