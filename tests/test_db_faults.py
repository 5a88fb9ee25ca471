"""The table core when PostgreSQL is not there for a while, and when another process
commits while this one is not listening.

Two ``Core`` objects on one database stand for two bot processes.  The outage tests run
their own server (``own_pg_server``) and stop and start it (``pause``/``resume``); every
wait is a hang guard bounded by a timeout, never a timing assertion.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.core import BoardChanged, Core, CoreConfig, ManualClock, TableError
from bot.core.errors import NOT_SAVED
from bot.core.store_pg import PostgresStore
from tests.pgserver import PgServer
from tests.test_core_helpers import BOB, CAROL, HOST, config, make_table

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


def _config(db: str, **kw) -> CoreConfig:
    """A core on the test's own server (not the run's shared one)."""
    return CoreConfig(**{"db_path": db, "ai_executor": "inline", "ai_delay": 0.0,
                         "ai_time_budget": None, **kw})


async def _until(predicate, what: str, timeout: float = 30) -> None:
    """Wait for something another task or process does (a hang guard)."""
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.02)
    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None


async def _move_on(core: Core, channel: int) -> int:
    """The player to move makes their first legal move; the new move number."""
    info = core.table(channel)
    assert info is not None
    user = info.seats[info.current_seat].user_id
    result = await core.act(channel, user, core.legal_actions(channel, user)[0],
                            expect_move=info.move)
    return result.move


def _to_move(core: Core, channel: int):
    info = core.table(channel)
    assert info is not None and info.current_seat is not None
    return info.seats[info.current_seat]


async def _stored_moves(core: Core, table_id: int) -> list[int]:
    return [r["move"] for r in await core.store.load_actions(table_id)]


class _CommitWhileLoading(PostgresStore):
    """A store whose table loading lets another process commit right after the tables
    were read: the moment a restarting process is most likely to miss a commit."""

    meanwhile = None

    async def load_active_tables(self):
        rows = await super().load_active_tables()
        if self.meanwhile is not None:
            await self.meanwhile()
        return rows


async def test_a_restarted_process_first_shows_the_latest_move(tmp_path) -> None:
    cfg = config(tmp_path / "shared.db")
    owner = Core(cfg, clock=ManualClock())
    await owner.start()
    other = Core(cfg, clock=ManualClock())
    try:
        info = await make_table(owner, "coins", humans=[HOST, BOB, CAROL], channel=5, guild=7)
        await other.start()
        await _move_on(owner, 5)
        await owner.stop()  # the owner goes away (a restart)

        store = _CommitWhileLoading(cfg.db_path)
        made: list[int] = []

        async def commit_elsewhere() -> None:  # another process moves meanwhile
            await _until(lambda: other.table(5).move == 1, "the other process saw move 1")
            made.append(await _move_on(other, 5))
        store.meanwhile = commit_elsewhere
        owner = Core(cfg, clock=ManualClock(), store=store)
        sub = owner.subscribe()
        await owner.start()
        await owner.settle()
        assert made == [2]
        boards = [u for u in sub.drain() if isinstance(u, BoardChanged)]
        assert [b.table.move for b in boards][:1] == [2], "the first board was an older move"
        assert owner.table(5).move == 2 and owner.public_view(5) == other.public_view(5)
        assert await _stored_moves(owner, info.table_id) == [1, 2]
    finally:
        await owner.stop()
        await other.stop()


async def test_commits_made_while_the_database_restarted_reach_the_other_process(
        own_pg_server: PgServer, tmp_path) -> None:
    db = own_pg_server.create_database()
    cfg = _config(db)
    owner, other = Core(cfg, clock=ManualClock()), Core(cfg, clock=ManualClock())
    await owner.start()
    try:
        info = await make_table(owner, "coins", humans=[HOST, BOB, CAROL], channel=5, guild=7)
        await other.start()
        own_pg_server.pause()
        own_pg_server.resume()
        # The other process moves as soon as the server is back, maybe before this one
        # listens again: its NOTIFY may be lost, the move must not be.  (Its pooled
        # connection, closed by the restart, is replaced before the move is made.)
        moved = await _move_on(other, 5)
        assert moved == 1
        await _until(lambda: owner.table(5).move == 1, "the owner caught up with move 1")
        assert owner.public_view(5) == other.public_view(5)
        # And it hears the next commits as before.
        await _move_on(other, 5)
        await _until(lambda: owner.table(5).move == 2, "the owner heard move 2")
        assert await _stored_moves(owner, info.table_id) == [1, 2]
    finally:
        await owner.stop()
        await other.stop()


async def test_during_an_outage_a_move_is_refused_and_an_ai_move_waits(
        own_pg_server: PgServer, tmp_path) -> None:
    db = own_pg_server.create_database()
    clock = ManualClock()
    core = Core(_config(db, ai_delay=1.0), clock=clock)
    await core.start()
    try:
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"], channel=5)
        assert info.seats[info.current_seat].kind == "human"
        view = core.public_view(5)

        own_pg_server.pause()
        with pytest.raises(TableError) as refused:  # a person is told, nothing changes
            await _move_on(core, 5)
        assert str(refused.value) == NOT_SAVED
        assert core.table(5).move == 0 and core.public_view(5) == view
        own_pg_server.resume()
        # Taken at once: a pooled connection the restart closed is replaced first.
        acked = [await _move_on(core, 5)]
        while _to_move(core, 5).kind == "human":   # up to the AI seat's turn
            acked.append(await _move_on(core, 5))
        assert acked == list(range(1, len(acked) + 1))
        before = len(acked)

        own_pg_server.pause()
        await clock.advance(1.0)   # the AI's move cannot be saved now
        assert core.table(5).move == before
        own_pg_server.resume()
        for _ in range(20):        # it is tried again until the database takes it
            await clock.advance(2.0)
            if core.table(5).move > before:
                break
            await asyncio.sleep(0.2)
        assert core.table(5).move == before + 1, "the AI seat never moved after the outage"
        assert await _stored_moves(core, info.table_id) == list(range(1, before + 2))
    finally:
        await core.stop()

