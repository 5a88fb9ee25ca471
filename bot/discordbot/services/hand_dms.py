"""Hands by DM: who got which deal's DM, whose DMs are closed, who was told so.

Kept in the core's database (adapter-owned tables beside the core's schema,
created if missing, like ``board_ids``) so that a restarted bot neither asks a
closed DM again nor repeats the "I can't DM you" note, and so that a deal's DM
counts as sent only once Discord accepted it: a bot killed between the deal
and the DM sends it when it comes back (``Feed.start``).

The SQL is portable (SQLite and PostgreSQL): ``BIGINT`` ids, 0/1 flags and
``INSERT ... ON CONFLICT``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager

import discord

from ...core import Store
from ...i18n import N_
from ...present.art import Picture
from .. import render
from ..languages import Languages
from ..transport.uploads import Upload

log = logging.getLogger("parlour.discord")

DM_CLOSED = 50007  # Discord's "Cannot send messages to this user"

SCHEMA = (
    # One row per (table, human): the last deal whose DM Discord accepted (NULL: none
    # yet) and whether DMs to this user were refused at this table (then never retried).
    "CREATE TABLE IF NOT EXISTS discord_dm_hands ("
    "table_id BIGINT NOT NULL, user_id BIGINT NOT NULL, deal_no INTEGER, "
    "closed INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, user_id))",
    # Channels where a user was told their DMs are closed (told once per channel).
    "CREATE TABLE IF NOT EXISTS discord_dm_notes ("
    "channel_id BIGINT NOT NULL, user_id BIGINT NOT NULL, PRIMARY KEY (channel_id, user_id))",
)
SENT = ("INSERT INTO discord_dm_hands (table_id, user_id, deal_no, closed) VALUES (?, ?, ?, 0) "
        "ON CONFLICT (table_id, user_id) DO UPDATE SET deal_no = excluded.deal_no")
CLOSED = ("INSERT INTO discord_dm_hands (table_id, user_id, deal_no, closed) "
          "VALUES (?, ?, NULL, 1) ON CONFLICT (table_id, user_id) DO UPDATE SET closed = 1")
NOTED = ("INSERT INTO discord_dm_notes (channel_id, user_id) VALUES (?, ?) "
         "ON CONFLICT (channel_id, user_id) DO NOTHING")
FORGET = "DELETE FROM discord_dm_hands WHERE table_id = ?"

CLOSED_NOTE = N_("📪 {user}, I can't DM you - use the **Show my hand** button on the board "
                 "(or `/hand`) to see your cards.")

Key = tuple[int, int]


class HandDms:
    """Sends hand DMs and keeps their bookkeeping; ``note(channel, line)`` posts in a channel,
    ``acquire()`` waits for a request token (opening a DM channel costs one more)."""

    def __init__(self, client: discord.Client, langs: Languages, store: Store,
                 note: Callable[[int, str], None], acquire: Callable[[], Awaitable[None]],
                 slot: Callable[[], AbstractAsyncContextManager[None]]) -> None:
        self.client = client   # the DM channels
        self.langs = langs
        self.store = store
        self.note = note
        self.acquire = acquire
        self.slot = slot   # the send-time cap (Outbox.slot), held around each request
        self.sent: dict[Key, int | None] = {}     # (table, user) -> deal DMed (accepted)
        self.queued: dict[Key, int | None] = {}   # (table, user) -> deal DM waiting to go
        self.closed: set[Key] = set()             # (table, user): DMs refused
        self.noted: set[Key] = set()              # (channel, user): told once
        self.channels: dict[int, int] = {}        # user -> DM channel id
        self.finished: set[int] = set()           # tables forgotten in this run
        self._tasks: set[asyncio.Task] = set()

    async def load(self) -> None:
        async with self.store.transaction() as conn:
            for sql in SCHEMA:
                await conn.execute(sql)
        for r in await self.store.fetchall(
                "SELECT table_id, user_id, deal_no, closed FROM discord_dm_hands"):
            key = (r["table_id"], r["user_id"])
            if r["deal_no"] is not None:
                self.sent[key] = r["deal_no"]
            if r["closed"]:
                self.closed.add(key)
        self.noted = {(r["channel_id"], r["user_id"]) for r in await self.store.fetchall(
            "SELECT channel_id, user_id FROM discord_dm_notes")}

    def due(self, table_id: int, user_id: int, deal: int | None) -> bool:
        """Whether this deal's DM is still to be sent or queued."""
        key = (table_id, user_id)
        return not (key in self.closed or self.sent.get(key, -1) == deal
                    or self.queued.get(key, -1) == deal)

    def wants(self, table_id: int, user_id: int, deal: int | None) -> bool:
        """Whether this deal's DM is still to be sent (and then count it as queued)."""
        if not self.due(table_id, user_id, deal):
            return False
        self.queued[(table_id, user_id)] = deal
        return True

    def unqueue(self, table_id: int, user_id: int, deal: int | None) -> None:
        """That deal's DM is not going after all (no hand to show)."""
        if self.queued.get((table_id, user_id), -1) == deal:
            del self.queued[(table_id, user_id)]

    async def send(self, table_id: int, channel_id: int, user_id: int, deal: int | None,
                   text: str, picture: Picture | None = None) -> None:
        """The deal's DM: ``text``, and the hand picture when the user wants pictures."""
        key = (table_id, user_id)
        try:
            dm_id = self.channels.get(user_id)
            if dm_id is None:
                # discord.py caches only 128 DM channels: beyond that every DM would cost
                # two requests for one pacer token. Keep the id (it never changes) and pay
                # for the extra request.
                async with self.slot():
                    dm = await self.client.create_dm(discord.Object(user_id))
                dm_id = self.channels[user_id] = dm.id
                await self.acquire()
            files = [Upload(picture)] if picture is not None else []
            async with self.slot():
                await self.client.get_partial_messageable(
                    dm_id, type=discord.ChannelType.private).send(render.clip(text, 2000),
                                                                  files=files)
        except discord.Forbidden as e:
            self.queued.pop(key, None)
            if e.code != DM_CLOSED:
                log.warning("DM to %s refused: %s", user_id, e)
            await self._closed(table_id, channel_id, user_id)
            return
        except Exception:
            # Not sent: due again, so the next update of the table tries again (the deals
            # still waiting go with it, in order).
            self.queued.pop(key, None)
            raise
        # Discord accepted it: only now is it sent (a restart before this line sends again).
        if self.queued.get(key, -1) == deal:
            self.queued.pop(key)
        if table_id not in self.finished:   # (a finished table's last DMs may go late)
            self.sent[key] = deal
            await self.store.write((SENT, (table_id, user_id, deal)))

    async def _closed(self, table_id: int, channel_id: int, user_id: int) -> None:
        self.closed.add((table_id, user_id))
        first_note = (channel_id, user_id) not in self.noted
        self.noted.add((channel_id, user_id))
        if first_note:
            lang = self.langs.table(table_id)   # a public note: the table's language
            self.note(channel_id, lang._(CLOSED_NOTE, user=f"<@{user_id}>"))
        writes: list[tuple[str, tuple]] = []
        if table_id not in self.finished:
            writes.append((CLOSED, (table_id, user_id)))
        if first_note:
            writes.append((NOTED, (channel_id, user_id)))
        if writes:
            await self.store.write(*writes)

    def forget(self, table_id: int) -> None:
        """The table is over: drop its bookkeeping (the notes stay, per channel)."""
        self.finished.add(table_id)
        for held in (self.sent, self.queued):
            for key in [k for k in held if k[0] == table_id]:
                del held[key]
        self.closed = {k for k in self.closed if k[0] != table_id}
        task = asyncio.get_running_loop().create_task(self._forget(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _forget(self, table_id: int) -> None:
        try:
            await self.store.write((FORGET, (table_id,)))
        except Exception:  # a left-over row only costs a little space
            log.exception("could not forget the DMs of table %s", table_id)
