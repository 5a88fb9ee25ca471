"""Pinkerton's move words in Polish and Russian (``rules.lang.MoveWords``): beating the
pile ("bij", "бить", with "weź"/"взять" for the card taken) and adding to it."""

from __future__ import annotations

from rules.lang import COMMON, MoveWords

WORDS = MoveWords(
    verbs={"pl": {"beat": ("bij", "przebij", "biję"), "add": ("dorzuć", "dołóż", "dorzucam")},
           "ru": {"beat": ("бить", "побить", "бью"),
                  "add": ("добавить", "подложить", "подкинуть", "добавляю")}},
    args={"pl": {"beat": {"weź": "take", "biorę": "take", "odzyskaj": "take"}},
          "ru": {"beat": {"взять": "take", "беру": "take", "забрать": "take"}}},
) + COMMON
