"""Boards right after a restart: a fresh process's picture worker takes seconds to draw its
card faces (import, every face, at idle priority), and the boards do not wait for it -
the first edits go out at once without the picture, which follows once the worker is
warm."""

from __future__ import annotations

import re
import time

from bot.present import art
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, parlour_bot
from tests.test_discord_robustness import coins_table

WARM_UP = 4.0   # s: a slow fresh worker (the outside client saw boards 5-7 s late)


async def test_boards_after_a_restart_do_not_wait_for_the_picture_worker(
        fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    db = tmp_path / "p.db"
    first = parlour_bot(fake, db, table_seed=3)
    async with fake.run_bot(first):
        t = await coins_table(fake, first, humans=(s.alice,), ais=2)
        await t.human_to_move()
        await t.wait_board(lambda b: b.payload.get("attachments"))
    warm_up = art.warm_up

    def slow_warm_up() -> None:   # the worker of a fresh process
        time.sleep(WARM_UP)
        warm_up()
    monkeypatch.setattr(art, "warm_up", slow_warm_up)
    second = parlour_bot(fake, db, table_seed=3, sync=False)
    async with fake.run_bot(second):
        t = TableDriver(fake, second, s.table)
        user_id = await t.human_to_move()
        info = second.core.table(s.table.id)
        started = time.monotonic()
        await second.core.act(s.table.id, user_id,
                              second.core.legal_actions(s.table.id, user_id)[0],
                              expect_move=info.move)
        moved = info.move + 1
        await t.wait_board(lambda b: board_move(b) >= moved, timeout=15)
        lag = time.monotonic() - started
        print(f"first board edit after the restart: {lag:.2f} s")
        assert lag < WARM_UP / 2, f"the board waited {lag:.1f} s for the picture worker"
        # Once the worker is warm the board gets its picture again.
        board = await t.wait_board(lambda b: b.payload.get("attachments"), timeout=15)
        assert board.payload.get("attachments")


def board_move(board) -> int:
    found = re.search(r"move (\d+) ·", board.text)
    return int(found.group(1)) if found else -1
