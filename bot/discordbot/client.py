"""``ParlourBot``: the discord.py client, and the composition root of the adapter.

Everything the adapter is made of is built here, each part handed the collaborators it
uses and nothing else: the services that keep what players see up to date
(``services/``: boards, live panels, hand DMs, pings, notes, the tournament desk, on one
``transport.outbox.Outbox``), the answers to clicks (``ui.controls.Controls``), and the
slash commands (``commands/``).  The items discord.py runs on a click reach the bot
through ``interaction.client``, seen as ``host.Host``; no module of the adapter imports
this one.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractContextManager
from typing import Any

import discord
from discord import app_commands

from .. import compat, heartbeat
from ..core import Core, Subscription, TableError
from .commands import daily as commands_daily
from .commands import entry_point
from .commands import info as commands_info
from .commands import mygames as commands_mygames
from .commands import play as commands_play
from .commands import puzzle as commands_puzzle
from .commands import review as commands_review
from .commands import season as commands_season
from .commands import settings as commands_settings
from .commands import table as commands_table
from .commands import tournament as commands_tournament
from .commands.translator import CommandTranslator
from .config import BotConfig
from .languages import Languages
from .services.board_ids import BoardIds
from .services.boards import Boards
from .services.feed import Feed
from .services.hand_dms import HandDms
from .services.live_panels import LivePanels
from .services.notes import Notes
from .services.painter import Painter
from .services.pings import Pinger
from .services.tournament_desk import TournamentDesk
from .transport.long_lived import LongLived
from .transport.loop_lag import LoopLag
from .transport.outbox import Outbox
from .transport.replies import SORRY, report
from .ui.components import DYNAMIC_ITEMS, runs_click
from .ui.controls import Controls
from .ui.puzzles import PuzzleDesk
from .user_settings import UserSettings

log = logging.getLogger("parlour.discord")


# View Channel, Send Messages, Embed Links, Attach Files (the table picture), Read Message
# History, and for tournaments Create Public Threads and Send Messages in Threads (a thread
# per table): everything the bot uses.
INVITE_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True,
                                         embed_links=True, attach_files=True,
                                         read_message_history=True,
                                         create_public_threads=True,
                                         send_messages_in_threads=True)


def invite_url(application_id: int) -> str:
    """The OAuth2 link that adds the bot with its slash commands and permissions."""
    return (f"https://discord.com/oauth2/authorize?client_id={application_id}"
            f"&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS.value}")


def intents() -> discord.Intents:
    """Slash commands and components need no privileged intent (no message content)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


def silence_voice_warnings() -> None:
    """Parlour uses no voice: discord.py's "PyNaCl/davey is not installed" would only worry."""
    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False


def feed(client: discord.Client, core: Core, config: BotConfig, langs: Languages,
         user_settings: UserSettings) -> Feed:
    """The services that keep what players see up to date, on one outbox, and the feed
    that hands each core update to them."""
    lag = LoopLag()   # the outbox sends less at once while the loop is behind
    out = Outbox(config.send_rate, config.send_burst, config.board_interval, lag=lag,
                 background=core.background)
    board_ids = BoardIds(core.store)
    painter = Painter(config.picture_worker)   # pictures are drawn off the event loop
    notes = Notes(client, out)
    return Feed(
        core, langs, user_settings, out=out, lag=lag, painter=painter, board_ids=board_ids,
        boards=Boards(client, core, langs, out, board_ids, painter,
                      max_age=config.board_max_age),
        panels=LivePanels(client, core, langs, user_settings, out, painter,
                          lifetime=config.panel_lifetime),
        notes=notes,
        pings=Pinger(client, core, langs, out, board_ids),
        dms=HandDms(client, langs, core.store, notes.post, out.acquire, out.slot))


def commands(core: Core, config: BotConfig, langs: Languages, user_settings: UserSettings,
             controls: Controls, feed: Feed, puzzles: PuzzleDesk
             ) -> list[app_commands.Command | app_commands.Group]:
    """Every slash command, in the order the tree has always listed them."""
    budget = config.ack_budget
    return [
        commands_table.TableCommands(controls=controls, core=core, langs=langs, budget=budget,
                             table_seed=config.table_seed),
        commands_season.SeasonCommands(core=core, langs=langs, budget=budget),
        commands_tournament.TournamentCommands(core=core, langs=langs, budget=budget),
        *commands_play.build(controls=controls, core=core, langs=langs, budget=budget),
        *commands_info.build(core=core, langs=langs, budget=budget),
        *commands_settings.build(langs=langs, budget=budget, pinger=feed.pings,
                                 user_settings=user_settings),
        *commands_daily.build(panels=controls.daily),
        *commands_mygames.build(core=core, langs=langs, budget=budget,
                                board_ids=feed.board_ids),
        *commands_review.build(core=core, langs=langs, budget=budget, painter=feed.painter),
        *commands_puzzle.build(desk=puzzles),
    ]


