"""/daily through the fake Discord: an ephemeral panel played to the end with its controls,
the result with par, the field and the share line; the standings stay hidden until played;
one attempt a day; a restart in the middle of an attempt loses nothing."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import confirm_button, panel_control, parlour_bot
from tests.fakediscord.recorder import message_text

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

GAME = "pinkerton"


def _fast(bot):
    bot.core.daily.ai_level = bot.core.daily.par_level = "easy"   # quick tests
    return bot


async def _open(fake: FakeDiscord, user):
    record = await fake.slash(user, "daily", channel=fake.scene.table, options={"game": GAME})
    assert record.acknowledged and record.ephemeral, record.text
    assert record.message is not None, record.text
    return record.message


async def _step(fake: FakeDiscord, bot, user, panel) -> None:
    """One move with the panel's own controls: the first legal move of the attempt."""
    attempt = await bot.core.daily.attempt(GAME, user.id)
    action = attempt.legal_actions()[0]
    target = panel_control(panel, action)
    assert target is not None, (action, panel.custom_ids)
    custom_id, values = target
    versions = len(panel.versions)
    if values is None:
        await fake.click(user, panel, custom_id)
    else:
        await fake.select(user, panel, custom_id, values)
        if custom_id.startswith(("pl:cc:", "pl:pc:")):
            await fake.wait_until(lambda: confirm_button(panel) is not None)
            await fake.click(user, panel, confirm_button(panel))
    await fake.wait_until(lambda: len(panel.versions) > versions)
    await fake.wait_until(lambda: "Your move:" in panel.text or "You finished" in panel.text)


async def test_a_daily_played_on_its_panel(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = _fast(parlour_bot(fake, tmp_path / "p.db"))
    async with fake.run_bot(bot):
        panel = await _open(fake, s.alice)
        assert "Your hand · Pinkerton\n**Pinkerton daily #" in panel.text
        assert "the same deal for everyone" in panel.text
        assert all(cid.startswith("pl:") for cid in panel.custom_ids)
        # Bob opens his own: the same deal, and nothing of Alice's result.
        bob_panel = await _open(fake, s.bob)
        assert "Today on this server" not in bob_panel.text
        for _ in range(60):
            if "You finished" in panel.text:
                break
            await _step(fake, bot, s.alice, panel)
        text = panel.text
        assert "You finished Pinkerton daily #" in text
        assert "Par, what the easy AI scored from your seat, is" in text
        assert "You are 1st of 1 on this server and 1st of 1 overall." in text
        assert "To share (no spoilers): `Pinkerton daily #" in text and "1st of 1 here`" in text
        assert "**Today on this server (1 played)**" in text and "Alice" in text
        for dump in ("None", "True", "False", "{p"):
            assert dump not in text, dump
        # One attempt a day: /daily again shows the result, not a new deal.
        again = await fake.slash(s.alice, "daily", channel=s.table, options={"game": GAME})
        assert "You finished Pinkerton daily #" in again.text
        assert not any(cid.startswith(("pl:do:", "pl:c", "pl:p")) for cid in
                       (again.message.custom_ids if again.message else []))


async def test_a_restart_in_the_middle_of_a_daily_loses_nothing(fake_discord: FakeDiscord,
                                                                tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    db = tmp_path / "p.db"
    first = _fast(parlour_bot(fake, db))
    async with fake.run_bot(first):
        panel = await _open(fake, s.alice)
        await _step(fake, first, s.alice, panel)
        before = await first.core.daily.attempt(GAME, s.alice.id)
    second = _fast(parlour_bot(fake, db, sync=False))
    async with fake.run_bot(second):
        after = await second.core.daily.attempt(GAME, s.alice.id)
        assert after.moves == before.moves and after.state.to_json() == before.state.to_json()
        # The old panel's controls still work after the restart.
        refresh = next(cid for cid in panel.custom_ids if cid.startswith("pl:hand:"))
        versions = len(panel.versions)
        await fake.click(s.alice, panel, refresh)
        await fake.wait_until(lambda: len(panel.versions) > versions)
        assert "**Pinkerton daily #" in message_text(panel.versions[-1])
        await _step(fake, second, s.alice, panel)
        assert (await second.core.daily.attempt(GAME, s.alice.id)).moves > before.moves
