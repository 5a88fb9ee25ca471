"""One measured run at N tables: set up, drive the window, collect every figure."""

from __future__ import annotations

import asyncio
import gc
import platform
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from . import db, probe
from .cluster import db_server_cpu, open_run
from .driver import LoadConfig, Window
from .stats import (
    GLOBAL_LIMIT,
    INTERACTION_ROUTE,
    Latencies,
    Requests,
    board_lags,
    board_shows,
    last_shown,
    percentile,
)
from .stats import requests_in as count_requests

P99_TARGET_MS, KB_PER_TABLE_TARGET = 50.0, 100.0


@dataclass
class Result:
    config: LoadConfig
    setup_seconds: float
    window: Window
    acked: int
    latencies: Latencies
    cpu_seconds: float
    driver_cpu_seconds: float
    rss_base: int
    rss_setup: int
    rss_end: int
    written: int | None
    requests: Requests
    db: db.DbFigures
    window_moves: int
    board_lag: list[float]
    board_unshown: int
    counts: dict = field(default_factory=dict)
    pinned: bool = False
    problems: list[str] = field(default_factory=list)   # what the fake Discord objected to
    others_cpu_seconds: float = 0.0   # other processes on the machine during the window
    db_cpu_seconds: float | None = None   # the PostgreSQL server's, in the window
    drain_seconds: float = 0.0        # after the window, until every board showed its last move
    drained: bool = True              # False: the drain timeout ended the wait first
    settle_seconds: float = 0.0       # after the set-up, until its boards and DMs were out
    settled: bool = True              # False: the settle timeout ended the wait first
    # How late the driver's own 10 ms timer ran in the window (s): the latencies are taken
    # by this process's clock, so a driver behind adds to them.
    driver_lag: list[float] = field(default_factory=list)
    # s a fixed job took on each core at once, before the run and after it (probe.py): a
    # busy host slows a quiet machine, and "other processes" cannot see it
    core_times: tuple[list[float], list[float]] = ([], [])

    @property
    def seconds(self) -> float:
        return self.window.end - self.window.start

    @property
    def ms_per_action(self) -> float:
        return self.cpu_seconds / max(1, self.acked) * 1e3

    @property
    def kb_per_table(self) -> float:
        return (self.rss_setup - self.rss_base) / self.config.tables / 1024

    @property
    def kb_per_table_end(self) -> float:
        return (self.rss_end - self.rss_base) / self.config.tables / 1024

    @property
    def p99_ms(self) -> float:
        """p99 over the move interactions (everything a move needs: autocomplete, /play,
        /hand, the panel select)."""
        return percentile(self.latencies.all(), 99) * 1e3

    def targets(self) -> list[tuple[str, bool]]:
        return [(f"p99 <= {P99_TARGET_MS:.0f} ms", self.p99_ms <= P99_TARGET_MS),
                # Per active table = the RSS the tables added when opened; the growth over
                # the window also holds caches and the outbox backlog (reported beside it).
                (f"<= {KB_PER_TABLE_TARGET:.0f} KB per table",
                 self.kb_per_table <= KB_PER_TABLE_TARGET),
                (f"<= {GLOBAL_LIMIT} requests/s", self.requests.peak_global <= GLOBAL_LIMIT)]


async def measure(config: LoadConfig, workdir: Path | None = None) -> Result:
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as tmp:
        return await _measure(config, workdir or Path(tmp))


