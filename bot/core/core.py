"""``Core``: the table manager the Discord adapter, the terminal and the tests drive.

It is a facade over services with one owner each: ``TableRegistry`` (the live tables,
commits and publishing), ``Turns`` (moves, timers, AI seats), ``Lobby`` (opening a table
until its deal), ``Daily`` (the daily deal) and the store's read-side queries
(leaderboards, seasons, replays).  See docs/CORE.md for the full contract.  Lifecycle:
``await core.start()`` opens the database and resumes every active table (timers
included); ``await core.stop()`` cancels timers and closes the database.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from rules.base import State
from rules.views import View

from .ai_runner import AIRunner, WorkerRunner, make_runner
from .background import Background
from .clock import Clock, SystemClock
from .config import CoreConfig
from .daily import Daily
from .hints import Hints
from .hub import Callback, Hub, Subscription
from .leaderboard import (
    GameSummary,
    LeaderboardRow,
    UserGameStats,
    leaderboard,
    recent_games,
    season_leaderboard,
    seasons_played,
    user_stats,
)
from .lobby import Lobby
from .puzzles import Puzzles
from .records import GLOBAL, scope_key
from .registry import CHANNEL, TableRegistry
from .replay import Replay, load_replay
from .reviews import Reviews
from .seasons import Season, current_season, set_season_length
from .skills import SKILL_NICE, Skills
from .store import Store
from .table import LOBBY, Table
from .tournaments import Tournaments
from .turns import Turns
from .updates import BoardView, LobbyChanged, TableInfo

log = logging.getLogger("parlour.core")


class Core:
    """All tables of one bot (or terminal), keyed by channel id."""

    def __init__(self, config: CoreConfig | None = None, *, clock: Clock | None = None,
                 runner: AIRunner | None = None, store: Store | None = None) -> None:
        self.config = config or CoreConfig()
        self.clock: Clock = clock or SystemClock()
        self.runner = runner or make_runner(self.config.ai_executor, self.config.ai_workers)
        self.store = store or Store(self.config.db_path, self.config.db_synchronous)
        self.hub = Hub(self.config.subscriber_queue)
        self.registry = TableRegistry(self.config, self.clock, self.store, self.hub)
        # AI moves here and the Discord adapter's outbox jobs take turns with answers.
        self.background = Background()
        self.turns = Turns(self.registry, self.config, self.clock, self.runner,
                           self.background)
        self.lobby = Lobby(self.registry, self.turns, self.config, self.clock)
        self.daily = Daily(self.store, self.clock, self.runner,
                           ai_level=self.config.daily_ai_level,
                           par_level=self.config.daily_par_level)
        self.tournaments = Tournaments(self.registry, self.lobby, self.config, self.clock,
                                       self.store, self.hub)
        self.registry.after_game.append(self.tournaments.game_over)
        self.reviews = Reviews(self.store, self.runner, self.clock, self.registry.spawn)
        # Accuracy and luck: a bounded share of the machine - one worker process of its own
        # at a low CPU priority, so AI moves, hints, reviews and pictures keep theirs.
        self.skill_runner: AIRunner = self.runner
        if self.config.skill_budget > 0 and self.config.skill_executor == "process":
            self.skill_runner = WorkerRunner(nice=SKILL_NICE)
        self.skills = Skills(self.store, self.skill_runner, self.clock, self.hub,
                             self.background,
                             self.registry.owns, self.registry.spawn,
                             budget=self.config.skill_budget,
                             min_games=self.config.accuracy_min_games)
        self.registry.after_game.append(self.skills.game_over)
        # Puzzles: mined where accuracy and luck are, in that low-priority worker when it is
        # one (a worker of their own when the figures are off).
        self.puzzle_runner: AIRunner = self.skill_runner
        if self.config.puzzle_budget > 0 and self.config.skill_executor == "process" \
                and self.skill_runner is self.runner:
            self.puzzle_runner = WorkerRunner(nice=SKILL_NICE)
        self.puzzles = Puzzles(self.store, self.puzzle_runner, self.clock, self.background,
                               self.registry.owns, self.registry.spawn,
                               budget=self.config.puzzle_budget,
                               check_budget=self.config.puzzle_check_budget)
        self.registry.after_game.append(self.puzzles.game_over)
        self.daily.after_attempt.append(self.puzzles.daily_over)
        self.hints = Hints(self.registry, self.runner)
        # The public names, each served by the service that owns it.
        self.create_table = self.lobby.create_table
        self.join = self.lobby.join
        self.leave = self.lobby.leave
        self.kick = self.lobby.kick
        self.add_ai = self.lobby.add_ai
        self.remove_ai = self.lobby.remove_ai
        self.configure = self.lobby.configure
        self.start_game = self.lobby.start_game
        self.cancel = self.lobby.cancel
        self.act = self.turns.act
        self.ask_count = self.turns.ask_count
        self.owns = self.registry.owns
        self.fetch_table = self.registry.fetch_table
        self.settle = self.registry.settle

    # --- lifecycle --------------------------------------------------------------------------

    async def start(self, *, channels: Iterable[int] | None = None) -> list[TableInfo]:
        """Open the store (migrating it) and resume every active table; return them.

        ``channels``: resume only the tables of these channels (the terminal uses it so
        it never drives a bot's tables in a shared database).  Subscribe first to
        receive a LobbyChanged/BoardChanged for each resumed table.
        """
        await self.store.open()
        if self.store.dialect == "postgresql":
            # Listen before reading the tables: a commit another process makes from here
            # on is heard, and one made before is in what we read next.
            await self.store.listen(CHANNEL, self._table_changed, on_relisten=self._catch_up)
        only = None if channels is None else set(channels)
        resumed = []
        for row in await self.store.load_active_tables():
            if only is not None and row["channel_id"] not in only:
                continue
            if only is None and row["channel_id"] <= 0:
                continue  # a terminal's game in a shared database (bot/cli/saved.py)
            if not self.owns(row["guild_id"]):
                continue  # another process runs that shard
            try:
                table = Table.from_row(row)
            except Exception:
                log.exception("cannot resume table %s (%s); leaving it", row["id"], row["game"])
                continue
            self.registry.live[table.channel_id] = table
            resumed.append(table)
        registry = self.registry
        # A commit whose NOTIFY came before its table was loaded here: read it now, so the
        # first board a restarted process shows is the latest position, never an older one.
        behind = await self._behind(resumed) if self.store.dialect == "postgresql" else set()
        for table in resumed:
            if table.id in behind:
                async with table.lock:
                    await registry.reload(table)  # publishes the board and the turn
                continue
            if table.status == LOBBY:
                registry.publish(LobbyChanged(table.id, table.channel_id, table.info()))
                continue
            registry.publish_board(table, [])
            registry.publish_turn(table)
            registry.arm(table)  # an overdue deadline fires at once
        await self.tournaments.resume()
        if only is None:   # the bot, not a terminal sharing its database
            await self.reviews.resume()
            if await self.skills.resume():
                log.info("accuracy and luck of finished games taken up again")
            if await self.puzzles.resume():
                log.info("puzzles of finished games being mined again")
        return [t.info() for t in resumed if registry.live.get(t.channel_id) is t]

    async def _behind(self, tables: Iterable[Table]) -> set[int]:
        """Ids of ``tables`` whose row moved on (or ended) since this process read it."""
        held = {t.id: t.move for t in tables}
        if not held:
            return set()
        rows = await self.store.fetchall(
            "SELECT id, move FROM tables WHERE status IN ('lobby', 'playing')")
        now = {r["id"]: r["move"] for r in rows}
        return {i for i, move in held.items() if i not in now or now[i] > move}

    async def _catch_up(self) -> None:
        """After the listening connection came back: reload every table here that another
        process moved while nobody listened (the NOTIFYs of that time are lost)."""
        for table_id in await self._behind(list(self.registry.live.values())):
            table = next((t for t in self.registry.live.values() if t.id == table_id), None)
            if table is not None:
                self._reload_if_behind(table, None)

    async def ping(self) -> bool:
        """Whether the database answers (the bot's heartbeat)."""
        try:
            await self.store.fetchone("SELECT 1")
        except Exception:
            log.warning("the database does not answer", exc_info=True)
            return False
        return True

    def _table_changed(self, payload: str) -> None:
        """Another process committed ``"table id:move"``: reload our copy if it is behind."""
        table_id, move = (int(x) for x in payload.split(":"))
        table = next((t for t in self.registry.live.values() if t.id == table_id), None)
        if table is None or table.move >= move:
            return
        self._reload_if_behind(table, move)

    def _reload_if_behind(self, table: Table, move: int | None) -> None:
        """Reload ``table`` from its row unless it reached ``move`` meanwhile (None: always)."""
        async def reload() -> None:
            async with table.lock:
                if (move is None or table.move < move) \
                        and self.registry.live.get(table.channel_id) is table:
                    await self.registry.reload(table)
        self.registry.spawn(reload())

    async def stop(self) -> None:
        """Cancel timers and background work, close the pool and the database."""
        await self.skills.stop()
        await self.puzzles.stop()
        await self.registry.stop()
        self.hub.close()
        self.registry.foreign_hub.close()
        self.runner.close()
        if self.skill_runner is not self.runner:
            self.skill_runner.close()
        if self.puzzle_runner not in (self.runner, self.skill_runner):
            self.puzzle_runner.close()
        await self.store.close()

    def subscribe(self, callback: Callback | None = None, *, channel_id: int | None = None,
                  maxsize: int | None = None) -> Subscription:
        """Receive updates (all channels, or one).  See hub.Subscription."""
        return self.hub.subscribe(callback, channel_id=channel_id, maxsize=maxsize)

    def subscribe_foreign(self, callback: Callback) -> Subscription:
        """Receive the updates of tables another process owns that this one loaded (a move
        made here, a reload after another process's commit, their end): for a transport
        that shows any table from any process (the web table; docs/SCALING.md)."""
        return self.registry.foreign_hub.subscribe(callback)

    # --- reading tables ---------------------------------------------------------------------

    def table(self, channel_id: int) -> TableInfo | None:
        table = self.registry.live.get(channel_id)
        return table.info() if table else None

    def tables(self) -> list[TableInfo]:
        return [t.info() for t in self.registry.live.values()]

    def board(self, channel_id: int) -> BoardView:
        """The current public board: the view and the recent public events."""
        table = self.registry.playing(channel_id)
        view = table.live.view(None)
        return BoardView(table.id, table.channel_id, table.info(), view,
                         self.registry.recent(table, view))

    def public_view(self, channel_id: int) -> View:
        return self.registry.playing(channel_id).live.view(None)

    def private_view(self, channel_id: int, user_id: int) -> View:
        table = self.registry.playing(channel_id)
        return table.live.view(self.registry.seat_of(table, user_id))

    def legal_actions(self, channel_id: int, user_id: int) -> list[str]:
        """The user's legal moves now (canonical texts); empty when it is not their turn."""
        table = self.registry.playing(channel_id)
        seat = self.registry.seat_of(table, user_id)
        if not table.seats[seat].human_playing:
            return []
        return [str(a) for a in table.live.legal_actions(seat)]

    def position(self, channel_id: int, user_id: int) -> tuple[State, int, bool]:
        """``user_id``'s seat at the game here: the live state (render it, do not change
        it), the seat, and whether its human makes its moves now (not the AI)."""
        table = self.registry.playing(channel_id)
        seat = self.registry.seat_of(table, user_id)
        return table.live, seat, table.seats[seat].human_playing

    def action_forms(self, channel_id: int, user_id: int) -> list[dict]:
        table = self.registry.playing(channel_id)
        seat = self.registry.seat_of(table, user_id)
        if not table.seats[seat].human_playing or table.current_seat != seat:
            return []
        return table.live.action_forms(seat)

    def fill_names(self, channel_id: int, text: str) -> str:
        """``text`` with ``{pN}`` replaced by the seat names of the table here."""
        return self.registry.fill(self.registry.get(channel_id), text)

    # --- stats ----------------------------------------------------------------------------------

    async def leaderboard(self, game: str, scope: int | str | None = GLOBAL,
                          limit: int = 10, *, season: str | None = None
                          ) -> list[LeaderboardRow]:
        """All-time (``season`` None), the current season ("current") or an earlier one
        (its key, the first day: "2026-11-01")."""
        if season is None:
            return await leaderboard(self.store, game, scope, limit)
        if season == "current":
            season = (await self.current_season(scope)).key
        return await season_leaderboard(self.store, game, scope, season, limit)

    async def current_season(self, scope: int | str | None = GLOBAL) -> Season:
        """The running season of ``scope`` ("global" or a guild id)."""
        return await current_season(self.store, scope_key(scope), self.clock.now())

    async def seasons(self, game: str, scope: int | str | None = GLOBAL) -> list[Season]:
        """Seasons with rated games of ``game`` in ``scope``, newest first."""
        return await seasons_played(self.store, game, scope)

    async def set_season_length(self, guild_id: int, days: int | None) -> Season:
        """A server's season length in days (None or 0: calendar months, the default).
        A new season starts today; the running one is kept as it stands."""
        return await set_season_length(self.store, guild_id, days, self.clock.now())

    async def user_stats(self, user_id: int, scope: int | str | None = GLOBAL
                         ) -> list[UserGameStats]:
        return await user_stats(self.store, user_id, scope)

    async def recent_games(self, *, channel_id: int | None = None, guild_id: int | None = None,
                           limit: int = 10) -> list[GameSummary]:
        return await recent_games(self.store, channel_id=channel_id, guild_id=guild_id,
                                  limit=limit)

    async def replay(self, game_id: int) -> Replay:
        return await load_replay(self.store, game_id)
