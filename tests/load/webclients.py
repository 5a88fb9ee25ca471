"""The web load benchmark's clients, in a process of their own (``tests.load.web`` starts it):
thousands of websocket clients would otherwise share one event loop with the fake Discord
and the move driver, and their own JSON parsing would show up as latency.

``python -m tests.load.webclients JOB OUT``: JOB is a JSON file ``{"url", "origin",
"conns": [[channel_id, user_id, ticket], ...]}``.  Every connection says ``hello`` with its
ticket and waits for its snapshot; then the process prints ``ready <connected> <failed>``
and records each frame's type, version and arrival time (``time.time()``: the bot stamps
its moves with the same clock) until a line on stdin says stop, or ``--limit`` seconds.
OUT gets ``[{"channel", "user", "frames": [[type, version, t], ...]}, ...]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from dataclasses import dataclass, field

import aiohttp
import orjson
import uvloop

CONNECT_AT_ONCE = 50


@dataclass
class Conn:
    channel: int
    user: int
    frames: list[tuple[str, int | None, float]] = field(default_factory=list)
    connected: bool = False


async def _one(session: aiohttp.ClientSession, url: str, origin: str, conn: Conn,
               ticket: str, gate: asyncio.Semaphore,
               sockets: set[aiohttp.ClientWebSocketResponse]) -> None:
    async with gate:
        try:
            ws = await session.ws_connect(url, headers={"Origin": origin}, heartbeat=None,
                                          timeout=aiohttp.ClientWSTimeout(ws_receive=None))
            await ws.send_str(json.dumps({"type": "hello", "ticket": ticket, "lang": "en"}))
            msg = await ws.receive(timeout=30)
        except (aiohttp.ClientError, TimeoutError, OSError):
            return
        if msg.type != aiohttp.WSMsgType.TEXT:
            return
        first = orjson.loads(msg.data)
        conn.frames.append((first["type"], first.get("version"), time.time()))
        conn.connected = first["type"] == "snapshot"
        sockets.add(ws)
    # One ``async for`` per socket: the stop closes the sockets, which ends each loop.  (Two
    # futures and an ``asyncio.wait`` per frame cost this process more than the frames did,
    # and a late loader reads as latency.)
    try:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break   # closed (a game over closes its table's sockets)
            frame = orjson.loads(msg.data)
            conn.frames.append((frame["type"], frame.get("version"), time.time()))
    finally:
        await ws.close()
    sockets.discard(ws)


async def run(job: dict, limit: float) -> list[Conn]:
    conns = [Conn(int(c), int(u)) for c, u, _ in job["conns"]]
    sockets: set[aiohttp.ClientWebSocketResponse] = set()
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.ensure_future(_one(session, job["url"], job["origin"], conn, t, gate,
                                            sockets))
                 for conn, (_, _, t) in zip(conns, job["conns"], strict=True)]
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and not all(
                c.frames or t.done() for c, t in zip(conns, tasks, strict=True)):
            await asyncio.sleep(0.05)
        ok = sum(c.connected for c in conns)
        print(f"ready {ok} {len(conns) - ok}", flush=True)
        try:
            await asyncio.wait_for(asyncio.to_thread(sys.stdin.readline),
                                   max(1.0, deadline - time.monotonic()))
        except TimeoutError:
            pass
        await asyncio.gather(*(ws.close() for ws in list(sockets)), return_exceptions=True)
        await asyncio.wait(tasks, timeout=30)
    return conns


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.load.webclients")
    p.add_argument("job")
    p.add_argument("out")
    p.add_argument("--limit", type=float, default=600.0, help="seconds at most")
    args = p.parse_args(argv)
    with open(args.job) as f:
        job = json.load(f)
    conns = uvloop.run(run(job, args.limit))
    with open(args.out, "w") as f:
        json.dump([{"channel": c.channel, "user": c.user, "frames": c.frames} for c in conns], f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
