"""Marked-up scene text: ``{pN}`` seat tokens and ``{c:CODE}`` card tokens.

One place parses them; each transport decides how a seat and a card look.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from rules.cards import DeckKind

TOKEN = re.compile(r"\{p(\d+)\}|\{c:([0-9A-Z]{2,3})\}")
# Bare card codes inside engine event texts ("takes the trick (KC NO JC)").
_BARE_CARD = re.compile(r"(?<![\w{:])(?:10|[2-9TJQKANX])[CDHSOEBU12](?![\w}])")


class Part(NamedTuple):
    """A piece of marked-up text: plain ``text``, or a ``seat``, or a ``card`` code.
    A named tuple: a panel parses a few hundred, and a frozen dataclass takes several
    times longer to make."""

    text: str = ""
    seat: int | None = None
    card: str | None = None


def parts(text: str) -> Iterator[Part]:
    pos = 0
    for m in TOKEN.finditer(text):
        if m.start() > pos:
            yield Part(text=text[pos:m.start()])
        if m.group(1) is not None:
            yield Part(seat=int(m.group(1)))
        else:
            yield Part(card=m.group(2))
        pos = m.end()
    if pos < len(text):
        yield Part(text=text[pos:])


def render(text: str, seat: Callable[[int], str], card: Callable[[str], str],
           plain: Callable[[str], str] | None = None) -> str:
    """``text`` with each token formatted by ``seat``/``card`` and plain runs by ``plain``
    (as ``parts`` yields them, split by the regular expression itself: a panel renders
    dozens of texts, hundreds of panels a second)."""
    if "{" not in text:
        return plain(text) if plain is not None and text else text
    pieces = TOKEN.split(text)   # run, seat digits, card code, run, ..., run
    out = []
    for i in range(0, len(pieces) - 1, 3):
        run, number, code = pieces[i], pieces[i + 1], pieces[i + 2]
        if run:
            out.append(plain(run) if plain is not None else run)
        out.append(seat(int(number)) if number is not None else card(code))
    if pieces[-1]:
        out.append(plain(pieces[-1]) if plain is not None else pieces[-1])
    return "".join(out)


def plain(text: str, names: Sequence[str], deck: DeckKind) -> str:
    """Plain text: names as they are, cards as ``Q♥``."""
    return render(text, lambda i: name_of(names, i), lambda c: pretty_card(c, deck))


def name_of(names: Sequence[str], i: int) -> str:
    return names[i] if 0 <= i < len(names) else f"seat {i + 1}"


def pretty_card(code: str, deck: DeckKind) -> str:
    try:
        return deck.parse_card(code).pretty
    except ValueError:
        return code


def card(code: str) -> str:
    """The token for a card code."""
    return "{c:" + code + "}"


def cards(codes: Sequence[str]) -> str:
    """Tokens for several cards, space separated."""
    return " ".join(card(c) for c in codes)


def seat(i: int) -> str:
    return "{p" + str(i) + "}"


def from_engine(text: str, deck: DeckKind) -> str:
    """An engine event text with its bare card codes marked as card tokens."""

    def sub(m: re.Match) -> str:
        try:
            return card(str(deck.parse_card(m.group(0))))
        except ValueError:
            return m.group(0)

    return _BARE_CARD.sub(sub, text)


def seats_in(text: str) -> set[int]:
    return {int(m.group(1)) for m in TOKEN.finditer(text) if m.group(1) is not None}


def cards_in(text: str) -> list[str]:
    return [m.group(2) for m in TOKEN.finditer(text) if m.group(2) is not None]
