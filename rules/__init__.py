"""Pure, deterministic rules engines for Parlour's card games.

``GAMES`` maps a game's name to its ``Game`` object; every module in
``rules.games`` that defines ``GAME`` is registered.
"""

from __future__ import annotations

import importlib
import pkgutil

from .actions import Action
from .base import Game, Option, State
from .errors import IllegalAction

__all__ = ["GAMES", "Action", "Game", "IllegalAction", "Option", "State", "get_game"]


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


# Other names players type for a game (folded: lower case, no spaces, hyphens or
# underscores): the English name of Starshina, singulars, and the games' names in
# Polish and Russian as the bot shows them.
ALIASES = {"sergeantmajor": "starshina", "sergeant": "starshina", "starszyna": "starshina",
           "старшина": "starshina", "thirteen": "thirteens", "13": "thirteens",
           "trzynastki": "thirteens", "потринадцати": "thirteens", "pikieta": "piquet",
           "пикет": "piquet", "пинкертон": "pinkerton", "coin": "coins", "монеты": "coins"}


def get_game(name: str) -> Game:
    """The game called ``name`` or one of its ``ALIASES`` (any case, spaces, hyphens or
    underscores); ValueError naming the choices if none."""
    key = str(name).strip().lower()
    game = GAMES.get(key) or GAMES.get(ALIASES.get("".join(key.replace("-", " ")
                                                           .replace("_", " ").split()), ""))
    if game is None:
        raise ValueError(f"Unknown game '{name}'. Games: {', '.join(sorted(GAMES))}.")
    return game
