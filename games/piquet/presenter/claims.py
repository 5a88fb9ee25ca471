"""Piquet's combinations in Polish and Russian: the claims a player makes ("kwinta do
króla", "три туза", "punkt z 5 kart"), worded for its messages' ``claim`` terms (the
plug-in's ``terms``) and for the declarations' lines.  English comes from the engine
(``games.piquet.combos.claim_name``).  Everything is in the nominative, so no sentence
has to decline it."""

from __future__ import annotations

from bot.i18n import Lang
from bot.present.messages import capital_like
from rules.messages import Term

# Polish and Russian name a sequence by its length and top card ("kwinta do króla",
# "квинта до короля": the genitive after do/до) and a set by count and rank ("trzy asy",
# "три туза").  English comes from the engine (``games.piquet.combos.claim_name``).
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


def claim_term(lang: Lang, term: Term) -> str | None:
    """A ``claim`` term of the engine's messages in ``lang`` (None: the default wording,
    the engine's English)."""
    cat, n, x = term.data
    words = claim_words(lang.code, cat, n, x)
    return None if words is None else capital_like(words, term.en)
