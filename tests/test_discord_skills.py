"""Accuracy and luck through the fake Discord (issue 49): the final board gains a line per
seat once the figures are computed (an edit of the board, no new message), ``/stats``
shows the mean accuracy beside the rating, ``/review``'s header carries the seat's
figures, and ``/leaderboard by:accuracy`` lists players from ``accuracy_min_games``
games - saying so while nobody has that many."""

from __future__ import annotations

import re

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot

SEED = 7
LINE = re.compile(r"\*\*[^*]+\*\*: Accuracy \d+ · Luck [+-]\d+%")


async def test_accuracy_and_luck_on_the_board_stats_and_leaderboard(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=SEED)
    bot.core.skills.budget = 2        # tiny: the figures of a short Coins game at once
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "coins", {"target": 10})
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
        await t.expect_ok(s.alice, "table start")
        await t.play_to_end()
        await bot.core.settle()
        board = await t.wait_board(lambda b: "Accuracy and luck" in b.text, timeout=60)
        lines = LINE.findall(board.text)
        assert len(lines) == 3, board.text            # a line per seat, AI seats too
        assert "Alice" in lines[0] or any("Alice" in x for x in lines)
        boards = [m for m in fake.channel_messages(s.table)
                  if m.text.startswith("## ") and "game over" in m.text]
        assert len(boards) == 1                       # edited in: no new board message

        stats = await fake.slash(s.alice, "stats", channel=s.table)
        assert re.search(r"accuracy \d+ over the last 1 game", stats.text), stats.text

        # /review's header (the review itself stored as done: its work is another test's).
        game = (await bot.core.recent_games(channel_id=s.table.id))[0]
        seat = next(p["seat"] for p in game.players if p.get("user_id") == s.alice.id)
        await bot.core.store.write((
            "INSERT INTO game_reviews (game_id, seat, status, budget, result, requested, "
            "done) VALUES (?, ?, 'done', 1, ?, 0, 0)",
            (game.game_id, seat, '{"judged": 3, "decisions": []}')))
        review = await fake.slash(s.alice, "review", channel=s.table)
        assert re.search(r"Accuracy \d+ · Luck [+-]\d+%", review.text), review.text

        # Bad input: too few games for the accuracy board - it says so, and how many.
        few = await fake.slash(s.bob, "leaderboard", channel=s.table,
                               options={"game": "coins", "by": "accuracy"})
        assert "Nobody has 5 games with accuracy figures here yet" in few.text, few.text
        bot.core.skills.min_games = 1
        top = await fake.slash(s.bob, "leaderboard", channel=s.table,
                               options={"game": "coins", "by": "accuracy"})
        assert "by accuracy" in top.text and re.search(
            r"\*\*1\.\*\* Alice — accuracy \d+ over the last 1 game", top.text), top.text
