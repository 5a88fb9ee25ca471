"""The bot under misuse and trouble: bad input, forged and stale controls, double
clicks, slow work (deferred answers), rate limits, moderators, and a restart mid-game."""

from __future__ import annotations

import asyncio
import copy
import re
import time

import pytest

from bot.core import BoardChanged, ManualClock
from tests.fakediscord import FakeDiscord, StoredMessage
from tests.fakediscord.interactions import MESSAGE_COMPONENT, build_interaction
from tests.fakediscord.limits import walk_components
from tests.fakediscord.models import Channel, User
from tests.fakediscord.players import TableDriver, parlour_bot
from tests.fakediscord.recorder import message_text

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

MANAGE_CHANNELS = 1 << 4


async def coins_table(fake: FakeDiscord, bot, *, humans: tuple[User, ...], ais: int,
                      modes: dict | None = None) -> TableDriver:
    s = fake.scene
    t = TableDriver(fake, bot, s.table, modes or {u.id: "panel" for u in humans})
    await t.open(humans[0], "coins", {"target": 10})
    for user in humans[1:]:
        await t.expect_ok(user, "table join")
    if ais:
        await t.expect_ok(humans[0], "table ai-add", options={"level": "easy", "count": ais})
    await t.expect_ok(humans[0], "table start")
    return t


def warned(record) -> bool:
    return record.ephemeral and record.text.startswith("⚠️")


async def forge(fake: FakeDiscord, user: User, message: StoredMessage, custom_id: str, *,
                on_message: bool = True, values: list[str] | None = None):
    """Click a component the client would never send: ``custom_id`` swapped into a copy of
    ``message`` (or, with ``on_message=False``, a custom_id that is not on the message)."""
    payload = copy.deepcopy(message.payload)
    target = None
    for comp in walk_components(payload["components"]):  # panels nest rows in a container
        if target is None and comp.get("type") == (3 if values else 2):
            target = comp
    assert target is not None
    if on_message:
        target["custom_id"] = custom_id
    shown = StoredMessage(message.id, message.channel_id, message.guild_id, message.author_id,
                          payload, ephemeral_to=message.ephemeral_to)
    data = {"custom_id": custom_id, "component_type": 3 if values else 2}
    if values:
        data["values"] = values
    channel: Channel = fake.world.channels[message.channel_id]
    interaction = build_interaction(fake.world, kind=MESSAGE_COMPONENT, user=user,
                                    channel=channel, data=data, message=shown)
    return await fake.send_interaction(interaction, name=custom_id, source=message)


