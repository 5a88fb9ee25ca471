"""One load run: the fake Discord here, the bot in its own process, N tables, a fixed rate."""

from __future__ import annotations

import asyncio
import heapq
import time
from collections import deque
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord

from .botproc import BotProcess, pin_driver, unpin_driver
from .stats import Latencies
from .users import Seat, Users, build_world


@dataclass
class LoadConfig:
    tables: int = 100
    rate: float = 100.0            # move attempts per second, all tables together
    seconds: float = 30.0          # the measured window
    games: tuple[str, ...] = ("coins",)
    ui: str = "mixed"              # "play" (/play + autocomplete), "panel" (/hand), "mixed"
    target: int = 10               # the lowest Coins/Thirteens target: games finish
    turn_seconds: int = 0          # 0: no turn timer (users never time out)
    pictures: bool = True          # the table option: a picture on each board
    ai_executor: str = "inline"
    ai_delay: float = 0.0
    setup_rate: float = 100.0      # tables opened per second
    setup_concurrency: int = 16
    per_guild: int = 100
    pin: bool = True
    seed: int = 1
    reopen: bool = True            # open a new game when one ends (False: the crash test)
    response_timeout: float = 5.0
    drain_timeout: float = 60.0    # s to wait after the window for the boards to catch up
    log_level: str = "WARNING"
    db: str | None = None          # the bot's database (None: parlour.db in the workdir)
    processes: int = 1             # bot processes, each a slice of the shards (tests.load.cluster)


@dataclass
class Window:
    start: float                   # monotonic
    end: float
    wall_offset: float             # time.time() - time.monotonic()
    attempts: int = 0
    skipped: int = 0               # slots with no user ready (or no bot connected)


