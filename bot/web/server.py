"""The web table's server: an aiohttp app on the bot's own event loop and ``Core``.

``GET /ws`` is the websocket (docs/ACTIVITY.md, "Protocol").  A connection is admitted by
its Origin (``PARLOUR_PUBLIC_URL``'s, or the Activity's ``https://<app id>.discordsays.com``)
and then by the single-use ticket of its first frame; the ticket's user is the seat's holder
(or, not seated, a spectator who gets the public view only).  Moves go through the seat
(``bot/seat.py``); updates come from the core's hub like the Discord adapter's, in a
subscription of their own (a slow web client never holds up Discord).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from ..core import Core, IllegalMove, TableError
from ..core.errors import NO_TABLE
from ..core.hub import Subscription
from ..core.updates import BoardChanged, GameOver, TableClosed, TableInfo, Update
from ..i18n import N_, Lang, lang_for
from ..present import present
from ..present.base import seat_label
from ..present.messages import marked, said
from ..seat import NOT_SEATED, NOT_STARTED, Result, TablePlace
from . import protocol as p
from . import tickets as tickets_mod
from .sync import TableLog

log = logging.getLogger("parlour.web")

BAD_FRAME = N_("That message could not be read: send one JSON object of the protocol.")
HELLO_FIRST = N_("Send the hello with your ticket first.")
BAD_TICKET = N_("This ticket has expired or was already used: open the table again.")
TOO_FAST = N_("Too many messages at once: wait a moment, then send the move again.")
MOVED_ON = N_("⏩ The game has moved on since that move was chosen - here is the table now.")
ELSEWHERE = N_("That move belongs to a table in another channel.")

FRAME_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"
CSP = f"default-src 'self'; frame-ancestors {FRAME_ANCESTORS}"
HELLO_SECONDS = 10.0     # a connection that sends no hello by then is closed
RATE, BURST = 10.0, 20   # client frames per second, and at once
DROPS_TO_CLOSE = 50      # frames over the rate before the connection is closed
CLOSE_TICKET = 4001      # websocket close codes of this protocol
CLOSE_TABLE = 4004


class WebConfigError(ValueError):
    """A web setting is malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class WebConfig:
    host: str
    port: int
    public_url: str
    client_secret: str | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> WebConfig | None:
        """The web settings, or None when ``PARLOUR_WEB`` is not set (the transport off)."""
        where = (env.get("PARLOUR_WEB") or "").strip()
        if not where:
            return None
        host, sep, port = where.rpartition(":")
        host = host.strip("[]")
        if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
            raise WebConfigError(f"PARLOUR_WEB={where!r} is not HOST:PORT, e.g. 127.0.0.1:8080")
        public = (env.get("PARLOUR_PUBLIC_URL") or "").strip().rstrip("/")
        if not origin_of(public):
            raise WebConfigError("PARLOUR_WEB needs PARLOUR_PUBLIC_URL, the address people "
                                 "open, e.g. https://parlour.example.org")
        secret = (env.get("DISCORD_CLIENT_SECRET") or "").strip() or None
        return cls(host, int(port), public, secret)


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) URL, or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


