"""Tournaments in the table core: sign-up, rounds of tables, results from the stored games,
a restart in the middle of a round, and refusals (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from bot.core import Core
from bot.core.tournament.model import Result
from bot.core.tournament.state import Tournament
from bot.core.tournaments import RUNNING, TablesToOpen, TournamentRefusal
from tests.test_core_helpers import running_core

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

GUILD, CHANNEL, HOST = 900, 50, 101
ENTRANTS = [(101 + i, f"Player{i}") for i in range(6)]


async def open_waiting(core: Core, updates: list, next_channel: list[int]) -> int:
    """Open every table the core asks for, each in a new channel; return how many."""
    opened = 0
    for u in updates:
        if isinstance(u, TablesToOpen):
            for number in u.tables:
                next_channel[0] += 1
                if await core.tournaments.open_table(u.tournament.id, u.round, number,
                                                     next_channel[0]) is not None:
                    opened += 1
    await core.settle()
    return opened


async def play_all(core: Core) -> int:
    """Every human at every live table plays its first legal move until no table is left."""
    made = 0
    while core.tables():
        for info in core.tables():
            if core.table(info.channel_id) is None:
                continue
            seat = info.current_seat
            user = info.seats[seat].user_id
            if user is None or info.seats[seat].ai_level is not None:
                continue
            legal = core.legal_actions(info.channel_id, user)
            await core.act(info.channel_id, user, legal[0], expect_move=info.move)
            made += 1
        await core.settle()
    return made


async def recomputed(core: Core, tid: int) -> Tournament:
    """The tournament's standings recomputed from its stored games alone."""
    info = await core.tournaments.get(tid)
    t = Tournament.from_json(info.state.to_json())
    rows = await core.store.fetchall(
        "SELECT round, number, table_id FROM tournament_tables WHERE tournament_id = ?",
        (tid,))
    fresh = Tournament(t.game, t.fmt, t.allowed, t.seed, t.rounds_planned, t.duplicate,
                       t.preferred, list(t.entrants))
    for rnd in t.rounds:
        fresh.rounds.append(type(rnd)(rnd.number, rnd.tables, rnd.byes, rnd.deal_seed))
        for row in rows:
            if row["round"] != rnd.number:
                continue
            game = await core.store.load_game(row["table_id"])
            table = next(x for x in rnd.tables if x.number == row["number"])
            players = json.loads(game["players"])
            by_user = {str(p["user_id"]): i for i, p in enumerate(players) if p["user_id"]}
            order = [by_user[p] for p in table.players]
            order += [i for i in range(len(players)) if i not in order]
            ranks, scores = json.loads(game["ranks"]), json.loads(game["scores"])
            fresh.record(Result(table, tuple(ranks[i] for i in order),
                                tuple(float(scores[i]) for i in order)))
    return fresh


async def test_a_swiss_of_coins_runs_to_its_standings(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=2, options={"target": 10})
        for uid, name in ENTRANTS:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        channels = [1000]
        for _ in range(2):
            assert await open_waiting(core, env.updates(), channels) == 2
            await play_all(core)
        done = await core.tournaments.get(info.id)
        assert done.status == "finished" and done.state.is_over
        assert [r.points for r in done.state.standings()] == \
            [r.points for r in (await recomputed(core, info.id)).standings()]
        # Each finished table is an ordinary rated game of the guild.
        games = await core.recent_games(guild_id=GUILD, limit=10)
        assert len(games) == 4


async def test_restart_in_the_middle_of_a_round_goes_on_without_pairing_twice(tmp_path
                                                                             ) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=2, options={"target": 10})
        for uid, name in ENTRANTS:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        # Only the first table of round one is opened before the "crash".
        [ask] = [u for u in env.updates() if isinstance(u, TablesToOpen)]
        await core.tournaments.open_table(info.id, ask.round, ask.tables[0], 2001)
        await core.settle()
        paired = (await core.tournaments.get(info.id)).state.rounds
    async with running_core(tmp_path) as env:
        core = env.core
        asks = [u for u in env.updates() if isinstance(u, TablesToOpen)]
        assert [(a.round, a.tables) for a in asks] == [(1, (1, 2))]
        # The opened table answers None; the other opens now.
        assert await core.tournaments.open_table(info.id, 1, 1, 2001) is None
        assert await core.tournaments.open_table(info.id, 1, 2, 2002) is not None
        again = (await core.tournaments.get(info.id)).state.rounds
        assert [r.tables for r in again] == [r.tables for r in paired]
        await core.settle()
        await play_all(core)
        channels = [3000]
        assert await open_waiting(core, env.updates(), channels) == 2
        await play_all(core)
        assert (await core.tournaments.get(info.id)).status == "finished"


