"""The web table in a browser (Debian's chromium through Playwright, tests/browser.py):
whole games by clicks against AI seats, a move from the Discord side shown on the page,
reconnects, what a spectator's and a player's page hold, refusals, en/pl/ru, desktop and
mobile portrait without horizontal scrolling."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.present.text import cards_in
from bot.web.auth import SESSION_COOKIE
from bot.web.discord_api import DiscordUser
from bot.web.protocol import offered
from bot.web.sessions import WebStore
from tests.browser import (
    DESKTOP,
    MOBILE,
    browser_table,
    chromium,
    click_move,
    free_port,
    play_by_clicks,
    send_raw,
    wait_version,
)
from tests.test_core_helpers import (
    BOB,
    CAROL,
    DAVE,
    HOST,
    make_table,
    play_first_legal,
    running_core,
)
from tests.test_web import _shows

# The shortest settings (and a seed that makes a short Starshina) of each game.
GAMES = [("piquet", ("easy",), {}, 7), ("coins", ("easy", "easy"), {"target": 10}, 7),
         ("starshina", ("easy", "easy"), {}, 5),
         ("pinkerton", ("easy", "easy"), {"target": 10, "passes": 1}, 7),
         ("thirteens", ("easy", "easy"), {"target": 10}, 7)]

NO_HSCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize("game, ais, options, seed", GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_by_clicks_against_ai_seats(tmp_path, game, ais, options,
                                                        seed) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, game, ais=ais, options=options, seed=seed)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            made = await play_by_clicks(seen)
            assert made > 3
            assert env.core.table(1) is None          # the game is over at the core too
            page = seen.page
            result = page.locator("section.result li")
            assert await result.count() >= 2
            assert await page.locator("section.result h2").inner_text() == "Game over"
            # Every move went as an action the page chose among the offered ones.
            moves = [f for f in seen.sent if f["type"] == "move"]
            assert len(moves) == made
            assert not [f for f in seen.frames if f["type"] == "outcome"
                        and f["result"] != "made"]


async def _dom_cards(seen) -> set[str]:
    """Every card the page's DOM draws (each card element names its code)."""
    return set(await seen.page.locator("[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))


async def test_a_spectator_page_and_a_players_page_hold_no_card_hidden_from_them(
        tmp_path) -> None:
    """Coins: Alice plays in the browser, Bob and Carol elsewhere, Dave watches in a
    browser; every frame each page received, and each page's DOM, scanned for the cards in
    the hands hidden from it at that version."""
    players = (HOST, BOB, CAROL)
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=players, seed=7)
        async with browser_table(env.core) as b:
            hands: dict[int, dict[int, set[str]]] = {}   # version -> seat -> hand

            def note_hands() -> None:
                info = env.core.table(1)
                if info is not None:
                    hands[info.move] = {
                        i: {str(c) for c in env.core.private_view(1, u)["hand"]}
                        for i, u in enumerate(players)}
            note_hands()
            player = await b.open(HOST)
            watcher = await b.open(DAVE, viewport=MOBILE)
            for seen in (player, watcher):
                await wait_version(seen, None)
            assert await watcher.page.locator(".hand").count() == 0
            assert "watching" in await watcher.page.locator(".banner").inner_text()
            for _ in range(9):
                info = env.core.table(1)
                if info.current_seat == 0:
                    await wait_version(player, info.move - 1)
                    last = player.last
                    await click_move(player, offered(last)[0], last)
                    await player.page.wait_for_function(
                        "(v) => Number(document.querySelector('main').dataset.version) > v",
                        arg=info.move)
                else:
                    await _move_elsewhere(env, players[info.current_seat])
                note_hands()
            now = env.core.table(1).move
            for seen in (player, watcher):
                await seen.page.wait_for_function(
                    "(v) => document.querySelector('main').dataset.version == String(v)",
                    arg=now)
            for seen, seat in ((watcher, None), (player, 0)):
                assert seen.frames
                for frame in seen.frames:
                    hidden = set().union(*(h for s, h in hands[frame["version"]].items()
                                           if s != seat))
                    assert not _shows(frame, hidden), (seat, frame)
                hidden_now = set().union(*(h for s, h in hands[now].items() if s != seat))
                drawn = await _dom_cards(seen)
                assert drawn and not drawn & hidden_now, (seat, drawn & hidden_now)
            assert hands[now][0] <= await _dom_cards(player)   # the player sees their hand


async def _move_elsewhere(env, user: int) -> None:
    """``user`` moves as from another transport (the Discord panel): straight at the core."""
    info = env.core.table(1)
    await env.core.act(1, user, env.core.legal_actions(1, user)[0], expect_move=info.move)
    await env.core.settle()


async def test_a_move_made_elsewhere_shows_on_the_page_and_a_page_move_reaches_the_table(
        tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=(HOST, BOB), ais=("easy",), seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            for _ in range(6):
                info = env.core.table(1)
                if info is None:
                    break
                if info.current_seat == 1:
                    before = info.move
                    await _move_elsewhere(env, BOB)
                    await wait_version(seen, before)
                    update = next(f for f in seen.frames if f["type"] == "update"
                                  and f["version"] == before + 1)
                    assert update["move"]["seat"] == 1 and update["move"]["by"] == "human"
                    # Bob's card on the page: in its event ("Bob plays ..."), or in the
                    # trick it completed (then its event is the trick's, with the card).
                    played = update["move"]["action"].split()[1]
                    drawn = (f'section.centre [data-card="{played}"], '
                             f'section.events [data-card="{played}"]')
                    await seen.page.locator(drawn).first.wait_for()
                    events = await seen.page.locator("section.events").inner_text()
                    assert "Bob" in events or any("{c:" + played + "}" in e
                                                  for e in update["events"])
                elif info.current_seat == 0:
                    await wait_version(seen, info.move - 1)
                    last = seen.last
                    assert last is not None and last["version"] == info.move
                    await click_move(seen, offered(last)[0], last)
                    for _ in range(200):     # the page's move crosses the websocket
                        await env.core.settle()
                        if (env.core.table(1).move or 0) > info.move:
                            break
                        await asyncio.sleep(0.05)
                    assert (env.core.table(1).move or 0) > info.move
                else:
                    await env.core.settle()
            assert [f for f in seen.sent if f["type"] == "move"]


async def test_the_page_reconnects_after_a_drop_and_time_offline_and_catches_up(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=(HOST, BOB), ais=("easy",), seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            await b.fresh_tickets(seen, HOST)
            first = seen.last["version"]
            await seen.page.context.set_offline(True)
            for conn in list(b.transport.conns.get(1, ())):
                await conn.ws.close()
            await seen.page.wait_for_selector("main[data-status=lost]")
            # Moves while the page is away (Bob's and the AI's, and Alice's timer-free turn
            # is not reached: only Bob and the AI move until it is Alice's turn).
            moved = 0
            while env.core.table(1).current_seat != 0 and moved < 4:
                if env.core.table(1).current_seat == 1:
                    await _move_elsewhere(env, BOB)
                moved += 1
                await env.core.settle()
            await seen.page.wait_for_timeout(1500)
            await seen.page.context.set_offline(False)
            now = env.core.table(1).move
            await seen.page.wait_for_function(
                "(v) => document.querySelector('main').dataset.version == String(v)"
                " && document.querySelector('main').dataset.status === 'open'",
                arg=now, timeout=20000)
            hellos = [f for f in seen.sent if f["type"] == "hello"]
            assert len(hellos) >= 2 and hellos[-1]["version"] >= first
            after = seen.frames[[i for i, f in enumerate(seen.frames)
                                 if f["type"] in ("snapshot", "scene")][-1]]
            assert after["version"] == now
            # Play goes on from the page.
            if offered(after):
                await click_move(seen, offered(after)[0], after)
                await wait_version(seen, now)


async def test_a_dimmed_card_tells_why_and_sends_nothing(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "thirteens", ais=("easy",) * 4, seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            form = seen.last["scene"]["hand"]["forms"][0]
            assert form["note"]
            dim = seen.page.locator(".hand-cards button.card.dim").first
            await dim.click(force=True)   # a tap on a dimmed card (aria-disabled)
            assert await seen.page.locator(".hand .why").inner_text() == form["note"]
            assert not [f for f in seen.sent if f["type"] == "move"]


async def test_a_ticket_used_twice_is_refused_on_the_page(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"), seed=7)
        async with browser_table(env.core) as b:
            url = b.url(HOST)
            first = await b.open(HOST)
            await wait_version(first, None)
            context = await b.browser.new_context()
            page = await context.new_page()
            await page.goto(url.replace(url.split("#ticket=")[1],
                                        first.sent[0]["ticket"]))
            alert = page.locator(".fatal")
            await alert.wait_for()
            assert "expired or was already used" in await alert.inner_text()
            # It stays said: the page does not retry past its first reconnect delay (0.5 s)
            # into the login, which would hide why.
            await page.wait_for_timeout(1500)
            assert "/login" not in page.url and await alert.is_visible()


async def test_refusals_on_the_page_socket_leave_the_table_and_say_why(tmp_path) -> None:
    """A stale version, another seat's move, a forged move and a garbage frame sent on the
    page's own connection: each refused, the reason shown, the table unchanged."""
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", humans=(HOST, BOB), ais=("easy",), seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            while env.core.table(1).current_seat != 0:
                if env.core.table(1).current_seat == 1:
                    await _move_elsewhere(env, BOB)
                await env.core.settle()
            now = env.core.table(1).move
            await seen.page.wait_for_function(
                "(v) => document.querySelector('main').dataset.version == String(v)", arg=now)
            move = offered(seen.last)[0]
            note = seen.page.locator(".note-banner")
            cases = [
                ({"type": "move", "version": now - 1,
                  "action": {"kind": move["kind"], "args": move["args"]}}, "moved on"),
                ({"type": "move", "version": now, "text": "play ZZ"}, "ZZ"),
                ("{not json", "could not be read"),
            ]
            for frame, says in cases:
                await send_raw(seen, frame)
                await seen.page.wait_for_function(
                    "(s) => (document.querySelector('.note-banner') || {}).textContent"
                    "?.includes(s)", arg=says)
                assert env.core.table(1).move == now
            # Another seat's move: Bob's card, from Alice's page, when it is Bob's turn.
            await click_move(seen, move, seen.last)
            await env.core.settle()
            if env.core.table(1).current_seat == 1:
                bob = str(env.core.legal_actions(1, BOB)[0]).split()
                before = env.core.table(1).move
                await send_raw(seen, {"type": "move", "version": before,
                                      "action": {"kind": bob[0], "args": bob[1:]}})
                await note.wait_for()
                assert env.core.table(1).move == before
            refused = [f for f in seen.frames if f["type"] in ("outcome", "error")
                       and f.get("result") != "made"]
            assert len(refused) >= 3


@pytest.mark.parametrize("lang, confirm, card", [("en", "Confirm", "of"),
                                                  ("pl", "Zatwierdź", "kier"),
                                                  ("ru", "Подтвердить", "червей")])
async def test_en_pl_ru_on_a_phone_and_a_desktop_without_horizontal_scrolling(
        tmp_path, lang, confirm, card) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "piquet", ais=("easy",), seed=7)
        async with browser_table(env.core) as b:
            for viewport in (MOBILE, DESKTOP):
                seen = await b.open(HOST, lang=lang, viewport=viewport)
                await wait_version(seen, None)
                page = seen.page
                assert await page.evaluate(NO_HSCROLL), viewport
                assert await page.evaluate("document.documentElement.lang") == lang
                assert confirm in await page.locator("button.confirm").inner_text()
                labels = await page.locator(".hand-cards button.card").evaluate_all(
                    "els => els.map(e => e.getAttribute('aria-label'))")
                assert any(card in label for label in labels), labels
                assert seen.last["scene"]["lang"] == lang
                await seen.page.context.close()


async def test_a_piquet_exchange_by_clicks_from_its_one_form(tmp_path) -> None:
    # The exchange comes as one any_of form, not its 1,585 discards: the page builds the
    # discard from the cards picked, and the table takes it.
    async with running_core(tmp_path) as env:
        await make_table(env.core, "piquet", ais=("easy",), seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            last = seen.last
            assert last is not None and last["moves"] == []
            form = next(f for f in last["scene"]["hand"]["forms"] if f["kind"] == "discard")
            assert form["any_of"] and form["high"] > 1
            picks = form["cards"][:3]
            for code in picks:
                await seen.page.locator(f'.hand-cards button.card[data-card="{code}"]').click()
            await seen.page.locator("button.confirm").click()
            made = await _outcome(seen)
            assert made["result"] == "made", made
            assert sorted(made["action"]["args"]) == sorted(picks)
            assert env.core.table(1).move > last["version"]


async def _outcome(seen) -> dict:
    for _ in range(200):
        got = [f for f in seen.frames if f["type"] == "outcome"]
        if got:
            return got[-1]
        await asyncio.sleep(0.05)
    raise AssertionError("no outcome")


async def test_the_hint_button_answers_at_a_table_alone_with_ai_seats(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"), seed=7)
        async with browser_table(env.core) as b:
            seen = await b.open(HOST)
            await wait_version(seen, None)
            assert seen.last["hint"] is True
            await seen.page.locator("button.hint").click()
            text = seen.page.locator(".hint-text")
            await text.wait_for(timeout=60000)
            assert (await text.inner_text()).startswith("💡")
            assert env.core.table(1).move == seen.last["version"]   # nothing was played


@pytest.mark.parametrize("viewport", [DESKTOP, MOBILE], ids=["desktop", "mobile"])
async def test_a_replay_page_steps_through_a_finished_game_with_public_cards_only(
        tmp_path, viewport) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "coins", ais=("easy", "easy"), options={"target": 10})
        assert await play_first_legal(env.core, 1) > 5
        (row,) = await env.core.store.fetchall("SELECT id, moves FROM games")
        # A replay is for a signed-in player of the game, or who may see its channel.
        token = await WebStore(env.core.store).new_session(DiscordUser(HOST, "Host"))
        async with browser_table(env.core) as b:
            context = await b.browser.new_context(viewport=viewport)
            await context.add_cookies([{"name": SESSION_COOKIE, "value": token,
                                        "url": b.base}])
            page = await context.new_page()
            # Wait for the replay's body itself: a response handler reading it
            # may still be running when the page has drawn the first step.
            async with page.expect_response(
                    lambda r: "/api/replay/" in r.url) as answered:
                await page.goto(f"{b.base}/replay/{row['id']}?lang=pl")
            replay = await (await answered.value).json()
            nav = page.locator(".replay-nav span")
            await nav.wait_for()
            steps = replay["steps"]
            assert f"1 / {len(steps)}" in await nav.inner_text()
            assert "Powtórka" in await nav.inner_text()
            for at in range(1, 6):
                await page.locator(".replay-nav button").nth(1).click()
                await page.wait_for_function(
                    "(s) => document.querySelector('.replay-nav span').textContent"
                    ".includes(s)", arg=f"{at + 1} / ")
                public = _dom_codes_of(steps[at])
                drawn = set(await page.locator("[data-card]").evaluate_all(
                    "els => els.map(e => e.dataset.card)"))
                assert drawn <= public, drawn - public
                assert await page.locator(".hand").count() == 0
                assert await page.evaluate(NO_HSCROLL)


def _dom_codes_of(step: dict) -> set[str]:
    """The cards a replay step's public scene shows: card lists and {c:CODE} tokens."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            found.update(cards_in(node))
            if re.fullmatch(r"[0-9AKNJQX]{1,2}[A-Z0-9]", node):
                found.add(node)
    walk(step)
    return found


async def test_one_player_in_the_browser_and_one_on_the_discord_panel_see_each_move(
        fake_discord, tmp_path) -> None:
    """Coins on the fake Discord: Alice plays on the page, Bob with his hand panel; each
    move shows on the page and on the channel's board."""
    from bot.present.base import presenter_for
    from bot.present.text import pretty_card
    from tests.fakediscord.players import TableDriver, parlour_bot

    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, str(tmp_path / "p.db"), table_seed=7)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, {s.bob.id: "panel"})
        await t.open(s.alice, "coins", {"target": 10})
        await t.expect_ok(s.bob, "table join")
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 1})
        await t.expect_ok(s.alice, "table start")
        async with browser_table(bot.core) as b:
            seen = await b.open(s.alice.id, s.table.id)
            await wait_version(seen, None)
            by = {"page": 0, "panel": 0}
            while by["page"] < 3 or by["panel"] < 3:
                user = await t.human_to_move()
                assert user is not None, by
                before = bot.core.table(s.table.id).move
                if user == s.bob.id:
                    action = t.choose(s.bob)
                    assert await t.move_by_panel(s.bob, action)
                    by["panel"] += 1
                    await wait_version(seen, before)
                    update = next(f for f in seen.frames if f["type"] == "update"
                                  and f["version"] == before + 1)
                    assert update["move"] == {"seat": 1, "action": action, "by": "human"}
                    # Bob's card on the table (the trick, or the last trick once taken).
                    await seen.page.locator(
                        f'section.centre [data-card="{action.split()[1]}"]').first.wait_for()
                else:
                    await seen.page.wait_for_function(
                        "(v) => document.querySelector('main').dataset.version == String(v)",
                        arg=before)
                    last = seen.last
                    move = offered(last)[0]
                    await click_move(seen, move, last)
                    by["page"] += 1
                    await fake.wait_until(
                        lambda v=before: bot.core.table(s.table.id).move > v, 10)
                    shown = pretty_card(move["args"][0], presenter_for("coins").deck)
                    await t.wait_board(lambda board, text=shown: text in board.text)
            assert not fake.violations


async def test_the_bot_sigkilled_and_restarted_with_the_page_open_play_goes_on(
        tmp_path) -> None:
    """``parlour run`` as a process with the web table on: SIGKILLed mid-game with a page
    open, started again; the page reconnects (a fresh ticket, its last version) and play
    goes on by clicks."""
    from bot.web.tickets import Tickets, derive_key
    from tests.backends import db_for
    from tests.fakediscord import FakeDiscord
    from tests.load.botproc import BotProcess

    fake = FakeDiscord(patch=False)   # the bot is another process
    fake.settle_after = False
    await fake.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = BotProcess(fake.api_url, fake.gateway_url, fake.token, db_for(tmp_path / "p.db"),
                     tmp_path / "bot.log", pin=False,
                     env={"PARLOUR_WEB": f"127.0.0.1:{port}", "PARLOUR_PUBLIC_URL": base})
    try:
        alice = fake.add_user("alice")
        guild = fake.add_guild("Cards")
        fake.add_member(guild, alice)
        channel = fake.add_text_channel(guild, "cards")

        async def connected(after: int) -> None:
            await fake.wait_until(lambda: len(fake.gateway_sessions) > after
                                  and fake.gateway_sessions[-1].ready, 120)

        bot.start(sync=True)
        await connected(0)
        for command, options in (("table new coins", {"target": 10, "turn-seconds": 0}),
                                 ("table ai-add", {"level": "easy", "count": 2}),
                                 ("table start", {})):
            record = await fake.slash(alice, command, channel=channel, options=options)
            assert not record.text.startswith("⚠️"), record.text
        tickets = Tickets(key=derive_key(fake.token))   # the key every bot process derives
        async with chromium(base, tickets) as b:
            seen = await b.open(alice.id, channel.id)
            await b.fresh_tickets(seen, alice.id, channel.id)
            made = 0
            for _ in range(2):
                await wait_version(seen, None)
                last = seen.last
                if offered(last):
                    await click_move(seen, offered(last)[0], last)
                    made += 1
                    await wait_version(seen, last["version"])
            assert made
            before_kill = await seen.page.locator("main").get_attribute("data-version")
            sessions = len(fake.gateway_sessions)
            await asyncio.to_thread(bot.kill)
            await seen.page.wait_for_selector("main[data-status=lost]", timeout=20000)
            bot.start(sync=False)
            await connected(sessions)
            await seen.page.wait_for_selector("main[data-status=open]", timeout=60000)
            hellos = [f for f in seen.sent if f["type"] == "hello"]
            assert len(hellos) >= 2 and hellos[-1]["version"] >= int(before_kill)
            # Play goes on: a move by click is made at the restarted bot.
            for _ in range(50):
                last = seen.last
                if offered(last) and await seen.page.locator("main").get_attribute(
                        "data-version") == str(last["version"]):
                    break
                await seen.page.wait_for_timeout(100)
            v = last["version"]
            assert v >= int(before_kill)
            await click_move(seen, offered(last)[0], last)
            await wait_version(seen, v)
            assert [f for f in seen.frames if f["type"] == "outcome"][-1]["result"] == "made"
    finally:
        await asyncio.to_thread(bot.stop)
        await fake.stop()
