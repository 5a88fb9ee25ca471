"""Reviews of finished games: the hard AI weighs every decision of one seat.

``review_game`` is the pure part, run in the AI's process pool: it replays the game
from its seed and log and asks the coach (rules/ai/coach.py) how much each of the
seat's moves lost against the hard AI's choice, with a fixed search budget per
decision.  ``Reviews`` is the service: a review is stored in ``game_reviews``
(computed once, shown many times); the row is written as pending before the work
starts, and every pending row is taken up again when the core starts, so a review
being computed when the bot stops is finished after the restart.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from rules.ai.coach import COACH_BUDGET, MORE_WORLDS, PRICE_WORLDS, Z, costly, decision_seed, judge
from rules.views import View

from .. import plugins
from .ai_runner import AIRunner
from .clock import Clock
from .errors import TableError
from .replay import LEGACY_COUNT, Replay, load_replay
from .store import Store

log = logging.getLogger("parlour.core")

KEPT = 10          # the costliest decisions stored with a review
PENDING, DONE = "pending", "done"


@dataclass(frozen=True)
class Decision:
    move: int          # 1-based number of the move in the game's log
    played: str        # canonical action texts
    best: str
    cost: float        # mean loss against ``best`` (value units: a game is 1 to -1)
    error: float       # standard error of that mean
    worlds: int        # sampled deals it was measured on
    disagree: int      # of those, the deals where the move played did as well

    @property
    def interval(self) -> tuple[float, float]:
        """The loss's interval: the mean plus or minus Z standard errors."""
        return self.cost - Z * self.error, self.cost + Z * self.error

    @property
    def clear(self) -> bool:
        """Costly beyond the noise: the whole interval above MATTERS (``coach.costly``)."""
        return costly(self.cost, self.error)

    @property
    def unsure(self) -> bool:
        """The loss is within the noise of the sampled deals (never listed by a review)."""
        return not self.clear


@dataclass(frozen=True)
class GameReview:
    game_id: int
    seat: int
    status: str                       # "pending" | "done"
    judged: int                       # the seat's decisions weighed
    decisions: tuple[Decision, ...]   # costliest first

    @property
    def done(self) -> bool:
        return self.status == DONE


def review_game(game: str, n: int, options: dict, seed: int,
                actions: list[tuple[int, str]], seat: int,
                budget: int = COACH_BUDGET, check: int = PRICE_WORLDS,
                more: tuple[int, ...] = MORE_WORLDS) -> dict:
    """Weigh every decision of ``seat`` in the game logged as ``actions`` ((seat, action)
    per move); JSON-able: {"judged": count, "decisions": [the costliest, as dicts]}.
    Only a decision whose loss is clear (``coach.costly``: its interval above MATTERS) is
    a costly one: a game without one has none.  Deterministic: each decision is judged
    with the seed a hint at that position uses (``coach.decision_seed``), so a hinted move
    costs nothing.
    ``check``: the fresh worlds the moves are priced on, ``more`` the rounds of more
    worlds for an unsettled loss (coach.judge)."""
    state = plugins.engine(game).new_state(n, options, seed=seed)
    out: list[Decision] = []
    judged = 0
    for i, (s, action) in enumerate(actions, start=1):
        if action == LEGACY_COUNT:
            state.ask_count(s)
            continue
        if s == seat and not state.is_over:
            j = judge(state, seat, action, budget, seed=decision_seed(seed, i), check=check,
                      more=more)
            if j is not None:
                judged += 1
                if j.clear:
                    out.append(Decision(i, str(j.played), str(j.best), round(j.cost, 4),
                                        round(j.spread, 4), j.worlds, j.disagree))
        state.apply(s, action)
    out.sort(key=lambda d: (-d.cost, d.move))
    return {"judged": judged, "decisions": [d.__dict__ for d in out[:KEPT]]}


def _from_row(row) -> GameReview:
    body: dict[str, Any] = json.loads(row["result"]) if row["result"] else {}
    return GameReview(row["game_id"], row["seat"], row["status"], int(body.get("judged", 0)),
                      tuple(Decision(**d) for d in body.get("decisions", ())))


