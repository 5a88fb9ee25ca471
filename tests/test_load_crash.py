"""SIGKILL the bot (its own process) under load, restart it on the same database: no
acknowledged move is lost and every table resumes and finishes (``tests.load.crash``)."""

from __future__ import annotations

from tests.load.crash import report, run_crash, unmatched


async def test_sigkill_under_load_loses_no_acknowledged_move(tmp_path) -> None:
    r = await run_crash(tables=12, rate=60, kill_after=3.0, time_limit=90, workdir=tmp_path)
    assert r.ok, report(r)
    assert r.lost == [] and r.acked >= r.acked_before_kill + r.acked_after_restart
    assert r.acked_before_kill > 0 and r.acked_after_restart > 0
    assert r.finished_db == r.finished_seen == 12
    assert r.resumed_logged == r.active_at_kill > 0
    assert "PASS" in report(r)


def test_the_check_finds_a_missing_or_reordered_move() -> None:
    log = {7: ["play AS", "play 2C", "play KH"]}
    assert unmatched([(7, "play AS", 0), (7, "play KH", 1)], log) == []   # a gap is fine
    assert unmatched([(7, "play KH", 0), (7, "play AS", 1)], log) == [(7, "play AS")]
    assert unmatched([(7, "play QD", 0)], log) == [(7, "play QD")]
    assert unmatched([(8, "play AS", 0), (None, "play AS", 0)], log) == \
        [(8, "play AS"), (None, "play AS")]
