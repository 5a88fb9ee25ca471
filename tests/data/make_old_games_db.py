"""Makes ``old_games.db``: tables saved by Parlour at d96b579, before engine messages.

Run with that commit's code (the events in its state JSON are English strings):

    git archive d96b579 bot rules | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python tests/data/make_old_games_db.py tests/data/old_games.db

Five tables, one per game, each with two humans (users 1 and 2) and AI seats, played a
few moves in (humans play their first legal move), left running; and one finished Coins
game (channel 9) for the replays.
"""

from __future__ import annotations

import asyncio
import os
import sys

from bot.core import Core, CoreConfig

GAMES = {1: ("coins", 3, {}), 2: ("thirteens", 3, {}), 3: ("pinkerton", 3, {}),
         4: ("piquet", 2, {}), 5: ("starshina", 3, {})}


async def _play(core: Core, channel: int, moves: int) -> None:
    for _ in range(moves):
        await core.settle()
        info = core.table(channel)
        if info is None or info.status != "playing":
            return
        seat = info.seats[info.current_seat]
        if seat.user_id is None or seat.ai_level is not None:
            continue
        action = core.legal_actions(channel, seat.user_id)[0]
        await core.act(channel, seat.user_id, action, expect_move=info.move)


async def main(path: str) -> None:
    if os.path.exists(path):
        os.remove(path)
    core = Core(CoreConfig(db_path=path, ai_executor="inline", ai_delay=0))
    await core.start()
    for channel, (game, n, options) in GAMES.items():
        await core.create_table(channel, 1, "Alice", game, options, seed=channel,
                                keep_order=True, turn_seconds=0)
        if n > 2:
            await core.join(channel, 2, "Bob")
        for _ in range(n - (2 if n > 2 else 1)):
            await core.add_ai(channel, 1, "random")
        await core.start_game(channel, 1)
        await _play(core, channel, 12)
    await core.create_table(9, 1, "Alice", "coins", {"target": 10}, seed=9, keep_order=True,
                            turn_seconds=0)
    await core.join(9, 2, "Bob")
    await core.add_ai(9, 1, "random")
    await core.start_game(9, 1)
    await _play(core, 9, 400)
    await core.settle()
    await core.stop()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
