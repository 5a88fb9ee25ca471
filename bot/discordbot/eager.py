"""An interaction's handler starts in the turn of the event loop that read it.

discord.py hands each interaction to a new task (``Client._schedule_event``, and the
command tree's ``_from_interaction`` for commands and autocomplete), and a new task's
first step runs in the loop's *next* turn, after everything that became ready
meanwhile.  Under load a turn was 5-7 ms at the median and tens of ms at the tail
(2,000 busy tables: 7.6 ms p50, 36 ms p99 from an interaction's creation to its
handler), and every answer paid it before any of its own work.

``start`` runs the handler's first step at once (up to its first real wait: the panel
drawn, the hand picture asked for, a ``/play`` answered), as Python 3.12's eager tasks
do, then leaves the rest to an ordinary task.  As there, the step runs as that task:
``asyncio.current_task()`` is the new task (aiohttp's timeouts cancel it), and in a
context of its own (a context variable it sets stays with it).  At 2,000 busy tables
the answers' p99 went from 64.7 to 28.4-31.6 ms, and at 500 tables on one core the
bot kept up with every move (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine, Generator
from typing import Any


def start(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], *,
          name: str | None = None) -> asyncio.Task[Any]:
    """A task running ``coro``, whose first step has run when this returns."""
    context = contextvars.copy_context()
    rest = _Rest(coro)
    task = loop.create_task(rest.run(), name=name, context=context)
    task.add_done_callback(rest.ended)
    caller = asyncio.current_task(loop)   # left just now: it is the current one
    if caller is not None:
        asyncio.tasks._leave_task(loop, caller)
    try:
        asyncio.tasks._enter_task(loop, task)
    except RuntimeError:   # the loop's task bookkeeping is not as expected: no eager step
        if caller is not None:
            asyncio.tasks._enter_task(loop, caller)
        rest.fresh = True
        return task
    try:
        rest.step(context)
    finally:
        asyncio.tasks._leave_task(loop, task)
        if caller is not None:
            asyncio.tasks._enter_task(loop, caller)
    if isinstance(rest.outcome, (KeyboardInterrupt, SystemExit)):
        raise rest.outcome   # as the loop would: these stop the program, not the task
    return task


class _Rest:
    """The coroutine after its first step: what the task goes on with."""

    def __init__(self, coro: Coroutine[Any, Any, Any]) -> None:
        self.coro = coro
        self.fresh = False           # no eager step was made: the task runs it all
        self.finished = False        # the first step returned (or raised)
        self.outcome: Any = None     # what it waits on, returned, or raised
        self.handed = False          # the task drives the coroutine on

    def step(self, context: contextvars.Context) -> None:
        try:
            self.outcome = context.run(self.coro.send, None)
        except StopIteration as stop:
            self.finished, self.outcome = True, stop.value
        except BaseException as e:   # the task raises it
            self.finished, self.outcome = True, e

    async def run(self) -> Any:
        self.handed = True
        if self.fresh:
            return await self.coro
        if self.finished:
            if isinstance(self.outcome, BaseException):
                raise self.outcome
            return self.outcome
        return await _Continue(self.coro, self.outcome)

    def ended(self, task: asyncio.Task[Any]) -> None:
        """A task cancelled before its first turn (the bot closing) never drove the
        coroutine on: close it now, so its ``finally`` blocks run."""
        if not self.handed and not self.finished:
            self.coro.close()


class _Continue:
    """Awaiting this hands the task what the coroutine waits on, then drives it on: a
    coroutine's awaits talk to its task through these yields."""

    def __init__(self, coro: Coroutine[Any, Any, Any], waiting_on: Any) -> None:
        self.coro, self.waiting_on = coro, waiting_on

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, value = self.coro, self.waiting_on
        while True:
            try:
                sent = yield value
            except BaseException as e:   # thrown in by the task (cancelled): passed on
                try:
                    value = coro.throw(e)
                except StopIteration as stop:
                    return stop.value
                continue
            try:
                value = coro.send(sent)
            except StopIteration as stop:
                return stop.value
