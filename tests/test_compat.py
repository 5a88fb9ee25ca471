"""The private library names in ``bot/compat.py``, one test each: every test fails on a
discord.py or aiosqlite that lacks the name or changed what it does."""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3
import threading

import aiosqlite
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Ratelimit, Route

from bot import compat
from bot.discordbot.transport.callback import respond
from tests.fakediscord import FakeDiscord

# --- aiosqlite -----------------------------------------------------------------------------


async def test_sqlite_of_is_the_connection_aiosqlite_uses(tmp_path) -> None:
    async with aiosqlite.connect(tmp_path / "a.db", isolation_level=None,
                                 check_same_thread=False) as conn:   # as the store opens it
        await conn.execute("CREATE TABLE t (x)")
        db = compat.sqlite_of(conn)
        assert isinstance(db, sqlite3.Connection)
        db.execute("INSERT INTO t VALUES (1)")   # seen by aiosqlite: the same connection
        async with conn.execute("SELECT x FROM t") as cursor:
            assert await cursor.fetchall() == [(1,)]


async def test_on_db_thread_runs_the_work_on_aiosqlites_thread(tmp_path) -> None:
    async with aiosqlite.connect(tmp_path / "a.db") as conn:
        def where(n: int) -> tuple[int, int]:
            return threading.get_ident(), n * 2

        def cursor_thread(db: sqlite3.Connection) -> int:
            db.execute("SELECT 1")   # the connection refuses any thread but its own
            return threading.get_ident()

        ident, doubled = await compat.on_db_thread(conn, where, 21)
        assert doubled == 42 and ident != threading.get_ident()
        assert await compat.on_db_thread(conn, cursor_thread, compat.sqlite_of(conn)) == ident


# --- discord.py: message parameters --------------------------------------------------------


def test_interaction_params_build_a_callback_body() -> None:
    params = compat.interaction_params(type=4, content="hi",
                                       flags=discord.MessageFlags(ephemeral=True),
                                       allowed_mentions=discord.AllowedMentions.none())
    assert params.payload is not None and params.payload["type"] == 4
    data = params.payload["data"]
    assert (data["content"], data["flags"], data["allowed_mentions"]) == ("hi", 64,
                                                                          {"parse": []})
    upload = discord.File(io.BytesIO(b"png"), filename="hand.png")
    params = compat.interaction_params(type=7, files=[upload])
    assert [p["name"] for p in params.multipart] == ["payload_json", "files[0]"]
    assert params.files == [upload]


def test_message_params_build_a_webhook_body() -> None:
    upload = discord.File(io.BytesIO(b"png"), filename="hand.png")
    with compat.message_params(content="panel", attachments=[upload],
                               previous_allowed_mentions=None) as params:
        assert params.payload is None and params.files == [upload]
        assert [p["name"] for p in params.multipart] == ["payload_json", "files[0]"]
        assert json.loads(params.multipart[0]["value"])["content"] == "panel"
    with compat.message_params(content="plain") as params:
        assert params.payload is not None and params.payload["content"] == "plain"
        assert not params.files


# --- discord.py: marking an interaction answered -------------------------------------------