async def _measure(config: LoadConfig, workdir: Path) -> Result:
    me = psutil.Process()
    speed_before = probe.core_times()   # nothing of the run started yet
    async with open_run(config, workdir) as run:
        bot = run.bot
        assert bot is not None
        await asyncio.sleep(1.0)  # the bot's startup work is over
        rss_base = bot.rss()
        setup_seconds = await run.setup()
        await asyncio.sleep(1.0)
        rss_setup = bot.rss()
        # Opening every table at once queues a board, a DM channel and a DM per table (1,500
        # global-limited requests for 500 tables: 35 s of Discord's budget); the window
        # measures play, so it starts once they are out.
        settle_seconds, settled = await _settle(run.fake.calls, bot.db_path,
                                                config.drain_timeout * 4)
        cpu0, mine0, written0 = bot.cpu_seconds(), _cpu(me), bot.written_bytes()
        machine0, db0 = _busy(), db_server_cpu(bot.db_path)
        lateness: list[float] = []
        watch = asyncio.ensure_future(_watch_lag(lateness))
        with _no_collector_pauses():   # until the window's last answers are in
            try:
                window = await run.drive(config.seconds, config.rate)
            finally:
                watch.cancel()
            cpu1, mine1, written1 = bot.cpu_seconds(), _cpu(me), bot.written_bytes()
            db1 = db_server_cpu(bot.db_path)
            others = _busy() - machine0 - (cpu1 - cpu0) - (mine1 - mine0)
            rss_end = bot.rss()
            await run.quiesce()
        acked = run.acked_between(window.start, window.end)
        requests = count_requests(run.fake.calls, window.start, window.end)
        # Board lag is measured to the last move: every move from the window on (the AI
        # replies after it too), waiting until each table's board shows its last one.
        moves = db.moves_between(bot.db_path, window.start + window.wall_offset,
                                 time.time() + 1.0)
        drain_seconds, drained = await _drain_boards(run.fake.calls, moves,
                                                     config.drain_timeout)
        await run.stop_bot()
        observed_until = time.monotonic()
        speed_after = probe.core_times()   # the bot stopped, the fake idle
        figures = db.figures(bot.db_path)
        window_moves = sum(1 for _, _, at in moves if at < window.end + window.wall_offset)
        shown = board_shows(run.fake.calls)
        lags, unshown = board_lags(
            ((t, m, at - window.wall_offset) for t, m, at in moves), shown)
        lags += [observed_until - (at - window.wall_offset) for t, m, at in moves
                 if not any(mm >= m for _, mm in shown.get(t, ()))]  # lower bounds
        return Result(config, setup_seconds, window, acked,
                      run.latencies.window(window.start, window.end), cpu1 - cpu0,
                      mine1 - mine0, rss_base, rss_setup, rss_end,
                      None if written0 is None or written1 is None else written1 - written0,
                      requests, figures, window_moves, lags, unshown,
                      vars(run.users.counts).copy(), run.pinned, run.problems(),
                      max(0.0, others), None if db0 is None or db1 is None else db1 - db0,
                      drain_seconds, drained, settle_seconds, settled, lateness,
                      (speed_before, speed_after))


@contextmanager
def _no_collector_pauses() -> Iterator[None]:
    """The driver's garbage collector off for the window: it holds every message and
    request of the run, and its full passes stalled the driver's loop for 0.4-0.6 s
    every ~7 s at 2,000 tables - time every interaction in flight was charged with,
    though the bot had answered.  What the window leaves is collected after it."""
    gc.collect()
    gc.freeze()   # the set-up's objects: no pass walks them again
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


