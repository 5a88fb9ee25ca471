"""The load benchmark with two sharded bot processes on one PostgreSQL, at a small scale:
it runs, both processes carry moves, and nothing goes wrong.  Not a performance test (no
timing targets): ``python -m tests.load.bench --db postgresql --processes 2`` measures
(docs/PERFORMANCE.md)."""

from __future__ import annotations

import pytest

from tests.backends import db_for
from tests.load import db as load_db
from tests.load.driver import LoadConfig
from tests.load.measure import measure, report

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


async def test_two_sharded_processes_under_load(tmp_path) -> None:
    db = db_for(tmp_path / "load.db")
    config = LoadConfig(tables=12, rate=30, seconds=4, setup_rate=50, processes=2, db=db)
    r = await measure(config, tmp_path)
    assert r.problems == [], r.problems              # the fake Discord objected to nothing
    assert r.counts["failed"] == 0 and r.counts["games_opened"] >= 12
    assert not r.latencies.unanswered
    assert 0 < r.acked <= r.window.attempts
    assert r.window_moves >= r.acked                 # each human move (and the AI replies)
    assert r.db.human_actions >= r.acked and r.db.tables >= 12
    assert r.requests.interaction >= 2 * r.acked     # every move is answered
    assert r.db_cpu_seconds is not None and r.db_cpu_seconds > 0
    # Both processes did their share: human moves at tables of each shard's guilds.
    shards = {(guild_id >> 22) % 2 for (guild_id,) in load_db.query(
        db, "SELECT DISTINCT t.guild_id FROM tables t JOIN actions a ON a.table_id = t.id "
            "WHERE a.actor = 'human'")}
    assert shards == {0, 1}
    assert "on 2 bot processes" in report(r)
