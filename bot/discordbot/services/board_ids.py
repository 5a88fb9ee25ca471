"""Which message is each table's board: kept in the core's database, so a restarted
bot edits the same message instead of posting a new one.

An adapter-owned table (``discord_boards``) beside the core's schema, created
if missing; the core's migrations never touch it.
"""

from __future__ import annotations

from ...core import Store

SCHEMA = ("CREATE TABLE IF NOT EXISTS discord_boards ("
          "table_id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, "
          "message_id INTEGER NOT NULL)")


class BoardIds:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.ids: dict[int, int] = {}        # table id -> message id
        self.channels: dict[int, int] = {}   # table id -> channel id

    async def load(self) -> None:
        async with self.store.transaction() as conn:
            await conn.execute(SCHEMA)
        rows = await self.store.fetchall(
            "SELECT table_id, channel_id, message_id FROM discord_boards")
        self.ids = {r["table_id"]: r["message_id"] for r in rows}
        self.channels = {r["table_id"]: r["channel_id"] for r in rows}

    def get(self, table_id: int) -> int | None:
        return self.ids.get(table_id)

    def channel(self, table_id: int) -> int | None:
        return self.channels.get(table_id)

    async def set(self, table_id: int, channel_id: int, message_id: int) -> None:
        self.ids[table_id] = message_id
        self.channels[table_id] = channel_id
        await self.store.write(("INSERT INTO discord_boards VALUES (?, ?, ?) ON CONFLICT "
                                "(table_id) DO UPDATE SET channel_id = excluded.channel_id, "
                                "message_id = excluded.message_id",
                                (table_id, channel_id, message_id)))

    async def drop(self, table_id: int) -> None:
        """The table is finished: its board will not be edited again."""
        self.ids.pop(table_id, None)
        self.channels.pop(table_id, None)
        await self.store.write(("DELETE FROM discord_boards WHERE table_id = ?", (table_id,)))
