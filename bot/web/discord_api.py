"""The few Discord REST calls the web table makes itself (OAuth2 and Activity instances).

Plain aiohttp against the REST root discord.py uses (``PARLOUR_DISCORD_API`` may move it to
the loopback fake): the code exchange at ``POST /oauth2/token`` (client id and secret in the
form; ``redirect_uri`` only for the browser login, never for the Activity's code, which
``commands.authorize`` issued without one), ``GET /users/@me`` with the user's token, and
``GET /applications/{app}/activity-instances/{instance}`` with the bot token.  No token or
secret is ever logged: failures are logged by status only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp

log = logging.getLogger("parlour.web")
TIMEOUT = aiohttp.ClientTimeout(total=10)


class DiscordRefused(Exception):
    """Discord refused a call (bad code, wrong secret, unknown instance...): its status."""

    def __init__(self, what: str, status: int) -> None:
        super().__init__(f"{what}: HTTP {status}")
        self.status = status


@dataclass(frozen=True)
class DiscordUser:
    id: int
    name: str


@dataclass(frozen=True)
class Instance:
    """An Activity instance: where it runs and who is in it."""
    instance_id: str
    application_id: int
    channel_id: int | None
    guild_id: int | None
    users: frozenset[int]


@dataclass
class DiscordApi:
    """OAuth2 and Activity calls; ``api_root`` e.g. ``https://discord.com/api/v10``."""
    api_root: str
    client_id: int
    client_secret: str | None = field(repr=False)
    bot_token: str | None = field(repr=False)
    _session: aiohttp.ClientSession | None = field(default=None, repr=False)

    def authorize_url(self, redirect_uri: str, state: str, scope: str = "identify") -> str:
        """Where a browser logs in: Discord's authorize page (on the API root's host)."""
        parts = urlsplit(self.api_root)
        query = urlencode({"client_id": str(self.client_id), "response_type": "code",
                           "redirect_uri": redirect_uri, "scope": scope, "state": state})
        return f"{parts.scheme}://{parts.netloc}/oauth2/authorize?{query}"

    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def exchange(self, code: str, redirect_uri: str | None = None) -> str:
        """The user's access token for an authorization ``code``."""
        if not self.client_secret:
            raise DiscordRefused("no DISCORD_CLIENT_SECRET", 500)
        form = {"client_id": str(self.client_id), "client_secret": self.client_secret,
                "grant_type": "authorization_code", "code": code}
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        body = await self._call("POST", "/oauth2/token", "the code exchange", data=form)
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise DiscordRefused("the code exchange", 502)
        return token

    async def me(self, access_token: str) -> DiscordUser:
        body = await self._call("GET", "/users/@me", "users/@me",
                                headers={"Authorization": f"Bearer {access_token}"})
        try:
            name = body.get("global_name") or body["username"]
            return DiscordUser(int(body["id"]), str(name))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise DiscordRefused("users/@me", 502) from None

    async def instance(self, instance_id: str) -> Instance:
        """The Activity instance ``instance_id`` of this application (bot token)."""
        if not self.bot_token:
            raise DiscordRefused("no bot token", 500)
        body = await self._call(
            "GET", f"/applications/{self.client_id}/activity-instances/{instance_id}",
            "the activity instance", headers={"Authorization": f"Bot {self.bot_token}"})
        try:
            location = body.get("location") or {}
            channel, guild = location.get("channel_id"), location.get("guild_id")
            return Instance(str(body["instance_id"]), int(body["application_id"]),
                            int(channel) if channel else None, int(guild) if guild else None,
                            frozenset(int(u) for u in body.get("users") or ()))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise DiscordRefused("the activity instance", 502) from None

    async def _call(self, method: str, path: str, what: str, **kw: Any) -> Any:
        try:
            async with self.session().request(method, self.api_root + path, **kw) as resp:
                if resp.status >= 400:
                    log.info("Discord refused %s: HTTP %s", what, resp.status)
                    raise DiscordRefused(what, resp.status)
                return await resp.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as e:
            log.warning("Discord did not answer %s: %s", what, type(e).__name__)
            raise DiscordRefused(what, 502) from None


__all__ = ["DiscordApi", "DiscordRefused", "DiscordUser", "Instance"]
