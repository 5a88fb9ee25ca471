"""Worker processes that end with the bot.

A ``ProcessPoolExecutor`` worker waits on its call queue for the pool's stop signal,
and it holds both ends of that queue's pipe: when the bot is killed (SIGKILL, the
OOM killer) nothing ever closes it, and the worker would live on, an orphan holding
its memory (a load run left one picture worker of 80 MB per killed bot).  Every
pool worker the bot starts watches its parent instead and exits when it is gone.

A ``LoopWorker`` (the picture workers) is called from the event loop over two pipes
of its own.  A pool's call passes through two threads of the bot (the pool's
manager and its queue's feeder), and each hand-off waits for the GIL while the event
loop holds it: under load a panel's hand picture waited tens of milliseconds for
those hand-offs alone.  The loop writes the call to one pipe and reads the answer
from the other as it reads a socket.  Only the bot holds the call pipe's writing
end, so a worker reads the end of it when the bot is gone, killed or not, and exits.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection
from typing import Any, TypeVar

CHECK_EVERY = 1.0   # seconds
T = TypeVar("T")


def exit_with_parent(parent: int) -> None:
    """For a pool's ``initializer``, with ``initargs=(os.getpid(),)`` (the bot's pid, taken
    in the bot: a bot killed while the worker was still starting has already gone when
    this runs): end this process once that parent has ended."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_EVERY)
        os._exit(0)   # the bot is gone: nobody waits for what this worker does

    threading.Thread(target=watch, name="parlour-parent-watch", daemon=True).start()


def load_games(modules: tuple[str, ...]) -> None:
    """In a worker: load the games the bot loaded by module (``plugins.loaded_modules``),
    so a game plugged in at run time is known here too (a spawned process starts
    with only the built-in ones and ``PARLOUR_GAMES``'s)."""
    from .. import plugins

    plugins.load_all(modules)


def _start_pool_worker(parent: int, games: tuple[str, ...], nice: int = 0) -> None:
    exit_with_parent(parent)
    start_background_worker(games, nice)


def start_background_worker(games: tuple[str, ...], nice: int = 0) -> None:
    """A worker's start (a ``LoopWorker``'s ``init``): at ``nice`` lower CPU priority, with
    the bot's games loaded."""
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    load_games(games)


def process_pool(workers: int, nice: int = 0) -> ProcessPoolExecutor:
    """A pool of worker processes that end with the bot (the AI's); ``nice``: at that
    lower CPU priority (background work: accuracy and luck)."""
    from .. import plugins

    # spawn: forking a process that has sqlite and executor threads is unsafe.
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_pool_worker,
                               initargs=(os.getpid(), plugins.loaded_modules(), nice))


class WorkerStopped(Exception):
    """The worker process ended (killed, say) before it answered."""


def _too_late(answer: asyncio.Future) -> None:
    if not answer.done():
        answer.set_exception(TimeoutError())


