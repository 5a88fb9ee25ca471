"""Languages: gettext catalogs (``.po``, Babel) and the ``Lang`` object every text goes through.

``lang_for("pl")`` gives the Polish ``Lang``; an unknown or missing code gives
English.  Catalogs live in ``bot/i18n/locale/<code>/LC_MESSAGES/parlour.po``
and are read at run time with Babel (no compile step: a fresh clone works).
Message ids are English sentences with ``{name}`` placeholders filled by
``str.format`` after translation, so the marked-up scene tokens (``{p0}``,
``{c:QH}``) only ever arrive as values, never inside a msgid.

Wrapping a new string is one change where a ``Lang`` is at hand:
``lang._("Trick play")`` or ``lang.n_("{n} card", "{n} cards", n)``; module
constants are marked with ``N_`` and translated where they are used.  See
docs/I18N.md for extraction (``pybabel extract``) and adding a language.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
from collections.abc import Callable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "parlour"
DEFAULT = "en"
# The languages a player can choose; English is the source language (no catalog).
LANGUAGES: tuple[str, ...] = ("en", "pl", "ru")
# Each language's own name, for choices and settings.
NATIVE_NAME = {"en": "English", "pl": "Polski", "ru": "Русский"}
# A marker pseudo-locale for tests: every catalog text comes back inside ⟦ ⟧.
PSEUDO = "qps"


def N_(message: str) -> str:
    """Mark a module-level string for extraction; translate it later with ``lang._``."""
    return message


def C_(context: str, message: str) -> str:
    """Mark a string with a context for extraction (``lang.pgettext(context, message)``)."""
    return message


class Lang:
    """One language: ``_``/``gettext``, ``n_``/``ngettext`` and its ``code``."""

    def __init__(self, code: str, translations: _gettext.NullTranslations) -> None:
        self.code = code
        self._t = translations

    def gettext(self, message: str, **values: object) -> str:
        out = self._t.gettext(message)
        return out.format(**values) if values else out

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The form for ``n`` (Polish and Russian have three); ``{n}`` is filled in."""
        return self._t.ngettext(singular, plural, n).format(n=n, **values)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in a context (slash-command names: ``"command name"``)."""
        return self._t.pgettext(context, message)

    _ = gettext
    n_ = ngettext

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"


class _Pseudo(_gettext.NullTranslations):
    """Wraps every message in ⟦ ⟧ so a test can see text that bypassed the catalogs."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(code: str):
    """The Babel ``Catalog`` of ``code`` (for tests and tools)."""
    with po_path(code).open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


class _Added(_gettext.NullTranslations):
    """What the project's catalog lacks, looked up in the catalogs plug-ins brought
    (``add_catalog``): a game plugged in from elsewhere carries its own words."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def _found(self) -> list[_gettext.GNUTranslations]:
        _before_lookup()
        return [t for _, t in _ADDED.get(self.code, ())]

    # A catalog without the message gives it back unchanged: try the next one.
    def gettext(self, message: str) -> str:
        return next((out for t in self._found() if (out := t.gettext(message)) != message),
                    message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        return next((out for t in self._found()
                     if (out := t.ngettext(singular, plural, n)) != english), english)

    def pgettext(self, context: str, message: str) -> str:
        return next((out for t in self._found()
                     if (out := t.pgettext(context, message)) != message), message)


# code -> [(owner, translations)]: catalogs added by plug-ins, in the order added.
_ADDED: dict[str, list[tuple[str, _gettext.GNUTranslations]]] = {}


def _nothing() -> None:
    return None


# Runs before the plug-ins' catalogs are searched.  bot.plugins loads the plug-ins (and so
# their catalogs, the built-in games' words among them) on first use, and a message may be
# looked up before anything else asked for a game.
_before_lookup: Callable[[], object] = _nothing


def before_lookup(load: Callable[[], object]) -> None:
    """Have ``load`` run before a message is looked up in the plug-ins' catalogs."""
    global _before_lookup
    _before_lookup = load


def add_catalog(owner: str, code: str, po: Path) -> None:
    """Read ``po`` (a ``.po`` file in language ``code``) as more words of ``owner`` (a
    plug-in's game name): looked up when the project's catalog lacks a message."""
    with po.open("rb") as f:
        buf = io.BytesIO()
        write_mo(buf, read_po(f, locale=code, domain=DOMAIN))
    buf.seek(0)
    _ADDED.setdefault(code, []).append((owner, _gettext.GNUTranslations(buf)))


def remove_catalogs(owner: str) -> None:
    """Forget the catalogs ``owner`` added (a plug-in taken out again)."""
    for code, found in _ADDED.items():
        _ADDED[code] = [(o, t) for o, t in found if o != owner]


@functools.cache
def _translations(code: str) -> _gettext.NullTranslations:
    if code == PSEUDO:
        return _Pseudo()
    if code == DEFAULT or not po_path(code).exists():
        out = _gettext.NullTranslations()
    else:
        buf = io.BytesIO()
        write_mo(buf, read_catalog(code))
        buf.seek(0)
        out = _gettext.GNUTranslations(buf)
    out.add_fallback(_Added(code))
    return out


def normalise(code: str | None) -> str | None:
    """``"pl"``, ``"ru"``, ``"en"`` for locale codes like ``pl_PL.UTF-8``, ``en-US``, ``ru``;
    None when ``code`` names no language Parlour speaks."""
    if not code:
        return None
    code = str(code).split(".")[0].replace("-", "_")
    if code == PSEUDO:
        return PSEUDO
    lang = code.split("_")[0].lower()
    return lang if lang in LANGUAGES else None


def lang_for(code: str | None) -> Lang:
    """The ``Lang`` for a locale code; English when the code is missing or not supported."""
    return _lang(normalise(code) or DEFAULT)


@functools.cache
def _lang(code: str) -> Lang:
    return Lang(code, _translations(code))


EN = lang_for(DEFAULT)

__all__ = ["C_", "EN", "LANGUAGES", "NATIVE_NAME", "PSEUDO", "Lang", "N_", "lang_for", "normalise"]
