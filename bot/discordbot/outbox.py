"""Pacing of everything the bot sends on its own (board edits, panel refreshes, DMs, notes).

Two mechanisms, so a burst of moves never turns into a burst of requests:

* ``Pacer``: a token bucket shared by every bot-initiated request, well below
  Discord's 50 requests/second global limit.
* ``Coalescer``: one slot per key (a table's board, a user's panel...). A new
  job replaces the waiting one, and a key runs at most once per ``interval``.
  A board that changes 30 times in a second is therefore edited once or twice,
  with the latest state, and a slow request (a 429 being retried inside
  discord.py) only delays the next edit: jobs never pile up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

log = logging.getLogger("parlour.discord")

Job = Callable[[], Awaitable[None]]


class Pacer:
    """A token bucket: ``rate`` requests per second, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = max(rate, 0.1)
        self.burst = max(burst, 1)
        self._tokens = float(self.burst)
        self._stamp = time.monotonic()
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        async with self._lock:  # first come, first served
            while True:
                now = time.monotonic()
                self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
                self._stamp = now
                if self._tokens >= 1:
                    self._tokens -= 1
                    return
                await asyncio.sleep((1 - self._tokens) / self.rate)


@dataclass
class _Slot:
    job: Job | None = None
    task: asyncio.Task | None = None
    last: float = field(default=-1e9)


class Coalescer:
    def __init__(self, pacer: Pacer, interval: float) -> None:
        self.pacer = pacer
        self.interval = interval
        self._slots: dict[Hashable, _Slot] = {}
        self._closed = False

    def submit(self, key: Hashable, job: Job, *, interval: float | None = None) -> None:
        """Run ``job`` for ``key`` soon, replacing a job of that key still waiting."""
        if self._closed:
            return
        slot = self._slots.setdefault(key, _Slot())
        slot.job = job
        if slot.task is None or slot.task.done():
            gap = self.interval if interval is None else interval
            slot.task = asyncio.get_running_loop().create_task(self._run(key, slot, gap))

    def pending(self) -> int:
        return sum(1 for s in self._slots.values() if s.task is not None and not s.task.done())

    async def _run(self, key: Hashable, slot: _Slot, gap: float) -> None:
        while slot.job is not None:
            wait = slot.last + gap - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await self.pacer.acquire()
            job, slot.job = slot.job, None
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sending %r failed", key)
            slot.last = time.monotonic()
        # Forget the key once its interval has passed, so idle slots do not accumulate.
        asyncio.get_running_loop().call_later(gap, self._expire, key, slot)

    def _expire(self, key: Hashable, slot: _Slot) -> None:
        if self._slots.get(key) is slot and slot.job is None and \
                (slot.task is None or slot.task.done()):
            del self._slots[key]

    async def drain(self, timeout: float) -> None:
        """Wait (up to ``timeout`` s) until every waiting job has run."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            tasks = [s.task for s in self._slots.values() if s.task and not s.task.done()]
            if not tasks:
                return
            await asyncio.wait(tasks, timeout=max(0.0, deadline - time.monotonic()))

    async def close(self, timeout: float = 3.0) -> None:
        """Send what is waiting (bounded by ``timeout``), then cancel the rest."""
        await self.drain(timeout)
        self._closed = True
        tasks = [s.task for s in self._slots.values() if s.task and not s.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled on purpose while closing
                pass
        self._slots.clear()
