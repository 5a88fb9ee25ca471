"""The web transport (bot/web): a whole game over the websocket against AI seats, state sync
(exactly the missed updates, or a snapshot), refusals of bad moves and bad input (the table
unchanged), the spectator's frames without a hidden card, the response headers, and
``parlour run`` with the transport off (no port opened) and on."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import signal
import socket

import aiohttp
import psutil
import pytest

from bot.cli.run import serve
from bot.core.updates import BoardChanged, Event
from bot.discordbot import BotConfig
from bot.i18n import lang_for
from bot.web import protocol, tickets
from bot.web.server import MOVED_ON, WebConfig, WebConfigError, csp
from bot.web.sync import TableLog
from bot.web.tickets import Tickets
from tests.fakediscord import FakeDiscord
from tests.test_core_helpers import BOB, CAROL, DAVE, HOST, make_table, running_core
from tests.web_client import APP_ID, PUBLIC, Client, play_out, web_table

GAMES = [("piquet", ("easy",)), ("coins", ("easy", "easy")),
         ("starshina", ("easy", "easy")), ("pinkerton", ("easy", "easy", "easy")),
         ("thirteens", ("easy",) * 4)]


@pytest.mark.parametrize("game, ais", GAMES)
async def test_a_whole_game_over_the_websocket_against_ai_seats(tmp_path, game, ais) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, game, ais=ais)
        async with web_table(env.core) as web:
            client = await web.connect(HOST)
            first = await client.recv()
            assert first["type"] == "snapshot" and first["seat"] == 0
            assert first["scene"]["hand"]["cards"]
            made = await play_out(client)
            assert made > 5
            assert env.core.table(1) is None
            assert client.over is not None and client.over["scene"]["result"]["lines"]
            updates = [f["version"] for f in client.frames if f["type"] == "update"]
            assert updates == list(range(first["version"] + 1, updates[-1] + 1))
            assert client.over["version"] == updates[-1]     # the last move's update too
            assert client.frames[-1] is client.over


async def _coins(env, humans=(HOST,)) -> None:
    await make_table(env.core, "coins", humans=humans, ais=("easy",) * (3 - len(humans)))


async def _move_elsewhere(env, user: int = HOST) -> None:
    """``user`` moves as from another transport (the Discord panel): straight at the core."""
    info = env.core.table(1)
    await env.core.act(1, user, env.core.legal_actions(1, user)[0], expect_move=info.move)
    await env.core.settle()


async def test_updates_from_another_transport_reach_the_client_and_a_reconnect_gets_the_missed(
        tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core) as web:
            client = await web.connect(HOST)
            v0 = (await client.recv())["version"]
            await _move_elsewhere(env)
            live = await client.until(lambda f: f["type"] == "update")
            assert live["version"] == v0 + 1 and live["move"]["seat"] == 0
            assert live["move"]["by"] == "human"
            scene = await client.until(lambda f: f["type"] == "scene"
                                       and f["version"] == env.core.table(1).move)
            seen = scene["version"]
            await client.ws.close()

            env.updates()
            for _ in range(3):
                await _move_elsewhere(env)
            now = env.core.table(1).move
            assert now > seen + 3
            published = [u for u in env.updates(BoardChanged)]
            back = await web.connect(HOST, version=seen)
            frames = [await back.recv() for _ in range(now - seen + 1)]
            assert [f["type"] for f in frames] == ["update"] * (now - seen) + ["scene"]
            assert [f["version"] for f in frames] == list(range(seen + 1, now + 1)) + [now]
            en = lang_for("en")
            from bot.present.messages import marked
            assert [f["events"] for f in frames[:-1]] == \
                [[marked(t, en) for t in u.seen_by(0)] for u in published]
            assert protocol.offered(frames[-1]) and frames[-1]["scene"]["hand"]["cards"]

            # Nothing missed: no update, the scene only.
            again = await web.connect(HOST, version=now)
            assert [(await again.recv())["type"]] == ["scene"]
            # A gap the client saw: it asks with a sync frame and catches up the same way.
            await again.send({"type": "sync", "version": now - 2})
            got = [await again.recv() for _ in range(3)]
            assert [(f["type"], f["version"]) for f in got] == \
                [("update", now - 1), ("update", now), ("scene", now)]


async def test_an_unknown_old_or_future_version_gets_a_snapshot(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core) as web:
            first = await web.connect(HOST)
            v0 = (await first.recv())["version"]     # the log begins here
            assert v0 > 0
            for version in (0, v0 - 1, v0 + 50, None):
                client = await web.connect(HOST, version=version)
                frame = await client.recv()
                assert (frame["type"], frame["version"]) == ("snapshot", v0), version
            await first.send({"type": "sync", "version": 0})
            assert (await first.recv())["type"] == "snapshot"


def _board(move: int, *, action: str | None = "play 1C", text: str = "e") -> BoardChanged:
    from tests.test_core_helpers import NAMES  # noqa: F401  (the table is not read here)
    info = type("Info", (), {"move": move})()
    return BoardChanged(1, 1, info, (Event(text),), 0, 0, action, "ai")  # type: ignore[arg-type]


def test_the_log_keeps_what_it_can_tell_and_no_more() -> None:
    log = TableLog(10, keep=3)
    for v in range(11, 16):
        assert log.record(_board(v)) is not None
    assert (log.since, log.version) == (12, 15)
    assert [e.version for e in log.missed(12) or []] == [13, 14, 15]
    assert log.missed(11) is None and log.missed(16) is None and log.missed(15) == []
    assert log.record(_board(14)) is None                  # older than the log
    joined = log.record(_board(15, action=None, text="handed to the AI"))
    assert joined is not None and [e.text for e in joined.events] == ["e", "handed to the AI"]
    log.record(_board(20))                                 # moves never heard: a gap
    assert (log.since, log.version) == (19, 20) and log.missed(15) is None
    assert [e.version for e in log.missed(19) or []] == [20]


async def test_refusals_leave_the_table_as_it_was(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=(HOST, BOB), ais=("easy",))
        async with web_table(env.core) as web:
            clients = {HOST: await web.connect(HOST), BOB: await web.connect(BOB)}
            tables = {u: await c.recv() for u, c in clients.items()}
            info = env.core.table(1)
            mover_id = info.seats[info.current_seat].user_id
            other_id = BOB if mover_id == HOST else HOST
            host, bob = clients[mover_id], clients[other_id]   # who moves now, who does not
            table = tables[mover_id]
            assert protocol.offered(table) and not protocol.offered(tables[other_id])
            view = env.core.public_view(1)
            hand = env.core.private_view(1, mover_id)
            version = table["version"]

            def unchanged() -> None:
                assert env.core.table(1).move == version
                assert env.core.public_view(1) == view
                assert env.core.private_view(1, mover_id) == hand

            async def outcome(client: Client, frame: dict | str) -> dict:
                await client.send(frame)
                return await client.until(lambda f: f["type"] in ("outcome", "error"))

            # A forged move: a card HOST does not hold, a kind no game has, a bad text.
            theirs = env.core.private_view(1, other_id)["hand"][0]
            for forged in ({"kind": "play", "args": [str(theirs)]},
                           {"kind": "teleport", "args": []},
                           {"kind": "play", "args": ["ZZ"]}):
                got = await outcome(host, {"type": "move", "version": version, "action": forged})
                assert (got["type"], got["result"]) == ("outcome", "not_legal"), forged
                assert got["text"] and "Traceback" not in got["text"]
                unchanged()
            got = await outcome(host, {"type": "move", "version": version, "text": "fly away"})
            assert got["result"] == "not_legal"
            # A move for another seat: the other player sends the mover's legal move.
            move = protocol.offered(table)[0]
            got = await outcome(bob, {"type": "move", "version": version,
                                      "action": {"kind": move["kind"], "args": move["args"]}})
            assert got["result"] == "not_legal" and got["text"]
            unchanged()
            # Garbage: an error frame each, the connection open, the table unchanged.
            for junk in ("not json", "[1, 2]", "{}", '{"type": "nope"}', "\x00\xff",
                         '{"type": "move", "version": "7", "text": "play 1C"}',
                         '{"type": "move", "version": 3}',
                         '{"type": "move", "version": 3, "action": {"kind": "play", '
                         '"args": [[1], {"a": 2}]}}',
                         '{"type": "move", "version": 3, "action": {"kind": true}}',
                         '{"type": "hello", "ticket": "again"}', "[" * 5000):
                if len(junk) > protocol.MAX_FRAME:
                    continue
                got = await outcome(host, junk)
                assert (got["type"], got["code"]) == ("error", "bad_frame"), junk
                assert got["version"] == version
            await host.ws.send_bytes(b"\x01\x02")
            got = await host.until(lambda f: f["type"] == "error")
            assert got["code"] == "bad_frame"
            unchanged()
            # The connection still plays.
            got = await outcome(host, {"type": "move", "version": version,
                                       "action": {"kind": move["kind"], "args": move["args"]}})
            assert got["result"] == "made"
            # A stale version: the same clear refusal as on Discord, and the table as it is.
            await env.core.settle()
            now = env.core.table(1)
            late = clients[now.seats[now.current_seat].user_id]
            fresh = await late.until(lambda f: f["type"] == "scene" and f["version"] == now.move)
            move = protocol.offered(fresh)[0]
            view = env.core.public_view(1)
            got = await outcome(late, {"type": "move", "version": version,
                                       "action": {"kind": move["kind"], "args": move["args"]}})
            assert (got["result"], got["version"], got["text"]) == \
                ("moved_on", now.move, MOVED_ON)
            assert env.core.table(1).move == now.move and env.core.public_view(1) == view


async def test_an_oversized_frame_closes_and_a_flood_is_refused_then_closed(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core, rate=5.0, burst=5) as web:
            client = await web.connect(HOST)
            version = (await client.recv())["version"]
            await client.send({"type": "move", "version": version,
                               "text": "play " + "x" * protocol.MAX_FRAME})
            assert await client.closed() == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            assert env.core.table(1).move == version

            flood = await web.connect(HOST)
            await flood.recv()
            for _ in range(80):
                await flood.send({"type": "sync", "version": version})
            assert await flood.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION
            codes = [f.get("code") for f in flood.frames if f["type"] == "error"]
            assert codes and set(codes) == {"too_fast"}
            assert env.core.table(1).move == version


async def test_tickets_are_single_use_short_lived_and_come_first(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core) as web:
            ticket = web.tickets.issue(HOST, 1)
            first = await web.connect(HOST, ticket=ticket)
            assert (await first.recv())["type"] == "snapshot"
            twice = await web.connect(HOST, ticket=ticket, lang="pl")
            frame = await twice.recv()
            assert (frame["type"], frame["code"]) == ("error", "bad_ticket")
            english = "This ticket has expired or was already used: open the table again."
            assert frame["text"] == lang_for("pl")._(english) != english
            assert await twice.closed() == 4001
            for forged in ("", "x" * 40, 12345):
                client = Client(await web.raw())
                await client.send({"type": "hello", "ticket": forged})
                frame = await client.recv()
                assert frame["code"] in ("bad_ticket", "hello_first")
                assert await client.closed() in (4001, aiohttp.WSCloseCode.POLICY_VIOLATION)
            # A move before the hello.
            client = Client(await web.raw())
            await client.send({"type": "move", "version": 1, "text": "play 1C"})
            assert (await client.recv())["code"] == "hello_first"
            assert await client.closed() == aiohttp.WSCloseCode.POLICY_VIOLATION

    now = [100.0]
    book = Tickets(ttl=30, clock=lambda: now[0])
    token = book.issue(HOST, 1)
    now[0] += 31
    assert await book.redeem(token) is None
    token = book.issue(HOST, 1)
    assert await book.redeem(token) is not None and await book.redeem(token) is None
    assert tickets.issue(HOST, 1) != tickets.issue(HOST, 1)


async def test_only_the_allowed_origins_open_the_websocket(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core) as web:
            for origin in ("https://evil.example", "http://parlour.example.org",
                           "https://parlour.example.org.evil.example", "null", None,
                           "https://4243.discordsays.com"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    await web.raw(origin)
                assert e.value.status == 403, origin
            for origin in (PUBLIC, f"https://{APP_ID}.discordsays.com"):
                ws = await web.raw(origin)
                await ws.close()
            # Every response: only Discord may frame the page (its clients, and this
            # application's Activity origin - not another application's).
            policy = ("default-src 'self'; frame-ancestors https://discord.com "
                   f"https://*.discord.com https://{APP_ID}.discordsays.com")
            root = web.url.replace("/ws", "")
            async with web.session.get(root + "/") as r:
                assert r.status == 200 and r.headers["Content-Security-Policy"] == policy
            # The built client: one page for a table, a replay and the root; hashed assets
            # kept a year; nothing else.
            pages = set()
            for path in ("/", "/t/123", "/replay/9"):
                async with web.session.get(root + path) as r:
                    assert r.status == 200 and r.headers["Cache-Control"] == "no-cache"
                    pages.add(await r.text())
            (page,) = pages
            assert "<script" in page and not re.search(r"<script(?![^>]*\bsrc=)", page)
            assert "<style" not in page
            for asset in re.findall(r'(?:src|href)="(/assets/[^"]+)"', page):
                async with web.session.get(root + asset) as r:
                    assert r.status == 200, asset
                    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
                    assert r.headers["Content-Security-Policy"] == policy
            for missing in ("/assets/nope.js", "/assets/..%2Findex.html", "/static/index.html"):
                async with web.session.get(root + missing) as r:
                    assert r.status == 404, missing
            async with web.session.get(web.url, headers={"Origin": "https://evil.example"}) as r:
                assert r.status == 403 and r.headers["Content-Security-Policy"] == policy
    assert csp(None) == "default-src 'self'; frame-ancestors https://discord.com " \
        "https://*.discord.com"


def _strings(obj) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


def _shows(frame: dict, codes: set[str]) -> set[str]:
    """The cards of ``codes`` anywhere in ``frame``: as a card code or marked up in a text."""
    found = set()
    for s in _strings(frame):
        if s in codes:
            found.add(s)
        found |= {c for c in re.findall(r"\{c:([^}]+)\}", s) if c in codes}
    return found


def _scene_at(version: int):
    return lambda f: f["type"] == "scene" and f["version"] == version


async def test_a_spectator_and_each_player_see_no_hidden_card(tmp_path) -> None:
    """Coins with three people on the web and a spectator: every frame each received is
    scanned for the cards in the other hands at its version."""
    players = (HOST, BOB, CAROL)
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=players)
        async with web_table(env.core) as web:
            clients = {u: await web.connect(u) for u in players}
            spectator = await web.connect(DAVE, lang="ru")
            watched = await spectator.recv()
            assert watched["seat"] is None and watched["scene"]["hand"] is None
            assert watched["moves"] == [] and watched["scene"]["viewer"] is None
            hands: dict[int, dict[int, set[str]]] = {}   # version -> seat -> hand

            def note_hands() -> None:
                info = env.core.table(1)
                if info is not None:
                    hands[info.move] = {i: {str(c) for c in env.core.private_view(1, u)["hand"]}
                                        for i, u in enumerate(players)}
            note_hands()
            for c in clients.values():
                await c.recv()
            moves = 0
            while env.core.table(1) is not None and moves < 40:
                info = env.core.table(1)
                user = players[info.current_seat]
                move = env.core.legal_actions(1, user)[0]
                await clients[user].send({"type": "move", "version": info.move, "text": move})
                await clients[user].until(lambda f: f["type"] == "outcome")
                moves += 1
                note_hands()
                at = _scene_at(env.core.table(1).move)
                for c in (*clients.values(), spectator):
                    await c.until(at)
            assert moves == 40
            assert len(spectator.frames) > 80
            for frame in spectator.frames:
                hidden = set().union(*hands[frame["version"]].values())
                assert not _shows(frame, hidden), frame
                assert frame.get("moves", []) == [] and frame.get("seat") is None
            for seat, user in enumerate(players):
                for frame in clients[user].frames:
                    others = set().union(*(h for s, h in hands[frame["version"]].items()
                                           if s != seat))
                    assert not _shows(frame, others), (seat, frame)
            # A spectator's move is refused; the table as it was.
            before = env.core.table(1).move
            await spectator.send({"type": "move", "version": before, "text": "play 1C"})
            refused = await spectator.until(lambda f: f["type"] == "error")
            assert refused["code"] == "not_seated" and re.search("[а-я]", refused["text"])
            assert env.core.table(1).move == before


def test_the_web_settings_come_from_the_environment() -> None:
    assert WebConfig.from_env({}) is None
    assert WebConfig.from_env({"PARLOUR_PUBLIC_URL": PUBLIC}) is None
    web = WebConfig.from_env({"PARLOUR_WEB": "0.0.0.0:8080", "PARLOUR_PUBLIC_URL": PUBLIC + "/",
                              "DISCORD_CLIENT_SECRET": "s3cret"})
    assert web is not None and (web.host, web.port, web.public_url) == ("0.0.0.0", 8080, PUBLIC)
    assert web.client_secret == "s3cret" and "s3cret" not in repr(web)
    assert WebConfig.from_env({"PARLOUR_WEB": "[::1]:80", "PARLOUR_PUBLIC_URL": PUBLIC}).host \
        == "::1"
    for bad in ({"PARLOUR_WEB": "8080", "PARLOUR_PUBLIC_URL": PUBLIC},
                {"PARLOUR_WEB": "h:99999", "PARLOUR_PUBLIC_URL": PUBLIC},
                {"PARLOUR_WEB": "h:80"}, {"PARLOUR_WEB": "h:80", "PARLOUR_PUBLIC_URL": "ftp://x"}):
        with pytest.raises(WebConfigError):
            WebConfig.from_env(bad)


def _listening() -> set[int]:
    return {c.laddr.port for c in psutil.Process().net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("on", [False, True])
async def test_parlour_run_opens_a_port_only_with_the_web_table_on(
        fake_discord: FakeDiscord, tmp_path, on: bool) -> None:
    fake, s = fake_discord, fake_discord.scene
    config = BotConfig(token=fake.token, db_path=str(tmp_path / "p.db"), sync=True,
                       dev_guild=s.guild.id, ai_executor="inline", ai_delay=0)
    port = _free_port()
    web = WebConfig("127.0.0.1", port, PUBLIC) if on else None
    before = _listening()
    err = io.StringIO()
    task = asyncio.create_task(serve(config, err, web=web))
    await fake.wait_until(lambda: fake.connected and fake.commands.listing(s.guild.id), 10)
    opened = await fake.slash(s.alice, "table new coins", channel=s.table)
    assert "You opened" in opened.text
    await fake.slash(s.alice, "table ai-add", channel=s.table,
                     options={"level": "easy", "count": 2})
    await fake.slash(s.alice, "table start", channel=s.table)
    if not on:
        assert _listening() == before
    else:
        assert _listening() == before | {port}
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws",
                                          headers={"Origin": PUBLIC})
            await ws.send_str(json.dumps({"type": "hello", "ticket": tickets.issue(1, 1)}))
            frame = json.loads((await ws.receive(timeout=5)).data)
            assert frame["code"] == "no_table"       # a ticket for a channel with no game
            client = Client(await session.ws_connect(f"http://127.0.0.1:{port}/ws",
                                                     headers={"Origin": PUBLIC}))
            await client.send({"type": "hello", "ticket": tickets.issue(s.alice.id, s.table.id)})
            snapshot = await client.recv()
            assert snapshot["type"] == "snapshot" and snapshot["seat"] is not None
            assert snapshot["scene"]["hand"]["cards"]
            await client.ws.close()
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(task, 10) == 0, err.getvalue()
    assert _listening() == before


async def test_updates_the_hub_brings_late_are_all_told_before_the_scene(tmp_path) -> None:
    """The web subscription may be some moves behind the table: every update still reaches
    the client, then one scene at the table's version (not a scene first that hides them)."""
    async with running_core(tmp_path) as env:
        await _coins(env)
        async with web_table(env.core) as web:
            client = await web.connect(HOST)
            v0 = (await client.recv())["version"]
            assert web.transport._sub is not None
            web.transport._sub.close()          # the updates held back: fed by hand below
            env.updates()
            await _move_elsewhere(env)
            late = env.updates(BoardChanged)
            now = env.core.table(1).move
            assert now >= v0 + 2 and [u.move for u in late] == list(range(v0 + 1, now + 1))
            for update in late:
                await web.transport.on_update(update)
            frames = [await client.recv() for _ in range(len(late) + 1)]
            assert [(f["type"], f["version"]) for f in frames] == \
                [("update", v) for v in range(v0 + 1, now + 1)] + [("scene", now)]


