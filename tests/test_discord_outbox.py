"""The outbox's scheduler: priorities, fairness, limits, coalescing and 429 back-off.

``Plan`` takes the time as an argument, so these tests move a fake clock instead of
waiting.
"""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.core.background import Background
from bot.discordbot.transport.outbox import Outbox, Plan, Priority, SendWindow


def job(name: str):
    async def run() -> None:
        return None
    run.__name__ = name
    return run


def held_until(release: asyncio.Event, started: list):
    """Jobs that note their name in ``started`` and then wait for ``release``."""
    def slow(name):
        async def run() -> None:
            started.append(name)
            await release.wait()
        return run
    return slow


def run_all(plan: Plan, now: float, until: float, step: float = 0.01) -> list[tuple[float, object]]:
    """Start every job the plan allows between ``now`` and ``until``; each finishes at once."""
    started = []
    t = now
    while t <= until + 1e-9:
        while True:
            entry, _ = plan.take(t)
            if entry is None:
                break
            started.append((round(t, 3), entry.key))
            plan.done(entry, t)
        t += step
    return started


def test_priorities_pings_before_notes_before_boards() -> None:
    plan = Plan(rate=10, burst=10, interval=1.0)
    plan.submit("board-ai", job("a"), priority=Priority.BOARD, channel=1)
    plan.submit("board-human", job("b"), priority=Priority.BOARD_HUMAN, channel=2)
    plan.submit("note", job("n"), priority=Priority.NOTE, channel=3)
    plan.submit("ping", job("p"), priority=Priority.PING, channel=4)
    order = [key for _, key in run_all(plan, 0.0, 0.0)]
    assert order == ["ping", "note", "board-human", "board-ai"]


def test_fair_rotation_first_waiting_first_served_and_resubmit_keeps_place() -> None:
    plan = Plan(rate=1, burst=1, interval=0.0)
    for table in range(4):
        plan.submit(("board", table), job("b"), channel=table)
    plan.submit(("board", 0), job("newer"), channel=0)   # replaces, keeps its place
    started = run_all(plan, 0.0, 3.5)
    assert [key for _, key in started] == [("board", t) for t in range(4)]
    # table 0 changes again after its edit: it goes behind the others
    plan2 = Plan(rate=1, burst=1, interval=0.0)
    for table in range(3):
        plan2.submit(("board", table), job("b"), channel=table)
    first, _ = plan2.take(0.0)
    plan2.done(first, 0.0)
    plan2.submit(("board", 0), job("again"), channel=0)
    assert [key for _, key in run_all(plan2, 0.0, 3.5)] == [("board", 1), ("board", 2),
                                                            ("board", 0)]


def test_coalescing_one_pending_job_per_key_and_the_newest_wins() -> None:
    plan = Plan(rate=10, burst=10, interval=1.0)
    jobs = [job(f"state {i}") for i in range(30)]
    for j in jobs:
        plan.submit(("board", 7), j, channel=7)
    assert plan.waiting() == 1
    entry, _ = plan.take(0.0)
    assert entry is not None and entry.job is jobs[-1]
    # while it runs a new state arrives: it waits (one job per key in flight), then runs
    # once the key's interval has passed
    plan.submit(("board", 7), jobs[0], channel=7)
    assert plan.take(0.0)[0] is None
    plan.done(entry, 0.2)
    nothing, wait = plan.take(0.2)
    assert nothing is None and abs(wait - 1.0) < 1e-9   # the interval counts from the end
    again, _ = plan.take(1.2)
    assert again is not None and again.job is jobs[0]


def test_global_rate_is_respected() -> None:
    plan = Plan(rate=40, burst=5, interval=0.0)
    for table in range(400):
        plan.submit(("board", table), job("b"), channel=table)
    started = run_all(plan, 0.0, 5.0, step=0.005)
    times = [t for t, _ in started]
    # any 1 s holds at most rate + burst requests, and the rate is used
    for i, t in enumerate(times):
        assert sum(1 for u in times[i:] if u < t + 1.0) <= 45
    assert 190 <= len(times) <= 205   # 5 burst + 40/s for 5 s


