"""The requests on an interaction's token: its first answer, the later edits of a live
panel, and turn pings sent and deleted as its followups.

discord.py's ``InteractionResponse.send_message`` and ``edit_message`` ask for the
message their callback made or edited (``?with_response``), then parse it into a
``Message``, every component and attachment of it, for a return value our answers
never read: a live panel is edited later through the interaction's token, which needs
no message id.  At 2,000 busy tables the asking and the parsing were 2-3% of the
event loop's time, and the fake Discord (the load bench's other half) built each
reply.  ``respond`` sends the same request without asking (Discord answers
204 No Content) and marks the interaction answered as discord.py would.  A panel's
edit (``edit_original``) reads Discord's reply without parsing it; a ping
(``followup``) reads only the new message's id.

They go without discord.py's webhook adapter too: a body (JSON, or the JSON and a
hand picture as multipart form data) is built here as one ``bytes`` and sent on the
bot's session.  The adapter's per-webhook lock and aiohttp's form writer (a part
object, headers and a write per part, for a body known whole) made a 20-KB picture
answer cost 0.40 ms of CPU where this costs 0.25 (client and a loopback server in one
process, 1,000 answers).  Its
retries are kept: a 429 with ``Via`` waits ``retry_after``, a 5xx is tried again
after 1, 3, 5 and 7 s.

The discord.py names this needs that are not public API (its builders of message
parameters, marking a response answered) are in ``bot/compat.py``.
"""

from __future__ import annotations

import asyncio
import io
import uuid
from typing import Any
from urllib.parse import quote

import aiohttp
import discord
import orjson

from ... import compat

TRIES = 5   # as discord.py's webhook adapter
_sleep = asyncio.sleep   # (tests wait no real seconds)


async def respond(interaction: discord.Interaction, *, update: bool, ephemeral: bool = False,
                  **message: Any) -> None:
    """Answer ``interaction`` with a new message (``update``: by editing the message its
    component is on); ``message``: ``send_message``'s or ``edit_message``'s keywords
    (content, embed, view, files or attachments, allowed_mentions).  Raises
    ``InteractionResponded`` if it is answered already, ``HTTPException`` if Discord
    refuses; the answer is then not marked made."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    kind = (discord.InteractionResponseType.message_update if update
            else discord.InteractionResponseType.channel_message)
    if ephemeral:
        message["flags"] = discord.MessageFlags(ephemeral=True)
    client = interaction.client
    params = compat.interaction_params(
        type=kind.value, previous_allowed_mentions=client.allowed_mentions, **message)
    # The bot's session and proxy, as a partial webhook of the client carries them.
    hook = discord.Webhook.partial(interaction.application_id, interaction.token,
                                   client=client)
    url = _url(f"/interactions/{interaction.id}/{quote(interaction.token, safe='')}/callback")
    await post(hook.session, url, *_body(params), proxy=hook.proxy,
               proxy_auth=hook.proxy_auth)
    compat.mark_answered(response, kind)


async def edit_original(client: discord.Client, application_id: int, token: str,
                        **message: Any) -> None:
    """Edit the message an interaction answered with (a live panel), through the
    interaction's webhook, as ``Webhook.edit_message("@original", ...)`` does but
    without parsing the message Discord sends back; ``message``: its keywords (content,
    embed, view, attachments)."""
    with compat.message_params(previous_allowed_mentions=client.allowed_mentions,
                               **message) as params:
        await _on_webhook(client, application_id, token, "PATCH", "/messages/@original",
                          *_body(params),
                          params={"with_components": "true"} if message.get("view") else None)


async def followup(client: discord.Client, application_id: int, token: str,
                   **message: Any) -> int:
    """Send a message through an interaction's webhook (a turn ping), as
    ``Webhook.send(wait=True)`` does; the new message's id, read from Discord's reply
    without parsing the rest into a ``WebhookMessage``."""
    with compat.message_params(previous_allowed_mentions=client.allowed_mentions,
                               **message) as params:
        data = await _on_webhook(client, application_id, token, "POST", "", *_body(params),
                                 params={"wait": "true"}, reply=True)
    return int(data["id"])


async def delete_followup(client: discord.Client, application_id: int, token: str,
                          message_id: int) -> None:
    """Delete a message sent through an interaction's webhook (``Webhook.delete_message``)."""
    await _on_webhook(client, application_id, token, "DELETE", f"/messages/{message_id}",
                      None, None)


