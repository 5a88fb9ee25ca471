"""HTTP plumbing of the fake: the route table, request bodies, rate-limit headers."""

from __future__ import annotations

import email.policy
import hashlib
import json
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.parser import BytesParser
from typing import Any

from aiohttp import web

from . import commands, interactions, oauth, rest
from .json_text import loads
from .recorder import Attachment
from .wire import Req

Handler = Callable[[Any, Req], Awaitable[Any]]


@dataclass
class Route:
    method: str
    template: str
    regex: re.Pattern[str]
    handler: Handler
    auth: bool  # needs "Authorization: Bot <token>" (interaction webhooks do not)


def _route(method: str, template: str, handler: Handler, auth: bool = True) -> Route:
    pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
    return Route(method, template, re.compile(f"^{pattern}$"), handler, auth)


_APP = "/applications/{app_id}"
_GUILD_CMDS = _APP + "/guilds/{guild_id}/commands"
_MSG = "/channels/{channel_id}/messages/{message_id}"
_HOOK = "/webhooks/{app_id}/{token}"
# Order matters: literal segments ("@me") before placeholders.
ROUTES: list[Route] = [
    _route("GET", "/users/@me", rest.get_me),
    _route("POST", "/users/@me/channels", rest.create_dm),
    _route("GET", "/users/{user_id}", rest.get_user),
    _route("GET", "/oauth2/applications/@me", rest.get_application),
    _route("POST", "/oauth2/token", oauth.token, auth=False),
    _route("GET", "/applications/@me", rest.get_application),
    _route("GET", "/gateway", rest.get_gateway, auth=False),
    _route("GET", "/gateway/bot", rest.get_gateway_bot),
    _route("GET", _APP + "/activity-instances/{instance_id}", oauth.get_instance),
    _route("GET", _APP + "/commands", commands.list_commands),
    _route("PUT", _APP + "/commands", commands.bulk_overwrite),
    _route("POST", _APP + "/commands", commands.create_command),
    _route("GET", _APP + "/commands/{command_id}", commands.get_command),
    _route("PATCH", _APP + "/commands/{command_id}", commands.edit_command),
    _route("DELETE", _APP + "/commands/{command_id}", commands.delete_command),
    _route("GET", _GUILD_CMDS + "/permissions", commands.command_permissions),
    _route("GET", _GUILD_CMDS, commands.list_commands),
    _route("PUT", _GUILD_CMDS, commands.bulk_overwrite),
    _route("POST", _GUILD_CMDS, commands.create_command),
    _route("GET", _GUILD_CMDS + "/{command_id}", commands.get_command),
    _route("PATCH", _GUILD_CMDS + "/{command_id}", commands.edit_command),
    _route("DELETE", _GUILD_CMDS + "/{command_id}", commands.delete_command),
    _route("GET", "/guilds/{guild_id}", rest.get_guild),
    _route("GET", "/guilds/{guild_id}/channels", rest.get_guild_channels),
    _route("GET", "/guilds/{guild_id}/roles", rest.get_guild_roles),
    _route("GET", "/guilds/{guild_id}/members", rest.list_members),
    _route("GET", "/guilds/{guild_id}/members/{user_id}", rest.get_member),
    _route("GET", "/channels/{channel_id}", rest.get_channel),
    _route("POST", "/channels/{channel_id}/typing", rest.trigger_typing),
    _route("POST", "/channels/{channel_id}/threads", rest.create_thread),
    _route("GET", "/channels/{channel_id}/messages", rest.list_messages),
    _route("POST", "/channels/{channel_id}/messages", rest.create_message),
    _route("GET", _MSG, rest.get_message),
    _route("PATCH", _MSG, rest.edit_message),
    _route("DELETE", _MSG, rest.delete_message),
    _route("PUT", _MSG + "/reactions/{emoji}/@me", rest.add_reaction),
    _route("DELETE", _MSG + "/reactions/{emoji}/@me", rest.remove_own_reaction),
    _route("POST", "/interactions/{interaction_id}/{token}/callback",
           interactions.interaction_callback, auth=False),
    _route("POST", _HOOK, interactions.execute_webhook, auth=False),
    _route("GET", _HOOK + "/messages/{message_id}", interactions.get_webhook_message, auth=False),
    _route("PATCH", _HOOK + "/messages/{message_id}", interactions.edit_webhook_message,
           auth=False),
    _route("DELETE", _HOOK + "/messages/{message_id}", interactions.delete_webhook_message,
           auth=False),
]


