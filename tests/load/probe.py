"""How fast this machine's cores run just now: one fixed piece of pure-Python work on
every core at once, timed.

"Other processes 0%" says nobody else on the machine was busy; it cannot see a virtual
machine's host.  Here the same quiet 2-core machine ran this job 1.1-1.6x slower at
some times than at others, and a 2,000-table run's p99 swung with it (53 ms in one
run, 237 ms twenty minutes later on the same build).  The bench reports the job's
times before and after each run, so that a run on a slow host can be told apart.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event

WORK = 4_000_000   # additions: ~0.1 s on one of this machine's cores


def _job(cpu: int, start: Event, out: Queue) -> None:
    try:
        os.sched_setaffinity(0, {cpu})   # one job per core, whatever the caller's pinning
    except OSError:
        pass
    start.wait()
    began = time.perf_counter()
    total = 0
    for i in range(WORK):
        total += i
    out.put(time.perf_counter() - began)


def core_times() -> list[float]:
    """Seconds the job took on each of the machine's cores, all at once; slowest last."""
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Event(), ctx.Queue()
    jobs = [ctx.Process(target=_job, args=(cpu, start, out), daemon=True)
            for cpu in range(os.cpu_count() or 1)]
    for job in jobs:
        job.start()
    time.sleep(0.5)   # every process up (spawned interpreters import for a while)
    start.set()
    times = sorted(out.get(timeout=60) for _ in jobs)
    for job in jobs:
        job.join(5)
    return times


def describe(times: list[float]) -> str:
    """``[0.139, 0.214]`` -> "139/214 ms" (one figure per core)."""
    return "/".join(f"{t * 1e3:.0f}" for t in times) + " ms" if times else "not measured"