async def test_bad_input_is_refused_clearly(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=7)
    async with fake.run_bot(bot):
        # No table yet.
        for command, options in (("play", {"move": "play 2O"}), ("hand", None),
                                 ("table join", None), ("table start", None)):
            record = await fake.slash(s.alice, command, channel=s.table, options=options)
            assert warned(record) and "no table" in record.text.lower(), record.text

        t = await coins_table(fake, bot, humans=(s.alice, s.bob), ais=1)
        core, ch = bot.core, s.table.id
        again = await fake.slash(s.carol, "table new coins", channel=s.table)
        assert warned(again) and "already running" in again.text
        late = await fake.slash(s.carol, "table join", channel=s.table)
        assert warned(late) and "already started" in late.text

        mover = await t.human_to_move()
        other = s.bob if mover == s.alice.id else s.alice
        user = fake.world.users[mover]
        move = core.table(ch).move
        legal = core.legal_actions(ch, mover)
        hand = core.private_view(ch, mover)["hand"]

        cases = [
            (other, {"move": legal[0]}, "not your turn"),            # out of turn
            (s.carol, {"move": legal[0]}, "not playing"),            # not seated
            (user, {"move": "xyzzy"}, ""),                            # garbage
            (user, {"move": "play KO" if "KO" not in hand else "play 2O"
                    if "2O" not in hand else "play 3O"}, ""),          # not in hand
        ]
        for who, options, expected in cases:
            record = await fake.slash(who, "play", channel=s.table, options=options)
            assert warned(record), record.text
            assert expected in record.text.lower(), record.text
            assert core.table(ch).move == move
        assert await fake.autocomplete(other, "play", channel=s.table, focused="move") == []
        assert await fake.autocomplete(s.carol, "play", channel=s.table, focused="move") == []
        offered = await fake.autocomplete(user, "play", channel=s.table, focused="move")
        assert [c["value"] for c in offered] == legal[:25]
        assert await fake.autocomplete(user, "play", channel=s.table, focused="move",
                                       options={"move": "zzz"}) == []
        assert fake.interactions[-1].latency < 0.5

        # Board edits are paced: wait for the game board's buttons before clicking one.
        board = await t.wait_board(lambda b: f"pl:hand:{ch}" in b.custom_ids)
        watcher = await fake.click(s.carol, board, f"pl:hand:{ch}")
        assert warned(watcher) and "not playing" in watcher.text

        # Forged controls on a real panel: all refused, nothing changes.
        panel = await t.open_panel(user)
        select_id = next(c for c in panel.custom_ids if c.startswith("pl:c:"))
        elsewhere = await forge(fake, user, panel, f"pl:do:{s.lobby.id}:{move}:{legal[0]}")
        assert warned(elsewhere) and "another channel" in elsewhere.text
        evil = await forge(fake, user, panel, "evil:1")
        assert warned(evil) and "not recognised" in evil.text
        absent = await forge(fake, user, panel, f"pl:do:{ch}:{move}:{legal[0]}",
                             on_message=False)
        assert warned(absent) and "not recognised" in absent.text
        bad_card = await forge(fake, user, panel, f"pl:do:{ch}:{move}:play AE"
                               if "AE" not in hand else f"pl:do:{ch}:{move}:play 2E")
        assert warned(bad_card), bad_card.text
        bogus = await forge(fake, user, panel, select_id, values=["XX"])
        assert warned(bogus), bogus.text
        future = await forge(fake, user, panel, f"pl:do:{ch}:{move + 7}:{legal[0]}")
        assert future.callback_type == 7 and "moved on" in panel.text
        assert core.table(ch).move == move

        # A double click: the second is stale, answered with a fresh panel.
        panel = await t.open_panel(user)
        select_id = next(c for c in panel.custom_ids if c.startswith("pl:c:"))
        card = legal[0].split()[1]
        stale_payload = copy.deepcopy(panel.payload)
        first = await fake.select(user, panel, select_id, [card])
        assert first.callback_type == 7
        assert any("Your move:" in message_text(v) for v in panel.versions)
        await core.settle()
        after = core.table(ch).move
        assert after > move
        panel.payload = stale_payload  # what the user still had on screen
        second = await fake.select(user, panel, select_id, [card])
        await core.settle()
        assert second.callback_type == 7 and core.table(ch).move == after
        assert "moved on" in panel.text

        # Lobby buttons once the game runs, and /table status.
        status = await fake.slash(s.carol, "table status", channel=s.table)
        assert status.ephemeral and "Coins" in status.text and "Move" in status.text


async def test_deferred_answers_when_work_is_slow(fake_discord: FakeDiscord, tmp_path) -> None:
    """With no ack budget every answer is deferred first, then delivered."""
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=3, ack_budget=0.0)
    async with fake.run_bot(bot):
        t = await coins_table(fake, bot, humans=(s.alice, s.bob), ais=1,
                              modes={s.alice.id: "panel", s.bob.id: "play"})
        assert all(r.deferred for r in fake.interactions if r.type == 2)
        for _ in range(6):
            user_id = await t.human_to_move()
            await t.move(fake.world.users[user_id])
        kinds = {r.callback_type for r in fake.interactions if r.type in (2, 3)}
        assert kinds <= {5, 6}, kinds   # deferred message / deferred update only
        assert not any(m.loading for u in (s.alice, s.bob) for m in fake.ephemerals(u))


async def test_board_edits_are_coalesced_and_429s_survived(fake_discord: FakeDiscord,
                                                          tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=5, board_interval=0.3)
    boards = []
    async with fake.run_bot(bot):
        bot.core.subscribe(lambda u: boards.append(u) if isinstance(u, BoardChanged) else None)
        t = await coins_table(fake, bot, humans=(s.alice,), ais=2, modes={s.alice.id: "play"})
        board = await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids)
        path = rf"^/channels/{s.table.id}/messages/{board.id}$"
        fake.inject_429("PATCH", path, count=3, retry_after=0.3)
        fake.inject_429("POST", r"/callback$", count=2, retry_after=0.1)
        earlier = set(map(id, fake.calls_to("PATCH", path)))
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text, timeout=30)
        edits = [c for c in fake.calls_to("PATCH", path) if id(c) not in earlier]
        assert [c.status for c in edits[:3]] == [429, 429, 429]
        done = [c for c in edits if c.status == 200]
        assert len(done) < len(boards) / 2, (len(done), len(boards))
        gaps = [b.at - a.at for a, b in zip(done, done[1:], strict=False)]
        assert min(gaps) > 0.25, gaps   # at most one edit per interval per board
    assert len([m for m in fake.channel_messages(s.table) if "table #" in m.text]) == 1


