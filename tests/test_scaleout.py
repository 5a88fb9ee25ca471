"""Several processes on one PostgreSQL: no double moves, timers once, ratings exact.

Two ``Core`` objects on one database stand for two bot processes holding the
same table (a click delivered to both, or a restart overlap); the rating test
runs two real OS processes.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
from collections import Counter

import pytest

from bot.core import BoardChanged, Core, GameOver, ManualClock, StaleMove, Strike, TableError
from tests.backends import db_for
from tests.test_core_helpers import BOB, HOST, config, make_table

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


async def _two_cores(tmp_path, clock_a: ManualClock, clock_b: ManualClock,
                     **kw) -> tuple[Core, Core]:
    a = Core(config(tmp_path / "shared.db", **kw), clock=clock_a)
    await a.start()
    return a, Core(config(tmp_path / "shared.db", **kw), clock=clock_b)


async def _actions(core: Core, table_id: int) -> list[tuple]:
    return [(r["move"], r["seat"], r["actor"], r["action"])
            for r in await core.store.load_actions(table_id)]


async def _until(predicate, what: str) -> None:
    """Wait for another process's notification to arrive (a hang guard, not a timing test)."""
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.01)
    try:
        await asyncio.wait_for(poll(), 30)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None


async def test_a_click_delivered_to_two_processes_moves_once(tmp_path) -> None:
    a, b = await _two_cores(tmp_path, ManualClock(), ManualClock())
    try:
        info = await make_table(a, "coins", humans=[HOST, BOB], ais=["random"], channel=5,
                                guild=7)
        await b.start()
        assert b.table(5).move == info.move
        user = info.seats[info.current_seat].user_id
        move = a.legal_actions(5, user)[0]
        # The same click reaches both processes at once: exactly one applies it.
        got = await asyncio.gather(a.act(5, user, move, expect_move=info.move),
                                   b.act(5, user, move, expect_move=info.move),
                                   return_exceptions=True)
        applied = [g for g in got if not isinstance(g, Exception)]
        refused = [g for g in got if isinstance(g, TableError)]
        assert len(applied) == 1 and len(refused) == 1 and isinstance(refused[0], StaleMove)
        assert applied[0].move == info.move + 1
        await a.settle()
        log = await _actions(a, info.table_id)
        assert [m for m, *_ in log] == list(range(1, len(log) + 1))  # no gap, no double
        assert [(m, actor) for m, _s, actor, _a in log if actor == "human"] == [
            (info.move + 1, "human")]
        # Both copies agree, whichever lost (it reloaded from the database).
        await b.settle()
        # Compared as one condition: an AI seat's move may land in one copy between a
        # check of the move numbers and a look at the views.
        await _until(lambda: a.table(5).move == b.table(5).move
                     and a.public_view(5) == b.public_view(5),
                     "both processes at the same move, with the same view")
        # The other process learns of a move made in one (NOTIFY) without any click.
        user = a.table(5).seats[a.table(5).current_seat].user_id
        before = a.table(5).move
        await a.act(5, user, a.legal_actions(5, user)[0], expect_move=before)
        await a.settle()
        await _until(lambda: b.table(5).move == a.table(5).move
                     and b.public_view(5) == a.public_view(5), "b refreshed by NOTIFY")
        assert b.table(5).move > before
    finally:
        await a.stop()
        await b.stop()


async def test_a_turn_timer_fires_once_across_processes(tmp_path) -> None:
    clock_a, clock_b = ManualClock(start=1000.0), ManualClock(start=1000.0)
    a, b = await _two_cores(tmp_path, clock_a, clock_b)
    try:
        info = await make_table(a, "coins", humans=[HOST, BOB], ais=["random"], channel=6,
                                turn_seconds=60)
        await b.start()
        strikes = a.subscribe(), b.subscribe()
        # Both processes hold the table and its timer; both clocks pass the deadline.
        await asyncio.gather(clock_a.advance(61), clock_b.advance(61))
        await a.settle()
        await b.settle()
        got = [u for sub in strikes for u in sub.drain() if isinstance(u, Strike)]
        assert len(got) == 1 and got[0].strikes == 1
        log = await _actions(a, info.table_id)
        assert [actor for _m, _s, actor, _a in log].count("timer") == 1
        assert [m for m, *_ in log] == list(range(1, len(log) + 1))
    finally:
        await a.stop()
        await b.stop()


SHARD1_GUILD = (1 << 22) * 3  # (guild >> 22) % 2 == 1