class _Bot(discord.Client):
    """A command answered with ``callback.respond``, which then tries to answer again."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.seen: dict[str, object] = {}

        @self.tree.command(description="Answer, then try again")
        async def twice(interaction: discord.Interaction) -> None:
            self.seen["before"] = interaction.response.is_done()
            await respond(interaction, update=False, ephemeral=True, content="first")
            self.seen["done"] = interaction.response.is_done()
            self.seen["type"] = interaction.response.type
            try:
                await interaction.response.send_message("second")
            except discord.InteractionResponded as e:
                self.seen["again"] = e
            await interaction.followup.send("a followup", ephemeral=True)


async def test_mark_answered_makes_discord_py_see_the_answer(fake_discord: FakeDiscord) -> None:
    fake, s, bot = fake_discord, fake_discord.scene, _Bot()
    async with fake.run_bot(bot):
        await bot.tree.sync()
        record = await fake.slash(s.alice, "twice", channel=s.lobby)
        await fake.wait_until(lambda: len(record.private_followups) == 1)
    assert record.content == "first" and record.ephemeral
    assert [m.content for m in record.private_followups] == ["a followup"]
    assert bot.seen["before"] is False and bot.seen["done"] is True
    assert bot.seen["type"] is discord.InteractionResponseType.channel_message
    assert isinstance(bot.seen["again"], discord.InteractionResponded)
    assert not fake.violations


# --- discord.py: the REST root and the gateway ---------------------------------------------


def test_point_at_moves_the_rest_root_and_the_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    assert compat.api_root() == "https://discord.com/api/v10"
    assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("wss://gateway.discord.gg/")
    monkeypatch.setattr(Route, "BASE", Route.BASE)   # restored after the test
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    gateway = compat.point_at("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/")
    assert gateway == "ws://127.0.0.1:9/"
    assert compat.api_root() == "http://127.0.0.1:9/api/v10"
    # What discord.py reads when it builds a request and connects:
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
    assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:9/")


# --- discord.py: rate-limit buckets --------------------------------------------------------


def _looked_at(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    seen = [0]
    original = Ratelimit.is_inactive

    def counted(self: Ratelimit) -> bool:
        seen[0] += 1
        return original(self)
    monkeypatch.setattr(Ratelimit, "is_inactive", counted)
    return seen


async def test_adding_buckets_costs_a_constant_per_bucket(monkeypatch) -> None:
    seen = _looked_at(monkeypatch)
    http = HTTPClient(asyncio.get_running_loop())
    compat.sweep_buckets_amortised(http)
    for n in range(5000):
        http.get_ratelimit(f"channel:{n}")
    assert len(http._buckets) == 5000      # all active: none expired
    assert seen[0] < 2 * 5000              # discord.py alone: about 12 million looks
    plain = HTTPClient(asyncio.get_running_loop())
    seen[0] = 0
    for n in range(1000):
        plain.get_ratelimit(f"channel:{n}")
    assert seen[0] > 100 * 1000            # what the sweep replaces (1,000 buckets)


async def test_expired_buckets_are_still_swept() -> None:
    http = HTTPClient(asyncio.get_running_loop())
    compat.sweep_buckets_amortised(http)
    for n in range(300):
        http.get_ratelimit(f"old:{n}")
    for bucket in http._buckets.values():
        bucket._last_request -= 400        # unused for longer than discord.py keeps one
    for n in range(300):
        http.get_ratelimit(f"new:{n}")
    assert not any(key.startswith("old:") for key in http._buckets)
    assert sum(key.startswith("new:") for key in http._buckets) == 300


# --- discord.py: REST without a client -----------------------------------------------------


async def test_rest_client_has_what_parlour_doctor_calls() -> None:
    http = compat.rest_client(asyncio.get_running_loop())
    try:
        for name in ("static_login", "application_info", "get_global_commands",
                     "get_guild_commands"):
            assert callable(getattr(http, name)), name
    finally:
        await http.close()


# --- discord.py: the global commands, raw (the Entry Point kept by a sync) ----------------


class _Plain(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())


async def test_global_commands_reads_every_command_type_raw(fake_discord: FakeDiscord) -> None:
    fake, client = fake_discord, _Plain()
    launch = fake.commands.enable_activities()
    async with fake.run_bot(client):
        got = await compat.global_commands(client)
    assert got == [launch]


async def test_overwrite_global_commands_sends_the_payload_as_given(
        fake_discord: FakeDiscord) -> None:
    fake, client = fake_discord, _Plain()
    async with fake.run_bot(client):
        payload = [{"name": "launch", "type": 4, "description": "Play", "handler": 2},
                   {"name": "ping", "type": 1, "description": "Ping"}]
        synced = await compat.overwrite_global_commands(client, payload)
    assert [(c["name"], c["type"]) for c in synced] == [("launch", 4), ("ping", 1)]
    assert fake.calls_to("PUT", r"/applications/\d+/commands$")[-1].body == payload
