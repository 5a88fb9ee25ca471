"""Text about tables for Discord: seat names, mentions, options, sizes.

Game positions are not rendered here: the presentation layer (``bot.present``)
turns views into scenes and ``scene_view`` formats them.  This module knows
only ``TableInfo`` - no engine view, no game field name.
"""

from __future__ import annotations

from collections.abc import Sequence

import rules

from .. import plugins
from ..core import SeatInfo, TableInfo
from ..core.hints import hints_offered
from ..core.ratings import PROVISIONAL_GAMES
from ..i18n import EN, Lang
from ..present.base import rating_words as rating_words  # shown by the board and /stats
from ..present.base import seat_label
from ..present.base import skill_text as skill_text  # the board, /review, /stats


def game_of(name: str) -> rules.Game:
    """The engine of the game called ``name``; ValueError naming the games if none."""
    return plugins.find(name).game


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def seat_name(seat: SeatInfo, lang: Lang = EN) -> str:
    return seat_label(seat.name, seat.kind, seat.ai_level, lang, seat.ai_name)


def provisional_note(lang: Lang = EN) -> str:
    """The footnote under a table that marks provisional ratings with "?"."""
    return lang._("? provisional: fewer than {n} games played, so the rating can still move "
                  "a lot", n=PROVISIONAL_GAMES)


def mention(seat: SeatInfo, lang: Lang = EN) -> str:
    """A ping for a human seat still played by its human, else the plain name."""
    if seat.user_id is not None and seat.ai_level is None:
        return f"<@{seat.user_id}>"
    return f"**{seat_name(seat, lang)}**"


def names(info: TableInfo, lang: Lang = EN) -> list[str]:
    """Seat names as shown at the table (a human played by the AI is marked)."""
    return [seat_name(s, lang) for s in info.seats]


def options_text(info: TableInfo, lang: Lang = EN) -> str:
    parts = [option_text(k, v, lang) for k, v in info.options.items()]
    parts.append(table_settings(info, lang))
    return " · ".join(parts)


def command(lang: Lang, *words: str, **options: str) -> str:
    """A slash command as the reader's Discord shows it, from the command-name
    translations: ``/ranking gra:Monety``, ``/stół nowy``."""
    name = " ".join(lang.pgettext("command name", w) for w in words)
    filled = "".join(f" {lang.pgettext('command name', k)}:{v}" for k, v in options.items())
    return f"`/{name}{filled}`"


def option_text(key: str, value, lang: Lang = EN) -> str:
    """One table option as players say it: "target 50", "3 points for each thirteen"."""
    if key == "thirteen_value" and isinstance(value, int):   # not "thirteen value 3"
        return lang.n_("{n} point for each thirteen", "{n} points for each thirteen", value)
    return f"{_words(key, lang)} {scalar(value, lang)}"


SLOW_SECONDS = 3600   # a turn of an hour or more: a slow (correspondence) table


def is_slow(info: TableInfo) -> bool:
    return info.turn_seconds >= SLOW_SECONDS


def time_left(seconds: float, lang: Lang = EN) -> str:
    """"40 s", "25 minutes", "8 hours": a span as people say it, rounded."""
    if seconds < 120:
        return lang._("{n} s", n=int(seconds))
    if seconds < 2 * 3600:
        return lang.n_("{n} minute", "{n} minutes", round(seconds / 60))
    return lang.n_("{n} hour", "{n} hours", round(seconds / 3600))


def hours_a_turn(info: TableInfo, lang: Lang = EN) -> str:
    """"24 hours a turn" (slow tables)."""
    return lang.n_("{n} hour a turn", "{n} hours a turn", round(info.turn_seconds / 3600))


def table_settings(info: TableInfo, lang: Lang = EN) -> str:
    """The table's own settings (not the game's): turn timer, stand-in AI, hints."""
    _ = lang.gettext
    if is_slow(info):
        timer = _("slow table: {hours}", hours=hours_a_turn(info, lang))
    else:
        timer = (_("turn timer {seconds} s", seconds=info.turn_seconds) if info.turn_seconds
                 else _("no turn timer"))
    parts = [timer]
    if info.stand_in:
        parts.append(_("stand-in AI {level}", level=info.stand_in))
    # Offered where fair (core/hints.py): at a table of one person always, at one of
    # several only by the host's switch.  The lobby says it as the started board does
    # (one person so far: on; once a second sits down, only with the switch).
    if hints_offered(info):
        parts.append(_("hints on"))
    return " · ".join(parts)


def count_range(counts: Sequence[int], lang: Lang = EN) -> str:
    """Player counts as people write them: "3", "2-6", "2 or 4"."""
    counts = sorted(set(counts))
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    if len(counts) == 2:
        return lang._("{a} or {b}", a=counts[0], b=counts[1])
    return " ".join(map(str, counts))


def scalar(value: object, lang: Lang = EN) -> str:
    if isinstance(value, bool):
        return lang._("on") if value else lang._("off")
    return _words(str(value), lang)


def _words(key: str, lang: Lang = EN) -> str:
    """An option name or value as words (as the games' plug-ins word them): ``show_total``
    -> ``show total``."""
    word = plugins.option_word(key)
    return lang._(word) if word is not None else key.replace("_", " ")
