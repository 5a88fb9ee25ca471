"""Turn pings: a short channel message that really notifies a human whose turn starts.

Discord notifies for a mention only in a *new* message (or DM), never in an edit, so
the board (edited in place) cannot do it. The rules, also in docs/DISCORD.md:

* One ping per turn start: a new message in the table's channel mentioning only that
  player (``allowed_mentions`` names just them). AI seats and seats the AI plays for a
  departed human get none.
* Consecutive turns of one player (Piquet's declarations, leading after winning a
  trick) get no second ping when the player made the move just before themselves: they
  are at the table. After a move the timer made for them, they are pinged again.
* Tidy channel: each table has at most one ping message alive. The previous one is
  deleted just before the next is posted, and the last one when the game ends.
* A ping that has not gone out yet is dropped if the turn has passed on meanwhile.
* Off for a table (``/table new ... pings:False``, kept in ``TableInfo.pings``) or for a
  user (``/settings pings:off``, kept in the database): no ping, and timer reminders
  name the player without a mention.

Which route a ping takes (Discord counts interaction endpoints apart from the bot's
global 50 requests/s, so pings sent that way leave the budget to the boards):

* A ping goes out as a public *followup* of the latest interaction at the table (the
  move on a panel, a ``/play``, opening a hand) while its token is valid (15 minutes;
  we use 14) and once that interaction has been answered: a component's or an answered
  command's later followups are new messages with their own flags (only the first
  followup of a deferred "thinking" answer replaces it, and ``answer`` has sent that one
  already). A non-ephemeral followup is a message in the channel that everyone sees, and
  its mentions notify like any new message.
* The previous ping is deleted through the webhook of the token that posted it while
  that token is valid; otherwise, and for pings no interaction can carry (timers, a
  stand-in's move long after the last click, a restart), the channel routes are used.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field

import discord

from ...core import BoardChanged, Core, GameOver, TableClosed, TableInfo, Update, YourTurn
from ...present.base import game_title
from ..languages import Languages
from ..transport.callback import delete_followup, followup
from ..transport.outbox import Outbox, Priority
from .board_ids import BoardIds
from .ping_store import LivePing, PingStore

log = logging.getLogger("parlour.discord")

TOKEN_LIFE = 14 * 60.0   # s an interaction token may still post (Discord: 15 minutes)
ANSWER_WAIT = 4.0        # s a ping waits for its carrier's answer (Discord allows 3 s)


@dataclass
class Carrier:
    """An interaction at a table whose webhook can post (and delete) its pings."""

    app_id: int
    token: str
    at: float                                   # time.monotonic() when it arrived
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    def fresh(self, now: float) -> bool:
        return now - self.at < TOKEN_LIFE


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that notify exactly this user and nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user_id)])


class Pinger:
    def __init__(self, client: discord.Client, core: Core, langs: Languages, out: Outbox,
                 board_ids: BoardIds) -> None:
        self.client = client   # the channels, and the session followups are posted on
        self.core = core
        self.langs = langs
        self.out = out
        self.board_ids = board_ids
        self.db = PingStore(core.store)
        self.live: dict[int, LivePing] = {}               # table id -> its ping message
        self.users_off: set[int] = set()                  # users who switched pings off
        self.decided: dict[int, tuple[int, int]] = {}     # table id -> (user, move) pinged
        self.last_move: dict[int, tuple[int | None, str | None]] = {}  # (seat, actor)
        self.carriers: dict[int, Carrier] = {}            # channel -> its latest interaction
        self.posted_by: dict[int, Carrier] = {}           # table id -> carrier of its live ping

    async def load(self) -> None:
        self.live, self.users_off = await self.db.load()

    # --- settings ----------------------------------------------------------------------

    def user_on(self, user_id: int) -> bool:
        return user_id not in self.users_off

    async def set_user(self, user_id: int, on: bool) -> None:
        await self.db.set_user_pings(user_id, on)
        if on:
            self.users_off.discard(user_id)
        else:
            self.users_off.add(user_id)

    def wanted(self, user_id: int, info: TableInfo) -> bool:
        return info.pings and self.user_on(user_id)

    def who(self, user_id: int, name: str, channel_id: int) -> str:
        """A mention if this user may be pinged at this channel's table, else the name."""
        info = self.core.table(channel_id)
        if info is not None and self.wanted(user_id, info):
            return f"<@{user_id}>"
        return f"**{name}**"

    # --- carriers ----------------------------------------------------------------------

    @contextmanager
    def carrying(self, interaction: discord.Interaction) -> Iterator[None]:
        """Around answering ``interaction``: pings at its table may ride on its webhook
        once the answer has gone out."""
        channel_id = interaction.channel_id
        if channel_id is None:
            yield
            return
        carrier = Carrier(interaction.application_id, interaction.token, time.monotonic())
        self.carriers[channel_id] = carrier
        try:
            yield
        finally:
            carrier.answered.set()

    def _carrier(self, channel_id: int) -> Carrier | None:
        carrier = self.carriers.get(channel_id)
        if carrier is not None and not carrier.fresh(time.monotonic()):
            del self.carriers[channel_id]
            return None
        return carrier

    # --- updates -----------------------------------------------------------------------

    def handle(self, u: Update) -> None:
        """Called by the feed for every core update (synchronously, in order)."""
        if isinstance(u, BoardChanged):
            self.last_move[u.table_id] = (u.last_seat, u.last_actor)
        elif isinstance(u, YourTurn):
            self._turn(u)
        elif isinstance(u, (GameOver, TableClosed)):
            self.decided.pop(u.table_id, None)
            self.last_move.pop(u.table_id, None)
            posted = self.posted_by.get(u.table_id)
            free = posted is not None and posted.fresh(time.monotonic())
            self.out.submit(("ping", u.table_id), lambda: self._clear(u.table_id, not free),
                            interval=0, priority=Priority.PING,
                            channel=None if free else ("post", u.channel_id), free=free)

    def _turn(self, u: YourTurn) -> None:
        info = self.core.table(u.channel_id)
        if info is None or not self.wanted(u.user_id, info) or self._continues(u):
            return
        self.decided[u.table_id] = (u.user_id, u.move)
        # Carried by an interaction: outside the global limit and the channel's post route.
        free = self._carrier(u.channel_id) is not None
        self.out.submit(("ping", u.table_id), lambda: self._ping(u, paid=not free),
                        interval=0, priority=Priority.PING,
                        channel=None if free else ("post", u.channel_id), free=free)

    def _continues(self, u: YourTurn) -> bool:
        """This turn needs no ping: the player was pinged for this very turn (a resumed
        table), or was pinged last and made the move just before themselves."""
        last = self.decided.get(u.table_id)
        if last is None and u.table_id in self.live:   # after a restart
            live = self.live[u.table_id]
            last = (live.user_id, live.move)
        if last is None or last[0] != u.user_id:
            return False
        return last[1] == u.move or self.last_move.get(u.table_id) == (u.seat, "human")

    # --- sending -----------------------------------------------------------------------

    async def _ping(self, u: YourTurn, *, paid: bool) -> None:
        """Post the ping (``paid``: this job already holds a global token)."""
        info = self.core.table(u.channel_id)
        if info is None or info.status != "playing" or info.current_seat is None:
            return
        seat = info.seats[info.current_seat]
        if seat.user_id != u.user_id or seat.ai_level is not None or \
                not self.wanted(u.user_id, info):
            return  # the turn passed on (or pings were switched off) meanwhile
        budget = _Budget(self.out, paid)
        # Its row is not deleted: the new ping's replaces it (one write, not two, a ping).
        await self._delete_live(u.table_id, budget, forget=False)
        text, mentions = self._text(info, u), only(u.user_id)
        carrier = await self._answered_carrier(u.channel_id)
        message_id: int | None = None
        if carrier is not None:
            try:
                message_id = await followup(self.client, carrier.app_id, carrier.token,
                                            content=text, allowed_mentions=mentions)
            except discord.HTTPException as e:   # expired early, or never answered
                log.info("ping by followup failed (%s); posting it in the channel", e)
                carrier = None
        if message_id is None:
            async with budget.spend():
                message_id = (await self.client.get_partial_messageable(u.channel_id).send(
                    text, allowed_mentions=mentions)).id
        ping = LivePing(u.channel_id, message_id, u.user_id, u.move)
        self.live[u.table_id] = ping
        if carrier is not None:
            self.posted_by[u.table_id] = carrier
        await self.db.set_live(u.table_id, ping)

    async def _answered_carrier(self, channel_id: int) -> Carrier | None:
        """The table's carrier once its own answer has gone out (a followup before the
        answer would fail, or replace a "thinking" placeholder)."""
        carrier = self._carrier(channel_id)
        if carrier is None:
            return None
        try:
            await asyncio.wait_for(carrier.answered.wait(), ANSWER_WAIT)
        except TimeoutError:
            return None
        return carrier

    def _text(self, info: TableInfo, u: YourTurn) -> str:
        lang = self.langs.table(u.table_id)   # a public message: the table's language
        _ = lang.gettext
        text = "🔔 " + _("{who}, it's your turn in {game}.", who=f"<@{u.user_id}>",
                        game=f"**{game_title(info.title, lang)}**")
        if u.deadline:
            text += " " + _("Time runs out {when}.", when=f"<t:{int(u.deadline)}:R>")
        board = self.board_ids.get(u.table_id)
        if board is not None and info.guild_id is not None:
            text += (" [" + _("Go to the board") + "](https://discord.com/channels/"
                     f"{info.guild_id}/{info.channel_id}/{board})")
        return text

    async def _clear(self, table_id: int, paid: bool) -> None:
        await self._delete_live(table_id, _Budget(self.out, paid))

    async def _delete_live(self, table_id: int, budget: _Budget, *, forget: bool = True
                           ) -> None:
        """Delete the table's live ping, if any: through the webhook that posted it while
        its token is valid, else through the channel (a global-limited request).
        ``forget``: its database row too (a restarted bot that finds a row of a message
        already deleted is told NotFound, and goes on)."""
        live = self.live.pop(table_id, None)
        carrier = self.posted_by.pop(table_id, None)
        if live is None:
            return
        try:
            if carrier is not None and carrier.fresh(time.monotonic()):
                await delete_followup(self.client, carrier.app_id, carrier.token,
                                      live.message_id)
            else:
                async with budget.spend():
                    await self.client.get_partial_messageable(live.channel_id).get_partial_message(
                        live.message_id).delete()
        except discord.NotFound:
            pass  # someone deleted it already
        except discord.HTTPException as e:
            log.warning("could not delete the ping %s: %s", live.message_id, e)
        if forget:
            await self.db.drop_live(table_id)


class _Budget:
    """The global-limited requests of one ping job: the first may use the token the job
    was started with (if it was), the others wait for one from the outbox."""

    def __init__(self, out: Outbox, paid: bool) -> None:
        self.out = out
        self.paid = paid

    @asynccontextmanager
    async def spend(self) -> AsyncIterator[None]:
        """Around one request: its token, and a slot of the send-time window."""
        if self.paid:
            self.paid = False
        else:
            await self.out.acquire()
        async with self.out.slot():
            yield