async def _on_webhook(client: discord.Client, application_id: int, token: str, method: str,
                      tail: str, body: bytes | None, content_type: str | None,
                      **request: Any) -> Any:
    """``post`` to the interaction webhook's path + ``tail``, on the client's session and
    proxy (as a partial ``Webhook`` of the client would send it)."""
    hook = discord.Webhook.partial(application_id, token, client=client)
    url = _url(f"/webhooks/{application_id}/{quote(token, safe='')}{tail}")
    return await post(hook.session, url, body, content_type, method=method,
                      proxy=hook.proxy, proxy_auth=hook.proxy_auth, **request)


def _body(params: Any) -> tuple[bytes, str]:
    """discord.py's message parameters as a request body and its content type."""
    if params.files:
        boundary = uuid.uuid4().hex
        return form_data(params.multipart, boundary), \
            f"multipart/form-data; boundary={boundary}"
    return orjson.dumps(params.payload), "application/json"


def _url(path: str) -> str:
    """``path`` under the REST root discord.py talks to (Discord's, or the fake's)."""
    return compat.api_root() + path


def form_data(parts: list[dict[str, Any]], boundary: str) -> bytes:
    """discord.py's multipart parts (``payload_json``, then ``files[n]`` with a file
    object, a filename and a content type) as one multipart/form-data body."""
    out = io.BytesIO()
    for part in parts:
        value = part["value"]
        if isinstance(value, str):
            data, kind = value.encode(), "application/json"
        else:
            value.seek(0)   # as discord.py's File.reset: an upload sent again reads it all
            data, kind = value.read(), part.get("content_type") or "application/octet-stream"
        disposition = f'form-data; name="{_quoted(part["name"])}"'
        if "filename" in part:
            disposition += f'; filename="{_quoted(part["filename"])}"'
        out.write(f"--{boundary}\r\nContent-Type: {kind}\r\n"
                  f"Content-Disposition: {disposition}\r\n\r\n".encode())
        out.write(data)
        out.write(b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue()


def _quoted(name: str) -> str:
    # A quoted-string of a form-data header: its quote and backslash escaped, no line breaks.
    return name.replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")


async def post(session: aiohttp.ClientSession, url: str, body: bytes | None,
               content_type: str | None, *, method: str = "POST",
               params: dict[str, str] | None = None, reply: bool = False,
               proxy: str | None = None, proxy_auth: aiohttp.BasicAuth | None = None) -> Any:
    """Send ``body`` (POST, or ``method``; None: no body); retried as discord.py
    retries a webhook request, and its errors raised as discord.py raises them
    (``Forbidden``, ``NotFound``, ``HTTPException``, ``DiscordServerError``).  Returns
    Discord's reply, parsed, when ``reply`` is asked for (else None: read, not parsed)."""
    headers = {"Content-Type": content_type} if content_type else {}
    for attempt in range(TRIES):
        async with session.request(method, url, data=body, headers=headers, params=params,
                                   proxy=proxy, proxy_auth=proxy_auth) as response:
            status = response.status
            if 200 <= status < 300:
                if reply:
                    return await _json_or_text(response)
                await response.read()   # unread, the connection would not be reused
                return None
            data = await _json_or_text(response)
            if status == 429 and response.headers.get("Via") and isinstance(data, dict):
                await _sleep(float(data.get("retry_after", 1.0)))
                continue
            if status >= 500 and attempt < TRIES - 1:
                await _sleep(1 + attempt * 2)
                continue
            if status >= 500:
                raise discord.DiscordServerError(response, data)
            if status == 403:
                raise discord.Forbidden(response, data)
            if status == 404:
                raise discord.NotFound(response, data)
            raise discord.HTTPException(response, data)
    raise discord.HTTPException(response, data)   # rate limited on every try


async def _json_or_text(response: aiohttp.ClientResponse) -> Any:
    """Discord's reply: parsed if JSON, else its text (as discord.py reads replies)."""
    text = await response.text(encoding="utf-8")
    if response.headers.get("Content-Type", "").startswith("application/json"):
        try:
            return orjson.loads(text)
        except ValueError:
            pass
    return text
