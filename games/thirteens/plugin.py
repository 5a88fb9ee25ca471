"""Thirteens as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from pathlib import Path

from bot.core.daily_rules import DailyRule
from bot.i18n import C_, N_
from bot.plugins import GamePlugin
from games.thirteens.ai import HOOKS
from games.thirteens.engine import GAME
from games.thirteens.presenter import ThirteensPresenter

PLUGIN = GamePlugin(
    game=GAME,
    catalogs=Path(__file__).parent / "locale",   # the words only this game uses
    presenter=ThirteensPresenter,
    ai=HOOKS,
    title=N_("Thirteens"),
    aliases=("thirteen", "13", "trzynastki", "по тринадцати"),
    command_words=(C_("command name", "thirteens"), C_("command name", "target"),
                   C_("command name", "thirteen_value")),
    option_help={
        "target": N_("Points that end the game after the hand that reaches them"),
        "thirteen_value": N_("Points for each thirteen in a trick you take"),
    },
    words={"target": N_("target"), "thirteen_value": N_("thirteen value")},
    daily=DailyRule("thirteens", code=4, players=4,
                    why=N_("one hand: a game to 50 points takes many hands")),
    showcase_players=5,
)
