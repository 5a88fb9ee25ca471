"""Signing in to the web table, through the real ``parlour run`` and the fake Discord's OAuth2
(docs/ACTIVITY.md, "Signing in"): the Activity's code exchange (no redirect_uri) and its
instance check, with their refusals (a bad or reused code, a wrong client secret, a user not
in the instance, an instance of another application); the board's Open table button
(LAUNCH_ACTIVITY, the instance stored and kept over a restart) and browser link, only with
the web table on; the browser login (state checked, a server-side session), player and
spectator tickets and the refusal of a user who cannot see the channel; ``--sync`` keeping
the Entry Point command; and no secret in any response or log line."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.cli.run import build_bot
from bot.core import Store
from bot.discordbot import BotConfig
from bot.discordbot.ui import web_table
from bot.web.sessions import WebStore
from tests.fakediscord import FakeDiscord
from tests.fakediscord.limits import PRIMARY_ENTRY_POINT
from tests.web_site import Site, coins_table, site


def _secrets_absent(site_: Site, caplog: pytest.LogCaptureFixture) -> None:
    fake = site_.fake
    seen = "\n".join(site_.bodies) + "\n" + caplog.text
    for secret in (fake.oauth.client_secret, fake.token):
        assert secret not in seen


async def test_the_activity_signs_in_through_discord_and_opens_the_channels_table(
        fake_discord: FakeDiscord, tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake)
        status, config, _ = await web.call("GET", "/api/config")
        assert (status, config) == (200, {"client_id": str(fake.application_id),
                                          "activity": True})
        # Launched from the App Launcher in the table's channel: no binding, its channel.
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id, s.bob.id])
        code = fake.oauth.sdk_code(s.alice)
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": code, "instance_id": instance.instance_id,
                                          "channel_id": str(s.table.id),
                                          "guild_id": str(s.guild.id)})
        assert status == 200, body
        assert body["user"] == {"id": str(s.alice.id), "name": "Alice"}
        assert (body["channel_id"], body["table"]) == (str(s.table.id), True)
        exchange = fake.oauth.exchanges[-1]
        assert "redirect_uri" not in exchange and exchange["grant_type"] == "authorization_code"
        assert exchange["client_id"] == str(fake.application_id)
        client = await web.socket(body["ticket"])
        snapshot = await client.recv()
        assert snapshot["type"] == "snapshot"
        assert snapshot["seat"] == web.bot.core.table(s.table.id).seat_of(s.alice.id)
        assert snapshot["scene"]["hand"]["cards"]
        await client.ws.close()
        # The same ticket again: refused.
        again = await web.socket(body["ticket"])
        assert (await again.recv())["code"] == "bad_ticket"
        # A reconnect: a fresh ticket for the access token, in the same instance.
        status, fresh, _ = await web.call("POST", "/api/activity/ticket",
                                          {"access_token": body["access_token"],
                                           "instance_id": instance.instance_id})
        assert status == 200 and fresh["channel_id"] == str(s.table.id)
        client = await web.socket(fresh["ticket"])
        assert (await client.recv())["type"] == "snapshot"
        await client.ws.close()
        # Bob (in the instance, not seated) watches: a spectator's ticket.
        status, bob, _ = await web.call("POST", "/api/activity/session",
                                        {"code": fake.oauth.sdk_code(s.bob),
                                         "instance_id": instance.instance_id})
        client = await web.socket(bob["ticket"])
        frame = await client.recv()
        assert frame["seat"] is None and frame["scene"]["hand"] is None
        await client.ws.close()
        # An instance in a channel with no table: said so.
        elsewhere = fake.oauth.launch(s.lobby.id, s.guild.id, [s.alice.id])
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": fake.oauth.sdk_code(s.alice),
                                          "instance_id": elsewhere.instance_id})
        assert status == 200 and body["table"] is False
        assert body["channel_id"] == str(s.lobby.id) and "/table new" in body["text"]
        _secrets_absent(web, caplog)


async def test_the_activity_refuses_bad_codes_users_not_in_the_instance_and_other_apps(
        fake_discord: FakeDiscord, tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake)
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id])

        async def session(code: str, instance_id: str = instance.instance_id,
                          lang: str = "en") -> tuple[int, Any]:
            status, body, _ = await web.call("POST", "/api/activity/session",
                                             {"code": code, "instance_id": instance_id,
                                              "lang": lang})
            return status, body

        assert await session("not-a-code") == (
            403, {"error": "discord",
                  "text": "Discord did not accept the sign-in: open the table again."})
        used = fake.oauth.sdk_code(s.alice)
        assert (await session(used))[0] == 200
        assert (await session(used))[1]["error"] == "discord"          # a code works once
        status, body = await session(fake.oauth.sdk_code(s.carol))     # not in the instance
        assert (status, body["error"]) == (403, "not_in_instance")
        other = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id], application_id=99)
        status, body = await session(fake.oauth.sdk_code(s.alice), other.instance_id, "pl")
        assert (status, body["error"]) == (403, "not_in_instance")
        assert body["text"] == "Nie jesteś w tej aktywności: otwórz ją ponownie z Discorda."
        for bad in ({}, {"code": 5, "instance_id": "x"}, {"code": "c", "instance_id": "a/b"}):
            status, body, _ = await web.call("POST", "/api/activity/session", bad)
            assert (status, body["error"]) == (400, "bad_request")
        status, body, _ = await web.call("POST", "/api/activity/session", data=b"[not json",
                                         headers={"Content-Type": "application/json"})
        assert status == 400
        status, body, _ = await web.call("POST", "/api/activity/ticket",
                                         {"access_token": "forged", "instance_id": "i-1"})
        assert (status, body["error"]) == (403, "discord")
        _secrets_absent(web, caplog)


async def test_a_wrong_client_secret_is_refused_by_discord(fake_discord: FakeDiscord,
                                                           tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db"), secret="not-the-secret") as web:
        instance = fake.oauth.launch(s.table.id, s.guild.id, [s.alice.id])
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": fake.oauth.sdk_code(s.alice),
                                          "instance_id": instance.instance_id})
        assert (status, body["error"]) == (403, "discord")
        assert fake.calls_to("POST", "/oauth2/token")[-1].status == 401
        assert "not-the-secret" not in json.dumps(body)
    async with site(fake, str(tmp_path / "q.db"), secret=None) as web:
        status, config, _ = await web.call("GET", "/api/config")
        assert config["activity"] is False
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": "c", "instance_id": "i-1"})
        assert (status, body["error"]) == (503, "no_activity")


async def test_open_table_launches_the_activity_and_binds_the_instance_over_a_restart(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    db = str(tmp_path / "p.db")
    async with site(fake, db) as web:
        table = await coins_table(fake)
        board = await table.wait_board(lambda m: f"pl:open:{s.table.id}" in m.custom_ids)
        links = [c for c in _components(board.components) if c.get("style") == 5]
        assert [c["url"] for c in links] == [f"{web.public}/t/{s.table.id}"]
        record = await fake.click(s.bob, board, f"pl:open:{s.table.id}")
        assert record.callback_type == 12 and record.activity_instance_id
        instance = record.activity_instance_id
        store = WebStore(web.bot.core.store)
        for _ in range(100):   # the binding is written just after the answer
            if await store.bound_channel(instance) is not None:
                break
            await asyncio.sleep(0.05)
        assert await store.bound_channel(instance) == s.table.id
    # A restart keeps the binding: the instance still opens that table.
    fake.oauth.instances[instance].users.append(s.alice.id)
    async with site(fake, db) as web:
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": fake.oauth.sdk_code(s.alice),
                                          "instance_id": instance})
        assert status == 200 and (body["channel_id"], body["table"]) == (str(s.table.id), True)


async def test_a_bound_instance_opens_its_table_wherever_discord_says_it_runs(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake)
        instance = fake.oauth.launch(s.lobby.id, s.guild.id, [s.alice.id])
        await WebStore(web.bot.core.store).bind_instance(instance.instance_id, s.table.id, None)
        status, body, _ = await web.call("POST", "/api/activity/session",
                                         {"code": fake.oauth.sdk_code(s.alice),
                                          "instance_id": instance.instance_id})
        assert (body["channel_id"], body["table"]) == (str(s.table.id), True)


def _components(components: list[dict] | None) -> list[dict]:
    out = []
    for c in components or []:
        out.append(c)
        out += _components(c.get("components"))
        if isinstance(c.get("accessory"), dict):
            out.append(c["accessory"])
    return out


async def test_the_board_has_no_web_buttons_with_the_web_table_off(fake_discord: FakeDiscord,
                                                                   tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    web_table.turn_on(None)
    config = BotConfig(token=fake.token, db_path=str(tmp_path / "p.db"), sync=True,
                       dev_guild=s.guild.id, ai_executor="inline", ai_delay=0)
    async with fake.run_bot(build_bot(config)):
        table = await coins_table(fake)
        board = await table.wait_board(lambda m: f"pl:hand:{s.table.id}" in m.custom_ids)
        assert not any(c.startswith("pl:open:") for c in board.custom_ids)
        assert not any(c.get("style") == 5 for c in _components(board.components))


async def test_a_browser_logs_in_with_discord_and_gets_a_seat_or_a_spectators_ticket(
        fake_discord: FakeDiscord, tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake)
        status, body, _ = await web.call("GET", "/api/me")
        assert (status, body["error"]) == (401, "login")
        status, body, _ = await web.call("POST", "/api/ticket", {"channel_id": str(s.table.id)})
        assert status == 401
        # The authorize URL Discord is sent to.
        status, _, resp = await web.call("GET", "/login?next=/t/1")
        query = parse_qs(urlsplit(resp.headers["Location"]).query)
        assert query["redirect_uri"] == [web.public + "/oauth/callback"]
        assert query["client_id"] == [str(fake.application_id)]
        assert query["response_type"] == ["code"] and query["state"][0]
        cookie = resp.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie

        path = f"/t/{s.table.id}"
        alice = await web.login(s.alice, path)
        carol = await web.login(s.carol, path)
        try:
            exchange = fake.oauth.exchanges[-1]
            assert exchange["redirect_uri"] == web.public + "/oauth/callback"
            status, me, _ = await web.call("GET", "/api/me", session=alice)
            assert me == {"user": {"id": str(s.alice.id), "name": "Alice"}}
            status, ticket, _ = await web.call("POST", "/api/ticket",
                                               {"channel_id": str(s.table.id)}, session=alice)
            seat = web.bot.core.table(s.table.id).seat_of(s.alice.id)
            assert status == 200 and ticket["seat"] == seat is not None
            client = await web.socket(ticket["ticket"])
            assert (await client.recv())["seat"] == seat
            await client.ws.close()
            # Carol can see the channel: a spectator.
            status, ticket, _ = await web.call("POST", "/api/ticket",
                                               {"channel_id": s.table.id}, session=carol)
            assert status == 200 and ticket["seat"] is None
            client = await web.socket(ticket["ticket"])
            frame = await client.recv()
            assert frame["seat"] is None and frame["scene"]["hand"] is None
            await client.ws.close()
            # Eve is no member of the guild: she cannot see the channel.
            eve = fake.add_user("eve", global_name="Eve")
            eves = await web.login(eve, path)
            try:
                status, body, _ = await web.call("POST", "/api/ticket?lang=ru",
                                                 {"channel_id": str(s.table.id)}, session=eves)
                assert (status, body["error"]) == (403, "forbidden")
                assert body["text"].startswith("Вы не видите этот канал")
            finally:
                await eves.close()
            status, body, _ = await web.call("POST", "/api/ticket", {"channel_id": "x1"},
                                             session=alice)
            assert status == 400
            # A page of another site posting with Alice's cookie: refused; her own page's
            # origin (or the Activity's) is fine.
            channel = {"channel_id": str(s.table.id)}
            status, body, _ = await web.call("POST", "/api/ticket", channel, session=alice,
                                             headers={"Origin": "https://evil.example"})
            assert (status, body["error"]) == (403, "origin")
            for origin in (web.public, f"https://{fake.application_id}.discordsays.com"):
                status, body, _ = await web.call("POST", "/api/ticket", channel,
                                                 session=alice, headers={"Origin": origin})
                assert status == 200, origin
            # Logging out ends the session in the database.
            await web.call("POST", "/logout", session=alice)
            alice.cookie_jar.clear()
        finally:
            await alice.close()
            await carol.close()
        # A callback whose state is not the one /login set, or has no code: refused.
        status, body, _ = await web.call("GET", "/oauth/callback?code=x&state=forged")
        assert (status, body["error"]) == (400, "stale_login")
        # Discord refuses a redirect the Developer Portal does not list.
        async with web.http.get(
                fake.base_url + "/oauth2/authorize?client_id=" + str(fake.application_id)
                + "&response_type=code&redirect_uri=https://evil.example/cb",
                allow_redirects=False) as refused:
            assert refused.status == 400
        _secrets_absent(web, caplog)


async def test_sync_keeps_the_applications_entry_point_command(fake_discord: FakeDiscord,
                                                              tmp_path) -> None:
    fake = fake_discord
    launch = fake.commands.enable_activities()
    config = BotConfig(token=fake.token, db_path=str(tmp_path / "p.db"), sync=False,
                       ai_executor="inline", ai_delay=0)
    bot = build_bot(config)
    async with fake.run_bot(bot):
        # What discord.py's own sync does: Discord refuses to drop the Entry Point.
        with pytest.raises(discord.HTTPException) as refused:
            await bot.tree.sync()
        assert refused.value.code == 50240
        fake.pop_violations("entry_point_dropped")
        count = await bot.sync_commands()
    commands = fake.commands.listing(None)
    assert count == len(commands) > 10
    entry = [c for c in commands if c["type"] == PRIMARY_ENTRY_POINT]
    assert entry == [launch | {"version": entry[0]["version"]}]
    assert {c["name"] for c in commands if c["type"] == 1} >= {"table", "play", "hand"}
    # Without an Entry Point the sync is discord.py's as before.
    del fake.commands.scopes[None][("launch", PRIMARY_ENTRY_POINT)]
    async with fake.run_bot(build_bot(config)) as again:
        assert await again.sync_commands() == len(fake.commands.listing(None))
    assert not [c for c in fake.commands.listing(None) if c["type"] == PRIMARY_ENTRY_POINT]


async def test_a_session_cookie_is_accepted_by_another_process_on_the_same_database(
        tmp_path) -> None:
    """The session is a database row: a second store on the same database (another shard
    process) reads it; the cookie itself is not stored (only its hash)."""
    from bot.web.discord_api import DiscordUser

    db = str(tmp_path / "p.db")
    one, two = Store(db), Store(db)
    await one.open()
    await two.open()
    try:
        token = await WebStore(one).new_session(DiscordUser(7, "Ada"))
        assert await WebStore(two).session(token) == DiscordUser(7, "Ada")
        assert await WebStore(two).session(token + "x") is None
        rows = await two.fetchall("SELECT * FROM web_sessions")
        assert token not in json.dumps([dict(r) for r in rows])
        await WebStore(two).end_session(token)
        assert await WebStore(one).session(token) is None
    finally:
        await one.close()
        await two.close()
