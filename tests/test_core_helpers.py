"""Shared helpers for the table-core tests (imported by the other test_core_* files),
plus tests of the two pieces everything else leans on: ManualClock and the Hub."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.core import Core, CoreConfig, ManualClock, Subscription, TableInfo, Update
from bot.core.hub import Hub
from bot.core.updates import LobbyChanged
from tests.backends import db_for

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104
NAMES = {HOST: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


@dataclass
class Env:
    core: Core
    clock: ManualClock
    sub: Subscription
    path: Path

    def updates(self, kind: type | None = None) -> list[Update]:
        """Updates received since the last call (only ``kind`` if given)."""
        got = self.sub.drain()
        return [u for u in got if kind is None or isinstance(u, kind)]


def config(path: Path, **kw) -> CoreConfig:
    base = {"db_path": db_for(path), "ai_executor": "inline", "ai_delay": 0.0,
            "ai_time_budget": None}
    base.update(kw)
    return CoreConfig(**base)


@asynccontextmanager
async def running_core(tmp_path: Path, name: str = "parlour.db", clock: ManualClock | None = None,
                       **kw) -> AsyncIterator[Env]:
    path = tmp_path / name
    clock = clock or ManualClock()
    core = Core(config(path, **kw), clock=clock)
    sub = core.subscribe()
    await core.start()
    try:
        yield Env(core, clock, sub, path)
    finally:
        await core.stop()


async def make_table(core: Core, game: str, humans: Sequence[int] = (HOST,),
                     ais: Sequence[str] = (), *, channel: int = 1, options: dict | None = None,
                     turn_seconds: int = 0, guild: int | None = None, seed: int = 7,
                     start: bool = True) -> TableInfo:
    """A table with ``humans`` (first is host) then ``ais``, in that seat order."""
    host = humans[0] if humans else HOST
    info = await core.create_table(channel, host, NAMES.get(host, f"U{host}"), game, options,
                                   guild_id=guild, turn_seconds=turn_seconds, keep_order=True,
                                   seat_host=bool(humans), seed=seed)
    for uid in humans[1:]:
        info = await core.join(channel, uid, NAMES.get(uid, f"U{uid}"))
    for level in ais:
        info = await core.add_ai(channel, host, level)
    if start:
        info = await core.start_game(channel, host)
        await core.settle()
        info = core.table(channel) or info
    return info


async def play_first_legal(core: Core, channel: int, max_moves: int = 20000) -> int:
    """Humans play their first legal move until the table is gone; return moves made."""
    made = 0
    while (info := core.table(channel)) is not None:
        seat = info.current_seat
        user = info.seats[seat].user_id
        assert user is not None and info.seats[seat].ai_level is None, "stuck on an AI turn"
        legal = core.legal_actions(channel, user)
        await core.act(channel, user, legal[0], expect_move=info.move)
        await core.settle()
        made += 1
        assert made < max_moves
    return made


# --------------------------------------------------------------------------- tests


async def test_manual_clock_fires_in_order_and_only_when_due() -> None:
    clock = ManualClock(start=1000.0)
    fired: list[tuple[str, float]] = []
    clock.call_at(1030.0, lambda: fired.append(("b", clock.now())))
    clock.call_at(1010.0, lambda: fired.append(("a", clock.now())))
    cancelled = clock.call_at(1020.0, lambda: fired.append(("x", clock.now())))
    cancelled.cancel()
    await clock.advance(9)
    assert fired == []
    await clock.advance(100)
    assert fired == [("a", 1010.0), ("b", 1030.0)]
    assert clock.now() == 1109.0
    clock.call_at(500.0, lambda: fired.append(("late", clock.now())))  # overdue: runs soon
    await asyncio.sleep(0)
    assert fired[-1] == ("late", 1109.0)


async def test_hub_never_blocks_on_slow_or_failing_subscribers() -> None:
    hub = Hub(maxsize=3)
    gate = asyncio.Event()
    seen: list[int] = []

    async def slow(u: Update) -> None:
        await gate.wait()
        seen.append(u.table_id)

    def broken(u: Update) -> None:
        raise RuntimeError("renderer bug")

    hub.subscribe(slow)
    hub.subscribe(broken)
    queue = hub.subscribe()
    for i in range(5):  # returns at once although `slow` is stuck
        hub.publish(LobbyChanged(i, 1, None))
    assert [u.table_id for u in queue.drain()] == [2, 3, 4]  # oldest dropped past maxsize
    gate.set()
    await hub.join()
    assert seen == [2, 3, 4]  # in order; the failing subscriber stopped nothing
    hub.close()
