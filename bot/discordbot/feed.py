"""From core updates to Discord: the board, hand DMs, live panels and short notes.

The core publishes updates without waiting for anyone; ``Feed.handle`` only
records the latest state and schedules work on the ``Outbox``, so a burst of
moves costs a bounded number of requests (see ``outbox``).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from ..core import (
    BoardChanged,
    GameOver,
    LobbyChanged,
    PrivateViewChanged,
    Reminder,
    SeatReplaced,
    Strike,
    TableClosed,
    TableError,
    TableInfo,
    Update,
)
from ..i18n import N_
from ..present import art, present
from ..present.art import Picture
from ..present.base import game_title
from . import board, panel, render, scene_view
from .board_ids import BoardIds
from .hand_dms import HandDms
from .outbox import Outbox, Priority
from .pings import Pinger

if TYPE_CHECKING:
    from .client import ParlourBot

log = logging.getLogger("parlour.discord")

MISSING_PERMISSIONS = 50013
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
OLD_MESSAGE = 30046   # Discord: edits of this message (older than an hour) are refused
BoardUpdate = LobbyChanged | BoardChanged | GameOver | TableClosed   # what a board shows


class Feed:
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.core = bot.core
        config = bot.config
        self.out = Outbox(config.send_rate, config.send_burst, config.board_interval)
        self.board_ids = BoardIds(self.core.store)
        self.pings = Pinger(bot, self.out, self.board_ids)   # "your turn" messages
        self.dms = HandDms(bot, self.core.store, self.note, self.out.acquire)
        self.resumed_tables: list[TableInfo] = []
        self.ready = asyncio.Event()
        self.latest: dict[int, tuple[int, BoardUpdate | None]] = {}  # table -> (channel, update)
        self.recent: dict[int, tuple[str, ...]] = {}         # table id -> public events
        # table id -> digest of the table picture the board message carries ("" = none;
        # absent = unknown, e.g. after a restart: the next edit uploads it again)
        self.board_pictures: dict[int, str] = {}
        self.no_upload: set[int] = set()   # channels where the bot may not attach files
        # Pictures are drawn in one worker thread, so the event loop keeps answering
        # interactions meanwhile (the first picture of a process draws every card face).
        self.painter = ThreadPoolExecutor(1, thread_name_prefix="parlour-pictures")
        self.notes: dict[int, list[str]] = {}                # channel -> lines to post
        # (channel, user) -> the user's panel: what editing it needs (the application id and
        # the interaction token, not the Interaction with its parsed message: thousands of
        # those kept the garbage collector busy), when it was opened, the move it shows and
        # its note; panels being answered right now are busy.
        self.panels: dict[tuple[int, int], tuple[int, str, float, int, str | None]] = {}
        self.panels_busy: set[tuple[int, int]] = set()
        self.reposts: set[int] = set()                       # tables whose board moves next

    # --- lifecycle ----------------------------------------------------------------------

    def resumed(self, tables: list[TableInfo]) -> None:
        """The tables ``core.start()`` resumed: ``start`` sends the hand DMs they miss."""
        self.resumed_tables = list(tables)

    async def start(self) -> None:
        """Load board message ids and the DM bookkeeping, send each resumed player the
        current deal's DM if Discord never accepted it (a bot killed between a deal and
        its DMs), then start handling updates."""
        self.painter.submit(art.warm_up)
        await self.board_ids.load()
        await self.pings.load()
        await self.dms.load()
        for old in self.resumed_tables:
            info = self.core.table(old.channel_id)  # AI seats may have moved meanwhile
            if info is None or info.status != "playing" or info.table_id != old.table_id:
                continue
            for seat, s in enumerate(info.seats):
                if s.user_id is not None and s.ai_level is None:
                    try:
                        view = self.core.private_view(info.channel_id, s.user_id)
                    except TableError:
                        continue
                    self._maybe_dm(PrivateViewChanged(info.table_id, info.channel_id,
                                                      info.move, seat, s.user_id, view, ()))
        self.resumed_tables = []
        self.ready.set()

    async def close(self) -> None:
        await self.out.close(timeout=3.0)
        self.painter.shutdown(wait=False, cancel_futures=True)

    # --- updates ----------------------------------------------------------------------------

    async def handle(self, update: Update) -> None:
        await self.ready.wait()
        try:
            self._handle(update)
        except Exception:
            log.exception("could not handle %s", type(update).__name__)

    def _handle(self, u: Update) -> None:
        self.pings.handle(u)
        if isinstance(u, (LobbyChanged, BoardChanged, GameOver, TableClosed)):
            if isinstance(u, BoardChanged):
                self.recent[u.table_id] = u.recent_events
            # A running game's board is drawn from the core's position when its edit goes
            # out (the newest state wins anyway): a waiting edit holds no copy of the view.
            self.latest[u.table_id] = (u.channel_id, None if isinstance(u, BoardChanged) else u)
            self.out.submit(("board", u.table_id), lambda: self._board(u.table_id),
                            priority=_board_priority(u), channel=("edit", u.channel_id))
        if isinstance(u, PrivateViewChanged):
            self._maybe_dm(u)
            self.refresh_panel(u.channel_id, u.user_id)
        elif isinstance(u, GameOver):
            self._game_over(u)
        elif isinstance(u, TableClosed):
            self._forget(u.table_id, u.channel_id)
        elif isinstance(u, Reminder):
            _ = self.bot.langs.table(u.table_id).gettext
            who = self.pings.who(u.user_id, u.name, u.channel_id)
            self.note(u.channel_id, "⏰ " + _("{who}, about {left} left for your move.", who=who,
                                             left=render.time_left(
                                                 u.seconds_left, self.bot.langs.table(u.table_id))))
        elif isinstance(u, Strike):
            _ = self.bot.langs.table(u.table_id).gettext
            self.note(u.channel_id, "⌛ " + _("Time ran out for {who}: the AI moved for them "
                                             "(strike {n} of {limit}).", who=f"**{u.name}**",
                                             n=u.strikes, limit=u.max_strikes))
        elif isinstance(u, SeatReplaced):
            _ = self.bot.langs.table(u.table_id).gettext
            why = {"strikes": N_("{who} ran out of time too often: the AI ({level}) plays that "
                                 "seat from now on."),
                   "left": N_("{who} left the game: the AI ({level}) plays that seat from "
                              "now on."),
                   "kicked": N_("{who} was removed from the game: the AI ({level}) plays that "
                                "seat from now on.")}.get(u.reason)
            if why is not None:
                self.note(u.channel_id, "🤖 " + _(why, who=f"**{u.name}**", level=u.level))

    def _game_over(self, u: GameOver) -> None:
        info = u.table
        lang = self.bot.langs.table(u.table_id)
        _ = lang.gettext
        game = f"**{game_title(info.title, lang)}**"
        if u.result:
            winners = [render.seat_name(info.seats[i], lang)
                       for i in u.result.get("winners", [])]
            names = "**" + ", ".join(winners) + "**"
            head = ("🏁 " + (_("{game} is over: {who} wins!", game=game, who=names)
                            if len(winners) == 1 else
                            _("{game} is over: {who} win!", game=game, who=names)) if winners
                    else "🏁 " + _("{game} is over.", game=game))
        else:
            head = "🏁 " + _("{game} was abandoned.", game=game)
        self.note(u.channel_id, head + " " + _("Results are on the board; see {command}.",
                                               command=f"`/leaderboard {info.game}`"))
        self._forget(u.table_id, u.channel_id)

    def _forget(self, table_id: int, channel_id: int) -> None:
        self.dms.forget(table_id)
        for key in [k for k in self.panels if k[0] == channel_id]:
            self.refresh_panel(*key)   # shows "the game is over", then forgets the panel

    # --- the board ----------------------------------------------------------------------

    def repost_board(self, table_id: int) -> None:
        """Post this table's board as a new message soon, and turn the old one into a pointer
        to it: for boards that live longer than Discord lets a message be edited (an hour).
        Any table; the board's buttons work on the new message as on the old."""
        channel_id = self.board_ids.channel(table_id)
        if channel_id is None and table_id in self.latest:
            channel_id = self.latest[table_id][0]
        if channel_id is None:
            return
        self.reposts.add(table_id)
        self.out.submit(("board", table_id), lambda: self._board(table_id),
                        priority=Priority.BOARD_HUMAN, channel=("post", channel_id))

    async def _board(self, table_id: int) -> None:
        channel_id, update = self.latest.get(table_id) or (self.board_ids.channel(table_id),
                                                           None)
        if channel_id is None:
            return
        if update is None:  # a running game (or a re-post asked for): its position now
            try:
                update = self.core.board(channel_id)
            except TableError:
                return
            if update.table_id != table_id:
                return
        recent = self.recent.get(table_id, ())
        lang = await self.bot.langs.table_now(table_id)
        picture = None
        if isinstance(update, BoardChanged) and update.table.pictures \
                and channel_id not in self.no_upload:
            picture = await asyncio.get_running_loop().run_in_executor(
                self.painter, board.picture_of, update, lang)
        shown = board.render_update(update, recent, lang, picture=picture)
        try:
            await self._show_board(update.table.guild_id, table_id, channel_id, shown)
        except discord.Forbidden as e:
            if shown.picture is None or e.code != MISSING_PERMISSIONS:
                raise
            # No Attach Files here: the board goes on without its picture.
            log.warning("channel %s: no permission to attach files; boards without pictures",
                        channel_id)
            self.no_upload.add(channel_id)
            shown = board.render_update(update, recent, lang)
            await self._show_board(update.table.guild_id, table_id, channel_id, shown)
        if shown.final and self.latest.get(table_id, (0, None))[1] is update:
            self.latest.pop(table_id, None)
            self.recent.pop(table_id, None)
            self.board_pictures.pop(table_id, None)
            await self.board_ids.drop(table_id)

    async def _show_board(self, guild_id: int | None, table_id: int, channel_id: int,
                          shown: board.Shown) -> None:
        """Edit the table's board message to ``shown``; post it when there is none, and
        anew (the old one pointing to it) when Discord will not edit the old one."""
        channel = self.bot.get_partial_messageable(channel_id)
        message_id = self.board_ids.get(table_id)
        picture = shown.picture
        digest = picture.digest if picture is not None else ""
        if message_id is not None and (table_id in self.reposts or self._too_old(message_id)):
            await self._move_board(guild_id, channel_id, table_id, message_id, shown)
        elif message_id is not None:
            # Upload the picture only when it changed; an edit without ``attachments``
            # keeps the one the message has, and ``[]`` drops it (pictures off, game over).
            files: dict[str, Any] = {}
            if self.board_pictures.get(table_id) != digest:
                files["attachments"] = [_file(picture)] if picture is not None else []
            try:  # content/embeds cleared: a board from before Components V2 is upgraded
                await channel.get_partial_message(message_id).edit(
                    content=None, embeds=[], view=shown.view, allowed_mentions=PINGS, **files)
            except discord.NotFound:  # someone deleted the board: post a new one
                message_id = None
            except discord.HTTPException as e:
                if e.code != OLD_MESSAGE:
                    raise
                await self.out.acquire()  # the refused edit used this job's token
                await self._move_board(guild_id, channel_id, table_id, message_id, shown)
        if message_id is None:
            message = await channel.send(view=shown.view, allowed_mentions=PINGS,
                                         files=[_file(picture)] if picture is not None else [])
            await self.board_ids.set(table_id, channel_id, message.id)
        self.board_pictures[table_id] = digest

    def _too_old(self, message_id: int) -> bool:
        """Posted so long ago (its id holds the time) that Discord may refuse edits soon."""
        posted = discord.utils.snowflake_time(message_id)
        return (discord.utils.utcnow() - posted).total_seconds() > self.bot.config.board_max_age

    async def _move_board(self, guild_id: int | None, channel_id: int, table_id: int,
                          old_id: int, shown: board.Shown) -> None:
        """Post the board anew, remember the new message, point the old one to it."""
        channel = self.bot.get_partial_messageable(channel_id)
        message = await channel.send(
            view=shown.view, allowed_mentions=PINGS,
            files=[_file(shown.picture)] if shown.picture is not None else [])
        self.reposts.discard(table_id)
        await self.board_ids.set(table_id, channel_id, message.id)
        await self.out.acquire()
        old = channel.get_partial_message(old_id)
        pointer = board.moved(board.message_link(guild_id, channel_id, message.id),
                              self.bot.langs.table(table_id))
        try:
            await old.edit(content=None, embeds=[], view=pointer.view)
        except discord.NotFound:
            pass
        except discord.HTTPException:  # too old to edit even once more: remove it
            await self.out.acquire()
            try:
                await old.delete()
            except discord.HTTPException as e:
                log.warning("could not remove the old board %s: %s", old_id, e)

    # --- hands by DM ------------------------------------------------------------------------

    def _maybe_dm(self, u: PrivateViewChanged) -> None:
        info = self.core.table(u.channel_id)
        lang = self.bot.langs.user(u.user_id)
        scene = present(u.view, render.names(info, lang) if info else [], recent=1, lang=lang)
        deal = scene.deal_no
        if scene.hand is None or not scene.hand.cards or \
                not self.dms.wants(u.table_id, u.user_id, deal):
            return
        title = info.title if info else scene.title
        text = scene_view.dm_text(scene, title, u.channel_id, deal, u.table_id, u.move)
        names = render.names(info, lang) if info else [s.name for s in scene.seats]
        wants_picture = self.bot.user_settings.pictures(u.user_id)

        async def send() -> None:
            picture = None
            if wants_picture:   # drawn in the picture thread (after its warm-up) when the DM goes
                picture = await asyncio.get_running_loop().run_in_executor(
                    self.painter, art.hand_picture, scene, names)
            await self.dms.send(u.table_id, u.channel_id, u.user_id, deal, text, picture)
        self.out.submit(("dm", u.table_id, u.user_id), send, priority=Priority.PING)

    # --- notes --------------------------------------------------------------------------------

    def note(self, channel_id: int, line: str) -> None:
        """A short public message; lines arriving together are sent as one message."""
        self.notes.setdefault(channel_id, []).append(line)
        self.out.submit(("note", channel_id), lambda: self._notes(channel_id),
                        priority=Priority.NOTE, channel=("post", channel_id))

    async def _notes(self, channel_id: int) -> None:
        lines = self.notes.pop(channel_id, [])
        chunk: list[str] = []
        while lines and len("\n".join(chunk + lines[:1])) <= 2000:
            chunk.append(lines.pop(0))
        if lines:  # the rest goes in the next message
            self.notes[channel_id] = lines + self.notes.get(channel_id, [])
            self.out.submit(("note", channel_id), lambda: self._notes(channel_id),
                        priority=Priority.NOTE, channel=("post", channel_id))
        if chunk:
            await self.bot.get_partial_messageable(channel_id).send(
                "\n".join(chunk), allowed_mentions=PINGS)

    # --- live hand panels ---------------------------------------------------------------

    def remember_panel(self, channel_id: int, user_id: int, interaction: discord.Interaction,
                       move: int, note: str | None = None) -> None:
        """This interaction's message is the user's panel, drawn at ``move``: keep it fresh."""
        self.panels[(channel_id, user_id)] = (interaction.application_id, interaction.token,
                                              time.monotonic(), move, note)

    def refresh_panel(self, channel_id: int, user_id: int) -> None:
        if (channel_id, user_id) in self.panels:
            # An interaction-token webhook: outside the global limit.
            self.out.submit(("panel", channel_id, user_id),
                            lambda: self._panel(channel_id, user_id), priority=Priority.PANEL,
                            free=True)

    async def _panel(self, channel_id: int, user_id: int) -> None:
        key = (channel_id, user_id)
        entry = self.panels.get(key)
        if entry is None or key in self.panels_busy:  # the answer in flight redraws it
            return
        app_id, token, opened, shown_move, note = entry
        if time.monotonic() - opened > self.bot.config.panel_lifetime:
            del self.panels[key]
            return
        info = self.core.table(channel_id)
        if info is not None and info.move == shown_move:
            return  # already shows this position
        try:
            lang = self.bot.langs.user(user_id)
            drawn = panel.build(self.core, channel_id, user_id, note, lang=lang,
                                pictures=self.bot.user_settings.pictures(user_id))
        except TableError:
            view = panel.message(lang._("This game is over; the board has the result."))
            uploads: list[discord.File] = []
            self.panels.pop(key, None)
        else:
            view = drawn.view
            uploads = panel.files(drawn)
            self.panels[key] = (app_id, token, opened, drawn.move, note)
        try:  # the interaction's own webhook: what edit_original_response does
            hook = discord.Webhook.partial(app_id, token, client=self.bot)
            # discord.py's types: message_id is an int (its own edit_original_response sends
            # "@original") and a LayoutView edit takes no content/embed (None clears them)
            await hook.edit_message("@original", content=None, embed=None,  # type: ignore[call-overload]
                                    view=view, attachments=uploads)
        except discord.HTTPException:  # dismissed or expired: stop refreshing it
            self.panels.pop(key, None)


def _file(picture: Picture) -> discord.File:
    """A picture as an upload, under the name the board's media item refers to."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename,
                        description=picture.description)


def _board_priority(u: Update) -> Priority:
    """Boards a person is waiting on (their turn, a lobby, a result) go first."""
    if isinstance(u, BoardChanged):
        info = u.table
        if info.current_seat is None:
            return Priority.BOARD
        seat = info.seats[info.current_seat]
        return Priority.BOARD_HUMAN if seat.user_id is not None and seat.ai_level is None \
            else Priority.BOARD
    return Priority.BOARD_HUMAN
