"""OAuth2 and Activities in the fake, as Discord documents them.

* ``GET /oauth2/authorize`` (on the site, not under the API root): the browser's login page.
  The fake approves at once as ``oauth.browser_user`` and redirects to ``redirect_uri`` with
  ``code`` and ``state``; a ``redirect_uri`` not registered for the application (Developer
  Portal, OAuth2 > Redirects: ``oauth.redirect_uris``) is refused, as Discord refuses it.
* ``oauth.sdk_code(user)``: the code the Embedded App SDK's ``commands.authorize`` gives the
  page (issued without a redirect URI).
* ``POST /oauth2/token`` (form body): ``grant_type=authorization_code``, the application's
  ``client_id`` and ``client_secret`` (or HTTP Basic), the ``code`` - each code once - and
  the ``redirect_uri`` exactly as at the authorize step (none for an SDK code: a
  redirect_uri is then refused).  Errors as RFC 6749: 401 ``invalid_client``, 400
  ``invalid_grant`` / ``unsupported_grant_type``.
* ``GET /users/@me`` with ``Authorization: Bearer <access token>``: that user.
* ``GET /applications/{app}/activity-instances/{instance}`` (bot token): the instance, or
  404 for an unknown one or one of another application.
* An instance is made when a user launches the Activity: ``oauth.launch(channel, users)``
  (the App Launcher), or the bot's LAUNCH_ACTIVITY (type 12) interaction response.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from aiohttp import web

from .models import User
from .wire import ApiError, Reply, Req

if TYPE_CHECKING:
    from .server import FakeDiscord


@dataclass
class Grant:
    user_id: int
    redirect_uri: str | None
    scope: str


@dataclass
class ActivityInstance:
    instance_id: str
    application_id: int
    channel_id: int
    guild_id: int | None
    users: list[int]
    launch_id: str

    def payload(self) -> dict[str, Any]:
        location: dict[str, Any] = {"id": f"gc-{self.guild_id}-{self.channel_id}",
                                    "kind": "gc" if self.guild_id else "pc",
                                    "channel_id": str(self.channel_id)}
        if self.guild_id:
            location["guild_id"] = str(self.guild_id)
        return {"application_id": str(self.application_id), "instance_id": self.instance_id,
                "launch_id": self.launch_id, "location": location,
                "users": [str(u) for u in self.users]}


@dataclass
class OAuth:
    """The fake's OAuth2 state: the client secret, redirects, codes, tokens, instances."""
    application_id: int
    client_secret: str = field(default_factory=lambda: "secret-" + secrets.token_hex(16))
    redirect_uris: set[str] = field(default_factory=set)
    browser_user: User | None = None
    codes: dict[str, Grant] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)      # access token -> user id
    instances: dict[str, ActivityInstance] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)   # token requests seen

    def _code(self, user_id: int, redirect_uri: str | None, scope: str) -> str:
        code = secrets.token_urlsafe(18)
        self.codes[code] = Grant(user_id, redirect_uri, scope)
        return code

    def sdk_code(self, user: User, scope: str = "identify guilds") -> str:
        """What ``commands.authorize`` returns to the page of ``user``."""
        return self._code(user.id, None, scope)

    def launch(self, channel_id: int, guild_id: int | None, users: list[int],
               application_id: int | None = None) -> ActivityInstance:
        instance = ActivityInstance(f"i-{secrets.token_hex(8)}-gc-{guild_id}-{channel_id}",
                                    application_id or self.application_id, channel_id,
                                    guild_id, list(users), str(secrets.randbits(60)))
        self.instances[instance.instance_id] = instance
        return instance


async def authorize(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    """GET /oauth2/authorize: approve as the browser's user, back to the redirect."""
    q = request.query
    oauth = fake.oauth
    if q.get("client_id") != str(fake.application_id) or q.get("response_type") != "code":
        return web.Response(status=400, text="Invalid OAuth2 client_id or response_type")
    redirect = q.get("redirect_uri", "")
    if redirect not in oauth.redirect_uris:
        return web.Response(status=400, text="Invalid OAuth2 redirect_uri")
    if oauth.browser_user is None:
        return web.Response(status=403, text="nobody is logged in to the fake's browser")
    code = oauth._code(oauth.browser_user.id, redirect, q.get("scope", ""))
    params = {"code": code} | ({"state": q["state"]} if "state" in q else {})
    joiner = "&" if urlsplit(redirect).query else "?"
    raise web.HTTPFound(redirect + joiner + urlencode(params))


def _form(req: Req) -> dict[str, str]:
    raw = req.json if isinstance(req.json, str) else ""
    return {k: v[0] for k, v in parse_qs(raw, keep_blank_values=True).items()}


async def token(fake: FakeDiscord, req: Req) -> Any:
    """POST /oauth2/token"""
    form = _form(req)
    oauth = fake.oauth
    oauth.exchanges.append(form)
    client_id, secret = form.get("client_id"), form.get("client_secret")
    basic = req.headers.get("Authorization", "")
    if basic.startswith("Basic "):
        client_id, _, secret = base64.b64decode(basic[6:]).decode().partition(":")
    if client_id != str(fake.application_id) or secret != oauth.client_secret:
        return Reply(401, {"error": "invalid_client"})
    if form.get("grant_type") != "authorization_code":
        return Reply(400, {"error": "unsupported_grant_type"})
    grant = oauth.codes.pop(form.get("code", ""), None)
    if grant is None or form.get("redirect_uri") != grant.redirect_uri:
        return Reply(400, {"error": "invalid_grant"})
    access = secrets.token_urlsafe(24)
    oauth.tokens[access] = grant.user_id
    return {"access_token": access, "token_type": "Bearer", "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(24), "scope": grant.scope}


def bearer_user(fake: FakeDiscord, authorization: str) -> User | None:
    user_id = fake.oauth.tokens.get(authorization.removeprefix("Bearer ").strip())
    return None if user_id is None else fake.world.users.get(user_id)


async def get_instance(fake: FakeDiscord, req: Req) -> Any:
    """GET /applications/{app_id}/activity-instances/{instance_id}"""
    instance = fake.oauth.instances.get(req.params["instance_id"])
    if req.params["app_id"] != str(fake.application_id) or instance is None \
            or instance.application_id != fake.application_id:
        raise ApiError(404, 10064, "Unknown activity instance")
    return instance.payload()


__all__ = ["ActivityInstance", "OAuth", "authorize", "bearer_user", "get_instance", "token"]
