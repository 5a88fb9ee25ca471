"""Keeping the garbage collector's full passes short in a bot with thousands of tables.

CPython's full collection walks every object the collector tracks. At 2,000 tables
under load a full pass took 130-215 ms and came every 1-5 s: a pause that every
interaction in flight waited through, and a tenth of the CPU.

Objects that survive a full pass are long-lived (tables, their seats and states,
board ids...).  Right after each full pass they are moved out of the collector's
sight (``gc.freeze()``, which costs nothing), so the next pass walks only what is
newer.  Frozen objects are still freed by their reference counts; only garbage
*cycles* among them wait (discord.py's interactions and views are cycles).  So every
``release_every`` seconds everything is unfrozen, collected once and frozen again:
one long pause (135-270 ms at 2,000 busy tables, longer as the tables' state grows)
instead of one every few seconds.

Every five minutes, not every minute.  What waits is now a few megabytes a minute
at 2,000 busy tables (the collected cycles' own objects: 3.5-5 MB a minute in a
200-second run), since uploads let go of their pictures when sent (``uploads.py``).
Before, those cycles also held ~2,000 PNGs a minute (~19 KB each, 0.6 MB/s; a run
that released every 15 minutes grew 0.5 MB/s).  The pause now comes a fifth as
often.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

RELEASE_EVERY = 300.0   # seconds


class LongLived:
    def __init__(self, release_every: float = RELEASE_EVERY) -> None:
        self.release_every = release_every
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._releasing = False

    def start(self) -> None:
        """After start-up: what is alive now lives as long as the bot."""
        self._loop = asyncio.get_running_loop()
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._after_pass)
        self._timer = self._loop.call_later(self.release_every, self.release)

    def release(self) -> None:
        """Collect the garbage cycles among frozen objects, then freeze again."""
        self._releasing = True
        try:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
        finally:
            self._releasing = False
        if self._loop is not None and not self._loop.is_closed():
            self._timer = self._loop.call_later(self.release_every, self.release)

    def stop(self) -> None:
        if self._after_pass in gc.callbacks:
            gc.callbacks.remove(self._after_pass)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _after_pass(self, phase: str, info: dict[str, Any]) -> None:
        # Any thread may trigger a collection; the freeze waits for the loop, outside the
        # collector's own callback.
        if phase == "stop" and info["generation"] == 2 and not self._releasing \
                and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(gc.freeze)