async def test_moderators_cancel_and_kick(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    mods = fake.add_role(s.guild, "mods", MANAGE_CHANNELS)
    fake.add_member(s.guild, s.carol, roles=(mods,))
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=2)
    async with fake.run_bot(bot):
        t = await coins_table(fake, bot, humans=(s.alice, s.bob), ais=1)
        refused = await fake.slash(s.dave, "table cancel", channel=s.table)
        assert warned(refused) and "host" in refused.text
        refused = await fake.slash(s.bob, "table kick", channel=s.table,
                                   options={"user": s.alice})
        assert warned(refused) and "host" in refused.text
        kicked = await fake.slash(s.carol, "table kick", channel=s.table,
                                  options={"user": s.bob})
        assert not warned(kicked) and "removed" in kicked.text
        await fake.wait_until(lambda: any("AI (easy) plays" in m.text or "removed from the game"
                                          in m.text for m in fake.channel_messages(s.table)))
        cancelled = await fake.slash(s.carol, "table cancel", channel=s.table)
        assert "cancelled" in cancelled.text
        board = await t.wait_board(lambda b: "closed" in b.text)
        assert board.custom_ids == [] and f"<@{s.carol.id}>" in board.text
        assert bot.core.table(s.table.id) is None


async def test_lobby_buttons_rules_and_info_commands(fake_discord: FakeDiscord,
                                                     tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.lobby)
        await t.open(s.alice, "piquet", {"variant": "normand"})
        board = await t.wait_board(lambda b: "lobby" in b.text)
        ch = s.lobby.id
        for user, op, expected in ((s.bob, "join", "joined"), (s.bob, "leave", "left"),
                                   (s.bob, "join", "joined"), (s.dave, "ai", "host"),
                                   (s.alice, "ai", "Added"), (s.bob, "start", "host")):
            record = await fake.click(user, board, f"pl:lobby:{op}:{ch}")
            assert record.ephemeral and expected in record.text, (op, record.text)
        removed = await fake.slash(s.alice, "table ai-remove", channel=s.lobby)
        assert "Removed" in removed.text
        board = await t.wait_board(lambda b: "AI (easy)" not in b.text and "Bob" in b.text)
        started = await fake.click(s.alice, board, f"pl:lobby:start:{ch}")
        assert "needs 3" in started.text  # normand is for three

        rules = await fake.slash(s.dave, "rules", channel=s.lobby, options={"game": "piquet"})
        assert rules.ephemeral and "Piquet" in rules.text and "page 1 of" in rules.text
        page2 = await fake.click(s.dave, rules.message, "pl:rules:piquet:1")
        assert page2.callback_type == 7 and "page 2 of" in rules.message.text
        from_board = await fake.click(s.dave, board, "pl:rules:piquet:0")
        assert from_board.ephemeral and from_board.message.id != board.id

        stats = await fake.slash(s.bob, "stats", channel=s.lobby, options={"user": s.alice})
        assert stats.ephemeral and "No rated games" in stats.text
        recent = await fake.slash(s.bob, "recent", channel=s.lobby)
        assert "No finished games" in recent.text
        lb = await fake.slash(s.bob, "leaderboard", channel=s.lobby,
                              options={"game": "coins", "scope": "global"})
        assert "No rated games" in lb.text and "everywhere" in lb.text


