"""Long-lived boards through the fake Discord: Discord refuses edits of messages older
than an hour (error 30046), so the bot posts the board anew and turns the old message
into a pointer to it; play goes on with the new board's buttons."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot

pytestmark = pytest.mark.usefixtures("backend")

HOUR = 3600.0


async def _start(fake: FakeDiscord, bot) -> TableDriver:
    s = fake.scene
    t = TableDriver(fake, bot, s.table, {s.alice.id: "panel"})
    await t.open(s.alice, "coins", {"target": 10})
    await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
    await t.expect_ok(s.alice, "table start")
    await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids)
    await fake.settle()
    return t


def _moved_to(old_text: str, new_id: int) -> bool:
    return "The table moved" in old_text and old_text.rstrip().endswith(str(new_id))


async def _pointer(fake: FakeDiscord, old_id: int, new_id: int) -> None:
    """Wait until the old board message points to the new one (a paced request)."""
    await fake.wait_until(lambda: _moved_to(fake.recorder.messages[old_id].text, new_id), 15)


async def _play_and_see(t: TableDriver, user) -> int:
    """One move of ``user`` through the board's Show my hand panel; the move number the
    board shows afterwards."""
    await t.human_to_move()
    assert await t.move_by_panel(user, t.choose(user))
    await t.human_to_move()
    move = t.core.table(t.channel.id).move
    await t.wait_board(lambda b: f"move {move} ·" in b.text, timeout=15)
    return move


async def test_a_board_edited_past_an_hour_is_posted_anew(fake_discord: FakeDiscord,
                                                          tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "parlour.db")
    async with fake.run_bot(bot):
        t = await _start(fake, bot)
        old = t.board()
        table_id = bot.core.table(s.table.id).table_id
        fake.advance(HOUR + 60)   # the board is now older than an hour
        await _play_and_see(t, s.alice)
        await fake.settle()
        refused = [c for c in fake.calls_to("PATCH", rf"/messages/{old.id}$")
                   if c.status == 400]
        assert refused, "the fake should have refused the old board's edit (30046)"
        new = t.board()
        assert new.id != old.id and not new.deleted
        assert bot.feed.board_ids.get(table_id) == new.id
        # Discord refuses the old message's edits, so it cannot become a pointer: removed
        await fake.wait_until(lambda: fake.recorder.messages[old.id].deleted, 15)
        # play continues on the new board: its Show my hand works and it follows the game
        move = await _play_and_see(t, s.alice)
        assert t.board().id == new.id and f"move {move} ·" in new.text
    # the new message id is stored: a restarted bot edits the new board
    bot2 = parlour_bot(fake, tmp_path / "parlour.db")
    async with fake.run_bot(bot2):
        await fake.settle()
        assert bot2.feed.board_ids.get(table_id) == new.id
        move = await _play_and_see(TableDriver(fake, bot2, s.table, {s.alice.id: "panel"}),
                                   s.alice)
        assert t.board().id == new.id and f"move {move} ·" in t.board().text
    assert fake.pop_violations() == []


async def test_a_board_is_posted_anew_before_discord_refuses(fake_discord: FakeDiscord,
                                                             tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    fake.old_edits_refused = False   # the bot must not need the refusal
    bot = parlour_bot(fake, tmp_path / "parlour.db", board_max_age=0.0)
    async with fake.run_bot(bot):
        t = await _start(fake, bot)
        old = t.board()
        await _play_and_see(t, s.alice)
        await fake.settle()
        new = t.board()
        assert new.id != old.id
        # every change moves this board (max age 0): the old message points to a newer one
        await fake.wait_until(lambda: "The table moved" in fake.recorder.messages[old.id].text,
                              15)
        target = int(fake.recorder.messages[old.id].text.rstrip().rsplit("/", 1)[1])
        assert old.id < target <= t.board().id
        assert "pl:hand" not in " ".join(fake.recorder.messages[old.id].custom_ids)


async def test_any_part_of_the_bot_can_ask_for_a_repost(fake_discord: FakeDiscord,
                                                        tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "parlour.db")
    async with fake.run_bot(bot):
        t = await _start(fake, bot)
        old = t.board()
        table_id = bot.core.table(s.table.id).table_id
        bot.feed.repost_board(table_id)
        await t.wait_board(lambda b: b.id != old.id, timeout=15)
        new = t.board()
        await _pointer(fake, old.id, new.id)
        link = f"https://discord.com/channels/{s.guild.id}/{s.table.id}/{new.id}"
        assert link in fake.recorder.messages[old.id].text
        await _play_and_see(t, s.alice)
        assert t.board().id == new.id
