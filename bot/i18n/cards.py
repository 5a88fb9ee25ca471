"""Card words the presentation needs beyond the rules' card-word API (``rules/lang.py``).

Card and suit names come from ``rules/lang.py``, the one table the typed-move parser
reads too, so what a player reads is what they may type.  Here are only the forms a
parser never needs: Polish French suits in the plural for headings ("Kiery"), the
jokers as a group, and Piquet's combination names.  Everything is in the nominative
so no sentence has to decline it.
"""

from __future__ import annotations

from rules import lang as card_lang
from rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAME

# Polish names a French suit in the singular after a rank ("dama kier", rules/lang.py)
# and in the plural as a suit ("kiery"); the other suits' plurals are the API's.
_PL_PLURAL = {CLUBS: "trefle", DIAMONDS: "kara", HEARTS: "kiery", SPADES: "piki"}
JOKERS = {"en": "Jokers", "pl": "Jokery", "ru": "Джокеры"}


def suit_word(code: str, suit: int) -> str:
    """The suit's plural name in language ``code`` (English for an unknown code)."""
    if code == "qps":   # the test pseudo-locale: show that the word came from here
        return f"⟦{SUIT_NAME[suit]}⟧"
    if code == "pl" and suit in _PL_PLURAL:
        return _PL_PLURAL[suit]
    if code not in ("pl", "ru"):
        return SUIT_NAME[suit]
    return card_lang.suit_name(suit, code)


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
# After "z" / "из" the genitive: one card is singular, two to eight (a point is at most
# eight cards) plural - "punkt z 1 karty", "punkt z 4 kart"; "пойнт из 1 карты", "из 4 карт".
POINT_OF = {"pl": ("punkt z {n} karty", "punkt z {n} kart"),
            "ru": ("пойнт из {n} карты", "пойнт из {n} карт")}


def claim_words(code: str, cat: str, n: int, x: int) -> str | None:
    """A Piquet claim in language ``code`` ("kwinta do króla"), or None for English."""
    if code not in SEQUENCE:
        return None
    if cat == "point":
        return POINT_OF[code][n != 1].format(n=n)
    if cat == "sequence":
        return f"{SEQUENCE[code][n]} {TO_RANK[code][x]}"
    return SET_OF[code][n][x]
