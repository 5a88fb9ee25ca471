"""A hand panel left open is redrawn when the game moves on: the feed keeps only the
interaction's token (not the Interaction) and edits the panel through its webhook."""

from __future__ import annotations

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import User
from tests.fakediscord.players import TableDriver, parlour_bot


async def _two_humans_and_an_ai(fake: FakeDiscord, bot) -> tuple[TableDriver, User, User]:
    """A Coins game of Alice, Bob and an AI: (the table, the human to move, the other)."""
    s = fake.scene
    t = TableDriver(fake, bot, s.table, {s.alice.id: "play", s.bob.id: "play"})
    await t.open(s.alice, "coins", {"target": 10})
    await t.expect_ok(s.bob, "table join")
    await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 1})
    await t.expect_ok(s.alice, "table start")
    mover = fake.world.users[await t.human_to_move()]
    return t, mover, (s.bob if mover.id == s.alice.id else s.alice)


async def test_an_open_panel_follows_the_game(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "parlour.db")
    async with fake.run_bot(bot):
        t, mover, watcher = await _two_humans_and_an_ai(fake, bot)
        panel = await t.open_panel(watcher)
        drawn, before = len(panel.versions), panel.text
        stored = bot.feed.panels.live[(s.table.id, watcher.id)]
        assert not any(hasattr(x, "response") for x in stored)   # no Interaction kept
        await t.move(mover)
        await fake.wait_until(lambda: len(panel.versions) > drawn)
        await fake.settle()
        edits = fake.calls_to("PATCH", r"/webhooks/\d+/[^/]+/messages/@original")
        assert edits and all(c.status == 200 for c in edits)
        assert panel.text != before   # it shows the position after the move


async def test_an_answer_drawn_at_the_current_move_asks_for_no_refresh(
        fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    # Two humans: the watcher's panel opens while the game waits on the other player, so
    # nothing moves while it is answered, and no refresh job is queued to find that out.
    from bot.discordbot.services.live_panels import LivePanels

    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "parlour.db")
    asked: list[tuple[int, int]] = []
    refresh = LivePanels.refresh

    def recording(self, channel_id: int, user_id: int, **kw) -> None:
        asked.append((channel_id, user_id))
        refresh(self, channel_id, user_id, **kw)
    monkeypatch.setattr(LivePanels, "refresh", recording)
    async with fake.run_bot(bot):
        t, mover, watcher = await _two_humans_and_an_ai(fake, bot)
        await fake.settle()
        asked.clear()
        await t.open_panel(watcher)
        await fake.settle()
        assert (s.table.id, watcher.id) in bot.feed.panels.live   # a live panel...
        assert asked == []                                         # ...with nothing to redo
        await t.move(mover)   # the game moves on: the open panel is redrawn
        await fake.wait_until(lambda: (s.table.id, watcher.id) in asked)
