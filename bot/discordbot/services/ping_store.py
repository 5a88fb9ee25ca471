"""Where turn pings are remembered: every SQL statement of the ping feature.

Two adapter-owned tables beside the core's schema, created if missing (the core's
migrations never touch them):

* ``discord_pings``: each table's live "your turn" message, so a restarted bot deletes
  it when the next ping is posted and does not ping again for the same turn;
* ``discord_user_settings``: per-user switches (``/settings pings:off``).

Portable SQL (SQLite and PostgreSQL): ids are BIGINT (Discord snowflakes do not fit a
32-bit integer), switches are 0/1 integers, upserts use ``ON CONFLICT ... DO UPDATE``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Store

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS discord_pings ("
    "table_id BIGINT PRIMARY KEY, channel_id BIGINT NOT NULL, message_id BIGINT NOT NULL, "
    "user_id BIGINT NOT NULL, move INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS discord_user_settings ("
    "user_id BIGINT PRIMARY KEY, pings INTEGER NOT NULL DEFAULT 1)",
)


@dataclass(frozen=True)
class LivePing:
    """The "your turn" message a table shows now."""

    channel_id: int
    message_id: int
    user_id: int
    move: int          # the move number of the turn it announced


class PingStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def load(self) -> tuple[dict[int, LivePing], set[int]]:
        """Create the tables if missing; return the live pings (by table id) and the users
        who switched pings off."""
        async with self.store.transaction() as conn:
            for statement in SCHEMA:
                await conn.execute(statement)
        rows = await self.store.fetchall(
            "SELECT table_id, channel_id, message_id, user_id, move FROM discord_pings")
        live = {r["table_id"]: LivePing(r["channel_id"], r["message_id"], r["user_id"],
                                        r["move"]) for r in rows}
        off = await self.store.fetchall(
            "SELECT user_id FROM discord_user_settings WHERE pings = 0")
        return live, {r["user_id"] for r in off}

    async def set_live(self, table_id: int, ping: LivePing) -> None:
        await self.store.write((
            "INSERT INTO discord_pings (table_id, channel_id, message_id, user_id, move) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "user_id = excluded.user_id, move = excluded.move",
            (table_id, ping.channel_id, ping.message_id, ping.user_id, ping.move)))

    async def drop_live(self, table_id: int) -> None:
        await self.store.write(("DELETE FROM discord_pings WHERE table_id = ?", (table_id,)))

    async def set_user_pings(self, user_id: int, on: bool) -> None:
        await self.store.write((
            "INSERT INTO discord_user_settings (user_id, pings) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings",
            (user_id, int(on))))
