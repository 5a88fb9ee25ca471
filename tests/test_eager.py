"""eager.start: an interaction's handler starts in the turn that read it."""

from __future__ import annotations

import asyncio
import contextvars

import pytest

from bot.discordbot import eager

seen: contextvars.ContextVar[str] = contextvars.ContextVar("seen", default="unset")


async def test_the_first_step_runs_at_once_as_the_new_task_and_the_rest_as_a_task() -> None:
    loop = asyncio.get_running_loop()
    caller = asyncio.current_task()
    steps: list[object] = []
    go_on: asyncio.Future[int] = loop.create_future()

    async def handler() -> str:
        steps.append(asyncio.current_task())
        seen.set("handler")
        steps.append(await go_on)
        steps.append((asyncio.current_task(), seen.get()))
        return "answered"

    task = eager.start(loop, handler(), name="handler")
    assert steps == [task]                            # ran before start() returned
    assert asyncio.current_task() is caller           # the caller is current again
    assert seen.get() == "unset"                      # its context variable stayed with it
    go_on.set_result(7)
    assert await task == "answered"
    assert steps == [task, 7, (task, "handler")]


async def test_a_handler_done_in_its_first_step_or_failing_reports_through_its_task() -> None:
    loop = asyncio.get_running_loop()

    async def quick() -> int:
        return 3

    async def failing() -> None:
        raise ValueError("bad click")

    assert await eager.start(loop, quick()) == 3
    task = eager.start(loop, failing())
    with pytest.raises(ValueError, match="bad click"):
        await task


async def test_a_handler_fails_later_or_is_cancelled_through_its_task() -> None:
    loop = asyncio.get_running_loop()
    gate: asyncio.Future[None] = loop.create_future()
    cleaned: list[str] = []

    async def later() -> None:
        await asyncio.sleep(0)
        raise KeyError("later")

    async def waits() -> None:
        try:
            await gate
        finally:
            cleaned.append("finally")

    with pytest.raises(KeyError):
        await eager.start(loop, later())
    task = eager.start(loop, waits())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned == ["finally"] and gate.cancelled()


async def test_timeouts_inside_the_first_step_cancel_the_handler_not_its_caller() -> None:
    """aiohttp's and asyncio's timeouts cancel ``current_task()``: during the eager step
    that is the handler's task."""
    loop = asyncio.get_running_loop()

    async def slow() -> str:
        try:
            async with asyncio.timeout(0.01):
                await asyncio.sleep(5)
        except TimeoutError:
            return "timed out"
        return "not reached"

    task = eager.start(loop, slow())
    assert await asyncio.wait_for(task, 5) == "timed out"
    assert not asyncio.current_task().cancelling()


async def test_many_handlers_started_from_one_task_interleave_as_tasks() -> None:
    loop = asyncio.get_running_loop()
    order: list[str] = []

    async def handler(n: int) -> int:
        order.append(f"start {n}")
        await asyncio.sleep(0)
        order.append(f"end {n}")
        return n

    tasks = [eager.start(loop, handler(n)) for n in range(3)]
    assert order == ["start 0", "start 1", "start 2"]
    assert await asyncio.gather(*tasks) == [0, 1, 2]
    assert sorted(order[3:]) == ["end 0", "end 1", "end 2"]


async def test_a_task_cancelled_before_its_first_turn_closes_the_handler() -> None:
    """The bot closing cancels every task, some before their first turn: the handler's
    ``finally`` still runs, then."""
    loop = asyncio.get_running_loop()
    cleaned: list[str] = []

    async def waits() -> None:
        try:
            await loop.create_future()
        finally:
            cleaned.append("finally")

    task = eager.start(loop, waits())
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned == ["finally"]
