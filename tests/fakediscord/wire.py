"""Small value types shared by the HTTP side of the fake."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .json_text import dumps
from .recorder import Attachment


class ApiError(Exception):
    """Raised by a handler to answer with Discord's JSON error shape."""

    def __init__(self, status: int, code: int, message: str,
                 errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def form_error(problems: list[str]) -> ApiError:
    """Discord's 400 "Invalid Form Body" carrying our list of problems."""
    errors = {"_errors": [{"code": "FAKE_DISCORD_LIMIT", "message": p} for p in problems]}
    return ApiError(400, 50035, "Invalid Form Body", errors)


@dataclass
class Reply:
    """Explicit status/body when a handler needs something other than 200 (or 204 for None)."""

    status: int
    body: Any = None


@dataclass
class Req:
    method: str
    path: str  # below the API root, e.g. "/channels/1/messages"
    params: dict[str, str]  # path parameters of the matched route
    query: dict[str, str]
    json: Any
    files: list[Attachment]
    headers: dict[str, str]

    @property
    def body(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}

    def flag(self, name: str) -> bool:
        """Query flags like ``?wait=1`` / ``?with_response=true``."""
        return self.query.get(name, "").lower() in ("1", "true")


@dataclass
class RestCall:
    """One HTTP request the bot made, with the fake's answer."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[str] = field(default_factory=list)
    status: int = 0
    response: Any = None
    route: str | None = None  # matched route template, None = unknown route
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<RestCall {self.method} {self.path} -> {self.status}>"


@dataclass
class Violation:
    kind: str  # e.g. "message_limits", "late_callback", "double_response", "invalid_command"
    message: str
    detail: Any = None

    def __str__(self) -> str:
        return f"[{self.kind}] {self.message}"


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    """JSON reply with ``Content-Type: application/json`` exactly (discord.py compares it)."""
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(status=status, body=dumps(body), headers=all_headers)
