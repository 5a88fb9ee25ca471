"""Duel, a toy game plugged into Parlour from outside: the proof that a game is a plug-in.

Nothing in ``bot/`` or ``rules/`` names it. It brings what docs/ARCHITECTURE.md ("A
game is a plug-in") lists: an engine (``engine.py``), a presenter (``presenter.py``),
AI hooks (``ai.py``), rules texts in three languages (``texts/``) and its own words in
Polish and Russian (``locale/<code>.po``). Plug it in with
``PARLOUR_GAMES=tests.toygame`` or ``bot.plugins.load("tests.toygame")``.
"""

from __future__ import annotations

from pathlib import Path

from bot.i18n import C_, N_
from bot.plugins import GamePlugin

from .ai import HOOKS
from .engine import GAME
from .presenter import DuelPresenter

HERE = Path(__file__).parent

PLUGIN = GamePlugin(
    game=GAME,
    presenter=DuelPresenter,
    ai=HOOKS,
    title=N_("Duel"),
    aliases=("toy",),
    command_words=(C_("command name", "duel"), C_("command name", "target")),
    option_help={"target": N_("Tricks that win the game")},
    words={"target": N_("target")},
    texts=HERE / "texts",
    catalogs=HERE / "locale",
)
