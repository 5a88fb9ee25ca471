"""From core updates to Discord: the board, hand DMs, live panels and short notes.

The core publishes updates without waiting for anyone; ``Feed.handle`` only
records the latest state and schedules work on the ``Coalescer``, so a burst of
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
from .outbox import Coalescer, Pacer
from .pings import Pinger

if TYPE_CHECKING:
    from .client import ParlourBot

log = logging.getLogger("parlour.discord")

MISSING_PERMISSIONS = 50013
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class Feed:
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.core = bot.core
        config = bot.config
        self.out = Coalescer(Pacer(config.send_rate, config.send_burst), config.board_interval)
        self.board_ids = BoardIds(self.core.store)
        self.pings = Pinger(bot, self.out, self.board_ids)   # "your turn" messages
        self.dms = HandDms(bot, self.core.store, self.note, self.out.pacer.acquire)
        self.resumed_tables: list[TableInfo] = []
        self.ready = asyncio.Event()
        self.latest: dict[int, tuple[int, Update]] = {}      # table id -> (channel, update)
        self.recent: dict[int, tuple[str, ...]] = {}         # table id -> public events
        # table id -> digest of the table picture the board message carries ("" = none;
        # absent = unknown, e.g. after a restart: the next edit uploads it again)
        self.board_pictures: dict[int, str] = {}
        self.no_upload: set[int] = set()   # channels where the bot may not attach files
        # Pictures are drawn in one worker thread, so the event loop keeps answering
        # interactions meanwhile (the first picture of a process draws every card face).
        self.painter = ThreadPoolExecutor(1, thread_name_prefix="parlour-pictures")
        self.notes: dict[int, list[str]] = {}                # channel -> lines to post
        # (channel, user) -> the interaction whose message is the user's panel, when it was
        # opened, the move it shows and its note; panels being answered right now are busy.
        self.panels: dict[tuple[int, int], tuple[discord.Interaction, float, int, str | None]] = {}
        self.panels_busy: set[tuple[int, int]] = set()

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
            self.latest[u.table_id] = (u.channel_id, u)
            self.out.submit(("board", u.table_id), lambda: self._board(u.table_id))
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

    async def _board(self, table_id: int) -> None:
        if table_id not in self.latest:
            return
        channel_id, update = self.latest[table_id]
        recent = self.recent.get(table_id, ())
        lang = self.bot.langs.table(table_id)
        picture = None
        if isinstance(update, BoardChanged) and update.table.pictures \
                and channel_id not in self.no_upload:
            picture = await asyncio.get_running_loop().run_in_executor(
                self.painter, board.picture_of, update, lang)
        shown = board.render_update(update, recent, lang,  # type: ignore[arg-type]
                                    picture=picture)
        try:
            await self._show_board(table_id, channel_id, shown)
        except discord.Forbidden as e:
            if shown.picture is None or e.code != MISSING_PERMISSIONS:
                raise
            # No Attach Files here: the board goes on without its picture.
            log.warning("channel %s: no permission to attach files; boards without pictures",
                        channel_id)
            self.no_upload.add(channel_id)
            shown = board.render_update(update, recent, lang)  # type: ignore[arg-type]
            await self._show_board(table_id, channel_id, shown)
        if shown.final and self.latest.get(table_id, (0, None))[1] is update:
            self.latest.pop(table_id, None)
            self.recent.pop(table_id, None)
            self.board_pictures.pop(table_id, None)
            await self.board_ids.drop(table_id)

    async def _show_board(self, table_id: int, channel_id: int, shown: board.Shown) -> None:
        """Edit the table's board message to ``shown`` (or post it when there is none)."""
        channel = self.bot.get_partial_messageable(channel_id)
        message_id = self.board_ids.get(table_id)
        picture = shown.picture
        digest = picture.digest if picture is not None else ""
        if message_id is not None:
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
        if message_id is None:
            message = await channel.send(view=shown.view, allowed_mentions=PINGS,
                                         files=[_file(picture)] if picture is not None else [])
            await self.board_ids.set(table_id, channel_id, message.id)
        self.board_pictures[table_id] = digest

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
        self.out.submit(("dm", u.table_id, u.user_id),
                        lambda: self.dms.send(u.table_id, u.channel_id, u.user_id, deal, text))

    # --- notes --------------------------------------------------------------------------------

    def note(self, channel_id: int, line: str) -> None:
        """A short public message; lines arriving together are sent as one message."""
        self.notes.setdefault(channel_id, []).append(line)
        self.out.submit(("note", channel_id), lambda: self._notes(channel_id))

    async def _notes(self, channel_id: int) -> None:
        lines = self.notes.pop(channel_id, [])
        chunk: list[str] = []
        while lines and len("\n".join(chunk + lines[:1])) <= 2000:
            chunk.append(lines.pop(0))
        if lines:  # the rest goes in the next message
            self.notes[channel_id] = lines + self.notes.get(channel_id, [])
            self.out.submit(("note", channel_id), lambda: self._notes(channel_id))
        if chunk:
            await self.bot.get_partial_messageable(channel_id).send(
                "\n".join(chunk), allowed_mentions=PINGS)

    # --- live hand panels ---------------------------------------------------------------

    def remember_panel(self, channel_id: int, user_id: int, interaction: discord.Interaction,
                       move: int, note: str | None = None) -> None:
        """This interaction's message is the user's panel, drawn at ``move``: keep it fresh."""
        self.panels[(channel_id, user_id)] = (interaction, time.monotonic(), move, note)

    def refresh_panel(self, channel_id: int, user_id: int) -> None:
        if (channel_id, user_id) in self.panels:
            self.out.submit(("panel", channel_id, user_id),
                            lambda: self._panel(channel_id, user_id))

    async def _panel(self, channel_id: int, user_id: int) -> None:
        key = (channel_id, user_id)
        entry = self.panels.get(key)
        if entry is None or key in self.panels_busy:  # the answer in flight redraws it
            return
        interaction, opened, shown_move, note = entry
        if time.monotonic() - opened > self.bot.config.panel_lifetime:
            del self.panels[key]
            return
        info = self.core.table(channel_id)
        if info is not None and info.move == shown_move:
            return  # already shows this position
        try:
            lang = self.bot.langs.user(user_id)
            drawn = panel.build(self.core, channel_id, user_id, note, lang=lang)
        except TableError:
            view = panel.message(lang._("This game is over; the board has the result."))
            uploads: list[discord.File] = []
            self.panels.pop(key, None)
        else:
            view = drawn.view
            uploads = panel.files(drawn)
            self.panels[key] = (interaction, opened, drawn.move, note)
        try:
            await interaction.edit_original_response(content=None, embed=None, view=view,
                                                     attachments=uploads)
        except discord.HTTPException:  # dismissed or expired: stop refreshing it
            self.panels.pop(key, None)


def _file(picture: Picture) -> discord.File:
    """A picture as an upload, under the name the board's media item refers to."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename,
                        description=picture.description)
