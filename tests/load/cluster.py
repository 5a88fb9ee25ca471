"""Several bot processes for the load runs: each ``parlour run`` a slice of the shards
(``PARLOUR_SHARD_COUNT``/``PARLOUR_SHARDS``) on one shared database, against the one
fake Discord, which routes each guild's events to its shard and DM ones to shard 0.

``open_run(config, workdir)`` gives the plain ``LoadRun`` for one process and a
``ShardedLoadRun`` for more; ``database("postgresql")`` a throw-away PostgreSQL
server (tests/pgserver.py, fsync on, loopback) for the run's database.
"""

from __future__ import annotations

import asyncio
import atexit
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlparse

import psutil

from bot.core.store import is_postgres

from .botproc import BotProcess
from .driver import LoadConfig, LoadRun


class BotGroup:
    """The bot processes of one run, measured together (CPU, memory, disk: their sum)."""

    def __init__(self, processes: list[BotProcess]) -> None:
        self.processes = processes
        self.db_path = processes[0].db_path
        self.log_path = processes[0].log_path

    def start(self, *, sync: bool) -> None:
        for k, bot in enumerate(self.processes):
            bot.start(sync=sync and k == 0)   # one process registers the commands

    def alive(self) -> bool:
        return all(bot.alive() for bot in self.processes)

    def cpu_seconds(self) -> float:
        return sum(bot.cpu_seconds() for bot in self.processes)

    def rss(self) -> int:
        return sum(bot.rss() for bot in self.processes)

    def written_bytes(self) -> int | None:
        written = [bot.written_bytes() for bot in self.processes]
        return None if None in written else sum(w for w in written if w is not None)

    def kill(self) -> None:
        for bot in self.processes:
            bot.kill()

    def stop(self, timeout: float = 15.0) -> int | None:
        codes = [bot.stop(timeout) for bot in self.processes]
        return next((c for c in codes if c), codes[0])

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(f"[shard {k}]\n{bot.log_tail(lines)}"
                         for k, bot in enumerate(self.processes))


class ShardedLoadRun(LoadRun):
    """``LoadRun`` with ``config.processes`` bot processes, process k running shard k of
    ``config.processes`` (the world's guilds fall on the shards in turn)."""

    bot: BotGroup | None  # type: ignore[assignment]

    def make_bot(self) -> BotGroup:  # type: ignore[override]
        c, n = self.config, self.config.processes
        return BotGroup([
            BotProcess(self.fake.api_url, self.fake.gateway_url, self.fake.token,
                       c.db or self.workdir / "parlour.db", self.workdir / f"shard{k}.log",
                       ai_executor=c.ai_executor, ai_delay=c.ai_delay, pin=False,
                       log_level=c.log_level,
                       env={"PARLOUR_SHARD_COUNT": str(n), "PARLOUR_SHARDS": str(k)})
            for k in range(n)])

    async def start_bot(self, *, sync: bool, timeout: float = 60.0,
                        shard: int | None = None) -> float:
        """Start every process (or only ``shard``'s, a restart), one after the other, each
        until its shard's gateway session is ready; seconds taken."""
        assert self.bot is not None
        started = time.monotonic()
        for k in range(len(self.bot.processes)) if shard is None else [shard]:
            await self._start_one(k, sync=sync and k == 0, timeout=timeout)
        return time.monotonic() - started

    async def _start_one(self, k: int, *, sync: bool, timeout: float) -> None:
        assert self.bot is not None
        bot, n = self.bot.processes[k], len(self.bot.processes)
        started = time.monotonic()
        sessions = len(self.fake.gateway_sessions)
        bot.start(sync=sync)
        while True:
            fresh = [s for s in self.fake.gateway_sessions[sessions:]
                     if s.ready and s.shard == (k, n)]
            if fresh and (not sync or self.fake.commands.listing(None)):
                return
            if not bot.alive():
                raise RuntimeError(f"shard {k}'s process exited:\n{bot.log_tail()}")
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"shard {k} did not connect in {timeout}s:\n"
                                   f"{bot.log_tail()}")
            await asyncio.sleep(0.05)


def open_run(config: LoadConfig, workdir: Path) -> LoadRun:
    if config.processes <= 1:
        return LoadRun(config, workdir)
    # Several bots, the driver and PostgreSQL share the cores: nothing is pinned.  Small
    # guilds enough that every shard gets its share of the tables.
    per_guild = max(1, min(config.per_guild, -(-config.tables // config.processes)))
    return ShardedLoadRun(replace(config, pin=False, per_guild=per_guild), workdir)


def database(kind: str) -> Callable[[], str | None]:
    """A maker of each run's database: ``sqlite``: None (a file in the run's directory);
    ``postgresql``: a fresh database on one throw-away server, stopped when the
    interpreter exits (the benchmark's runs share it)."""
    if kind == "sqlite":
        return lambda: None
    from tests import pgserver

    server = pgserver.start(durable=True)
    atexit.register(server.stop)
    return lambda: server.create_database("load")


def db_server_cpu(db: str | Path | None) -> float | None:
    """CPU seconds the local PostgreSQL server behind ``db`` has used (the postmaster, its
    live backends and the ones it has reaped); None for SQLite or a server not found."""
    if db is None or not is_postgres(str(db)):
        return None
    port = urlparse(str(db)).port or 5432
    for proc in psutil.process_iter(["cmdline"]):
        cmdline = proc.info["cmdline"] or []
        if f"port={port}" in cmdline and any("postgres" in part for part in cmdline[:1]):
            try:
                t = proc.cpu_times()
                children = proc.children()
            except psutil.Error:
                return None
            total = t.user + t.system + t.children_user + t.children_system
            for child in children:
                try:
                    c = child.cpu_times()
                except psutil.Error:  # exited meanwhile: counted in children_* next time
                    continue
                total += c.user + c.system
            return total
    return None
