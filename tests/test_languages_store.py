"""Table and user languages in the store (issue 16): what one process sets, another
that started earlier reads on a miss (several processes share PostgreSQL)."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Core, CoreConfig
from bot.discordbot.languages import Languages
from tests.backends import db_for

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


async def test_a_table_made_by_another_process_speaks_its_language(tmp_path) -> None:
    db = db_for(tmp_path / "p.db")
    first, second = Core(CoreConfig(db_path=db)), Core(CoreConfig(db_path=db))
    await first.start(channels=[])
    await second.start(channels=[])
    try:
        here, there = Languages(first.store), Languages(second.store)
        await here.load()
        await there.load()                     # both started before the table existed
        await there.set_table(41, "ru")         # the other process opens a Russian table
        await there.set_table(42, "pl")
        assert (await here.table_now(41)).code == "ru"   # a board reads it first
        assert here.table(42).code == "en"      # a note meanwhile; the store is asked...
        for _ in range(100):
            if here.table(42).code == "pl":
                break
            await asyncio.sleep(0.01)
        assert here.table(42).code == "pl"      # ...and the next text speaks Polish
        assert here.table(43).code == "en"      # no row: English, asked once only
        await asyncio.sleep(0.05)
        assert 43 in here._asked and 43 not in here.tables
    finally:
        await first.stop()
        await second.stop()