async def test_restart_mid_game_keeps_everything(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    db = tmp_path / "p.db"
    modes = {s.alice.id: "panel", s.bob.id: "mixed"}
    first = parlour_bot(fake, db, table_seed=11)
    async with fake.run_bot(first):
        t = await coins_table(fake, first, humans=(s.alice, s.bob), ais=1, modes=modes)
        for _ in range(5):
            await t.move(fake.world.users[await t.human_to_move()])
        mover = fake.world.users[await t.human_to_move()]
        old_panel = await t.open_panel(mover)
        old_board = t.board()
        move = first.core.table(s.table.id).move
        dms_before = {u.id: len(fake.dms(u)) for u in (s.alice, s.bob)}
        deal = first.core.public_view(s.table.id)["deal_no"]
        edits_before = len(old_board.versions)

    second = parlour_bot(fake, db, table_seed=11, sync=False)  # a fresh process
    started = time.monotonic()
    async with fake.run_bot(second):
        info = second.core.table(s.table.id)
        assert info is not None and info.move == move and info.status == "playing"
        action = second.core.legal_actions(s.table.id, mover.id)[0]
        select_id = next(c for c in old_panel.custom_ids if c.startswith("pl:c:"))
        played = await fake.select(mover, old_panel, select_id, [action.split()[1]])
        assert played.callback_type == 7, played.text
        assert any("Your move:" in message_text(v) for v in old_panel.versions)
        assert second.core.table(s.table.id).move > move
        # The old board keeps working and is still the one edited.
        t2 = TableDriver(fake, second, s.table, modes)
        assert t2.board().id == old_board.id
        await fake.wait_until(lambda: len(old_board.versions) > edits_before)
        await t2.play_to_end()
        final = await t2.wait_board(lambda b: "game over" in b.text)
        assert final.id == old_board.id
        lb = await fake.slash(s.alice, "leaderboard", channel=s.table, options={"game": "coins"})
        assert "Alice" in lb.text and "Bob" in lb.text
    assert time.monotonic() - started < 30
    # Nobody got their hand again just because the bot restarted (only on new deals).
    for user in (s.alice, s.bob):
        later = [int(re.search(r"\(deal (\d+)\)", m.text).group(1))
                 for m in fake.dms(user)[dms_before[user.id]:]]
        assert all(n > deal for n in later), (deal, later)


@pytest.mark.parametrize("typed", ["", "disc", "zzz"])
async def test_autocomplete_is_fast_and_bounded(fake_discord: FakeDiscord, tmp_path,
                                                typed: str) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=4)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "piquet", {"variant": "rubicon"})
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy"})
        await t.expect_ok(s.alice, "table start")
        user = fake.world.users[await t.human_to_move()]
        started = asyncio.get_running_loop().time()
        choices = await fake.autocomplete(user, "play", channel=s.table, focused="move",
                                          options={"move": typed})
        assert asyncio.get_running_loop().time() - started < 1.0
        legal = set(bot.core.legal_actions(s.table.id, user.id))
        assert len(choices) <= 25 and all(c["value"] in legal for c in choices)
        assert bool(choices) == (typed != "zzz")


async def test_turn_timer_deadline_reminder_and_strike(fake_discord: FakeDiscord,
                                                       tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    clock = ManualClock()
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=8, clock=clock)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "coins", {"target": 10}, turn_seconds=30)
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
        await t.expect_ok(s.alice, "table start")
        await t.human_to_move()
        deadline = int(bot.core.table(s.table.id).deadline)
        board = await t.wait_board(lambda b: f"<t:{deadline}:R>" in b.text)
        assert "**Alice**" in board.text   # the board names her; the ping notifies her
        await fake.wait_until(lambda: len(fake.notifications(s.alice, s.table)) == 1)
        assert f"<t:{deadline}:R>" in fake.notifications(s.alice, s.table)[0].text
        await clock.advance(21)
        await fake.wait_until(lambda: any("s left for your move" in m.text
                                          for m in fake.channel_messages(s.table)))
        await clock.advance(10)
        await fake.wait_until(lambda: any("Time ran out for **Alice**" in m.text
                                          for m in fake.channel_messages(s.table)))
        assert sum(seat.strikes for seat in bot.core.table(s.table.id).seats) == 1


async def test_ai_seats_play_at_the_terminals_default_level(fake_discord: FakeDiscord,
                                                            tmp_path) -> None:
    # /table ai-add once defaulted to easy while `parlour play` defaults to normal: both
    # (and the lobby's Add AI button) now take rules.ai.players.DEFAULT_LEVEL.
    from bot.cli.play import add_parser
    from bot.discordbot.ids import lobby
    from rules.ai.players import DEFAULT_LEVEL
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=4)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "coins", {"target": 10})
        reply = await t.expect_ok(s.alice, "table ai-add")
        assert "(normal)" in reply.text, reply.text
        board = await t.wait_board(lambda b: "(AI, normal)" in b.text)
        await fake.click(s.alice, board, lobby("ai", s.table.id))
        await t.wait_board(lambda b: b.text.count("(AI, normal)") == 2)
        levels = [seat.ai_level for seat in bot.core.table(s.table.id).seats
                  if seat.kind == "ai"]
        assert levels == [DEFAULT_LEVEL, DEFAULT_LEVEL] == ["normal", "normal"]
    import argparse
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    assert parser.parse_args(["play", "coins"]).ai == DEFAULT_LEVEL
