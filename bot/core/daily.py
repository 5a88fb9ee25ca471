"""The daily deal: one seeded deal per game and UTC day, played privately, scored like duplicate.

Every player meets the same deal from the same seat against the same AI seats
(``AI_LEVEL``, deterministic given seed and position), so results compare like
duplicate bridge: against the field (rank among the day's attempts, here and
everywhere) and against par (what the ``PAR_LEVEL`` AI scored from that seat,
computed once per day and stored).  An attempt is a row like a table: the
engine state is committed after each of the player's moves together with the
AI replies, so a restart loses nothing.  One attempt per player, game and day.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from rules.actions import Action
from rules.base import State
from rules.errors import IllegalAction
from rules.messages import Msg, Term
from rules.views import View

from .. import plugins
from ..i18n import N_
from .ai_runner import AIRunner
from .clock import Clock
from .daily_rules import (
    AI_LEVEL,
    PAR_LEVEL,
    DailyRule,
    daily_number,
    daily_rules,
    daily_seed,
    day_of,
    deal_done,
    player_seat,
    rule_for,
)
from .errors import IllegalMove, StaleMove, TableError
from .names import ai_table_name, fill_names, free_ai_name
from .store import IntegrityError, Store

log = logging.getLogger("parlour.core")
PLAYING, FINISHED = "playing", "finished"


@dataclass(frozen=True)
class DailyAttempt:
    """A player's attempt at one day's deal of one game."""

    day: int
    game: str
    user_id: int
    name: str
    guild_id: int | None
    seat: int
    names: tuple[str, ...]
    state: State          # live engine state: render it, do not change it
    moves: int            # actions applied since the deal (for expect_move)
    status: str           # "playing" | "finished"
    score: float | None   # the player's score once finished
    seen: int             # the last event number the player had seen before this step

    @property
    def number(self) -> int:
        return daily_number(self.day)

    @property
    def title(self) -> str:
        return daily_title(self.game, self.day)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def ai_names(self) -> tuple[str | None, ...]:
        """Each seat's AI's own name ("Ada"; None at the player's seat)."""
        return daily_ai_names(len(self.names), self.seat, self.name)

    def view(self) -> View:
        return self.state.view(self.seat)

    def legal_actions(self) -> list[str]:
        if self.finished or self.state.current_seat != self.seat:
            return []
        return [str(a) for a in self.state.legal_actions(self.seat)]

    def action_forms(self) -> list[dict]:
        return [] if not self.legal_actions() else self.state.action_forms(self.seat)

    def fresh_events(self) -> int:
        """How many events the player has not seen yet (to show them all)."""
        return sum(1 for e in self.view()["events"] if e["n"] > self.seen)


@dataclass(frozen=True)
class DailyRow:
    position: int          # competition rank: ties share, 1 = best
    user_id: int
    name: str
    score: float


@dataclass(frozen=True)
class DailyStandings:
    """The day's finished attempts in one scope, for a player who has played."""

    day: int
    game: str
    scope: str             # "here" (a server) or "global"
    rows: tuple[DailyRow, ...]
    count: int             # finished attempts in the scope
    rank: int              # the asking player's position
    par: float

    @property
    def title(self) -> str:
        return daily_title(self.game, self.day)


@dataclass(frozen=True)
class DailyResult:
    """A finished attempt measured against par and the field (worded by
    ``bot/present/daily.py``: the core keeps numbers)."""

    attempt: DailyAttempt
    par: float
    rank_here: int | None        # None outside a server
    count_here: int | None
    rank_all: int
    count_all: int
    streak: int
    par_level: str = PAR_LEVEL


# The daily's refusals, by kind; ``bot/present/daily.py`` words them in the reader's
# language (the English here is the fallback a log shows).
ERRORS = {
    "played": N_("You have played {title} already ({score}). The next deal comes at "
                 "midnight UTC."),
    "dealing": N_("Your daily deal is being dealt already; try again."),
    "not_started": N_("You have no {title} under way."),
    "over": N_("{title} is over for you."),
    "unfinished": N_("You have not finished {title} yet."),
    "hidden": N_("The standings of {title} stay hidden until you have played it "
                 "yourself."),
    "unknown": N_("There is no daily deal of '{game}'. Daily games: {games}."),
    "not_yours": N_("That daily panel is not yours: type `/daily` to play your own."),
    "no_such": N_("That daily deal does not exist."),
}


class DailyError(TableError):
    """A daily refusal: its ``message`` is ``ERRORS[kind]`` with the deal's title and the
    score as terms the presentation words in the reader's language (``Term("daily",
    (game, day))``, ``Term("daily score", (game, score))``: ``bot/present/daily.py``);
    ``str()`` is the English."""

    def __init__(self, kind: str, game: str = "", day: int | None = None,
                 score: float | None = None) -> None:
        self.kind, self.game, self.day, self.score = kind, game, day, score
        known = game in daily_rules() and day is not None
        title: str | Term = Term("daily", (game, day), daily_title(game, day)) \
            if known and day is not None else ""
        shown: str | Term = "" if score is None or not known else \
            Term("daily score", (game, score), f"{score:g}")
        values = {"title": title, "score": shown, "game": game, "games": daily_games_text()}
        super().__init__(Msg(ERRORS[kind], **{k: v for k, v in values.items()
                                               if "{" + k + "}" in ERRORS[kind]}))


def daily_title(game: str, day: int) -> str:
    g = plugins.engine(game)
    return f"{(g.title or g.name).split(' (')[0]} daily #{daily_number(day)}"


def daily_games_text() -> str:
    return ", ".join(sorted(daily_rules()))


class Daily:
    """The daily deals of one core: attempts, par, standings and streaks."""

    def __init__(self, store: Store, clock: Clock, runner: AIRunner, *,
                 ai_level: str = AI_LEVEL, par_level: str = PAR_LEVEL) -> None:
        self.store = store
        self.clock = clock
        self.runner = runner
        self.ai_level = ai_level
        self.par_level = par_level
        # Weak: a lock lives while someone holds or waits for it, so days of players do
        # not pile up in memory.
        self._locks: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        # Called with (day, game, user_id) once an attempt is finished (puzzles mine it).
        self.after_attempt: list[Callable[[int, str, int], Awaitable[None]]] = []

    def today(self) -> int:
        return day_of(self.clock.now())

    # --- playing -------------------------------------------------------------------------

    async def start(self, game: str, user_id: int, name: str,
                    guild_id: int | None = None) -> DailyAttempt:
        """Today's attempt of ``user_id`` at ``game``: resumed if begun, else dealt.

        A finished attempt is refused: one attempt per player, game and day."""
        rule = self._rule(game)
        day = self.today()
        async with self._lock(day, rule.game, user_id):
            found = await self._load(day, rule.game, user_id)
            if found is not None:
                if found.finished:
                    assert found.score is not None  # a finished attempt has its score
                    raise DailyError("played", rule.game, day, found.score)
                return found
            seed = daily_seed(rule.game, day)
            seat = player_seat(rule, seed)
            names = [name if ai is None else ai_table_name(ai, self.ai_level)
                     for ai in daily_ai_names(rule.players, seat, name)]
            state = plugins.engine(rule.game).new_state(rule.players, rule.options, seed)
            log: list[list] = []
            await self._run_ai(rule, state, seat, seed, self.ai_level, log)
            attempt = self._attempt(rule, day, user_id, name, guild_id, seat, names, state,
                                    len(log), 0)
            now = self.clock.now()
            try:
                async with self.store.transaction() as conn:
                    await conn.execute(
                        """INSERT INTO daily_attempts (day, game, user_id, guild_id, name, seat,
                            names, state, actions, moves, status, score, started, finished)
                           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                        (day, rule.game, user_id, guild_id, name, seat, json.dumps(names),
                         state.to_json(), json.dumps(log), len(log), attempt.status,
                         attempt.score, now, now if attempt.finished else None))
            except IntegrityError as e:  # another process dealt it first
                raise DailyError("dealing") from e
            except Exception as e:
                raise TableError("Could not save that; nothing changed. Please try again.") \
                    from e
        if attempt.finished:
            await self._finished(day, rule.game, user_id)
        return attempt

    async def act(self, game: str, user_id: int, action: str | Action, *, day: int | None = None,
                  expect_move: int | None = None) -> DailyAttempt:
        """Play ``action`` in the player's attempt; the AI seats answer at once.

        Committed with the AI replies in one step, so a restart resumes exactly at
        the player's next turn.  A refusal changes nothing."""
        rule = self._rule(game)
        day = self.today() if day is None else day
        async with self._lock(day, rule.game, user_id):
            found = await self._load(day, rule.game, user_id)
            if found is None:
                raise DailyError("not_started", rule.game, day)
            if found.finished:
                raise DailyError("over", rule.game, day)
            if expect_move is not None and expect_move != found.moves:
                raise StaleMove()
            state, seat = found.state, found.seat
            seen = _last_event(state, seat)
            try:
                state.apply(seat, action)
            except IllegalAction as e:
                raise IllegalMove(fill_names(e.msg, found.names)) from e
            log = [[seat, str(plugins.engine(rule.game).parse_action(action, state.options))]]
            seed = daily_seed(rule.game, day)
            await self._run_ai(rule, state, seat, seed, self.ai_level, log)
            attempt = self._attempt(rule, day, user_id, found.name, found.guild_id, seat,
                                    list(found.names), state, found.moves + len(log), seen)
            now = self.clock.now()
            try:
                async with self.store.transaction() as conn:
                    row = await conn.fetchone(
                        "SELECT actions FROM daily_attempts WHERE day = ? AND game = ? AND "
                        "user_id = ? AND moves = ? FOR UPDATE",
                        (day, rule.game, user_id, found.moves))
                    if row is None:
                        raise StaleMove()
                    await conn.execute(
                        """UPDATE daily_attempts SET state = ?, actions = ?, moves = ?,
                           status = ?, score = ?, finished = ?
                           WHERE day = ? AND game = ? AND user_id = ?""",
                        (state.to_json(), json.dumps(json.loads(row["actions"]) + log),
                         attempt.moves, attempt.status, attempt.score,
                         now if attempt.finished else None, day, rule.game, user_id))
            except TableError:
                raise
            except Exception as e:
                raise TableError("Could not save that; nothing changed. Please try again.") \
                    from e
        if attempt.finished:
            await self._finished(day, rule.game, user_id)
        return attempt

    async def _finished(self, day: int, game: str, user_id: int) -> None:
        """The ``after_attempt`` hooks; one failing is logged, never the player's move's."""
        for hook in self.after_attempt:
            try:
                await hook(day, game, user_id)
            except Exception:
                log.exception("after_attempt hook failed for %s daily %s", game, day)

    async def attempt(self, game: str, user_id: int, day: int | None = None
                      ) -> DailyAttempt | None:
        rule = self._rule(game)
        return await self._load(self.today() if day is None else day, rule.game, user_id)

    # --- par, field, streaks --------------------------------------------------------------

    async def par(self, game: str, day: int | None = None) -> float:
        """Par: the ``par_level`` AI's score from the players' seat (computed once a day)."""
        rule = self._rule(game)
        day = self.today() if day is None else day
        key = (day, rule.game)
        async with self._lock_for(("par", *key)):
            row = await self.store.fetchone(
                "SELECT score FROM daily_par WHERE day = ? AND game = ?", key)
            if row is not None:
                return row["score"]
            seed = daily_seed(rule.game, day)
            seat = player_seat(rule, seed)
            state = plugins.engine(rule.game).new_state(rule.players, rule.options, seed)
            while not deal_done(rule, state):
                mover = state.current_seat
                assert mover is not None  # someone moves until the deal is done
                level = self.par_level if mover == seat else self.ai_level
                state.apply(mover, await self.runner.choose(state, mover, level,
                                                            _ai_seed(seed, mover), None))
            score = float(rule.score(state, seat))
            async with self.store.transaction() as conn:
                await conn.execute(
                    "INSERT INTO daily_par (day, game, score, computed) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (day, game) DO NOTHING",
                    (day, rule.game, score, self.clock.now()))
            row = await self.store.fetchone(
                "SELECT score FROM daily_par WHERE day = ? AND game = ?", key)
            assert row is not None  # inserted just now, or by whoever got there first
            return row["score"]

    async def result(self, game: str, user_id: int, day: int | None = None) -> DailyResult:
        """The player's finished attempt against par and the field."""
        rule = self._rule(game)
        day = self.today() if day is None else day
        mine = await self._load(day, rule.game, user_id)
        if mine is None or not mine.finished:
            raise DailyError("unfinished", rule.game, day)
        par = await self.par(rule.game, day)
        assert mine.score is not None  # a finished attempt has its score
        rank_all, count_all = await self._place(day, rule.game, mine.score, None)
        here = (await self._place(day, rule.game, mine.score, mine.guild_id)
                if mine.guild_id is not None else (None, None))
        return DailyResult(mine, par, here[0], here[1], rank_all, count_all,
                           await self.streak(user_id, day), self.par_level)

    async def standings(self, game: str, user_id: int, guild_id: int | None = None, *,
                        day: int | None = None, limit: int = 10) -> DailyStandings:
        """The day's leaderboard in a server (``guild_id``) or everywhere (None).

        Hidden until the asking player has finished that day's deal: nobody sees
        others' results before playing it."""
        rule = self._rule(game)
        day = self.today() if day is None else day
        mine = await self._load(day, rule.game, user_id)
        if mine is None or not mine.finished:
            raise DailyError("hidden", rule.game, day)
        where, params = self._scope(day, rule.game, guild_id)
        rows = await self.store.fetchall(
            f"SELECT user_id, name, score FROM daily_attempts WHERE {where} "
            "ORDER BY score DESC, finished ASC, user_id ASC LIMIT ?", (*params, limit))
        scores = [r["score"] for r in rows]
        out = []
        for r in rows:
            position = 1 + sum(1 for s in scores if s > r["score"])
            out.append(DailyRow(position, r["user_id"], r["name"], r["score"]))
        assert mine.score is not None  # a finished attempt has its score
        rank, count = await self._place(day, rule.game, mine.score, guild_id)
        return DailyStandings(day, rule.game, "global" if guild_id is None else "here",
                              tuple(out), count, rank, await self.par(rule.game, day))

    async def streak(self, user_id: int, day: int | None = None) -> int:
        """Consecutive UTC days, up to ``day`` (or the day before if ``day`` is not played
        yet), on which the player finished a daily deal of any game."""
        day = self.today() if day is None else day
        rows = await self.store.fetchall(
            "SELECT DISTINCT day FROM daily_attempts WHERE user_id = ? AND status = ? "
            "AND day <= ? ORDER BY day DESC", (user_id, FINISHED, day))
        days = [r["day"] for r in rows]
        if not days or days[0] < day - 1:
            return 0
        run, expect = 0, days[0]
        for d in days:
            if d != expect:
                break
            run += 1
            expect -= 1
        return run

    # --- helpers -------------------------------------------------------------------------

    @staticmethod
    def _rule(game: str) -> DailyRule:
        rule = rule_for(game)
        if rule is None:
            raise DailyError("unknown", game)
        return rule

    def _lock(self, day: int, game: str, user_id: int) -> asyncio.Lock:
        return self._lock_for((day, game, user_id))

    def _lock_for(self, key: tuple) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    @staticmethod
    def _scope(day: int, game: str, guild_id: int | None) -> tuple[str, tuple]:
        where = "day = ? AND game = ? AND status = 'finished'"
        if guild_id is None:
            return where, (day, game)
        return where + " AND guild_id = ?", (day, game, guild_id)

    async def _place(self, day: int, game: str, score: float, guild_id: int | None
                     ) -> tuple[int, int]:
        where, params = self._scope(day, game, guild_id)
        row = await self.store.fetchone(
            f"SELECT COUNT(*) AS n, SUM(CASE WHEN score > ? THEN 1 ELSE 0 END) AS better "
            f"FROM daily_attempts WHERE {where}", (score, *params))
        assert row is not None  # an aggregate gives one row, even of no attempts
        return 1 + int(row["better"] or 0), int(row["n"])

    async def _run_ai(self, rule: DailyRule, state: State, seat: int, seed: int, level: str,
                      log: list[list]) -> None:
        """The AI seats move until it is the player's turn or the daily is over."""
        while not deal_done(rule, state) and state.current_seat != seat:
            mover = state.current_seat
            assert mover is not None  # someone moves until the deal is done
            text = await self.runner.choose(state, mover, level, _ai_seed(seed, mover), None)
            state.apply(mover, text)
            log.append([mover, text])

    def _attempt(self, rule: DailyRule, day: int, user_id: int, name: str,
                 guild_id: int | None, seat: int, names: Sequence[str], state: State,
                 moves: int, seen: int) -> DailyAttempt:
        done = deal_done(rule, state)
        return DailyAttempt(day, rule.game, user_id, name, guild_id, seat, tuple(names), state,
                            moves, FINISHED if done else PLAYING,
                            float(rule.score(state, seat)) if done else None, seen)

    async def _load(self, day: int, game: str, user_id: int) -> DailyAttempt | None:
        row = await self.store.fetchone(
            "SELECT * FROM daily_attempts WHERE day = ? AND game = ? AND user_id = ?",
            (day, game, user_id))
        if row is None:
            return None
        state = plugins.engine(game).state_from_json(row["state"])
        return DailyAttempt(day, game, user_id, row["name"], row["guild_id"], row["seat"],
                            tuple(json.loads(row["names"])), state, row["moves"], row["status"],
                            row["score"], _last_event(state, row["seat"]))


def daily_ai_names(players: int, seat: int, name: str) -> tuple[str | None, ...]:
    """The AI seats' own names at an attempt of ``players`` where ``name`` plays ``seat``
    (None there): made from the player's name, so the same at every load."""
    names: list[str | None] = []
    for i in range(players):
        taken = [n for n in names if n is not None] + [name]
        names.append(None if i == seat else free_ai_name(taken))
    return tuple(names)


def _ai_seed(seed: int, seat: int) -> int:
    return (seed * 31 + seat + 1) % (1 << 62)


def _last_event(state: State, seat: int) -> int:
    events = state.view(seat)["events"]
    return events[-1]["n"] if events else 0
