"""The painter: board and DM pictures drawn off the event loop, by default in a worker
process at a lower CPU priority, panel pictures in a worker of their own; a worker that
dies is replaced."""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from bot.discordbot.services.painter import NICE, REFRESHES_AT_ONCE, Painter, _run_when_idle
from bot.present import art
from bot.present.art import hand_picture
from bot.present.art.positions import positions, scene_of


def a_hand_scene():
    state = next(s for s in positions("coins", 10, seed=3) if not s.is_over)
    return scene_of(state, state.current_seat)


async def test_the_worker_process_draws_what_the_thread_draws_at_a_lower_priority() -> None:
    scene = a_hand_scene()
    names = [s.name for s in scene.seats]
    process, thread = Painter("process"), Painter("thread")
    try:
        drawn = await process.hand(scene, names)
        assert drawn.png == (await thread.hand(scene, names)).png == \
            hand_picture(scene, names).png
        board = process._board_worker()
        if hasattr(os, "SCHED_IDLE"):   # Linux: only when a core has nothing else to run
            assert await board.call(os.sched_getscheduler, 0) == os.SCHED_IDLE
        else:
            assert await board.call(os.nice, 0) >= min(os.nice(0) + NICE, 19)
    finally:
        process.close()
        thread.close()


def _refused_idle_then_nice() -> int:
    """In a child process: SCHED_IDLE refused, the board worker's start lowers the nice."""
    def refuse(*args: object) -> None:
        raise PermissionError("not allowed here")
    os.sched_setscheduler = refuse   # type: ignore[assignment]
    _run_when_idle()
    return os.nice(0)


def test_where_sched_idle_is_refused_the_board_worker_runs_at_nice_plus_10() -> None:
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        assert pool.submit(_refused_idle_then_nice).result(timeout=60) >= \
            min(os.nice(0) + NICE, 19)


async def test_a_dead_worker_is_replaced_and_the_picture_still_drawn() -> None:
    scene = a_hand_scene()
    names = [s.name for s in scene.seats]
    painter = Painter("process")
    try:
        pid = await painter._board_worker().call(os.getpid)
        os.kill(pid, signal.SIGKILL)   # the kernel's OOM killer, say
        await asyncio.sleep(0.5)
        drawn = await painter.hand(scene, names)
        assert drawn.png == hand_picture(scene, names).png
        assert await painter._board_worker().call(os.getpid) != pid
    finally:
        painter.close()


async def draws_the_panel_picture_once_warm(painter: Painter, scene, names) -> None:
    for _ in range(600):   # 30 s at most
        if painter._panels_ready:
            break
        await asyncio.sleep(0.05)
    drawn = await painter.panel(scene, names)
    assert drawn is not None and drawn.png == hand_picture(scene, names).png


