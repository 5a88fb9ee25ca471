"""Accuracy and luck of every finished game, in the background (issue 49).

``skill_of_game`` is the pure part, run in the AI's process pool (as a review is): it
replays the game from its seed and log through rules/ai/skill.py.  ``Skills`` is the
service: when a game this process owns finishes (``game_over``, an ``after_game`` hook),
a pending row per seat is stored in ``game_skills``, then the figures are computed off
the event loop, one game at a time, each start waiting for its background turn, in one
worker process of their own at nice +SKILL_NICE (Core: whatever ``ai_executor`` says), so
AI moves, hints, reviews and pictures keep their share; every pending game
is taken up again when the core starts.  Once stored, ``SkillReady`` is published on this
process's own hub (the final board shows the figures); nothing goes to other shards.
``CoreConfig.skill_budget`` 0 computes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from rules.ai.skill import SKILL_BUDGET, game_skill, seat_skills
from rules.messages import Msg

from .. import plugins
from .ai_runner import AIRunner
from .background import Background
from .clock import Clock
from .errors import TableError
from .hub import Hub
from .records import GLOBAL, scope_key
from .replay import LEGACY_COUNT, Replay, load_replay
from .store import Store
from .updates import GameOver, SkillLine, SkillReady

log = logging.getLogger("parlour.core")

PENDING, DONE = "pending", "done"
AT_ONCE = 1        # games computed at the same time
SKILL_NICE = 15    # the bot's own worker process for them runs at this lower CPU priority
BUDGET_VAR = "PARLOUR_SKILL_BUDGET"


def budget_from(env: Mapping[str, str]) -> int:
    """The skill budget the bot, ``parlour play`` and ``parlour review`` use:
    ``PARLOUR_SKILL_BUDGET`` (search iterations per decision; 0 switches the figures off),
    else ``rules.ai.skill.SKILL_BUDGET``.  ValueError for a value that is no number or
    is negative."""
    raw = (env.get(BUDGET_VAR) or "").strip()
    if not raw:
        return SKILL_BUDGET
    try:
        value = int(float(raw))
    except ValueError:
        raise ValueError(Msg("{var} must be a whole number (0: off), not '{raw}'.",
                             var=BUDGET_VAR, raw=raw)) from None
    if value < 0:
        raise ValueError(Msg("{var} cannot be negative.", var=BUDGET_VAR))
    return value


def skill_of_game(game: str, n: int, options: dict, seed: int,
                  actions: list[tuple[int, str]], budget: int) -> dict:
    """``rules.ai.skill.game_skill`` of a logged game, for a pool worker: the search's
    ``budget`` iterations per decision, priced on ``budget // 2`` fresh worlds, each
    estimate at a chance event on ``max(4, budget // 3)`` worlds (JSON-able)."""
    start = plugins.engine(game).new_state(n, options, seed=seed)
    if any(a == LEGACY_COUNT for _s, a in actions):
        return {"seats": []}    # an old game with count requests: not replayed here
    return game_skill(start, seed, actions, budget, max(4, budget // 2), max(4, budget // 3))


@dataclass(frozen=True)
class SeatFigures:
    seat: int
    accuracy: float
    luck: float
    low: float
    high: float
    decisions: int


class Skills:
    """Stored figures of finished games, and the ones being computed (in the AI's pool)."""

    def __init__(self, store: Store, runner: AIRunner, clock: Clock, hub: Hub,
                 background: Background, owns: Callable[[int | None], bool],
                 spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task] | None = None,
                 budget: int = 0, min_games: int = 5) -> None:
        self.store = store
        self.min_games = min_games   # games with figures before a player is on the board
        self.runner = runner
        self.clock = clock
        self.hub = hub
        self.background = background
        self.owns = owns
        self.spawn = spawn or asyncio.ensure_future
        self.budget = budget
        self._gate = asyncio.Semaphore(AT_ONCE)
        self._running: dict[int, asyncio.Task] = {}

    async def game_over(self, over: GameOver) -> None:
        """The ``after_game`` hook: a complete game of a table this process owns gets its
        figures (another shard's process that made the last move leaves it to the owner)."""
        if self.budget <= 0 or over.reason != "complete" or not self.owns(over.table.guild_id):
            return
        await self.request(over.game_id)

    async def request(self, game_id: int) -> None:
        """Store the game's seats as pending (once) and compute them in the background."""
        replay = await load_replay(self.store, game_id)
        r = replay.record
        now = self.clock.now()
        await self.store.write(*[(
            "INSERT INTO game_skills (game_id, seat, user_id, game, guild_id, status, budget, "
            "requested) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (game_id, p["seat"], p.get("user_id") if p.get("kind") == "human" else None,
             r.game, r.guild_id, PENDING, self.budget, now)) for p in r.players])
        self._start(game_id, replay)

    async def get(self, game_id: int) -> list[SeatFigures] | None:
        """The game's figures per seat, or None while pending (or never computed)."""
        rows = await self.store.fetchall(
            "SELECT * FROM game_skills WHERE game_id = ? ORDER BY seat", (game_id,))
        if not rows or any(r["status"] != DONE for r in rows):
            return None
        return [SeatFigures(r["seat"], r["accuracy"], r["luck"], r["low"], r["high"],
                            r["decisions"]) for r in rows]

    async def wait(self, game_id: int) -> None:
        """Until the game's figures being computed here are stored (tests, the terminal)."""
        task = self._running.get(game_id)
        if task is not None:
            await asyncio.shield(task)

    async def mean(self, user_id: int, game: str, scope: str | int = GLOBAL
                   ) -> tuple[float, int] | None:
        """/stats: the player's mean accuracy per game over their last games, and how many."""
        return await mean_accuracy(self.store, user_id, game, scope)

    async def board(self, game: str, scope: str | int = GLOBAL, limit: int = 10
                    ) -> list[AccuracyRow]:
        """/leaderboard by:accuracy: players with at least ``min_games`` games, best first."""
        return await accuracy_board(self.store, game, scope, min_games=self.min_games,
                                    limit=limit)

    async def resume(self, channel_id: int | None = None) -> int:
        """Take up every game left pending (the bot stopped while computing it, or the
        terminal's player left before the figures were ready); ``channel_id``: only the
        games played in that channel (the terminal's own, in a database shared with the
        bot)."""
        if self.budget <= 0:
            return 0
        if channel_id is None:
            rows = await self.store.fetchall(
                "SELECT DISTINCT game_id, guild_id FROM game_skills WHERE status = ?",
                (PENDING,))
        else:
            rows = await self.store.fetchall(
                "SELECT DISTINCT s.game_id, s.guild_id FROM game_skills s JOIN games g "
                "ON g.id = s.game_id WHERE s.status = ? AND g.channel_id = ?",
                (PENDING, channel_id))
        games = [r["game_id"] for r in rows if self.owns(r["guild_id"])]
        for game_id in sorted(games):
            try:
                replay = await load_replay(self.store, game_id)
            except TableError:
                continue
            self._start(game_id, replay)
        return len(games)

    async def stop(self) -> None:
        """Cancel the computations under way (their rows stay pending, taken up again by
        ``resume``)."""
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled or failed; we are stopping
                pass

    def _start(self, game_id: int, replay: Replay) -> None:
        if game_id in self._running:
            return
        task = self.spawn(self._compute(game_id, replay))
        self._running[game_id] = task
        task.add_done_callback(lambda _t: self._running.pop(game_id, None))

    async def _compute(self, game_id: int, replay: Replay) -> None:
        r = replay.record
        actions = [(s, a) for s, _actor, a in replay.actions]
        async with self._gate:
            await self.background.step()   # after what a person waits for
            try:
                body = await self.runner.call(skill_of_game, r.game, len(r.players),
                                              r.options, r.seed, actions, self.budget)
            except asyncio.CancelledError:
                raise   # the bot stops: the rows stay pending, resumed at the next start
            except Exception:
                log.exception("accuracy and luck of game %s failed", game_id)
                await self.store.write((
                    "DELETE FROM game_skills WHERE game_id = ? AND status = ?",
                    (game_id, PENDING)))
                return
        seats = seat_skills(body)
        now = self.clock.now()
        await self.store.write(*[(
            "UPDATE game_skills SET status = ?, decisions = ?, accuracy = ?, low = ?, "
            "high = ?, luck = ?, luck_error = ?, done = ? WHERE game_id = ? AND seat = ?",
            (DONE, s.decisions, s.accuracy, s.low, s.high, s.luck, s.luck_error, now,
             game_id, s.seat)) for s in seats])
        if seats:
            self.hub.publish(SkillReady(
                game_id, r.channel_id, game_id,
                tuple(SkillLine(s.seat, s.accuracy, s.luck, s.low, s.high) for s in seats)))


LAST_GAMES = 20    # /stats' mean accuracy: over this many of a player's last games


@dataclass(frozen=True)
class AccuracyRow:
    position: int
    user_id: int
    name: str
    accuracy: float    # mean accuracy per game over the player's last LAST_GAMES games
    games: int         # games in that mean


def _scoped(scope: str | int) -> tuple[str, tuple]:
    """The WHERE part for a scope: "global", or a guild id (as text or a number)."""
    key = scope_key(scope)
    return ("", ()) if key == GLOBAL else (" AND guild_id = ?", (int(key),))


async def mean_accuracy(store: Store, user_id: int, game: str, scope: str | int = GLOBAL,
                        last: int = LAST_GAMES) -> tuple[float, int] | None:
    """``user_id``'s mean accuracy per game of ``game`` over their ``last`` games with
    figures (in ``scope``), and how many games that is; None without any."""
    where, args = _scoped(scope)
    rows = await store.fetchall(
        "SELECT accuracy FROM game_skills WHERE user_id = ? AND game = ? AND status = ?"
        + where + " ORDER BY done DESC, game_id DESC LIMIT ?",
        (user_id, game, DONE, *args, last))
    if not rows:
        return None
    return sum(r["accuracy"] for r in rows) / len(rows), len(rows)


async def accuracy_board(store: Store, game: str, scope: str | int = GLOBAL, *, min_games: int,
                         limit: int = 10, last: int = LAST_GAMES) -> list[AccuracyRow]:
    """The players of ``game`` with at least ``min_games`` games with figures, by their
    mean accuracy over their ``last`` such games, best first (names from ``users``)."""
    where, args = _scoped(scope)
    rows = await store.fetchall(
        "SELECT s.user_id, s.accuracy, s.done, s.game_id, u.name FROM game_skills s "
        "LEFT JOIN users u ON u.user_id = s.user_id "
        "WHERE s.user_id IS NOT NULL AND s.game = ? AND s.status = ?"
        + where.replace("guild_id", "s.guild_id"), (game, DONE, *args))
    by_user: dict[int, list] = {}
    for r in sorted(rows, key=lambda r: (-r["done"], -r["game_id"])):
        got = by_user.setdefault(r["user_id"], [])
        if len(got) < last:
            got.append(r)
    ranked = sorted(((sum(x["accuracy"] for x in g) / len(g), len(g), uid,
                      g[0]["name"] or str(uid)) for uid, g in by_user.items()
                     if len(g) >= min_games), key=lambda t: (-t[0], -t[1], t[2]))
    return [AccuracyRow(i, uid, name, round(acc, 1), n)
            for i, (acc, n, uid, name) in enumerate(ranked[:limit], start=1)]
