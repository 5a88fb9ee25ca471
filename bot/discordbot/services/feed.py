"""From core updates to Discord: which service each update goes to.

The core publishes updates without waiting for anyone; ``Feed.handle`` only hands
each to the service that owns that part of Discord - the boards (``boards.py``), the
live hand panels (``live_panels.py``), hand DMs (``hand_dms.py``), turn pings
(``pings.py``) and short notes (``notes.py``) - which schedule their work on the one
``Outbox``, so a burst of moves costs a bounded number of requests.  Each service owns
its own state; nothing edits another's.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from rules.views import View

from ...core import (
    BoardChanged,
    Core,
    GameOver,
    LobbyChanged,
    Reminder,
    SeatReplaced,
    SkillReady,
    Strike,
    TableClosed,
    TableError,
    TableInfo,
    Update,
)
from ...i18n import N_
from ...present import present
from ...present.base import game_title
from .. import render, scene_view
from ..languages import Languages
from ..transport.loop_lag import LoopLag
from ..transport.outbox import Outbox, Priority
from ..user_settings import UserSettings
from .board_ids import BoardIds
from .boards import Boards
from .hand_dms import HandDms
from .live_panels import LivePanels
from .notes import Notes
from .painter import Painter
from .pings import Pinger

log = logging.getLogger("parlour.discord")


class Feed:
    """Routes the core's updates to the services (built by ``client.py``, each with its
    own collaborators); starts and stops the ones that run."""

    def __init__(self, core: Core, langs: Languages, user_settings: UserSettings, *,
                 out: Outbox, lag: LoopLag, painter: Painter, board_ids: BoardIds,
                 boards: Boards, panels: LivePanels, notes: Notes, pings: Pinger,
                 dms: HandDms) -> None:
        self.core = core
        self.langs = langs
        self.user_settings = user_settings
        self.lag = lag   # the outbox sends less at once while the loop is behind
        self.out = out
        self.board_ids = board_ids
        self.painter = painter   # board and DM pictures, drawn off the event loop
        self.boards = boards
        self.panels = panels
        self.notes = notes
        self.pings = pings   # "your turn" messages
        self.dms = dms
        # (table, user) -> deal -> (private view as dealt, the table then): DMs waiting
        self.dealt: dict[tuple[int, int], dict[int, tuple[View, TableInfo]]] = {}
        self.resumed_tables: list[TableInfo] = []
        self.ready = asyncio.Event()

    # --- lifecycle ----------------------------------------------------------------------

    def resumed(self, tables: list[TableInfo]) -> None:
        """The tables ``core.start()`` resumed: ``start`` sends the hand DMs they miss."""
        self.resumed_tables = list(tables)

    async def start(self) -> None:
        """Load board message ids and the DM bookkeeping, send each resumed player the
        current deal's DM if Discord never accepted it (a bot killed between a deal and
        its DMs), then start handling updates."""
        self.painter.start()
        self.lag.start()
        await self.board_ids.load()
        await self.pings.load()
        await self.dms.load()
        for old in self.resumed_tables:
            info = self.core.table(old.channel_id)  # AI seats may have moved meanwhile
            if info is None or info.status != "playing" or info.table_id != old.table_id:
                continue
            for s in info.seats:
                if s.user_id is not None and s.ai_level is None:
                    try:
                        view = self.core.private_view(info.channel_id, s.user_id)
                    except TableError:
                        continue
                    self._maybe_dm(info.table_id, info.channel_id, s.user_id,
                                   int(view.get("deal_no") or 0))
        self.resumed_tables = []
        self.ready.set()

    async def close(self) -> None:
        await self.out.close(timeout=3.0)
        await self.lag.stop()
        self.painter.close()

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
            self.boards.changed(u)
        if isinstance(u, BoardChanged):
            hands = dict(u.hands)   # a new deal: each human's hand as dealt
            for s in u.table.seats:   # each human still playing: their DM, their panel
                if s.user_id is not None and s.ai_level is None:
                    view = hands.get(s.index)
                    self._maybe_dm(u.table_id, u.channel_id, s.user_id, u.deal,
                                   None if view is None else (view, u.table))
                    self.panels.refresh(u.channel_id, s.user_id)
        elif isinstance(u, GameOver):
            self._game_over(u)
        elif isinstance(u, TableClosed):
            self._forget(u.table_id, u.channel_id)
        elif isinstance(u, SkillReady):
            self.boards.skills_ready(u)
        elif isinstance(u, Reminder):
            _ = self.langs.table(u.table_id).gettext
            who = self.pings.who(u.user_id, u.name, u.channel_id)
            self.note(u.channel_id, "⏰ " + _("{who}, about {left} left for your move.", who=who,
                                             left=render.time_left(
                                                 u.seconds_left, self.langs.table(u.table_id))))
        elif isinstance(u, Strike):
            _ = self.langs.table(u.table_id).gettext
            self.note(u.channel_id, "⌛ " + _("Time ran out for {who}: the AI moved for them "
                                             "(strike {n} of {limit}).", who=f"**{u.name}**",
                                             n=u.strikes, limit=u.max_strikes))
        elif isinstance(u, SeatReplaced):
            _ = self.langs.table(u.table_id).gettext
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
        lang = self.langs.table(u.table_id)
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
        see = render.command(lang, "leaderboard", game=game_title(info.title, lang))
        self.note(u.channel_id, head + " " + _("Results are on the board; see {command}.",
                                               command=see))
        self._forget(u.table_id, u.channel_id)

    def _forget(self, table_id: int, channel_id: int) -> None:
        self.dms.forget(table_id)   # deals' DMs still waiting go all the same
        self.panels.finish_channel(channel_id)

    # --- the board ----------------------------------------------------------------------

    def repost_board(self, table_id: int) -> None:
        """Post this table's board as a new message soon (``Boards.repost``)."""
        self.boards.repost(table_id)

    # --- hands by DM ------------------------------------------------------------------------

    def _maybe_dm(self, table_id: int, channel_id: int, user_id: int, deal: int,
                  dealt: tuple[View, TableInfo] | None = None) -> None:
        """Send the user this deal's hand by DM, unless it went (or is queued) already.

        Every engine counts its deals (rules/base.py) and the core says which deal each
        change is in, so most moves cost nothing here.  The change that deals a deal
        carries each human's private view as dealt (``dealt``: the view and the table
        then); the DM is drawn from that snapshot whenever the outbox sends it, so a fast
        table or a queue under Discord's limits never shows a later state.  Each deal's
        DM waits here until Discord takes it (even if the game ended meanwhile), and one
        job per user sends them in deal order: a newer deal's job replacing a waiting one
        loses no deal.  Without a snapshot (a resumed table) the DM shows the core's view
        when it goes, if the table is still in that deal."""
        key = (table_id, user_id)
        if not self.dms.due(table_id, user_id, deal):
            return
        waiting = self.dealt.setdefault(key, {})
        if dealt is not None:
            waiting.setdefault(deal, dealt)
        if deal in waiting:
            self.dms.wants(table_id, user_id, deal)
        elif not waiting:
            del self.dealt[key]

        async def send() -> None:
            snapshots = self.dealt.get(key, {})
            try:
                while snapshots:   # in deal order, also those added while one is sent
                    n = min(snapshots)
                    view, then = snapshots[n]
                    await self._send_dm(then, user_id, n, view)
                    snapshots.pop(n, None)   # sent (or DMs closed): done with it
            finally:
                info = self.core.table(channel_id)
                over = info is None or info.table_id != table_id
                if not snapshots or over:   # a finished table's DMs are tried once
                    self.dealt.pop(key, None)
            if over or info is None or not self.dms.due(table_id, user_id, deal):
                return
            try:
                view = self.core.private_view(channel_id, user_id)
            except TableError:
                return
            if int(view.get("deal_no") or 0) == deal and self.dms.wants(table_id, user_id, deal):
                await self._send_dm(info, user_id, deal, view)
        self.out.submit(("dm", table_id, user_id), send, priority=Priority.PING)

    async def _send_dm(self, info: TableInfo, user_id: int, deal: int, view: View) -> None:
        """One deal's hand DM, drawn from ``view`` (that deal's private view; ``info``:
        the table at that moment)."""
        lang = self.langs.user(user_id)
        names = render.names(info, lang)
        scene = present(view, names, recent=1, lang=lang)
        if scene.hand is None or not scene.hand.cards:
            self.dms.unqueue(info.table_id, user_id, deal)
            return
        text = scene_view.dm_text(scene, info.title, info.channel_id, deal, info.table_id,
                                  info.move)
        picture = None
        if self.user_settings.pictures(user_id):   # drawn by the painter
            picture = await self.painter.hand(scene, names)
        await self.dms.send(info.table_id, info.channel_id, user_id, deal, text, picture)

    # --- notes and live panels -------------------------------------------------------------

    def note(self, channel_id: int, line: str) -> None:
        """A short public message; lines arriving together are sent as one message."""
        self.notes.post(channel_id, line)

    def remember_panel(self, channel_id: int, user_id: int, interaction: discord.Interaction,
                       move: int, note: str | None = None) -> None:
        self.panels.remember(channel_id, user_id, interaction, move, note)

    def refresh_panel(self, channel_id: int, user_id: int) -> None:
        self.panels.refresh(channel_id, user_id)
