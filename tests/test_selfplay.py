"""``parlour selfplay``: a tiny duplicate tournament prints the expected columns."""

from __future__ import annotations

import json

from bot.cli import main
from bot.cli.selfplay_match import match_tasks, mean_ci, percentile
from rules.ai import search


def test_tiny_tournament_table(capsys, monkeypatch):
    monkeypatch.setitem(search.LEVEL_ITERATIONS, "normal", 2)
    code = main(["selfplay", "coins", "--seats", "normal,easy,random", "--games", "2",
                 "--jobs", "1", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0
    assert "2 deals x 3 rotations = 6 games" in out
    assert "sole or shared" in out
    for column in ("seat type", "win %", "sole %", "avg score", "avg rank", "p50 ms", "p95 ms"):
        assert column in out
    rows = {line.split()[0]: line for line in out.splitlines()
            if line.split() and line.split()[0] in ("normal", "easy", "random")}
    assert set(rows) == {"normal", "easy", "random"}
    assert "+-" in rows["normal"]   # a 95% confidence interval over the deals


def test_json_output_and_duplicate_rotation(capsys):
    code = main(["selfplay", "pinkerton", "--players", "2", "--seats", "easy,random",
                 "--games", "2", "--jobs", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["games"] == 4 and data["deals"] == 2
    easy = data["by_level"]["easy"]
    for key in ("win", "sole", "score", "rank"):
        assert len(easy[key]) == 2   # mean and CI half-width
    assert easy["moves"] > 0 and easy["p95_ms"] >= easy["p50_ms"]
    # Every deal is replayed with the seat types rotated through the seats.
    tasks = match_tasks("coins", 3, {}, ["hard", "random", "easy"], 2, 10)
    assert [t[4] for t in tasks] == [10, 10, 10, 11, 11, 11]
    assert {tuple(t[5]) for t in tasks[:3]} == {("hard", "random", "easy"),
                                                ("random", "easy", "hard"),
                                                ("easy", "hard", "random")}


def test_bad_arguments_are_refused(capsys):
    assert main(["selfplay", "coins", "--seats", "hard,random"]) == 2
    assert main(["selfplay", "coins", "--seats", "hard,wizard,random"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_statistics_helpers():
    assert percentile([1, 2, 3, 4], 50) == 2 and percentile([1, 2, 3, 4], 95) == 4
    m, h = mean_ci([0.0, 1.0, 0.0, 1.0])
    assert m == 0.5 and 0.5 < h < 0.6


def test_the_safety_cap_reaches_every_game(capsys, monkeypatch):
    from bot.cli import selfplay
    seen = []

    def run(tasks, jobs):
        seen.extend(tasks)
        return selfplay_match.run_tasks(tasks, jobs)

    from bot.cli import selfplay_match
    monkeypatch.setattr(selfplay, "run_tasks", run)
    assert main(["selfplay", "coins", "--seats", "easy,random,random", "--games", "1",
                 "--jobs", "1", "--cap", "2"]) == 0
    assert len(seen) == 3 and all(t[-1] == 2.0 for t in seen)
    assert main(["selfplay", "coins", "--seats", "easy,random,random", "--cap", "0"]) == 2
    assert "--cap must be a positive number of seconds" in capsys.readouterr().err
