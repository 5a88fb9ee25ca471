"""The Activity in a browser, as Discord's client runs it (docs/ACTIVITY.md): the page in an
iframe of a Discord page, the real Embedded App SDK (the committed build) speaking its
postMessage protocol to that parent, against the real ``parlour run`` and the fake
Discord's OAuth2 and activity-instance endpoints.

The parent is a page at ``https://discord.com`` (served by the test through Playwright's
routing: nothing leaves the machine) that answers the SDK as Discord's client does:
the handshake with READY, then AUTHORIZE (a code of the fake's, issued without a
redirect URI), AUTHENTICATE (the access token the page got from our server) and
USER_SETTINGS_GET_LOCALE.  It records every command the SDK sent.  The same page at
another origin is refused by the response's ``frame-ancestors``."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from tests.browser import ARGS, CHROMIUM, DESKTOP, Page, need_chromium, play_by_clicks
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import User
from tests.web_site import coins_table, site

PARENT = "https://discord.com/channels/activity"
# Discord serves the Activity from its own proxy (https://<app>.discordsays.com); here the
# page is on loopback inside a public parent, which Chromium's Local Network Access checks
# would block - a test-only arrangement, so those checks are off for this browser.
FRAMED_ARGS = [*ARGS, "--disable-features=LocalNetworkAccessChecks"]
STRANGER = "https://example.org/frame"   # any page Discord does not serve
OTHER_APP = "https://424242.discordsays.com/frame"   # another application's Activity

# Discord's side of the SDK's RPC (the client's window): ``[opcode, payload]`` messages,
# opcode 0 the handshake, 1 a frame (a command with its nonce, answered with the same
# nonce; DISPATCH for events).
RPC = """
<!doctype html><html><body style="margin:0">
<iframe id="app" src="__SRC__" style="width:100vw;height:100vh;border:0"></iframe>
<script>
const answers = __ANSWERS__;
window.__rpc = [];
window.__framed = false;
window.addEventListener("message", (e) => {
  if (!Array.isArray(e.data)) return;
  const [op, p] = e.data;
  const reply = (frame) => e.source.postMessage([1, frame], "*");
  if (op === 0) {
    window.__rpc.push({ cmd: "HANDSHAKE", args: p });
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null,
            data: { v: 1, config: { api_endpoint: "//discord.com/api",
                                    environment: "production" } } });
    return;
  }
  if (op !== 1) return;
  window.__rpc.push({ cmd: p.cmd, args: p.args });
  let data = answers[p.cmd];
  if (p.cmd === "AUTHENTICATE") {
    data = Object.assign({}, data, { access_token: p.args.access_token });
  }
  if (data === undefined) {
    reply({ cmd: p.cmd, evt: "ERROR", nonce: p.nonce,
            data: { code: 4002, message: "not in this test's client" } });
    return;
  }
  reply({ cmd: p.cmd, evt: null, nonce: p.nonce, data });
});
</script></body></html>
"""


def _answers(fake: FakeDiscord, user: User, locale: str) -> dict:
    return {
        "AUTHORIZE": {"code": fake.oauth.sdk_code(user)},
        "AUTHENTICATE": {
            "user": {"id": str(user.id), "username": user.username, "discriminator": "0",
                     "public_flags": 0, "global_name": user.global_name},
            "scopes": ["identify", "guilds"], "expires": "2030-01-01T00:00:00.000Z",
            "application": {"id": str(fake.application_id), "name": "Parlour",
                            "description": ""}},
        "USER_SETTINGS_GET_LOCALE": {"locale": locale},
        "CAPTURE_LOG": {},
    }


async def _framed(browser, parent: str, src: str, answers: dict):
    """A Discord-like page at ``parent`` with the Activity's page in its iframe."""
    context = await browser.new_context(viewport=DESKTOP)
    page = await context.new_page()
    html = RPC.replace("__SRC__", src).replace("__ANSWERS__", json.dumps(answers))

    async def serve_parent(route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    await page.route(parent, serve_parent)
    seen = Page(None)

    def on_socket(ws) -> None:
        ws.on("framereceived", lambda payload: seen.frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    await page.goto(parent)
    return page, seen


@asynccontextmanager
async def chromium() -> AsyncIterator:
    """Debian's chromium with the framing test's flags, closed on the way out."""
    from playwright.async_api import async_playwright

    need_chromium()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FRAMED_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


def _src(public: str, instance: str, s) -> str:
    """The Activity's URL as Discord's client opens it: its query names the frame, the
    instance, the platform and where it runs."""
    return (f"{public}/?frame_id=frame-1&instance_id={instance}&platform=desktop"
            f"&guild_id={s.guild.id}&channel_id={s.table.id}")


async def test_the_activity_boots_through_the_sdk_and_plays_the_channels_table(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake, web.bot)
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id])
        async with chromium() as browser:
            page, seen = await _framed(browser, PARENT,
                                       _src(web.public, instance.instance_id, s),
                                       _answers(fake, s.alice, "pl"))
            frame = page.frame_locator("#app")
            await frame.locator("main[data-version]:not([data-version=''])").wait_for(
                timeout=30000)
            rpc = await page.evaluate("window.__rpc")
            cmds = [c["cmd"] for c in rpc]
            # The SDK's order: handshake, authorize, authenticate, then the locale.
            assert cmds[:4] == ["HANDSHAKE", "AUTHORIZE", "AUTHENTICATE",
                                "USER_SETTINGS_GET_LOCALE"], cmds
            assert rpc[0]["args"]["client_id"] == str(fake.application_id)
            assert rpc[0]["args"]["frame_id"] == "frame-1"
            authorize = rpc[1]["args"]
            assert authorize["client_id"] == str(fake.application_id)
            assert authorize["response_type"] == "code"
            assert "identify" in authorize["scope"]
            # The server exchanged the code with the client secret and no redirect URI,
            # and the page authenticated with the token Discord gave for that code.
            exchange = fake.oauth.exchanges[-1]
            assert "redirect_uri" not in exchange
            assert fake.oauth.tokens[rpc[2]["args"]["access_token"]] == s.alice.id
            # The reader's language is the one Discord's client reports.
            inner = page.frames[1]
            assert await inner.evaluate("document.documentElement.lang") == "pl"
            hand = frame.locator(".hand-cards button.card")
            assert await hand.count() > 0
            # And it plays: Alice's moves by clicks, in the frame, to the end.
            seen.page = inner
            made = await play_by_clicks(seen)
            assert made > 0
            assert await inner.locator("main").get_attribute("data-status") == "over"
            assert web.bot.core.table(s.table.id) is None   # finished and put away