async def test_panel_pictures_come_from_their_own_worker_once_it_has_warmed_up() -> None:
    scene = a_hand_scene()
    names = [s.name for s in scene.seats]
    painter = Painter("process")
    try:
        # Before the worker has drawn its faces a panel goes without (it is complete so).
        assert await painter.panel(scene, names) is None
        await draws_the_panel_picture_once_warm(painter, scene, names)
        panel_pid = await painter._panel_worker().call(os.getpid)
        board_pid = await painter._board_worker().call(os.getpid)
        assert len({panel_pid, board_pid, os.getpid()}) == 3
        # at the bot's own priority: an answer waits for it
        assert await painter._panel_worker().call(os.nice, 0) == os.nice(0)
        if hasattr(os, "sched_getscheduler"):
            assert await painter._panel_worker().call(os.sched_getscheduler, 0) == \
                os.sched_getscheduler(0)
        os.kill(panel_pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        assert await painter.panel(scene, names) is None   # a new worker warms up
        await draws_the_panel_picture_once_warm(painter, scene, names)
    finally:
        painter.close()


async def test_a_thread_painter_draws_panel_pictures_in_place() -> None:
    scene = a_hand_scene()
    names = [s.name for s in scene.seats]
    painter = Painter("thread")
    try:
        art.warm_up()
        drawn = await painter.panel(scene, names)
        assert drawn is not None and drawn.png == hand_picture(scene, names).png
        assert painter._panels is None and painter._boards is None   # no process at all
    finally:
        painter.close()


async def test_a_panel_showing_the_same_hand_keeps_its_picture_without_a_worker_call(
        ) -> None:
    state = next(s for s in positions("coins", 10, seed=3) if not s.is_over)
    scene = scene_of(state, state.current_seat)
    names = [s.name for s in scene.seats]
    painter = Painter("process")
    try:
        painter.start()
        await draws_the_panel_picture_once_warm(painter, scene, names)
        shown = await painter.panel(scene, names)
        assert shown is not None and shown.key == art.hand_key(scene, names)
        calls = 0
        real = painter._panels.call   # type: ignore[union-attr]

        async def counted(*args, **kwargs):
            nonlocal calls
            calls += 1
            return await real(*args, **kwargs)
        painter._panels.call = counted   # type: ignore[method-assign,union-attr]
        # The same hand with other lines and events (another seat moved): the same picture.
        again = replace(scene, events=("Someone played.",), headline=())
        assert await painter.panel(again, names, last=shown) is shown
        assert calls == 0
        # Another hand: drawn afresh.
        other = next(s for s in positions("coins", 10, seed=4) if not s.is_over)
        other_scene = scene_of(other, other.current_seat)
        drawn = await painter.panel(other_scene, names, last=shown)
        assert calls == 1 and drawn is not None and drawn.digest != shown.digest
        assert drawn.png == hand_picture(other_scene, names).png
    finally:
        painter.close()


async def test_panel_refreshes_queue_at_the_worker_a_few_at_a_time_while_answers_go_in(
        ) -> None:
    """The panel worker draws in the order asked: a refresh (nobody clicked) waits while
    REFRESHES_AT_ONCE others are there, so an answer's picture is not behind them all."""
    scenes = [scene_of(s, s.current_seat)
              for s in positions("coins", 40, seed=5) if not s.is_over][:8]
    names = [s.name for s in scenes[0].seats]
    painter = Painter("process")
    release = asyncio.Event()
    at_worker: list[str] = []

    class Held:   # stands for the worker: notes each call, draws once released
        stopped = False

        async def call(self, fn, scene, names_, within=None):
            # the worker is sent the scene's hand only (art.hand_only)
            at_worker.append("refresh" if scene.hand in [s.hand for s in scenes[1:]]
                             else "answer")
            await release.wait()
            return hand_picture(scene, names_)
    painter._panels, painter._panels_ready = Held(), True   # type: ignore[assignment]
    refreshes = [asyncio.ensure_future(painter.panel(s, names, refresh=True))
                 for s in scenes[1:]]
    for _ in range(5):
        await asyncio.sleep(0)
    assert at_worker == ["refresh"] * REFRESHES_AT_ONCE
    answer = asyncio.ensure_future(painter.panel(scenes[0], names))
    for _ in range(5):
        await asyncio.sleep(0)
    assert at_worker == ["refresh"] * REFRESHES_AT_ONCE + ["answer"]
    release.set()
    drawn = await asyncio.gather(answer, *refreshes)
    assert [d.png for d in drawn] == [hand_picture(s, names).png for s in scenes[:1] + scenes[1:]]
    assert at_worker.count("refresh") == len(scenes) - 1


async def test_a_painter_closed_while_warming_up_leaves_no_unread_error() -> None:
    loop = asyncio.get_running_loop()
    reported: list[dict] = []
    loop.set_exception_handler(lambda _loop, context: reported.append(context))
    try:
        painter = Painter("process")
        painter.start()
        painter.close()   # the bot stopped at once (a bad token, say)
        await asyncio.sleep(0.2)
        gc.collect()   # an unread task exception is reported when the task goes
        await asyncio.sleep(0)
    finally:
        loop.set_exception_handler(None)
    assert reported == []


def test_an_unknown_worker_kind_is_refused() -> None:
    try:
        Painter("fibre")
    except ValueError as e:
        assert "process" in str(e)
    else:
        raise AssertionError("Painter('fibre') was accepted")


def test_auto_takes_a_process_only_with_two_cores_or_more(monkeypatch) -> None:
    import bot.discordbot.services.painter as painter
    monkeypatch.setattr(painter, "cores", lambda: 1)
    assert Painter("auto").kind == "thread"
    monkeypatch.setattr(painter, "cores", lambda: 2)
    assert Painter("auto").kind == "process"
    assert Painter("thread").kind == "thread"


def test_parlour_run_reads_the_picture_worker_from_the_environment() -> None:
    from bot.discordbot.config import BotConfig, ConfigError
    assert BotConfig.from_env({}).picture_worker == "auto"
    assert BotConfig.from_env({"PARLOUR_PICTURE_WORKER": "Thread"}).picture_worker == "thread"
    try:
        BotConfig.from_env({"PARLOUR_PICTURE_WORKER": "gpu"})
    except ConfigError as e:
        assert str(e) == ("PARLOUR_PICTURE_WORKER must be one of auto, process, thread, "
                          "not 'gpu'.")
    else:
        raise AssertionError("an unknown picture worker was accepted")


PARENT = """
import asyncio, os, sys
from bot.discordbot.services.painter import Painter

async def main():
    painter = Painter("process")
    print(await painter._board_worker().call(os.getpid), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def test_the_worker_ends_when_the_bot_is_killed() -> None:
    """A pool's worker waits for its pool's stop signal, which a killed bot never sends:
    it watches its parent instead (bot/core/workers.py)."""
    import subprocess
    import sys
    import time

    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        os.kill(worker, 0)                       # alive while the bot is
        parent.kill()
        parent.wait(10)
        # Bounded.  It checks every second, but at SCHED_IDLE a busy machine runs it seldom.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.kill(worker, signal.SIGKILL)
            raise AssertionError("the picture worker outlived its bot")
    finally:
        if parent.poll() is None:
            parent.kill()


def test_a_worker_whose_bot_died_while_it_started_ends_at_once() -> None:
    """The bot's pid is taken in the bot: a worker that finds another parent when it
    starts (its bot was killed while it imported) does not wait for anything."""
    import subprocess
    import sys
    code = ("import time\nfrom bot.core.workers import exit_with_parent\n"
            "exit_with_parent(1)\ntime.sleep(30)\n")   # pid 1: not this process's parent
    done = subprocess.run([sys.executable, "-c", code], timeout=20)
    assert done.returncode == 0
