"""``python -m tests.load.web``: the web table under load, on loopback.

``parlour run`` in its own process (the Discord load bench's ``BotProcess``, pinned to the
first core when there are two) with the web transport on (``PARLOUR_WEB``) and the fake
Discord here; N Coins tables, each one human (who moves through the fake Discord, as in
``tests.load.bench``) and two easy AI seats.  Two windows at the same move rate: first with
no web client, then with M websocket clients spread over the tables (each table's player and
spectators), which run in a process of their own (``tests.load.webclients``) so the
loader's work is not the bot's nor the driver's.  The clients' tickets are minted with the
bot's ticket key (derived from its token, as ``parlour run`` derives it): what
``POST /api/ticket`` hands out after its checks, without a Discord login per client.

Figures: commit-to-client latency (the action row's ``at``, stamped when the move is
committed, to each client's arrival of that move's ``update`` frame, same clock), memory per
connection (the bot's RSS with the clients connected minus before, over the clients), and
the bot's CPU per committed move (AI moves included) in each window; and whether every
client got every update of its table, in version order.  Bounded: every wait has a limit,
and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from bot.web.tickets import Tickets, derive_key

from . import db
from .botproc import BotProcess
from .driver import LoadConfig, LoadRun
from .measure import machine
from .stats import percentile

P99_TARGET_MS, KB_PER_CONNECTION_TARGET = 250.0, 50.0
SPECTATOR_IDS = 900_000_000_000   # spectators' user ids: no seat anywhere


@dataclass
class WebFigures:
    tables: int
    clients: int
    rate: float
    seconds: float
    connected: int = 0
    failed: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    rss_before: int = 0
    rss_with: int = 0
    cpu_bare: float = 0.0
    moves_bare: int = 0
    cpu_web: float = 0.0
    moves_web: int = 0
    missing: int = 0          # updates of a client's table it never got
    disorder: int = 0         # updates that came out of version order
    updates: int = 0          # update frames received in all
    games_over: int = 0       # connections whose game ended (the server closes them)
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def kb_per_connection(self) -> float:
        return (self.rss_with - self.rss_before) / max(1, self.connected) / 1024

    def ms_per_move(self, web: bool) -> float:
        cpu, moves = (self.cpu_web, self.moves_web) if web else (self.cpu_bare, self.moves_bare)
        return cpu / max(1, moves) * 1e3

    def report(self) -> str:
        p50, p99 = percentile(self.latencies_ms, 50), percentile(self.latencies_ms, 99)
        return "\n".join([
            f"web load: {self.tables} tables, {self.connected}/{self.clients} clients "
            f"connected ({self.failed} failed), {self.rate:g} move attempts/s, "
            f"{self.seconds:g} s per window, load average "
            f"{' '.join(f'{x:.1f}' for x in self.load)}",
            f"  commit-to-client: {len(self.latencies_ms)} updates, p50 {p50:.1f} ms, "
            f"p99 {p99:.1f} ms, max {max(self.latencies_ms, default=float('nan')):.1f} ms "
            f"(target p99 < {P99_TARGET_MS:g} ms)",
            f"  memory: {self.rss_before / 2**20:.1f} MB before, {self.rss_with / 2**20:.1f} MB "
            f"with the clients: {self.kb_per_connection:.1f} KB per connection "
            f"(target < {KB_PER_CONNECTION_TARGET:g} KB)",
            f"  bot CPU per move: {self.ms_per_move(False):.2f} ms without web clients "
            f"({self.moves_bare} moves), {self.ms_per_move(True):.2f} ms with them "
            f"({self.moves_web} moves)",
            f"  delivery: {self.updates} update frames, {self.missing} missing, "
            f"{self.disorder} out of order; {self.games_over} connections saw their game end",
        ])

    def ok(self) -> bool:
        return self.connected == self.clients and self.missing == 0 and self.disorder == 0


class WebLoadRun(LoadRun):
    """The Discord load run's world and driver, with ``parlour run`` serving the web table."""

    port: int = 0

    def make_bot(self) -> BotProcess:
        bot = super().make_bot()
        bot.env.update(PARLOUR_WEB=f"127.0.0.1:{self.port}",
                       PARLOUR_PUBLIC_URL=f"http://127.0.0.1:{self.port}")
        return bot


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _web_up(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as http:
        while True:
            try:
                async with http.get(f"http://127.0.0.1:{port}/api/config") as resp:
                    if resp.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError("the web table did not answer")
            await asyncio.sleep(0.1)


async def _window(run: LoadRun, seconds: float, rate: float) -> tuple[float, int]:
    """Drive one window; the bot's CPU seconds and the moves committed in it."""
    assert run.bot is not None
    cpu0, wall0 = run.bot.cpu_seconds(), time.time()
    await run.drive(seconds, rate)
    await run.quiesce()
    await asyncio.sleep(1.0)   # the AI replies to the last moves
    cpu1, wall1 = run.bot.cpu_seconds(), time.time()
    return cpu1 - cpu0, len(db.moves_between(run.bot.db_path, wall0, wall1))


async def measure(tables: int, clients: int, rate: float, seconds: float, *,
                  pin: bool = True, workdir: Path) -> tuple[WebFigures, list[dict]]:
    figures = WebFigures(tables, clients, rate, seconds)
    config = LoadConfig(tables=tables, rate=rate, seconds=seconds, target=20, pictures=False,
                        pin=pin, setup_rate=min(100.0, tables * 2.0))
    run = WebLoadRun(config, workdir)
    run.port = _free_port()
    async with run:
        bot = run.bot
        assert bot is not None
        await _web_up(run.port)
        await run.setup()
        await asyncio.sleep(2.0)
        figures.cpu_bare, figures.moves_bare = await _window(run, seconds, rate)

        # The clients: each table's player first, then spectators, round robin.
        playing = dict(db.query(bot.db_path, "SELECT channel_id, id FROM tables "
                                             "WHERE status = 'playing'"))
        seats = [s for s in run.seats if s.channel.id in playing]
        book = Tickets(key=derive_key(run.fake.token))
        conns = []
        for i in range(clients):
            seat = seats[i % len(seats)]
            user = seat.user.id if i < len(seats) else SPECTATOR_IDS + i
            conns.append([seat.channel.id, user, book.issue(user, seat.channel.id)])
        job, out = workdir / "clients.json", workdir / "frames.json"
        job.write_text(json.dumps({"url": f"ws://127.0.0.1:{run.port}/ws",
                                   "origin": f"http://127.0.0.1:{run.port}", "conns": conns}))
        await asyncio.sleep(1.0)
        figures.rss_before = bot.rss()
        loader = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.load.webclients", str(job), str(out),
            "--limit", str(120 + seconds * 3 + clients / 20),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        try:
            assert loader.stdout is not None and loader.stdin is not None
            line = (await asyncio.wait_for(loader.stdout.readline(), 60 + clients / 10)).split()
            figures.connected, figures.failed = int(line[1]), int(line[2])
            await asyncio.sleep(2.0)
            figures.rss_with = bot.rss()
            start = time.time()
            figures.cpu_web, figures.moves_web = await _window(run, seconds, rate)
            end = time.time()
            figures.load = os.getloadavg()
            await asyncio.sleep(2.0)   # the last frames on their way
            loader.stdin.write(b"stop\n")
            await loader.stdin.drain()
            await asyncio.wait_for(loader.wait(), 60)
        finally:
            if loader.returncode is None:
                loader.kill()
                await loader.wait()
        received = json.loads(out.read_text())
        moves = db.query(bot.db_path, "SELECT table_id, move, at FROM actions")
    _score(figures, received, playing, moves, start, end)
    return figures, received


def _score(figures: WebFigures, received: list[dict], playing: dict[int, int],
           moves: list[tuple], start: float, end: float) -> None:
    """Latencies of the window's updates; every update of each client's table, in order."""
    at = {(t, m): a for t, m, a in moves}
    last = {}
    for t, m, _ in moves:
        last[t] = max(m, last.get(t, 0))
    for conn in received:
        table = playing[conn["channel"]]
        frames = conn["frames"]
        if not frames or frames[0][0] != "snapshot":
            continue
        version = frames[0][1]
        over = False
        for kind, v, t in frames[1:]:
            if kind == "over":
                over = True
            if kind != "update":
                continue
            figures.updates += 1
            if v != version + 1:
                figures.disorder += 1
            version = max(version, v)
            committed = at.get((table, v))
            if committed is not None and start <= committed < end:
                figures.latencies_ms.append((t - committed) * 1e3)
        figures.games_over += over
        figures.missing += max(0, last.get(table, version) - version)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.load.web", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--clients", type=int, default=2000, help="web clients in all")
    p.add_argument("--rate", type=float, default=100.0, help="move attempts per second")
    p.add_argument("--seconds", type=float, default=20.0, help="each window")
    p.add_argument("--no-pin", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not args.tables <= args.clients <= 10_000 \
            or not 0 < args.seconds <= 120 or not 0 < args.rate <= 500:
        p.error("--tables 1..2000, --clients tables..10000, --seconds (0, 120], "
                "--rate (0, 500]")
    print(f"machine: {machine()}", flush=True)
    limit = 300 + args.tables / 20 + args.clients / 10 + args.seconds * 4
    with tempfile.TemporaryDirectory(prefix="parlour-webload-") as tmp:
        figures, _ = asyncio.run(asyncio.wait_for(
            measure(args.tables, args.clients, args.rate, args.seconds, pin=not args.no_pin,
                    workdir=Path(tmp)), limit))
    print(figures.report(), flush=True)
    return 0 if figures.ok() else 1


if __name__ == "__main__":
    sys.exit(main())
