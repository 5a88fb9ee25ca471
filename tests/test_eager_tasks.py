"""``parlour run`` starts tasks eagerly where Python can (3.12+: the standard
``asyncio.eager_task_factory``), and plainly on Python 3.11."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.cli.run import start_tasks_eagerly


def test_the_standard_eager_factory_is_set_where_python_has_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loop = asyncio.new_event_loop()
    try:
        made: list[object] = []

        def factory(loop: asyncio.AbstractEventLoop, coro, **kwargs) -> asyncio.Task:
            made.append(coro)
            return asyncio.Task(coro, loop=loop, **kwargs)

        monkeypatch.setattr(asyncio, "eager_task_factory", factory, raising=False)
        assert start_tasks_eagerly(loop) is True
        assert loop.get_task_factory() is factory

        async def three() -> int:
            return 3

        coro = three()
        assert loop.run_until_complete(loop.create_task(coro)) == 3
        assert made == [coro]   # every task of the loop is made by the factory
    finally:
        loop.close()


def test_without_eager_tasks_the_loop_is_left_as_it_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(asyncio, "eager_task_factory", raising=False)
    loop = asyncio.new_event_loop()
    try:
        assert start_tasks_eagerly(loop) is False
        assert loop.get_task_factory() is None
    finally:
        loop.close()


def test_this_python_gets_what_it_has() -> None:
    loop = asyncio.new_event_loop()
    try:
        eager = start_tasks_eagerly(loop)
        assert eager == (sys.version_info >= (3, 12))
        if eager:   # the first step runs inside create_task
            ran: list[int] = []

            async def first() -> None:
                ran.append(1)

            async def make() -> None:
                loop.create_task(first())
                assert ran == [1]
            loop.run_until_complete(make())
    finally:
        loop.close()
