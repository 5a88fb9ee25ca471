"""Suit names in each language - the one local table until the rules side's card-word API
(``rules/lang.py``, issue 16) lands; then this module should read from it.

Plural (the suit as a whole: "hearts", "kiery", "червы"), used in headlines and hand groups,
always in the nominative so no sentence has to decline them.
"""

from __future__ import annotations

from rules.cards import (
    BASTOS,
    CLUBS,
    COPAS,
    DIAMONDS,
    ESPADAS,
    HEARTS,
    JOKER_SUIT,
    OROS,
    SPADES,
    SUIT_NAME,
)

SUIT_NAMES: dict[str, dict[int, str]] = {
    "en": dict(SUIT_NAME),
    "pl": {CLUBS: "trefle", DIAMONDS: "kara", HEARTS: "kiery", SPADES: "piki",
           OROS: "monety", COPAS: "puchary", ESPADAS: "miecze", BASTOS: "maczugi",
           JOKER_SUIT: "joker"},
    "ru": {CLUBS: "трефы", DIAMONDS: "бубны", HEARTS: "червы", SPADES: "пики",
           OROS: "монеты", COPAS: "кубки", ESPADAS: "мечи", BASTOS: "булавы",
           JOKER_SUIT: "джокер"},
}
JOKERS = {"en": "Jokers", "pl": "Jokery", "ru": "Джокеры"}


def suit_word(code: str, suit: int) -> str:
    """The suit's plural name in language ``code`` (English for an unknown code)."""
    if code == "qps":   # the test pseudo-locale: show that the word came from here
        return f"⟦{SUIT_NAMES['en'][suit]}⟧"
    return SUIT_NAMES.get(code, SUIT_NAMES["en"])[suit]


def jokers_word(code: str) -> str:
    return f"⟦{JOKERS['en']}⟧" if code == "qps" else JOKERS.get(code, JOKERS["en"])
