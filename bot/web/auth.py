"""Who is at the web table: the Activity's sign-in, the browser's Discord login, tickets,
and the replay (docs/ACTIVITY.md, "Signing in"; the contract of WEB_CONTRACT.md).

Inside Discord the page's ``commands.authorize`` code is exchanged here (the client secret
stays on the server), and the bot checks with the bot token that the user is in that
Activity instance before a ticket names them.  In a browser, ``/login`` sends the user to
Discord's authorize page and ``/oauth/callback`` turns the code into a server-side session
(a cookie any shard process accepts: the session row is in the database).  Errors are
``{"error": CODE, "text": TEXT}`` with TEXT in the request's language; nothing secret is
ever in a response or a log line (Discord's refusals are logged by status only).
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from aiohttp import web

from ..core import Core, TableError
from ..core.replay import Replay, load_replay
from ..i18n import N_, Lang, lang_for
from .discord_api import DiscordApi, DiscordRefused, DiscordUser
from .replay import players_of, replay_json
from .sessions import SESSION_DAYS, WebStore
from .tickets import Tickets

log = logging.getLogger("parlour.web")

SESSION_COOKIE = "parlour_session"
STATE_COOKIE = "parlour_oauth"
VIEW_CACHE_SECONDS = 30.0     # how long "may this user see that channel" is remembered
VIEW_CACHE_MAX = 10_000

LOGIN = N_("Log in with Discord first.")
FORBIDDEN = N_("You cannot see that channel, so you cannot watch its table.")
BAD_REQUEST = N_("That request could not be read.")
REFUSED = N_("Discord did not accept the sign-in: open the table again.")
NOT_IN_INSTANCE = N_("You are not in this Activity: open it again from Discord.")
NO_ACTIVITY = N_("This bot is not set up for the Activity yet (no client secret).")
STALE_LOGIN = N_("That sign-in has expired: log in again.")
NO_TABLE_HERE = N_("There is no table in this channel yet: open one with /table new in the "
                   "channel, then start the Activity again.")
BAD_ORIGIN = N_("That request came from another site.")
NO_GAME = N_("There is no finished game #{id}.")
NO_REVEAL = N_("Only a player of this game can show every hand, once it is over.")
REPLAY_LOGIN = N_("Log in with Discord to see this game's replay.")
REPLAY_CHANNEL = N_("You cannot see the channel this game was played in, so you cannot see "
                    "its replay.")
REPLAY_PLAYERS = N_("Only the players of this game can see its replay.")

_INSTANCE = re.compile(r"^[A-Za-z0-9_:.-]{1,100}$")
_SNOWFLAKE = re.compile(r"^[0-9]{1,20}$")


class Refusal(Exception):
    """An answer with a 4xx status and an ``error`` body."""

    def __init__(self, status: int, code: str, text: str, **values: object) -> None:
        super().__init__(code)
        self.status, self.code, self.text, self.values = status, code, text, values


@dataclass
class DiscordLink:
    """What the web table needs of the Discord side (``bot/discordbot/web_link.py``): the
    REST root and bot token for its own few calls, and whether a user may see a channel."""
    api_root: Callable[[], str]
    bot_token: str | None = field(repr=False)
    can_view: Callable[[int, int], Awaitable[bool]]


def _lang(request: web.Request, body: dict | None = None) -> Lang:
    code = request.query.get("lang") or (body or {}).get("lang")
    if not isinstance(code, str) or not code:
        code = (request.headers.get("Accept-Language") or "").split(",")[0].split(";")[0]
    return lang_for(code.strip() or None)


def _user_json(user: DiscordUser) -> dict:
    return {"id": str(user.id), "name": user.name}


def _safe_next(path: str | None) -> str:
    """A local path to go back to after the login (never another site)."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path \
            or len(path) > 500:
        return "/"
    return path


