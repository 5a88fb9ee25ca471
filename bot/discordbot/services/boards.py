"""The public board of each table: one message per table, edited as the game goes.

The one owner of what a board needs between edits: the latest update per table (a
running game's board is drawn from the core's position when its edit goes out: the
core's ``BoardChanged`` carries no view, and a burst of moves costs one public view per
edit that goes out), the digest of the
picture the message carries (uploaded again only when it changed), the channels where
the bot may not attach files, and the boards to re-post (older than Discord lets a
message be edited).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ...core import (
    BoardChanged,
    BoardView,
    Core,
    GameOver,
    LobbyChanged,
    SkillReady,
    TableClosed,
    TableError,
    Update,
)
from ...present.art import Picture
from ..languages import Languages
from ..transport.outbox import Outbox, Priority
from ..transport.uploads import Upload
from ..ui import board
from .board_ids import BoardIds
from .notes import PINGS
from .painter import Painter

log = logging.getLogger("parlour.discord")

MISSING_PERMISSIONS = 50013
OLD_MESSAGE = 30046   # Discord: edits of this message (older than an hour) are refused
BoardUpdate = LobbyChanged | BoardChanged | GameOver | TableClosed   # what a board shows
Kept = LobbyChanged | GameOver | TableClosed   # held until shown (a game's board is not)
FINALS = 500   # final boards remembered for their accuracy and luck (SkillReady) to come


class Boards:
    def __init__(self, client: discord.Client, core: Core, langs: Languages, out: Outbox,
                 board_ids: BoardIds, painter: Painter, *, max_age: float) -> None:
        self.client = client   # the channels' messages
        self.core = core
        self.langs = langs
        self.max_age = max_age   # seconds: an older board is posted anew (config.board_max_age)
        self.out = out
        self.ids = board_ids
        self.painter = painter
        self.latest: dict[int, tuple[int, Kept | None]] = {}  # table -> (channel, update)
        # table id -> digest of the table picture the board message carries ("" = none;
        # absent = unknown, e.g. after a restart: the next edit uploads it again)
        self.pictures: dict[int, str] = {}
        self.no_upload: set[int] = set()   # channels where the bot may not attach files
        self.reposts: set[int] = set()     # tables whose board moves to a new message next
        self.shown: dict[int, int] = {}    # table id -> the move its board message shows
        self.unpainted: set[int] = set()   # tables shown without their picture (warm-up)
        self._repaint: asyncio.Task | None = None
        # table id -> (channel, message, its GameOver): final boards whose accuracy and luck
        # may still come (in this process's lifetime; after a restart they are not edited)
        # (and the picture it carries: not painted again)
        self.finals: OrderedDict[int, tuple[int, int, GameOver, Picture | None]] = \
            OrderedDict()

    def changed(self, u: BoardUpdate) -> None:
        """A table's board has something new: edit it soon (one pending edit per table)."""
        self.latest[u.table_id] = (u.channel_id, None if isinstance(u, BoardChanged) else u)
        self.out.submit(("board", u.table_id), lambda: self.show(u.table_id),
                        priority=_priority(u), channel=("edit", u.channel_id))

    def skills_ready(self, u: SkillReady) -> None:
        """A finished game's accuracy and luck: its final board is edited to show them (an
        edit: nobody is pinged).  A result not shown yet is shown with them."""
        held = self.latest.get(u.table_id)
        if held is not None and isinstance(held[1], GameOver):
            self.changed(dataclasses.replace(held[1], skills=u.skills))
            return
        final = self.finals.get(u.table_id)
        if final is None:
            return
        channel_id, message_id, over, picture = final
        update = dataclasses.replace(over, skills=u.skills)
        self.finals[u.table_id] = (channel_id, message_id, update, picture)
        self.out.submit(("board", u.table_id), lambda: self._edit_final(u.table_id),
                        priority=Priority.BOARD, channel=("edit", channel_id))

    async def _edit_final(self, table_id: int) -> None:
        final = self.finals.get(table_id)
        if final is None:
            return
        channel_id, message_id, update, picture = final
        lang = await self.langs.table_now(table_id)
        shown = board.render_update(update, update.recent_events, lang, picture=picture)
        channel = self.client.get_partial_messageable(channel_id)
        try:   # no ``attachments``: the message keeps its picture
            async with self.out.slot():
                await channel.get_partial_message(message_id).edit(
                    content=None, embeds=[], view=shown.view, allowed_mentions=PINGS)
        except discord.HTTPException:   # deleted, or too old to edit: the figures stay in /review
            log.info("table %s: the final board could not show accuracy and luck", table_id)

    def repost(self, table_id: int) -> None:
        """Post this table's board as a new message soon, and turn the old one into a pointer
        to it: for boards that live longer than Discord lets a message be edited (an hour).
        Any table; the board's buttons work on the new message as on the old."""
        channel_id = self.ids.channel(table_id)
        if channel_id is None and table_id in self.latest:
            channel_id = self.latest[table_id][0]
        if channel_id is None:
            return
        self.reposts.add(table_id)
        self.out.submit(("board", table_id), lambda: self.show(table_id),
                        priority=Priority.BOARD_HUMAN, channel=("post", channel_id))

    async def show(self, table_id: int) -> None:
        """Draw the table's board now and put it on Discord."""
        channel_id, latest = self.latest.get(table_id) or (self.ids.channel(table_id), None)
        if channel_id is None:
            return
        update: LobbyChanged | BoardView | GameOver | TableClosed
        if latest is not None:
            update = latest
        else:  # a running game (or a re-post asked for): its position now
            try:
                update = self.core.board(channel_id)
            except TableError:
                return
            if update.table_id != table_id:
                return
        if isinstance(update, BoardView) and update.table.move < self.shown.get(table_id, -1):
            # An older position than the board shows (a copy not yet caught up): a board
            # never goes back; the newer one comes with the copy's reload.
            log.info("table %s: not showing move %s over move %s", table_id,
                     update.table.move, self.shown[table_id])
            return
        recent = update.recent_events if isinstance(update, BoardView | GameOver) else ()
        lang = await self.langs.table_now(table_id)
        picture = None
        if isinstance(update, BoardView | GameOver) and update.table.pictures \
                and channel_id not in self.no_upload:   # a game's table, or its final one
            if isinstance(update, BoardView) and not self.painter.tables_ready():
                # The picture worker is still warming up (seconds after a start): the
                # board does not wait for it; its picture follows once the worker is warm.
                self._paint_later(table_id)
            else:
                picture = await self.painter.table(update, lang.code)
        shown = board.render_update(update, recent, lang, picture=picture)
        try:
            await self._put(update.table.guild_id, table_id, channel_id, shown)
        except discord.Forbidden as e:
            if shown.picture is None or e.code != MISSING_PERMISSIONS:
                raise
            # No Attach Files here: the board goes on without its picture.
            log.warning("channel %s: no permission to attach files; boards without pictures",
                        channel_id)
            self.no_upload.add(channel_id)
            shown = board.render_update(update, recent, lang)
            await self._put(update.table.guild_id, table_id, channel_id, shown)
        if isinstance(update, BoardView):
            self.shown[table_id] = update.table.move
        if shown.final and self.latest.get(table_id, (0, None))[1] is update:
            message_id = self.ids.get(table_id)
            if isinstance(update, GameOver) and message_id is not None and not update.skills:
                self.finals[table_id] = (channel_id, message_id, update, shown.picture)
                while len(self.finals) > FINALS:
                    self.finals.popitem(last=False)
            self.latest.pop(table_id, None)
            self.pictures.pop(table_id, None)
            self.shown.pop(table_id, None)
            await self.ids.drop(table_id)

    def _paint_later(self, table_id: int) -> None:
        self.unpainted.add(table_id)
        if self._repaint is None:
            self._repaint = asyncio.ensure_future(self._when_warm())

    async def _when_warm(self) -> None:
        """Once pictures can be drawn: show again the boards shown without theirs."""
        await self.painter.boards_warm.wait()
        tables, self.unpainted = self.unpainted, set()
        for table_id in tables:
            channel_id = self.ids.channel(table_id)
            if channel_id is not None and table_id in self.shown:
                self.out.submit(("board", table_id), self._shower(table_id),
                                priority=Priority.BOARD, channel=("edit", channel_id))

    def _shower(self, table_id: int) -> Callable[[], Awaitable[None]]:
        return lambda: self.show(table_id)

    async def _put(self, guild_id: int | None, table_id: int, channel_id: int,
                   shown: board.Shown) -> None:
        """Edit the table's board message to ``shown``; post it when there is none, and
        anew (the old one pointing to it) when Discord will not edit the old one."""
        channel = self.client.get_partial_messageable(channel_id)
        message_id = self.ids.get(table_id)
        picture = shown.picture
        digest = picture.digest if picture is not None else ""
        if message_id is not None and (table_id in self.reposts or self._too_old(message_id)):
            await self._move(guild_id, channel_id, table_id, message_id, shown)
        elif message_id is not None:
            # Upload the picture only when it changed; an edit without ``attachments``
            # keeps the one the message has, and ``[]`` drops it (pictures off, game over).
            files: dict[str, Any] = {}
            if self.pictures.get(table_id) != digest:
                files["attachments"] = [Upload(picture)] if picture is not None else []
            try:  # content/embeds cleared: a board from before Components V2 is upgraded
                async with self.out.slot():
                    await channel.get_partial_message(message_id).edit(
                        content=None, embeds=[], view=shown.view, allowed_mentions=PINGS,
                        **files)
            except discord.NotFound:  # someone deleted the board: post a new one
                message_id = None
            except discord.HTTPException as e:
                if e.code != OLD_MESSAGE:
                    raise
                await self.out.acquire()  # the refused edit used this job's token
                await self._move(guild_id, channel_id, table_id, message_id, shown)
        if message_id is None:
            async with self.out.slot():
                message = await channel.send(
                    view=shown.view, allowed_mentions=PINGS,
                    files=[Upload(picture)] if picture is not None else [])
            await self.ids.set(table_id, channel_id, message.id)
        self.pictures[table_id] = digest

    def _too_old(self, message_id: int) -> bool:
        """Posted so long ago (its id holds the time) that Discord may refuse edits soon."""
        posted = discord.utils.snowflake_time(message_id)
        return (discord.utils.utcnow() - posted).total_seconds() > self.max_age

    async def _move(self, guild_id: int | None, channel_id: int, table_id: int,
                    old_id: int, shown: board.Shown) -> None:
        """Post the board anew, remember the new message, point the old one to it."""
        channel = self.client.get_partial_messageable(channel_id)
        async with self.out.slot():
            message = await channel.send(
                view=shown.view, allowed_mentions=PINGS,
                files=[Upload(shown.picture)] if shown.picture is not None else [])
        self.reposts.discard(table_id)
        await self.ids.set(table_id, channel_id, message.id)
        await self.out.acquire()
        old = channel.get_partial_message(old_id)
        pointer = board.moved(board.message_link(guild_id, channel_id, message.id),
                              self.langs.table(table_id))
        try:
            async with self.out.slot():
                await old.edit(content=None, embeds=[], view=pointer.view)
        except discord.NotFound:
            pass
        except discord.HTTPException:  # too old to edit even once more: remove it
            await self.out.acquire()
            try:
                async with self.out.slot():
                    await old.delete()
            except discord.HTTPException as e:
                log.warning("could not remove the old board %s: %s", old_id, e)


def _priority(u: Update) -> Priority:
    """Boards a person is waiting on (their turn, a lobby, a result) go first."""
    if isinstance(u, BoardChanged):
        info = u.table
        if info.current_seat is None:
            return Priority.BOARD
        seat = info.seats[info.current_seat]
        return Priority.BOARD_HUMAN if seat.user_id is not None and seat.ai_level is None \
            else Priority.BOARD
    return Priority.BOARD_HUMAN
