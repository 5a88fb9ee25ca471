"""``parlour run``'s start-up failures: each says what to do in one or two lines and exits
with its own code (bot/cli/startup_errors.py); tracebacks only at DEBUG; no voice-library
warnings; in a container a failure a restart cannot fix waits instead of exiting."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys

import aiohttp
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main
from bot.cli.log_setup import ShortTracebacks
from bot.cli.startup_errors import ExitCode, explain
from bot.core.schema import SCHEMA_VERSION
from bot.discordbot import BotConfig
from tests.fakediscord import FakeDiscord
from tests.load.botproc import parlour_command

WELL_FORMED = "MTIzNDU2Nzg5.R2hvc3Q.c2lnbmF0dXJlLW5vdC12YWxpZA"


@pytest.fixture(autouse=True)
def _restore_discord_endpoints(monkeypatch):
    """``parlour run`` in-process points discord.py at PARLOUR_DISCORD_API: undo it after."""
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    for key in ("PARLOUR_DEV_GUILD", "PARLOUR_WAIT_ON_ERROR", "PARLOUR_HEARTBEAT",
                "PARLOUR_DISCORD_API", "PARLOUR_DISCORD_GATEWAY", "PARLOUR_DB"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("PARLOUR_AI_EXECUTOR", "inline")


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_parlour(env: dict[str, str], *args: str, cwd=None) -> subprocess.CompletedProcess:
    full = {**os.environ, "PARLOUR_AI_EXECUTOR": "inline", **env}
    for key in ("PARLOUR_LOG_LEVEL", "PARLOUR_DEV_GUILD", "PARLOUR_WAIT_ON_ERROR"):
        if key not in env:
            full.pop(key, None)
    return subprocess.run(parlour_command() + ["run", *args], env=full, cwd=cwd,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def error_lines(stderr: str) -> list[str]:
    """What the person reads: the Error: line and the line after it."""
    lines = stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Error:"))
    return lines[start:]


# --- configuration ------------------------------------------------------------------------

def test_missing_token(monkeypatch, capsys) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == ExitCode.CONFIG == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


@pytest.mark.parametrize("token, words", [
    ("Bot " + WELL_FORMED, "without that prefix"),
    ('"' + WELL_FORMED + '"', "quotes or spaces"),
])
def test_malformed_token(monkeypatch, capsys, token, words) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main(["run"]) == ExitCode.CONFIG
    assert words in capsys.readouterr().err


# --- network ------------------------------------------------------------------------------

def test_no_network_is_two_plain_lines_and_exit_3(tmp_path) -> None:
    port = closed_port()
    env = {"DISCORD_TOKEN": WELL_FORMED, "PARLOUR_DB": str(tmp_path / "p.db"),
           "PARLOUR_DISCORD_API": f"http://127.0.0.1:{port}/api/v10",
           "PARLOUR_DISCORD_GATEWAY": f"ws://127.0.0.1:{port}/gateway"}
    done = run_parlour(env, cwd=tmp_path)
    assert done.returncode == ExitCode.NETWORK == 3, done.stderr
    lines = error_lines(done.stderr)
    assert lines[0] == f"Error: cannot reach Discord at 127.0.0.1:{port} (connection refused)."
    assert lines[1].startswith("Check the network") and len(lines) == 2
    assert "Traceback" not in done.stderr
    assert "PyNaCl" not in done.stderr and "davey" not in done.stderr
    assert "voice" not in done.stderr.lower()

    debug = run_parlour({**env, "PARLOUR_LOG_LEVEL": "DEBUG"}, cwd=tmp_path)
    assert debug.returncode == ExitCode.NETWORK
    assert "Traceback" in debug.stderr and "ClientConnectorError" in debug.stderr


def test_dns_failure(monkeypatch, tmp_path, capsys) -> None:
    def no_dns(host, *args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    monkeypatch.setenv("PARLOUR_DISCORD_API", "http://discord.invalid/api/v10")
    assert main(["run", "--db", str(tmp_path / "p.db")]) == ExitCode.NETWORK
    err = capsys.readouterr().err
    assert "the name discord.invalid could not be resolved" in err
    assert "Check the machine's network and DNS settings" in err


def test_network_failures_are_explained() -> None:
    config = BotConfig()
    timeout = explain(TimeoutError(), config)
    assert timeout.code == ExitCode.NETWORK and not timeout.permanent
    reset = explain(aiohttp.ServerDisconnectedError(), config)
    assert reset.code == ExitCode.NETWORK and "Check the network" in reset.message
    bug = explain(KeyError("seats"), config)
    assert bug.code == ExitCode.UNEXPECTED and "PARLOUR_LOG_LEVEL=DEBUG" in bug.message


# --- Discord refuses ----------------------------------------------------------------------

async def test_rejected_token(fake_discord: FakeDiscord, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    code = await asyncio.to_thread(main, ["run", "--db", str(tmp_path / "p.db")])
    assert code == ExitCode.TOKEN_REJECTED == 4
    lines = error_lines(capsys.readouterr().err)
    assert lines == [
        "Error: Discord rejected the token in DISCORD_TOKEN (login failed).",
        "Copy the bot token from your application's Bot page (Reset Token): not the client "
        "secret, and not a token that was reset since."]
    assert [c.status for c in fake_discord.calls_to("GET", r"^/users/@me$")] == [401]


async def test_refused_intents(fake_discord: FakeDiscord, tmp_path, monkeypatch,
                               capsys) -> None:
    fake_discord.identify_close_code = 4014
    monkeypatch.setenv("DISCORD_TOKEN", fake_discord.token)
    code = await asyncio.to_thread(main, ["run", "--db", str(tmp_path / "p.db")])
    assert code == ExitCode.INTENTS_REFUSED == 5
    lines = error_lines(capsys.readouterr().err)
    assert lines[0].startswith("Error: Discord refused the gateway intents") and len(lines) == 2


async def test_missing_scope_refuses_commands(fake_discord: FakeDiscord, tmp_path, monkeypatch,
                                              capsys) -> None:
    guild = fake_discord.scene.guild.id
    fake_discord.inject_error("PUT", r"/guilds/\d+/commands$", 403, 50001, "Missing Access")
    monkeypatch.setenv("DISCORD_TOKEN", fake_discord.token)
    monkeypatch.setenv("PARLOUR_DEV_GUILD", str(guild))
    code = await asyncio.to_thread(main, ["run", "--sync", "--db", str(tmp_path / "p.db")])
    assert code == ExitCode.ACCESS_REFUSED == 6
    lines = error_lines(capsys.readouterr().err)
    assert lines[0] == (f"Error: server {guild} (PARLOUR_DEV_GUILD) refused the slash commands "
                        "(403 Forbidden (error code: 50001): Missing Access).")
    assert lines[1] == ("Invite the bot with the scopes bot and applications.commands: "
                        "https://discord.com/oauth2/authorize?client_id="
                        f"{fake_discord.application_id}&scope=bot+applications.commands"
                        "&permissions=309237763072")


# --- database -----------------------------------------------------------------------------

def test_unwritable_database_path(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    assert main(["run", "--db", str(blocker / "p.db")]) == ExitCode.DATABASE == 7
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (f"Error: {blocker} (in the database path {blocker / 'p.db'}) "
                                    "is a file, not a folder: set PARLOUR_DB (or --db) to a file "
                                    "in a writable folder.")
    assert main(["run", "--db", str(tmp_path / "missing" / "p.db")]) == ExitCode.DATABASE
    assert "does not exist" in capsys.readouterr().err
    assert main(["run", "--db", str(tmp_path)]) == ExitCode.DATABASE
    assert "is a folder, not a file" in capsys.readouterr().err
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not SQLite" * 100)
    assert main(["run", "--db", str(garbage)]) == ExitCode.DATABASE
    assert "is not a usable SQLite database" in capsys.readouterr().err


def test_database_newer_than_the_code(tmp_path, monkeypatch, capsys) -> None:
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    assert main(["run", "--db", str(path)]) == ExitCode.SCHEMA_NEWER == 8
    lines = error_lines(capsys.readouterr().err)
    assert lines == [
        f"Error: the database {path} was written by a newer Parlour (schema "
        f"v{SCHEMA_VERSION + 1}; this one knows up to v{SCHEMA_VERSION}).",
        "Upgrade Parlour (pip install -U, or rebuild the image), or set PARLOUR_DB to another "
        "file."]


# --- containers and logs ------------------------------------------------------------------

def test_waits_instead_of_exiting_when_asked(tmp_path) -> None:
    env = {**os.environ, "PARLOUR_WAIT_ON_ERROR": "1"}
    env.pop("DISCORD_TOKEN", None)
    proc = subprocess.Popen(parlour_command() + ["run"], env=env, cwd=tmp_path,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert first.startswith("Error: DISCORD_TOKEN is not set.")
        while not (line := proc.stderr.readline()).startswith("Waiting here"):
            assert line, "parlour exited instead of waiting"
        assert proc.poll() is None  # still waiting
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == ExitCode.CONFIG
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_network_failure_does_not_wait(tmp_path) -> None:
    """A network failure may pass: exit, and let the restart policy try again."""
    port = closed_port()
    done = run_parlour({"DISCORD_TOKEN": WELL_FORMED, "PARLOUR_WAIT_ON_ERROR": "1",
                        "PARLOUR_DB": str(tmp_path / "p.db"),
                        "PARLOUR_DISCORD_API": f"http://127.0.0.1:{port}/api/v10"}, cwd=tmp_path)
    assert done.returncode == ExitCode.NETWORK and "Waiting here" not in done.stderr


def test_log_records_show_exceptions_in_one_line() -> None:
    try:
        raise ConnectionResetError("Connection lost")
    except ConnectionResetError:
        record = logging.LogRecord("discord.client", logging.ERROR, __file__, 1,
                                   "Attempting a reconnect in %.2fs", (1.5,), sys.exc_info())
    text = ShortTracebacks("%(levelname)s %(name)s: %(message)s").format(record)
    assert text == ("ERROR discord.client: Attempting a reconnect in 1.50s (Connection lost; "
                    "PARLOUR_LOG_LEVEL=DEBUG shows the traceback)")
