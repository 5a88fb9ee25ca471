"""LoopWorker: a worker process the event loop calls over pipes, without threads."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

import pytest

from bot.core.workers import LoopWorker, WorkerStopped


def _echo(value: object) -> object:
    return value


def _fail(message: str) -> None:
    raise ValueError(message)


async def test_calls_are_answered_in_order_and_big_answers_arrive_whole() -> None:
    worker = LoopWorker()
    try:
        threads = threading.active_count()
        # Many calls at once, answers far bigger than a pipe's buffer: none may block.
        big = [bytes([n]) * 300_000 for n in range(12)]
        answers = await asyncio.gather(*(worker.call(_echo, b) for b in big))
        assert answers == big
        assert await worker.call(os.getpid) not in (os.getpid(), None)
        assert threading.active_count() == threads   # no thread of its own in the bot
    finally:
        worker.close()


async def test_an_error_in_the_call_reaches_its_caller_only() -> None:
    worker = LoopWorker()
    try:
        with pytest.raises(ValueError, match="no such card"):
            await worker.call(_fail, "no such card")
        assert await worker.call(_echo, 7) == 7
    finally:
        worker.close()


async def test_a_killed_worker_fails_the_calls_waiting_and_later_ones() -> None:
    worker = LoopWorker()
    try:
        pid = await worker.call(os.getpid)
        waiting = asyncio.ensure_future(worker.call(time.sleep, 30))
        await asyncio.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerStopped):
            await asyncio.wait_for(waiting, 20)
        assert worker.stopped
        with pytest.raises(WorkerStopped):
            await worker.call(_echo, 1)
    finally:
        worker.close()


def _slow_echo(value: object, seconds: float) -> object:
    time.sleep(seconds)
    return value


async def test_a_call_not_answered_within_its_time_raises_and_the_worker_goes_on() -> None:
    worker = LoopWorker()
    try:
        await worker.call(_echo, 0)   # started
        with pytest.raises(TimeoutError):
            await worker.call(_slow_echo, "late", 0.5, within=0.05)
        # The late answer, when it comes, is nobody's; the next call gets its own.
        assert await worker.call(_echo, "next", within=5.0) == "next"
        assert await worker.call(_slow_echo, "in time", 0.01, within=5.0) == "in time"
        assert not worker._waiting
    finally:
        worker.close()


async def test_close_stops_the_process() -> None:
    worker = LoopWorker()
    pid = await worker.call(os.getpid)
    worker.close()
    with pytest.raises(ProcessLookupError):
        for _ in range(100):   # reaped by close; bounded wait for the kernel
            os.kill(pid, 0)
            await asyncio.sleep(0.05)
