"""Coins as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from rules.ai.heuristics import HOOKS
from rules.games.coins import GAME

from ..core.daily_rules import DailyRule
from ..i18n import C_, N_
from ..plugins import GamePlugin
from ..present.games.coins import CoinsPresenter

PLUGIN = GamePlugin(
    game=GAME,
    presenter=CoinsPresenter,
    ai=HOOKS["coins"],
    title=N_("Coins"),
    aliases=("coin", "монеты"),
    command_words=(C_("command name", "coins"), C_("command name", "target")),
    option_help={"target": N_("Coins that win the game")},
    words={"target": N_("target")},
    daily=DailyRule("coins", 3, {"target": 10}, whole_game=True, unit="coin",
                    why=N_("a whole game to 10 coins: it takes a few minutes")),
    showcase_players=3,
)
