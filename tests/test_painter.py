"""The painter: board and DM pictures drawn off the event loop, by default in a worker
process at a lower CPU priority, which is replaced when it dies."""

from __future__ import annotations

import asyncio
import os
import signal

from bot.discordbot.painter import NICE, Painter
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
        loop = asyncio.get_running_loop()
        worker_nice = await loop.run_in_executor(process._executor(), os.nice, 0)
        assert worker_nice >= min(os.nice(0) + NICE, 19)
    finally:
        process.close()
        thread.close()


async def test_a_dead_worker_is_replaced_and_the_picture_still_drawn() -> None:
    scene = a_hand_scene()
    names = [s.name for s in scene.seats]
    painter = Painter("process")
    try:
        loop = asyncio.get_running_loop()
        pid = await loop.run_in_executor(painter._executor(), os.getpid)
        os.kill(pid, signal.SIGKILL)   # the kernel's OOM killer, say
        await asyncio.sleep(0.5)
        drawn = await painter.hand(scene, names)
        assert drawn.png == hand_picture(scene, names).png
        assert await loop.run_in_executor(painter._executor(), os.getpid) != pid
    finally:
        painter.close()


def test_an_unknown_worker_kind_is_refused() -> None:
    try:
        Painter("fibre")
    except ValueError as e:
        assert "process" in str(e)
    else:
        raise AssertionError("Painter('fibre') was accepted")


def test_auto_takes_a_process_only_with_two_cores_or_more(monkeypatch) -> None:
    import bot.discordbot.painter as painter
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
