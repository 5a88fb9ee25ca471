"""``parlour run``: the Discord bot.  Configuration comes from the environment:

    DISCORD_TOKEN        the bot token (required)
    PARLOUR_DB           SQLite database path (default parlour.db), or postgresql://...
    PARLOUR_SHARD_COUNT  several processes on one PostgreSQL: the total shard count...
    PARLOUR_SHARDS       ...and the shards this process runs, e.g. 0-3 (docs/SCALING.md)
    PARLOUR_DEV_GUILD    guild id: --sync uploads the commands there only (instant)
    PARLOUR_LOG_LEVEL    DEBUG, INFO (default), WARNING...
    PARLOUR_AI_DELAY     seconds before an AI seat moves (default 1)
    PARLOUR_AI_EXECUTOR  process (default), thread or inline

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

if TYPE_CHECKING:  # imported late at run time: other parlour commands need not load discord.py
    from ..discordbot import BotConfig, ParlourBot


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="run the Discord bot (token from DISCORD_TOKEN)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sync", action="store_true",
                   help="upload the slash commands first (needed after install or changes)")
    p.add_argument("--db", help="database file (overrides PARLOUR_DB)")
    p.add_argument("--shard-count", help="total shards over all processes "
                   "(overrides PARLOUR_SHARD_COUNT)")
    p.add_argument("--shards", help="the shards this process runs, e.g. 0-3 "
                   "(overrides PARLOUR_SHARDS)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, err: TextIO | None = None) -> int:
    from ..discordbot import BotConfig, ConfigError

    err = err or sys.stderr
    try:
        config = BotConfig.from_env(sync=bool(args.sync))
        if getattr(args, "shard_count", None) or getattr(args, "shards", None):
            config.set_shards(args.shard_count or config.shard_count, args.shards)
        if args.db:
            config.db_path = args.db
        config.check_scaling()
    except ConfigError as e:
        print(f"Error: {e}", file=err)
        return 2
    if args.db:
        config.db_path = args.db
    if not config.token:
        print("Error: DISCORD_TOKEN is not set. Create a bot at "
              "https://discord.com/developers/applications, copy its token, and run\n"
              "  DISCORD_TOKEN=... parlour run --sync", file=err)
        return 2
    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_discord_at(config)
    return asyncio.run(serve(config, err))


def point_discord_at(config: BotConfig) -> None:
    """Developer option: send REST and gateway traffic to ``config.api_base`` /
    ``config.gateway_url`` instead of Discord (exactly what tests/fakediscord patches)."""
    if not (config.api_base or config.gateway_url):
        return
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    if config.api_base:
        Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)
    logging.getLogger("parlour.discord").warning(
        "developer option: talking to %s / %s instead of Discord", Route.BASE,
        DiscordWebSocket.DEFAULT_GATEWAY)


def build_bot(config: BotConfig) -> ParlourBot:
    """The bot and its core, configured (not started)."""
    from ..core import Core
    from ..discordbot import ParlourBot
    from ..discordbot.client import ShardedParlourBot

    core = Core(config.core_config())
    return ShardedParlourBot(core, config) if config.shard_count else ParlourBot(core, config)


async def serve(config: BotConfig, err: TextIO | None = None,
                bot: ParlourBot | None = None) -> int:
    """Run the bot until it is closed (SIGTERM/SIGINT, or a fatal error); an exit code."""
    import discord

    err = err or sys.stderr
    bot = bot or build_bot(config)
    stop = _on_signals(lambda: asyncio.ensure_future(bot.close()))
    try:
        await bot.start(config.token)
    except discord.LoginFailure:
        print("Error: Discord rejected the token in DISCORD_TOKEN (login failed). Check that "
              "it is the bot token, not the client secret, and that it was not reset.", file=err)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Error: Discord refused the gateway intents.", file=err)
        return 1
    except Exception as e:  # a database or network failure at startup: say it plainly
        logging.getLogger("parlour.discord").exception("the bot stopped")
        print(f"Error: the bot stopped: {e}", file=err)
        return 1
    finally:
        stop()
        await bot.close()  # idempotent: flushes the outbox, closes the core and database
    return 0


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
