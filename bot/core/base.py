"""The core's shared machinery: table lookup, permissions, commits, publishing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from .ai_runner import AIRunner, make_runner
from .clock import Clock, SystemClock
from .config import CoreConfig
from .errors import NO_TABLE, TableError
from .hub import Hub
from .names import fill_names
from .records import record_game
from .store import Store, insert_action, update_table
from .table import CANCELLED, FINISHED, LOBBY, PLAYING, Table
from .updates import (
    BoardChanged,
    GameOver,
    PrivateViewChanged,
    RatingChange,
    Update,
    YourTurn,
)

log = logging.getLogger("parlour.core")


class CoreBase:
    def __init__(self, config: CoreConfig | None = None, *, clock: Clock | None = None,
                 runner: AIRunner | None = None, store: Store | None = None) -> None:
        self.config = config or CoreConfig()
        self.clock: Clock = clock or SystemClock()
        self.runner = runner or make_runner(self.config.ai_executor, self.config.ai_workers)
        self.store = store or Store(self.config.db_path, self.config.db_synchronous)
        self.hub = Hub(self.config.subscriber_queue)
        self._tables: dict[int, Table] = {}
        self._tasks: set[asyncio.Task] = set()
        self._create_lock = asyncio.Lock()
        hook = getattr(self.clock, "add_idle_hook", None)
        if hook is not None:
            hook(self.settle)

    # --- background work ---------------------------------------------------------------

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("core task failed", exc_info=task.exception())

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
            if await self.hub.join():
                continue
            await asyncio.sleep(0)
            if not any(not t.done() for t in self._tasks):
                return

    # --- lookups and permissions ----------------------------------------------------------

    def _get(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise TableError(NO_TABLE)
        return table

    @staticmethod
    def _require_host(table: Table, user_id: int, moderator: bool) -> None:
        if not moderator and user_id != table.host_id:
            raise TableError(f"Only the host ({table.host_name}) or a moderator can do that.")

    @staticmethod
    def _require_status(table: Table, status: str) -> None:
        if table.status == status:
            return
        if table.status == LOBBY:
            raise TableError("The game has not started yet.")
        if table.status == PLAYING:
            raise TableError("The game has already started.")
        raise TableError("That game is over.")

    # --- commits ---------------------------------------------------------------------------

    async def _commit(self, table: Table, *, state_json: str | None = None,
                      action: tuple[int, int | None, str, str] | None = None,
                      ending: str | None = None) -> list[RatingChange]:
        """Write the table row (+ one action, + the finished game) in one transaction."""
        now = self.clock.now()
        changes: list[RatingChange] = []
        async with self.store.transaction() as conn:
            await update_table(conn, table.id, table.row_fields(now, state_json))
            if action is not None:
                seat, user_id, actor, text = action
                await insert_action(conn, table.id, table.move, seat, user_id, actor, text, now)
            if ending is not None:
                state = table.state
                result = state.result() if ending == "complete" else None
                changes = await record_game(
                    conn, table_id=table.id, game=table.game.name, options=table.options,
                    seed=table.seed, guild_id=table.guild_id, channel_id=table.channel_id,
                    seats=table.seats, result=result, reason=ending, moves=table.move,
                    started=table.started or table.created, finished=now)
        if state_json is not None:
            table.saved_json = state_json
        return changes

    async def _commit_or_undo(self, table: Table, snap: dict, **kw: Any) -> list[RatingChange]:
        try:
            return await self._commit(table, **kw)
        except Exception:
            log.exception("commit failed for table %s", table.id)
            table.restore(snap)
            raise TableError("Could not save that; the table is unchanged. Please try again.") \
                from None

    # --- publishing --------------------------------------------------------------------------

    def _publish(self, update: Update) -> None:
        self.hub.publish(update)

    def _fill(self, table: Table, text: str) -> str:
        return fill_names(text, table.names)

    def _publish_board(self, table: Table, events: list[dict], *, seat: int | None = None,
                       action: str | None = None, actor: str | None = None) -> None:
        """BoardChanged, then each playing human's PrivateViewChanged."""
        state = table.state
        view = state.view(None)
        recent = view["events"][-self.config.recent_events:] if self.config.recent_events else []
        self._publish(BoardChanged(
            table.id, table.channel_id, table.info(), view,
            tuple(self._fill(table, e["text"]) for e in events if e["to"] is None),
            tuple(self._fill(table, e["text"]) for e in recent), seat, action, actor))
        for i, s in enumerate(table.seats):
            if s.human_playing:
                self._publish(PrivateViewChanged(
                    table.id, table.channel_id, table.move, i, s.user_id, state.view(i),
                    tuple(self._fill(table, e["text"]) for e in events if e["to"] in (None, i))))

    def _publish_turn(self, table: Table) -> None:
        seat = table.current_seat
        if table.status != PLAYING or seat is None:
            return
        s = table.seats[seat]
        if s.human_playing:
            self._publish(YourTurn(table.id, table.channel_id, table.move, seat, s.user_id,
                                   s.name, table.deadline))

    def _conclude(self, table: Table, ending: str, changes: list[RatingChange]) -> None:
        """The table is finished and committed: tell everyone, forget it."""
        table.cancel_timers()
        self._tables.pop(table.channel_id, None)
        state = table.state
        self._publish(GameOver(
            table.id, table.channel_id, table.id, table.info(), ending,
            state.result() if ending == "complete" else None, state.view(None),
            tuple(i for i, s in enumerate(table.seats) if s.abandoned), tuple(changes)))

    def _close(self, table: Table) -> None:
        table.cancel_timers()
        self._tables.pop(table.channel_id, None)


__all__ = ["CANCELLED", "FINISHED", "LOBBY", "PLAYING", "CoreBase"]
