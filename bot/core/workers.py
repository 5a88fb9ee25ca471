"""Worker processes that end with the bot.

A ``ProcessPoolExecutor`` worker waits on its call queue for the pool's stop signal,
and it holds both ends of that queue's pipe: when the bot is killed (SIGKILL, the
OOM killer) nothing ever closes it, and the worker would live on, an orphan holding
its memory (a load run left one picture worker of 80 MB per killed bot).  Every
worker the bot starts watches its parent instead and exits when it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

CHECK_EVERY = 1.0   # seconds


def exit_with_parent(parent: int) -> None:
    """For a pool's ``initializer``, with ``initargs=(os.getpid(),)`` (the bot's pid, taken
    in the bot: a bot killed while the worker was still starting has already gone when
    this runs): end this process once that parent has ended."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_EVERY)
        os._exit(0)   # the bot is gone: nobody waits for what this worker does

    threading.Thread(target=watch, name="parlour-parent-watch", daemon=True).start()


def process_pool(workers: int, init: Callable[..., None] | None = None,
                 *args: Any) -> ProcessPoolExecutor:
    """A pool of worker processes that end with the bot; each runs ``init(*args)`` (a
    module-level function: it travels by name) once it has started."""
    # spawn: forking a process that has sqlite and executor threads is unsafe.
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start, initargs=(os.getpid(), init, args))


def _start(bot_pid: int, init: Callable[..., None] | None, args: tuple) -> None:
    exit_with_parent(bot_pid)
    if init is not None:
        init(*args)
