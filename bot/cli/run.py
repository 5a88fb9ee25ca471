"""``parlour run``: the Discord bot.  Configuration comes from the environment:

    DISCORD_TOKEN        the bot token (required)
    PARLOUR_DB           SQLite database path (default parlour.db), or postgresql://...
    PARLOUR_SHARD_COUNT  several processes on one PostgreSQL: the total shard count...
    PARLOUR_SHARDS       ...and the shards this process runs, e.g. 0-3 (docs/SCALING.md)
    PARLOUR_DEV_GUILD    guild id: --sync uploads the commands there only (instant)
    PARLOUR_LOG_LEVEL    DEBUG, INFO (default), WARNING...
    PARLOUR_AI_DELAY     seconds before an AI seat moves (default 1)
    PARLOUR_AI_EXECUTOR  process (default), thread or inline
    PARLOUR_HEARTBEAT    a file the bot rewrites every 30 s for `parlour health`
    PARLOUR_WAIT_ON_ERROR  1: after a start-up failure a restart cannot fix, wait for
                         SIGTERM instead of exiting (containers: no restart loop)
    PARLOUR_WEB          HOST:PORT: also serve the web table there (off when unset;
                         docs/ACTIVITY.md), with PARLOUR_PUBLIC_URL, the address people
                         open (its origin may open the websocket), and
    DISCORD_CLIENT_SECRET  the application's OAuth2 secret (the Activity and the login)

Exit codes: 0 stopped cleanly, 1 unexpected failure, 2 configuration, 3 network,
4 token rejected, 5 intents refused, 6 commands refused (scopes), 7 database
unusable, 8 database newer than this Parlour (docs/DISCORD.md).

Developer option (testing against a Discord-compatible server, e.g. the loopback
fake of tests/fakediscord; never needed in production):

    PARLOUR_DISCORD_API      REST root instead of Discord's, e.g. http://127.0.0.1:PORT/api/v10
    PARLOUR_DISCORD_GATEWAY  gateway URL instead of Discord's, e.g. ws://127.0.0.1:PORT/gateway
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from ..core.db_check import DatabaseUnusable, check_database
from ..core.schema import SchemaTooNewError
from .help_text import description
from .log_setup import configure_logging
from .startup_errors import ExitCode, StartupFailure, config_failure, explain
from .subcommands import Subcommands

if TYPE_CHECKING:  # imported late at run time: other parlour commands need not load discord.py
    from ..discordbot import BotConfig, ParlourBot
    from ..web.server import WebConfig


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN)",
                       description=description(__doc__),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sync", action="store_true",
                   help="upload the slash commands first (needed after install or changes)")
    p.add_argument("--db", help="database file (overrides PARLOUR_DB)")
    p.add_argument("--shard-count", help="total shards over all processes "
                   "(overrides PARLOUR_SHARD_COUNT)")
    p.add_argument("--shards", help="the shards this process runs, e.g. 0-3 "
                   "(overrides PARLOUR_SHARDS)")
    p.set_defaults(func=run)


MISSING_TOKEN = ("DISCORD_TOKEN is not set. Create a bot at "
                 "https://discord.com/developers/applications, copy its token, and run\n"
                 "  DISCORD_TOKEN=... parlour run --sync")


def run(args: argparse.Namespace, err: TextIO | None = None) -> int:
    import os

    from ..discordbot import BotConfig, ConfigError
    from ..web.server import WebConfig, WebConfigError

    err = err or sys.stderr
    try:
        config = BotConfig.from_env(sync=bool(args.sync))
        web = WebConfig.from_env(os.environ)
        if getattr(args, "shard_count", None) or getattr(args, "shards", None):
            config.set_shards(args.shard_count or config.shard_count, args.shards)
        if args.db:
            config.db_path = args.db
        config.check_scaling()
    except (ConfigError, WebConfigError) as e:
        # The wait switch may itself be what is malformed: read it plainly.
        return fail(config_failure(str(e)), err, wait=_wants_wait())
    if args.db:
        config.db_path = args.db
    if not config.token:
        return fail(config_failure(MISSING_TOKEN), err, wait=config.wait_on_error)
    configure_logging(config.log_level)
    try:  # before connecting: a database problem needs no network to be reported
        check_database(config.db_path)
    except (DatabaseUnusable, SchemaTooNewError) as e:
        return fail(explain(e, config), err, wait=config.wait_on_error)
    point_discord_at(config)
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        start_tasks_eagerly(runner.get_loop())
        failure = runner.run(run_bot(config, web=web))
    if failure is None:
        return int(ExitCode.OK)
    return fail(failure, err, wait=config.wait_on_error)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (not on Windows): its sockets, timers and
    callbacks are written in C, so the one thread that answers every interaction spends
    less of itself on them than on asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def start_tasks_eagerly(loop: asyncio.AbstractEventLoop) -> bool:
    """On Python 3.12+, a new task's first step runs at once, in the turn that made it
    (``asyncio.eager_task_factory``), not in the loop's next turn: discord.py starts each
    interaction's handler in a task of its own, and under load a turn of the loop took
    milliseconds.  Python 3.11 has no eager tasks: False (there the bot starts only the
    interactions eagerly, ``compat.start_interactions_eagerly``)."""
    factory = getattr(asyncio, "eager_task_factory", None)
    if factory is None:
        return False
    loop.set_task_factory(factory)
    return True


def fail(failure: StartupFailure, err: TextIO, *, wait: bool = False) -> int:
    """Say what is wrong; with ``wait``, a failure a restart cannot fix waits for SIGTERM."""
    print(failure.message, file=err, flush=True)
    if wait and failure.permanent:
        stops = {signal.SIGTERM, signal.SIGINT}
        signal.pthread_sigmask(signal.SIG_BLOCK, stops)  # before saying so: none is missed
        print("Waiting here (not exiting) so that the restart policy does not start Parlour "
              "again and again: fix the setting, then recreate the container.", file=err,
              flush=True)
        signal.sigwait(stops)  # works as PID 1 in a container too
    return int(failure.code)


def _wants_wait() -> bool:
    import os

    from ..discordbot.config import ConfigError, env_flag

    try:
        return env_flag(os.environ, "PARLOUR_WAIT_ON_ERROR")
    except ConfigError:
        return False


def point_discord_at(config: BotConfig) -> None:
    """Developer option (``PARLOUR_DISCORD_API`` / ``PARLOUR_DISCORD_GATEWAY``, docs/DISCORD.md):
    send REST and gateway traffic to another root, such as the loopback fake Discord.

    discord.py has no public setting for either (``bot/compat.py: point_at``); nothing
    happens unless a developer variable is set."""
    if not (config.api_base or config.gateway_url):
        return
    from .. import compat

    gateway = compat.point_at(config.api_base, config.gateway_url)
    logging.getLogger("parlour.discord").warning(
        "developer option: talking to %s / %s instead of Discord", api_root(), gateway)


def api_root() -> str:
    """The REST root discord.py talks to (Discord's, unless ``point_discord_at`` moved it)."""
    from .. import compat

    return compat.api_root()


def build_bot(config: BotConfig) -> ParlourBot:
    """The bot and its core, configured (not started)."""
    from ..core import Core
    from ..discordbot import ParlourBot
    from ..discordbot.client import ShardedParlourBot

    core = Core(config.core_config())
    return ShardedParlourBot(core, config) if config.shard_count else ParlourBot(core, config)


async def serve(config: BotConfig, err: TextIO | None = None,
                bot: ParlourBot | None = None, web: WebConfig | None = None) -> int:
    """Run the bot until it is closed (SIGTERM/SIGINT, or a fatal error); an exit code."""
    failure = await run_bot(config, bot, web=web)
    return int(ExitCode.OK) if failure is None else fail(failure, err or sys.stderr)


async def run_bot(config: BotConfig, bot: ParlourBot | None = None, *,
                  web: WebConfig | None = None) -> StartupFailure | None:
    """Run the bot until it is closed; why it could not run, or None after a clean stop.
    With ``web``, the web table too, on the same core and event loop (off: no port opened)."""
    bot = bot or build_bot(config)
    transport = None
    if web is not None:
        from ..discordbot.ui import web_table
        from ..web import tickets
        from ..web.server import WebTransport

        running = bot
        assert config.token is not None  # checked before the bot is built
        # Every process of the bot signs tickets alike: any of them redeems any ticket.
        tickets.DEFAULT.keyed(tickets.derive_key(config.token))
        transport = WebTransport(bot.core, web, app_id=lambda: running.application_id,
                                 link=web_table.link(bot, config.token))
        web_table.turn_on(web.public_url)
        try:
            await transport.start()
        except OSError as e:
            web_table.turn_on(None)
            await transport.stop()
            await bot.close()
            return config_failure(f"cannot serve the web table on {web.host}:{web.port}: {e}")
    stop = _on_signals(lambda: asyncio.ensure_future(bot.close()))
    assert config.token is not None  # checked before the bot is built
    try:
        await bot.start(config.token)
    except Exception as e:
        logging.getLogger("parlour.discord").debug("the bot stopped", exc_info=True)
        return explain(e, config, bot.application_id)
    finally:
        stop()
        if transport is not None:
            from ..discordbot.ui import web_table

            web_table.turn_on(None)
            await transport.stop()
        await bot.close()  # idempotent: flushes the outbox, closes the core and database
    return None


def _on_signals(callback: Callable[[], object]) -> Callable[[], None]:
    """SIGTERM/SIGINT close the bot cleanly (only possible in the main thread)."""
    loop = asyncio.get_running_loop()
    added = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, callback)
            added.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def remove() -> None:
        for sig in added:
            loop.remove_signal_handler(sig)
    return remove
