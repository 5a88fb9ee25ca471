"""``parlour doctor`` against the fake Discord: token, database, reachability, commands."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main
from bot.cli.run import build_bot
from bot.core.schema import SCHEMA_VERSION
from bot.discordbot import BotConfig
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
                "/leaderboard, /mygames, /play, /recent, /review, /rules, /season, /settings, "
                "/stats, /table, /tournament. Run `parlour run --sync` once to upload them.") in out
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
        assert f"ok Commands: the 13 commands on server {scene.guild.id} match this Parlour's." \
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
