"""The Confirm / Change step of multi-card moves, through the fake Discord.

A Piquet exchange: choosing cards in the panel's multi-select makes no move;
the panel shows the choice with Confirm and Change; Change goes back; Confirm
makes the move once; a Confirm kept from an older position is refused
politely; and a Confirm drawn before a restart still works after it.
"""

from __future__ import annotations

import copy

import pytest

import rules
from tests.fakediscord import FakeDiscord
from tests.fakediscord.limits import walk_components
from tests.fakediscord.players import TableDriver, confirm_button, parlour_bot

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL (tests/backends.py)

PIQUET = rules.get_game("piquet")


def controls(message) -> dict[str, dict]:
    return {c["custom_id"]: c for c in walk_components(message.components) if c.get("custom_id")}


def discard_select(panel) -> str:
    return next(cid for cid in controls(panel) if cid.startswith("pl:cc:")
                and cid.endswith(":discard"))


def two_cards(bot, channel_id: int, user_id: int) -> list[str]:
    """Two cards of a legal two-card discard, in the engine's order."""
    legal = bot.core.legal_actions(channel_id, user_id)
    return next(a for a in legal if a.startswith("discard ") and len(a.split()) == 3).split()[1:]


async def piquet_table(fake: FakeDiscord, bot) -> tuple[TableDriver, object]:
    s = fake.scene
    t = TableDriver(fake, bot, s.table, {s.alice.id: "panel"})
    await t.open(s.alice, "piquet", {"variant": "rubicon"})
    await t.expect_ok(s.alice, "table ai-add", options={"level": "easy"})
    await t.expect_ok(s.alice, "table start")
    user = fake.world.users[await t.human_to_move()]
    assert bot.core.legal_actions(s.table.id, user.id)[0].startswith("discard")
    return t, user


async def test_choose_change_confirm_and_stale_confirm(fake_discord: FakeDiscord,
                                                       tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=5)
    async with fake.run_bot(bot):
        t, user = await piquet_table(fake, bot)
        ch, core = s.table.id, bot.core
        move = core.table(ch).move
        panel = await t.open_panel(user)
        select = discard_select(panel)
        cards = two_cards(bot, ch, user.id)

        chosen = await fake.select(user, panel, select, cards)
        assert chosen.callback_type == 7 and not chosen.private_followups
        assert core.table(ch).move == move          # choosing makes no move
        shown = " ".join(PIQUET.deck.parse_card(c).pretty for c in cards)
        assert f"You chose {shown}." in panel.text and "**Confirm**" in panel.text
        labels = [c.get("label") for c in walk_components(panel.components) if c["type"] == 2]
        assert labels == ["Confirm", "Change"]
        assert not any(c["type"] == 3 for c in walk_components(panel.components))

        back = await fake.click(user, panel, f"pl:hand:{ch}")   # Change
        assert back.callback_type == 7 and "You chose" not in panel.text
        assert discard_select(panel) == select and core.table(ch).move == move

        await fake.select(user, panel, select, cards)
        confirm = confirm_button(panel)
        assert confirm == f"pl:do:{ch}:{move}:discard {' '.join(cards)}"
        stale = copy.deepcopy(panel.payload)
        done = await fake.click(user, panel, confirm)
        await core.settle()
        assert done.callback_type == 7 and "Your move: **" in panel.text
        after = core.table(ch).move
        assert after > move

        panel.payload = stale                       # the old Confirm, still on screen
        again = await fake.click(user, panel, confirm)
        await core.settle()
        assert again.callback_type == 7 and "moved on" in panel.text
        assert core.table(ch).move == after          # nothing made twice
        assert not fake.violations


async def test_confirm_survives_a_restart(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    db = tmp_path / "p.db"
    first = parlour_bot(fake, db, table_seed=5)
    async with fake.run_bot(first):
        t, user = await piquet_table(fake, first)
        move = first.core.table(s.table.id).move
        panel = await t.open_panel(user)
        await fake.select(user, panel, discard_select(panel),
                          two_cards(first, s.table.id, user.id))
        confirm = confirm_button(panel)
        assert confirm is not None

    second = parlour_bot(fake, db, table_seed=5, sync=False)   # a fresh process
    async with fake.run_bot(second):
        assert second.core.table(s.table.id).move == move
        done = await fake.click(user, panel, confirm)
        await second.core.settle()
        assert done.callback_type == 7 and "Your move: **Discard" in panel.text
        assert second.core.table(s.table.id).move > move
        assert not fake.violations
