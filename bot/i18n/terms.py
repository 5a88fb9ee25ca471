"""Worders of the kinds of ``rules.messages.Term`` that a module or a game's plug-in words
itself: the daily deal's title and score (``bot/present/daily.py``), Piquet's claims
(its plug-in's ``terms``).  ``bot/present/messages.py`` asks here before its own kinds.

A worder returns the term in the reader's language, or None for the default wording
(the engine's English, or the catalog's translation of it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.messages import Term

from . import Lang

Worder = Callable[[Lang, Term], "str | None"]

_WORDERS: dict[str, tuple[str, Worder]] = {}   # kind -> (owner, worder)


def add_terms(owner: str, worders: Mapping[str, Worder]) -> None:
    """Word ``worders``' kinds from now on; a kind another owner words is refused."""
    for kind in worders:
        held = _WORDERS.get(kind)
        if held is not None and held[0] != owner:
            raise ValueError(f"The term kind '{kind}' is worded by '{held[0]}' already.")
    _WORDERS.update({kind: (owner, w) for kind, w in worders.items()})


def remove_terms(owner: str) -> None:
    for kind in [k for k, (o, _) in _WORDERS.items() if o == owner]:
        del _WORDERS[kind]


def worder(kind: str) -> Worder | None:
    held = _WORDERS.get(kind)
    return None if held is None else held[1]
