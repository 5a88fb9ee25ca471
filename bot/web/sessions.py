"""What the web table keeps in the database, so every shard process sees it alike: browser
login sessions (by the SHA-256 of the cookie, never the cookie itself) and the Activity
instances the board's Open table button bound to a table (a restart keeps them)."""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable

from ..core.store import Store
from .discord_api import DiscordUser

SESSION_DAYS = 30
BINDING_DAYS = 2      # an Activity instance lives as long as someone is in it: hours


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class WebStore:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # --- login sessions -------------------------------------------------------------------

    async def new_session(self, user: DiscordUser) -> str:
        """A fresh opaque session token for ``user`` (the cookie's value)."""
        token = secrets.token_urlsafe(32)
        now = self.clock()
        await self.store.write(
            ("DELETE FROM web_sessions WHERE expires < ?", (now,)),
            ("INSERT INTO web_sessions (token_hash, user_id, name, created, expires) "
             "VALUES (?, ?, ?, ?, ?)",
             (_hash(token), user.id, user.name, now, now + SESSION_DAYS * 86400)))
        return token

    async def session(self, token: str | None) -> DiscordUser | None:
        if not token or len(token) > 100:
            return None
        row = await self.store.fetchone(
            "SELECT user_id, name FROM web_sessions WHERE token_hash = ? AND expires > ?",
            (_hash(token), self.clock()))
        return None if row is None else DiscordUser(int(row["user_id"]), str(row["name"]))

    async def end_session(self, token: str) -> None:
        await self.store.write(("DELETE FROM web_sessions WHERE token_hash = ?",
                                (_hash(token),)))

    # --- Activity instances ---------------------------------------------------------------

    async def bind_instance(self, instance_id: str, channel_id: int,
                            table_id: int | None) -> None:
        """``instance_id`` shows the table of ``channel_id`` (launched from its board)."""
        now = self.clock()
        await self.store.write(
            ("DELETE FROM activity_instances WHERE created < ? OR instance_id = ?",
             (now - BINDING_DAYS * 86400, instance_id)),
            ("INSERT INTO activity_instances (instance_id, channel_id, table_id, created) "
             "VALUES (?, ?, ?, ?)", (instance_id, channel_id, table_id, now)))

    async def bound_channel(self, instance_id: str) -> int | None:
        row = await self.store.fetchone(
            "SELECT channel_id FROM activity_instances WHERE instance_id = ?", (instance_id,))
        return None if row is None else int(row["channel_id"])


__all__ = ["WebStore"]
