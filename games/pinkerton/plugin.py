"""Pinkerton as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from pathlib import Path

from bot.core.daily_rules import DailyRule
from bot.i18n import C_, N_
from bot.plugins import GamePlugin
from games.pinkerton.ai import HOOKS
from games.pinkerton.engine import GAME
from games.pinkerton.presenter import PinkertonPresenter

PLUGIN = GamePlugin(
    game=GAME,
    catalogs=Path(__file__).parent / "locale",   # the words only this game uses
    presenter=PinkertonPresenter,
    ai=HOOKS,
    title=N_("Pinkerton"),
    aliases=("пинкертон",),
    command_words=(C_("command name", "pinkerton"), C_("command name", "passes"),
                   C_("command name", "target"), C_("command name", "show_total")),
    option_help={
        "passes": N_("Passes allowed; the last one puts a player out of the round"),
        "target": N_("Points that win the game, checked at the end of each round."),
        "show_total": N_("Always show the pile's total"),
    },
    words={"passes": N_("passes"), "target": N_("target"), "show_total": N_("show total")},
    daily=DailyRule("pinkerton", code=1, players=4,
                    why=N_("one round: a game to 100 points takes many rounds")),
    showcase_players=4,
)