class Reviews:
    """Stored reviews, and the ones being computed (in the AI's pool)."""

    def __init__(self, store: Store, runner: AIRunner, clock: Clock,
                 spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task] | None = None,
                 budget: int = COACH_BUDGET) -> None:
        self.store = store
        # The core's spawn (its tasks are cancelled when it stops); a plain task otherwise.
        self.spawn = spawn or asyncio.ensure_future
        self.runner = runner
        self.clock = clock
        self.budget = budget
        self._running: dict[tuple[int, int], asyncio.Task] = {}

    async def get(self, game_id: int, seat: int) -> GameReview | None:
        row = await self.store.fetchone(
            "SELECT * FROM game_reviews WHERE game_id = ? AND seat = ?", (game_id, seat))
        return _from_row(row) if row is not None else None

    async def request(self, game_id: int, seat: int) -> GameReview:
        """The stored review of ``seat`` in ``game_id``; if there is none yet, a pending
        one is stored and computed in the background (``wait`` for it)."""
        replay = await load_replay(self.store, game_id)
        if not 0 <= seat < len(replay.record.players):
            raise ValueError(f"game {game_id} has no seat {seat}")   # callers check first
        got = await self.get(game_id, seat)
        if got is not None and got.done:
            return got
        if got is None:
            await self.store.write((
                "INSERT INTO game_reviews (game_id, seat, status, budget, requested) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, seat, PENDING, self.budget, self.clock.now())))
        self._start(game_id, seat, replay)
        return GameReview(game_id, seat, PENDING, 0, ())

    async def wait(self, game_id: int, seat: int) -> GameReview:
        """The review once computed (requested first if need be)."""
        await self.request(game_id, seat)
        task = self._running.get((game_id, seat))
        if task is not None:
            await asyncio.shield(task)
        done = await self.get(game_id, seat)
        if done is None:   # the work failed (logged): the row was taken back
            raise TableError("The review could not be computed; please try again later.")
        return done

    async def resume(self) -> int:
        """Take up every review left pending (the bot stopped while computing it)."""
        rows = await self.store.fetchall(
            "SELECT game_id, seat FROM game_reviews WHERE status = ? ORDER BY requested",
            (PENDING,))
        for r in rows:
            try:
                replay = await load_replay(self.store, r["game_id"])
            except TableError:
                continue
            self._start(r["game_id"], r["seat"], replay)
        return len(rows)

    def _start(self, game_id: int, seat: int, replay: Replay) -> None:
        key = (game_id, seat)
        if key in self._running:
            return
        task = self.spawn(self._compute(game_id, seat, replay))
        self._running[key] = task
        task.add_done_callback(lambda _t: self._running.pop(key, None))

    async def _compute(self, game_id: int, seat: int, replay: Replay) -> None:
        r = replay.record
        actions = [(s, a) for s, _actor, a in replay.actions]
        try:
            body = await self.runner.call(review_game, r.game, len(r.players), r.options,
                                          r.seed, actions, seat, self.budget)
        except asyncio.CancelledError:
            raise   # the bot stops: the row stays pending, resumed at the next start
        except Exception:
            # Not stored as done: the next request tries again.
            log.exception("review of game %s seat %s failed", game_id, seat)
            await self.store.write((
                "DELETE FROM game_reviews WHERE game_id = ? AND seat = ? AND status = ?",
                (game_id, seat, PENDING)))
            return
        await self.store.write((
            "UPDATE game_reviews SET status = ?, result = ?, done = ? "
            "WHERE game_id = ? AND seat = ?",
            (DONE, json.dumps(body), self.clock.now(), game_id, seat)))


@dataclass(frozen=True)
class SeenBefore:
    """A seat's position when it decided: its own view, and its moves then."""
    view: View
    forms: list[dict]
    legal: list[str]


def views_before(replay: Replay, seat: int, moves: set[int]) -> dict[int, SeenBefore]:
    """``seat``'s own view and moves before each of ``moves`` (1-based): the position as
    that seat saw it when deciding (never another seat's cards)."""
    out: dict[int, SeenBefore] = {}

    def seen(state) -> SeenBefore:
        return SeenBefore(state.view(seat), state.action_forms(seat),
                          [str(a) for a in state.legal_actions(seat)])

    if 1 in moves:
        out[1] = seen(replay.initial_state())
    for s in replay.steps():
        if s.move + 1 in moves:
            out[s.move + 1] = seen(s.state)
    return out
