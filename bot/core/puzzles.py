"""Puzzles from finished games (issue 49): the pool, the answers, the puzzle rating, the
daily puzzle and its streak.

``puzzles_of_game`` is the pure part, run in a worker (as accuracy and luck are:
core/skills.py): it replays a logged game and mines it (rules/ai/puzzle.py ``mine``).
``Puzzles`` is the service: a finished game (the ``after_game`` hook) or a finished
daily attempt (``Daily.after_attempt``) is stored as a pending source, mined off the
event loop one at a time, each start waiting for its background turn; pending sources
are taken up again when the core starts.  Each puzzle is stored once per position
(the same deal played twice gives one puzzle).

Who may see what: a puzzle is issued to one user at a time (``next``, ``daily``) and
answered once (the issue's row is updated in one transaction, whoever asks twice);
the pool never holds a reported puzzle, a puzzle the user was shown before, one from a
deal still being played (a table or a daily attempt in play with that deal), nor one
from a daily deal whose day is not over.  Ratings: openskill (ratings.MODEL), the
player and the puzzle as two sides; solving ranks the player first.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import weakref
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from rules.ai.coach import Reason
from rules.ai.puzzle import CHECK_BUDGET, KEEP, PUZZLE_BUDGET, mine
from rules.base import State
from rules.messages import Msg, Term

from .. import plugins
from ..i18n import N_
from .ai_runner import AIRunner
from .background import Background
from .clock import Clock
from .daily_rules import daily_rules, daily_seed, day_date, day_of
from .errors import TableError
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, MODEL, display_rating, ordinal
from .replay import LEGACY_COUNT, load_replay
from .store import Conn, Row, Store
from .updates import GameOver

log = logging.getLogger("parlour.core")

PENDING, DONE = "pending", "done"
AT_ONCE = 1        # sources mined at the same time
BUDGET_VAR = "PARLOUR_PUZZLE_BUDGET"

NONE_YET = N_("No puzzles of {game} yet: they come from finished games; play one and "
              "come back.")
NONE_AT_ALL = N_("No puzzles yet: they come from finished games; play one and come back.")
ALL_SEEN = N_("You have solved every puzzle of {game} there is for now: more come from "
              "finished games.")
ALL_SEEN_ANY = N_("You have solved every puzzle there is for now: more come from finished "
                  "games.")
NO_DAILY = N_("There is no daily puzzle yet: puzzles come from finished games; play one "
              "and come back.")
NOT_ISSUED = N_("That puzzle was never given to you: ask for a puzzle first.")
WITHDRAWN = N_("That puzzle was reported as wrong and has left the pool.")
IN_PLAY = N_("That puzzle's deal is being played right now: answer it once that game is "
             "over.")
NOT_A_MOVE = N_("'{move}' is not one of this puzzle's moves.")
NOT_SAVED = N_("Could not save that; nothing changed. Please try again.")


class PuzzleError(TableError):
    """A puzzle refusal (``message`` a Msg, as every refusal): nothing changed."""


@dataclass(frozen=True)
class Shown:
    puzzle_id: int
    game: str                  # plugin name ("piquet", ...)
    options: dict
    state: State               # the position; show ONLY state's view for ``seat``
    seat: int
    names: tuple[str, ...]     # anonymous names per seat (English; present.puzzle words them)
    moves: tuple[str, ...]     # the candidates (legal moves) as canonical action texts
    rating: int                # the puzzle's display rating
    daily: str | None          # "2026-12-02" when this is that day's daily puzzle


@dataclass(frozen=True)
class Answered:
    puzzle_id: int
    correct: bool
    played: str                # canonical action text of the answer given
    answer: str                # the puzzle's best move
    cost: float                # the loss of the move played (0 when correct)
    reasons: tuple[Reason, ...]  # why the answer is best (coach.Reason)
    rating_before: int         # the player's puzzle rating (display scale)
    rating_after: int
    streak: int                # daily streak after this answer (0 when not daily / broken)
    counted: bool              # False for a second answer: nothing changed


@dataclass(frozen=True)
class Standing:
    rating: int
    solved: int
    tried: int
    streak: int
    best_streak: int


def budget_from(env: Mapping[str, str]) -> int:
    """The first look's budget the bot and the terminal mine with: ``PARLOUR_PUZZLE_BUDGET``
    (search iterations per decision; 0 mines nothing), else
    ``rules.ai.puzzle.PUZZLE_BUDGET``; a value that is no whole number, or negative, is
    taken as that default (logged)."""
    raw = (env.get(BUDGET_VAR) or "").strip()
    try:
        value = int(raw) if raw else PUZZLE_BUDGET
    except ValueError:
        value = -1
    if value < 0:
        log.warning("%s must be a whole number (0: off), not %r", BUDGET_VAR, raw)
        return PUZZLE_BUDGET
    return value


def puzzles_of_game(game: str, n: int, options: dict, seed: int,
                    actions: list[tuple[int, str]], budget: int, check_budget: int,
                    keep: int = KEEP) -> list[dict]:
    """``rules.ai.puzzle.mine`` of a logged game, for a worker (JSON-able)."""
    start = plugins.engine(game).new_state(n, options, seed=seed)
    return [{"move": f.move, "seat": f.seat, "state": f.state.to_json(),
             "answer": str(f.answer),
             "candidates": [{"action": str(p.action), "cost": round(p.cost, 5),
                             "error": round(p.error, 5)} for p in f.candidates],
             "reasons": [[r.kind, r.count, r.of] for r in f.reasons]}
            for f in mine(start, seed, actions, budget, check_budget, keep)]


def game_term(game: str) -> Term:
    """A game's title as a message's value (present/puzzle.py words it)."""
    return Term("puzzle game", (game,), plugins.engine(game).title or game)


def _position_key(game: str, seat: int, state_json: str) -> str:
    return hashlib.sha256(f"{game}/{seat}/{state_json}".encode()).hexdigest()


@dataclass(frozen=True)
class Source:
    """What is mined: a finished game, or a finished daily attempt."""
    key: str                   # "game:12" | "daily:20424:piquet:7"
    game: str
    n: int
    options: dict
    seed: int
    actions: list[tuple[int, str]]
    game_id: int | None
    guild_id: int | None
    day: int | None


class Puzzles:
    """The puzzle pool of one core (see the module's text)."""

    def __init__(self, store: Store, runner: AIRunner, clock: Clock, background: Background,
                 owns: Callable[[int | None], bool],
                 spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task] | None = None,
                 budget: int = 0, check_budget: int = 0) -> None:
        self.store = store
        self.runner = runner
        self.clock = clock
        self.background = background
        self.owns = owns
        self.spawn = spawn or asyncio.ensure_future
        self.budget = budget                      # 0: nothing is mined
        self.check_budget = check_budget or max(budget, CHECK_BUDGET * budget
                                                // PUZZLE_BUDGET)
        self._gate = asyncio.Semaphore(AT_ONCE)
        self._running: dict[str, asyncio.Task] = {}
        # Weak: a lock lives while someone holds or waits for it (as Daily's).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    def today(self) -> int:
        return day_of(self.clock.now())

    # --- mining ---------------------------------------------------------------------------

    async def game_over(self, over: GameOver) -> None:
        """The ``after_game`` hook: a complete game of a table this process owns is mined."""
        if self.budget <= 0 or over.reason != "complete" or not self.owns(over.table.guild_id):
            return
        await self.request(over.game_id)

    async def request(self, game_id: int) -> None:
        """Mine a finished game in the background (once)."""
        replay = await load_replay(self.store, game_id)
        r = replay.record
        if any(a == LEGACY_COUNT for _s, _actor, a in replay.actions):
            return      # an old game with count requests: not replayed here
        source = Source(f"game:{game_id}", r.game, len(r.players), r.options, r.seed,
                         [(s, a) for s, _actor, a in replay.actions], game_id, r.guild_id,
                         None)
        await self._pending(source)

    async def daily_over(self, day: int, game: str, user_id: int) -> None:
        """``Daily.after_attempt``: a finished daily attempt is mined (its puzzles wait for
        the end of its day)."""
        if self.budget <= 0:
            return
        source = await self._daily_source(day, game, user_id)
        if source is not None:
            await self._pending(source)

    async def _daily_source(self, day: int, game: str, user_id: int) -> Source | None:
        row = await self.store.fetchone(
            "SELECT * FROM daily_attempts WHERE day = ? AND game = ? AND user_id = ?",
            (day, game, user_id))
        rule = daily_rules().get(game)
        if row is None or rule is None:
            return None
        actions = [(int(s), str(a)) for s, a in json.loads(row["actions"])]
        return Source(f"daily:{day}:{game}:{user_id}", game, rule.players, rule.options,
                       daily_seed(game, day), actions, None, row["guild_id"], day)

    async def _pending(self, source: Source) -> None:
        await self.store.write((
            "INSERT INTO puzzle_sources (source, game, game_id, day, user_id, guild_id, "
            "status, budget, requested) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (source.key, source.game, source.game_id, source.day,
             _user_of(source.key), source.guild_id, PENDING, self.budget, self.clock.now())))
        row = await self.store.fetchone("SELECT status FROM puzzle_sources WHERE source = ?",
                                        (source.key,))
        if row is not None and row["status"] == PENDING:
            self._start(source)

    async def resume(self, channel_id: int | None = None) -> int:
        """Take up every source left pending (the bot stopped while mining it, or the
        terminal's player left first); ``channel_id``: only the games played in that
        channel (the terminal's own, in a database shared with the bot)."""
        if self.budget <= 0:
            return 0
        if channel_id is None:
            rows = await self.store.fetchall(
                "SELECT * FROM puzzle_sources WHERE status = ? ORDER BY requested",
                (PENDING,))
        else:
            rows = await self.store.fetchall(
                "SELECT s.* FROM puzzle_sources s JOIN games g ON g.id = s.game_id "
                "WHERE s.status = ? AND g.channel_id = ? ORDER BY s.requested",
                (PENDING, channel_id))
        count = 0
        for r in rows:
            if not self.owns(r["guild_id"]):
                continue
            source: Source | None
            if r["game_id"] is not None:
                try:
                    replay = await load_replay(self.store, r["game_id"])
                except TableError:
                    continue
                g = replay.record
                source = Source(r["source"], g.game, len(g.players), g.options, g.seed,
                                 [(s, a) for s, _actor, a in replay.actions], r["game_id"],
                                 g.guild_id, None)
            else:
                source = await self._daily_source(r["day"], r["game"], r["user_id"])
            if source is not None:
                self._start(source)
                count += 1
        return count

    async def wait(self) -> None:
        """Until the mining under way is done (tests, the terminal)."""
        while self._running:
            await asyncio.gather(*[asyncio.shield(t) for t in list(self._running.values())],
                                 return_exceptions=True)

    async def stop(self) -> None:
        """Cancel the mining under way (its sources stay pending, taken up by ``resume``)."""
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled or failed; we are stopping
                pass

    def _start(self, source: Source) -> None:
        if source.key in self._running:
            return
        task = self.spawn(self._mine(source))
        self._running[source.key] = task
        task.add_done_callback(lambda _t: self._running.pop(source.key, None))

    async def _mine(self, s: Source) -> None:
        async with self._gate:
            await self.background.step()   # after what a person waits for
            try:
                found = await self.runner.call(puzzles_of_game, s.game, s.n, s.options,
                                               s.seed, s.actions, self.budget,
                                               self.check_budget)
            except asyncio.CancelledError:
                raise   # the bot stops: the source stays pending, resumed at the next start
            except Exception:
                log.exception("puzzles of %s failed", s.key)
                found = []      # not tried again: marked done with none
        await self.keep(s, found)

    async def keep(self, s: Source, found: list[dict]) -> None:
        """Store the puzzles mined from ``s`` (``puzzles_of_game``'s dicts; a position
        already in the pool is kept once) and mark the source done, in one commit."""
        now = self.clock.now()
        await self.store.write(*[(
            "INSERT INTO puzzles (position, source, move, game, options, players, seat, "
            "state, answer, candidates, reasons, game_id, guild_id, seed, day, mu, sigma, "
            "reported, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) "
            "ON CONFLICT DO NOTHING",
            (_position_key(s.game, f["seat"], f["state"]), s.key, f["move"], s.game,
             json.dumps(s.options), s.n, f["seat"], f["state"], f["answer"],
             json.dumps(f["candidates"]), json.dumps(f["reasons"]), s.game_id, s.guild_id,
             s.seed, s.day, DEFAULT_MU, DEFAULT_SIGMA, now)) for f in found],
            ("UPDATE puzzle_sources SET status = ?, found = ?, done = ? WHERE source = ?",
             (DONE, len(found), now, s.key)))

    # --- the pool -------------------------------------------------------------------------

    _OPEN = ("p.reported = 0 AND (p.day IS NULL OR p.day < ?) "
             "AND NOT EXISTS (SELECT 1 FROM tables t WHERE t.status = 'playing' "
             "AND t.game = p.game AND t.seed = p.seed) "
             "AND NOT EXISTS (SELECT 1 FROM daily_attempts a WHERE a.status = 'playing' "
             "AND a.game = p.game AND a.day = p.day)")

    async def next(self, user_id: int, game: str | None = None) -> Shown:
        """A puzzle for ``user_id`` (of ``game``, else of any game): the one issued and not
        answered yet, else the one of the pool closest to their puzzle rating that they
        were never shown.  PuzzleError when there is none."""
        async with self._lock(user_id):
            where, args = ("", ()) if game is None else (" AND p.game = ?", (game,))
            held = await self.store.fetchone(
                "SELECT p.* FROM puzzle_issues i "
                "JOIN puzzles p ON p.id = i.puzzle_id WHERE i.user_id = ? AND "
                "i.answered IS NULL AND i.daily IS NULL AND " + self._OPEN + where
                + " ORDER BY i.issued DESC, p.id DESC LIMIT 1",
                (user_id, self.today(), *args))
            if held is not None:
                return self._shown(held, None)
            rows = await self.store.fetchall(
                "SELECT p.* FROM puzzles p WHERE " + self._OPEN + where
                + " AND NOT EXISTS (SELECT 1 FROM puzzle_issues i WHERE i.user_id = ? "
                "AND i.puzzle_id = p.id) ORDER BY p.id", (self.today(), *args, user_id))
            if not rows:
                total = await self.store.fetchone(
                    "SELECT COUNT(*) AS n FROM puzzles p WHERE " + self._OPEN + where,
                    (self.today(), *args))
                seen = total is not None and total["n"] > 0
                if game is None:
                    raise PuzzleError(ALL_SEEN_ANY if seen else NONE_AT_ALL)
                raise PuzzleError(Msg(ALL_SEEN if seen else NONE_YET, game=game_term(game)))
            mine_ = display_rating(ordinal(*await self._player_rating(user_id)))
            row = min(rows, key=lambda r: (abs(_rating(r) - mine_), r["id"]))
            await self._issue(user_id, row["id"], None)
            return self._shown(row, None)

    async def daily(self, user_id: int) -> Shown:
        """Today's daily puzzle (the same for everyone), issued to ``user_id``."""
        day = self.today()
        got = await self.store.fetchone("SELECT puzzle_id FROM puzzle_daily WHERE day = ?",
                                        (day,))
        if got is None:
            rows = await self.store.fetchall(
                "SELECT p.id FROM puzzles p WHERE " + self._OPEN + " ORDER BY p.id", (day,))
            if not rows:
                raise PuzzleError(NO_DAILY)
            used = {r["puzzle_id"] for r in await self.store.fetchall(
                "SELECT puzzle_id FROM puzzle_daily")}
            rows = [r for r in rows if r["id"] not in used] or rows   # a new one if any
            chosen = rows[daily_seed("puzzle", day) % len(rows)]["id"]
            await self.store.write((
                "INSERT INTO puzzle_daily (day, puzzle_id) VALUES (?, ?) "
                "ON CONFLICT DO NOTHING", (day, chosen)))
            got = await self.store.fetchone(
                "SELECT puzzle_id FROM puzzle_daily WHERE day = ?", (day,))
            assert got is not None   # written just now, by us or by another process
        row = await self._puzzle(got["puzzle_id"])
        if row["reported"]:
            raise PuzzleError(WITHDRAWN)
        async with self._lock(user_id):
            await self._issue(user_id, row["id"], day)
        return self._shown(row, day)

    async def issued(self, user_id: int, puzzle_id: int) -> Shown:
        """A puzzle issued to ``user_id`` as it was shown (a button of an old message, after
        a restart: its moves by number); PuzzleError if it never was."""
        row = await self.store.fetchone(
            "SELECT p.*, i.daily AS issued_day FROM puzzle_issues i JOIN puzzles p "
            "ON p.id = i.puzzle_id WHERE i.user_id = ? AND i.puzzle_id = ?",
            (user_id, puzzle_id))
        if row is None:
            raise PuzzleError(NOT_ISSUED)
        return self._shown(row, row["issued_day"])

    async def _issue(self, user_id: int, puzzle_id: int, day: int | None) -> None:
        await self.store.write(
            ("INSERT INTO puzzle_players (user_id, mu, sigma, solved, tried, streak, "
             "best_streak) VALUES (?, ?, ?, 0, 0, 0, 0) ON CONFLICT DO NOTHING",
             (user_id, DEFAULT_MU, DEFAULT_SIGMA)),
            ("INSERT INTO puzzle_issues (user_id, puzzle_id, issued, daily) "
             "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
             (user_id, puzzle_id, self.clock.now(), day)),
            *([("UPDATE puzzle_issues SET daily = ? WHERE user_id = ? AND puzzle_id = ? "
                "AND answered IS NULL", (day, user_id, puzzle_id))] if day is not None else []))

    def _shown(self, row: Row, day: int | None) -> Shown:
        game = plugins.engine(row["game"])
        state = game.state_from_json(row["state"])
        seat = row["seat"]
        return Shown(row["id"], row["game"], json.loads(row["options"]), state, seat,
                     anonymous_names(row["players"], seat),
                     tuple(str(a) for a in state.legal_actions(seat)), _rating(row),
                     None if day is None else day_date(day).isoformat())

    async def _puzzle(self, puzzle_id: int) -> Row:
        row = await self.store.fetchone("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        if row is None:
            raise PuzzleError(NOT_ISSUED)
        return row

    async def _player_rating(self, user_id: int) -> tuple[float, float]:
        row = await self.store.fetchone(
            "SELECT mu, sigma FROM puzzle_players WHERE user_id = ?", (user_id,))
        return (DEFAULT_MU, DEFAULT_SIGMA) if row is None else (row["mu"], row["sigma"])

    # --- answers ----------------------------------------------------------------------------

    async def answer(self, user_id: int, puzzle_id: int, action: str) -> Answered:
        """Answer a puzzle issued to ``user_id``: counted once (a second answer gives the
        first one's result, ``counted`` False).  PuzzleError for a puzzle never issued to
        them, a withdrawn one, a move that is none of its candidates: nothing changed."""
        async with self._lock(user_id):
            issue = await self.store.fetchone(
                "SELECT * FROM puzzle_issues WHERE user_id = ? AND puzzle_id = ?",
                (user_id, puzzle_id))
            if issue is None:
                raise PuzzleError(NOT_ISSUED)
            puzzle = await self._puzzle(puzzle_id)
            if issue["answered"] is not None:
                return _answered(puzzle, issue, counted=False)
            if puzzle["reported"]:
                raise PuzzleError(WITHDRAWN)
            if await self.store.fetchone("SELECT 1 FROM puzzles p WHERE p.id = ? AND "
                                         + self._OPEN, (puzzle_id, self.today())) is None:
                raise PuzzleError(IN_PLAY)    # its deal is being played again meanwhile
            played = _candidate(puzzle, action)
            try:
                async with self.store.transaction() as conn:
                    done = await self._count(conn, user_id, puzzle_id, played)
            except TableError:
                raise
            except Exception as e:
                raise PuzzleError(NOT_SAVED) from e
            return done

    async def _count(self, conn: Conn, user_id: int, puzzle_id: int, played: str) -> Answered:
        """The answer's effects in one transaction (the rows locked first: a second
        answer, in this process or another, finds the issue answered)."""
        issue = await conn.fetchone(
            "SELECT * FROM puzzle_issues WHERE user_id = ? AND puzzle_id = ? FOR UPDATE",
            (user_id, puzzle_id))
        puzzle = await conn.fetchone("SELECT * FROM puzzles WHERE id = ? FOR UPDATE",
                                     (puzzle_id,))
        assert issue is not None and puzzle is not None   # read under the lock just now
        if issue["answered"] is not None:
            return _answered(puzzle, issue, counted=False)
        player = await conn.fetchone(
            "SELECT * FROM puzzle_players WHERE user_id = ? FOR UPDATE", (user_id,))
        assert player is not None   # made with the issue
        correct = played == puzzle["answer"]
        me = MODEL.rating(mu=player["mu"], sigma=player["sigma"])
        it = MODEL.rating(mu=puzzle["mu"], sigma=puzzle["sigma"])
        new_me, new_it = MODEL.rate([[me], [it]], ranks=[1, 2] if correct else [2, 1])
        before = display_rating(ordinal(player["mu"], player["sigma"]))
        after = display_rating(ordinal(new_me[0].mu, new_me[0].sigma))
        streak, streak_day, best = player["streak"], player["streak_day"], player["best_streak"]
        shown_streak = 0
        if issue["daily"] is not None:
            day = issue["daily"]
            if correct:
                # Consecutive days: yesterday's daily solved carries the streak on.
                streak = streak + 1 if streak_day == day - 1 else 1
                streak_day, best = day, max(best, streak)
                shown_streak = streak
            else:
                streak, streak_day = 0, None
        cost = 0.0 if correct else _cost_of(puzzle, played)
        await conn.execute(
            "UPDATE puzzle_issues SET answered = ?, played = ?, correct = ?, cost = ?, "
            "rating_before = ?, rating_after = ?, streak = ? "
            "WHERE user_id = ? AND puzzle_id = ? AND answered IS NULL",
            (self.clock.now(), played, int(correct), cost, before, after, shown_streak,
             user_id, puzzle_id))
        await conn.execute(
            "UPDATE puzzle_players SET mu = ?, sigma = ?, solved = solved + ?, "
            "tried = tried + 1, streak = ?, streak_day = ?, best_streak = ? WHERE user_id = ?",
            (float(new_me[0].mu), float(new_me[0].sigma), int(correct), streak, streak_day,
             best, user_id))
        await conn.execute("UPDATE puzzles SET mu = ?, sigma = ? WHERE id = ?",
                           (float(new_it[0].mu), float(new_it[0].sigma), puzzle_id))
        return Answered(puzzle_id, correct, played, puzzle["answer"], cost,
                        _reasons(puzzle), before, after, shown_streak, True)

    async def report(self, user_id: int, puzzle_id: int) -> None:
        """``user_id`` reports a puzzle they were given as wrong: it leaves the pool (for
        everyone; an answer given stays counted)."""
        issue = await self.store.fetchone(
            "SELECT 1 FROM puzzle_issues WHERE user_id = ? AND puzzle_id = ?",
            (user_id, puzzle_id))
        if issue is None:
            raise PuzzleError(NOT_ISSUED)
        await self.store.write(
            ("INSERT INTO puzzle_reports (puzzle_id, user_id, at) VALUES (?, ?, ?) "
             "ON CONFLICT DO NOTHING", (puzzle_id, user_id, self.clock.now())),
            ("UPDATE puzzles SET reported = 1 WHERE id = ?", (puzzle_id,)))

    async def standing(self, user_id: int) -> Standing:
        """The player's puzzle rating, puzzles solved and tried, and daily streaks (a
        streak whose last solved day is before yesterday is broken: 0)."""
        row = await self.store.fetchone("SELECT * FROM puzzle_players WHERE user_id = ?",
                                        (user_id,))
        if row is None:
            return Standing(display_rating(ordinal(DEFAULT_MU, DEFAULT_SIGMA)), 0, 0, 0, 0)
        live = row["streak_day"] is not None and row["streak_day"] >= self.today() - 1
        return Standing(display_rating(ordinal(row["mu"], row["sigma"])), row["solved"],
                        row["tried"], row["streak"] if live else 0, row["best_streak"])

    def _lock(self, user_id: int) -> asyncio.Lock:
        # One user's requests one at a time in this process (two clicks at once); the
        # database's row locks cover other processes.
        lock = self._locks.get(user_id)
        if lock is None:
            lock = self._locks[user_id] = asyncio.Lock()
        return lock


# Places around the table from the solver's seat (the next to play is on the left), by
# the number of players.
PLACES: dict[int, tuple[str, ...]] = {
    2: (N_("Opponent"),),
    3: (N_("Left"), N_("Right")),
    4: (N_("Left"), N_("Opposite"), N_("Right")),
    5: (N_("Left"), N_("Second left"), N_("Second right"), N_("Right")),
    6: (N_("Left"), N_("Second left"), N_("Opposite"), N_("Second right"), N_("Right")),
}


def anonymous_names(n: int, seat: int) -> tuple[str, ...]:
    """Each seat's name as a puzzle shows it (English; present/puzzle.py translates): the
    solver "You", the others by their place from the solver's seat, never a real name."""
    places = PLACES[n]
    return tuple(N_("You") if s == seat else places[(s - seat) % n - 1] for s in range(n))


def _user_of(key: str) -> int | None:
    parts = key.split(":")
    return int(parts[3]) if parts[0] == "daily" else None


def _rating(row: Row) -> int:
    return display_rating(ordinal(row["mu"], row["sigma"]))


def _reasons(puzzle: Row) -> tuple[Reason, ...]:
    return tuple(Reason(k, c, o) for k, c, o in json.loads(puzzle["reasons"]))


def _cost_of(puzzle: Row, played: str) -> float:
    return next((float(c["cost"]) for c in json.loads(puzzle["candidates"])
                 if c["action"] == played), 0.0)


def _candidate(puzzle: Row, action: str) -> str:
    """``action`` as one of the puzzle's candidates (its canonical text); PuzzleError for
    anything else."""
    game = plugins.engine(puzzle["game"])
    state = game.state_from_json(puzzle["state"])
    legal = {str(a) for a in state.legal_actions(puzzle["seat"])}
    try:
        text = str(game.parse_action(action, state.options))
    except Exception:
        text = ""
    if text not in legal:
        raise PuzzleError(Msg(NOT_A_MOVE, move=str(action)[:60]))
    return text


def _answered(puzzle: Row, issue: Row, *, counted: bool) -> Answered:
    """A stored answer's result."""
    return Answered(puzzle["id"], bool(issue["correct"]), issue["played"], puzzle["answer"],
                    float(issue["cost"] or 0.0), _reasons(puzzle), issue["rating_before"],
                    issue["rating_after"], issue["streak"] or 0, counted)