async def _watch_lag(into: list[float], tick: float = 0.01) -> None:
    """Append how late each ``tick`` s timer of this (the driver's) loop fires."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + tick
        await asyncio.sleep(tick)
        into.append(max(0.0, loop.time() - due))


async def _settle(calls: list, db_path: Path | str, timeout: float,
                  quiet: float = 2.0) -> tuple[float, bool]:
    """After the set-up: wait until every table's board shows its last move and no
    global-limited request came for ``quiet`` s (the deal's DMs are out), or ``timeout``
    s passed: (seconds waited, whether it got there)."""
    started = time.monotonic()
    _, drained = await _drain_boards(calls, db.moves_between(db_path, 0.0, time.time() + 1),
                                          timeout)
    while drained:
        # Calls are recorded as they come: the newest global-limited one is near the end.
        last = next((c.at for c in reversed(calls) if not INTERACTION_ROUTE.match(c.path)),
                    0.0)
        if time.monotonic() - last >= quiet:
            break
        if time.monotonic() - started >= timeout:
            drained = False
            break
        await asyncio.sleep(0.25)
    return time.monotonic() - started, drained


async def _drain_boards(calls: list, moves: list[tuple[int, int, float]],
                        timeout: float) -> tuple[float, bool]:
    """Wait until every table's board shows its last move (or ``timeout`` s passed):
    (seconds waited, whether every board got there)."""
    last: dict[int, int] = {}
    for table_id, move, _ in moves:
        last[table_id] = max(last.get(table_id, -1), move)
    shown: dict[int, int] = {}
    seen = 0
    started = time.monotonic()
    while True:
        upto = len(calls)
        last_shown(calls[seen:upto], shown)
        seen = upto
        if all(shown.get(t, -1) >= m for t, m in last.items()):
            return time.monotonic() - started, True
        if time.monotonic() - started >= timeout:
            return time.monotonic() - started, False
        await asyncio.sleep(0.25)


def _cpu(process: psutil.Process) -> float:
    t = process.cpu_times()
    return t.user + t.system


def _busy() -> float:
    """CPU seconds this machine's processes ran (all cores; guest time is inside user, and
    steal - time the hypervisor gave other VMs - is not ours)."""
    t = psutil.cpu_times()
    return t.user + t.system + getattr(t, "nice", 0.0) + getattr(t, "irq", 0.0) + \
        getattr(t, "softirq", 0.0)


def machine() -> str:
    model = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{psutil.cpu_count()} CPUs ({model}), {psutil.virtual_memory().total / 2**30:.0f} "
            f"GB RAM, Python {platform.python_version()}, {platform.system()} "
            f"{platform.release()}")


def report(r: Result) -> str:
    c, w = r.config, r.window
    lines = [f"== {c.tables} tables, {c.rate:g} move attempts/s for {r.seconds:.1f} s "
             + (f"on {c.processes} bot processes (shard k of {c.processes} each) "
                if c.processes > 1 else "")
             + f"{'on PostgreSQL ' if c.db and '://' in c.db else ''}"
             f"({'/'.join(c.games)} target {c.target}: 1 human + 2 easy AI; UI {c.ui}; AI "
             f"{c.ai_executor}, delay {c.ai_delay:g}s; bot pinned: {r.pinned}) ==",
             f"setup: {c.tables} tables opened in {r.setup_seconds:.1f} s; their boards and "
             f"DMs out {r.settle_seconds:.1f} s later"
             + ("" if r.settled else " (NOT all: the settle timeout ended the wait)")
             + "; the window starts then",
             f"moves: {r.acked} acknowledged ({r.acked / r.seconds:.1f}/s); "
             f"{w.attempts} attempts, {w.skipped} empty slots; {_counts(r.counts)}",
             "latency, INTERACTION_CREATE sent -> callback received (ms):",
             f"  {'kind':<14} {'count':>6} {'p50':>7} {'p99':>7} {'max':>7}"]
    for kind, n, p50, p99, top in r.latencies.rows():
        lines.append(f"  {kind:<14} {n:>6} {p50:>7.1f} {p99:>7.1f} {top:>7.1f}")
    unanswered = sum(r.latencies.unanswered.values())
    lines.append(f"  {'all':<14} {len(r.latencies.all()):>6} "
                 f"{percentile(r.latencies.all(), 50) * 1e3:>7.1f} {r.p99_ms:>7.1f}"
                 + (f"  ({unanswered} unanswered)" if unanswered else ""))
    if r.driver_lag:
        lines.append(f"  (the driver's own event loop, a 10 ms timer: late p50 "
                     f"{percentile(r.driver_lag, 50) * 1e3:.1f} ms, p99 "
                     f"{percentile(r.driver_lag, 99) * 1e3:.1f} ms - part of every figure "
                     "above)")
    lines += [
        f"bot CPU: {r.cpu_seconds:.2f} s in {r.seconds:.1f} s ({r.cpu_seconds / r.seconds:.0%} "
        f"of one core) = {r.ms_per_action:.2f} ms per acknowledged move "
        f"({r.window_moves} moves committed incl. AI: "
        f"{r.cpu_seconds / max(1, r.window_moves) * 1e3:.2f} ms per move); "
        f"driver CPU {r.driver_cpu_seconds / r.seconds:.0%} of a core; other processes "
        f"{r.others_cpu_seconds / r.seconds:.0%} of a core (0% = a quiet machine)"
        + (f"; PostgreSQL server CPU {r.db_cpu_seconds:.2f} s = "
           f"{r.db_cpu_seconds / max(1, r.window_moves) * 1e3:.2f} ms per committed move"
           if r.db_cpu_seconds is not None else ""),
        "machine speed: a fixed job on each core at once took "
        f"{probe.describe(r.core_times[0])} before the run, "
        f"{probe.describe(r.core_times[1])} after it (slower: a host busy elsewhere)",
        f"memory: RSS {r.rss_base / 2**20:.1f} MB before tables, {r.rss_setup / 2**20:.1f} "
        f"after setup, {r.rss_end / 2**20:.1f} after the window = {r.kb_per_table:.1f} KB per "
        f"table after setup, {r.kb_per_table_end:.1f} after the window",
        f"database: {r.db.file_bytes / 2**20:.1f} MB; {r.db.actions} moves logged "
        f"({r.db.bytes_per_action:.0f} B each), {r.db.games} games finished "
        f"({r.db.moves_per_game:.0f} moves, {r.db.bytes_per_game / 1024:.1f} KB per game); "
        f"commits {r.window_moves / r.seconds:.0f}/s (one per move)"
        + (f"; bot wrote {r.written / max(1, r.acked) / 1024:.1f} KB to disk per acknowledged "
           "move" if r.written is not None else ""),
        f"requests: {r.requests.total} REST calls ({r.requests.total / max(1, r.acked):.2f} per "
        f"move): {r.requests.interaction} interaction answers, {r.requests.global_limited} "
        f"under the global limit ({r.requests.global_limited / max(1, r.acked):.2f} per move, "
        f"{r.requests.global_limited / r.seconds:.1f}/s); peak in any 1 s: "
        f"{r.requests.peak_global} global-limited (limit {GLOBAL_LIMIT}), {r.requests.peak_all} "
        "all",
        "  " + ", ".join(f"{k} {v}" for k, v in sorted(r.requests.by_route.items(),
                                                      key=lambda kv: -kv[1])),
        f"board lag (commit -> board request showing it, every move from the window on, "
        f"to the last): p50 {percentile(r.board_lag, 50):.1f} s, p99 "
        f"{percentile(r.board_lag, 99):.1f} s; {r.board_unshown} of {len(r.board_lag)} moves "
        f"never shown; boards caught up {r.drain_seconds:.1f} s after the window"
        + ("" if r.drained else f" (NOT all: stopped at the {c.drain_timeout:g} s drain "
           "timeout)"),
        "targets: " + "; ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in r.targets()),
        f"fake Discord objections: {len(r.problems)}" + (f", e.g. {r.problems[0]}"
                                                          if r.problems else ""),
    ]
    return "\n".join(lines)


def _counts(counts: dict) -> str:
    keys = ("refused", "stale", "waited", "failed", "games_opened", "games_ended")
    return ", ".join(f"{k.replace('_', ' ')} {counts.get(k, 0)}" for k in keys)


def summary(results: list[Result]) -> str:
    head = ("| tables | moves/s | p50 ms | p99 ms | CPU ms/move | bot CPU | "
            "KB/table (after window) | DB B/move | DB KB/game | REST/move (global) | "
            "peak global/s | board lag p50/p99 s |")
    rows = [head, "|" + "|".join("---:" for _ in range(head.count("|") - 1)) + "|"]
    for r in results:
        rows.append(
            f"| {r.config.tables} | {r.acked / r.seconds:.1f} | "
            f"{percentile(r.latencies.all(), 50) * 1e3:.1f} | {r.p99_ms:.1f} | "
            f"{r.ms_per_action:.2f} | {r.cpu_seconds / r.seconds:.0%} | "
            f"{r.kb_per_table:.0f} ({r.kb_per_table_end:.0f}) | {r.db.bytes_per_action:.0f} | "
            f"{r.db.bytes_per_game / 1024:.1f} | {r.requests.total / max(1, r.acked):.2f} "
            f"({r.requests.global_limited / max(1, r.acked):.2f}) | {r.requests.peak_global} | "
            f"{percentile(r.board_lag, 50):.1f} / {percentile(r.board_lag, 99):.1f} |")
    return "\n".join(rows)
