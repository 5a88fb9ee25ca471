"""A websocket client of the web table for the tests (bot/web; docs/ACTIVITY.md, "Protocol")."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import aiohttp

from bot.core import Core
from bot.web import protocol
from bot.web.server import WebConfig, WebTransport
from bot.web.tickets import Tickets

PUBLIC = "https://parlour.example.org"
APP_ID = 4242


class Client:
    """One connection: every frame it received, and the newest table frame."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict] = []
        self.table: dict | None = None
        self.over: dict | None = None

    async def send(self, frame: dict | str) -> None:
        await self.ws.send_str(frame if isinstance(frame, str) else json.dumps(frame))

    async def recv(self, timeout: float = 10.0) -> dict:
        msg = await self.ws.receive(timeout=timeout)
        if msg.type != aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"closed: {msg.type} {self.ws.close_code}")
        frame = json.loads(msg.data)
        assert "version" in frame, frame
        self.frames.append(frame)
        if frame["type"] in ("snapshot", "scene"):
            self.table = frame
        if frame["type"] == "over":
            self.over = frame
        return frame

    async def until(self, pred: Callable[[dict], bool], timeout: float = 20.0) -> dict:
        async def wait() -> dict:
            while True:
                frame = await self.recv(timeout)
                if pred(frame):
                    return frame
        return await asyncio.wait_for(wait(), timeout)

    async def closed(self, timeout: float = 5.0) -> int | None:
        """Read until the server closes; its close code."""
        while True:
            msg = await self.ws.receive(timeout=timeout)
            if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                            aiohttp.WSMsgType.CLOSING):
                return self.ws.close_code
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(json.loads(msg.data))


class Web:
    """A web transport on 127.0.0.1 (a port of its own) and a way to connect to it."""

    def __init__(self, transport: WebTransport, session: aiohttp.ClientSession) -> None:
        self.transport = transport
        self.session = session
        self.tickets = transport.tickets

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.transport.port}/ws"

    async def raw(self, origin: str | None = PUBLIC) -> aiohttp.ClientWebSocketResponse:
        headers = {"Origin": origin} if origin else {}
        return await self.session.ws_connect(self.url, headers=headers, autoping=True)

    async def connect(self, user: int, channel: int = 1, *, version: int | None = None,
                      lang: str = "en", ticket: str | None = None) -> Client:
        client = Client(await self.raw())
        hello: dict = {"type": "hello", "ticket": ticket or self.tickets.issue(user, channel),
                       "lang": lang}
        if version is not None:
            hello["version"] = version
        await client.send(hello)
        return client


@asynccontextmanager
async def web_table(core: Core, **kw) -> AsyncIterator[Web]:
    """The transport (``kw``: its rate and burst; whole games here play faster than people)."""
    kw = {"rate": 1000.0, "burst": 1000} | kw
    transport = WebTransport(core, WebConfig("127.0.0.1", 0, PUBLIC), tickets=Tickets(),
                             app_id=lambda: APP_ID, **kw)
    await transport.start()
    try:
        async with aiohttp.ClientSession() as session:
            yield Web(transport, session)
    finally:
        await transport.stop()


async def play_out(client: Client, pick: Callable[[list[dict]], dict] = lambda m: m[0],
                   limit: int = 5000) -> int:
    """Play ``client``'s seat (the first offered move) until the game is over; moves made."""
    made = 0
    sent = -1
    while client.over is None:
        table = client.table
        offered = [] if table is None else protocol.offered(table)
        if table is None or not offered or table["version"] == sent:
            await client.recv()
            continue
        move = pick(offered)
        sent = table["version"]
        await client.send({"type": "move", "version": sent,
                           "action": {"kind": move["kind"], "args": move["args"]}})
        out = await client.until(lambda f: f["type"] in ("outcome", "over"))
        if out["type"] == "outcome":
            assert out["result"] == "made", out
        made += 1
        assert made < limit
    return made
