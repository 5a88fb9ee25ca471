"""What the generic AI knows about one game: one ``AIHooks`` object per game.

Each game's AI module (``games/<game>/ai.py``) exports ``HOOKS`` beside its rules of
thumb; the search, the players and the rollout evaluation use only these objects, so no
per-game knowledge (names, state fields, costs) lives in the generic code. The built-in
games' hooks are read from their packages (``rules.BUILT_IN``, so the AI works with
``rules`` alone); a game plugged in from elsewhere brings its hooks in its plug-in
(``bot/plugins.py``), whose registration calls ``add_hooks``.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..actions import Action
from ..base import State

# choose(state, seat, rng) -> a legal action
Policy = Callable[[State, int, random.Random], Action]


class ExchangeSearch(Protocol):
    """A game's own search for a phase the flat search handles badly (Piquet's exchange:
    thousands of discards judged on sampled talons).  ``choose`` gives its move, the moves
    it weighed (``candidates`` first; a search may weigh more) and each one's values by
    common sampled world, in the units of ``AIHooks.value``; ``resampler`` (an
    inference.Resampler, or None) draws its worlds by weight."""

    def applies(self, state: State) -> bool: ...

    def choose(self, state: State, seat: int, candidates: list[Action], rng: random.Random,
               worlds: int, deadline: float | None, resampler: Any = None
               ) -> tuple[Action, list[Action], list[list[float]]]: ...


@dataclass(frozen=True)
class FirstOf:
    """A game's several exchange searches (Piquet: two-handed, normand's dealer): the first
    that applies to the state answers."""
    searches: tuple[ExchangeSearch, ...]

    def applies(self, state: State) -> bool:
        return any(s.applies(state) for s in self.searches)

    def choose(self, state: State, seat: int, candidates: list[Action], rng: random.Random,
               worlds: int, deadline: float | None, resampler: Any = None
               ) -> tuple[Action, list[Action], list[list[float]]]:
        search = next(s for s in self.searches if s.applies(state))
        return search.choose(state, seat, candidates, rng, worlds, deadline, resampler)


def by_rank(state: State, seat: int) -> Callable[[int], float]:
    """The default worth of keeping a card: its rank."""
    return lambda c: c & 15


@dataclass(frozen=True)
class AIHooks:
    game: str
    choose: Policy                    # the heuristic: the easy level, the search's first guess
    value: Callable[[State, int], float]   # an unfinished position for a seat, about [-1, 1]
    rollout: Policy | None = None     # a cheaper policy for search rollouts (default: choose)
    # The searching seat's own moves in its rollouts, where the game has better ones than
    # its heuristic: it may read every hand, for it plays only in sampled worlds.  None
    # from it (another phase, another variant): the rollout policy plays that move.
    own_rollout: Callable[[State, int], Action | None] | None = None
    step_cost: float = 1.0            # the search's work per simulated action, relative
    # How much each card is worth keeping, for ranking discards and beats near the guess.
    card_value: Callable[[State, int], Callable[[int], float]] = field(default=by_rank)
    exchange: ExchangeSearch | None = None
    # The endgame solver's model of the trick play (games/<game>/endgame.py), and how
    # many tricks before the end of a hand the search hands a sampled world to it.
    endgame: Callable[[State, int], tuple[Any, Any] | None] | None = None
    endgame_tricks: int = 0
    # Legal moves the search never weighs because they are plainly wasted (Starshina: a
    # card given in the classic exchange that must come straight back).  Never empties
    # the list.
    prune: Callable[[State, int, list[Action]], list[Action]] | None = None
    # A finished game for a seat, about [-1, 1], where ranking by place misjudges it
    # (Starshina: a hand in which another seat takes 12 tricks is a loss, never as good
    # as a hand that leaves the game open).  None (or no hook): by place (evaluate.py).
    finished: Callable[[State, int], float | None] | None = None
    # Inference over the whole deal: given the real state and the seat, the log-likelihood
    # of a sampled world under the others' observed decisions, built from the public record
    # alone (rules/ai/inference.py resamples the search's worlds by it).  None: uniform.
    world_weight: Callable[[State, int], Callable[[State], float]] | None = None
    # The cards nobody has seen that moves draw from during a hand (Pinkerton's stock, in
    # draw order: the state's own list), for the luck of a draw (rules/ai/skill.py): a move
    # after which it changed dealt or turned up cards.  None: no draws inside a hand (or
    # the exchange search's, as Piquet's talon).
    stock: Callable[[State], list[int]] | None = None
    # Times more rollouts behind each luck estimate, where a hand's swing is small against
    # a rollout's spread (Pinkerton: at 8 rollouts luck and result correlated +0.14 over
    # 60 games, at 48 +0.46; ``python -m benchmarks.accuracy --games pinkerton``).
    luck_scale: int = 1
    # Times more search iterations and pricing worlds behind each decision's accuracy,
    # where the game's heuristic is close to a small search's choice and its decisions are
    # cheap to price (Pinkerton: at 24/12 hard's accuracy led easy's by +4.6 +- 5.4 over 60
    # games, at 72/36 by +7.3 +- 5.7 over the same 60; the same benchmark).
    skill_scale: int = 1

    @property
    def rollout_policy(self) -> Policy:
        return self.rollout or self.choose


KNEE = 0.9   # beyond this a lead's value bends towards +-1 instead of being cut there


def lead(mine: float, others: list[float], scale: float) -> float:
    """A seat's lead over the best other, in units of ``scale``, inside (-1, 1): linear up
    to KNEE, then bending towards the bound, so a bigger lead (a smaller loss: a contract
    failed by one trick less) is still worth more - a hard clip would call them equal.
    A finished game's 1 and -1 stay beyond any lead."""
    if not others:
        return 0.0
    x = (mine - max(others)) / scale
    if abs(x) <= KNEE:
        return x
    bent = KNEE + (1.0 - KNEE) * (1.0 - math.exp(-(abs(x) - KNEE) / (1.0 - KNEE)))
    return math.copysign(bent, x)


def rng_for(seed: int, state: State, seat: int) -> random.Random:
    """The random stream of an AI's move: the same position always gets the same answer."""
    return random.Random(f"{seed}/{seat}/{state.events_seen}/{len(state.legal_actions(seat))}")


_HOOKS: dict[str, AIHooks] = {}   # the built-in games' and the added ones, by game


def _table() -> dict[str, AIHooks]:
    if not _HOOKS:
        # The AI modules import this one: read them when first asked.
        from .. import BUILT_IN

        for package in BUILT_IN:
            if importlib.util.find_spec(f"games.{package}.ai") is not None:
                hooks: AIHooks = importlib.import_module(f"games.{package}.ai").HOOKS
                _HOOKS[hooks.game] = hooks
    return _HOOKS


def hooks_for(game: str) -> AIHooks:
    """``game``'s hooks; KeyError for a game without an AI."""
    return (_HOOKS or _table())[game]


def add_hooks(hooks: AIHooks) -> None:
    """Let the AI play ``hooks.game`` (a plug-in's registration)."""
    _table()[hooks.game] = hooks


def remove_hooks(game: str) -> None:
    """Forget an added game's hooks (tests that plug a game in for a while)."""
    _table().pop(game, None)
