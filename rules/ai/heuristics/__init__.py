"""One cheap rule-based player per game: ``choose(state, seat, rng) -> Action``, and the
game's ``HOOKS`` (rules/ai/hooks.py) - everything the generic AI knows about it."""

from __future__ import annotations

from dataclasses import replace

from .. import piquet_exchange
from ..hooks import AIHooks
from . import coins, pinkerton, piquet, starshina, thirteens

HOOKS: dict[str, AIHooks] = {h.game: h for h in (
    coins.HOOKS, pinkerton.HOOKS, starshina.HOOKS, thirteens.HOOKS,
    # The exchange search builds on the piquet heuristic, so it joins its hooks here.
    replace(piquet.HOOKS, exchange=piquet_exchange),
)}
