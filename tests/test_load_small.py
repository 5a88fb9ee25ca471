"""The load benchmark's driver at a small scale: it runs, and its figures are sane.

Not a performance test (no wall-clock targets): ``python -m tests.load.bench``
measures; this checks that the measuring works (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import asyncio
import gc
import math
import os
from types import SimpleNamespace

import pytest

from tests.fakediscord.interactions import DEFERRED_UPDATE
from tests.load import bench
from tests.load.driver import LoadConfig
from tests.load.measure import _no_collector_pauses, measure, report, summary
from tests.load.stats import Latencies, board_lags, peak_per_second, percentile
from tests.load.users import Users


async def test_small_load_run_produces_sane_figures(tmp_path) -> None:
    config = LoadConfig(tables=12, rate=30, seconds=4, setup_rate=50)
    r = await measure(config, tmp_path)
    assert r.problems == []                          # the fake Discord objected to nothing
    assert r.acked >= 30 and r.acked <= r.window.attempts
    assert r.counts["failed"] == 0 and r.counts["games_opened"] >= 12
    kinds = {row[0] for row in r.latencies.rows()}
    assert {"autocomplete", "/play", "/hand", "panel select"} <= kinds
    assert not r.latencies.unanswered
    assert 0 < percentile(r.latencies.all(), 50) <= r.p99_ms / 1e3 < 3.0
    assert r.cpu_seconds > 0 and 0 < r.ms_per_action < 1000
    assert r.rss_base > 10 * 2**20 and r.rss_setup > 0 and math.isfinite(r.kb_per_table)
    assert r.window_moves >= r.acked               # each human move (and the AI replies)
    assert r.db.actions >= r.acked and r.db.human_actions >= r.acked
    assert 20 < r.db.bytes_per_action < 2000
    assert r.requests.interaction >= 2 * r.acked   # every move is answered
    assert 0 < r.requests.peak_global <= 50         # the bot paces itself
    assert r.board_lag and all(lag >= 0 for lag in r.board_lag)
    # every move reaches its board after the window (the drain waits for the last one)
    assert r.drained and r.board_unshown == 0
    cores = os.cpu_count()   # the machine's speed, before and after
    assert all(len(t) == cores and all(x > 0 for x in t) for t in r.core_times), r.core_times
    text = report(r)
    assert "latency" in text and "targets:" in text and "KB per table" in text
    assert "machine speed: a fixed job on each core at once took" in text
    assert summary([r]).count("\n") == 2


def test_stats_helpers() -> None:
    assert peak_per_second([0.0, 0.5, 0.99, 1.0, 1.5, 3.0]) == 3  # [0.5, 1.5)
    assert peak_per_second([0.0, 0.5, 0.99, 1.0, 1.4]) == 4
    assert percentile([3.0, 1.0, 2.0, 4.0], 50) == 2.0 and math.isnan(percentile([], 99))
    lags, missing = board_lags([(1, 5, 10.0), (1, 7, 11.0), (2, 1, 10.0)],
                               {1: [(10.5, 5), (12.0, 8)]})
    assert lags == [0.5, 1.0] and missing == 1


def test_bench_refuses_unbounded_runs() -> None:
    with pytest.raises(SystemExit):
        bench.parse(["--seconds", "0"])
    with pytest.raises(SystemExit):
        bench.parse(["--rate", "5000"])
    assert bench.main(["--tables", "9000"]) == 2


async def test_a_deferred_update_is_answered_by_the_edit_after_it() -> None:
    # A panel select the bot defers (a silent update) resolves at its callback while the
    # clicked panel still shows the old position; the driver must wait for the edit that
    # answers it, or it reads the old panel and counts an accepted move as refused.
    record = SimpleNamespace(deferred=True, callback_type=DEFERRED_UPDATE, latency=1.5,
                             sent_at=0.0, resolved=asyncio.Event(), followed=asyncio.Event())
    record.resolved.set()
    latencies = Latencies()
    users = Users(SimpleNamespace(response_timeout=5.0), latencies)  # type: ignore[arg-type]

    async def call() -> SimpleNamespace:
        return record

    task = asyncio.ensure_future(users._send("panel select", call()))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    assert not task.done()
    record.followed.set()
    assert await task is record
    assert latencies.by_kind["panel select"] == [1.5]


def test_the_drivers_collector_is_off_for_the_window_and_back_after() -> None:
    assert gc.isenabled()
    with _no_collector_pauses():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0   # the set-up's objects are not walked again
    assert gc.isenabled() and gc.get_freeze_count() == 0