async def test_a_table_not_started_or_gone_is_said_so(tmp_path) -> None:
    from bot.seat import NOT_STARTED

    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", channel=2, start=False)
        async with web_table(env.core) as web:
            for channel, text in ((2, NOT_STARTED),
                                  (3, "There is no table in this channel. Create one first.")):
                client = await web.connect(HOST, channel)
                frame = await client.recv()
                assert (frame["code"], frame["text"]) == ("no_table", text)
                assert await client.closed() == 4004


async def test_the_hint_frame_follows_the_discord_buttons_fairness_rule(tmp_path) -> None:
    """Alone with AI seats: the scene offers a hint and the answer names a move, for the
    position asked about; at a table of two people (hints off) it is refused; a spectator's
    is refused; a stale one says the game moved on; none changes the table."""
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"))
        async with web_table(env.core) as web:
            client = await web.connect(HOST)
            first = await client.recv()
            assert first["hint"] is True
            await client.send({"type": "hint", "version": first["version"]})
            got = await client.until(lambda f: f["type"] == "hint", timeout=60)
            assert got["version"] == first["version"] and got["text"].startswith("💡")
            assert re.search(r"\{c:[0-9A-Z]+\}", got["text"])
            await client.send({"type": "hint", "version": first["version"] - 1})
            stale = await client.until(lambda f: f["type"] == "hint")
            assert stale["text"].startswith("⏩")
            watcher = await web.connect(BOB)
            await watcher.recv()
            await watcher.send({"type": "hint", "version": first["version"]})
            assert (await watcher.until(lambda f: f["type"] == "error"))["code"] == "not_seated"
            assert env.core.table(1).move == first["version"]
    async with running_core(tmp_path, "two.db") as env:
        await _coins(env, humans=(HOST, BOB))
        async with web_table(env.core) as web:
            client = await web.connect(HOST)
            first = await client.recv()
            assert first["hint"] is False
            await client.send({"type": "hint", "version": first["version"]})
            refused = await client.until(lambda f: f["type"] == "error")
            assert refused["code"] == "no_hint"
            assert env.core.table(1).move == first["version"]
