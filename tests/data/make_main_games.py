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

Since issue 46 also: user 1's daily attempt at every game with a daily, a few moves in,
with the custom ids a556011 gave its controls (the daily's place number and a move
button: its game's place in that build's registration order); a Swiss tournament of
Coins (users 1 and 2 and an AI) in its first round, its table (channel 20) a few moves
in; and the finished Coins game's review for Alice, with its headline in en/pl/ru.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys

from bot.discordbot.daily import key as daily_key

from bot.cli.replay import show
from bot.core import Core, CoreConfig
from bot.core.daily_rules import daily_rules
from bot.core.leaderboard import recent_games
from bot.core.replay import load_replay
from bot.discordbot import ids
from bot.i18n import lang_for
from bot.present import present
from bot.present.coach import review_head
from bot.present.tournament import headline

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
    review = await core.reviews.request(games[0].game_id, 0)
    review = await core.reviews.wait(games[0].game_id, 0)
    reviewed = {"game_id": games[0].game_id, "seat": 0, "judged": review.judged,
                "decisions": len(review.decisions),
                "head": {code: review_head(review, "Alice", "coins", lang_for(code))
                         for code in LANGS}}
    dailies = {}
    for game in daily_rules():
        attempt = await core.daily.start(game, 1, "Alice")
        for _ in range(3):
            if attempt.finished:
                break
            attempt = await core.daily.act(game, 1, attempt.legal_actions()[0],
                                           expect_move=attempt.moves)
        number = daily_key(game, attempt.day)
        dailies[game] = {"day": attempt.day, "moves": attempt.moves, "number": number,
                         "button": ids.do(number, attempt.moves, attempt.legal_actions()[0]),
                         "action": attempt.legal_actions()[0],
                         "english": [str(e["text"]) for e in attempt.view()["events"]]}
    tour = await core.tournaments.create(1, 19, 1, "Alice", "coins", "swiss", rounds=2,
                                         options={"target": 10})
    await core.tournaments.join(tour.id, 1, "Alice")
    await core.tournaments.join(tour.id, 2, "Bob")
    await core.tournaments.add_ai(tour.id, 1, "random")
    await core.tournaments.start(tour.id, 1)
    await core.tournaments.open_table(tour.id, 1, 1, 20)
    await _play(core, 20, 6)
    await core.settle()
    tour = await core.tournaments.get(tour.id)
    tournament = {"tournament_id": tour.id, "channel": 20,
                  "status": tour.status, "table": _shown(core, 20),
                  "headline": {code: headline(tour, lang_for(code)) for code in LANGS}}
    replays = {}
    for code in LANGS:
        out = io.StringIO()
        show(replay, brief=True, out=out, lang=lang_for(code))
        replays[code] = out.getvalue()
    await core.stop()
    with open(os.path.join(folder, "main_games.json"), "w", encoding="utf-8") as f:
        json.dump({"tables": tables, "replay": replays, "review": reviewed, "daily": dailies,
                   "tournament": tournament}, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