@dataclass(eq=False)
class Conn:
    ws: web.WebSocketResponse
    user_id: int
    channel_id: int
    lang: Lang
    seat: int | None = None
    version: int = -1          # the newest version this connection was sent
    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    drops: int = 0

    def allow(self) -> bool:
        """One client frame, within the rate (a token bucket)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.drops += 1
        return False


class WebTransport:
    """The web table of ``core`` (start it, then stop it before the core stops)."""

    def __init__(self, core: Core, config: WebConfig, *,
                 tickets: tickets_mod.Tickets | None = None,
                 app_id: Callable[[], int | None] = lambda: None,
                 rate: float = RATE, burst: int = BURST) -> None:
        self.core = core
        self.rate, self.burst = rate, burst
        self.config = config
        self.tickets = tickets or tickets_mod.DEFAULT
        self.app_id = app_id
        self.logs: dict[int, TableLog] = {}
        self.conns: dict[int, set[Conn]] = {}
        self.app = web.Application()
        self.app.router.add_get("/ws", self.websocket)
        self.app.on_response_prepare.append(_headers)
        self._runner: web.AppRunner | None = None
        self._sub: Subscription | None = None
        self.port: int | None = None

    # --- lifecycle ------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen on the configured address; the port (the one chosen, for port 0)."""
        self._sub = self.core.subscribe(self.on_update)
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.host, self.config.port)
        await site.start()
        addresses = self._runner.addresses
        self.port = int(addresses[0][1]) if addresses else self.config.port
        log.info("web table listening on %s:%s", self.config.host, self.port)
        return self.port

    async def stop(self) -> None:
        if self._sub is not None:
            self._sub.close()
            self._sub = None
        for conns in list(self.conns.values()):
            for conn in list(conns):
                await conn.ws.close(code=WSCloseCode.GOING_AWAY)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- admission ------------------------------------------------------------------------

    def origins(self) -> set[str]:
        allowed = {origin_of(self.config.public_url) or ""}
        app = self.app_id()
        if app:
            allowed.add(f"https://{app}.discordsays.com")
        return allowed

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        origin = (request.headers.get("Origin") or "").lower()
        if origin not in self.origins():
            return web.Response(status=403, text="origin not allowed")
        ws = web.WebSocketResponse(max_msg_size=p.MAX_FRAME, heartbeat=30.0)
        await ws.prepare(request)
        conn: Conn | None = None
        try:
            conn = await self._hello(ws)
            if conn is not None:
                await self._serve(conn)
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception:   # never a traceback to the client: log it and close
            log.exception("web connection failed")
            await ws.close(code=WSCloseCode.INTERNAL_ERROR)
        finally:
            if conn is not None:
                self._forget(conn)
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> Conn | None:
        try:
            msg = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await ws.close(code=WSCloseCode.POLICY_VIOLATION)
            return None
        if msg.type != WSMsgType.TEXT:
            await ws.close(code=WSCloseCode.POLICY_VIOLATION
                           if msg.type == WSMsgType.BINARY else WSCloseCode.MESSAGE_TOO_BIG)
            return None
        try:
            hello = p.parse(msg.data)
        except p.BadFrame:
            hello = None
        lang = lang_for(hello.lang if isinstance(hello, p.Hello) else None)
        if not isinstance(hello, p.Hello):
            await self._send_error(ws, None, p.HELLO_FIRST, HELLO_FIRST, lang)
            await ws.close(code=WSCloseCode.POLICY_VIOLATION)
            return None
        ticket = self.tickets.redeem(hello.ticket)
        if ticket is None:
            await self._send_error(ws, None, p.BAD_TICKET, BAD_TICKET, lang)
            await ws.close(code=CLOSE_TICKET)
            return None
        info = self.core.table(ticket.channel_id)
        if info is None or info.status != "playing":
            why = NOT_STARTED if info is not None and info.status == "lobby" else NO_TABLE
            await self._send_error(ws, info.move if info else None, p.NO_TABLE, why, lang)
            await ws.close(code=CLOSE_TABLE)
            return None
        conn = Conn(ws, ticket.user_id, ticket.channel_id, lang, info.seat_of(ticket.user_id),
                    rate=self.rate, burst=self.burst, tokens=self.burst)
        if ticket.channel_id not in self.logs:
            self.logs[ticket.channel_id] = TableLog(info.move)
        self.conns.setdefault(conn.channel_id, set()).add(conn)
        await self._catch_up(conn, hello.version)
        return conn

    def _forget(self, conn: Conn) -> None:
        conns = self.conns.get(conn.channel_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.conns[conn.channel_id]

    # --- a connection's frames ------------------------------------------------------------

    async def _serve(self, conn: Conn) -> None:
        ws = conn.ws
        async for msg in ws:
            if msg.type == WSMsgType.ERROR:
                break
            if not conn.allow():
                if conn.drops >= DROPS_TO_CLOSE:
                    await ws.close(code=WSCloseCode.POLICY_VIOLATION)
                    break
                await self._send_error(ws, conn.version, p.TOO_FAST, TOO_FAST, conn.lang)
                continue
            try:
                if msg.type != WSMsgType.TEXT:
                    raise p.BadFrame("binary")
                frame = p.parse(msg.data)
                if isinstance(frame, p.Hello):
                    raise p.BadFrame("hello again")
            except p.BadFrame:
                await self._send_error(ws, conn.version, p.BAD_FRAME, BAD_FRAME, conn.lang)
                continue
            if isinstance(frame, p.Sync):
                await self._catch_up(conn, frame.version)
            else:
                await self._move(conn, frame)

    async def _move(self, conn: Conn, move: p.Move) -> None:
        lang = conn.lang
        if conn.seat is None:
            await self._send_error(conn.ws, conn.version, p.NOT_SEATED, NOT_SEATED, lang)
            return
        place = TablePlace(self.core, conn.channel_id)
        try:
            action = await place.parse(move.text)
        except IllegalMove as e:
            await self._send(conn.ws, p.outcome_frame(conn.version, Result.NOT_LEGAL.name.lower(),
                                                      said(e.message, lang)))
            return
        except TableError as e:
            await self._send_error(conn.ws, conn.version, p.NO_TABLE, said(e, lang), None)
            return
        try:
            outcome = await place.act(conn.user_id, action, move.version, here=conn.channel_id)
        except TableError as e:
            await self._send_error(conn.ws, conn.version, p.NO_TABLE, said(e, lang), None)
            return
        text = {Result.MADE: None, Result.MOVED_ON: lang._(MOVED_ON),
                Result.ELSEWHERE: lang._(ELSEWHERE)}.get(
                    outcome.result, said(outcome.reason or "", lang))
        version = outcome.version if outcome.version is not None else conn.version
        await self._send(conn.ws, p.outcome_frame(version, outcome.result.name.lower(), text,
                                                  outcome.action))

    async def _catch_up(self, conn: Conn, version: int | None) -> None:
        """What ``conn`` missed since ``version``: the updates then the scene, or a snapshot."""
        info = self.core.table(conn.channel_id)
        if info is None or info.status != "playing":
            return
        table_log = self.logs.get(conn.channel_id)
        missed = None
        if version is not None and table_log is not None and table_log.version == info.move:
            missed = table_log.missed(version)
        if missed is None:
            await self._send_table(conn, "snapshot", info)
            return
        for entry in missed:
            await self._send(conn.ws, self._update_frame(conn, entry))
        await self._send_table(conn, "scene", info)

    def _update_frame(self, conn: Conn, entry) -> dict:
        events = [marked(e.text, conn.lang) for e in entry.events
                  if e.to is None or (conn.seat is not None and e.to == conn.seat)]
        return p.update_frame(entry.version, events, entry.seat, entry.action, entry.actor)

    async def _send_table(self, conn: Conn, kind: str, info: TableInfo) -> None:
        frame = await self.table_frame(conn, kind, info)
        conn.version = frame["version"]
        await self._send(conn.ws, frame)

    async def table_frame(self, conn: Conn, kind: str, info: TableInfo) -> dict:
        """The table as ``conn`` may see it: its seat's scene, or the public one."""
        if conn.seat is not None:
            seen = await TablePlace(self.core, conn.channel_id).scene(conn.user_id, conn.lang)
            return p.table_frame(kind, seen.version, seen.scene, conn.seat, seen.names,
                                 seen.moves)
        names = _names(info, conn.lang)
        board = self.core.board(conn.channel_id)
        scene = present(board.view, names, recent=4, lang=conn.lang)
        return p.table_frame(kind, board.table.move, scene, None, names)

    # --- updates from the core ------------------------------------------------------------

    async def on_update(self, update: Update) -> None:
        if isinstance(update, BoardChanged):
            table_log = self.logs.get(update.channel_id)
            if table_log is None:
                return   # no web client ever came to this table: nothing to keep or send
            entry = table_log.record(update)
            info = self.core.table(update.channel_id)
            playing = info is not None and info.status == "playing"
            for conn in list(self.conns.get(update.channel_id, ())):
                if entry is not None and entry.version > conn.version:
                    # Also the game's last move: its update comes before the ``over``.
                    await self._send(conn.ws, self._update_frame(conn, entry))
                    conn.version = entry.version
                # The scene once the updates are told up to the table's version (the hub
                # may be a few moves behind the table: their updates come first).
                if playing and info is not None and info.move == conn.version:
                    await self._send_table(conn, "scene", info)
        elif isinstance(update, GameOver):
            self.logs.pop(update.channel_id, None)
            for conn in list(self.conns.pop(update.channel_id, ())):
                names = _names(update.table, conn.lang)
                scene = present(update.view, names, recent=4, lang=conn.lang)
                await self._send(conn.ws, p.over_frame(update.table.move, scene, names))
                await conn.ws.close()
        elif isinstance(update, TableClosed):
            self.logs.pop(update.channel_id, None)
            for conn in list(self.conns.pop(update.channel_id, ())):
                await self._send_error(conn.ws, update.table.move, p.NO_TABLE, NO_TABLE,
                                       conn.lang)
                await conn.ws.close(code=CLOSE_TABLE)

    # --- sending --------------------------------------------------------------------------

    async def _send(self, ws: web.WebSocketResponse, frame: dict) -> None:
        if ws.closed:
            return
        try:
            await ws.send_str(p.dumps(frame))
        except (ConnectionError, RuntimeError):
            log.debug("web client gone before a frame", exc_info=True)

    async def _send_error(self, ws: web.WebSocketResponse, version: int | None, code: str,
                          text: str, lang: Lang | None) -> None:
        await self._send(ws, p.error_frame(version, code, lang._(text) if lang else text))


def _names(info: TableInfo, lang: Lang) -> tuple[str, ...]:
    return tuple(seat_label(s.name, s.kind, s.ai_level, lang) for s in info.seats)


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response: only Discord may frame the page; nothing is sniffed or referred."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"


__all__ = ["CSP", "WebConfig", "WebConfigError", "WebTransport", "origin_of"]
