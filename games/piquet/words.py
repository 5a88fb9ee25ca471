"""Piquet's move words in Polish and Russian (``rules.lang.MoveWords``): the exchange,
the declarations with their own words ("zgłoś sekwens 5 do króla", "объявить комплект 4
туза"), sinking, "good", and the auction's bids, doubles and redoubles."""

from __future__ import annotations

from collections.abc import Mapping

from rules.actions import Action
from rules.lang import COMMON, MoveWords, rank_forms

RANKS = ("ace", "king", "queen", "jack", "ten", "nine")

# Declaration words, to the canonical ones; any form of a rank is read as the rank.
_DECLARE: dict[str, dict[str, str]] = {
    "pl": {"punkt": "point", "punktu": "point", "sekwens": "sequence",
           "sekwensu": "sequence", "sekwensy": "sequence", "sekwencja": "sequence",
           "sekwencję": "sequence", "zestawy": "sets", "zestaw": "set", "do": "to",
           **{w: rank for rank in RANKS for w in rank_forms(rank, "pl")}},
    "ru": {"пуан": "point", "пуана": "point", "секвенцию": "sequence",
           "секвенция": "sequence", "секвенции": "sequence", "секвенс": "sequence",
           "комплекты": "sets", "комплект": "set", "до": "to",
           **{w: rank for rank in RANKS for w in rank_forms(rank, "ru")}},
}


def _declaration(action: Action, lang: str, back: Mapping[str, str]) -> str | None:
    """A sequence or a set declared, as ``lang`` says it: "zgłoś sekwens 5 do króla" (the
    rank in the genitive after "to"), "объявить комплект 4 туза" (the plural after 3 or
    4); None for any other move."""
    if action.kind != "declare" or action.args[0] == "point":
        return None
    what, n, rank = action.args
    forms = rank_forms(str(rank).removesuffix("s"), lang)
    said = f"{n} {back['to']} {forms[1]}" if what == "sequence" else f"{n} {forms[2]}"
    return f"{WORDS.verbs_of('declare', lang)[0]} {back[what]} {said}"


WORDS = MoveWords(
    verbs={"pl": {"keep": ("zostaw", "zatrzymaj", "zostawiam"),
                  "declare": ("zgłoś", "zgłaszam", "deklaruj"),
                  "sink": ("pomiń", "przemilcz", "milczę", "zatop"),
                  "good": ("dobre", "dobrze"), "bid": ("licytuj", "licytuję"),
                  "double": ("kontra",), "redouble": ("rekontra",)},
           "ru": {"keep": ("оставить", "оставляю"),
                  "declare": ("объявить", "объявляю"),
                  "sink": ("пропустить", "промолчать", "умолчать", "молчу", "скрыть"),
                  "good": ("хорошо", "годится"), "bid": ("заказ", "заказываю", "заявить"),
                  "double": ("контра",), "redouble": ("реконтра",)}},
    args={lang: {"declare": _DECLARE[lang], "sink": _DECLARE[lang],
                 "bid": {"minus": "minus"} if lang == "pl" else {"минус": "minus"}}
          for lang in ("pl", "ru")},
    phrase=_declaration,
) + COMMON