class LoopWorker:
    """One worker process the event loop calls over pipes: ``await call(fn, *args)``
    runs ``fn(*args)`` there (a module-level function and picklable arguments), one call
    at a time in the order made.  Once the process has ended (``stopped``), every call
    waiting and every later call fails with WorkerStopped: its owner starts another."""

    def __init__(self, init: Callable[..., None] | None = None, *args: Any) -> None:
        self._init, self._args = init, args
        self._process: Any = None   # a spawn context's Process
        self._connected: asyncio.Task[asyncio.WriteTransport] | None = None
        self._reader: asyncio.ReadTransport | None = None
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._ids = itertools.count()
        self.stopped = False

    def start(self) -> None:
        """Start the process now (the event loop must run), not at the first call."""
        if self._process is not None:
            return
        ctx = multiprocessing.get_context("spawn")   # see process_pool
        calls_out, calls_in = ctx.Pipe(duplex=False)
        answers_out, answers_in = ctx.Pipe(duplex=False)
        self._process = ctx.Process(target=_serve, args=(calls_out, answers_in, self._init,
                                                         self._args),
                                    name="parlour-worker", daemon=True)
        self._process.start()
        calls_out.close()
        answers_in.close()
        _widen(answers_out)
        self._connected = asyncio.ensure_future(self._connect(calls_in, answers_out))

    async def _connect(self, calls: Connection, answers: Connection
                       ) -> asyncio.WriteTransport:
        loop = asyncio.get_running_loop()
        # The transports own these descriptors from here (non-blocking, closed with them).
        writer, _ = await loop.connect_write_pipe(asyncio.Protocol, _own_file(calls, "wb"))
        reader, _ = await loop.connect_read_pipe(lambda: _Answers(self),
                                                 _own_file(answers, "rb"))
        self._reader = reader
        return writer

    async def call(self, fn: Callable[..., T], *args: Any, within: float | None = None) -> T:
        """``fn(*args)`` in the worker; ``within`` s at most, then TimeoutError (the worker
        still finishes it: what it keeps, e.g. a cached picture, is there next time)."""
        self.start()
        if self._connected is None:
            raise WorkerStopped()
        writer = await self._connected
        if self.stopped:
            raise WorkerStopped()
        n = next(self._ids)
        body = pickle.dumps((n, fn, args), pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        self._waiting[n] = answer
        writer.write(len(body).to_bytes(4, "big") + body)   # buffered: never blocks
        # The timer fails the very future awaited (not wait_for's task and waiter): no
        # turn of the busy loop is added to an answer that comes in time.
        timer = None if within is None else loop.call_later(within, _too_late, answer)
        try:
            return await answer
        finally:
            self._waiting.pop(n, None)
            if timer is not None:
                timer.cancel()

    def close(self) -> None:
        """Stop the worker (what it is drawing is not waited for)."""
        self._stopped(WorkerStopped())
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(1)

    def _answered(self, n: int, ok: bool, value: Any) -> None:
        answer = self._waiting.get(n)
        if answer is not None and not answer.done():
            if ok:
                answer.set_result(value)
            else:
                answer.set_exception(value)

    def _stopped(self, error: BaseException) -> None:
        """The worker is gone (or closed): fail what waits, and every call from now on."""
        self.stopped = True
        connected, self._connected = self._connected, None
        if connected is not None:
            if connected.done() and not connected.cancelled() and connected.exception() is None:
                connected.result().close()
            else:
                connected.cancel()
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        waiting, self._waiting = self._waiting, {}
        for answer in waiting.values():
            if not answer.done():
                answer.set_exception(error)


class _Answers(asyncio.Protocol):
    """The worker's answers: a 4-byte length, then a pickle of (call id, ok, value)."""

    def __init__(self, worker: LoopWorker) -> None:
        self.worker = worker
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        while len(buffer) >= 4:
            size = int.from_bytes(buffer[:4], "big")
            if len(buffer) < 4 + size:
                break
            n, ok, value = pickle.loads(buffer[4:4 + size])
            del buffer[:4 + size]
            self.worker._answered(n, ok, value)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker._stopped(WorkerStopped())   # the process ended, or was closed


PIPE_SIZE = 1 << 20   # bytes: Linux's default ceiling for unprivileged processes


def _widen(connection: Connection) -> None:
    """Room in the answers' pipe for many pictures (Linux).  The loop reads it once per
    turn; a 64 KB pipe held three hand pictures, and the worker waited for room while
    the panels waited a second for their pictures at 2,000 busy tables."""
    try:
        import fcntl
        fcntl.fcntl(connection.fileno(), fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (ImportError, AttributeError, OSError):   # not Linux, or a lower ceiling
        pass


def _own_file(connection: Connection, mode: str) -> Any:
    """A file on the connection's pipe, which the connection no longer holds."""
    fd = os.dup(connection.fileno())
    connection.close()
    return open(fd, mode, buffering=0)  # noqa: SIM115 - a transport closes it


def _serve(calls: Connection, answers: Connection, init: Callable[..., None] | None,
           args: tuple) -> None:
    """The worker: answer calls until the bot closes its end (or is gone)."""
    if init is not None:
        init(*args)
    into, out = calls.fileno(), answers.fileno()
    while True:
        head = _read(into, 4)
        if head is None:
            return   # the bot closed the pipe: it stopped, or was killed
        body = _read(into, int.from_bytes(head, "big"))
        if body is None:
            return
        n, fn, call_args = pickle.loads(body)
        try:
            answer = pickle.dumps((n, True, fn(*call_args)), pickle.HIGHEST_PROTOCOL)
        except Exception as e:   # the call's error goes back to its caller
            try:
                answer = pickle.dumps((n, False, e), pickle.HIGHEST_PROTOCOL)
            except Exception:
                answer = pickle.dumps((n, False, RuntimeError(repr(e))))
        try:
            _write(out, len(answer).to_bytes(4, "big") + answer)
        except BrokenPipeError:
            return   # the bot went while this was drawn: nobody to answer


def _read(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, left)
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
