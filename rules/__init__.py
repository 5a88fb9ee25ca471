"""Pure, deterministic rules engines for Parlour's card games.

``GAMES`` maps a game's name to its ``Game`` object: the engine layer's own index, so
``rules`` works alone (engine tests, benchmarks). The games that ship are the packages
of ``games/`` (``BUILT_IN``): each has an ``engine`` module that defines ``GAME`` (and an
``ai`` module whose ``HOOKS`` the AI finds, ``rules.ai.hooks``); a game from elsewhere is
added by its plug-in's registration (``bot/plugins.py``, docs/ARCHITECTURE.md, "A game
is one package"), which is where the bot looks games up.
"""

from __future__ import annotations

import importlib
import pkgutil

from .actions import Action
from .base import Game, Option, State
from .errors import IllegalAction
from .messages import Msg

__all__ = ["BUILT_IN", "GAMES", "Action", "Game", "IllegalAction", "Option", "State", "add_game",
           "get_game", "remove_game"]


def _built_in() -> tuple[str, ...]:
    """The packages of ``games/``, by name: the games that ship (``games/__init__.py``
    imports ``rules`` first, so this runs before any game's engine module)."""
    import games

    return tuple(sorted(m.name for m in pkgutil.iter_modules(games.__path__) if m.ispkg))


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for package in BUILT_IN:
        game = getattr(importlib.import_module(f"games.{package}.engine"), "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


# The built-in games' packages (``games.<name>``): their engines are in ``GAMES``, their
# AI hooks in ``rules.ai.hooks``, their plug-ins (``games.<name>.plugin``) in
# ``bot.plugins``, all found from this one list.
BUILT_IN: tuple[str, ...] = _built_in()
GAMES: dict[str, Game] = _discover()


# Other names players type for a game (folded: lower case, no spaces, hyphens or
# underscores), filled by registration: each game's plug-in lists its own
# (``games/<game>/plugin.py``: the English name of Starshina, singulars, the names in Polish
# and Russian as the bot shows them).
ALIASES: dict[str, str] = {}


def fold(name: str) -> str:
    """A typed game name as ``ALIASES`` keys it: lower case, no spaces, hyphens or
    underscores."""
    return "".join(str(name).strip().lower().replace("-", " ").replace("_", " ").split())


def get_game(name: str) -> Game:
    """The game called ``name`` or one of its ``ALIASES`` (any case, spaces, hyphens or
    underscores); ValueError naming the choices if none."""
    key = str(name).strip().lower()
    game = GAMES.get(key) or GAMES.get(ALIASES.get(fold(key), ""))
    if game is None:
        raise ValueError(Msg("Unknown game '{name}'. Games: {games}.", name=str(name),
                             games=", ".join(sorted(GAMES))))
    return game


def add_game(game: Game, aliases: tuple[str, ...] = ()) -> None:
    """Put ``game`` and the other names players type for it in ``GAMES`` and ``ALIASES``
    (a plug-in's registration; the built-in engines, ``games/``, are in ``GAMES`` already).
    ValueError, with nothing added, for a name another game has."""
    known = GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"There is already a game called '{game.name}'.")
    for alias in aliases:
        taken = ALIASES.get(fold(alias), game.name)
        if taken != game.name or (fold(alias) in GAMES and fold(alias) != game.name):
            raise ValueError(f"There is already a game called '{alias}'.")
    GAMES[game.name] = game
    ALIASES.update((fold(alias), game.name) for alias in aliases)


def remove_game(name: str) -> None:
    """Take an added engine and its names out again (tests that plug a game in for a
    while)."""
    GAMES.pop(name, None)
    for alias in [a for a, g in ALIASES.items() if g == name]:
        del ALIASES[alias]
