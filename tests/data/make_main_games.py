"""Makes ``main_games.db`` and ``main_games.json``: tables saved by Parlour at a556011
(events kept as message data, worded as they were logged) and what that build showed.

Run with that commit's code:

    git archive a556011 bot rules | tar -x -C /tmp/main
    PYTHONPATH=/tmp/main python tests/data/make_main_games.py tests/data

Five tables, one per game (channels 1-5), two humans (users 1 and 2) and AI seats, a
dozen moves in, left running, and one finished Coins game (channel 9).  The JSON holds,
per table, the saved state, its events' English and the Recent lines of the board in
English, Polish and Russian; and the finished game's replay (``parlour replay --brief``)
in the three languages.  ``tests/test_main_games.py`` checks today's code against it.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys

from bot.cli.replay import show
from bot.core import Core, CoreConfig
from bot.core.leaderboard import recent_games
from bot.core.replay import load_replay
from bot.i18n import lang_for
from bot.present import present

GAMES = {1: ("coins", 3, {}), 2: ("thirteens", 3, {}), 3: ("pinkerton", 3, {}),
         4: ("piquet", 2, {}), 5: ("starshina", 3, {})}
LANGS = ("en", "pl", "ru")


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


def _shown(core: Core, channel: int) -> dict:
    info = core.table(channel)
    view = core.board(channel).view
    out = {"game": info.game, "names": info.names,
           "english": [str(e["text"]) for e in view["events"]],
           "recent": {code: list(present(view, info.names, recent=80, lang=code).events)
                      for code in LANGS},
           "private": {}}
    for user in (1, 2):
        seat = info.seat_of(user)
        if seat is not None:
            mine = core.private_view(channel, user)
            out["private"][str(seat)] = {
                "english": [str(e["text"]) for e in mine["events"]],
                "recent": {code: list(present(mine, info.names, recent=80, lang=code).events)
                           for code in LANGS}}
    return out


async def main(folder: str) -> None:
    db = os.path.join(folder, "main_games.db")
    if os.path.exists(db):
        os.remove(db)
    core = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=0))
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
    tables = {str(c): _shown(core, c) for c in GAMES}
    for c in GAMES:
        tables[str(c)]["state_json"] = core.registry.get(c).saved_json
    games = await recent_games(core.store, limit=5)
    replay = await load_replay(core.store, games[0].game_id)
    replays = {}
    for code in LANGS:
        out = io.StringIO()
        show(replay, brief=True, out=out, lang=lang_for(code))
        replays[code] = out.getvalue()
    await core.stop()
    with open(os.path.join(folder, "main_games.json"), "w", encoding="utf-8") as f:
        json.dump({"tables": tables, "replay": replays}, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
