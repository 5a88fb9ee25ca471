"""Point unmodified discord.py at the fake (REST root and default gateway)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


@contextmanager
def patch_discord(api_url: str, gateway_url: str) -> Iterator[None]:
    """Point discord.py's REST root and default gateway at the fake; restore on exit."""
    old = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old
