"""Thin updates: the core publishes where a table moved, never a view; a transport reads
each view when it shows it.  Counted in calls of ``State.view``, not in time."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.core import BoardChanged, GameOver
from rules.base import State
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot
from tests.test_core_helpers import HOST, make_table, running_core


@pytest.fixture
def views(monkeypatch) -> Counter:
    """Every ``State.view`` call from now on, by the seat it was for (None: public)."""
    calls: Counter = Counter()
    view = State.view

    def counting(self: State, seat: int | None = None) -> dict:
        calls[seat] += 1
        return view(self, seat)
    monkeypatch.setattr(State, "view", counting)
    return calls


async def test_the_core_publishes_moves_without_computing_views(tmp_path, views) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "coins", humans=[HOST], ais=["easy", "easy"])
        await core.settle()
        env.updates()
        for _ in range(3):   # one human move and the AI replies, three times
            info = core.table(1)
            assert info is not None and info.seat_of(HOST) == info.current_seat
            views.clear()
            await core.act(1, HOST, core.legal_actions(1, HOST)[0], expect_move=info.move)
            await core.settle()
            got = env.updates()
            boards = [u for u in got if isinstance(u, BoardChanged)]
            assert len(boards) >= 2 and boards[0].last_actor == "human"
            assert boards[-1].move == core.table(1).move
            assert all(b.events or b.last_action for b in boards)   # what happened
            over = [u for u in got if isinstance(u, GameOver)]
            # No view at all, except the final one a GameOver keeps (the table goes).
            assert views == (Counter({None: 1}) if over else Counter()), views
            if over:
                break


async def test_the_discord_adapter_reads_each_view_once_per_move(
        fake_discord: FakeDiscord, tmp_path, views) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.05
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, {s.alice.id: "play"})
        await t.open(s.alice, "coins", {"target": 10})
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
        await t.expect_ok(s.alice, "table start")
        await t.open_panel(s.alice)   # a live panel: redrawn as the game moves
        for _ in range(3):
            await t.human_to_move()
            await fake.settle()
            await bot.feed.out.drain(5)
            info = bot.core.table(s.table.id)
            seat = info.seat_of(s.alice.id)
            views.clear()
            await t.move(s.alice)   # one human move, then the AI replies
            await t.human_to_move()
            await fake.settle()
            await bot.feed.out.drain(5)
            now = bot.core.table(s.table.id)
            moves, deals = now.move - info.move, 1   # a new deal's DM reads the hand once
            assert moves >= 1
            # The board: at most one public view per move (edits coalesce: usually fewer);
            # the human's panel and DM: at most one private view per move (+ a new deal's DM).
            assert views[None] <= moves, (views, moves)
            assert views[seat] <= moves + deals, (views, moves)
            assert set(views) <= {None, seat}   # nobody else's hand is read for this seat
            # ...and what they show is the position now, not one computed at publish.
            assert bot.feed.panels.live[(s.table.id, s.alice.id)][3] == now.move
            assert bot.feed.boards.shown[now.table_id] == now.move
