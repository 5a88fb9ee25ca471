"""The scheduler of everything the bot sends on its own (boards, pings, DMs, notes, panels).

Discord allows a bot 50 requests/s in all (the global limit) and about 5 messages per
5 s in one channel; interaction answers and interaction-token webhooks (a panel
redraw) are outside the global limit.  The bot spends that budget here:

* ``Plan`` decides, from a clock it is given (so tests use a fake one), which waiting
  job runs next: a token bucket for the bot's share of the global limit; a sliding
  window per channel route (Discord counts posts and edits in a channel apart: a job
  names its bucket, e.g. ``("post", channel_id)``); priorities (a turn ping or DM
  before a note, a board whose table waits on a human before other boards), except
  that a job kept waiting ``STARVED`` seconds gets every other start in its lane, so
  a flood of pings cannot hide the boards (or the panel redraws) for good; first
  come first served inside a priority (the board waiting longest goes first: fair
  rotation); one waiting job per key (a newer board state replaces the waiting one,
  so a table has at most one pending edit); pauses after a 429 (global, or for one
  channel route).
* ``Outbox`` runs the plan on the event loop: one loop task, a bounded number of jobs
  in flight in each of two lanes (global-limited and free), at most one job per key at
  a time (so a board's edits stay in order).  The lanes are apart because free jobs
  (panel redraws, pings riding on interactions) come in faster than the global budget
  under load: sharing one pool, they held every slot and the boards waited for the end
  of the rush (a 500-table load run sent no board edit in its whole 30 s window).

A job is a coroutine function that builds its payload when it runs (the latest state,
with whatever files it attaches), so a waiting job holds ids, not views.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from enum import IntEnum

import discord

from ...core.background import Background

log = logging.getLogger("parlour.discord")

Job = Callable[[], Awaitable[None]]
CHANNEL_LIMIT, CHANNEL_WINDOW = 5, 5.0   # Discord's requests per channel route per 5 s
SCAN = 256                               # waiting jobs looked at per decision, per priority
STARVED = 5.0                            # s a job waits before it gets every other request


BEHIND = 0.01                            # s of loop lag from which fewer jobs run at once
WINDOW_MAX = 48   # global-limited requests in any second, counted at send time (Discord: 50)


class Priority(IntEnum):
    """Lower runs first."""

    PING = 0          # turn pings and hand DMs: a person is waiting for them
    NOTE = 1          # short public notes (timer warnings, game over)
    PANEL = 2         # live hand panels (interaction webhooks: no global token)
    BOARD_HUMAN = 3   # the board of a table waiting on a human
    BOARD = 4         # other boards (an AI is about to move again anyway)


class Entry:
    __slots__ = ("key", "job", "priority", "channel", "interval", "free", "since")

    def __init__(self, key: Hashable, job: Job, priority: Priority, channel: Hashable | None,
                 interval: float, free: bool, since: float = 0.0) -> None:
        self.key = key
        self.job = job
        self.priority = priority
        self.channel = channel      # the channel route bucket it counts in (None: none)
        self.interval = interval    # the key runs at most once per interval
        self.free = free            # outside the global limit (interaction webhooks)
        self.since = since          # when it started waiting


class Plan:
    """Which job runs when: pure bookkeeping over a clock passed in by the caller."""

    def __init__(self, rate: float, burst: int, interval: float, *,
                 channel_limit: int = CHANNEL_LIMIT, channel_window: float = CHANNEL_WINDOW,
                 now: float = 0.0) -> None:
        self.rate = max(rate, 0.1)
        self.burst = max(burst, 1)
        self.interval = interval
        self.channel_limit = channel_limit
        self.channel_window = channel_window
        self.tokens = float(self.burst)
        self.stamp = now
        # One queue per priority and lane (global-limited, free), so a full lane's jobs are
        # not looked at one by one (with 256 waiting panel redraws that scan took 8% of the
        # bot's time in a load run).  Index: _queue(priority, free).
        self.queues: list[OrderedDict[Hashable, Entry]] = [OrderedDict()
                                                           for _ in range(2 * len(Priority))]
        self.where: dict[Hashable, int] = {}           # waiting key -> its queue
        self.busy: set[Hashable] = set()               # keys whose job is running
        self.last: dict[Hashable, float] = {}          # key -> when its last job ended
        self.sent: dict[Hashable, deque[float]] = {}        # channel -> its recent request times
        self.paused_until = now                        # global 429
        self.channel_paused: dict[Hashable, float] = {}     # channel -> end of its 429 pause
        self.now = now                                 # the latest time we were told
        # per lane (global-limited, free): the lane's next start may go to a starved job
        self.starved_turn = [False, False]

    # --- submitting ------------------------------------------------------------------

    def submit(self, key: Hashable, job: Job, *, priority: Priority = Priority.BOARD,
               channel: Hashable | None = None, interval: float | None = None,
               free: bool = False, now: float | None = None) -> None:
        """Run ``job`` for ``key``; a job of that key still waiting is replaced, keeping
        its place in line (or moving up if the new one has a higher priority)."""
        if now is not None:
            self.now = now
        gap = self.interval if interval is None else interval
        old = self.where.get(key)
        if old is not None:
            entry = self.queues[old][key]
            entry.job, entry.channel, entry.interval = job, channel, gap
            priority = min(priority, entry.priority)
            if (priority, free) != (entry.priority, entry.free):
                del self.queues[old][key]
                entry.priority, entry.free = priority, free
                self._enqueue(entry)
            return
        self._enqueue(Entry(key, job, priority, channel, gap, free, self.now))

    def _enqueue(self, entry: Entry) -> None:
        i = _queue(entry.priority, entry.free)
        self.queues[i][entry.key] = entry
        self.where[entry.key] = i

    def waiting(self) -> int:
        return len(self.where)

    # --- deciding ---------------------------------------------------------------------

    def take(self, now: float, *, free: bool = True,
             limited: bool = True) -> tuple[Entry | None, float]:
        """The job to start now, or None and how long nothing can start (inf: nothing
        waits).  Starting it spends its tokens and marks its key busy until ``done``.
        ``free`` / ``limited``: whether that lane may start a job (it has room)."""
        self._refill(now)
        self.now = now
        wake = float("inf")
        # When no global-limited request may go (no token, a 429 pause), that lane's
        # queues are not scanned at all.
        if limited and any(self.queues[0::2]):
            limited_at = max(self.paused_until, self._token_at(now))
            if limited_at > now:
                limited, wake = False, limited_at
        queues = [q for i, q in enumerate(self.queues) if q and (free if i % 2 else limited)]
        # In a lane whose turn it is, the longest-waiting starved job goes first.
        turns = {lane for lane, ok in enumerate((limited, free)) if ok and self.starved_turn[lane]}
        if turns:
            starved = [q for i, q in enumerate(self.queues)
                       if i % 2 in turns and q and next(iter(q.values())).since < now - STARVED]
            queues = sorted(starved, key=lambda q: next(iter(q.values())).since) + queues
        for queue in queues:
            for seen, (key, entry) in enumerate(queue.items()):
                if seen >= SCAN:
                    wake = min(wake, now + 0.05)
                    break
                if key in self.busy:
                    continue
                ready = self.last.get(key, -1e18) + entry.interval
                if not entry.free and entry.channel is not None:
                    ready = max(ready, self._channel_free_at(entry.channel, now))
                if ready > now:
                    wake = min(wake, ready)
                    continue
                del queue[key]
                del self.where[key]
                self._start(entry, now)
                return entry, 0.0
        return None, (wake - now if wake != float("inf") else wake)

    def _start(self, entry: Entry, now: float) -> None:
        self.busy.add(entry.key)
        self.last[entry.key] = now
        self.starved_turn[entry.free] = not self.starved_turn[entry.free]
        if not entry.free:
            self.tokens -= 1
            if entry.channel is not None:
                self.sent.setdefault(entry.channel, deque()).append(now)

    def done(self, entry: Entry, now: float) -> None:
        # The interval counts from the end of the request: a slow one (a 429 discord.py
        # waited out) does not let the next job of its key follow at once.
        self.last[entry.key] = now
        self.busy.discard(entry.key)
        if len(self.last) > 4 * (len(self.where) + len(self.busy)) + 1024:
            self._forget(now)

    def requeue(self, entry: Entry) -> None:
        """Run ``entry`` again (after a 429) unless a newer job of its key is waiting."""
        if entry.key not in self.where:
            self._enqueue(entry)
        self.last.pop(entry.key, None)

    def spend(self, now: float) -> float:
        """Take a token for an extra request inside a running job (a DM channel to open, an
        old ping to delete); 0 if taken, else how long to wait before asking again."""
        self._refill(now)
        at = max(self.paused_until, self._token_at(now))
        if at > now:
            return at - now
        self.tokens -= 1
        return 0.0

    def backoff(self, now: float, retry_after: float, channel: Hashable | None = None) -> None:
        """Discord answered 429: nothing global-limited (or nothing in ``channel``) for
        ``retry_after`` seconds."""
        until = now + max(retry_after, 0.0)
        if channel is None:
            self.paused_until = max(self.paused_until, until)
        else:
            self.channel_paused[channel] = max(self.channel_paused.get(channel, 0.0), until)

    # --- limits -----------------------------------------------------------------------

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def _token_at(self, now: float) -> float:
        return now if self.tokens >= 1 else now + (1 - self.tokens) / self.rate

    def _channel_free_at(self, channel: Hashable, now: float) -> float:
        at = self.channel_paused.get(channel, now)
        recent = self.sent.get(channel)
        if recent:
            while recent and recent[0] <= now - self.channel_window:
                recent.popleft()
            if len(recent) >= self.channel_limit:
                at = max(at, recent[-self.channel_limit] + self.channel_window)
            if not recent:
                del self.sent[channel]
        return at

    def _forget(self, now: float) -> None:
        """Drop what no longer restrains anything (keys idle past their interval)."""
        longest = max(self.interval, 1.0)
        self.last = {k: t for k, t in self.last.items() if t > now - longest or k in self.where}
        self.channel_paused = {c: t for c, t in self.channel_paused.items() if t > now}


def _queue(priority: Priority, free: bool) -> int:
    return 2 * priority + free


class SendWindow:
    """The hard cap at send time: at most ``limit`` global-limited requests reach Discord
    in any ``per`` seconds.

    The plan's tokens decide when a job starts, but a job may draw a picture or read the
    store before its request, so requests of jobs started apart can reach Discord in the
    same second (a load run once saw 55 in one second with 40/s planned).  Each
    global-limited request holds a slot from just before it is sent until ``per``
    seconds after its answer: it reaches Discord somewhere in between, so however long
    a busy event loop delays it, any ``per`` seconds at Discord's end see at most
    ``limit`` of them.  (Counting from the send alone let a starved loop deliver 51 in
    one second with 45 allowed.)"""

    def __init__(self, limit: int, per: float = 1.0) -> None:
        self.limit = max(limit, 1)
        self.per = per
        self.held: list[list[float]] = []   # [sent, answered] (answered: inf in flight)

    def wait(self, now: float) -> float:
        """Seconds until a request may go (0: now)."""
        self.held = [h for h in self.held if h[1] > now - self.per]
        if len(self.held) < self.limit:
            return 0.0
        first = min(h[1] for h in self.held) + self.per - now
        return first if first != math.inf else 0.01   # all in flight: look again soon

    def begin(self, now: float) -> list[float]:
        held = [now, math.inf]
        self.held.append(held)
        return held

    def end(self, held: list[float], now: float) -> None:
        held[1] = now


class Outbox:
    """Runs a ``Plan`` on the event loop with up to ``concurrency`` jobs in flight in each
    lane (global-limited, free)."""

    def __init__(self, rate: float, burst: int, interval: float, *, concurrency: int = 16,
                 clock: Callable[[], float] = time.monotonic,
                 lag: Callable[[], float] = lambda: 0.0,
                 background: Background | None = None) -> None:
        self.clock = clock
        self.lag = lag   # how far behind the event loop runs (loop_lag.LoopLag), s
        self.background = background   # each job waits for its turn (core/background.py)
        self.plan = Plan(rate, burst, interval, now=clock())
        # Discord allows 50 a second; the plan's rate and burst leave headroom, this keeps it.
        self.window = SendWindow(min(WINDOW_MAX, math.ceil(rate + burst)))
        self.concurrency = concurrency
        self._wake = asyncio.Event()
        self._running: set[asyncio.Task] = set()
        self._in_lane = [0, 0]   # jobs in flight: [global-limited, free]
        self._loop_task: asyncio.Task | None = None
        self._closed = False

    def submit(self, key: Hashable, job: Job, *, priority: Priority = Priority.BOARD,
               channel: Hashable | None = None, interval: float | None = None,
               free: bool = False) -> None:
        """Run ``job`` for ``key`` soon (see ``Plan.submit``)."""
        if self._closed:
            return
        self.plan.submit(key, job, priority=priority, channel=channel, interval=interval,
                         free=free, now=self.clock())
        if self._loop_task is None or self._loop_task.done():
            self._loop_task = asyncio.get_running_loop().create_task(self._loop())
        self._wake.set()

    def pending(self) -> int:
        return self.plan.waiting() + len(self._running)

    async def acquire(self) -> None:
        """Wait for a token for one more global-limited request inside a running job."""
        while (wait := self.plan.spend(self.clock())) > 0:
            await asyncio.sleep(wait)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Around each global-limited request (``async with out.slot(): await send``):
        waits while the window is full, then holds a slot for the request (SendWindow)."""
        while (wait := self.window.wait(self.clock())) > 0:
            await asyncio.sleep(wait)
        held = self.window.begin(self.clock())
        try:
            yield
        finally:
            self.window.end(held, self.clock())

    async def _loop(self) -> None:
        while not self._closed:
            limited = self._in_lane[0] < self.concurrency
            free = self._in_lane[1] < self.room()
            if not (limited or free):
                await asyncio.wait(self._running, return_when=asyncio.FIRST_COMPLETED)
                continue
            entry, wait = self.plan.take(self.clock(), free=free, limited=limited)
            if entry is not None:
                self._in_lane[entry.free] += 1
                task = asyncio.get_running_loop().create_task(self._run(entry))
                self._running.add(task)
                task.add_done_callback(self._running.discard)
                continue
            if wait == float("inf") and not self._running:
                return   # nothing waits: a later submit starts the loop again
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(),
                                       None if wait == float("inf") else max(wait, 0.001))
            except TimeoutError:
                pass

    def room(self) -> int:
        """Free jobs (panel redraws, pings riding on interactions) that may be in flight
        now: all ``concurrency`` while the event loop keeps up, fewer the further it falls
        behind.  They are the work that grows with the moves (the global-limited lane is
        held to Discord's budget anyway, and the boards must keep up); what waits here is
        coalesced, one job per key, while an interaction queued behind their work is a
        person waiting."""
        lag = self.lag()
        if lag <= BEHIND:
            return self.concurrency
        return max(1, int(self.concurrency * BEHIND / lag))

    async def _run(self, entry: Entry) -> None:
        try:
            if self.background is not None:
                await self.background.step()   # an answer in flight goes first
            await entry.job()
        except asyncio.CancelledError:
            raise
        except discord.RateLimited as e:   # a long 429 discord.py did not wait out itself
            self._rate_limited(entry, e.retry_after, is_global=False)
        except discord.HTTPException as e:
            if e.status != 429:
                log.exception("sending %r failed", entry.key)
            else:
                headers = getattr(e.response, "headers", {}) or {}
                retry = float(headers.get("Retry-After", 1.0) or 1.0)
                self._rate_limited(entry, retry, is_global="X-RateLimit-Global" in headers)
        except Exception:
            log.exception("sending %r failed", entry.key)
        finally:
            self._in_lane[entry.free] -= 1
            self.plan.done(entry, self.clock())
            self._wake.set()

    def _rate_limited(self, entry: Entry, retry_after: float, *, is_global: bool) -> None:
        log.warning("429 on %r: waiting %.1f s", entry.key, retry_after)
        self.plan.backoff(self.clock(), retry_after,
                          None if is_global or entry.channel is None else entry.channel)
        self.plan.requeue(entry)

    async def drain(self, timeout: float) -> None:
        """Wait (up to ``timeout`` s) until every waiting job has run."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.pending():
            await asyncio.sleep(0.02)

    async def close(self, timeout: float = 3.0) -> None:
        """Send what is waiting (bounded by ``timeout``), then cancel the rest."""
        await self.drain(timeout)
        self._closed = True
        tasks = list(self._running) + ([self._loop_task] if self._loop_task else [])
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except BaseException:  # noqa: B036 - cancelled on purpose while closing
                pass
        self._running.clear()
