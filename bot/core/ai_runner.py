"""Running AI players off the event loop (or on it, for tests and the terminal).

``choose_action`` is the one place a move is asked of an AI: it falls back to a
weaker level when a level is not available for a game (ImportError, e.g. a game
without a heuristic yet) or misbehaves (raises, or returns an illegal move), so
an AI seat always moves.  Runners differ only in where that call runs:

* ``InlineRunner``: on the loop (tests; the terminal).
* ``ThreadRunner``: a thread pool (the search releases the loop, not the GIL).
* ``ProcessRunner``: a process pool; the state travels as JSON, the answer as
  canonical action text, so nothing unpicklable crosses.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar

from rules.ai.players import LEVELS, make_player
from rules.base import State

from .. import plugins
from .workers import LoopWorker, process_pool, start_background_worker

log = logging.getLogger("parlour.core")
T = TypeVar("T")


def fallback_chain(level: str) -> tuple[str, ...]:
    """``level`` then every weaker level: ("hard", "normal", "easy", "random")."""
    if level not in LEVELS:
        return ("random",)
    i = LEVELS.index(level)
    return tuple(reversed(LEVELS[: i + 1]))


def choose_action(state: State, seat: int, level: str, seed: int,
                  time_budget: float | None = None) -> str:
    """The canonical text of the move the AI of ``level`` makes for ``seat``."""
    for lvl in fallback_chain(level):
        try:
            player = make_player(lvl, state.game.name, seed)
        except (ImportError, KeyError):   # no AI of this level for the game
            continue
        try:
            action = _choose(player, state, seat, time_budget)
        except Exception:
            log.exception("AI %s failed in %s; trying a weaker level", lvl, state.game.name)
            continue
        if state.is_legal(seat, action):
            return str(action)
        log.warning("AI %s proposed an illegal move %r in %s", lvl, str(action), state.game.name)
    return str(state.legal_actions(seat)[0])


def choose_from_json(game: str, state_json: str, seat: int, level: str, seed: int,
                     time_budget: float | None) -> str:
    """``choose_action`` for a process pool worker: JSON in, action text out."""
    state = plugins.engine(game).state_from_json(state_json)
    return choose_action(state, seat, level, seed, time_budget)


def _choose(player, state: State, seat: int, time_budget: float | None):
    if time_budget is not None and _takes_budget(player):
        return player.choose(state, seat, time_budget=time_budget)
    return player.choose(state, seat)


_BUDGETED: dict[type, bool] = {}   # kind of player -> its choose takes time_budget


def _takes_budget(player) -> bool:
    """Whether ``player.choose`` takes ``time_budget``: looked up once per kind of player
    (``inspect.signature`` on every AI move was 1% of the event loop's time at 2,000
    busy tables)."""
    known = _BUDGETED.get(type(player))
    if known is None:
        try:
            params: Mapping[str, inspect.Parameter] = inspect.signature(player.choose).parameters
        except (TypeError, ValueError):
            params = {}
        known = _BUDGETED[type(player)] = "time_budget" in params
    return known


class AIRunner:
    """Asks an AI for a move; subclasses decide where the thinking happens."""

    async def choose(self, state: State, seat: int, level: str, seed: int,
                     time_budget: float | None = None) -> str:
        raise NotImplementedError

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Any other AI work (a hint, a review): ``fn(*args)`` where the moves are thought
        of; for a process pool, a module-level function with picklable arguments."""
        raise NotImplementedError

    def close(self) -> None:
        pass


class InlineRunner(AIRunner):
    async def choose(self, state: State, seat: int, level: str, seed: int,
                     time_budget: float | None = None) -> str:
        return choose_action(state.clone(), seat, level, seed, time_budget)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(*args)


class _PoolRunner(AIRunner):
    def __init__(self, pool: Executor) -> None:
        self.pool = pool

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class ThreadRunner(_PoolRunner):
    def __init__(self, workers: int = 2) -> None:
        super().__init__(ThreadPoolExecutor(max_workers=workers, thread_name_prefix="parlour-ai"))

    async def choose(self, state: State, seat: int, level: str, seed: int,
                     time_budget: float | None = None) -> str:
        # A clone: the table may change (cancel, leave) while the thread thinks.
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, choose_action, state.clone(), seat, level, seed, time_budget)


class ProcessRunner(_PoolRunner):
    def __init__(self, workers: int = 2, nice: int = 0) -> None:
        super().__init__(process_pool(workers, nice))

    async def choose(self, state: State, seat: int, level: str, seed: int,
                     time_budget: float | None = None) -> str:
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, choose_from_json, state.game.name, state.to_json(), seat, level, seed,
            time_budget)


class WorkerRunner(AIRunner):
    """AI work in one worker process of its own at ``nice`` (a ``workers.LoopWorker``), for
    background work that is taken up again after a stop (accuracy and luck): ``close``
    ends the process at once instead of waiting for what it computes (a process pool's
    shutdown would hold the program's exit until then)."""

    def __init__(self, nice: int = 0) -> None:
        self.nice = nice
        self.worker = self._worker()

    def _worker(self) -> LoopWorker:
        return LoopWorker(start_background_worker, plugins.loaded_modules(), self.nice)

    async def choose(self, state: State, seat: int, level: str, seed: int,
                     time_budget: float | None = None) -> str:
        return await self.call(choose_from_json, state.game.name, state.to_json(), seat,
                               level, seed, time_budget)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        if self.worker.stopped:     # the process ended (killed): a new one
            self.worker = self._worker()
        return await self.worker.call(fn, *args)

    def close(self) -> None:
        self.worker.close()


def make_runner(kind: str, workers: int = 2) -> AIRunner:
    kinds = {"inline": InlineRunner, "thread": ThreadRunner, "process": ProcessRunner}
    if kind not in kinds:
        raise ValueError(f"Unknown AI executor '{kind}'. Choose: {', '.join(kinds)}.")
    return InlineRunner() if kind == "inline" else kinds[kind](workers)