async def test_a_result_that_ended_while_the_bot_was_down_is_recorded_on_restart(tmp_path
                                                                                ) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=1, options={"target": 10})
        for uid, name in ENTRANTS[:3]:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        await open_waiting(core, env.updates(), [4000])
        core.registry.after_game.clear()   # the crash: the game ends, the result is not kept
        await play_all(core)
        assert (await core.tournaments.get(info.id)).status == RUNNING
    async with running_core(tmp_path) as env:
        assert (await env.core.tournaments.get(info.id)).status == "finished"


async def test_refusals_leave_the_tournament_unchanged(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss")
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "piquet", "swiss")
        assert e.value.key == "busy"
        await core.tournaments.join(info.id, 101, "A")
        before = (await core.tournaments.get(info.id)).state.to_json()
        for call, key in [
            (core.tournaments.join(info.id, 101, "A"), "already entered"),
            (core.tournaments.start(info.id, HOST), "too few"),
            (core.tournaments.start(info.id, 555), "not host"),
            (core.tournaments.leave(info.id, 777), "not entered"),
            (core.tournaments.cancel(info.id, 555), "not host"),
        ]:
            with pytest.raises(TournamentRefusal) as e:
                await call
            assert e.value.key == key, key
            assert str(e.value)   # a sentence for the player
        assert (await core.tournaments.get(info.id)).state.to_json() == before
        for bad, key in [({"fmt": "ladder"}, "bad format"), ({"rounds": 40}, "bad rounds"),
                         ({"table_size": 5}, "bad size"), ({"pace": "fast"}, "bad pace")]:
            kw = {"fmt": "swiss", **bad}
            fmt = kw.pop("fmt")
            with pytest.raises(TournamentRefusal) as e:
                await core.tournaments.create(GUILD, CHANNEL + 1, HOST, "Host", "coins", fmt,
                                              **kw)
            assert e.value.key == key


async def test_late_entry_withdrawal_and_cancel_mid_round(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=3, options={"target": 10})
        for uid, name in ENTRANTS:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        await open_waiting(core, env.updates(), [5000])
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.join(info.id, 999, "Late")
        assert e.value.key == "started"
        # A withdrawn player's table goes on with the AI in the seat.
        await core.tournaments.withdraw(info.id, ENTRANTS[0][0])
        seat_tables = [t for t in core.tables()
                       if any(s.user_id == ENTRANTS[0][0] for s in t.seats)]
        assert seat_tables and all(
            s.ai_level is not None for t in seat_tables for s in t.seats
            if s.user_id == ENTRANTS[0][0])
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.withdraw(info.id, ENTRANTS[0][0])
        assert e.value.key == "withdrawn"
        await core.tournaments.cancel(info.id, HOST)
        assert (await core.tournaments.get(info.id)).status == "cancelled"
        # The games in play are not lost: they finish as ordinary games.
        await play_all(core)
        assert len(await core.recent_games(guild_id=GUILD, limit=10)) == 2


async def test_duplicate_tables_of_a_round_are_dealt_the_same_cards(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "piquet", "swiss",
                                             rounds=1, duplicate=True)
        for uid, name in ENTRANTS:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        assert await open_waiting(core, env.updates(), [6000]) == 3
        views = [[core.registry.live[c].live.view(seat)["hand"] for seat in (0, 1)]
                 for c in (6001, 6002, 6003)]
        assert views[0] == views[1] == views[2]
        # Without duplicate, the tables' deals differ.
        other = await core.tournaments.create(GUILD, CHANNEL + 1, HOST, "Host", "piquet",
                                              "swiss", rounds=1)
        for uid, name in ENTRANTS:
            await core.tournaments.join(other.id, uid + 100, name)
        await core.tournaments.start(other.id, HOST)
        await open_waiting(core, env.updates(), [7000])
        hands = [core.registry.live[c].live.view(0)["hand"] for c in (7001, 7002, 7003)]
        assert len({tuple(h) for h in hands}) == 3


