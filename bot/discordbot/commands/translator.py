"""Slash commands in the reader's language: discord.py's ``app_commands.Translator``.

discord.py hands every command, group, option and choice name and description to
``translate`` when it builds the sync payload; we answer from the gettext catalogs.
Names use the context ``"command name"`` (so the command ``rules`` and the word "rules"
can differ) and must pass Discord's rules - lowercase, 1-32 characters of letters,
digits, ``-`` and ``_`` - or Discord refuses the whole sync: a translation that does
not is dropped (the English name stays) rather than sent.  Descriptions built from the
engines' option help ("... (default 2)") are translated piece by piece.
"""

from __future__ import annotations

import re

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from ... import plugins
from ...i18n import Lang, lang_for
from ...present import daily as daily_words
from ...present.base import game_title
from .. import render
from ..languages import locale_code

NAME_CONTEXT = "command name"
# Discord's rule for command and option names (https://discord.com/developers/docs/
# interactions/application-commands#application-command-object-application-command-naming).
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
_NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
_DEFAULT = re.compile(r"^(?P<what>.+) \(default (?P<value>[^()]+)\)$")
_PLAYERS = re.compile(r"^(?P<title>.+) \((?P<count>[-0-9 or]+) players\)$")


def valid_name(name: str) -> bool:
    return bool(NAME_RE.match(name)) and name == name.lower()


def translate_text(lang: Lang, text: str, extras: dict | None = None) -> str:
    """A description or choice name in ``lang`` (itself when the catalog lacks it).

    ``extras`` of a ``locale_str``: ``help``/``default`` for an option whose English
    description was clipped to fit."""
    extras = extras or {}
    if "daily" in extras:     # /daily's game choices
        return daily_words.choice_name(extras["daily"], lang)
    if "help" in extras:
        value = _word(lang, str(extras.get("default", "")))
        what = extras["help"]
        return lang._("{what} (default {value})", what=lang._(what), value=value)
    out = _word(lang, text)
    if out != text:
        return out
    if m := _DEFAULT.match(text):
        return lang._("{what} (default {value})", what=translate_text(lang, m["what"]),
                      value=_word(lang, m["value"]))
    if m := _PLAYERS.match(text):
        count = m["count"].replace(" or ", " " + lang._("or") + " ")
        return lang._("{game} ({count} players)", game=game_title(m["title"], lang),
                      count=count)
    return text


def _word(lang: Lang, word: str) -> str:
    """A catalog text, an option value ("au_cent") or a game's title in ``lang``."""
    if (option := plugins.option_word(word)) is not None:
        return lang._(option)
    if plugins.by_title(word) is not None:
        return game_title(word, lang)
    return lang._(word)


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        code = locale_code(locale)
        if code is None or code == "en":
            return None
        lang = lang_for(code)
        if context.location in _NAMES:
            name = lang.pgettext(NAME_CONTEXT, string.message)
            return name if name != string.message and valid_name(name) else None
        text = translate_text(lang, string.message, string.extras)
        limit = 100
        return render.clip(text, limit) if text != string.message else None
