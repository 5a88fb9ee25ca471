"""Card words the presentation needs beyond the rules' card-word API (``rules/lang.py``).

Card and suit names come from ``rules/lang.py``, the one table the typed-move parser
reads too, so what a player reads is what they may type.  Here are only the forms a
parser never needs: Polish French suits in the plural for headings ("Kiery") and the
jokers as a group (a game's own words, such as Piquet's combination names, are in its
package).  Everything is in the nominative so no sentence has to decline it.
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