class ParlourBot(discord.Client):
    def __init__(self, core: Core, config: BotConfig | None = None, **client: Any) -> None:
        silence_voice_warnings()
        super().__init__(intents=intents(), allowed_mentions=discord.AllowedMentions.none(),
                         **client)
        compat.sweep_buckets_amortised(self.http)
        self.core = core
        self.config = config or BotConfig()
        self.tree: app_commands.CommandTree[ParlourBot] = app_commands.CommandTree(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)   # discord.py runs the clicks on our controls
        compat.start_interactions_eagerly(self)   # Python 3.11 (3.12+: the loop's eager tasks)
        self.tree.error(self._on_command_error)
        self.langs = Languages(core.store)
        self.user_settings = UserSettings(core.store)
        self.feed = feed(self, core, self.config, self.langs, self.user_settings)
        self.controls = Controls(core, self.langs, self.user_settings, self.feed.panels,
                                 budget=self.config.ack_budget)
        self.tournament_desk = TournamentDesk(self, core, self.langs, self.feed.out)
        self.puzzles = PuzzleDesk(core, self.langs, self.feed.painter,
                                  budget=self.config.ack_budget)
        self._tournament_updates: Subscription | None = None
        self._subscription: Subscription | None = None
        self._core_stopped = False
        self._closing: asyncio.Future | None = None
        self._heartbeat: asyncio.Task | None = None
        self._long_lived: LongLived | None = None
        self._beat_now = asyncio.Event()  # on_ready: beat at once, not at the next interval
        for command in commands(core, self.config, self.langs, self.user_settings,
                                self.controls, self.feed, self.puzzles):
            self.tree.add_command(command)

    def answering(self, interaction: discord.Interaction) -> AbstractContextManager[None]:
        """Around answering an interaction (``replies.answer``): once answered, its
        webhook may carry the table's turn pings (interaction endpoints are outside the
        global limit)."""
        return self.feed.pings.carrying(interaction)

    # --- lifecycle ------------------------------------------------------------------------

    async def setup_hook(self) -> None:
        """After login, before the gateway: start the core, resume tables."""
        await self.tree.set_translator(CommandTranslator())
        self._subscription = self.core.subscribe(self.feed.handle)
        self._tournament_updates = self.core.subscribe(self.tournament_desk.handle)
        resumed = await self.core.start()
        await self.langs.load()
        await self.user_settings.load()
        self.feed.resumed(resumed)  # at once: resumed AI seats move when the loop runs
        await self.feed.start()
        if resumed:
            log.info("resumed %d table(s)", len(resumed))
        if self.config.gc_freeze:
            # What is alive now (modules, discord.py's state, resumed tables) lives as long
            # as the bot, and so does what survives each full collection (long_lived.py).
            self._long_lived = LongLived()
            self._long_lived.start()
        if self.config.sync:
            await self.sync_commands()
        if self.config.heartbeat_path:
            self._heartbeat = asyncio.create_task(self._beat_forever(self.config.heartbeat_path))

    @property
    def gateway_connected(self) -> bool:
        return self.is_ready() and not self.is_closed() and self.ws is not None and self.ws.open

    async def _beat_forever(self, path: str) -> None:
        """Write the heartbeat file (``parlour health``) every interval until closed."""
        while not self.is_closed():
            try:
                database = await self.core.ping()
                await asyncio.to_thread(heartbeat.write_beat, path, self.gateway_connected,
                                        database)
            except OSError as e:
                log.warning("cannot write the heartbeat file %s: %s", path, e)
            self._beat_now.clear()
            try:
                await asyncio.wait_for(self._beat_now.wait(), self.config.heartbeat_interval)
            except TimeoutError:
                pass

    async def sync_commands(self) -> int:
        """Upload the commands: to the dev guild (instant) or globally (up to an hour,
        keeping the Activity's Entry Point command); how many there are now."""
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = len(await self.tree.sync(guild=guild))
            log.info("synced %d commands to guild %s", synced, self.config.dev_guild)
        else:
            synced = await entry_point.sync_global(self, self.tree)
            log.info("synced %d global commands", synced)
        return synced

    async def close(self) -> None:
        """Stop cleanly: send what is waiting, close the gateway, stop the core (database).

        Safe to call several times and concurrently (a signal and a finally block):
        every caller waits for the one shutdown."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._shutdown())
        await asyncio.shield(self._closing)

    async def _shutdown(self) -> None:
        if self._long_lived is not None:
            self._long_lived.stop()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            heartbeat.remove_beat(self.config.heartbeat_path or "")
        try:
            await self.feed.close()
        except Exception:
            log.exception("flushing the outbox failed")
        await super().close()
        if self._subscription is not None:
            self._subscription.close()
        if self._tournament_updates is not None:
            self._tournament_updates.close()
        if not self._core_stopped:  # also after a failed login: the AI pool, the database
            self._core_stopped = True
            await self.core.stop()

    async def on_ready(self) -> None:
        self._beat_now.set()
        log.info("connected as %s to %d guild(s); invite: %s", self.user, len(self.guilds),
                 invite_url(self.application_id or 0))

    # --- interactions nothing else answers -------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.langs.note(interaction)   # remembered for panels and DMs, which carry none
        # discord.py runs the clicks on our controls (add_dynamic_items); it drops any other
        # click without an answer, so those are answered here.
        if interaction.type is discord.InteractionType.component and not runs_click(interaction):
            await self.controls.unknown(interaction)

    async def _on_command_error(self, interaction: discord.Interaction,
                                error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, TableError):
            message = str(original)
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "That command works in a server channel, not in DMs."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You are not allowed to use that command here."
        elif isinstance(error, app_commands.TransformerError):
            message = f"I could not understand '{error.value}'."
        elif isinstance(error, app_commands.CommandNotFound):
            message = "That command is not known any more; Discord may need a moment to update."
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                      exc_info=original)
            message = SORRY
        await report(interaction, message)


class ShardedParlourBot(ParlourBot, discord.AutoShardedClient):
    """One process of several: runs ``config.shards`` of ``config.shard_count`` shards
    (docs/SCALING.md); its core owns the tables of those shards' guilds."""

    def __init__(self, core: Core, config: BotConfig) -> None:
        super().__init__(core, config, shard_count=config.shard_count,
                         shard_ids=list(config.shards or ()))
