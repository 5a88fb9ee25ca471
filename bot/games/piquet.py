"""Piquet as a plug-in: engine, presenter, AI (with its exchange search), words and
daily deal."""

from __future__ import annotations

from rules.ai.heuristics import HOOKS
from rules.games.piquet import GAME

from ..core.daily_rules import DailyRule
from ..i18n import C_, N_
from ..plugins import GamePlugin
from ..present.games.piquet import PiquetPresenter

PLUGIN = GamePlugin(
    game=GAME,
    presenter=PiquetPresenter,
    ai=HOOKS["piquet"],
    title=N_("Piquet"),
    aliases=("pikieta", "пикет"),
    command_words=(C_("command name", "piquet"), C_("command name", "variant"),
                   C_("command name", "target")),
    option_help={
        "variant": N_("Rubicon, au cent, normand, à quatre or auction"),
        "target": N_("Normand only: the score that ends the game"),
    },
    words={"variant": N_("variant"), "target": N_("target"), "rubicon": N_("rubicon"),
           "au_cent": N_("au cent"), "normand": N_("normand"), "a_quatre": N_("à quatre"),
           "auction": N_("auction")},
    daily=DailyRule("piquet", 2, {"variant": "rubicon"},
                    score=lambda s, seat: s.totals[seat],
                    why=N_("one deal of rubicon piquet: a partie is six deals")),
    showcase_players=2,
)
