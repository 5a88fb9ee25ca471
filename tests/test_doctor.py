"""``parlour doctor`` against the fake Discord: token, database, reachability, commands."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3

import asyncpg
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main
from bot.cli.log_setup import FORMAT, Masked, ShortTracebacks
from bot.cli.run import build_bot
from bot.core.schema import SCHEMA_VERSION, migrate_postgres
from bot.core.store import mask_password
from bot.discordbot import BotConfig
from tests import pgserver
from tests.fakediscord import FakeDiscord, build_scene
from tests.test_startup_errors import WELL_FORMED, closed_port


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    for key in ("DISCORD_TOKEN", "PARLOUR_DEV_GUILD", "PARLOUR_DB", "PARLOUR_DISCORD_API",
                "PARLOUR_DISCORD_GATEWAY", "PARLOUR_WAIT_ON_ERROR"):
        monkeypatch.delenv(key, raising=False)


async def doctor(capsys, *args: str) -> tuple[int, str]:
    code = await asyncio.to_thread(main, ["doctor", *args])
    return code, " ".join(capsys.readouterr().out.split())  # unwrapped, for matching


async def test_doctor_against_the_fake(tmp_path, monkeypatch, capsys) -> None:
    async with FakeDiscord(token=WELL_FORMED) as fake:
        scene = build_scene(fake)
        db = tmp_path / "p.db"
        monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
        monkeypatch.setenv("PARLOUR_DISCORD_API", fake.api_url)
        monkeypatch.setenv("PARLOUR_DEV_GUILD", str(scene.guild.id))
        monkeypatch.setenv("PARLOUR_DB", str(db))

        # Nothing uploaded yet: every command is missing; the database will be created.
        code, out = await doctor(capsys)
        assert code == 1
        assert "ok Token: set, and shaped like a bot token." in out
        assert f"ok Database: {db} does not exist yet; it will be created on the first start." \
            in out
        assert f"ok Discord: reached {fake.api_url}; the token belongs to the bot Parlour " \
            f"(application {fake.application_id})." in out
        assert (f"PROBLEM Commands: not uploaded to server {scene.guild.id}: /daily, /hand, "
                "/leaderboard, /mygames, /play, /puzzle, /recent, /review, /rules, /season, "
                "/settings, /stats, /table, /tournament. Run `parlour run --sync` once to "
                "upload them.") in out
        assert out.endswith("1 problem found.")
        assert not db.exists()  # the doctor changes nothing

        # After `parlour run --sync`: all is well.
        config = BotConfig(token=WELL_FORMED, db_path=str(db), dev_guild=scene.guild.id,
                           ai_executor="inline")
        bot = build_bot(config)
        async with fake.run_bot(bot):
            await bot.sync_commands()
        code, out = await doctor(capsys)
        assert code == 0, out
        assert f"ok Database: {db} has schema v{SCHEMA_VERSION} (current)." in out
        assert f"ok Commands: the 14 commands on server {scene.guild.id} match this Parlour's." \
            in out and out.endswith("All is well.")

        # A command changed on Discord and one this Parlour does not have.
        listing = fake.commands.listing(scene.guild.id)
        hand = next(c for c in listing if c["name"] == "hand")
        hand["description"] = "an older description"
        fake.commands.upsert(scene.guild.id, {"name": "old", "description": "gone", "type": 1})
        code, out = await doctor(capsys)
        assert code == 1
        assert (f"PROBLEM Commands: different on server {scene.guild.id} from this Parlour's: "
                f"/hand; on server {scene.guild.id} but not in this Parlour: /old.") in out

        # A token Discord rejects.
        monkeypatch.setenv("DISCORD_TOKEN", "MTIz.Zm9v.YmFy")
        code, out = await doctor(capsys)
        assert code == 1
        assert "PROBLEM Discord: Discord rejected the token in DISCORD_TOKEN (login failed)." \
            in out and "skipped Commands: need Discord." in out


async def test_doctor_without_discord(tmp_path, monkeypatch, capsys) -> None:
    port = closed_port()
    monkeypatch.setenv("DISCORD_TOKEN", WELL_FORMED)
    monkeypatch.setenv("PARLOUR_DISCORD_API", f"http://127.0.0.1:{port}/api/v10")
    code, out = await doctor(capsys, "--db", str(tmp_path / "p.db"))
    assert code == 1
    assert f"PROBLEM Discord: cannot reach Discord at 127.0.0.1:{port} (connection refused). " \
        "Check the network" in out


async def test_doctor_reports_token_and_database_problems(tmp_path, monkeypatch,
                                                          capsys) -> None:
    future = tmp_path / "future.db"
    conn = sqlite3.connect(future)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    conn.close()
    monkeypatch.setenv("DISCORD_TOKEN", "the-client-secret-0123456789abcdef")
    code, out = await doctor(capsys, "--db", str(future))
    assert code == 1
    assert "PROBLEM Token: DISCORD_TOKEN does not look like a bot token (three parts separated " \
        "by dots)." in out
    assert f"PROBLEM Database: {future} was written by a newer Parlour (schema " \
        f"v{SCHEMA_VERSION + 3}). Upgrade Parlour" in out
    assert "skipped Discord: needs the problems above fixed first." in out
    assert out.endswith("2 problems found.")

    monkeypatch.delenv("DISCORD_TOKEN")
    monkeypatch.setenv("PARLOUR_DEV_GUILD", "my-server")
    code, out = await doctor(capsys, "--db", str(tmp_path / "nowhere" / "p.db"))
    assert code == 1
    assert "PROBLEM Settings: PARLOUR_DEV_GUILD must be a guild id (digits), not 'my-server'." \
        in out and "PROBLEM Token: DISCORD_TOKEN is not set." in out
    assert "PROBLEM Database: The folder" in out and "does not exist" in out


# --- PostgreSQL: the doctor connects, says what it found in one line, never the password --

PASSWORD = "s3cret-Pa55"


@pytest.fixture
def pg_with_password():
    try:
        server = pgserver.start(password=PASSWORD)
    except RuntimeError as e:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests must run in CI: {e}")
        pytest.skip(str(e))
    yield server
    server.stop()


def database_line(out: str) -> str:
    """The doctor's Database check, its wrapped lines joined."""
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if "Database:" in line)
    j = i + 1
    while j < len(lines) and lines[j].startswith(" " * 9):
        j += 1
    return " ".join(lines[i:j])


