"""A running ``parlour run`` with the web table on, against the fake Discord, and a
browser's cookie jar: the web tests' site (tests/test_web_auth.py,
tests/test_browser_activity.py)."""

from __future__ import annotations

import asyncio
import io
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bot.cli.run import build_bot, serve
from bot.discordbot import BotConfig, ParlourBot
from bot.web.server import WebConfig
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver
from tests.web_client import Client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Site:
    """A running ``parlour run`` with the web table on, and a browser (a cookie jar)."""
    fake: FakeDiscord
    bot: ParlourBot
    public: str
    http: aiohttp.ClientSession
    bodies: list[str] = field(default_factory=list)   # every response body read

    async def call(self, method: str, path: str, body: Any = None, *,
                   session: aiohttp.ClientSession | None = None,
                   **kw: Any) -> tuple[int, Any, aiohttp.ClientResponse]:
        http = session or self.http
        async with http.request(method, self.public + path, json=body,
                                allow_redirects=False, **kw) as resp:
            text = await resp.text()
            self.bodies.append(text + " " + json.dumps(dict(resp.headers)))
            data = json.loads(text) if resp.content_type == "application/json" else text
            return resp.status, data, resp

    async def socket(self, ticket: str) -> Client:
        ws = await self.http.ws_connect(self.public.replace("http", "ws") + "/ws",
                                        headers={"Origin": self.public})
        client = Client(ws)
        await client.send({"type": "hello", "ticket": ticket, "lang": "en"})
        return client

    async def login(self, user, next_path: str = "/") -> aiohttp.ClientSession:
        """A browser of its own, logged in as ``user`` through /login and Discord."""
        browser = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.fake.oauth.browser_user = user
        status, _, resp = await self.call("GET", f"/login?next={next_path}", session=browser)
        assert status == 302
        authorize = resp.headers["Location"]
        async with browser.get(authorize, allow_redirects=False) as at_discord:
            assert at_discord.status == 302, await at_discord.text()
            back = at_discord.headers["Location"]
        assert back.startswith(self.public + "/oauth/callback?")
        async with browser.get(back, allow_redirects=False) as done:
            self.bodies.append(await done.text())
            assert done.status == 302 and done.headers["Location"] == next_path
        return browser


@asynccontextmanager
async def site(fake: FakeDiscord, db: str, *, secret: str | None = "",
               dev_guild: bool = True) -> AsyncIterator[Site]:
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    fake.oauth.redirect_uris.add(public + "/oauth/callback")
    s = fake.scene
    config = BotConfig(token=fake.token, db_path=db, sync=True,
                       dev_guild=s.guild.id if dev_guild else None,
                       ai_executor="inline", ai_delay=0)
    web = WebConfig("127.0.0.1", port, public,
                    fake.oauth.client_secret if secret == "" else secret)
    bot = build_bot(config)
    err = io.StringIO()
    task = asyncio.create_task(serve(config, err, bot=bot, web=web))
    try:
        await fake.wait_until(lambda: bot.is_ready() or task.done(), 20)
        assert not task.done(), err.getvalue()
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            yield Site(fake, bot, public, http)
    finally:
        await bot.close()
        assert await asyncio.wait_for(task, 20) == 0, err.getvalue()


async def coins_table(fake: FakeDiscord, bot: Any = None) -> TableDriver:
    """A Coins game under way at the scene's table: Alice and two easy AI seats."""
    s = fake.scene
    table = TableDriver(fake, bot, s.table)
    await table.open(s.alice, "coins")
    await table.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
    await table.expect_ok(s.alice, "table start")
    return table