@dataclass
class LoadRun:
    config: LoadConfig
    workdir: Path
    latencies: Latencies = field(default_factory=Latencies)
    seats: list[Seat] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._affinity = pin_driver() if self.config.pin else None
        self.pinned = self._affinity is not None
        self.fake = FakeDiscord(patch=False)  # the bot is another process: nothing to patch here
        self.fake.recorder.keep_files = False   # thousands of pictures: not kept
        self.fake.settle_after = False
        self.fake.response_timeout = self.config.response_timeout
        self.users = Users(self.fake, self.latencies, ui=self.config.ui,
                           target=self.config.target, turn_seconds=self.config.turn_seconds,
                           seed=self.config.seed, pictures=self.config.pictures)
        self.bot: BotProcess | None = None
        self._ready: deque[Seat] = deque()
        self._later: list[tuple[float, int]] = []
        self._tasks: set[asyncio.Task] = set()

    # --- lifecycle ------------------------------------------------------------------------

    async def __aenter__(self) -> LoadRun:
        await self.fake.start()
        self.seats = build_world(self.fake, self.config.tables, list(self.config.games),
                                 self.config.per_guild, self.config.processes)
        self.bot = self.make_bot()
        try:
            await self.start_bot(sync=True)
        except BaseException:
            await self.__aexit__()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in list(self._tasks):
            task.cancel()
        try:
            if self.bot is not None:
                await asyncio.to_thread(self.bot.stop)
            await self.fake.stop()
        finally:
            unpin_driver(self._affinity)

    def make_bot(self) -> BotProcess:
        c = self.config
        return BotProcess(self.fake.api_url, self.fake.gateway_url, self.fake.token,
                          c.db or self.workdir / "parlour.db", self.workdir / "bot.log",
                          ai_executor=c.ai_executor, ai_delay=c.ai_delay, pin=c.pin,
                          log_level=c.log_level)

    def problems(self) -> list[str]:
        """What the fake Discord objected to (limits, timing, unknown routes, its own bugs)."""
        return ([str(v) for v in self.fake.violations]
                + [f"fake internal error: {e}" for e in self.fake.internal_errors]
                + [f"unknown route {c.method} {c.path}" for c in self.fake.unknown_routes])

    async def start_bot(self, *, sync: bool, timeout: float = 60.0) -> float:
        """Start ``parlour run`` and wait until it is connected (and synced); seconds taken."""
        assert self.bot is not None
        started = time.monotonic()
        sessions = len(self.fake.gateway_sessions)
        self.bot.start(sync=sync)
        while True:
            fresh = len(self.fake.gateway_sessions) > sessions and self.fake.connected
            if fresh and (not sync or self.fake.commands.listing(None)):
                return time.monotonic() - started
            if not self.bot.alive():
                raise RuntimeError(f"the bot exited:\n{self.bot.log_tail()}")
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"the bot did not connect in {timeout}s:\n"
                                   f"{self.bot.log_tail()}")
            await asyncio.sleep(0.05)

    async def stop_bot(self) -> int | None:
        assert self.bot is not None
        return await asyncio.to_thread(self.bot.stop)

    # --- opening tables --------------------------------------------------------------------

    async def setup(self) -> float:
        """Open every table (at ``setup_rate`` per second); seconds taken."""
        started = time.monotonic()
        gate = asyncio.Semaphore(self.config.setup_concurrency)

        async def one(seat: Seat) -> None:
            async with gate:
                await self.users.open_table(seat)

        jobs = []
        for i, seat in enumerate(self.seats):
            due = started + i / self.config.setup_rate
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            jobs.append(asyncio.ensure_future(one(seat)))
        results = await asyncio.gather(*jobs, return_exceptions=True)
        errors = [r for r in results if isinstance(r, BaseException)]
        if errors:
            raise RuntimeError(f"{len(errors)} table(s) could not be opened: {errors[0]!r}")
        self._ready = deque(self.seats)
        return time.monotonic() - started

    # --- the load -----------------------------------------------------------------------------

    async def drive(self, seconds: float, rate: float, *, until_done: bool = False) -> Window:
        """Start one move attempt every 1/rate s (round robin over the users who are not busy)
        for ``seconds``; with ``until_done`` stop early once every table is done."""
        loop = asyncio.get_running_loop()
        window = Window(loop.time(), 0.0, time.time() - time.monotonic())
        end = window.start + seconds
        slot = window.start
        while loop.time() < end:
            if until_done and all(s.done for s in self.seats):
                break
            self._promote(loop.time())
            if self._ready and self.fake.connected:
                self._spawn(self._turn(self._ready.popleft()))
                window.attempts += 1
            else:
                window.skipped += 1
            slot += 1.0 / rate
            delay = slot - loop.time()
            if delay < -0.5:  # fell behind: drop slots rather than burst
                slot = loop.time()
            await asyncio.sleep(max(0.0, delay))
        window.end = loop.time()
        return window

    async def quiesce(self, timeout: float = 15.0) -> None:
        """Wait for the moves in flight to be answered."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=timeout)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _promote(self, now: float) -> None:
        while self._later and self._later[0][0] <= now:
            _, index = heapq.heappop(self._later)
            self._ready.append(self.seats[index])

    def _requeue(self, seat: Seat, delay: float) -> None:
        if delay <= 0:
            self._ready.append(seat)
        else:
            heapq.heappush(self._later, (time.monotonic() + delay, seat.index))

    async def _turn(self, seat: Seat) -> None:
        delay = 0.0
        try:
            if not seat.playing:
                await self.users.open_table(seat)
            else:
                outcome = await self.users.act(seat)
                if outcome in ("ended", "over"):
                    if not self.config.reopen:
                        seat.done = True
                        return
                elif outcome == "wait":
                    delay = 0.05 * min(seat.waits, 10)
                elif outcome != "acked":
                    delay = 0.1
        except Exception:  # no answer (a killed bot), not connected, a vanished control
            self.users.counts.failed += 1
            delay = 0.5
        self._requeue(seat, delay)

    # --- what happened -------------------------------------------------------------------------

    def acked_between(self, start: float, end: float) -> int:
        return sum(1 for s in self.seats for _, _, t in s.acked if start <= t < end)
