"""Pure, deterministic rules engines for Parlour's card games.

``GAMES`` maps a game's name to its ``Game`` object: the engine layer's own index, so
``rules`` works alone (engine tests, benchmarks). Every module in ``rules.games`` that
defines ``GAME`` is in it; a game from elsewhere is added by its plug-in's registration
(``bot/plugins.py``, docs/ARCHITECTURE.md), which is where the bot looks games up.
"""

from __future__ import annotations

import importlib
import pkgutil

from .actions import Action
from .base import Game, Option, State
from .errors import IllegalAction

__all__ = ["GAMES", "Action", "Game", "IllegalAction", "Option", "State", "add_game", "get_game",
           "remove_game"]


def _discover() -> dict[str, Game]:
    from . import games

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{games.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


GAMES: dict[str, Game] = _discover()


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive); ValueError naming the choices if none."""
    game = GAMES.get(str(name).strip().lower())
    if game is None:
        raise ValueError(f"Unknown game '{name}'. Games: {', '.join(sorted(GAMES))}.")
    return game


def add_game(game: Game) -> None:
    """Put an engine from outside ``rules.games`` in ``GAMES`` (a plug-in's registration)."""
    known = GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"There is already a game called '{game.name}'.")
    GAMES[game.name] = game


def remove_game(name: str) -> None:
    """Take an added engine out of ``GAMES`` again (tests that plug a game in for a while)."""
    GAMES.pop(name, None)
