"""A slow table through the fake Discord with a fake clock: a game of Coins over several
simulated days with a day per turn - the turn pings, the reminder hours before the time runs
out, timeouts played by the table's stand-in AI and the seat handed over after two, and
/mygames listing the table with a link to its board."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.core import ManualClock
from bot.discordbot.commands.table import turn_time
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

HOUR = 3600
NOV_10 = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()


def test_pace_and_turn_hours_make_the_turn_time() -> None:
    assert turn_time(None, "slow", None) == 24 * HOUR
    assert turn_time(None, "slow", 48) == 48 * HOUR
    assert turn_time(None, None, 12) == 12 * HOUR          # hours alone mean slow
    assert turn_time(45, None, None) == 45 and turn_time(None, "normal", None) is None
    for bad in ((45, "slow", None), (None, "normal", 12)):
        with pytest.raises(Exception, match="turn-hours|turn-seconds"):
            turn_time(*bad)


async def test_a_slow_game_over_several_days(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    clock = ManualClock(NOV_10)
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=8, clock=clock)
    ch = s.table.id

    def notes(text: str) -> list:
        return [m for m in fake.channel_messages(s.table) if text in m.text]

    async def later(seconds: float) -> None:
        """Days pass for the bot and for Discord alike (old messages refuse edits)."""
        fake.advance(seconds)
        await clock.advance(seconds)

    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.expect_ok(s.alice, "table new coins", options={"target": 10})
        opened = await t.expect_ok(s.alice, "table settings",
                                   options={"pace": "slow", "turn-hours": 24,
                                            "stand-in": "random"})
        assert "It is a slow table with 24 hours a turn: each player is pinged" in opened.text
        await t.expect_ok(s.bob, "table join")
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 1})
        await t.expect_ok(s.alice, "table start")
        info = bot.core.table(ch)
        assert info.turn_seconds == 24 * HOUR
        await t.wait_board(lambda b: "24 hours a turn" in b.text or "<t:" in b.text)
        first_board = bot.feed.board_ids.get(info.table_id)

        # The first human to move lets the time run: reminded with hours to go, then the
        # table's stand-in (random, not the bot-wide easy) moves for them.
        late = fake.world.users[await t.human_to_move()]
        await fake.wait_until(lambda: len(fake.notifications(late, s.table)) == 1)
        deadline = int(bot.core.table(ch).deadline)
        assert f"<t:{deadline}:R>" in fake.notifications(late, s.table)[0].text
        assert deadline == int(clock.now()) + 24 * HOUR
        await later(16 * HOUR + 1)
        await fake.wait_until(lambda: len(notes("left for your move")) == 1)
        reminder = notes("left for your move")[0]
        assert f"<@{late.id}>, about 8 hours left for your move." in reminder.text
        assert any(n.message.id == reminder.id for n in fake.notifications(late, s.table))
        await later(8 * HOUR)
        await fake.wait_until(lambda: len(notes(f"Time ran out for **{late.global_name}**")) == 1)
        assert bot.core.table(ch).seats[bot.core.table(ch).seat_of(late.id)].strikes == 1

        # /mygames lists the table with a link to its board (once the board the day's wait
        # made the bot post again is out: an edit of a day-old message is refused).
        await fake.wait_until(lambda: bot.feed.out.pending() == 0, timeout=15)
        mine = await fake.slash(s.alice, "mygames", channel=s.lobby)
        assert mine.ephemeral and "**Coins** (slow) in <#" in mine.text
        board_id = bot.feed.board_ids.get(info.table_id)
        assert f"https://discord.com/channels/{s.guild.id}/{ch}/{board_id}" in mine.text
        assert ("**your turn**" in mine.text) == (
            bot.core.table(ch).seats[bot.core.table(ch).current_seat].user_id == s.alice.id)
        nobody = await fake.slash(s.carol, "mygames", channel=s.lobby)
        assert "You are at no table on this server." in nobody.text

        # The rest of the game: everyone takes about half a day per move; the late player
        # runs out of time once more and the stand-in takes the seat for good.
        timed_out_again = False
        moves = 0
        while (user_id := await t.human_to_move()) is not None:
            if user_id == late.id and not timed_out_again:
                await later(24 * HOUR)
                timed_out_again = True
                continue
            await later(11 * HOUR)
            if bot.core.table(ch) is None:
                break
            now = bot.core.table(ch)
            if now.seats[now.current_seat].user_id != user_id:
                continue   # the clock moved the game on meanwhile
            await bot.core.act(ch, user_id, bot.core.legal_actions(ch, user_id)[0],
                               expect_move=now.move)
            moves += 1
            # Hours pass between moves at a slow table: what the move sent (the next
            # player's ping) goes out before the next move.
            await fake.wait_until(lambda: bot.feed.out.pending() == 0, timeout=15)
        await fake.wait_until(lambda: len(notes("is over")) >= 1)
        assert timed_out_again and moves > 5
        assert clock.now() - NOV_10 > 3 * 24 * HOUR            # the game took days
        await fake.wait_until(lambda: len(notes("ran out of time too often: the AI "
                                                "(random) plays that seat")) == 1)
        # Every turn start notified its player by a new message (never by an edit).
        other = s.bob if late.id == s.alice.id else s.alice
        assert len(fake.notifications(other, s.table)) >= 3
        # The board has lived for days: Discord refused edits of the old message (30046),
        # so the board was posted anew; the old one could not even be turned into a pointer
        # (the fake refuses every edit of an old message), so it was removed.
        assert first_board is not None and t.board().id != first_board
        old = fake.recorder.messages[first_board]
        assert old.deleted or "The table moved" in old.text
