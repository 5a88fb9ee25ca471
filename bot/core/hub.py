"""Fan-out of updates to subscribers without ever blocking the move path.

``publish`` only does ``put_nowait`` into each subscriber's own queue.  A
callback subscriber gets a worker task that calls it for one update at a time,
in order; an exception in a callback is logged and the worker goes on.  A full
queue drops its oldest update (and logs a warning) rather than grow or wait.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .updates import Update

log = logging.getLogger("parlour.core")

Callback = Callable[[Update], Awaitable[Any] | Any]


class Subscription:
    """One subscriber's queue.  Without a callback, read it with ``get``/``drain``."""

    def __init__(self, hub: Hub, callback: Callback | None, channel_id: int | None,
                 maxsize: int) -> None:
        self._hub = hub
        self.callback = callback
        self.channel_id = channel_id
        self.queue: asyncio.Queue[Update] = asyncio.Queue(maxsize)
        self._worker: asyncio.Task | None = None
        self.unhandled = 0   # callback subscribers: offered but not yet handled
        self.dropped = 0

    def wants(self, update: Update) -> bool:
        return self.channel_id is None or update.channel_id == self.channel_id

    async def get(self) -> Update:
        """The next update (waits for one)."""
        return await self.queue.get()

    def drain(self) -> list[Update]:
        """Every update waiting now, oldest first (does not wait)."""
        out = []
        while not self.queue.empty():
            out.append(self.queue.get_nowait())
            self.queue.task_done()
        return out

    def close(self) -> None:
        """Stop receiving updates."""
        self._hub._remove(self)
        if self._worker is not None:
            self._worker.cancel()

    def _offer(self, update: Update) -> None:
        if self.queue.full():
            self.queue.get_nowait()
            self.queue.task_done()
            self.unhandled -= self.callback is not None
            self.dropped += 1
            if self.dropped == 1 or self.dropped % 1000 == 0:  # say it, but do not flood the log
                log.warning("subscriber too slow: dropped an update (%d so far)", self.dropped)
        self.queue.put_nowait(update)
        self.unhandled += self.callback is not None
        if self.callback is not None and self._worker is None:
            self._worker = asyncio.get_running_loop().create_task(self._run(self.callback))

    async def _run(self, callback: Callback) -> None:
        while True:
            update = await self.queue.get()
            try:
                result = callback(update)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("subscriber failed on %s", type(update).__name__)
            finally:
                self.unhandled -= 1
                self.queue.task_done()


class Hub:
    def __init__(self, maxsize: int = 1000) -> None:
        self._subs: list[Subscription] = []
        self._maxsize = maxsize

    def subscribe(self, callback: Callback | None = None, *, channel_id: int | None = None,
                  maxsize: int | None = None) -> Subscription:
        sub = Subscription(self, callback, channel_id,
                           self._maxsize if maxsize is None else maxsize)
        self._subs.append(sub)
        return sub

    def publish(self, update: Update) -> None:
        for sub in list(self._subs):
            if sub.wants(update):
                sub._offer(update)

    async def join(self) -> bool:
        """Wait until callback subscribers have handled everything; True if any had work."""
        busy = False
        for sub in list(self._subs):
            if sub.unhandled > 0 and sub._worker is not None and not sub._worker.done():
                busy = True
                await sub.queue.join()
        return busy

    def close(self) -> None:
        for sub in list(self._subs):
            sub.close()

    def _remove(self, sub: Subscription) -> None:
        if sub in self._subs:
            self._subs.remove(sub)
