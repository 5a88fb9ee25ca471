"""Background work (AI moves, the outbox's jobs) starts a few steps per turn of the event
loop, in the order it came, and what is not background - an answer - is not held."""

from __future__ import annotations

import asyncio

from bot.core.background import Background


def steps(n: int) -> tuple[Background, list[int], list[asyncio.Future]]:
    """``n`` background steps (one a turn), each noting its number once it has its turn."""
    background = Background(per_turn=1, clear_turns=1000)
    started: list[int] = []

    async def step(k: int) -> None:
        await background.step()
        started.append(k)
    return background, started, [asyncio.ensure_future(step(k)) for k in range(n)]


async def turns_until(done, limit: int = 1000) -> int:
    """Turns of the loop (``sleep(0)``) until ``done()``."""
    for n in range(limit):
        if done():
            return n
        await asyncio.sleep(0)
    raise AssertionError("never done")


async def test_waiting_steps_start_in_order_one_per_turn() -> None:
    background, started, tasks = steps(5)
    await asyncio.sleep(0)   # every step is waiting now
    assert background.waiting() == 5 and started == []
    seen: list[int] = []
    while len(started) < 5:
        await asyncio.sleep(0)
        seen.append(len(started))
    assert started == [0, 1, 2, 3, 4]
    # never two in one turn
    assert all(b - a <= 1 for a, b in zip([0] + seen, seen, strict=False))
    await asyncio.gather(*tasks)


async def test_an_answer_is_not_held_behind_waiting_background_steps() -> None:
    background, started, tasks = steps(50)
    await asyncio.sleep(0)
    answered = asyncio.ensure_future(asyncio.sleep(0))   # not background: one turn
    await answered
    assert len(started) <= 2     # the answer did not wait for the 50
    await asyncio.gather(*tasks)
    assert started == list(range(50))


async def test_a_backlog_is_let_go_within_about_clear_turns() -> None:
    background = Background(per_turn=1, clear_turns=8)
    tasks = [asyncio.ensure_future(background.step()) for _ in range(400)]
    await asyncio.sleep(0)
    turns = await turns_until(lambda: all(t.done() for t in tasks))
    # 1 a turn would take 400 turns; len/8 a turn lets 400 go in well under 100
    assert turns < 100
    await asyncio.gather(*tasks)


async def test_a_step_cancelled_while_waiting_takes_no_turn_and_the_rest_go_on() -> None:
    background, started, tasks = steps(3)
    await asyncio.sleep(0)
    tasks[0].cancel()
    await turns_until(lambda: len(started) == 2)
    assert started == [1, 2]
    assert background.waiting() == 0
    # and the next step after an idle spell starts at once (one turn)
    later = asyncio.ensure_future(background.step())
    assert await turns_until(later.done) <= 3


def test_a_background_left_waiting_by_a_closed_loop_works_on_the_next() -> None:
    background = Background()
    loop = asyncio.new_event_loop()
    left = loop.create_task(background.step())   # runs first: it waits for its turn...
    loop.call_soon(loop.stop)                      # ...and the loop ends before giving it
    loop.run_forever()
    assert background.waiting() == 1 and not left.done()
    loop.close()

    async def a_step() -> bool:
        await asyncio.wait_for(background.step(), 5.0)
        return True
    assert asyncio.run(a_step())
    assert background.waiting() == 0
