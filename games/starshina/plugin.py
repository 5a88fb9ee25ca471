"""Starshina (Sergeant Major) as a plug-in: engine, presenter, AI, words and daily deal."""

from __future__ import annotations

from pathlib import Path

from bot.core.daily_rules import DailyRule
from bot.i18n import C_, N_
from bot.plugins import GamePlugin
from games.starshina.ai import HOOKS
from games.starshina.engine import GAME
from games.starshina.presenter import StarshinaPresenter

PLUGIN = GamePlugin(
    game=GAME,
    catalogs=Path(__file__).parent / "locale",   # the words only this game uses
    presenter=StarshinaPresenter,
    ai=HOOKS,
    title=N_("Starshina (Sergeant Major)"),
    aliases=("sergeant-major", "sergeant", "starszyna", "старшина"),
    command_words=(C_("command name", "starshina"), C_("command name", "rules"),
                   C_("command name", "quotas")),
    option_help={
        "rules": N_("Starshina's own rules or the classic Sergeant Major"),
        "quotas": N_("Trick quotas of dealer, left of dealer and right of dealer."),
    },
    words={"rules": N_("rules"), "quotas": N_("quotas"), "starshina": N_("starshina"),
           "classic": N_("classic")},
    # The daily's own score: tricks over or short of the quota, one hand.
    daily=DailyRule("starshina", code=3, players=3,
                    score=lambda s, seat: (s.last_hand or {"diffs": [0] * s.n})["diffs"][seat],
                    unit="trick", quota=True,
                    why=N_("one hand, scored as tricks over or short of your quota: a game "
                           "lasts until someone takes twelve tricks in a hand, which can take "
                           "many hands")),
    showcase_players=3,
)
