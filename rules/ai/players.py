"""AI players by level, all behind one interface: ``choose(state, seat) -> Action``.

Levels: ``random`` (uniform legal moves, for tests and baselines), ``easy`` (the
game's cheap heuristic), ``normal`` and ``hard`` (search over sampled worlds
with growing budgets; see rules/ai/search.py and docs/AI.md).  ``choose`` takes
an optional ``time_budget`` in seconds: a safety cap, never the budget itself.
Every player is deterministic given its seed: the random stream is derived from
the seed and the state's move count, so the same position always gets the same
answer, even after a restart.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..base import State
from .hooks import Policy, hooks_for, rng_for

LEVELS = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"   # an AI seat's level when nobody says: the terminal's and Discord's


class Player(Protocol):
    level: str

    def choose(self, state: State, seat: int, time_budget: float | None = None) -> Action:
        """A legal action for ``seat``; ``time_budget`` (seconds) caps the thinking time."""
        ...


_rng_for = rng_for   # the name the tests and older callers use


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int, time_budget: float | None = None) -> Action:
        return _rng_for(self.seed, state, seat).choice(state.legal_actions(seat))


class HeuristicPlayer:
    level = "easy"

    def __init__(self, game: str, seed: int = 0) -> None:
        self.seed = seed
        self._choose = heuristic(game)

    def choose(self, state: State, seat: int, time_budget: float | None = None) -> Action:
        # Microseconds to milliseconds: far inside any budget, so the budget is ignored.
        return self._choose(state, seat, _rng_for(self.seed, state, seat))


def heuristic(game: str, for_rollouts: bool = False) -> Policy:
    """The game's ``choose(state, seat, rng)`` rule-based function (or its cheaper
    rollout policy, for search rollouts)."""
    hooks = hooks_for(game)
    return hooks.rollout_policy if for_rollouts else hooks.choose


def make_player(level: str, game: str, seed: int = 0) -> Player:
    """An AI player of ``level`` for ``game``; ValueError naming the levels if unknown."""
    level = level.strip().lower()
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return HeuristicPlayer(game, seed)
    if level in ("normal", "hard"):
        from .search import SearchPlayer

        return SearchPlayer(game, level, seed)
    raise ValueError(f"Unknown AI level '{level}'. Levels: {', '.join(LEVELS)}.")
