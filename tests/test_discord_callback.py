"""An answer's request as ``callback.py`` builds and sends it, without discord.py's
webhook adapter: the body any multipart parser reads, and discord.py's retries and errors."""

from __future__ import annotations

import email.policy
import io
import json
from collections.abc import AsyncIterator
from email.parser import BytesParser

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.compat import interaction_params
from bot.discordbot.transport import callback


def _parts(body: bytes, boundary: str) -> list:
    message = BytesParser(policy=email.policy.HTTP).parsebytes(
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n\r\n".encode() + body)
    return list(message.iter_parts())


def test_a_picture_answer_is_form_data_any_parser_reads() -> None:
    picture = bytes(range(256)) * 40   # every byte value, the boundary's dashes among them
    upload = discord.File(io.BytesIO(picture), filename='hand "3".png', description="a hand")
    params = interaction_params(type=4, content="Your hand", files=[upload])
    body = callback.form_data(params.multipart, "b0undary")
    first, second = _parts(body, "b0undary")
    assert first.get_param("name", header="content-disposition") == "payload_json"
    payload = json.loads(first.get_payload(decode=True))
    assert payload["data"]["content"] == "Your hand"
    assert payload["data"]["attachments"] == [
        {"id": 0, "filename": 'hand "3".png', "description": "a hand"}]
    assert second.get_param("name", header="content-disposition") == "files[0]"
    assert second.get_filename() == 'hand "3".png'
    assert second.get_content_type() == "application/octet-stream"
    assert second.get_payload(decode=True) == picture


def test_an_upload_sent_again_is_read_whole() -> None:
    upload = discord.File(io.BytesIO(b"PNG..."), filename="hand.png")
    params = interaction_params(type=7, files=[upload])
    first = callback.form_data(params.multipart, "b")
    assert callback.form_data(params.multipart, "b") == first   # a retry's body


requests: list[str] = []   # method and path of each request the server saw


@pytest.fixture
async def server() -> AsyncIterator[tuple[list[tuple[str, bytes]], list[web.Response], str]]:
    """A loopback server answering each POST with the next of ``replies``."""
    seen: list[tuple[str, bytes]] = []
    replies: list[web.Response] = []
    requests.clear()

    async def handle(request: web.Request) -> web.Response:
        seen.append((request.headers["Content-Type"], await request.read()))
        requests.append(f"{request.method} {request.path_qs}")
        return replies.pop(0)

    app = web.Application()
    app.router.add_route("*", "/callback", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield seen, replies, f"http://127.0.0.1:{port}/callback"
    finally:
        await runner.cleanup()


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(callback, "_sleep", sleep)
    return waited


def _error(status: int, code: int, message: str, **headers: str) -> web.Response:
    # Discord's content type, without aiohttp's charset (discord.py reads JSON only then)
    body = json.dumps({"code": code, "message": message, "retry_after": 0.25}).encode()
    return web.Response(body=body, status=status,
                        headers={"Content-Type": "application/json", **headers})


async def test_a_204_is_an_answer_made(server, waits) -> None:
    seen, replies, url = server
    replies.append(web.Response(status=204))
    async with aiohttp.ClientSession() as session:
        await callback.post(session, url, b'{"type":6}', "application/json")
    assert seen == [("application/json", b'{"type":6}')] and waits == []


async def test_a_server_error_is_tried_again_and_a_rate_limit_waits(server, waits) -> None:
    seen, replies, url = server
    replies += [_error(502, 0, "Bad gateway"),
                _error(429, 0, "You are being rate limited.", Via="1.1 google"),
                web.Response(status=204)]
    async with aiohttp.ClientSession() as session:
        await callback.post(session, url, b"body", "multipart/form-data; boundary=b")
    assert [body for _, body in seen] == [b"body"] * 3
    assert waits == [1, 0.25]   # discord.py's: 1 s after the first 5xx, retry_after on 429


@pytest.mark.parametrize(("reply", "error", "code"), [
    (lambda: _error(404, 10062, "Unknown interaction"), discord.NotFound, 10062),
    (lambda: _error(403, 50001, "Missing Access"), discord.Forbidden, 50001),
    (lambda: _error(400, 50035, "Invalid Form Body"), discord.HTTPException, 50035),
    # without Via a 429 comes from Cloudflare, not Discord: discord.py gives up
    (lambda: _error(429, 0, "You are being rate limited."), discord.HTTPException, 0),
])
async def test_a_refusal_raises_as_discord_py_would(server, waits, reply, error, code) -> None:
    seen, replies, url = server
    replies.append(reply())
    async with aiohttp.ClientSession() as session:
        with pytest.raises(error) as raised:
            await callback.post(session, url, b"{}", "application/json")
    assert raised.value.code == code and len(seen) == 1 and waits == []


async def test_a_server_error_on_every_try_raises(server, waits) -> None:
    seen, replies, url = server
    replies += [_error(500, 0, "Internal error") for _ in range(callback.TRIES)]
    async with aiohttp.ClientSession() as session:
        with pytest.raises(discord.DiscordServerError):
            await callback.post(session, url, b"{}", "application/json")
    assert len(seen) == callback.TRIES and waits == [1, 3, 5, 7]


async def test_a_panel_edit_is_a_patch_whose_reply_is_read_not_parsed(server, waits) -> None:
    seen, replies, url = server
    # Discord answers an edit with the message; nobody reads it, the connection is reused
    replies += [web.Response(body=b'{"id": "1", "components": []}', status=200,
                             content_type="application/json"),
                web.Response(status=204)]
    async with aiohttp.ClientSession() as session:
        await callback.post(session, url, b"{}", "application/json", method="PATCH",
                            params={"with_components": "true"})
        await callback.post(session, url, b"{}", "application/json")
    assert requests == ["PATCH /callback?with_components=true", "POST /callback"]


async def test_a_followup_reads_the_new_message_from_the_reply(server, waits) -> None:
    seen, replies, url = server
    replies.append(web.Response(body=b'{"id": "9001", "content": "your turn"}', status=200,
                                content_type="application/json"))
    async with aiohttp.ClientSession() as session:
        data = await callback.post(session, url, b"{}", "application/json",
                                   params={"wait": "true"}, reply=True)
    assert data["id"] == "9001" and requests == ["POST /callback?wait=true"]
