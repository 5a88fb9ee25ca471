"""Clicks are run by discord.py's dynamic items (``Client.add_dynamic_items``), once
each, and answered without asking for the message back (``callback.py``).

A game played through the panels (buttons and card selects inside a Components V2
container): every click is answered once.  A control that fails answers with the
apology (discord.py would only log it); one not on the clicked message, or one that is
none of ours, is refused without running.
"""

from __future__ import annotations

import pytest

from bot.discordbot.transport.replies import SORRY
from bot.discordbot.ui import components, controls
from bot.discordbot.ui.components import HandButton
from bot.discordbot.ui.controls import Controls
from tests.fakediscord import FakeDiscord
from tests.test_discord_pictures import game_bot, started
from tests.test_discord_robustness import forge


async def test_panel_clicks_run_once(
        fake_discord: FakeDiscord, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    bot = await game_bot(fake, tmp_path)
    runs: list[str] = []
    guarded = components._guarded

    async def counted(interaction, work) -> None:
        runs.append(str(dict(interaction.data or {}).get("custom_id")))
        await guarded(interaction, work)

    monkeypatch.setattr(components, "_guarded", counted)
    # Answers wait for their hand pictures here (a loaded machine would send them without,
    # as it should, and the pictures with the refresh that follows: test_discord_pictures).
    monkeypatch.setattr(controls, "PICTURE_LATE_AFTER", 60.0)
    monkeypatch.setattr(controls, "PICTURE_WITHIN", 5.0)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        log = await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
    clicked = [r for r in fake.interactions if r.type == 3]
    assert log.via.get("panel"), log.via   # moves made with the panel's selects and buttons
    assert sorted(runs) == sorted(r.name for r in clicked)   # each click went through once
    assert all(r.acknowledged for r in clicked)
    assert not fake.violations   # a second answer to one click would be one
    # Answers with a message do not ask for it back (callback.py): Discord answers 204.
    # (discord.py's own autocomplete answers still ask.)
    answers = [c for c in fake.calls
               if c.path.endswith("/callback") and (c.body or {}).get("type") in (4, 7)]
    assert answers and all("with_response" not in c.query and c.status == 204
                           for c in answers), {(tuple(c.query), c.status) for c in answers}
    assert any(c.files for c in answers), "hand pictures went with the answers"


async def test_a_failing_control_answers_with_the_apology(
        fake_discord: FakeDiscord, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)

        async def broken(self, interaction, channel_id) -> None:
            raise RuntimeError("a bug in a control")

        monkeypatch.setattr(Controls, "hand", broken)
        hand = f"pl:hand:{s.table.id}"
        board = await t.wait_board(lambda b: hand in b.custom_ids)
        record = await fake.click(s.alice, board, hand)
        assert record.ephemeral and "Something went wrong on our side" in record.text
        assert record.text.removeprefix("⚠️ ") == SORRY
        assert not fake.violations


async def test_a_control_not_on_the_clicked_message_does_not_run(
        fake_discord: FakeDiscord, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    ran: list[int] = []

    async def hand(self, interaction) -> None:
        ran.append(interaction.id)
        await interaction.response.send_message("ran", ephemeral=True)

    async with fake.run_bot(bot):
        t = await started(fake, bot)
        panel = await t.open_panel(s.alice)
        monkeypatch.setattr(HandButton, "callback", hand)
        refresh = f"pl:hand:{s.table.id}"    # the panel's Refresh button, in its container
        absent = await forge(fake, s.alice, panel, f"pl:hand:{s.lobby.id}", on_message=False)
        assert ran == [] and "not recognised" in absent.text
        shown = await forge(fake, s.alice, panel, refresh)
        assert ran == [shown.id] and shown.text == "ran"
        assert not fake.violations
