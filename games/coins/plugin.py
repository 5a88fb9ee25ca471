"""Coins as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from pathlib import Path

from bot.core.daily_rules import DailyRule
from bot.i18n import C_, N_
from bot.plugins import GamePlugin
from games.coins.ai import HOOKS
from games.coins.engine import GAME
from games.coins.presenter import CoinsPresenter

PLUGIN = GamePlugin(
    game=GAME,
    catalogs=Path(__file__).parent / "locale",   # the words only this game uses
    presenter=CoinsPresenter,
    ai=HOOKS,
    title=N_("Coins"),
    aliases=("coin", "монеты"),
    command_words=(C_("command name", "coins"), C_("command name", "target")),
    option_help={"target": N_("Coins that win the game")},
    words={"target": N_("target")},
    daily=DailyRule("coins", code=0, players=3, options={"target": 10}, whole_game=True,
                    unit="coin",
                    why=N_("a whole game to 10 coins: it takes a few minutes")),
    showcase_players=3,
)
