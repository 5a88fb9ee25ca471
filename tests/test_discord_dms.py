"""Hand DMs across restarts, through the fake Discord: a closed DM is not asked again and
its note not repeated after a restart; a deal's DM that Discord never accepted before the
bot died is sent when it comes back."""

from __future__ import annotations

import re

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot
from tests.test_discord_robustness import coins_table

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL (tests/backends.py)


def refused_dms(fake: FakeDiscord, user) -> int:
    dm = fake.world.dm_channel(user)
    return sum(1 for c in fake.calls_to("POST", rf"/channels/{dm.id}/messages$")
               if c.status == 403)


def notes_for(fake: FakeDiscord, user) -> list:
    return [m for m in fake.channel_messages(fake.scene.table)
            if "can't DM you" in m.text and f"<@{user.id}>" in m.content]


def deals_dmed(fake: FakeDiscord, user) -> list[int]:
    return [int(re.search(r"\(deal (\d+)\)", m.text).group(1)) for m in fake.dms(user)]


async def play_to_next_deal(t: TableDriver) -> None:
    ch = t.channel.id
    deal = t.core.public_view(ch)["deal_no"]
    while t.core.public_view(ch)["deal_no"] == deal:
        user_id = await t.human_to_move()
        info = t.core.table(ch)
        await t.core.act(ch, user_id, t.core.legal_actions(ch, user_id)[0],
                         expect_move=info.move)


async def test_closed_dms_are_remembered_across_a_restart(fake_discord: FakeDiscord,
                                                          tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    db = tmp_path / "p.db"
    first = parlour_bot(fake, db, table_seed=3)
    async with fake.run_bot(first):
        await coins_table(fake, first, humans=(s.alice, s.dave), ais=1)
        await fake.wait_until(lambda: len(notes_for(fake, s.dave)) == 1)
        assert refused_dms(fake, s.dave) == 1
    second = parlour_bot(fake, db, table_seed=3, sync=False)
    async with fake.run_bot(second):
        t = TableDriver(fake, second, s.table)
        await play_to_next_deal(t)
        await fake.wait_until(lambda: 2 in deals_dmed(fake, s.alice))
        await fake.settle()
    assert refused_dms(fake, s.dave) == 1, "the closed DM was asked again"
    assert len(notes_for(fake, s.dave)) == 1, "the note was posted again"
    assert fake.dms(s.dave) == []


async def test_a_deal_dm_lost_in_a_crash_is_sent_on_restart(fake_discord: FakeDiscord,
                                                            tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    db = tmp_path / "p.db"
    # Alice's first DM is still waiting on a long rate limit when the bot goes down (its
    # outbox gives up after a few seconds): Discord never accepted it.
    alice_dm = fake.world.dm_channel(s.alice)
    fake.inject_429("POST", rf"/channels/{alice_dm.id}/messages$", count=1, retry_after=30)
    first = parlour_bot(fake, db, table_seed=3)
    async with fake.run_bot(first):
        await coins_table(fake, first, humans=(s.alice, s.bob), ais=1)
        await fake.wait_until(lambda: deals_dmed(fake, s.bob) == [1])
    assert deals_dmed(fake, s.alice) == []
    second = parlour_bot(fake, db, table_seed=3, sync=False)
    async with fake.run_bot(second):
        await fake.wait_until(lambda: deals_dmed(fake, s.alice) == [1])
        await fake.settle()
    assert deals_dmed(fake, s.bob) == [1], "a DM Discord had accepted was sent again"
