"""``TableRegistry``: the live tables of this process and the one path every change takes to
the database and out to subscribers (look up, check permissions, commit, publish).

The lobby (lobby.py) and the turns (turns.py) are services built on it; ``Core``
(core.py) puts the three together behind the public names.  TableRegistry owns the table
registry, the background tasks and the publishing; it knows nothing of what a move is.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from rules.messages import Msg
from rules.views import View

from .clock import Clock
from .config import CoreConfig
from .errors import NO_TABLE, NotSaved, StaleMove, TableError
from .hub import Hub
from .names import fill_names
from .records import record_game
from .shards import shard_of
from .store import Conn, Store
from .table import CANCELLED, FINISHED, LOBBY, PLAYING, Table
from .updates import (
    BoardChanged,
    Event,
    GameOver,
    LobbyChanged,
    RatingChange,
    TableClosed,
    TableInfo,
    Update,
    YourTurn,
)

log = logging.getLogger("parlour.core")

# PostgreSQL: every commit of a table announces "table id:move" here, so another
# process holding the same table reloads it (see Core._table_changed).
CHANNEL = "parlour_tables"


class Superseded(Exception):
    """The table row moved on in another process since this one last read it."""


def _no_arm(table: Table) -> None:
    raise RuntimeError("TableRegistry.arm is set by the turns service")


class TableRegistry:
    def __init__(self, config: CoreConfig, clock: Clock, store: Store, hub: Hub) -> None:
        self.config = config
        self.clock = clock
        self.store = store
        self.hub = hub
        self.live: dict[int, Table] = {}   # by channel id
        self.foreign: set[int] = set()     # channels of tables another process owns
        # Their updates, for a transport that shows a table whichever process owns it (the
        # web table); the Discord adapter hears only ``hub`` (the owner shows the board).
        self.foreign_hub = Hub(config.subscriber_queue)
        self.create_lock = asyncio.Lock()  # one table per channel, checked then inserted
        self._tasks: set[asyncio.Task] = set()
        # (Re)schedules a table's next step (an AI move or the turn timers): the turns
        # service installs its own, so a reload here re-arms without importing it.
        self.arm: Callable[[Table], None] = _no_arm
        # Told of every finished game this process announces (tournaments record results).
        self.after_game: list[Callable[[GameOver], Coroutine[Any, Any, Any]]] = []
        hook = getattr(clock, "add_idle_hook", None)
        if hook is not None:
            hook(self.settle)

    # --- background work ---------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("core task failed", exc_info=task.exception())

    async def stop(self) -> None:
        """Cancel every timer and background task and forget the tables."""
        for table in self.live.values():
            table.cancel_timers()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled or failed; we are stopping
                pass
        self.live.clear()
        self.foreign.clear()

    async def settle(self) -> None:
        """Wait until no core task runs and callback subscribers are idle.

        For tests and the terminal; a bot never needs it.  Timers that are not
        yet due are not waited for.
        """
        while True:
            await asyncio.sleep(0)
            pending = [t for t in self._tasks if not t.done()]
            if pending:
                await asyncio.wait(pending)
                continue
            if await self.hub.join() or await self.foreign_hub.join():
                continue
            await asyncio.sleep(0)
            if not any(not t.done() for t in self._tasks):
                return

    # --- ownership (several processes) ---------------------------------------------------

    def owns(self, guild_id: int | None) -> bool:
        """Does this process own tables in ``guild_id`` (its shard is one of ours)?"""
        shards = self.config.shards
        return shards is None or shard_of(guild_id, self.config.shard_count) in shards

    async def fetch_table(self, channel_id: int) -> TableInfo | None:
        """The table in ``channel_id``, loaded from the database if another process owns it.

        For an interaction that reached this process for a table it does not hold (a
        DM-channel component goes to shard 0): the move is then made here, checked and
        committed through the database, and the owner reloads the table (NOTIFY) and
        shows the board, panels and turn.  This process neither runs its timers nor
        publishes its updates.
        """
        table = self.live.get(channel_id)
        if table is None:
            row = await self.store.fetchone(
                "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')",
                (channel_id,))
            if row is None:
                return None
            table = Table.from_row(row)
            self.live.setdefault(channel_id, table)
            if not self.owns(table.guild_id):
                self.foreign.add(channel_id)
        return self.live[channel_id].info()

    # --- lookups and permissions ----------------------------------------------------------

    def get(self, channel_id: int) -> Table:
        table = self.live.get(channel_id)
        if table is None:
            raise TableError(NO_TABLE)
        return table

    def playing(self, channel_id: int) -> Table:
        table = self.get(channel_id)
        if table.status != PLAYING:
            raise TableError("The game has not started yet.")
        return table

    @staticmethod
    def seat_of(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        return seat

    @staticmethod
    def require_host(table: Table, user_id: int, moderator: bool) -> None:
        if not moderator and user_id != table.host_id:
            raise TableError(Msg("Only the host ({who}) or a moderator can do that.",
                                 who=table.host_name))

    @staticmethod
    def require_status(table: Table, status: str) -> None:
        if table.status == status:
            return
        if table.status == LOBBY:
            raise TableError("The game has not started yet.")
        if table.status == PLAYING:
            raise TableError("The game has already started.")
        raise TableError("That game is over.")

    # --- commits ---------------------------------------------------------------------------

    async def commit(self, table: Table, *, state_json: str | None = None,
                      action: tuple[int, int | None, str, str] | None = None,
                      ending: str | None = None) -> list[RatingChange]:
        """Write the table row (+ one action, + the finished game) in one transaction."""
        now = self.clock.now()
        changes: list[RatingChange] = []

        async def record(conn: Conn) -> None:
            assert ending is not None
            result = table.live.result() if ending == "complete" else None
            changes.extend(await record_game(
                conn, table_id=table.id, game=table.game.name, options=table.options,
                seed=table.seed, guild_id=table.guild_id, channel_id=table.channel_id,
                seats=table.seats, result=result, reason=ending, moves=table.move,
                started=table.started or table.created, finished=now))

        # The row's move is its version: nobody else may have moved first (another
        # process, e.g. a click delivered to two shards): no double moves.
        if not await self.store.write_move(
                table.id, table.move - (action is not None), table.row_fields(now, state_json),
                action=None if action is None else (table.move, *action, now),
                notify=(CHANNEL, f"{table.id}:{table.move}")
                if self.store.dialect == "postgresql" else None,
                then=record if ending is not None else None):
            raise Superseded(table.id)
        if state_json is not None:
            table.saved_json = state_json
        return changes

    async def commit_or_undo(self, table: Table, snap: dict, **kw: Any) -> list[RatingChange]:
        try:
            return await self.commit(table, **kw)
        except Superseded:
            log.info("table %s moved on in another process; reloading it", table.id)
            table.restore(snap)
            await self.reload(table)
            raise StaleMove() from None
        except Exception:
            log.exception("commit failed for table %s", table.id)
            table.restore(snap)
            raise NotSaved() from None

    async def reload(self, table: Table) -> None:
        """Replace ``table`` (lock held) by its row as another process committed it."""
        row = await self.store.fetchone("SELECT * FROM tables WHERE id = ?", (table.id,))
        fresh = Table.from_row(row) if row is not None else None
        table.cancel_timers()
        if fresh is None or fresh.status not in (LOBBY, PLAYING):
            foreign = table.channel_id in self.foreign
            if foreign and fresh is not None and fresh.status == FINISHED:
                # The move that finished the game is told before its end, as on the owner.
                told = await self._foreign_move(table, fresh)
                if told is not None:
                    events, seat, action, actor = told
                    table.move = fresh.move
                    self.publish_board(table, events, seat=seat, action=action, actor=actor)
            self.forget(table)
            if fresh is not None and fresh.status == FINISHED and fresh.state is not None \
                    and (foreign or self.owns(fresh.guild_id)):
                game = await self.store.load_game(fresh.id)
                assert game is not None  # recorded with the finish
                changes = [RatingChange(**c) for c in json.loads(game["rating_changes"])]
                if foreign:   # told to this process's web clients; announced by the owner
                    self.foreign_hub.publish(self.game_over(fresh, game["reason"], changes))
                else:
                    self.conclude(fresh, game["reason"], changes)
            elif foreign:
                self.foreign_hub.publish(TableClosed(table.id, table.channel_id, table.info(),
                                                     "cancelled", None))
            return
        told = await self._foreign_move(table, fresh)
        for name, value in vars(fresh).items():
            if name not in ("lock", "handles"):
                setattr(table, name, value)
        if table.status == LOBBY:
            self.publish(LobbyChanged(table.id, table.channel_id, table.info()))
        elif told is not None:
            events, seat, action, actor = told
            self.publish_board(table, events, seat=seat, action=action, actor=actor)
        else:
            self.publish_board(table, [])
            self.publish_turn(table)
            self.arm(table)

    async def _foreign_move(self, table: Table, fresh: Table
                            ) -> tuple[list[dict], int, str, str] | None:
        """A foreign table one move behind its row: that move's events, seat, text and
        actor, got by making the logged move on this process's copy (the engine is
        deterministic), so the web clients here hear what was said, as on the owner.  None
        for anything else (the board then shows the new position without a move)."""
        if table.channel_id not in self.foreign or table.status != PLAYING \
                or fresh.status not in (PLAYING, FINISHED) or fresh.move != table.move + 1:
            return None
        row = await self.store.fetchone(
            "SELECT seat, actor, action FROM actions WHERE table_id = ? AND move = ?",
            (table.id, fresh.move))
        if row is None:
            return None
        try:
            state = table.live   # replaced by the row's state just after
            events = state.apply(row["seat"], table.game.parse_action(row["action"],
                                                                      state.options))
        except Exception:
            log.debug("table %s: the logged move does not replay here", table.id,
                      exc_info=True)
            return None
        return list(events), row["seat"], row["action"], row["actor"]

    # --- publishing --------------------------------------------------------------------------

    def publish(self, update: Update) -> None:
        if update.channel_id in self.foreign:
            # The owning process shows it on Discord, after reloading the table.
            self.foreign_hub.publish(update)
            return
        self.hub.publish(update)

    def fill(self, table: Table, text: str) -> str:
        return fill_names(text, table.names)

    def publish_board(self, table: Table, events: Sequence[dict], *, seat: int | None = None,
                       action: str | None = None, actor: str | None = None) -> None:
        """BoardChanged: the table moved, and what happened.  No view is computed here,
        except on the change that deals a new deal: then the private views of the seats
        a human plays ride along (``hands``, the hands as dealt), so a hand DM sent later
        shows that deal as it was dealt, however fast the table moved on."""
        state = table.live
        deal = int(state.deal_no or 0) if state.deal_field else 0
        hands: tuple[tuple[int, View], ...] = ()
        if deal != table.dealt:
            table.dealt = deal
            hands = tuple((i, state.view(i)) for i, s in enumerate(table.seats)
                          if s.human_playing)
        self.publish(BoardChanged(
            table.id, table.channel_id, table.info(),
            tuple(Event(self.fill(table, e["text"]), e["to"]) for e in events),
            deal, seat, action, actor, hands))

    def recent(self, table: Table, view: View) -> tuple[str, ...]:
        """The last ``config.recent_events`` public events of ``view``, names filled."""
        n = self.config.recent_events
        public = [e for e in view["events"] if not e.get("private")] if n else []
        return tuple(self.fill(table, e["text"]) for e in public[-n:]) if n else ()

    def publish_turn(self, table: Table) -> None:
        seat = table.current_seat
        if table.status != PLAYING or seat is None:
            return
        s = table.seats[seat]
        if s.human_playing:
            self.publish(YourTurn(table.id, table.channel_id, table.move, seat, s.person,
                                   s.name, table.deadline))

    def conclude(self, table: Table, ending: str, changes: list[RatingChange]) -> None:
        """The table is finished and committed: tell everyone, forget it."""
        table.cancel_timers()
        over = self.game_over(table, ending, changes)
        self.publish(over)
        self.forget(table)
        for hook in self.after_game:
            self.spawn(hook(over))

    def game_over(self, table: Table, ending: str, changes: list[RatingChange]) -> GameOver:
        state = table.live
        final = state.view(None)   # the one view the core computes: the table goes now
        return GameOver(
            table.id, table.channel_id, table.id, table.info(), ending,
            state.result() if ending == "complete" else None, final,
            tuple(i for i, s in enumerate(table.seats) if s.abandoned), tuple(changes),
            self.recent(table, final))

    def forget(self, table: Table) -> None:
        table.cancel_timers()
        if self.live.get(table.channel_id) is table:
            del self.live[table.channel_id]
        self.foreign.discard(table.channel_id)


__all__ = ["CANCELLED", "FINISHED", "LOBBY", "PLAYING", "TableRegistry"]
