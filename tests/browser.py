"""The browser tests' harness: Debian's chromium driven by Playwright (its own browser
download is not used), the web transport of an in-process core serving the built client on
127.0.0.1, and a page's websocket frames as the page received them.

Without ``/usr/bin/chromium`` the browser tests skip, and under CI (``CI`` set) they fail:
.ci/run installs it from Debian's packages.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from bot.core import Core
from bot.web.protocol import offered
from bot.web.server import WebConfig, WebTransport
from bot.web.tickets import Tickets

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 800}
MOBILE = {"width": 390, "height": 844}


def need_chromium() -> None:
    if not os.path.exists(CHROMIUM):
        message = f"the browser tests need Debian's chromium at {CHROMIUM}"
        if os.environ.get("CI"):
            pytest.fail(message + " (.ci/run installs it)")
        pytest.skip(message)


def _parsed(payload: str | bytes) -> dict:
    """A frame the page sent (a test's garbage frame kept as its text)."""
    try:
        frame = json.loads(payload)
    except ValueError:
        return {"type": None, "raw": payload}
    return frame if isinstance(frame, dict) else {"type": None, "raw": payload}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Page:
    """A page and every websocket frame it received (parsed)."""

    page: object
    frames: list[dict] = field(default_factory=list)
    sent: list[dict] = field(default_factory=list)

    def tables(self) -> list[dict]:
        return [f for f in self.frames if f["type"] in ("snapshot", "scene", "over")]

    @property
    def last(self) -> dict | None:
        tables = self.tables()
        return tables[-1] if tables else None


class Browser:
    """A chromium and the web table at ``base``."""

    def __init__(self, browser, transport: WebTransport | None, base: str,
                 tickets: Tickets | None = None) -> None:
        self.browser = browser
        self._transport = transport
        self.tickets = tickets or (transport.tickets if transport else Tickets())
        self.base = base

    @property
    def transport(self) -> WebTransport:
        assert self._transport is not None, "the web table is another process"
        return self._transport

    async def fresh_tickets(self, seen: Page, user: int, channel: int = 1) -> None:
        """The page's ``POST /api/ticket`` (WEB_CONTRACT: a reconnect's fresh ticket, from
        the session cookie) answered with a ticket for ``user``."""
        async def fulfil(route) -> None:
            await route.fulfill(status=200, content_type="application/json",
                                body=json.dumps({"ticket": self.tickets.issue(user, channel),
                                                 "seat": 0}))
        await seen.page.route("**/api/ticket", fulfil)

    def url(self, user: int, channel: int = 1, lang: str = "en") -> str:
        return f"{self.base}/t/{channel}?lang={lang}#ticket={self.tickets.issue(user, channel)}"

    async def open(self, user: int, channel: int = 1, *, lang: str = "en",
                   viewport: dict | None = None) -> Page:
        context = await self.browser.new_context(viewport=viewport or DESKTOP, locale=lang)
        page = await context.new_page()
        seen = Page(page)

        def on_socket(ws) -> None:
            ws.on("framereceived", lambda payload: seen.frames.append(json.loads(payload)))
            ws.on("framesent", lambda payload: seen.sent.append(_parsed(payload)))

        page.on("websocket", on_socket)
        # The page's sockets, so a test can send a frame of its own on the page's connection.
        await page.add_init_script(
            "(() => { const W = window.WebSocket; window.__sockets = [];"
            " window.WebSocket = class extends W { constructor(...a) { super(...a);"
            " window.__sockets.push(this); } }; })()")
        await page.goto(self.url(user, channel, lang))
        return seen


async def send_raw(seen: Page, frame: dict | str) -> None:
    """A frame of the test's own on the page's open socket (a forged or garbage frame)."""
    text = frame if isinstance(frame, str) else json.dumps(frame)
    await seen.page.evaluate(
        "(t) => window.__sockets.filter(s => s.readyState === 1).at(-1).send(t)", text)


@asynccontextmanager
async def chromium(base: str, tickets: Tickets) -> AsyncIterator[Browser]:
    """A browser for a web table served elsewhere (``parlour run`` as a process)."""
    from playwright.async_api import async_playwright

    need_chromium()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield Browser(browser, None, base, tickets)
        finally:
            await browser.close()


@asynccontextmanager
async def browser_table(core: Core, **kw) -> AsyncIterator[Browser]:
    from playwright.async_api import async_playwright

    need_chromium()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    kw = {"rate": 1000.0, "burst": 1000} | kw
    transport = WebTransport(core, WebConfig("127.0.0.1", port, base), tickets=Tickets(), **kw)
    await transport.start()
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                yield Browser(browser, transport, base)
            finally:
                await browser.close()
    finally:
        await transport.stop()


async def shown_version(page) -> int | None:
    v = await page.locator("main").get_attribute("data-version")
    return int(v) if v else None


async def wait_version(seen: Page, above: int | None, timeout: float = 30000) -> None:
    """Until the page shows a table newer than ``above``, or the game is over."""
    await seen.page.wait_for_function(
        "(v) => { const m = document.querySelector('main');"
        " return m && (m.dataset.status === 'over' ||"
        " (m.dataset.version !== '' && (v === null || Number(m.dataset.version) > v))); }",
        arg=above, timeout=timeout)


async def click_move(seen: Page, move: dict, table: dict | None = None) -> None:
    """Make ``move`` (a ``moves`` entry of ``table``, the page's newest table frame by
    default) by clicks: its choice button, or its cards (then Confirm when its form asks
    for several cards or a confirmation)."""
    page = seen.page
    table = table or seen.last
    assert table is not None
    forms = table["scene"]["hand"]["forms"]
    if any(c["action"] == move["text"] for f in forms for c in f["choices"]):
        await page.locator(f'button.choice[data-action="{move["text"]}"]').first.click()
        return
    card_forms = [f for f in forms if f["cards"]]
    form = next(f for f in card_forms if f["kind"] == move["kind"])
    if len(card_forms) > 1:
        await page.locator(f'.form-tabs button[data-kind="{move["kind"]}"]').first.click()
    for code in move["args"]:
        card = page.locator(f'.hand-cards button.card[data-card="{code}"]:not(.selected)')
        await card.first.click()
    if form["confirm"] or form["high"] > 1:
        await page.locator("button.confirm").click()


async def caught_up(seen: Page, timeout: float = 30.0) -> tuple[dict | None, int | None]:
    """The page's newest table frame and the version its DOM shows, once the frames the
    test has seen are at least as new as the DOM.  Playwright reports a frame and the DOM
    it produced through separate channels, so under load the DOM may show a version whose
    frame has not reached the test yet: acting on the older frame, or waiting for the DOM
    to move past a position where it is this seat's turn, would wait for ever."""
    loop = asyncio.get_running_loop()
    until = loop.time() + timeout
    while True:
        last, shown = seen.last, await shown_version(seen.page)
        if shown is None or (last is not None and last["version"] >= shown):
            return last, shown
        if loop.time() > until:
            raise AssertionError(f"the page shows version {shown}; its newest frame seen is"
                                 f" {last and last['version']}")
        await asyncio.sleep(0.05)


async def play_by_clicks(seen: Page, limit: int = 2000) -> int:
    """Play the page's seat (the first move offered) until the game is over; moves made."""
    made = 0
    page = seen.page
    await wait_version(seen, None)
    while True:
        if await page.locator("main").get_attribute("data-status") == "over":
            return made
        last, shown = await caught_up(seen)
        if last is None or last["type"] == "over" or shown != last["version"] \
                or not offered(last):
            await wait_version(seen, shown)
            continue
        await click_move(seen, offered(last)[0], last)
        made += 1
        assert made < limit
        try:
            await wait_version(seen, shown)
        except Exception as e:
            # What the page sent and heard last: a refused or lost move shows here.
            raise AssertionError(f"move {made} ({last['moves'][0]}) at version {shown}: the"
                                 f" page moved no further; sent {seen.sent[-3:]}, heard"
                                 f" {[f['type'] for f in seen.frames[-5:]]}"
                                 f" {seen.frames[-1] if seen.frames else None}") from e
