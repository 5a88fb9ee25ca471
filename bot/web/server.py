"""The web table's server: an aiohttp app on the bot's own event loop and ``Core``.

``GET /ws`` is the websocket (docs/ACTIVITY.md, "Protocol").  A connection is admitted by
its Origin (``PARLOUR_PUBLIC_URL``'s, or the Activity's ``https://<app id>.discordsays.com``)
and then by the single-use ticket of its first frame; the ticket's user is the seat's holder
(or, not seated, a spectator who gets the public view only).  Moves go through the seat
(``bot/seat.py``); updates come from the core's hub like the Discord adapter's, in a
subscription of their own (a slow web client never holds up Discord).

Each frame of an update is encoded once per view (seat and language) and the same text
queued to every connection with that view; each connection has a writer of its own with a
bounded queue, so a slow client holds up nobody and costs at most ``QUEUE_FRAMES`` frames:
past them it is closed with 1013 (try again later), and its reconnect catches up from its
version.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from ..core import Core, IllegalMove, TableError
from ..core.errors import NO_TABLE
from ..core.hub import Subscription
from ..core.updates import BoardChanged, GameOver, TableClosed, TableInfo, Update
from ..i18n import N_, Lang, lang_for
from ..present import coach as coach_words
from ..present import present
from ..present.base import presenter_for, seat_label
from ..present.messages import marked, said
from ..seat import NOT_SEATED, NOT_STARTED, Result, TablePlace
from . import protocol as p
from . import tickets as tickets_mod
from .auth import DiscordLink, WebAuth
from .sync import Entry, TableLog

log = logging.getLogger("parlour.web")

BAD_FRAME = N_("That message could not be read: send one JSON object of the protocol.")
HELLO_FIRST = N_("Send the hello with your ticket first.")
BAD_TICKET = N_("This ticket has expired or was already used: open the table again.")
TOO_FAST = N_("Too many messages at once: wait a moment, then send the move again.")
MOVED_ON = N_("⏩ The game has moved on since that move was chosen - here is the table now.")
ELSEWHERE = N_("That move belongs to a table in another channel.")
STALE_HINT = N_("That was for an earlier position - the game has moved on.")

STATIC = Path(__file__).parent / "static"    # the built client (web/, `npm run build`)
PAGES = ("/", "/t/{channel}", "/replay/{game}")

FRAME_ANCESTORS = "https://discord.com https://*.discord.com"


def csp(app_id: int | None) -> str:
    """Only Discord may frame the page: its clients, and this application's own Activity
    origin once the bot knows its id - not another application's Activity (any
    ``*.discordsays.com`` would let one frame this table inside its own)."""
    own = f" https://{app_id}.discordsays.com" if app_id else ""
    return f"default-src 'self'; frame-ancestors {FRAME_ANCESTORS}{own}"


HELLO_SECONDS = 10.0     # a connection that sends no hello by then is closed
RATE, BURST = 10.0, 20   # client frames per second, and at once
DROPS_TO_CLOSE = 50      # frames over the rate before the connection is closed
CLOSE_SECONDS = 5.0      # how long a queued close may wait for the frames before it
QUEUE_FRAMES = 32        # frames waiting for a slow client before it is closed (1013)
MAX_BODY = 16 * 1024     # bytes of an HTTP request body (sign-in and ticket requests)
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


@dataclass(frozen=True)
class _Close:
    code: int


@dataclass(eq=False)
class Conn:
    ws: web.WebSocketResponse
    user_id: int
    channel_id: int
    lang: Lang
    seat: int | None = None
    version: int = -1          # the newest version this connection was sent (or queued)
    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    drops: int = 0
    queue: asyncio.Queue[str | _Close] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_FRAMES + 1))
    closing: bool = False      # a close is queued: nothing more is
    writer: asyncio.Task[None] | None = None

    @property
    def view(self) -> tuple[int | None, str]:
        """Whose eyes this connection has: connections with the same view get the same
        frames (the seat's holder, or any spectator, in one language)."""
        return self.seat, self.lang.code

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def stop(self) -> None:
        if self.writer is not None:
            self.writer.cancel()

    async def finish(self) -> None:
        """The connection's handler ends: a queued close is sent first (briefly)."""
        if self.closing and self.writer is not None:
            await asyncio.wait([self.writer], timeout=CLOSE_SECONDS)
        self.stop()

    def put(self, text: str) -> None:
        """Queue a frame's text; a client too slow to take ``QUEUE_FRAMES`` is closed."""
        if self.closing:
            return
        if self.queue.qsize() >= QUEUE_FRAMES:
            while not self.queue.empty():
                self.queue.get_nowait()
            log.info("web client too slow: closing it (it reconnects and catches up)")
            self.close(WSCloseCode.TRY_AGAIN_LATER)
            return
        self.queue.put_nowait(text)

    async def settle(self) -> None:
        """Wait while half the queue is taken: a client's own frames (a flood of syncs, of
        refused moves) slow its reader, not close it as a slow client."""
        while self.queue.qsize() >= QUEUE_FRAMES // 2 and self.writer is not None \
                and not self.writer.done():
            await asyncio.sleep(0.01)

    def close(self, code: int = WSCloseCode.OK) -> None:
        """Close once the frames queued before are sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(_Close(code))

    async def _write(self) -> None:
        ws = self.ws
        while True:
            item = await self.queue.get()
            if isinstance(item, _Close):
                await ws.close(code=item.code)
                return
            if ws.closed:
                continue
            try:
                await ws.send_str(item)
            except (ConnectionError, RuntimeError):
                log.debug("web client gone before a frame", exc_info=True)

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
                 link: DiscordLink | None = None,
                 rate: float = RATE, burst: int = BURST) -> None:
        self.core = core
        self.rate, self.burst = rate, burst
        self.config = config
        self.tickets = tickets or tickets_mod.DEFAULT
        # A ticket is good once in whichever process redeems it: the used ones are stored.
        self.tickets.bind(core.store)
        self.app_id = app_id
        self.logs: dict[int, TableLog] = {}
        self.conns: dict[int, set[Conn]] = {}
        self.app = web.Application(client_max_size=MAX_BODY)
        self.app.router.add_get("/ws", self.websocket)
        for page in PAGES:
            self.app.router.add_get(page, _index)
        self.app.router.add_get("/assets/{name}", _asset)
        self.auth = WebAuth(core, public_url=config.public_url,
                            client_secret=config.client_secret, tickets=self.tickets,
                            app_id=app_id, link=link, origins=self.origins)
        self.auth.add_routes(self.app)
        self.app.on_response_prepare.append(self._headers)
        self._runner: web.AppRunner | None = None
        self._sub: Subscription | None = None
        self._foreign: Subscription | None = None
        self.port: int | None = None

    # --- lifecycle ------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen on the configured address; the port (the one chosen, for port 0)."""
        self._sub = self.core.subscribe(self.on_update)
        self._foreign = self.core.subscribe_foreign(self.on_update)
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.host, self.config.port)
        await site.start()
        addresses = self._runner.addresses
        self.port = int(addresses[0][1]) if addresses else self.config.port
        log.info("web table listening on %s:%s", self.config.host, self.port)
        return self.port

    async def stop(self) -> None:
        for sub in (self._sub, self._foreign):
            if sub is not None:
                sub.close()
        self._sub = self._foreign = None
        for conns in list(self.conns.values()):
            for conn in list(conns):
                conn.stop()
                await conn.ws.close(code=WSCloseCode.GOING_AWAY)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.auth.close()

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every response: only Discord may frame the page; nothing is sniffed or referred."""
        response.headers["Content-Security-Policy"] = csp(self.app_id())
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"

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
                await conn.finish()
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
            await _send_now(ws, p.error_frame(None, p.HELLO_FIRST, lang._(HELLO_FIRST)))
            await ws.close(code=WSCloseCode.POLICY_VIOLATION)
            return None
        ticket = await self.tickets.redeem(hello.ticket)
        if ticket is None:
            await _send_now(ws, p.error_frame(None, p.BAD_TICKET, lang._(BAD_TICKET)))
            await ws.close(code=CLOSE_TICKET)
            return None
        # A table another shard process owns is loaded from the database (docs/SCALING.md).
        info = self.core.table(ticket.channel_id) \
            or await self.core.fetch_table(ticket.channel_id)
        if info is None or info.status != "playing":
            why = NOT_STARTED if info is not None and info.status == "lobby" else NO_TABLE
            await _send_now(ws, p.error_frame(info.move if info else None, p.NO_TABLE,
                                              lang._(why)))
            await ws.close(code=CLOSE_TABLE)
            return None
        conn = Conn(ws, ticket.user_id, ticket.channel_id, lang, info.seat_of(ticket.user_id),
                    rate=self.rate, burst=self.burst, tokens=self.burst)
        conn.start()
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
            await conn.settle()
            if not conn.allow():
                if conn.drops >= DROPS_TO_CLOSE:
                    conn.close(WSCloseCode.POLICY_VIOLATION)
                    break
                self._send_error(conn, conn.version, p.TOO_FAST, TOO_FAST, conn.lang)
                continue
            try:
                if msg.type != WSMsgType.TEXT:
                    raise p.BadFrame("binary")
                frame = p.parse(msg.data)
                if isinstance(frame, p.Hello):
                    raise p.BadFrame("hello again")
            except p.BadFrame:
                self._send_error(conn, conn.version, p.BAD_FRAME, BAD_FRAME, conn.lang)
                continue
            if isinstance(frame, p.Sync):
                await self._catch_up(conn, frame.version)
            elif isinstance(frame, p.HintAsk):
                await self._hint(conn, frame.version)
            else:
                await self._move(conn, frame)

    async def _move(self, conn: Conn, move: p.Move) -> None:
        lang = conn.lang
        if conn.seat is None:
            self._send_error(conn, conn.version, p.NOT_SEATED, NOT_SEATED, lang)
            return
        place = TablePlace(self.core, conn.channel_id)
        try:
            action = await place.parse(move.text)
        except IllegalMove as e:
            self._send(conn, p.outcome_frame(conn.version, Result.NOT_LEGAL.name.lower(),
                                                      said(e.message, lang)))
            return
        except TableError as e:
            self._send_error(conn, conn.version, p.NO_TABLE, said(e, lang), None)
            return
        try:
            outcome = await place.act(conn.user_id, action, move.version, here=conn.channel_id)
        except TableError as e:
            self._send_error(conn, conn.version, p.NO_TABLE, said(e, lang), None)
            return
        text = {Result.MADE: None, Result.MOVED_ON: lang._(MOVED_ON),
                Result.ELSEWHERE: lang._(ELSEWHERE)}.get(
                    outcome.result, said(outcome.reason or "", lang))
        version = outcome.version if outcome.version is not None else conn.version
        self._send(conn, p.outcome_frame(version, outcome.result.name.lower(), text,
                                                  outcome.action))

    async def _hint(self, conn: Conn, version: int) -> None:
        """The Hint button's answer (bot/core/hints.py: the same fairness rule and the same
        hard-AI search as on Discord), for the position the client saw."""
        if conn.seat is None:
            self._send_error(conn, conn.version, p.NOT_SEATED, NOT_SEATED, conn.lang)
            return
        info = self.core.table(conn.channel_id)
        if info is None or info.move != version:
            self._send(conn, p.hint_frame(conn.version, "⏩ " + conn.lang._(STALE_HINT)))
            return
        try:
            got = await self.core.hints.hint(conn.channel_id, conn.user_id)
        except TableError as e:
            self._send_error(conn, conn.version, p.NO_HINT, said(e, conn.lang), None)
            return
        move = presenter_for(info.game, conn.lang).describe(got.action)
        self._send(conn, p.hint_frame(
            got.move, "💡 " + coach_words.hint_text(move, got.reasons, conn.lang)))

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
            self._send(conn, self._update_frame(conn, entry))
        await self._send_table(conn, "scene", info)

    def _update_frame(self, conn: Conn, entry: Entry) -> dict:
        events = [marked(e.text, conn.lang) for e in entry.events
                  if e.to is None or (conn.seat is not None and e.to == conn.seat)]
        return p.update_frame(entry.version, events, entry.seat, entry.action, entry.actor)

    async def _send_table(self, conn: Conn, kind: str, info: TableInfo,
                          made: dict[tuple[int | None, str], tuple[int, str]] | None = None
                          ) -> None:
        """``made``: this update's frames by view, each encoded once for every connection
        with that view (the same seat's scene, or the same public one)."""
        got = None if made is None else made.get(conn.view)
        if got is None:
            frame = await self.table_frame(conn, kind, info)
            got = frame["version"], p.dumps(frame)
            if made is not None:
                made[conn.view] = got
        conn.version = got[0]
        conn.put(got[1])

    async def table_frame(self, conn: Conn, kind: str, info: TableInfo) -> dict:
        """The table as ``conn`` may see it: its seat's scene, or the public one."""
        if conn.seat is not None:
            seen = await TablePlace(self.core, conn.channel_id).scene(conn.user_id, conn.lang)
            return p.table_frame(
                kind, seen.version, seen.scene, conn.seat, seen.names, seen.moves,
                hint=self.core.hints.offered(conn.channel_id, conn.user_id),
                deadline=info.deadline if info.current_seat == conn.seat else None)
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
            told: dict[tuple[int | None, str], str] = {}   # the update frame, by view
            made: dict[tuple[int | None, str], tuple[int, str]] = {}   # and the scene
            for conn in list(self.conns.get(update.channel_id, ())):
                if entry is not None and entry.version > conn.version:
                    # Also the game's last move: its update comes before the ``over``.
                    text = told.get(conn.view)
                    if text is None:
                        text = told[conn.view] = p.dumps(self._update_frame(conn, entry))
                    conn.put(text)
                    conn.version = entry.version
                # The scene once the updates are told up to the table's version (the hub
                # may be a few moves behind the table: their updates come first).
                if playing and info is not None and info.move == conn.version:
                    await self._send_table(conn, "scene", info, made)
        elif isinstance(update, GameOver):
            self.logs.pop(update.channel_id, None)
            over: dict[str, str] = {}    # the public end of the game, by language
            for conn in list(self.conns.pop(update.channel_id, ())):
                text = over.get(conn.lang.code)
                if text is None:
                    names = _names(update.table, conn.lang)
                    scene = present(update.view, names, recent=4, lang=conn.lang)
                    text = over[conn.lang.code] = p.dumps(
                        p.over_frame(update.table.move, scene, names))
                conn.put(text)
                conn.close()
        elif isinstance(update, TableClosed):
            self.logs.pop(update.channel_id, None)
            for conn in list(self.conns.pop(update.channel_id, ())):
                self._send_error(conn, update.table.move, p.NO_TABLE, NO_TABLE, conn.lang)
                conn.close(CLOSE_TABLE)

    # --- sending --------------------------------------------------------------------------

    def _send(self, conn: Conn, frame: dict) -> None:
        conn.put(p.dumps(frame))

    def _send_error(self, conn: Conn, version: int | None, code: str, text: str,
                    lang: Lang | None) -> None:
        self._send(conn, p.error_frame(version, code, lang._(text) if lang else text))


async def _send_now(ws: web.WebSocketResponse, frame: dict) -> None:
    """A frame before the connection has its writer (the hello's refusals)."""
    try:
        await ws.send_str(p.dumps(frame))
    except (ConnectionError, RuntimeError):
        log.debug("web client gone before a frame", exc_info=True)


def _names(info: TableInfo, lang: Lang) -> tuple[str, ...]:
    return tuple(seat_label(s.name, s.kind, s.ai_level, lang, s.ai_name) for s in info.seats)


async def _index(request: web.Request) -> web.StreamResponse:
    """The client's one page (it reads its path: a table, a replay, the Activity's root)."""
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _asset(request: web.Request) -> web.StreamResponse:
    """A built asset: its name holds its hash, so it may be kept for a year."""
    name = request.match_info["name"]
    path = STATIC / "assets" / name
    if "/" in name or name.startswith(".") or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={
        "Cache-Control": "public, max-age=31536000, immutable"})




__all__ = ["csp", "WebConfig", "WebConfigError", "WebTransport", "origin_of"]
