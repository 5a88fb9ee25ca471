"""Tournaments on Discord: the sign-up message, a thread per table, the standings message and
the podium.

The desk owns each tournament's two messages in its channel (the sign-up with Join and
Leave, then the standings, edited after every result) and opens the round's tables: a
public thread each under the tournament's channel, so boards do not bury each other,
the players pinged there by a new message (an edit would not notify).  Without the
Create Public Threads or Send Messages in Threads permission the tables are played in
the tournament's channel itself, one after another (a channel holds one table).  All of
it goes through the outbox, so thread creation and posts keep to Discord's limits.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

from ...core import Core, GameOver, TableError, Update
from ...core.tournaments import RUNNING, TablesToOpen, TournamentChanged, TournamentInfo, is_ai
from ...i18n import Lang, lang_for
from ...present import tournament as words
from ..languages import Languages
from ..transport.outbox import Outbox, Priority
from ..ui.components import view_of
from ..ui.tournament_buttons import TournamentButton

log = logging.getLogger("parlour.discord")
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440   # a day without messages


class TournamentDesk:
    def __init__(self, client: discord.Client, core: Core, langs: Languages,
                 out: Outbox) -> None:
        self.client = client   # the channels and their threads
        self.core = core
        self.langs = langs
        self.out = out
        self.no_threads: set[int] = set()   # channels where threads were refused
        self.announced: set[tuple[int, int]] = set()   # (tournament, round) posted here

    def lang(self, info: TournamentInfo) -> Lang:
        return lang_for(info.settings.get("lang"))

    # --- updates --------------------------------------------------------------------------

    async def handle(self, update: Update) -> None:
        if isinstance(update, TournamentChanged):
            self._show(update.tournament, update.what)
        elif isinstance(update, TablesToOpen):
            self._open_later(update.tournament, update.round, update.tables)
        elif isinstance(update, GameOver) and update.channel_id in self._channels_in_use():
            # A table played in the tournament's own channel ended: the next may start.
            info = await self.core.tournaments.in_channel(update.channel_id)
            if info is not None and info.status == RUNNING:
                rnd = info.state.current
                if rnd is not None:
                    self._open_later(info, rnd.number, tuple(t.number for t in rnd.tables))

    def _channels_in_use(self) -> set[int]:
        return self.no_threads

    # --- the two messages -------------------------------------------------------------------

    def _show(self, info: TournamentInfo, what: str) -> None:
        out = self.out
        out.submit(("tourney-signup", info.id), lambda: self._signup(info.id),
                   priority=Priority.NOTE, channel=("edit", info.channel_id))
        if info.status != "signup":
            out.submit(("tourney-standings", info.id), lambda: self._standings(info.id),
                       priority=Priority.NOTE, channel=("edit", info.channel_id))
        # A round's announcement is posted by ``_open`` once its threads exist (it links
        # each; a mention added by an edit would not notify).
        if what == "finished":
            out.submit(("tourney-podium", info.id), lambda: self._podium(info.id),
                       priority=Priority.NOTE, channel=("post", info.channel_id))

    async def _signup(self, tournament_id: int) -> None:
        info = await self.core.tournaments.get(tournament_id)
        lang = self.lang(info)
        checking = self.core.tournaments.check_in_open(info)
        text = words.signup_text(info, lang, f"<@{info.host_id}>", checking=checking)
        view = signup_view(info, lang, checking) if info.status == "signup" else None
        await self._put(info, "signup_message_id", text, view)

    async def _standings(self, tournament_id: int) -> None:
        info = await self.core.tournaments.get(tournament_id)
        await self._put(info, "standings_message_id",
                        words.standings_text(info, self.lang(info)), None)

    async def _put(self, info: TournamentInfo, column: str, text: str,
                   view: discord.ui.View | None) -> None:
        """Edit the tournament's message in ``column``, or post it (and remember it)."""
        channel = self.client.get_partial_messageable(info.channel_id)
        message_id = getattr(info, column)
        text = text[:2000]
        async with self.out.slot():
            if message_id is not None:
                try:
                    await channel.get_partial_message(message_id).edit(
                        content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
                    return
                except discord.HTTPException as e:
                    # Gone, or too old to edit (30046): post it again below.
                    log.info("tournament %s: re-posting its message (%s)", info.id, e)
            kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
            if view is not None:
                kwargs["view"] = view
            message = await channel.send(text, **kwargs)
        await self.core.tournaments.remember_message(info.id, column, message.id)

    async def _round_note(self, tournament_id: int, round_no: int) -> None:
        """Post round ``round_no``'s announcement (once per process and round)."""
        info = await self.core.tournaments.get(tournament_id)
        if info.status != RUNNING or len(info.state.rounds) != round_no \
                or (tournament_id, round_no) in self.announced:
            return
        self.announced.add((tournament_id, round_no))
        places = await self.core.tournaments.places(info.id, round_no)
        text = words.round_text(info, self.lang(info),
                                {n: f"<#{c}>" for n, c in places.items() if c != info.channel_id})
        async with self.out.slot():
            await self.client.get_partial_messageable(info.channel_id).send(
                text[:2000], allowed_mentions=discord.AllowedMentions.none())

    async def _podium(self, tournament_id: int) -> None:
        info = await self.core.tournaments.get(tournament_id)
        lang = self.lang(info)
        mentions = {e.id: f"<@{e.id}>" for e in info.state.entrants if not is_ai(e.id)}
        picture = discord.File(_bytes_io(words.podium_png(info, lang)), filename="podium.png",
                               description=words.podium_text(info, lang, {})[:1000])
        text = words.podium_text(info, lang, mentions)
        async with self.out.slot():
            channel = self.client.get_partial_messageable(info.channel_id)
            try:
                await channel.send(text, file=picture, allowed_mentions=PINGS)
            except discord.Forbidden:   # no Attach Files: the words alone
                await channel.send(text, allowed_mentions=PINGS)

    # --- opening tables ---------------------------------------------------------------------

    def _open_later(self, info: TournamentInfo, round_no: int, tables: tuple[int, ...]) -> None:
        for number in tables:
            self.out.submit(
                ("tourney-table", info.id, round_no, number),
                lambda n=number: self._open(info.id, round_no, n),  # type: ignore[misc]
                priority=Priority.NOTE, channel=("threads", info.channel_id))

    async def _open(self, tournament_id: int, round_no: int, number: int) -> None:
        info = await self.core.tournaments.get(tournament_id)
        if info.status != RUNNING or (round_no, number) not in \
                await self.core.tournaments.unopened(tournament_id):
            return
        lang = self.lang(info)
        table = next(t for t in info.state.rounds[round_no - 1].tables if t.number == number)
        place = await self._thread(info, lang, round_no, number)
        if place is None:
            if self.core.table(info.channel_id) is not None:
                return   # the channel's table is still being played: opened after it ends
            place = info.channel_id
            if place not in (await self.core.tournaments.places(info.id, round_no)).values():
                # Tables in the channel, one after another: the round is announced
                # before the first of them (linking any thread opened before threads
                # were refused).
                await self._round_note(info.id, round_no)

        async def set_language(table_id: int) -> None:
            await self.langs.set_table(table_id, lang.code)

        try:
            opened = await self.core.tournaments.open_table(
                info.id, round_no, number, place, before_start=set_language)
        except TableError as e:
            log.warning("tournament %s: table %s/%s not opened: %s", info.id, round_no,
                        number, e)
            return
        if opened is None:
            return
        names = {e.id: words.escape(e.name) for e in info.state.entrants}
        mentions = {p: names[p] if is_ai(p) else f"<@{p}>" for p in table.players}
        async with self.out.slot():
            await self.client.get_partial_messageable(place).send(
                words.table_intro(info, lang, table, mentions)[:2000], allowed_mentions=PINGS)
        if place != info.channel_id and not any(
                r == round_no for r, _ in await self.core.tournaments.unopened(info.id)):
            # The round's last thread is open: announce the round, linking every thread.
            await self._round_note(info.id, round_no)

    async def _thread(self, info: TournamentInfo, lang: Lang, round_no: int,
                      number: int) -> int | None:
        """A new public thread for the table, or None where threads are not allowed."""
        if info.channel_id in self.no_threads:
            return None
        parent = self.client.get_channel(info.channel_id)
        if not isinstance(parent, discord.TextChannel):
            try:
                fetched = await self.client.fetch_channel(info.channel_id)
            except discord.HTTPException:
                return None
            if not isinstance(fetched, discord.TextChannel):
                return None
            parent = fetched
        me = parent.guild.me
        if me is not None:
            allowed = parent.permissions_for(me)
            if not (allowed.create_public_threads and allowed.send_messages_in_threads):
                self.no_threads.add(info.channel_id)
                return None
        try:
            async with self.out.slot():
                thread = await parent.create_thread(
                    name=words.thread_name(info, lang, round_no, number),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.Forbidden:
            self.no_threads.add(info.channel_id)
            return None
        return thread.id


def signup_view(info: TournamentInfo, lang: Lang, checking: bool = False) -> discord.ui.View:
    ops = ("join", "check", "leave") if checking else ("join", "leave")
    return view_of(*(TournamentButton(op, info.id, lang) for op in ops))


def _bytes_io(data: bytes) -> Any:
    import io
    return io.BytesIO(data)
