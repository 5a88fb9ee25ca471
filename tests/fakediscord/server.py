"""``FakeDiscord``: REST + gateway on 127.0.0.1, driven by tests.

Unmodified discord.py talks to it once ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` point here (``patch_discord``; done
automatically by ``async with FakeDiscord()``).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import ExitStack, asynccontextmanager
from typing import Any

from aiohttp import web

from . import oauth
from .commands import CommandStore
from .gateway import RECONNECT, GatewaySession, gateway_handler
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_CHANNEL_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    build_interaction,
    command_data,
    modal_submit_components,
)
from .limits import SELECT_TYPES
from .models import (
    DM,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    Channel,
    Guild,
    Member,
    Role,
    Snowflakes,
    User,
    World,
)
from .patching import patch_discord
from .recorder import Recorder, ShownEvent, StoredMessage
from .routes import ROUTES, Fault, Route, bucket_hash, ratelimit_headers, read_body
from .wire import ApiError, Reply, Req, RestCall, Violation, json_response

UserRef = User | int
ChannelRef = Channel | int
MessageRef = StoredMessage | int


class FakeDiscord:
    """A fake Discord server for one test. See the package docstring for usage."""

    def __init__(self, *, token: str = "fake-token", bot_name: str = "Parlour",
                 patch: bool = True) -> None:
        self.token = token
        self.ids = Snowflakes()
        self.world = World(self.ids, bot_name=bot_name)
        self.commands = CommandStore(self.ids, self.world.application_id)
        self.oauth = oauth.OAuth(self.world.application_id)
        self.recorder = Recorder(self.world)
        self.calls: list[RestCall] = []
        self.unknown_routes: list[RestCall] = []
        self.violations: list[Violation] = []
        self.internal_errors: list[str] = []  # bugs in the fake itself
        self.interactions: list[InteractionRecord] = []
        self.gateway_sessions: list[GatewaySession] = []
        self.presence_updates: list[Any] = []
        self.scene: Any = None  # set by the fake_discord fixture (fixtures.Scene)
        # Tunables (tests may lower them).
        self.interaction_deadline = 3.0  # s until the initial response must arrive
        self.token_lifetime = 15 * 60.0  # s an interaction token accepts followups/edits
        self.response_timeout = 5.0  # s the helpers wait for the bot (> deadline on purpose)
        self.settle_quiet = 0.05  # s without REST/gateway traffic that counts as "settled"
        # Whether the interaction helpers wait for the bot to go quiet after each answer.
        # A load driver turns it off: under load the bot is never quiet.
        self.settle_after = True
        self.heartbeat_interval_ms = 41250
        # Edits of channel messages older than an hour answer 30046 (see ``advance``).
        self.old_edits_refused = True
        # Close the gateway with this code on IDENTIFY (e.g. 4014: disallowed intents).
        self.identify_close_code: int | None = None
        self.port = 0
        self._patch = patch
        self._exit_stack = ExitStack()  # undoes the discord.py patching
        self._runner: web.AppRunner | None = None
        self._active: GatewaySession | None = None
        # Sharded bots (several processes): the session of each shard id.  Guild events
        # and guild interactions go to the guild's shard, DM ones to shard 0.
        self._shards: dict[int, GatewaySession] = {}
        self._faults: list[Fault] = []
        self._errors: list[tuple[str, re.Pattern[str], ApiError]] = []
        self._by_id: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self._inflight = 0
        self._last_activity = 0.0

    # ------------------------------------------------------------------ lifecycle

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/oauth2/authorize", self._authorize)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.recorder.base_url = self.base_url
        if self._patch:
            self._exit_stack.enter_context(patch_discord(self.api_url, self.gateway_url))

    async def stop(self) -> None:
        self._exit_stack.close()
        for session in self.gateway_sessions:
            if not session.ws.closed:
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> User:
        return self.world.bot

    # ------------------------------------------------------------------ world building

    def add_user(self, username: str, *, dms_open: bool = True, bot: bool = False,
                 global_name: str | None = None) -> User:
        return self.world.add_user(username, dms_open=dms_open, bot=bot, global_name=global_name)

    def add_guild(self, name: str = "Parlour Test Guild", *, owner: User | None = None,
                  shard: tuple[int, int] | None = None) -> Guild:
        """Add before the bot connects (GUILD_CREATE is sent on IDENTIFY); ``shard``:
        (shard id, shard count) the guild's id must fall on."""
        return self.world.add_guild(name, owner=owner, shard=shard)

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        return self.world.add_text_channel(guild, name, topic=topic)

    def threads(self, parent: ChannelRef) -> list[Channel]:
        """The threads started under ``parent``, oldest first."""
        pid = self._channel(parent).id
        return sorted((c for c in self.world.channels.values() if c.parent_id == pid),
                      key=lambda c: c.id)

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        return self.world.add_role(guild, name, permissions)

    def add_member(self, guild: Guild, user: User, *, roles: tuple[Role, ...] = (),
                   nick: str | None = None) -> Member:
        return self.world.add_member(guild, user, roles=roles, nick=nick)

    def dm_channel(self, user: UserRef) -> Channel:
        return self.world.dm_channel(self._user(user))

    def _user(self, user: UserRef) -> User:
        return self.world.users[user if isinstance(user, int) else user.id]

    def _channel(self, channel: ChannelRef) -> Channel:
        return self.world.channels[channel if isinstance(channel, int) else channel.id]

    # ------------------------------------------------------------------ HTTP plumbing

    def touch(self) -> None:
        self._last_activity = asyncio.get_running_loop().time()

    def violation(self, kind: str, message: str, detail: Any = None) -> None:
        self.violations.append(Violation(kind, message, detail))

    def _match(self, method: str, path: str) -> tuple[Route | None, dict[str, str]]:
        for route in ROUTES:
            if route.method == method:
                m = route.regex.match(path)
                if m:
                    return route, m.groupdict()
        return None, {}

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self._faults:
            if fault.count > 0 and fault.method in ("*", method) and fault.path.search(path):
                fault.count -= 1
                return fault
        return None

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        return await gateway_handler(self, request)

    async def _authorize(self, request: web.Request) -> web.StreamResponse:
        return await oauth.authorize(self, request)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self._inflight += 1
        self.touch()
        try:
            return await self._handle_inner(request)
        finally:
            self._inflight -= 1
            self.touch()

    async def _handle_inner(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await read_body(request)
        call = RestCall(request.method, path, dict(request.query), body,
                        [f.filename for f in files])
        self.calls.append(call)
        route, params = self._match(request.method, path)
        bucket = bucket_hash(f"{request.method} {route.template if route else path}")

        fault = self._take_fault(request.method, path)
        if fault is not None:
            return self._reply(call, 429, {"message": "You are being rate limited.",
                                           "retry_after": fault.retry_after,
                                           "global": fault.is_global},
                               ratelimit_headers(bucket, fault))
        error = self._take_error(request.method, path)
        if error is not None:
            return self._reply(call, error.status, error.body(), ratelimit_headers(bucket))
        if route is None:
            self.unknown_routes.append(call)
            return self._reply(call, 404, {"message": "404: Not Found", "code": 0}, {})
        call.route = route.template
        headers = ratelimit_headers(bucket)
        authorization = request.headers.get("Authorization", "")
        if route.template == "/users/@me" and authorization.startswith("Bearer "):
            # An OAuth2 access token (the web table's sign-in): that user, or 401.
            user = oauth.bearer_user(self, authorization)
            body = user.payload() if user else {"message": "401: Unauthorized", "code": 0}
            return self._reply(call, 200 if user else 401, body, headers)
        if route.auth and authorization != f"Bot {self.token}":
            return self._reply(call, 401, {"message": "401: Unauthorized", "code": 0}, headers)
        req = Req(request.method, path, params, dict(request.query), body, files,
                  dict(request.headers))
        try:
            result = await route.handler(self, req)
        except ApiError as exc:
            return self._reply(call, exc.status, exc.body(), headers)
        except Exception as exc:
            # A bug in the fake: fail fast (a 500 would make discord.py retry for seconds).
            self.internal_errors.append(f"{request.method} {path}: {exc!r}")
            logging.getLogger(__name__).exception("fake Discord handler failed")
            return self._reply(call, 400, {"message": f"fake internal error: {exc!r}",
                                           "code": 0}, headers)
        if isinstance(result, Reply):
            return self._reply(call, result.status, result.body, headers)
        return self._reply(call, 204 if result is None else 200, result, headers)

    @staticmethod
    def _reply(call: RestCall, status: int, body: Any, headers: dict[str, str]) -> web.Response:
        call.status, call.response = status, body
        if status == 204:
            return web.Response(status=204, headers=headers)
        return json_response(status, body, headers)

    # ------------------------------------------------------------------ faults

    def inject_429(self, method: str, path_regex: str, count: int = 1, retry_after: float = 0.2,
                   *, is_global: bool = False) -> None:
        """Answer the next ``count`` matching requests with 429 (path below /api/v10)."""
        self._faults.append(Fault(method.upper(), re.compile(path_regex), count, retry_after,
                                   is_global))

    def advance(self, seconds: float) -> None:
        """Move the fake's clock: every message gets ``seconds`` older."""
        self.recorder.clock_offset += seconds

    def inject_error(self, method: str, path_regex: str, status: int, code: int,
                     message: str) -> None:
        """Answer every matching request with this API error (path below /api/v10), e.g.
        403 / 50001 Missing Access for a bot invited without applications.commands."""
        self._errors.append((method.upper(), re.compile(path_regex),
                             ApiError(status, code, message)))

    def _take_error(self, method: str, path: str) -> ApiError | None:
        for wanted, regex, error in self._errors:
            if wanted in ("*", method) and regex.search(path):
                return error
        return None

    # ------------------------------------------------------------------ gateway

    def session_identified(self, session: GatewaySession) -> None:
        self._active = session
        self._shards[session.shard[0]] = session

    def session_closed(self, session: GatewaySession) -> None:
        if self._active is session:
            self._active = None
        if self._shards.get(session.shard[0]) is session:
            del self._shards[session.shard[0]]
            if self._active is None and self._shards:
                self._active = next(iter(self._shards.values()))

    def session_for(self, guild_id: int | str | None) -> GatewaySession | None:
        """Where Discord sends an event of ``guild_id``: shard (id >> 22) % count; no guild
        (a DM): shard 0.  Unsharded: the one connected bot."""
        count = max((s.shard[1] for s in self._shards.values()), default=1)
        if count <= 1:
            return self._active
        shard = 0 if guild_id is None else (int(guild_id) >> 22) % count
        return self._shards.get(shard)

    def session_by_id(self, session_id: str | None) -> GatewaySession | None:
        for session in self.gateway_sessions:
            if session.session_id == session_id:
                return session
        return None

    @property
    def connected(self) -> bool:
        return self._active is not None and self._active.ready

    async def dispatch(self, event: str, data: Any, *, shard: int | None = None) -> None:
        """Send any gateway dispatch to the connected bot (sharded: to the shard of the
        data's guild, or to ``shard``)."""
        session = self._shards.get(shard) if shard is not None else self.session_for(
            data.get("guild_id") if isinstance(data, dict) else None)
        if session is None or not session.ready:
            raise RuntimeError("no bot is connected to the fake gateway")
        await session.dispatch(event, data)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py drops the socket and RESUMEs on a new one."""
        if self._active is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        await self._active.send(RECONNECT, None)

    def drop_gateway(self, shard: int | None = None) -> GatewaySession:
        """Cut the bot's gateway connection (``shard``'s when sharded) without a close
        frame, as a network failure does; the dropped session.  Interactions sent while
        no bot is connected fail, as Discord's do."""
        session = self._shards.get(shard) if shard is not None else self._active
        if session is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        session.drop()
        return session

    async def message_event(self, event: str, msg: StoredMessage) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE for public messages, if the bot's intents ask for it."""
        session = self.session_for(msg.guild_id)
        if session is None or not session.ready or msg.ephemeral_to is not None:
            return
        in_dm = self.world.channels[msg.channel_id].type == DM
        if not session.intents & (INTENT_DIRECT_MESSAGES if in_dm else INTENT_GUILD_MESSAGES):
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
        else:
            data = dict(msg.payload)
            mentioned = any(m["id"] == str(self.world.bot.id) for m in data["mentions"])
            if (not in_dm and msg.author_id != self.world.bot.id and not mentioned
                    and not session.intents & INTENT_MESSAGE_CONTENT):
                # Without the privileged intent Discord blanks other users' message content.
                data.update(content="", embeds=[], components=[], attachments=[])
        await session.dispatch(event, data)

    async def user_message(self, user: UserRef, channel: ChannelRef, content: str) -> StoredMessage:
        """A user posts a plain message (sent to the bot as MESSAGE_CREATE)."""
        msg = self.recorder.create(self._channel(channel), {"content": content},
                                   author=self._user(user))
        await self.message_event("MESSAGE_CREATE", msg)
        return msg

    # ------------------------------------------------------------------ running a bot

    @asynccontextmanager
    async def run_bot(self, client: Any, *, token: str | None = None,
                      ready_timeout: float = 10.0, fast_ready: bool = True
                      ) -> AsyncIterator[Any]:
        """Start ``client`` against the fake, wait until ready, close it cleanly on exit.

        ``fast_ready`` lowers discord.py's ``guild_ready_timeout`` (2 s of waiting for
        more GUILD_CREATEs) since the fake sends all guilds at once.
        """
        if fast_ready:
            state = client._connection
            state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
        task = asyncio.create_task(client.start(token or self.token), name="fake-discord-bot")
        try:
            deadline = asyncio.get_running_loop().time() + ready_timeout
            while not client.is_ready():
                if task.done():
                    task.result()  # raises the bot's startup error
                    raise RuntimeError("bot stopped before becoming ready")
                if asyncio.get_running_loop().time() > deadline:
                    raise TimeoutError(f"bot not ready after {ready_timeout}s")
                await asyncio.sleep(0.01)
            yield client
        finally:
            await client.close()
            try:
                await asyncio.wait_for(task, 5.0)
            except Exception:  # the bot's own failure was already reported above
                pass

    async def settle(self, quiet: float | None = None, timeout: float = 10.0) -> None:
        """Wait until no REST call is running and nothing happened for ``quiet`` seconds."""
        quiet = self.settle_quiet if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            idle = loop.time() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            await asyncio.sleep(max(0.005, quiet - idle))

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 30.0) -> None:
        """Poll ``predicate`` until true (for effects of background tasks in the bot).

        ``timeout`` bounds a wait that fails, not how fast the bot must be: it returns as
        soon as the condition holds, and a busy two-core CI machine needs the room."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            if loop.time() > deadline:
                raise AssertionError(f"condition not met within {timeout}s")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ interactions

    def interaction_by_id(self, interaction_id: str | int) -> InteractionRecord | None:
        return self._by_id.get(int(interaction_id)) if str(interaction_id).isdigit() else None

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        return self._by_token.get(token)

    async def send_interaction(self, payload: dict[str, Any], *, name: str = "",
                               source: StoredMessage | None = None,
                               timeout: float | None = None,
                               require_response: bool = True,
                               shard: int | None = None) -> InteractionRecord:
        """Dispatch INTERACTION_CREATE and wait for the bot's answer (and its follow-through).

        ``shard``: deliver to that shard's process instead of where Discord would."""
        if not self.connected:
            raise RuntimeError("no bot is connected to the fake gateway")
        user = payload.get("user") or payload["member"]["user"]
        record = InteractionRecord(
            id=int(payload["id"]), token=payload["token"], type=payload["type"],
            user_id=int(user["id"]), channel_id=int(payload["channel_id"]),
            guild_id=int(payload["guild_id"]) if payload.get("guild_id") else None,
            payload=payload, recorder=self.recorder, name=name,
            source_message_id=source.id if source else None)
        self.interactions.append(record)
        self._by_id[record.id] = record
        self._by_token[record.token] = record
        timeout = self.response_timeout if timeout is None else timeout
        record.sent_at = asyncio.get_running_loop().time()
        await self.dispatch("INTERACTION_CREATE", payload, shard=shard)
        try:
            await asyncio.wait_for(record.attempted.wait(), timeout)
        except TimeoutError:
            if require_response:
                raise AssertionError(
                    f"the bot did not answer interaction {name!r} within {timeout}s; "
                    f"violations={self.violations} unknown_routes={self.unknown_routes}"
                ) from None
            return record
        if record.callback_type == DEFERRED_CHANNEL_MESSAGE:
            try:  # a "thinking..." defer: wait for the real answer too
                await asyncio.wait_for(record.resolved.wait(), timeout)
            except TimeoutError:
                pass
        if self.settle_after:
            await self.settle()
        return record

    async def slash(self, user: UserRef, command: str, *, channel: ChannelRef,
                    options: dict[str, Any] | None = None, timeout: float | None = None,
                    require_response: bool = True) -> InteractionRecord:
        """Run ``/command [group] [sub]`` as ``user`` in ``channel`` with typed options."""
        path = command.lstrip("/").split()
        user_obj, chan = self._user(user), self._channel(channel)
        guild = self.world.guilds.get(chan.guild_id) if chan.guild_id else None
        cmd = self._visible_command(path[0], user_obj, chan)
        data = command_data(self.world, cmd, path, options or {}, guild)
        payload = build_interaction(self.world, kind=APPLICATION_COMMAND, user=user_obj,
                                    channel=chan, data=data)
        return await self.send_interaction(payload, name=" ".join(path), timeout=timeout,
                                           require_response=require_response)

    async def autocomplete(self, user: UserRef, command: str, *, channel: ChannelRef,
                           focused: str, options: dict[str, Any] | None = None,
                           timeout: float | None = None) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its value in ``options``, default "") and return the
        choices the bot offered. The record is ``fake.interactions[-1]``."""
        record = await self.autocomplete_record(user, command, channel=channel, focused=focused,
                                                options=options, timeout=timeout)
        return list(record.choices or [])

    async def autocomplete_record(self, user: UserRef, command: str, *, channel: ChannelRef,
                                  focused: str, options: dict[str, Any] | None = None,
                                  timeout: float | None = None) -> InteractionRecord:
        """Like ``autocomplete`` but returns the record (safe with concurrent users)."""
        path = command.lstrip("/").split()
        user_obj, chan = self._user(user), self._channel(channel)
        guild = self.world.guilds.get(chan.guild_id) if chan.guild_id else None
        cmd = self._visible_command(path[0], user_obj, chan)
        data = command_data(self.world, cmd, path, options or {}, guild, focused=focused)
        payload = build_interaction(self.world, kind=AUTOCOMPLETE, user=user_obj, channel=chan,
                                    data=data)
        return await self.send_interaction(payload, name=" ".join(path), timeout=timeout)

    def _visible_command(self, name: str, user: User, channel: Channel) -> dict[str, Any]:
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id else None
        cmd = self.commands.find(name, guild.id if guild else None)
        contexts = cmd.get("contexts")
        context = 0 if guild else 1
        if contexts is not None and context not in contexts:
            raise ValueError(f"/{name} is not available in this context ({context})")
        if guild is None and cmd.get("dm_permission") is False:
            raise ValueError(f"/{name} is guild-only")
        needed = cmd.get("default_member_permissions")
        if guild is not None and needed is not None:
            if guild.permissions_of(user.id) & int(needed) != int(needed):
                raise ValueError(f"{user.username} lacks permissions {needed} for /{name}")
        return cmd

    def _component_target(self, user: UserRef, message: MessageRef, custom_id: str,
                          kinds: set[int]) -> tuple[User, StoredMessage, dict[str, Any]]:
        user_obj = self._user(user)
        msg = message if isinstance(message, StoredMessage) else self.recorder.message(message)
        if msg.deleted:
            raise ValueError(f"message {msg.id} was deleted")
        if msg.ephemeral_to is not None and msg.ephemeral_to != user_obj.id:
            raise ValueError(f"message {msg.id} is ephemeral to another user")
        comp = msg.component(custom_id)
        if comp is None:
            raise ValueError(f"message {msg.id} has no component {custom_id!r}; "
                             f"it has {msg.custom_ids}")
        if comp.get("type") not in kinds:
            raise ValueError(f"component {custom_id!r} is type {comp.get('type')}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled; users cannot use it")
        return user_obj, msg, comp

    async def click(self, user: UserRef, message: MessageRef, custom_id: str, *,
                    timeout: float | None = None, shard: int | None = None
                    ) -> InteractionRecord:
        """Click the button ``custom_id`` on a stored message (``shard``: deliver there)."""
        user_obj, msg, _ = self._component_target(user, message, custom_id, {2})
        data = {"custom_id": custom_id, "component_type": 2}
        payload = build_interaction(self.world, kind=MESSAGE_COMPONENT, user=user_obj,
                                    channel=self.world.channels[msg.channel_id], data=data,
                                    message=msg)
        return await self.send_interaction(payload, name=custom_id, source=msg, timeout=timeout,
                                           shard=shard)

    async def select(self, user: UserRef, message: MessageRef, custom_id: str,
                     values: list[str], *, timeout: float | None = None,
                     shard: int | None = None) -> InteractionRecord:
        """Pick ``values`` in the select menu ``custom_id`` (string or user select;
        ``shard``: deliver there)."""
        user_obj, msg, comp = self._component_target(user, message, custom_id, SELECT_TYPES)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {values}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"],
                                "values": [str(v) for v in values]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r} has no options {bad}; has {allowed}")
        elif comp["type"] == 5:  # user select: the client sends resolved users
            guild = self.world.guilds.get(msg.guild_id or 0)
            data["resolved"] = {"users": {str(v): self.world.users[int(v)].payload()
                                          for v in values}}
            if guild is not None:
                data["resolved"]["members"] = {
                    str(v): self.world.member_payload(guild, int(v), with_user=False,
                                                      with_permissions=True)
                    for v in values if int(v) in guild.members}
        payload = build_interaction(self.world, kind=MESSAGE_COMPONENT, user=user_obj,
                                    channel=self.world.channels[msg.channel_id], data=data,
                                    message=msg)
        return await self.send_interaction(payload, name=custom_id, source=msg, timeout=timeout,
                                           shard=shard)

    async def submit_modal(self, user: UserRef, values: dict[str, Any], *,
                           custom_id: str | None = None,
                           timeout: float | None = None) -> InteractionRecord:
        """Fill in and submit the latest modal the bot opened for ``user``."""
        user_obj = self._user(user)
        opened = [r for r in self.interactions
                  if r.user_id == user_obj.id and r.modal is not None
                  and (custom_id is None or r.modal.get("custom_id") == custom_id)]
        if not opened:
            raise ValueError(f"no modal was opened for {user_obj.username}")
        origin = opened[-1]
        modal = origin.modal or {}
        data = {"custom_id": modal["custom_id"],
                "components": modal_submit_components(modal, values)}
        source = (self.recorder.messages[origin.source_message_id]
                  if origin.source_message_id else None)
        payload = build_interaction(self.world, kind=MODAL_SUBMIT, user=user_obj,
                                    channel=self.world.channels[origin.channel_id], data=data,
                                    message=source)
        return await self.send_interaction(payload, name=modal["custom_id"], source=source,
                                           timeout=timeout)

    # ------------------------------------------------------------------ what was shown

    def message(self, message_id: int) -> StoredMessage:
        return self.recorder.message(message_id)

    def channel_messages(self, channel: ChannelRef) -> list[StoredMessage]:
        return self.recorder.channel_messages(self._channel(channel).id)

    def history(self, channel: ChannelRef) -> list[ShownEvent]:
        return self.recorder.history(self._channel(channel).id)

    def dms(self, user: UserRef) -> list[StoredMessage]:
        return self.recorder.dms(self._user(user).id)

    def ephemerals(self, user: UserRef) -> list[StoredMessage]:
        return self.recorder.ephemerals(self._user(user).id)

    def notifications(self, user: UserRef, channel: ChannelRef | None = None
                      ) -> list[ShownEvent]:
        """Messages that notified ``user`` (a new message or DM whose mentions reach them),
        oldest first; only those in ``channel`` if given."""
        return self.recorder.notifications(self._user(user).id,
                                           None if channel is None else self._channel(channel).id)

    def all_text_seen_by(self, user: UserRef) -> str:
        return self.recorder.all_text_seen_by(self._user(user).id)

    def calls_to(self, method: str, path_regex: str) -> list[RestCall]:
        pattern = re.compile(path_regex)
        return [c for c in self.calls if c.method == method.upper() and pattern.search(c.path)]

    # ------------------------------------------------------------------ checks

    def pop_violations(self, kind: str | None = None) -> list[Violation]:
        """Take (and forget) violations, e.g. the ones a test provoked on purpose."""
        taken = [v for v in self.violations if kind is None or v.kind == kind]
        self.violations = [v for v in self.violations if not (kind is None or v.kind == kind)]
        return taken

    def assert_no_violations(self, *, unknown_routes: bool = True) -> None:
        problems = [str(v) for v in self.violations]
        problems += [f"[fake_internal_error] {e}" for e in self.internal_errors]
        if unknown_routes:
            problems += [f"[unknown_route] {c.method} {c.path}" for c in self.unknown_routes]
        if problems:
            raise AssertionError("fake Discord recorded problems:\n  " + "\n  ".join(problems))