async def test_a_move_reaching_a_process_that_does_not_own_the_table(tmp_path) -> None:
    """Shard 1's process owns the table; the click reaches shard 0's (as DM components do)."""
    one = Core(config(tmp_path / "shared.db", shard_count=2, shards=(1,)), clock=ManualClock())
    zero = Core(config(tmp_path / "shared.db", shard_count=2, shards=(0,)), clock=ManualClock())
    await one.start()
    try:
        assert one.owns(SHARD1_GUILD) and not zero.owns(SHARD1_GUILD) and zero.owns(None)
        info = await make_table(one, "coins", humans=[HOST, BOB], ais=["random"], channel=8,
                                guild=SHARD1_GUILD, turn_seconds=60)
        assert await zero.start() == []  # shard 0 does not take shard 1's tables
        seen = zero.subscribe()
        owner_sees = one.subscribe()
        assert (await zero.fetch_table(8)).move == info.move
        user = info.seats[info.current_seat].user_id
        result = await zero.act(8, user, zero.legal_actions(8, user)[0], expect_move=info.move)
        assert result.move == info.move + 1
        # The owner learns of it, shows the board and runs the next turn's timers.
        await _until(lambda: one.table(8).move >= result.move, "the owner reloaded the table")
        await one.settle()
        assert any(isinstance(u, BoardChanged) for u in owner_sees.drain())
        assert one.table(8).deadline is not None and one.clock.pending()
        # The other process shows nothing and runs no timer for a table it does not own.
        assert seen.drain() == [] and zero.clock.pending() == []
        # Played to the end from shard 0 (the owner plays the AI seat): the owner announces
        # the result.
        def human_to_move() -> bool:
            t = zero.table(8)
            return t is None or t.seats[t.current_seat].ai_level is None
        while True:
            await _until(human_to_move, "the owner played its AI seat")
            if (held := zero.table(8)) is None:
                break
            user = held.seats[held.current_seat].user_id
            await zero.act(8, user, zero.legal_actions(8, user)[0], expect_move=held.move)
        await _until(lambda: one.table(8) is None, "the owner saw the end")
        await one.settle()
        overs = [u for u in owner_sees.drain() if isinstance(u, GameOver)]
        assert len(overs) == 1 and overs[0].reason == "complete" and overs[0].rating_changes
        assert seen.drain() == []
    finally:
        await one.stop()
        await zero.stop()


WORKER = textwrap.dedent("""
    import asyncio, sys
    from bot.core import Store
    from bot.core.records import record_game
    from bot.core.seats import Seat

    async def main(db, first, count):
        store = Store(db)
        await store.open()
        seats = [Seat("Alice", 101), Seat("Bob", 102), Seat("Carol", 103)]
        for game_id in range(first, first + count):
            ranks = [1 + (game_id + i) % 3 for i in range(3)]
            result = {"scores": [-r for r in ranks], "ranks": ranks,
                      "winners": [i for i, r in enumerate(ranks) if r == 1]}
            async with store.transaction() as conn:
                await record_game(conn, table_id=game_id, game="coins", options={}, seed=1,
                                  guild_id=9, channel_id=1, seats=seats, result=result,
                                  reason="complete", moves=10, started=1.0, finished=2.0)
        await store.close()

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
""")


async def test_concurrent_rating_updates_from_two_processes_lose_nothing(tmp_path) -> None:
    db = db_for(tmp_path / "ratings.db")
    store_check = Core(config(tmp_path / "ratings.db"), clock=ManualClock())
    await store_check.start()  # creates the schema before the workers race
    per_worker = 40
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, db, str(1 + k * per_worker),
                               str(per_worker)]) for k in range(2)]
    codes = await asyncio.to_thread(lambda: [p.wait(timeout=300) for p in procs])
    try:
        assert codes == [0, 0]
        for scope in ("global", "9"):
            board = await store_check.leaderboard("coins", scope)
            assert sorted((r.user_id, r.games) for r in board) == [
                (101, 80), (102, 80), (103, 80)]
            assert sum(r.wins for r in board) == 80  # one winner a game, none lost
        games = await store_check.store.fetchall("SELECT rating_changes FROM games")
        assert len(games) == 80
        # Every game read the ratings the previous game of those players wrote: the
        # chain of before/after values has no gap (a lost update would break it).
        chain: dict[int, list[tuple[float, float]]] = {101: [], 102: [], 103: []}
        for row in await store_check.store.fetchall(
                "SELECT rating_changes FROM games ORDER BY id"):
            for c in json.loads(row[0]):
                if c["scope"] == "global":
                    chain[c["user_id"]].append((c["before"], c["after"]))
        for steps in chain.values():
            befores = Counter(b for b, _ in steps)
            afters = Counter(a for _, a in steps)
            # Each game started from another's result, except the first; each result was
            # read by another game, except the last: one unbroken chain of 80 updates.
            assert len(steps) == 80
            assert sum((befores - afters).values()) == 1
            assert sum((afters - befores).values()) == 1
    finally:
        await store_check.stop()
