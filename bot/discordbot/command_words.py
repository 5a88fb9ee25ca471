"""Slash-command and option names for the catalogs (context ``"command name"``).

discord.py builds names from the code (``/table new``...); these markers only put
each name in the catalogs so ``translator.CommandTranslator`` can localise it.  A new
command or option name: add it here, extract, translate.
"""

from __future__ import annotations

from ..i18n import C_

NAMES = (
    C_("command name", "table"), C_("command name", "new"), C_("command name", "join"),
    C_("command name", "leave"), C_("command name", "start"), C_("command name", "cancel"),
    C_("command name", "status"), C_("command name", "ai-add"),
    C_("command name", "ai-remove"), C_("command name", "kick"), C_("command name", "hand"),
    C_("command name", "play"), C_("command name", "move"), C_("command name", "rules"),
    C_("command name", "leaderboard"), C_("command name", "stats"),
    C_("command name", "recent"), C_("command name", "settings"),
    C_("command name", "count"), C_("command name", "game"), C_("command name", "language"),
    C_("command name", "level"), C_("command name", "passes"), C_("command name", "pings"),
    C_("command name", "quotas"), C_("command name", "scope"),
    C_("command name", "show_total"), C_("command name", "stand-in"),
    C_("command name", "target"), C_("command name", "thirteen_value"),
    C_("command name", "turn-seconds"), C_("command name", "user"),
    C_("command name", "variant"), C_("command name", "pinkerton"),
    C_("command name", "piquet"), C_("command name", "coins"),
    C_("command name", "thirteens"), C_("command name", "starshina"),
)