async def test_a_knockout_of_coins_tops_short_tables_up_with_ai_seats(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "knockout",
                                             options={"target": 10})
        for uid, name in ENTRANTS[:4]:
            await core.tournaments.join(info.id, uid, name)
        await core.tournaments.start(info.id, HOST)
        rnd = (await core.tournaments.get(info.id)).state.rounds[0]
        # Four entrants at three-player tables: the two best seeds have byes, the other two
        # play with an AI seat.
        assert len(rnd.byes) == 2 and [t.ai_seats for t in rnd.tables] == [1]
        assert await open_waiting(core, env.updates(), [8000]) == 1
        assert sum(s.user_id is None for s in core.table(8001).seats) == 1
        await play_all(core)
        assert await open_waiting(core, env.updates(), [8100]) == 1   # the final
        await play_all(core)
        done = await core.tournaments.get(info.id)
        assert done.status == "finished"
        rows = done.state.standings()
        assert rows[0].points == 2 and len(rows) == 4


async def test_check_in_window_leaves_out_who_did_not_check_in(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        start = env.clock.now() + 3600
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=1, starts_at=start, check_in=15,
                                             options={"target": 10})
        for uid, name in ENTRANTS[:5]:
            await core.tournaments.join(info.id, uid, name)
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.check_in(info.id, ENTRANTS[0][0])
        assert e.value.key == "check-in closed" and "15 minutes" in str(e.value)
        await env.clock.advance(46 * 60)   # the window opens 15 minutes before the start
        for uid, _ in ENTRANTS[:3]:
            await core.tournaments.check_in(info.id, uid)
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.check_in(info.id, 999)
        assert e.value.key == "not entered"
        await env.clock.advance(15 * 60)   # the start: by the clock
        await core.settle()
        started = await core.tournaments.get(info.id)
        assert started.status == "running"
        assert {e.id for e in started.state.entrants} == {str(u) for u, _ in ENTRANTS[:3]}
        assert [t.players for t in started.state.rounds[0].tables] and \
            not started.state.rounds[0].byes
        with pytest.raises(TournamentRefusal):
            await core.tournaments.create(GUILD, CHANNEL + 1, HOST, "Host", "coins", "swiss",
                                          check_in=10)


async def test_ai_entrants_are_paired_seated_and_scored_like_everyone(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await core.tournaments.create(GUILD, CHANNEL, HOST, "Host", "coins", "swiss",
                                             rounds=2, options={"target": 10})
        for uid, name in [*ENTRANTS, (200, "Seventh")]:   # seven people and two AIs
            await core.tournaments.join(info.id, uid, name)
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.add_ai(info.id, 555, "hard")
        assert e.value.key == "not host"
        with pytest.raises(TournamentRefusal) as e:
            await core.tournaments.add_ai(info.id, HOST, "genius")
        assert e.value.key == "bad level"
        info = await core.tournaments.add_ai(info.id, HOST, "hard", 2)
        ais = [x for x in info.state.entrants if x.id.startswith("ai:")]
        assert len(ais) == 2 and len({x.name for x in ais}) == 2
        await core.tournaments.start(info.id, HOST)
        channels = [9000]
        for _ in range(2):
            assert await open_waiting(core, env.updates(), channels) == 3
            # Each AI entrant sits at its table as an AI seat of its level, in its place.
            current = (await core.tournaments.get(info.id)).state.current
            places = await core.tournaments.places(info.id, current.number)
            for t in current.tables:
                seats = core.registry.live[places[t.number]].seats
                for p, seat in zip(t.players, seats, strict=True):
                    if p.startswith("ai:"):
                        assert seat.user_id is None and seat.ai_level == "hard"
                    else:
                        assert str(seat.user_id) == p
            await play_all(core)
        done = await core.tournaments.get(info.id)
        assert done.status == "finished"
        rows = done.state.standings()
        assert {r.entrant.id for r in rows} >= {x.id for x in ais}
        assert sum(r.points for r in rows) == pytest.approx(2 * 3 * 1.5)   # 3 tables a round
