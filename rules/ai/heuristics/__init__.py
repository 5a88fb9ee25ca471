"""One cheap rule-based player per game: ``choose(state, seat, rng) -> Action``, and the
game's ``HOOKS`` (rules/ai/hooks.py) - everything the generic AI knows about it."""

from __future__ import annotations

from dataclasses import replace

from .. import piquet_exchange, piquet_exchange_normand
from ..endgame_models import MODELS
from ..hooks import AIHooks, FirstOf
from . import coins, pinkerton, piquet, starshina, thirteens

# Tricks before the end of a hand from which sampled worlds are solved exactly instead of
# rolled out (rules/ai/endgame.py): where a solve costs a few rollouts at most (measured
# by ``parlour selfplay --endgame``, docs/AI.md).  The search also caps it at
# search.ENDGAME_MAX_CARDS cards, so more players mean fewer tricks.  Pinkerton has no
# solver: it is not a trick game.
ENDGAME_TRICKS = {"coins": 3, "thirteens": 3, "starshina": 4, "piquet": 5}

HOOKS: dict[str, AIHooks] = {h.game: replace(h, endgame=MODELS.get(h.game),
                                             endgame_tricks=ENDGAME_TRICKS.get(h.game, 0))
                             for h in (
    coins.HOOKS, pinkerton.HOOKS, starshina.HOOKS, thirteens.HOOKS,
    # The exchange searches build on the piquet heuristic, so they join its hooks here.
    replace(piquet.HOOKS, exchange=FirstOf((piquet_exchange, piquet_exchange_normand))),
)}