def test_per_channel_limit_five_per_five_seconds() -> None:
    plan = Plan(rate=100, burst=100, interval=0.0)
    for i in range(8):
        plan.submit(("note", i), job("n"), channel=1)
    plan.submit(("board", 2), job("b"), channel=2)
    started = run_all(plan, 0.0, 0.0)
    in_one = [key for _, key in started if key[0] == "note"]
    assert len(in_one) == 5 and ("board", 2) in [key for _, key in started]
    nothing, wait = plan.take(0.1)
    assert nothing is None and abs(wait - 4.9) < 1e-9
    later = run_all(plan, 5.0, 5.0)
    assert len(later) == 3


def test_free_jobs_do_not_spend_global_tokens() -> None:
    plan = Plan(rate=1, burst=1, interval=0.0)
    plan.submit("board", job("b"), channel=1)
    for user in range(5):
        plan.submit(("panel", user), job("p"), priority=Priority.PANEL, free=True)
    started = run_all(plan, 0.0, 0.0)
    assert len(started) == 6


def test_429_backoff_global_and_per_channel() -> None:
    plan = Plan(rate=50, burst=50, interval=0.0)
    plan.backoff(0.0, 2.5)   # a global 429
    plan.submit("board", job("b"), channel=1)
    plan.submit(("panel", 1), job("p"), priority=Priority.PANEL, free=True)
    first, _ = plan.take(0.0)
    assert first is not None and first.key == ("panel", 1)   # webhooks are not paused
    nothing, wait = plan.take(0.0)
    assert nothing is None and wait == 2.5
    entry, _ = plan.take(2.5)
    assert entry is not None and entry.key == "board"
    # the same job got a 429 for its channel: it runs again after retry_after, unless
    # a newer job of its key replaced it meanwhile
    plan.backoff(2.5, 1.0, channel=1)
    plan.requeue(entry)
    plan.done(entry, 2.5)
    plan.submit("other channel", job("o"), channel=2)
    other, _ = plan.take(2.6)
    assert other is not None and other.key == "other channel"
    assert plan.take(3.0)[0] is None
    again, _ = plan.take(3.5)
    assert again is not None and again.key == "board"


def test_extra_tokens_inside_a_job() -> None:
    plan = Plan(rate=2, burst=1, interval=0.0)
    assert plan.spend(0.0) == 0.0
    assert plan.spend(0.0) == 0.5
    assert plan.spend(0.5) == 0.0


async def test_outbox_runs_jobs_in_order_of_priority_and_backs_off_on_rate_limits() -> None:
    out = Outbox(rate=1000, burst=1000, interval=0.0, concurrency=1)
    ran: list[str] = []
    tries = {"n": 0}

    def record(name: str):
        async def run() -> None:
            ran.append(name)
        return run

    async def limited() -> None:
        tries["n"] += 1
        if tries["n"] == 1:
            raise discord.RateLimited(0.01)
        ran.append("limited")

    out.submit("board", record("board"), channel=1)
    out.submit("ping", record("ping"), priority=Priority.PING, channel=2)
    out.submit("dm", limited, priority=Priority.PING)
    await out.drain(5.0)
    assert ran[0] == "ping" and sorted(ran) == ["board", "limited", "ping"]
    assert tries["n"] == 2 and out.pending() == 0
    await out.close()
    out.submit("late", record("late"))   # closed: ignored
    await asyncio.sleep(0)
    assert "late" not in ran


def ping_flood(plan: Plan, *, free: bool, seconds: float = 8.0) -> list[tuple[float, object]]:
    """A new table's ping every 50 ms for ``seconds``, one start looked for at each:
    (time, key) of every job started (each finishes at once)."""
    started: list[tuple[float, object]] = []
    t, n = 0.0, 0
    while t < seconds:
        n += 1
        plan.submit(("ping", n), job("p"), priority=Priority.PING, free=free, now=t)
        entry, _ = plan.take(t)
        if entry is not None:
            started.append((t, entry.key))
            plan.done(entry, t)
        t = round(t + 0.05, 3)
    return started


