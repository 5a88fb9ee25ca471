"""How far behind the event loop runs: the lateness of a short timer.

The outbox reads it to hold back its free jobs (panel refreshes, pings riding on
interactions) while the loop is behind, so that what a person is waiting for - the
answer to a click or a command - is not queued behind their work.
"""

from __future__ import annotations

import asyncio
import contextlib

TICK = 0.01      # s between looks
FALL = 0.9       # how slowly a high reading decays (per look): one slow tick is not a trend


class LoopLag:
    def __init__(self, tick: float = TICK) -> None:
        self.tick = tick
        self.lag = 0.0     # s: rises at once with a late tick, falls back gradually
        self._task: asyncio.Task | None = None

    def __call__(self) -> float:
        return self.lag

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def note(self, late: float) -> None:
        """One tick came ``late`` seconds after it was due."""
        late = max(late, 0.0)
        self.lag = late if late > self.lag else self.lag * FALL + late * (1 - FALL)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.tick
            await asyncio.sleep(self.tick)
            self.note(loop.time() - due)
