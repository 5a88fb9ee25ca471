"""Where pictures are drawn: board pictures and hand DMs (nobody waits on them), and
the hand pictures of panels.

Under load these took a quarter of the bot's CPU.  In a thread of the bot's process
they competed for the GIL with the event loop that answers interactions, and a move's
answer waited behind a board picture.  By default they are drawn in a worker process
of their own that runs only when a core has nothing else to run (Linux's SCHED_IDLE;
nice +10 where that is not to be had): it uses a second core when there is one, and
the kernel runs the event loop, the panel worker and anything else first, so
interactions keep their pace and the boards take what is left (a board waiting for its
picture stays one pending edit, whatever the number of moves meanwhile).  At nice +10
the worker still took a tenth of a contended core, and a core running it did not
count as free to the kernel when an answer's process woke: at 2,000 busy tables, with
both cores full, the answers' p99 came under 50 ms more often with SCHED_IDLE
in load runs, while the boards, held to Discord's request budget, kept the
same pace.

A process only pays on more than one core: with one core, pickling the updates and
the pictures and a second copy of the card faces cost more than the GIL did (a load
run at 500 tables on one core: board lag p50 7.0 s in a process at nice +4, 6.3 s in a
thread).  So ``kind="auto"`` (what ``parlour run`` uses) takes a process when this one
may run on two cores or more, and a thread otherwise; the in-process test harness
uses a thread, so that each of its many bots does not start a process.

Panel pictures (the hand picture of an interaction's answer or a panel's refresh) are
on an answer's path, so they get a worker process of their own at the bot's priority:
behind the board pictures they would wait, and on the event loop they took a third of
its time in a 500-table load run.  With a thread painter they are drawn on the event
loop as before: on one core a hand-off to a thread only adds the wait for the GIL.
Until that worker has drawn its card faces a panel goes without its picture
(``panel`` returns None) - it is complete without it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import replace
from typing import Any, TypeVar

from ... import plugins
from ...core import BoardView, GameOver
from ...core.workers import LoopWorker, WorkerStopped, load_games
from ...i18n import lang_for
from ...present import Scene, art
from ...present.art import Picture
from ...present.art.canvas import Layout
from ..config import PICTURE_WORKERS
from ..ui import board

log = logging.getLogger("parlour.discord")

NICE = 10   # the board worker's CPU priority below the bot's where SCHED_IDLE is refused
REFRESHES_AT_ONCE = 2   # panel refreshes at the panel worker at a time (see ``panel``)
T = TypeVar("T")


def _start_worker(background: bool, games: tuple[str, ...] = ()) -> None:
    if background:
        _run_when_idle()
    load_games(games)
    art.warm_up()


def _run_when_idle() -> None:
    """Give this process the CPU only when nothing else wants it (SCHED_IDLE: a normal
    process that wakes takes the core at once), or failing that a lower priority."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return
    except (AttributeError, OSError):   # not Linux, or refused here
        pass
    try:
        os.nice(NICE)
    except OSError:   # not allowed here: same priority, still off the event loop's thread
        pass


def _warm() -> None:
    """A first job: done once the worker has warmed up."""


def _table(update: BoardView | GameOver, lang: str) -> Picture:
    return _bare(board.picture_of(update, lang_for(lang)))


def _hand(scene: Scene, names: Sequence[str]) -> Picture:
    return _bare(art.hand_picture(scene, names))


def _bare(picture: Picture) -> Picture:
    """Without its layout (where each card went, for tests of the drawing): a message
    needs only the file, and the layout's hundreds of boxes cost the event loop's process
    time to unpickle."""
    return replace(picture, layout=Layout())