def test_a_flood_of_pings_does_not_hide_the_boards_for_good() -> None:
    plan = Plan(rate=10, burst=1, interval=0.0)
    plan.submit(("board", 1), job("b"), priority=Priority.BOARD, channel=("edit", 1), now=0.0)
    started = ping_flood(plan, free=False)   # more than the budget
    board_at = [at for at, key in started if key == ("board", 1)]
    assert len(board_at) == 1 and 5.0 <= board_at[0] <= 5.3   # after STARVED seconds
    assert sum(1 for _, key in started if key[0] == "ping") >= 60   # pings still go first


def test_a_flood_of_free_pings_does_not_hide_a_panel_redraw_for_good() -> None:
    # The free lane held to one job at a time (a loop far behind), a ping riding on an
    # interaction every 50 ms: the panel redraw still goes once it has waited STARVED s.
    plan = Plan(rate=10, burst=1, interval=0.0)
    plan.submit(("panel", 1), job("r"), priority=Priority.PANEL, free=True, now=0.0)
    started = ping_flood(plan, free=True)
    panel_at = [at for at, key in started if key == ("panel", 1)]
    assert len(panel_at) == 1 and 5.0 <= panel_at[0] <= 5.3
    assert sum(1 for _, key in started if key[0] == "ping") >= 150


def test_send_window_holds_each_request_until_a_second_after_its_answer() -> None:
    """Jobs started a second apart can send together: the window caps what reaches Discord
    in any second, whatever the plan decided.  A request holds its slot from its send to a
    second after its answer (it reaches Discord somewhere in between)."""
    w = SendWindow(3, per=1.0)
    held = []
    for t in (10.0, 10.1, 10.2):
        assert w.wait(t) == 0
        held.append(w.begin(t))
    for h, t in zip(held, (10.0, 10.1, 10.2), strict=True):
        w.end(h, t)                                # answered at once
    assert w.wait(10.3) == pytest.approx(0.7)    # the fourth waits for the first to age out
    assert w.wait(11.0) == 0                      # 10.0 has left the window
    w.end(w.begin(11.0), 11.0)
    assert w.wait(11.05) == pytest.approx(0.05)   # 10.1 is still inside it


def test_a_slow_request_keeps_its_slot_until_it_is_answered() -> None:
    # A request delayed on its way (a busy event loop) may reach Discord late: its slot
    # is free only a second after its answer, not a second after it was started.
    w = SendWindow(2, per=1.0)
    slow = w.begin(0.0)
    w.end(w.begin(0.1), 0.2)
    assert w.wait(0.5) == pytest.approx(0.7)       # the quick one ages out at 1.2
    assert w.wait(1.5) == 0
    w.begin(1.5)
    assert 0 < w.wait(5.0) < 0.1                   # both in flight: look again soon
    w.end(slow, 6.0)
    assert w.wait(6.5) == pytest.approx(0.5)       # the slow one ages out at 7.0


async def test_outbox_slots_keep_any_second_under_the_cap() -> None:
    """A burst of requests all ready at once (jobs that finished drawing together) goes out
    no faster than the window allows."""
    out = Outbox(rate=40, burst=5, interval=0.0)
    assert out.window.limit == 45
    out.window.limit = 5
    loop = asyncio.get_running_loop()
    sent: list[float] = []

    async def one() -> None:
        async with out.slot():
            sent.append(loop.time())
    await asyncio.gather(*(one() for _ in range(12)))
    assert len(sent) == 12
    for i, t in enumerate(sent):
        assert sum(1 for u in sent[: i + 1] if u > t - 1.0 + 1e-6) <= 5


async def test_free_jobs_do_not_take_the_slots_of_global_limited_ones() -> None:
    """Panel redraws and pings riding on interactions (free) come faster than the global
    budget under load; they have their own lane, so a board still starts at once."""
    out = Outbox(rate=1000, burst=1000, interval=0.0, concurrency=2)
    release = asyncio.Event()
    started: list[str] = []
    slow = held_until(release, started)

    for n in range(5):   # more free jobs than the lane holds, each waiting for `release`
        out.submit(("panel", n), slow(f"panel {n}"), priority=Priority.PANEL, free=True)
    out.submit(("board", 1), slow("board"), priority=Priority.BOARD, channel=("edit", 1))
    for _ in range(20):
        await asyncio.sleep(0)
    assert started == ["panel 0", "panel 1", "board"]   # two free in flight, the board too
    release.set()
    await out.drain(5.0)
    assert sorted(started) == sorted([f"panel {n}" for n in range(5)] + ["board"])
    await out.close()


