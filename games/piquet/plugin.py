"""Piquet as a plug-in: engine, presenter, AI (with its exchange search), words and
daily deal."""

from __future__ import annotations

from pathlib import Path

from bot.core.daily_rules import DailyRule
from bot.i18n import C_, N_
from bot.plugins import GamePlugin
from games.piquet.ai import HOOKS
from games.piquet.engine import GAME
from games.piquet.presenter import PiquetPresenter
from games.piquet.presenter.claims import claim_term

PLUGIN = GamePlugin(
    game=GAME,
    catalogs=Path(__file__).parent / "locale",   # the words only this game uses
    presenter=PiquetPresenter,
    ai=HOOKS,
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
    daily=DailyRule("piquet", code=2, players=2, options={"variant": "rubicon"},
                    score=lambda s, seat: s.totals[seat],
                    why=N_("one deal of rubicon piquet: a partie is six deals")),
    showcase_players=2,
    terms={"claim": claim_term},
)
