"""Starshina's move words in Polish and Russian (``rules.lang.MoveWords``): giving and
returning cards in the exchange, and naming trumps (with every word for a suit)."""

from __future__ import annotations

from rules.lang import COMMON, MoveWords, suit_words

WORDS = MoveWords(
    verbs={"pl": {"give": ("daj", "podaj", "daję"), "return": ("zwróć", "oddaj", "oddaję"),
                  "trump": ("atut", "atuty", "atu", "wybierz")},
           "ru": {"give": ("дать", "отдать", "даю"), "return": ("вернуть", "возвращаю"),
                  "trump": ("козырь", "козыри", "назначить")}},
    args={lang: {"trump": suit_words(lang)} for lang in ("pl", "ru")},
) + COMMON
