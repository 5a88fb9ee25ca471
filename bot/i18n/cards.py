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


# --- Piquet's combinations (until the card-word API has them) ---------------------------
# Polish and Russian name a sequence by its length and top card ("kwinta do króla",
# "квинта до короля": the genitive after do/до) and a set by count and rank ("trzy asy",
# "три туза").  English comes from the engine (``rules.games.piquet.combos.claim_name``).
SEQUENCE = {
    "pl": {3: "tercja", 4: "kwarta", 5: "kwinta", 6: "seksta", 7: "septyma", 8: "oktawa"},
    "ru": {3: "терц", 4: "кварта", 5: "квинта", 6: "секста", 7: "септима", 8: "октава"},
}
TO_RANK = {   # "to the <rank>": do/до + genitive
    "pl": {14: "do asa", 13: "do króla", 12: "do damy", 11: "do waleta", 10: "do dziesiątki",
           9: "do dziewiątki"},
    "ru": {14: "до туза", 13: "до короля", 12: "до дамы", 11: "до валета", 10: "до десятки",
           9: "до девятки"},
}
SET_OF = {    # three / four of a rank
    "pl": {3: {14: "trzy asy", 13: "trzy króle", 12: "trzy damy", 11: "trzy walety",
               10: "trzy dziesiątki"},
           4: {14: "cztery asy", 13: "cztery króle", 12: "cztery damy", 11: "cztery walety",
               10: "cztery dziesiątki"}},
    "ru": {3: {14: "три туза", 13: "три короля", 12: "три дамы", 11: "три валета",
               10: "три десятки"},
           4: {14: "четыре туза", 13: "четыре короля", 12: "четыре дамы", 11: "четыре валета",
               10: "четыре десятки"}},
}
POINT_OF = {"pl": "punkt z {n} kart", "ru": "пойнт из {n} карт"}


def claim_words(code: str, cat: str, n: int, x: int) -> str | None:
    """A Piquet claim in language ``code`` ("kwinta do króla"), or None for English."""
    if code not in SEQUENCE:
        return None
    if cat == "point":
        return POINT_OF[code].format(n=n)
    if cat == "sequence":
        return f"{SEQUENCE[code][n]} {TO_RANK[code][x]}"
    return SET_OF[code][n][x]


# --- a French card in words ("dama kier", "дама червей"), for select menus ----------------
_RANK_WORD = {"pl": {14: "as", 13: "król", 12: "dama", 11: "walet"},
              "ru": {14: "туз", 13: "король", 12: "дама", 11: "валет"}}
# Polish names a card's suit uninflected ("as pik"), Russian in the genitive ("туз пик").
_OF_SUIT = {"pl": {CLUBS: "trefl", DIAMONDS: "karo", HEARTS: "kier", SPADES: "pik"},
            "ru": {CLUBS: "треф", DIAMONDS: "бубен", HEARTS: "червей", SPADES: "пик"}}


def card_words(code: str, suit: int, rank: int, joker: bool = False) -> str | None:
    """A French-deck card in words in language ``code``; None when not known here."""
    if code not in _RANK_WORD:
        return None
    if joker:
        return JOKERS[code][:-1] if code == "pl" else "джокер"
    if suit not in _OF_SUIT[code]:
        return None   # the Spanish deck: its names come with the card-word API
    return f"{_RANK_WORD[code].get(rank, str(rank))} {_OF_SUIT[code][suit]}"
