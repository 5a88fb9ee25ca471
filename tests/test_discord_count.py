"""Pinkerton's Count button on the board (RULINGS 6), through the fake Discord: any seated
player but the dealer may ask at any moment; the total goes on the board for everyone."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL (tests/backends.py)


async def test_count_button_on_the_pinkerton_board(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=5)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "pinkerton", {"target": 10})
        for user in (s.bob, s.carol):
            await t.expect_ok(user, "table join")
        await t.expect_ok(s.alice, "table start")
        core, ch = bot.core, s.table.id
        button = f"pl:count:{ch}"
        board = await t.wait_board(lambda b: "pl:hand:" in str(b.custom_ids))
        assert button not in board.custom_ids          # phase I: one card, nothing to count
        while not core.public_view(ch)["count_askable"]:
            info = core.table(ch)
            user = info.seats[info.current_seat].user_id
            await core.act(ch, user, core.legal_actions(ch, user)[0], expect_move=info.move)
        board = await t.wait_board(lambda b: button in b.custom_ids)
        assert "askable" not in board.text.lower()      # a flag for the button, not a line
        info = core.table(ch)
        dealer = core.public_view(ch)["dealer"]
        users = {seat.user_id: fake.world.users[seat.user_id] for seat in info.seats}
        asker = next(i for i in range(3) if i not in (dealer, info.current_seat))

        refused = await fake.click(users[info.seats[dealer].user_id], board, button)
        assert refused.ephemeral and "dealer may not ask for the count" in refused.text
        stranger = await fake.click(s.dave, board, button)
        assert stranger.ephemeral and "not playing at this table" in stranger.text

        asked = await fake.click(users[info.seats[asker].user_id], board, button)
        total = core.public_view(ch)["pile_total"]
        assert asked.ephemeral and f"The pile stands at **{total}**" in asked.text
        name = info.seats[asker].name
        shown = await t.wait_board(lambda b: f"**{name}** asks for the count" in b.text)
        assert button not in shown.custom_ids           # shown now: nothing left to ask
        after = core.table(ch)
        assert after.move == info.move and after.current_seat == info.current_seat
