"""The fake gateway: one ``GatewaySession`` per websocket connection.

Plain JSON text frames only. discord.py asks for transport compression in the URL
(``compress=zlib-stream``) but only decompresses *binary* frames, so answering with
text frames is both valid and simpler.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .json_text import dumps
from .models import INTENT_GUILD_PRESENCES, new_token

if TYPE_CHECKING:
    from .server import FakeDiscord

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11


class GatewaySession:
    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse, query: dict[str, str]):
        self.fake = fake
        self.ws = ws
        self.query = query  # what discord.py asked for: v, encoding, compress
        self.seq = 0
        self.session_id: str | None = None
        self.intents = 0
        self.identify: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []  # every frame the bot sent us
        self.shard: tuple[int, int] = (0, 1)      # (shard id, shard count) from IDENTIFY
        self.transport: Any = None                # the TCP connection (``drop`` cuts it)

    @property
    def ready(self) -> bool:
        return self.session_id is not None and not self.ws.closed

    def drop(self) -> None:
        """Cut the connection without a close frame, as a network failure does: the bot
        sees an abnormal closure (1006) and connects again (RESUME)."""
        if self.transport is not None:
            self.transport.abort()

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == DISPATCH:
            self.seq += 1
            frame["s"] = self.seq
        self.fake.touch()
        await self.ws.send_str(dumps(frame).decode())

    async def dispatch(self, event: str, data: Any) -> None:
        await self.send(DISPATCH, data, event)

    async def handle(self, frame: dict[str, Any]) -> None:
        self.received.append(frame)
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await self.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(data)
        elif op == RESUME:
            await self._resume(data)
        elif op == REQUEST_MEMBERS:
            await self._request_members(data)
        elif op == PRESENCE:
            self.fake.presence_updates.append(data)

    async def _identify(self, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        if self.fake.identify_close_code is not None:
            await self.ws.close(code=self.fake.identify_close_code, message=b"Refused.")
            return
        self.identify = data
        self.intents = int(data.get("intents") or 0)
        shard_id, shard_count = data.get("shard") or (0, 1)
        self.shard = (int(shard_id), int(shard_count))
        self.session_id = new_token("session")
        world = self.fake.world
        guilds = [g for gid, g in world.guilds.items()
                  if (gid >> 22) % self.shard[1] == self.shard[0]]  # Discord's sharding
        ready: dict[str, Any] = {
            "v": 10,
            "user": world.me_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": self.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await self.dispatch("READY", ready)
        all_members = bool(self.intents & INTENT_GUILD_PRESENCES)
        for guild in guilds:  # only this shard's guilds
            await self.dispatch("GUILD_CREATE", world.guild_payload(guild, all_members=all_members))
        self.fake.session_identified(self)

    async def _resume(self, data: dict[str, Any]) -> None:
        old = self.fake.session_by_id(data.get("session_id"))
        if old is None or data.get("token") != self.fake.token:
            await self.send(INVALID_SESSION, False)
            return
        # No event replay: the fake sends nothing while the bot is away.
        self.session_id, self.intents, self.seq = old.session_id, old.intents, old.seq
        self.identify, self.shard = old.identify, old.shard
        await self.dispatch("RESUMED", {})
        self.fake.session_identified(self)

    async def _request_members(self, data: dict[str, Any]) -> None:
        guild = self.fake.world.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        user_ids = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            self.fake.world.member_payload(guild, uid) for uid in guild.members
            if (not user_ids or uid in user_ids)
            and self.fake.world.users[uid].username.lower().startswith(query)
        ]
        chunk: dict[str, Any] = {"guild_id": str(guild.id), "members": members,
                                 "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)


async def gateway_handler(fake: FakeDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    session = GatewaySession(fake, ws, dict(request.query))
    session.transport = request.transport
    fake.gateway_sessions.append(session)
    try:
        await session.send(HELLO, {"heartbeat_interval": fake.heartbeat_interval_ms})
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                await session.handle(json.loads(msg.data))
            elif msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                break
    finally:
        fake.session_closed(session)
    return ws
