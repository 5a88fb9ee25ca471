"""A player's own switches beyond pings (``/settings pictures:off``), kept per user.

An adapter-owned table beside the core's schema, created if missing like the ping
store's: one row per (user, switch) that differs from the default, so a new switch
needs no migration.  Portable SQL (SQLite and PostgreSQL): BIGINT ids, 0/1 values,
``ON CONFLICT ... DO UPDATE``.
"""

from __future__ import annotations

from ..core import Store

SCHEMA = ("CREATE TABLE IF NOT EXISTS discord_user_switches ("
          "user_id BIGINT NOT NULL, switch TEXT NOT NULL, value INTEGER NOT NULL, "
          "PRIMARY KEY (user_id, switch))")
SET = ("INSERT INTO discord_user_switches (user_id, switch, value) VALUES (?, ?, ?) "
       "ON CONFLICT (user_id, switch) DO UPDATE SET value = excluded.value")
PICTURES = "pictures"     # the hand picture on the user's panels and hand DMs (default on)


class UserSettings:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.off: dict[str, set[int]] = {PICTURES: set()}   # switch -> users who turned it off

    async def load(self) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(SCHEMA)
        for r in await self.store.fetchall(
                "SELECT user_id, switch FROM discord_user_switches WHERE value = 0"):
            self.off.setdefault(r["switch"], set()).add(int(r["user_id"]))

    def pictures(self, user_id: int) -> bool:
        return user_id not in self.off[PICTURES]

    async def set_pictures(self, user_id: int, on: bool) -> None:
        await self.store.write((SET, (user_id, PICTURES, int(on))))
        (self.off[PICTURES].discard if on else self.off[PICTURES].add)(user_id)