async def test_doctor_connects_to_postgresql(pg_with_password, capsys) -> None:
    server = pg_with_password
    where = f"127.0.0.1:{server.port}"
    empty = server.create_database("empty")
    masked = empty.replace(f":{PASSWORD}@", ":***@")

    async def database(url: str) -> tuple[int, str]:
        code = await asyncio.to_thread(main, ["doctor", "--db", url])
        out = capsys.readouterr().out
        assert PASSWORD not in out
        return code, " ".join(database_line(out).split())

    # No Parlour tables yet: fine, the first start creates them.
    code, line = await database(empty)
    assert line == (f"ok Database: {masked} has no Parlour tables yet; they will be created on "
                    "the first start (or copy a SQLite database in first: parlour migrate-db).")

    # An older schema, then the current one.
    conn = await asyncpg.connect(empty)
    await conn.execute("CREATE TABLE parlour_schema (version INTEGER NOT NULL)")
    await conn.execute("INSERT INTO parlour_schema VALUES (3)")
    code, line = await database(empty)
    assert line == (f"ok Database: {masked} has schema v3; it will be upgraded to "
                    f"v{SCHEMA_VERSION} on the next start.")
    await conn.execute("DROP TABLE parlour_schema")
    await migrate_postgres(conn)
    code, line = await database(empty)
    assert line == f"ok Database: {masked} has schema v{SCHEMA_VERSION} (current)."
    await conn.execute("UPDATE parlour_schema SET version = $1", SCHEMA_VERSION + 1)
    code, line = await database(empty)
    assert line.startswith(f"PROBLEM Database: {masked} was written by a newer Parlour "
                           f"(schema v{SCHEMA_VERSION + 1}).")
    await conn.close()

    # The wrong password; a database that does not exist.
    wrong = empty.replace(PASSWORD, "not-the-password")
    code, line = await database(wrong)
    assert code == 1 and "not-the-password" not in line
    assert line.startswith(f"PROBLEM Database: PostgreSQL at {where} refused the login of "
                           "parlour (password authentication failed for user \"parlour\"). "
                           "Check the user and password in PARLOUR_DB")
    code, line = await database(server.url("nosuchdb"))
    assert line == (f"PROBLEM Database: PostgreSQL at {where} has no database nosuchdb. Create "
                    "it (createdb nosuchdb), or correct the database name in PARLOUR_DB.")

    # The server down; a port nothing listens on.
    server.pause()
    code, line = await database(empty)
    assert code == 1
    assert line == (f"PROBLEM Database: cannot reach PostgreSQL at {where} (connection "
                    "refused). Is the server running, and are the host and port in PARLOUR_DB "
                    "right?")
    port = closed_port()
    code, line = await database(f"postgresql://parlour:{PASSWORD}@127.0.0.1:{port}/parlour")
    assert f"cannot reach PostgreSQL at 127.0.0.1:{port} (connection refused)" in line


def test_passwords_are_masked_in_logs_and_messages(tmp_path) -> None:
    url = f"postgresql://parlour:{PASSWORD}@db:5432/parlour"
    assert mask_password(f"using {url} and postgres://a:b@h/x") == \
        "using postgresql://parlour:***@db:5432/parlour and postgres://a:***@h/x"
    assert mask_password("postgresql://parlour@db/parlour") == "postgresql://parlour@db/parlour"
    record = logging.LogRecord("parlour", logging.WARNING, __file__, 1, "lost %s", (url,), None)
    for formatter in (Masked(FORMAT), ShortTracebacks(FORMAT)):
        text = formatter.format(record)
        assert PASSWORD not in text and "parlour:***@db" in text


def test_a_postgresql_url_it_cannot_use_is_said_plainly() -> None:
    from bot.core.db_check import DatabaseUnusable, check_postgres

    with pytest.raises(DatabaseUnusable) as e:
        check_postgres(f"postgresql://parlour:{PASSWORD}@127.0.0.1:99999/parlour")
    assert str(e.value).startswith("PARLOUR_DB is not a usable PostgreSQL URL (")
    assert PASSWORD not in str(e.value)


@pytest.mark.parametrize("command", [["play", "coins"], ["daily", "coins"]])
def test_terminal_commands_never_print_the_password(command, capsys) -> None:
    url = f"postgresql://parlour:{PASSWORD}@127.0.0.1:{closed_port()}/parlour"
    assert main([*command, "--db", url]) == 2
    out = " ".join((capsys.readouterr().out).split())
    assert "Error: cannot open the database postgresql://parlour:***@127.0.0.1:" in out
    assert PASSWORD not in out
