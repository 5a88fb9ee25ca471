"""SQLite group commits run on the event loop's thread; what may block stays off it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core import store_sqlite
from bot.core.store_sqlite import SqliteStore


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(str(tmp_path / "loop.db"))
    await s.open()
    await s.write(("CREATE TABLE t_probe (k INTEGER PRIMARY KEY, thread INTEGER)", ()))
    # thread(): the id of the thread that runs the statement
    await s.conn.create_function("thread", 0, threading.get_ident)
    try:
        yield s
    finally:
        await s.close()


async def _threads(store: SqliteStore) -> dict[int, int]:
    return {r[0]: r[1] for r in await store.fetchall("SELECT k, thread FROM t_probe")}


async def test_a_group_commit_runs_on_the_event_loops_thread(store: SqliteStore) -> None:
    await asyncio.gather(*(store.write(("INSERT INTO t_probe VALUES (?, thread())", (k,)))
                           for k in range(3)))
    assert set((await _threads(store)).values()) == {threading.get_ident()}


async def test_a_write_with_nothing_queued_commits_without_a_turn_of_the_loop(
        store: SqliteStore) -> None:
    # Under load every turn of the loop a move's answer waits for costs it milliseconds.
    turned: list[bool] = []
    asyncio.get_running_loop().call_soon(turned.append, True)
    await store.write(("INSERT INTO t_probe VALUES (1, thread())", ()))
    assert turned == []
    assert (await _threads(store)) == {1: threading.get_ident()}


async def test_writes_queued_behind_a_held_lock_wait_then_commit(store: SqliteStore) -> None:
    async with store._lock:   # a multi-step transaction, say, is using the connection
        writes = [asyncio.ensure_future(store.write(
            ("INSERT INTO t_probe VALUES (?, thread())", (k,)))) for k in range(3)]
        await asyncio.sleep(0.01)
        assert not any(w.done() for w in writes)
    await asyncio.gather(*writes)
    assert set(await _threads(store)) == {0, 1, 2}


async def test_a_write_locked_out_by_another_process_waits_off_the_loop(
        store: SqliteStore) -> None:
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")   # another process holds the write lock
        write = asyncio.ensure_future(store.write(("INSERT INTO t_probe VALUES (1, thread())",
                                                   ())))
        ticks = 0
        for _ in range(20):   # the loop keeps running while the write waits
            await asyncio.sleep(0.01)
            ticks += 1
        assert ticks == 20 and not write.done()
        other.execute("COMMIT")
        await write
    finally:
        other.close()
    # It waited on the database thread, where busy_timeout applies.
    assert (await _threads(store))[1] != threading.get_ident()
    await store.write(("INSERT INTO t_probe VALUES (2, thread())", ()))
    assert (await _threads(store))[2] == threading.get_ident()   # back on the loop


async def test_the_wal_is_checkpointed_off_the_loop_after_writes(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    def in_database_file() -> set[int]:
        # immutable=1 reads the database file alone, not the WAL
        main = sqlite3.connect(f"file:{store.path}?immutable=1", uri=True)
        try:
            return {r[0] for r in main.execute("SELECT k FROM t_probe")}
        except sqlite3.OperationalError:   # the table itself is still in the WAL
            return set()
        finally:
            main.close()

    monkeypatch.setattr(store_sqlite, "CHECKPOINT_EVERY", 0.05)
    for k in range(1, 200):
        await store.write(("INSERT INTO t_probe VALUES (?, 0)", (k,)))
    # No checkpoint in a commit (wal_autocheckpoint = 0): the rows are in the WAL only.
    assert in_database_file() != set(range(1, 200))
    for _ in range(200):   # the planned checkpoint copies them into the database file
        await asyncio.sleep(0.05)
        if in_database_file() == set(range(1, 200)):
            break
    assert in_database_file() == set(range(1, 200))


async def test_writes_keep_committing_across_checkpoints(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    # A checkpoint's PRAGMA answers with a row: left unread, every later COMMIT failed
    # ("SQL statements in progress").
    monkeypatch.setattr(store_sqlite, "CHECKPOINT_EVERY", 0.01)
    for k in range(1, 40):
        await store.write(("INSERT INTO t_probe VALUES (?, 0)", (k,)))
        await store.checkpoint()
        await asyncio.sleep(0.005)
    assert set(await _threads(store)) == set(range(1, 40))


async def test_a_slow_checkpoint_holds_up_no_commit(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    # A checkpoint fsyncs, and an fsync took half a second on a busy disk: under the
    # store's lock every move's commit waited for it (answers of 1.0-1.3 s under load).
    checkpointer = store._checkpointer
    assert checkpointer is not None
    started, release = threading.Event(), threading.Event()
    real = checkpointer._run

    def slow() -> None:
        started.set()
        release.wait(30)
        real()
    monkeypatch.setattr(checkpointer, "_run", slow)
    await store.write(("INSERT INTO t_probe VALUES (0, 0)", ()))
    checkpoint = asyncio.ensure_future(store.checkpoint())
    while not started.is_set():
        await asyncio.sleep(0.01)
    writes = asyncio.ensure_future(asyncio.gather(*(
        store.write(("INSERT INTO t_probe VALUES (?, thread())", (k,))) for k in range(1, 4))))
    await asyncio.wait({writes}, timeout=20)   # not a speed limit: without it a hang
    try:
        assert writes.done() and not checkpoint.done()
        assert set(await _threads(store)) == {0, 1, 2, 3}   # a read goes on too
    finally:
        release.set()
        await checkpoint
        await writes


async def test_an_in_memory_store_has_nothing_to_checkpoint() -> None:
    s = SqliteStore(":memory:")
    await s.open()
    try:
        assert s._checkpointer is None
        await s.write(("CREATE TABLE t_probe (k INTEGER PRIMARY KEY)", ()))
        await s.checkpoint()
        assert await s.fetchall("SELECT k FROM t_probe") == []
    finally:
        await s.close()


async def test_a_commit_on_the_loop_sets_no_pragma(store: SqliteStore) -> None:
    # The connection's busy timeout stays 0; toggling it around each commit was 1% of
    # the loop's time at 2,000 tables.
    statements: list[str] = []
    store.conn._conn.set_trace_callback(statements.append)
    try:
        await store.write(("INSERT INTO t_probe VALUES (1, thread())", ()))
    finally:
        store.conn._conn.set_trace_callback(None)
    assert statements and not [s for s in statements if "PRAGMA" in s.upper()], statements
    assert (await _threads(store)) == {1: threading.get_ident()}


async def test_a_transaction_locked_out_by_another_process_waits_then_commits(
        store: SqliteStore) -> None:
    other = sqlite3.connect(store.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")   # another process holds the write lock

        async def insert() -> None:
            async with store.transaction() as conn:
                await conn.execute("INSERT INTO t_probe VALUES (7, 0)")

        done = asyncio.ensure_future(insert())
        await asyncio.sleep(0.2)
        assert not done.done()   # waiting for the lock (busy_timeout), not failed at once
        other.execute("COMMIT")
        await done
    finally:
        other.close()
    assert 7 in await _threads(store)
    # and the loop's commits are back to not waiting
    cursor = store.conn._conn.execute("PRAGMA busy_timeout")
    assert cursor.fetchone()[0] == 0
    cursor.close()
