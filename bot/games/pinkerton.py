"""Pinkerton as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from rules.ai.heuristics import HOOKS
from rules.games.pinkerton import GAME

from ..core.daily_rules import DailyRule
from ..i18n import C_, N_
from ..plugins import GamePlugin
from ..present.games.pinkerton import PinkertonPresenter

PLUGIN = GamePlugin(
    game=GAME,
    presenter=PinkertonPresenter,
    ai=HOOKS["pinkerton"],
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
    daily=DailyRule("pinkerton", 4,
                    why=N_("one round: a game to 100 points takes many rounds")),
    showcase_players=4,
)
