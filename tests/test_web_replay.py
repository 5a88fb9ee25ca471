"""The web table's replay of a finished game (``GET /api/replay/<id>``) and its tickets across
processes: the public steps in the reader's language with no card a spectator could not
see, every hand only for a logged-in player of that game; a ticket signed in one process
is good once in any (the used ones in the shared database), and a forged, altered or
expired one nowhere."""

from __future__ import annotations

import json
import re

import aiohttp

from bot.core import Store
from bot.web.discord_api import DiscordUser
from bot.web.sessions import WebStore
from bot.web.tickets import Tickets, derive_key
from tests.fakediscord import FakeDiscord
from tests.test_core_helpers import BOB, HOST, make_table, play_first_legal, running_core
from tests.web_client import web_table
from tests.web_site import coins_table, site

CARD = re.compile(r"\{c:([0-9A-Z]+)\}")


def _public_cards(step: dict) -> set[str]:
    """Every card the step's public scene names (in texts and in card lists)."""
    text = json.dumps(step["scene"]) + json.dumps(step["events"])
    found = set(CARD.findall(text))

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("cards", "trick", "plays") and isinstance(value, list):
                    found.update(v for v in value if isinstance(v, str))
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(step["scene"])
    return found


async def test_a_finished_games_replay_is_public_and_its_hands_only_for_its_players(
        tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"))
        assert await play_first_legal(env.core, 1) > 5
        (row,) = await env.core.store.fetchall("SELECT id, moves FROM games")
        game_id, moves = row["id"], row["moves"]
        async with web_table(env.core) as web:
            base = f"http://127.0.0.1:{web.transport.port}/api/replay/{game_id}"
            sessions = WebStore(env.core.store)
            host = await sessions.new_session(DiscordUser(HOST, "Host"))
            async with web.session.get(base, cookies={"parlour_session": host}) as resp:
                assert resp.status == 200
                public = await resp.json()
            assert public["game"] == "coins" and public["game_id"] == game_id
            assert len(public["steps"]) == moves + 1 and public["steps"][0]["move"] is None
            assert [s["version"] for s in public["steps"]] == list(range(moves + 1))
            assert all("hands" not in s and s["scene"]["hand"] is None for s in public["steps"])
            assert public["result"]["reason"] == "complete" and public["result"]["winners"]
            first = public["steps"][1]["move"]
            assert set(first) == {"seat", "action", "by"} and first["by"] in ("human", "ai")
            async with web.session.get(base + "?lang=pl",
                                       cookies={"parlour_session": host}) as resp:
                polish = await resp.json()
            assert public["steps"][0]["events"] == ["Hand 1: {p0} deals; {p1} leads."]
            assert polish["steps"][0]["events"] != public["steps"][0]["events"]
            assert sum(len(s["events"]) for s in public["steps"]) > moves // 3
            # Without a session: not even the public steps (nor whether the game exists).
            for cookie in ({}, {"parlour_session": "forged"}):
                for url in (base, base + "?reveal=1", base.rpartition("/")[0] + "/999999"):
                    async with web.session.get(url, cookies=cookie) as resp:
                        assert resp.status == 401
                        assert (await resp.json())["error"] == "login"
            # Reveal: refused to someone who did not play (this game has no Discord side
            # to ask whether Bob sees its channel, so not even its public steps for him).
            bob_cookie = {"parlour_session": await sessions.new_session(DiscordUser(BOB, "B"))}
            async with web.session.get(base, cookies=bob_cookie) as resp:
                assert resp.status == 403
                assert (await resp.json())["error"] == "forbidden"
            bob = await sessions.new_session(DiscordUser(BOB, "Bob"))
            async with web.session.get(base + "?reveal=1",
                                       cookies={"parlour_session": bob}) as resp:
                assert resp.status == 403
            async with web.session.get(base + "?reveal=1",
                                       cookies={"parlour_session": host}) as resp:
                assert resp.status == 200
                revealed = await resp.json()
            assert revealed["reveal"] is True
            hands = [s["hands"] for s in revealed["steps"]]
            assert len(hands[0]) == 3 and all(hands[0])         # every seat's deal
            # No public step of the first deal names a card still in someone's hand (a
            # later deal's hands hold the cards shown before it).
            checked = 0
            for i, (step, held) in enumerate(zip(public["steps"], hands, strict=True)):
                if i and sum(map(len, held)) > sum(map(len, hands[i - 1])):
                    break   # the next deal
                in_hands = {c for hand in held for c in hand}
                assert not _public_cards(step) & in_hands, step["version"]
                checked += 1
            assert checked > 10
            async with web.session.get(base.rpartition("/")[0] + "/999999",
                                       cookies={"parlour_session": host}) as resp:
                assert resp.status == 404
                assert (await resp.json())["error"] == "no_game"


async def test_a_ticket_is_good_once_in_any_process_sharing_the_database(tmp_path) -> None:
    db = str(tmp_path / "p.db")
    one, two = Store(db), Store(db)
    await one.open()
    await two.open()
    try:
        key = derive_key("the bot token")
        assert key != derive_key("another token") and b"the bot token" not in key
        books = [Tickets(key=key), Tickets(key=key)]
        books[0].bind(one)
        books[1].bind(two)
        ticket = books[0].issue(HOST, 5)
        redeemed = await books[1].redeem(ticket)
        assert redeemed is not None and (redeemed.user_id, redeemed.channel_id) == (HOST, 5)
        assert await books[0].redeem(ticket) is None and await books[1].redeem(ticket) is None
        # Altered (another user or channel), signed with another key, or expired: refused.
        user, channel, rest = books[0].issue(HOST, 5).split(".", 2)
        assert await books[1].redeem(f"{BOB}.{channel}.{rest}") is None
        assert await books[1].redeem(f"{user}.6.{rest}") is None
        assert await books[1].redeem(Tickets().issue(HOST, 5)) is None
        now = [1000.0]
        late = Tickets(ttl=60, clock=lambda: now[0], key=key)
        late.bind(one)
        old = late.issue(HOST, 5)
        now[0] += 62
        assert await late.redeem(old) is None
        for junk in (None, 5, "", "a.b.c.d.e", "x" * 500):
            assert await books[0].redeem(junk) is None
    finally:
        await one.close()
        await two.close()


async def test_the_ticket_endpoint_needs_a_session(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"))
        async with web_table(env.core) as web:
            url = f"http://127.0.0.1:{web.transport.port}"
            async with web.session.post(url + "/api/ticket", json={"channel_id": "1"}) as resp:
                assert resp.status == 401 and (await resp.json())["error"] == "login"
            token = await WebStore(env.core.store).new_session(DiscordUser(HOST, "Host"))
            async with aiohttp.ClientSession(cookies={"parlour_session": token}) as browser:
                async with browser.post(url + "/api/ticket", json={"channel_id": "1"}) as resp:
                    body = await resp.json()
                assert body["seat"] == env.core.table(1).seat_of(HOST)
                # Not seated and no Discord side to ask: no spectator ticket.
                async with browser.post(url + "/api/ticket", json={"channel_id": "2"}) as resp:
                    assert resp.status == 403
            client = await web.connect(HOST, ticket=body["ticket"])
            assert (await client.recv())["type"] == "snapshot"


async def test_a_replay_follows_the_spectator_links_rule_through_discord(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """The public steps of a game played in a channel: its players, and logged-in users the
    bot says can see that channel; 401 without a login, 403 (in the reader's language) for
    someone who cannot see it."""
    fake, s = fake_discord, fake_discord.scene
    async with site(fake, str(tmp_path / "p.db")) as web:
        await coins_table(fake)
        assert await play_first_legal(web.bot.core, s.table.id) > 5
        (row,) = await web.bot.core.store.fetchall("SELECT id, channel_id FROM games")
        assert row["channel_id"] == s.table.id
        path = f"/api/replay/{row['id']}"
        status, body, _ = await web.call("GET", path + "?lang=pl")
        assert (status, body["error"]) == (401, "login")
        assert body["text"] == "Zaloguj się przez Discorda, aby zobaczyć powtórkę tej partii."
        eve = fake.add_user("eve", global_name="Eve")   # no member of the guild
        browsers = [await web.login(user) for user in (s.alice, s.carol, eve)]
        alice, carol, eves = browsers
        try:
            status, played, _ = await web.call("GET", path, session=alice)
            assert status == 200 and played["reveal"] is False
            status, body, _ = await web.call("GET", path + "?reveal=1", session=alice)
            assert status == 200 and body["steps"][0]["hands"]
            # Carol did not play but sees the channel: the public steps, not the hands.
            status, watched, _ = await web.call("GET", path, session=carol)
            assert status == 200 and watched["steps"] == played["steps"]
            status, body, _ = await web.call("GET", path + "?reveal=1", session=carol)
            assert (status, body["error"]) == (403, "forbidden")
            # Eve cannot see the channel: nothing.
            status, body, _ = await web.call("GET", path + "?lang=ru", session=eves)
            assert (status, body["error"]) == (403, "forbidden")
            assert body["text"].startswith("Вы не видите канал, в котором шла эта партия")
            assert "steps" not in body
        finally:
            for browser in browsers:
                await browser.close()
