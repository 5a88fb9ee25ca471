"""Which language each reader gets on Discord (issue 16).

* Private messages (hand panels, ephemeral replies, DMs) speak the user's own Discord
  locale: ``interaction.locale`` when there is an interaction; a DM has none, so the last
  locale each user showed is remembered (table ``user_languages``).
* The public board, notes and pings speak the table's language: ``/table new``'s
  ``language`` option, by default the server's preferred locale when Parlour speaks it,
  else English (table ``table_languages``).

Both are cached in memory; writes go to the store at once (portable upserts).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from ..core import Store
from ..i18n import EN, Lang, lang_for, normalise

log = logging.getLogger("parlour.discord")


def locale_code(locale: discord.Locale | str | None) -> str | None:
    """``"pl"``/``"ru"``/``"en"`` for a Discord locale (``en-US``, ``pl``...), else None."""
    if locale is None:
        return None
    return normalise(locale.value if isinstance(locale, discord.Locale) else str(locale))


def guild_default(interaction: discord.Interaction) -> str:
    """A new table's language: the server's preferred locale when Parlour speaks it."""
    return locale_code(interaction.guild_locale) or "en"


class Languages:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.users: dict[int, str] = {}
        self.tables: dict[int, str] = {}
        self._pending: set[asyncio.Future] = set()
        self._asked: set[int] = set()    # tables looked up in the store after a miss

    async def load(self) -> None:
        rows = await self.store.fetchall("SELECT user_id, lang FROM user_languages")
        self.users = {int(r["user_id"]): r["lang"] for r in rows}
        rows = await self.store.fetchall("SELECT table_id, lang FROM table_languages")
        self.tables = {int(r["table_id"]): r["lang"] for r in rows}

    # --- reading ------------------------------------------------------------------------

    def user(self, user_id: int | None) -> Lang:
        """A user's language for a DM (their last seen locale; English if never seen)."""
        return lang_for(self.users.get(user_id)) if user_id is not None else EN

    def table(self, table_id: int | None) -> Lang:
        """A table's language; one this process has not seen (made by another process
        since start-up) is read from the store in the background, English meanwhile."""
        if table_id is None:
            return EN
        code = self.tables.get(table_id)
        if code is None and table_id not in self._asked:
            self._asked.add(table_id)
            self._background(self._load_table(table_id))
        return lang_for(code)

    async def table_now(self, table_id: int) -> Lang:
        """A table's language, read from the store first when this process lacks it
        (for a board, which is drawn once and kept)."""
        if table_id not in self.tables and table_id not in self._asked:
            self._asked.add(table_id)
            await self._load_table(table_id)
        return self.table(table_id)

    async def _load_table(self, table_id: int) -> None:
        row = await self.store.fetchone(
            "SELECT lang FROM table_languages WHERE table_id = ?", (table_id,))
        if row is not None:
            self.tables.setdefault(table_id, row["lang"])

    def of(self, interaction: discord.Interaction) -> Lang:
        """The language of a reply to ``interaction`` (the user's own locale)."""
        return lang_for(locale_code(interaction.locale))

    # --- writing ------------------------------------------------------------------------

    def note(self, interaction: discord.Interaction) -> Lang:
        """Remember the locale ``interaction`` came with (for later panels and DMs, which
        carry none); written to the store in the background when it changed."""
        code = locale_code(interaction.locale) or "en"
        user_id = interaction.user.id
        if self.users.get(user_id) != code:
            self.users[user_id] = code
            self._background(self._save_user(user_id, code))
        return lang_for(code)

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._pending.add(task)
        task.add_done_callback(self._saved)

    def _saved(self, task: asyncio.Future) -> None:
        self._pending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not read or remember a language: %s", task.exception())

    async def _save_user(self, user_id: int, code: str) -> None:
        await self.store.write((
            "INSERT INTO user_languages (user_id, lang) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang", (user_id, code)))

    async def set_table(self, table_id: int, code: str) -> None:
        code = normalise(code) or "en"
        self.tables[table_id] = code
        await self.store.write((
            "INSERT INTO table_languages (table_id, lang) VALUES (?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET lang = excluded.lang", (table_id, code)))
