"""Text about tables for Discord: seat names, mentions, options, sizes.

Game positions are not rendered here: the presentation layer (``bot.present``)
turns views into scenes and ``scene_view`` formats them.  This module knows
only ``TableInfo`` - no engine view, no game field name.
"""

from __future__ import annotations

from collections.abc import Sequence

import rules

from ..core import SeatInfo, TableInfo, display_rating
from ..core.ratings import PROVISIONAL_GAMES
from ..i18n import EN, N_, Lang
from ..present.base import ai_name

# Engine option names and values as words (the engines' keys are not translated).
OPTION_WORDS = {
    "passes": N_("passes"), "target": N_("target"), "show_total": N_("show total"),
    "variant": N_("variant"), "thirteen_value": N_("thirteen value"), "rules": N_("rules"),
    "quotas": N_("quotas"), "rubicon": N_("rubicon"), "au_cent": N_("au cent"),
    "normand": N_("normand"), "a_quatre": N_("à quatre"), "auction": N_("auction"),
    "starshina": N_("starshina"), "classic": N_("classic"),
}


def game_of(name: str) -> rules.Game:
    return rules.get_game(name)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def seat_name(seat: SeatInfo, lang: Lang = EN) -> str:
    if seat.kind == "ai":   # "Ada (AI, hard)": the level in the reader's words
        return ai_name(seat.name, lang)
    if seat.ai_level is not None:  # a human whose seat the AI plays now
        return lang._("{name} (AI {level})", name=seat.name, level=lang._(seat.ai_level))
    return seat.name


def rating_words(value: float, games: int, lang: Lang = EN) -> str:
    """"1540", or "1540 (provisional: fewer than 5 games)" in ``lang``."""
    shown = str(display_rating(value))
    if games < PROVISIONAL_GAMES:
        shown += " " + lang._("(provisional: fewer than {n} games)", n=PROVISIONAL_GAMES)
    return shown


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
    parts = [f"{_words(k, lang)} {scalar(v, lang)}" for k, v in info.options.items()]
    parts.append(table_settings(info, lang))
    return " · ".join(parts)


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
    """The table's own settings (not the game's): turn timer and stand-in AI."""
    _ = lang.gettext
    if is_slow(info):
        timer = _("slow table: {hours}", hours=hours_a_turn(info, lang))
    else:
        timer = (_("turn timer {seconds} s", seconds=info.turn_seconds) if info.turn_seconds
                 else _("no turn timer"))
    parts = [timer]
    if info.stand_in:
        parts.append(_("stand-in AI {level}", level=info.stand_in))
    if info.hints:   # the host's choice at a table of several people (core/hints.py)
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
    """An option name or value as words: ``show_total`` -> ``show total``."""
    if key in OPTION_WORDS:
        return lang._(OPTION_WORDS[key])
    return key.replace("_", " ")
