"""Helpers for the presenter tests (no tests here): scenes of engine states, their words."""

from __future__ import annotations

import dataclasses
import re

from bot.present import present, text
from bot.present.scene import Scene

NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")
# What a person must never read: Python values, engine field names, leftover tokens.
REPR = re.compile(r"\b(None|True|False)\b|\[\]|\{\}|\[\s*'|'\s*\]")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# Fields holding codes for the engine or the renderer, not words: action texts, kinds.
_CODE_FIELDS = {"action", "kind", "game", "cards"}


def scene_of(state, seat: int | None, names=NAMES) -> Scene:
    """The scene of ``seat``'s view (its moves too when it is that seat's turn)."""
    forms = state.action_forms(seat) if seat is not None and seat == state.current_seat \
        else []
    return present(state.view(seat), names[:state.n], forms=forms)


def words(obj) -> list[str]:
    """Every marked-up string a person may read in a scene (or part of one)."""
    out: list[str] = []
    if isinstance(obj, str):
        out.append(obj)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            if f.name not in _CODE_FIELDS and f.name != "extra":
                out.extend(words(getattr(obj, f.name)))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            out.extend(words(x))
    return out


def plain(scene: Scene, deck, names=NAMES) -> list[str]:
    """The scene's words as plain text."""
    return [text.plain(s, names, deck) for s in words(scene)]


def problems(scene: Scene, deck, names=NAMES) -> list[str]:
    """Texts showing a Python repr, a snake_case word, a leftover ``{...}`` token or a card
    token that is not a card of ``deck``."""
    bad = []
    for s in set(words(scene)):
        bare = text.TOKEN.sub("", s)
        if "{" in bare or "}" in bare or REPR.search(bare) or SNAKE.search(bare):
            bad.append(s)
            continue
        for code in text.cards_in(s):
            try:
                deck.parse_card(code)
            except ValueError:
                bad.append(s)
    return bad


def lines(scene: Scene) -> list[str]:
    return list(scene.centre.lines)


def fact(facts, label: str) -> str | None:
    return next((f.value for f in facts if f.label == label), None)
