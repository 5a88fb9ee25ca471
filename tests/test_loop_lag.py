"""The event loop's lag, as the outbox reads it to hold back its own sends."""

from __future__ import annotations

import asyncio
import time

from bot.discordbot.transport.loop_lag import FALL, LoopLag


def test_a_late_tick_counts_at_once_and_is_forgotten_gradually() -> None:
    lag = LoopLag()
    lag.note(0.2)
    assert lag() == 0.2
    lag.note(0.0)
    assert abs(lag() - 0.2 * FALL) < 1e-12
    for _ in range(100):
        lag.note(0.0)
    assert lag() < 0.001
    lag.note(-0.001)   # a timer a hair early is on time
    assert lag() >= 0.0


async def test_a_blocked_loop_shows_as_lag_and_stop_ends_the_watch() -> None:
    lag = LoopLag(tick=0.005)
    lag.start()
    await asyncio.sleep(0.05)
    time.sleep(0.15)            # something holds the loop
    await asyncio.sleep(0.02)
    assert lag() >= 0.1
    await lag.stop()
    assert lag._task is None