class WebAuth:
    """The HTTP routes of sign-in, tickets and replays, added to the transport's app."""

    def __init__(self, core: Core, *, public_url: str, client_secret: str | None,
                 tickets: Tickets, app_id: Callable[[], int | None],
                 link: DiscordLink | None, origins: Callable[[], set[str]],
                 clock: Callable[[], float] = time.time) -> None:
        self.core = core
        self.public_url = public_url
        self.client_secret = client_secret
        self.tickets = tickets
        self.app_id = app_id
        self.link = link
        self.origins = origins     # the websocket's: the public URL's and the Activity's
        self.clock = clock
        self._api: DiscordApi | None = None
        self._views: dict[tuple[int, int], tuple[float, bool]] = {}
        self.secure = urlsplit(public_url).scheme == "https"

    @property
    def redirect_uri(self) -> str:
        return self.public_url + "/oauth/callback"

    @property
    def store(self) -> WebStore:
        return WebStore(self.core.store, self.clock)

    def add_routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/api/config", self.config)
        r.add_post("/api/activity/session", self._json(self.activity_session))
        r.add_post("/api/activity/ticket", self._json(self.activity_ticket))
        r.add_get("/login", self.login)
        r.add_get("/oauth/callback", self.callback)
        r.add_post("/logout", self.logout)
        r.add_get("/api/me", self._json(self.me))
        r.add_post("/api/ticket", self._json(self.ticket))
        r.add_get(r"/api/replay/{game_id:\d{1,18}}", self._json(self.replay))

    async def close(self) -> None:
        if self._api is not None:
            await self._api.close()

    # --- plumbing -------------------------------------------------------------------------

    def _json(self, handler: Callable[[web.Request, dict, Lang], Awaitable[dict]]
              ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def route(request: web.Request) -> web.Response:
            body: dict = {}
            origin = request.headers.get("Origin")
            if request.method == "POST" and origin is not None \
                    and origin.lower() not in self.origins():
                # A page of another site posting with the user's cookie: never.
                return _error(403, "origin", _lang(request)._(BAD_ORIGIN))
            if request.method == "POST":
                try:
                    body = json.loads(await request.text()) if request.can_read_body else {}
                except (ValueError, UnicodeDecodeError):
                    body = None  # type: ignore[assignment]
                if not isinstance(body, dict):
                    return _error(400, "bad_request", _lang(request)._(BAD_REQUEST))
            lang = _lang(request, body)
            try:
                return web.json_response(await handler(request, body, lang))
            except Refusal as e:
                return _error(e.status, e.code, lang._(e.text, **e.values))
        return route

    def api(self) -> DiscordApi:
        app = self.app_id()
        if self.link is None or not app or not self.client_secret:
            raise Refusal(503, "no_activity", NO_ACTIVITY)
        if self._api is None or self._api.client_id != app:
            self._api = DiscordApi(self.link.api_root(), app, self.client_secret,
                                   self.link.bot_token)
        return self._api

    async def _user_of_request(self, request: web.Request) -> DiscordUser:
        user = await self.store.session(request.cookies.get(SESSION_COOKIE))
        if user is None:
            raise Refusal(401, "login", LOGIN)
        return user

    async def _table_exists(self, channel_id: int) -> bool:
        info = self.core.table(channel_id) or await self.core.fetch_table(channel_id)
        return info is not None

    # --- public config --------------------------------------------------------------------

    async def config(self, request: web.Request) -> web.Response:
        app = self.app_id()
        return web.json_response({"client_id": str(app) if app else None,
                                  "activity": bool(app and self.client_secret and self.link)})

    # --- inside Discord: the Activity ------------------------------------------------------

    async def _instance_user(self, api: DiscordApi, access_token: str,
                             instance_id: str) -> tuple[DiscordUser, int | None]:
        """The user of ``access_token`` and the channel whose table ``instance_id`` shows,
        once Discord says the user is in that instance of this application."""
        try:
            user = await api.me(access_token)
        except DiscordRefused:
            raise Refusal(403, "discord", REFUSED) from None
        try:
            instance = await api.instance(instance_id)
        except DiscordRefused as e:
            if e.status == 404:   # no such instance of this application
                raise Refusal(403, "not_in_instance", NOT_IN_INSTANCE) from None
            raise Refusal(403, "discord", REFUSED) from None
        if instance.application_id != api.client_id or user.id not in instance.users:
            raise Refusal(403, "not_in_instance", NOT_IN_INSTANCE)
        channel = await self.store.bound_channel(instance_id) or instance.channel_id
        return user, channel

    async def activity_session(self, request: web.Request, body: dict, lang: Lang) -> dict:
        code, instance_id = body.get("code"), body.get("instance_id")
        if not isinstance(code, str) or not 0 < len(code) <= 200 \
                or not isinstance(instance_id, str) or not _INSTANCE.match(instance_id):
            raise Refusal(400, "bad_request", BAD_REQUEST)
        api = self.api()
        try:
            access_token = await api.exchange(code)   # the SDK's code: no redirect_uri
        except DiscordRefused:
            raise Refusal(403, "discord", REFUSED) from None
        user, channel = await self._instance_user(api, access_token, instance_id)
        table = channel is not None and await self._table_exists(channel)
        answer = {"access_token": access_token,
                  "ticket": self.tickets.issue(user.id, channel) if channel else None,
                  "channel_id": str(channel) if channel else None,
                  "user": _user_json(user), "table": table}
        if not table:
            answer["text"] = lang._(NO_TABLE_HERE)
        return answer

    async def activity_ticket(self, request: web.Request, body: dict, lang: Lang) -> dict:
        token, instance_id = body.get("access_token"), body.get("instance_id")
        if not isinstance(token, str) or not 0 < len(token) <= 200 \
                or not isinstance(instance_id, str) or not _INSTANCE.match(instance_id):
            raise Refusal(400, "bad_request", BAD_REQUEST)
        user, channel = await self._instance_user(self.api(), token, instance_id)
        if channel is None:
            raise Refusal(403, "not_in_instance", NOT_IN_INSTANCE)
        return {"ticket": self.tickets.issue(user.id, channel), "channel_id": str(channel)}

    # --- in a browser: the Discord login ---------------------------------------------------

    def _cookie(self, response: web.StreamResponse, name: str, value: str,
                max_age: int) -> None:
        response.set_cookie(name, value, max_age=max_age, path="/", httponly=True,
                            secure=self.secure, samesite="Lax")

    async def login(self, request: web.Request) -> web.StreamResponse:
        try:
            api = self.api()
        except Refusal as e:
            return _error(e.status, e.code, _lang(request)._(e.text))
        state = secrets.token_urlsafe(24)
        target = _safe_next(request.query.get("next"))
        response = web.HTTPFound(api.authorize_url(self.redirect_uri, state))
        self._cookie(response, STATE_COOKIE, f"{state}|{target}", 600)
        raise response

    async def callback(self, request: web.Request) -> web.StreamResponse:
        lang = _lang(request)
        kept = request.cookies.get(STATE_COOKIE, "")
        state, _, target = kept.partition("|")
        given, code = request.query.get("state", ""), request.query.get("code", "")
        if not state or not hmac.compare_digest(state.encode(), given.encode()) \
                or not code or len(code) > 200:
            return _error(400, "stale_login", lang._(STALE_LOGIN))
        try:
            api = self.api()
            user = await api.me(await api.exchange(code, self.redirect_uri))
        except Refusal as e:
            return _error(e.status, e.code, lang._(e.text))
        except DiscordRefused:
            return _error(403, "discord", lang._(REFUSED))
        session = await self.store.new_session(user)
        response = web.HTTPFound(_safe_next(target))
        self._cookie(response, SESSION_COOKIE, session, SESSION_DAYS * 86400)
        response.del_cookie(STATE_COOKIE, path="/")
        raise response

    async def logout(self, request: web.Request) -> web.StreamResponse:
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            await self.store.end_session(token)
        response = web.json_response({"ok": True})
        response.del_cookie(SESSION_COOKIE, path="/")
        return response

    async def me(self, request: web.Request, body: dict, lang: Lang) -> dict:
        return {"user": _user_json(await self._user_of_request(request))}

    async def ticket(self, request: web.Request, body: dict, lang: Lang) -> dict:
        user = await self._user_of_request(request)
        channel = body.get("channel_id")
        if not isinstance(channel, str | int) or not _SNOWFLAKE.match(str(channel)):
            raise Refusal(400, "bad_request", BAD_REQUEST)
        channel_id = int(channel)
        info = self.core.table(channel_id) or await self.core.fetch_table(channel_id)
        seat = info.seat_of(user.id) if info is not None else None
        if seat is None and not await self.can_view(user.id, channel_id):
            raise Refusal(403, "forbidden", FORBIDDEN)
        return {"ticket": self.tickets.issue(user.id, channel_id), "seat": seat}

    async def can_view(self, user_id: int, channel_id: int) -> bool:
        """The Discord side's answer, remembered a short while (a page reloads often)."""
        if self.link is None:
            return False
        now = self.clock()
        cached = self._views.get((user_id, channel_id))
        if cached is not None and cached[0] > now:
            return cached[1]
        allowed = await self.link.can_view(user_id, channel_id)
        if len(self._views) >= VIEW_CACHE_MAX:
            self._views = {k: v for k, v in self._views.items() if v[0] > now}
            if len(self._views) >= VIEW_CACHE_MAX:
                self._views.clear()
        self._views[(user_id, channel_id)] = (now + VIEW_CACHE_SECONDS, allowed)
        return allowed

    # --- replays --------------------------------------------------------------------------

    async def replay(self, request: web.Request, body: dict, lang: Lang) -> dict:
        game_id = int(request.match_info["game_id"])
        user = await self.store.session(request.cookies.get(SESSION_COOKIE))
        if user is None:   # first: not even whether the game exists
            raise Refusal(401, "login", REPLAY_LOGIN)
        try:
            replay = await load_replay(self.core.store, game_id)
        except TableError:
            raise Refusal(404, "no_game", NO_GAME, id=game_id) from None
        player = user.id in players_of(replay)
        if not player:
            await self._may_watch_replay(user.id, replay)
        reveal = request.query.get("reveal") == "1"
        if reveal and not player:
            raise Refusal(403, "forbidden", NO_REVEAL)
        return replay_json(replay, lang, reveal=reveal)

    async def _may_watch_replay(self, user_id: int, replay: Replay) -> None:
        """The spectator link's rule, for a user who did not play: they may see the game's
        Discord channel (the bot's check).  A game with no guild channel (a terminal game,
        or a direct message) was seen by its players only, and stays theirs."""
        r = replay.record
        if r.guild_id is None or r.channel_id <= 0:
            raise Refusal(403, "forbidden", REPLAY_PLAYERS)
        if not await self.can_view(user_id, r.channel_id):
            raise Refusal(403, "forbidden", REPLAY_CHANNEL)


def _error(status: int, code: str, text: str) -> web.Response:
    return web.json_response({"error": code, "text": text}, status=status)


__all__ = ["DiscordLink", "WebAuth"]