def test_a_full_lane_is_passed_over_not_waited_for() -> None:
    plan = Plan(rate=10, burst=10, interval=0.0)
    plan.submit("panel", job("p"), priority=Priority.PANEL, free=True)
    plan.submit("board", job("b"), priority=Priority.BOARD, channel=1)
    entry, _ = plan.take(0.0, free=False)
    assert entry is not None and entry.key == "board"
    assert plan.take(0.0, free=False)[0] is None        # the panel waits for its lane
    entry, _ = plan.take(0.0)
    assert entry is not None and entry.key == "panel"


def test_a_job_resubmitted_for_the_other_lane_moves_there() -> None:
    plan = Plan(rate=10, burst=10, interval=0.0)
    plan.submit("ping", job("p"), priority=Priority.PING, channel=1)   # by the channel route
    plan.submit("ping", job("p2"), priority=Priority.NOTE, free=True)  # then by a webhook
    assert plan.take(0.0, free=False)[0] is None        # no longer global-limited
    entry, _ = plan.take(0.0)
    assert entry is not None and entry.key == "ping" and entry.free
    assert entry.priority == Priority.PING               # a resubmit never lowers it


def test_without_tokens_the_global_lane_is_not_scanned_and_its_wake_is_the_next_token() -> None:
    plan = Plan(rate=10, burst=1, interval=0.0)
    for n in range(3):
        plan.submit(("board", n), job("b"), priority=Priority.BOARD, channel=n)
    entry, _ = plan.take(0.0)
    assert entry is not None and entry.key == ("board", 0)
    plan.done(entry, 0.0)
    assert plan.take(0.0) == (None, pytest.approx(0.1))   # one token per 0.1 s
    entry, _ = plan.take(0.1)
    assert entry is not None and entry.key == ("board", 1)


async def test_fewer_jobs_run_at_once_while_the_event_loop_is_behind() -> None:
    lag = [0.0]
    out = Outbox(rate=1000, burst=1000, interval=0.0, concurrency=16, lag=lambda: lag[0])
    assert out.room() == 16
    lag[0] = 0.04     # four times the lag where holding back starts
    assert out.room() == 4
    lag[0] = 5.0
    assert out.room() == 1   # never none: the boards still move
    release = asyncio.Event()
    started: list[int] = []
    slow = held_until(release, started)

    for n in range(6):
        out.submit(("panel", n), slow(n), priority=Priority.PANEL, free=True)
    for _ in range(20):
        await asyncio.sleep(0)
    assert started == [0]
    lag[0] = 0.0      # caught up: the rest may start as soon as the loop looks again
    release.set()
    await out.drain(5.0)
    assert sorted(started) == list(range(6))
    await out.close()


async def test_each_job_waits_for_its_background_turn_before_it_runs() -> None:
    log: list[str] = []

    class Noted(Background):
        async def step(self) -> None:
            log.append("turn asked")
            await super().step()
            log.append("turn given")

    out = Outbox(rate=1000, burst=1000, interval=0.0, concurrency=16, background=Noted())

    def record(n: int):
        async def run() -> None:
            log.append(f"job {n}")
        return run

    for n in range(4):
        out.submit(("panel", n), record(n), priority=Priority.PANEL, free=True)
    await out.drain(5.0)
    jobs = [e for e in log if e.startswith("job")]
    assert jobs == ["job 0", "job 1", "job 2", "job 3"]
    for n, entry in enumerate(log):   # each job ran after a turn was given for it
        if entry.startswith("job"):
            assert log[:n].count("turn given") > sum(e.startswith("job") for e in log[:n])
    assert log.count("turn asked") == 4
    await out.close()
