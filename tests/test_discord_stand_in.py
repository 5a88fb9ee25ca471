"""``/table new <game> stand-in:<level>``: the per-table stand-in AI, from the slash
command to the core's table and back onto the lobby, the board and /table status."""

from __future__ import annotations

import pytest

from rules.ai.players import LEVELS
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


async def test_table_new_with_a_stand_in(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=7)
    async with fake.run_bot(bot):
        # /table settings offers it, next to turn-seconds, with the AI levels; every
        # /table new <game> offers turn-seconds.
        [table] = [c for c in fake.commands.listing(s.guild.id) if c["name"] == "table"]
        new = next(o for o in table["options"] if o["name"] == "new")
        for sub in new["options"]:
            assert "turn-seconds" in {o["name"] for o in sub["options"]}, sub["name"]
        settings = next(o for o in table["options"] if o["name"] == "settings")
        opts = {o["name"]: o for o in settings["options"]}
        assert "turn-seconds" in opts and "stand-in" in opts
        assert [c["value"] for c in opts["stand-in"]["choices"]] == list(LEVELS)
        assert not opts["stand-in"].get("required")

        t = TableDriver(fake, bot, s.table)
        await t.expect_ok(s.alice, "table new coins", options={"target": 10})
        changed = await t.expect_ok(s.alice, "table settings",
                                    options={"turn-seconds": 30, "stand-in": "normal"})
        assert "Table settings: turn timer 30 s · stand-in AI normal" in changed.text
        refused = await fake.slash(s.bob, "table settings", channel=s.table,
                                   options={"stand-in": "hard"})
        assert refused.text.startswith("⚠️")
        info = bot.core.table(s.table.id)
        assert info.stand_in == "normal" and info.turn_seconds == 30
        lobby = await t.wait_board(lambda b: "stand-in AI normal" in b.text)
        assert "turn timer 30 s" in lobby.text
        status = await t.expect_ok(s.bob, "table status")
        assert "stand-in AI normal" in status.text

        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
        await t.expect_ok(s.alice, "table start")
        await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids
                           and "stand-in AI normal" in b.text)  # the game board
        assert bot.core.table(s.table.id).stand_in == "normal"


async def test_without_a_stand_in_the_table_uses_the_bots(fake_discord: FakeDiscord,
                                                        tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=7)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table)
        await t.open(s.alice, "coins", {"target": 10})
        assert bot.core.table(s.table.id).stand_in is None
        lobby = await t.wait_board(lambda b: "no turn timer" in b.text)
        assert "stand-in" not in lobby.text
