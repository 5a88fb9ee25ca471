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

Pings are channel messages, not interaction followups: the move that starts a turn is
often an AI's or another player's ephemeral panel, and a followup of a deferred
ephemeral interaction stays ephemeral. Two paced requests per ping (delete + post) stay
far below the global limit.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from ..core import BoardChanged, GameOver, TableClosed, TableInfo, Update, YourTurn
from ..present.base import game_title
from .board_ids import BoardIds
from .outbox import Outbox, Priority
from .ping_store import LivePing, PingStore

if TYPE_CHECKING:
    from .client import ParlourBot

log = logging.getLogger("parlour.discord")


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that notify exactly this user and nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user_id)])


class Pinger:
    def __init__(self, bot: ParlourBot, out: Outbox, board_ids: BoardIds) -> None:
        self.bot = bot
        self.core = bot.core
        self.out = out
        self.board_ids = board_ids
        self.db = PingStore(bot.core.store)
        self.live: dict[int, LivePing] = {}               # table id -> its ping message
        self.users_off: set[int] = set()                  # users who switched pings off
        self.decided: dict[int, tuple[int, int]] = {}     # table id -> (user, move) pinged
        self.last_move: dict[int, tuple[int | None, str | None]] = {}  # (seat, actor)

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
            self.out.submit(("ping", u.table_id), lambda: self._clear(u.table_id), interval=0,
                            priority=Priority.PING, channel=("post", u.channel_id))

    def _turn(self, u: YourTurn) -> None:
        info = self.core.table(u.channel_id)
        if info is None or not self.wanted(u.user_id, info) or self._continues(u):
            return
        self.decided[u.table_id] = (u.user_id, u.move)
        self.out.submit(("ping", u.table_id), lambda: self._ping(u), interval=0,
                        priority=Priority.PING, channel=("post", u.channel_id))

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

    async def _ping(self, u: YourTurn) -> None:
        info = self.core.table(u.channel_id)
        if info is None or info.status != "playing" or info.current_seat is None:
            return
        seat = info.seats[info.current_seat]
        if seat.user_id != u.user_id or seat.ai_level is not None or \
                not self.wanted(u.user_id, info):
            return  # the turn passed on (or pings were switched off) meanwhile
        if await self._delete_live(u.table_id):
            await self.out.acquire()  # the delete used this job's token
        message = await self.bot.get_partial_messageable(u.channel_id).send(
            self._text(info, u), allowed_mentions=only(u.user_id))
        ping = LivePing(u.channel_id, message.id, u.user_id, u.move)
        self.live[u.table_id] = ping
        await self.db.set_live(u.table_id, ping)

    def _text(self, info: TableInfo, u: YourTurn) -> str:
        lang = self.bot.langs.table(u.table_id)   # a public message: the table's language
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

    async def _clear(self, table_id: int) -> None:
        await self._delete_live(table_id)

    async def _delete_live(self, table_id: int) -> bool:
        """Delete the table's live ping, if any; True if a request was made."""
        live = self.live.pop(table_id, None)
        if live is None:
            return False
        try:
            await self.bot.get_partial_messageable(live.channel_id).get_partial_message(
                live.message_id).delete()
        except discord.NotFound:
            pass  # someone deleted it already
        except discord.HTTPException as e:
            log.warning("could not delete the ping %s: %s", live.message_id, e)
        await self.db.drop_live(table_id)
        return True
