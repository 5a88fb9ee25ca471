"""Time for the core: wall-clock timestamps and a scheduler, swappable for tests.

Deadlines are absolute (seconds since the epoch) so they survive a restart; the
scheduler only has to call back at a timestamp.  ``ManualClock`` never sleeps:
tests move time forward with ``await clock.advance(seconds)``.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Protocol


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], object]) -> Handle: ...


class SystemClock:
    """The real thing: ``time.time()`` and the running loop's timers."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], object]) -> Handle:
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, when - time.time()), callback)


class _ManualHandle:
    def __init__(self, when: float, callback: Callable[[], object]) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that moves only when told; due callbacks run like ``call_soon``.

    ``advance`` fires timers in time order and, after each, awaits the idle hooks
    (``Core`` registers its ``settle``), so a chain of timer -> move -> new timer
    plays out exactly as it would in real time.
    """

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._heap: list[tuple[float, int, _ManualHandle]] = []
        self._seq = itertools.count()
        self._idle: list[Callable[[], Awaitable[None]]] = []

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], object]) -> Handle:
        handle = _ManualHandle(when, callback)
        if when <= self._now:
            # Already due (e.g. an overdue deadline after a restart): fire promptly.
            asyncio.get_running_loop().call_soon(self._fire, handle)
        else:
            heapq.heappush(self._heap, (when, next(self._seq), handle))
        return handle

    def add_idle_hook(self, hook: Callable[[], Awaitable[None]]) -> None:
        self._idle.append(hook)

    def pending(self) -> list[float]:
        """Timestamps of the timers still waiting (cancelled ones left out)."""
        return sorted(w for w, _, h in self._heap if not h.cancelled)

    async def advance(self, seconds: float) -> None:
        target = self._now + seconds
        await self._settle()
        while self._heap and self._heap[0][0] <= target:
            when, _, handle = heapq.heappop(self._heap)
            self._now = max(self._now, when)
            self._fire(handle)
            await self._settle()
        self._now = max(self._now, target)
        await self._settle()

    @staticmethod
    def _fire(handle: _ManualHandle) -> None:
        if not handle.cancelled:
            handle.cancelled = True
            handle.callback()

    async def _settle(self) -> None:
        await asyncio.sleep(0)
        for hook in self._idle:
            await hook()
