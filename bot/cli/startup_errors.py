"""What ``parlour run`` says, and the exit code it returns, when the bot cannot start.

Each kind of failure has its own exit code (the table is in docs/DISCORD.md and the
README) and one or two plain lines saying what to do; tracebacks go to the log at DEBUG
only.  ``explain`` maps an exception to that; discord.py and aiohttp are imported lazily
so that other commands need not load them.
"""

from __future__ import annotations

import os
import socket
import sqlite3
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..core.db_check import DatabaseUnreachable, DatabaseUnusable
from ..core.schema import SCHEMA_VERSION, SchemaTooNewError
from ..core.store import mask_password

if TYPE_CHECKING:
    from ..discordbot import BotConfig

DEBUG_HINT = "PARLOUR_LOG_LEVEL=DEBUG"


class ExitCode(IntEnum):
    OK = 0
    UNEXPECTED = 1        # a bug or an unforeseen failure
    CONFIG = 2            # a setting is missing or malformed (DISCORD_TOKEN, PARLOUR_*)
    NETWORK = 3           # Discord cannot be reached: no network, DNS, timeout, Discord down
    TOKEN_REJECTED = 4    # Discord refused the token
    INTENTS_REFUSED = 5   # Discord refused the gateway intents
    ACCESS_REFUSED = 6    # commands could not be uploaded: missing scope or not in the server
    DATABASE = 7          # the database file cannot be created, opened or written
    SCHEMA_NEWER = 8      # the database was written by a newer Parlour


# Failures that starting again without changing something cannot fix (in Docker the bot
# waits instead of exiting, so the restart policy does not loop): see ``run.wait_for_stop``.
PERMANENT = frozenset({ExitCode.CONFIG, ExitCode.TOKEN_REJECTED, ExitCode.INTENTS_REFUSED,
                       ExitCode.ACCESS_REFUSED, ExitCode.DATABASE, ExitCode.SCHEMA_NEWER})


@dataclass(frozen=True)
class StartupFailure:
    code: ExitCode
    message: str  # one or two lines, starting with "Error:"
    passing: bool = False   # may pass by itself (a database server not up yet)

    @property
    def permanent(self) -> bool:
        return self.code in PERMANENT and not self.passing


def config_failure(problem: str) -> StartupFailure:
    return StartupFailure(ExitCode.CONFIG, f"Error: {problem}")


def explain(exc: BaseException, config: BotConfig,
            application_id: int | None = None) -> StartupFailure:
    """The failure ``exc`` (raised while the bot started) as a message and an exit code."""
    import aiohttp
    import discord

    if isinstance(exc, SchemaTooNewError):
        return StartupFailure(ExitCode.SCHEMA_NEWER, (
            f"Error: the database {mask_password(config.db_path)} was written by a newer "
            f"Parlour (schema v{exc.found}; this one knows up to v{SCHEMA_VERSION}).\n"
            "Upgrade Parlour (pip install -U, or rebuild the image), or set PARLOUR_DB to "
            "another file."))
    if isinstance(exc, DatabaseUnusable):
        return StartupFailure(ExitCode.DATABASE, f"Error: {mask_password(str(exc))}",
                              passing=isinstance(exc, DatabaseUnreachable))
    if isinstance(exc, sqlite3.Error):
        return StartupFailure(ExitCode.DATABASE, (
            f"Error: cannot use the database {mask_password(config.db_path)} ({exc}).\n"
            "Set PARLOUR_DB (or --db) to a file in a writable folder."))
    if isinstance(exc, discord.LoginFailure) or (
            isinstance(exc, discord.ConnectionClosed) and exc.code == 4004):
        return StartupFailure(ExitCode.TOKEN_REJECTED, (
            "Error: Discord rejected the token in DISCORD_TOKEN (login failed).\n"
            "Copy the bot token from your application's Bot page (Reset Token): not the "
            "client secret, and not a token that was reset since."))
    if isinstance(exc, discord.PrivilegedIntentsRequired) or (
            isinstance(exc, discord.ConnectionClosed) and exc.code in (4013, 4014)):
        return StartupFailure(ExitCode.INTENTS_REFUSED, (
            "Error: Discord refused the gateway intents Parlour asks for (only 'guilds', "
            "which is not privileged).\nCheck the Bot page of your application at "
            "https://discord.com/developers/applications, or use a token of another bot."))
    if isinstance(exc, discord.Forbidden):
        return StartupFailure(ExitCode.ACCESS_REFUSED, _access_message(exc, config,
                                                                       application_id))
    if isinstance(exc, discord.DiscordServerError | discord.GatewayNotFound):
        return StartupFailure(ExitCode.NETWORK, (
            f"Error: Discord is not answering properly ({_short(exc)}); it may be down "
            "(https://discordstatus.com).\nParlour will connect when started again."))
    if isinstance(exc, aiohttp.ClientConnectorError):
        return StartupFailure(ExitCode.NETWORK, _connect_message(exc, config))
    if isinstance(exc, aiohttp.ClientError | TimeoutError | OSError):
        return StartupFailure(ExitCode.NETWORK, (
            f"Error: the connection to Discord failed ({_short(exc)}).\n"
            "Check the network (and any firewall or proxy), then try again."))
    return StartupFailure(ExitCode.UNEXPECTED, (
        f"Error: the bot stopped unexpectedly ({_short(exc)}).\n"
        f"Run it again with {DEBUG_HINT} to see the full traceback, and report it."))


def _connect_message(exc: BaseException, config: BotConfig) -> str:
    host = getattr(exc, "host", None) or urlsplit(config.api_base or "https://discord.com").hostname
    port = getattr(exc, "port", None)
    os_error = getattr(exc, "os_error", None)
    if isinstance(os_error, socket.gaierror) or type(exc).__name__ == "ClientConnectorDNSError":
        return (f"Error: cannot reach Discord: the name {host} could not be resolved "
                "(no network, or DNS is failing).\n"
                "Check the machine's network and DNS settings, then try again.")
    errno = getattr(os_error, "errno", None)
    reason = os.strerror(errno) if errno else _short(exc)
    where = f"{host}:{port}" if port else str(host)
    return (f"Error: cannot reach Discord at {where} ({reason.lower()}).\n"
            "Check the network (and any firewall or proxy), then try again.")


def _access_message(exc: BaseException, config: BotConfig, application_id: int | None) -> str:
    from ..discordbot.client import invite_url

    link = invite_url(application_id) if application_id else \
        "the invite link in the README (scopes bot applications.commands)"
    where = f"server {config.dev_guild} (PARLOUR_DEV_GUILD)" if config.dev_guild else "Discord"
    return (f"Error: {where} refused the slash commands ({_short(exc)}).\n"
            f"Invite the bot with the scopes bot and applications.commands: {link}")


def _short(exc: BaseException) -> str:
    """The exception in a few words, on one line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."