@pytest.mark.parametrize("parent", [STRANGER, OTHER_APP])
async def test_a_page_that_is_not_discord_cannot_frame_the_activity(
        fake_discord: FakeDiscord, tmp_path, parent: str) -> None:
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id])
        async with chromium() as browser:
            page, _ = await _framed(browser, parent,
                                    _src(web.public, instance.instance_id, s),
                                    _answers(fake, s.alice, "en"))
            await page.wait_for_timeout(1500)
            # frame-ancestors refused the frame (Chromium shows its error page in it): no
            # SDK ran, nothing was asked of Discord.
            assert [f.url for f in page.frames[1:]] == ["chrome-error://chromewebdata/"]
            assert await page.evaluate("window.__rpc") == []
            assert fake.oauth.exchanges == []


async def test_a_user_not_in_the_instance_is_told_and_gets_no_seat(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake, web.bot)
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id])
        async with chromium() as browser:
            page, seen = await _framed(browser, PARENT,
                                       _src(web.public, instance.instance_id, s),
                                       _answers(fake, s.bob, "en"))
            alert = page.frame_locator("#app").locator("[role=alert]")
            await alert.wait_for(timeout=30000)
            assert (await alert.inner_text()).strip()
            # No websocket ticket, so no table frame reached the page.
            assert [f for f in seen.frames if f.get("type") in ("snapshot", "scene")] == []