def cores() -> int:
    """How many cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class Painter:
    def __init__(self, kind: str = "auto") -> None:
        if kind not in PICTURE_WORKERS:
            raise ValueError(f"picture worker: one of {', '.join(PICTURE_WORKERS)}, "
                             f"not {kind!r}")
        self.kind = kind if kind != "auto" else ("process" if cores() >= 2 else "thread")
        self._thread: ThreadPoolExecutor | None = None   # thread painters only
        self._boards: LoopWorker | None = None            # process painters only...
        self._panels: LoopWorker | None = None
        self._panels_ready = False
        self._refreshes = asyncio.Semaphore(REFRESHES_AT_ONCE)
        # Set once the board pictures' worker has drawn its card faces (seconds after a
        # start: a fresh process imports Pillow and draws every face at idle priority).
        self.boards_warm = asyncio.Event()
        self._warming: asyncio.Future[None] | None = None

    def start(self) -> None:
        """Start the workers, each drawing every card face now, not at the first picture
        (a thread painter's panel pictures, drawn on the event loop, wait for
        ``art.ready()``; with worker processes this process draws none).  The event loop
        must be running."""
        if self.kind == "process":
            self._board_worker()
            self._panel_worker()
        else:
            self._thread_pool()
        warm = self._run(_warm)

        async def warmed() -> None:
            try:
                await warm
            except Exception as e:   # a worker that failed to start: pictures are tried
                log.warning("the picture worker did not warm up: %r", e)   # all the same
            self.boards_warm.set()
        self._warming = asyncio.ensure_future(warmed())

    async def table(self, update: BoardView | GameOver, lang: str) -> Picture:
        """The table picture of ``update`` (a running game's, or a finished game's final
        table) in the language ``lang`` (a code)."""
        return await self._run(_table, update, lang)

    async def hand(self, scene: Scene, names: Sequence[str]) -> Picture:
        """The hand picture of a seat's own ``scene`` (for its DM)."""
        return await self._run(_hand, art.hand_only(scene), list(names))

    async def panel(self, scene: Scene, names: Sequence[str], *,
                    last: Picture | None = None, refresh: bool = False,
                    within: float | None = None) -> Picture | None:
        """The hand picture of a panel (an answer or a refresh); None while the faces are
        not drawn yet.  ``last`` (the picture the panel shows) is returned if it shows the
        same: an AI's move or a reopened panel often leaves the hand as it was, and the
        worker's round trip was half of a panel answer's time under load.

        A ``refresh`` (a live panel redrawn: nobody clicked) waits while
        ``REFRESHES_AT_ONCE`` others are at the worker, which draws in the order asked:
        an answer's picture then waits behind at most that many, not behind every
        refresh the last moves asked for.

        ``within``: raise TimeoutError if the worker has not answered in that many
        seconds (it keeps the picture it finishes: asked again, it answers at once)."""
        if last is not None and last.key and last.key == art.hand_key(scene, names):
            return last
        if self.kind != "process":
            return art.hand_picture(scene, names) if art.ready() else None
        worker = self._panel_worker()
        if not self._panels_ready:
            return None
        try:
            async with self._refreshes if refresh else nullcontext():
                return await worker.call(_hand, art.hand_only(scene), list(names),
                                         within=within)
        except WorkerStopped:
            if self._panels is worker:
                log.warning("the panel picture worker stopped; starting a new one")
                self._panel_worker()
            return None   # this panel goes without; the new worker warms up

    def close(self) -> None:
        for worker in (self._boards, self._panels):
            if worker is not None:
                worker.close()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
        self._boards = self._panels = self._thread = None

    def tables_ready(self) -> bool:
        """Whether a table picture is drawn without waiting for the worker's warm-up."""
        return self.boards_warm.is_set()

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-pictures")
            self._thread.submit(art.warm_up)
        return self._thread

    def _board_worker(self) -> LoopWorker:
        if self._boards is None or self._boards.stopped:
            self._boards = LoopWorker(_start_worker, True, plugins.loaded_modules())
            self._boards.start()
        return self._boards

    def _panel_worker(self) -> LoopWorker:
        if self._panels is None or self._panels.stopped:
            # at the bot's priority
            worker = self._panels = LoopWorker(_start_worker, False, plugins.loaded_modules())
            self._panels_ready = False

            def warmed(task: asyncio.Future[None]) -> None:
                # Read the outcome even of a worker replaced or closed meanwhile: an
                # unread WorkerStopped is logged as "never retrieved".
                failed = task.cancelled() or task.exception() is not None
                if self._panels is worker and not failed:
                    self._panels_ready = True
            asyncio.ensure_future(worker.call(_warm)).add_done_callback(warmed)
        return self._panels

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.kind != "process":
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread_pool(), fn, *args)
        worker = self._board_worker()
        try:
            return await worker.call(fn, *args)
        except WorkerStopped:
            # The worker died (killed for memory, say): start another and try once more.
            log.warning("the picture worker stopped; starting a new one")
            return await self._board_worker().call(fn, *args)