@dataclass
class Fault:
    method: str  # "*" = any
    path: re.Pattern[str]
    count: int
    retry_after: float
    is_global: bool


def bucket_hash(key: str) -> str:
    return hashlib.sha1(key.encode()).hexdigest()[:16]


async def read_body(request: web.Request) -> tuple[Any, list[Attachment]]:
    """JSON body, or multipart with ``payload_json`` + ``files[n]`` parts."""
    mime, params = _header_params(request.headers.get("Content-Type", ""))
    if mime.startswith("multipart/"):
        raw = await request.read()
        boundary = params.get("boundary")
        parsed = split_multipart(raw, boundary) if boundary else None
        if parsed is not None:
            return parsed
        # anything unusual: the standard library's parser
        return _parse_multipart(request.headers.get("Content-Type", ""), raw)
    raw = await request.read()
    if mime == "application/x-www-form-urlencoded":
        return raw.decode("utf-8", "replace"), []   # read by the handler (oauth2/token)
    return (loads(raw) if raw else None), []


def split_multipart(raw: bytes, boundary: str) -> tuple[Any, list[Attachment]] | None:
    """A multipart/form-data body as discord.py sends it (``payload_json`` and files with
    plain quoted names), or None for anything else.  aiohttp's parser, through the email
    package's header classes, took a third of the load driver's time: the fake's CPU is
    taken from the bot it measures."""
    delimiter = b"\r\n--" + boundary.encode("latin-1")
    pieces = (b"\r\n" + raw).split(delimiter)
    if len(pieces) < 3 or pieces[0] or not pieces[-1].startswith(b"--"):
        return None
    payload: Any = None
    files: list[Attachment] = []
    for piece in pieces[1:-1]:
        head, sep, body = piece.partition(b"\r\n\r\n")
        if not sep or not head.startswith(b"\r\n"):
            return None
        headers: dict[str, str] = {}
        for line in head[2:].decode("utf-8").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                return None
            headers[name.strip().lower()] = value.strip()
        kind, disposition = _header_params(headers.get("content-disposition", ""))
        if kind != "form-data" or "name" not in disposition \
                or any(k.endswith("*") for k in disposition):
            return None
        if disposition["name"] == "payload_json":
            payload = loads(body)
        elif "filename" in disposition:
            files.append(Attachment(disposition["name"], disposition["filename"], body,
                                    headers.get("content-type")))
    return payload, files


def _header_params(value: str) -> tuple[str, dict[str, str]]:
    """``type/sub; a=1; b="x"`` -> ("type/sub", {"a": "1", "b": "x"}) (no escapes)."""
    first, *rest = value.split(";")
    params = {}
    for item in rest:
        key, _, v = item.strip().partition("=")
        v = v.strip()
        if len(v) >= 2 and v[0] == v[-1] == '"':
            v = v[1:-1]
        params[key.strip().lower()] = v
    return first.strip().lower(), params


def _parse_multipart(content_type: str, raw: bytes) -> tuple[Any, list[Attachment]]:
    """Any multipart/form-data body, by the standard library's MIME parser."""
    message = BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + raw)
    payload: Any = None
    files: list[Attachment] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True) or b""
        if name == "payload_json":
            payload = json.loads(data)
        elif part.get_filename() is not None:
            files.append(Attachment(str(name or ""), part.get_filename() or "", data,
                                    part.get("Content-Type")))
    return payload, files


def ratelimit_headers(bucket: str, fault: Fault | None = None) -> dict[str, str]:
    # A generous bucket so discord.py never pre-emptively sleeps on normal replies.
    reset_after = fault.retry_after if fault else 1.0
    headers = {
        "X-RateLimit-Limit": "50",
        "X-RateLimit-Remaining": "0" if fault else "49",
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }
    if fault is not None:
        # discord.py treats a 429 without "Via" as a Cloudflare ban and gives up.
        headers["Via"] = "1.1 google"
        headers["Retry-After"] = str(math.ceil(fault.retry_after))
        headers["X-RateLimit-Scope"] = "global" if fault.is_global else "user"
        if fault.is_global:
            headers["X-RateLimit-Global"] = "true"
    return headers
