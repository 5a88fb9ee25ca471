"""Engine messages (``rules.messages.Msg``) in the reader's language.

An engine says what happened, or why a move is refused, as a message: an id (the English
template) and typed parameters.  Here each message is rendered once, through the Babel
catalogs (the id is the msgid), with its parameters worded by the presentation: seats as
``{pN}`` tokens, cards as ``{c:CODE}`` tokens (``marked``), or with the seats' names and
the cards' codes filled in (``plain``, for a refusal or a line of text); suits, cards
named in words, Piquet's claims and numbers said aloud in the reader's words.

A text saved before messages existed (a plain ``str`` in an old game's log) is shown
through the catalogs when it is a msgid (the constant sentences), else as it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import EN, N_, Lang
from bot.i18n.cards import suit_word
from bot.i18n.terms import worder
from rules import lang as card_lang
from rules.cards import CARD, DeckKind
from rules.messages import Cards, Data, Join, Msg, Seat, Seats, Term, decode

from . import text


def ordinal(n: int, lang: Lang = EN) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (``1.`` in Polish and Russian)."""
    if lang.code != "en":
        return lang._("{n}th", n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# Ranks in the plural, as Thirteens' pairs and Piquet's sets name them ("pair of kings").
RANKS = (N_("aces"), N_("kings"), N_("queens"), N_("jacks"), N_("tens"))


def _words(lang: Lang) -> bool:
    """Whether ``lang`` has its own card words (``rules/lang.py``); the pseudo-locale
    takes the English through the catalog path, which marks it."""
    return lang.code in card_lang.LANGUAGES and lang.code != "en"


def capital_like(word: str, like: str) -> str:
    """``word`` capitalised as ``like`` is (a term at a sentence's start)."""
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _term(lang: Lang, term: Term) -> str:
    """A word of the game in ``lang``: a suit, a card named in words, a number said aloud,
    an ordinal, or a kind a module or a game's plug-in words (``bot/i18n/terms.py``)."""
    kind, data, en = term.kind, term.data, term.en
    own = worder(kind)
    worded = None if own is None else own(lang, term)
    if worded is not None:
        return worded
    if kind == "ordinal":
        return ordinal(data[0], lang)
    if lang.code == "en":
        return en
    if kind == "number":      # "Forty-one" said aloud: digits read better in pl and ru
        return str(data[0])
    if kind == "ranks" and en not in RANKS:   # "8s": the rank's digits
        return str(data[0])
    if not _words(lang):
        return lang._(en)
    if kind == "suit":
        return capital_like(suit_word(lang.code, data[0]), en)
    if kind == "card":
        return card_lang.card_name(CARD[data[0]], lang.code)
    return lang._(en)


Cell = Callable[[int], str]


def _value(v: object, lang: Lang, seat: Cell, cards: Callable[[Cards], str]) -> object:
    if isinstance(v, Msg):
        return _render(v.key, v.plural_key, v.data, lang, seat, cards)
    if isinstance(v, (str, int)):
        return v
    if isinstance(v, tuple):    # a message as data (an engine's ``event``)
        return _render(v[1], v[2], v[3], lang, seat, cards)
    if isinstance(v, Seat):
        return seat(v.n)
    if isinstance(v, Cards):
        return cards(v)
    if isinstance(v, Term):
        return _term(lang, v)
    if isinstance(v, Seats):
        sep = "+" if v.joiner == "+" else " " + lang._("and") + " "
        return sep.join(seat(s) for s in v.seats)
    if isinstance(v, Join):
        return v.sep.join(str(_value(m, lang, seat, cards)) for m in v.items)
    raise TypeError(f"not a message parameter: {v!r}")


def _render(key: str, plural: str | None, data: Data, lang: Lang, seat: Cell,
            cards: Callable[[Cards], str]) -> str:
    values = {k: _value(decode(v), lang, seat, cards) for k, v in data}
    if plural is not None:
        n = values.pop("n")
        assert isinstance(n, int)  # a plural message is counted by an int
        return lang.n_(key, plural, n, **values)
    return lang._(key, **values)


def _marked_cards(c: Cards) -> str:
    return c.sep.join(text.card(code) for code in c.codes)


def marked(message: str, lang: Lang = EN, deck: DeckKind | None = None) -> str:
    """``message`` as scene text in ``lang``: ``{pN}`` for seats, ``{c:CODE}`` for cards.

    A plain string (an old saved game's event) goes through the catalogs as it is, its
    bare card codes marked when the ``deck`` is given."""
    if isinstance(message, Msg):
        return _render(message.key, message.plural_key, message.data, lang, text.seat,
                       _marked_cards)
    said = lang._(message) if message else message
    return text.from_engine(said, deck) if deck is not None else said


def plain(message: str, lang: Lang = EN, names: Sequence[str] = ()) -> str:
    """``message`` as a line of text in ``lang``: seats by ``names`` (or the names the
    message was filled with), cards by their codes, as the English has them.

    A plain string (a core refusal, an old text) goes through the catalogs as it is."""
    if not isinstance(message, Msg):
        return lang._(message) if message else message
    who = tuple(names) or message.names or ()

    def seat(i: int) -> str:
        return text.name_of(who, i) if who else text.seat(i)

    return _render(message.key, message.plural_key, message.data, lang, seat,
                   lambda c: c.english())


def said(error: BaseException | str, lang: Lang = EN) -> str:
    """A refusal in ``lang``: the message an exception was raised with (every refusal -
    the core's ``TableError``, the engine's ``IllegalAction`` - is raised with its
    ``Msg``), or a message or sentence itself."""
    message = error
    if isinstance(error, BaseException):
        first = error.args[0] if len(error.args) == 1 else None
        message = first if isinstance(first, str) else str(error)
    assert isinstance(message, str)
    return plain(message, lang)


__all__ = ["marked", "ordinal", "plain", "said"]
