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


def test_younger_check_pairs_hard_and_easy_on_the_same_deals(capsys, monkeypatch):
    monkeypatch.setitem(search.LEVEL_ITERATIONS, "hard", 4)
    monkeypatch.setitem(search.LEVEL_EXCHANGE_WORLDS, "hard", 4)
    code = main(["selfplay", "piquet", "--younger-check", "--games", "2", "--opponent",
                 "easy", "--jobs", "1", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert code == 0
    assert r["deals"] == 2 and r["opponent"] == "easy"
    assert set(r["by_level"]) == {"hard", "easy"}
    assert r["by_level"]["hard"]["moves"] > 0 and r["by_level"]["hard"]["ess"] is not None
    m, _ = r["hard_minus_easy"]
    hard, easy = r["by_level"]["hard"]["net"][0], r["by_level"]["easy"]["net"][0]
    assert abs(m - (hard - easy)) < 1e-9        # paired on the same deals
    assert main(["selfplay", "coins", "--younger-check"]) == 2
    assert main(["selfplay", "piquet", "--younger-check", "--option", "variant=normand"]) == 2


def _results(n: int, ranks_by_rotation: dict[int, list[int]], deals: int) -> list[tuple]:
    return [((0, d, rot), {"ranks": ranks_by_rotation[rot]}) for d in range(deals)
            for rot in range(n)]


def test_a_level_is_rated_as_a_newcomer_with_its_results_would_be():
    from bot.cli.selfplay_rating import markdown, rate_level
    from bot.core.ratings import DEFAULT_MU, display_rating, ordinal
    seats = ["hard", "easy", "easy"]
    # Rotation r puts the level under test in seat (n - r) % n; it comes first every game.
    first = {rot: [1 if i == (3 - rot) % 3 else 2 + (i != 0) for i in range(3)]
             for rot in range(3)}
    last = {rot: [3 if i == (3 - rot) % 3 else 1 + (i == 2) for i in range(3)]
            for rot in range(3)}
    wins = rate_level(seats, 3, _results(3, first, 10))
    loses = rate_level(seats, 3, _results(3, last, 10))
    assert wins.games == loses.games == 30 and wins.against == ("easy",)
    assert wins.mu > DEFAULT_MU > loses.mu
    easy_shown = display_rating(ordinal(20.0, 1.0))
    assert wins.shown > easy_shown > loses.shown
    assert wins.fixed == display_rating(ordinal(30.0, 1.0))
    # The same games give the same figure; more of them, a narrower one.
    assert rate_level(seats, 3, _results(3, first, 10)) == wins
    assert rate_level(seats, 3, _results(3, first, 20)).sigma < wins.sigma
    # Its strength read as a fixed AI level is: mu with the levels' sigma, above what a
    # player with the same results would show while that player's sigma is larger.
    strength, half = wins.strength
    assert strength == display_rating(ordinal(wins.mu, 1.0)) > wins.shown and half > 0
    table = markdown([("coins", wins)])
    assert f"**{strength:,}** ± {half:,}" in table and "| coins | hard | easy | 30 |" in table


def test_two_seats_of_the_level_under_test_are_rated_once():
    from bot.cli.selfplay_rating import rate_level
    seats = ["normal", "normal", "easy"]
    ranks = {rot: [1, 2, 3] for rot in range(3)}
    r = rate_level(seats, 3, _results(3, ranks, 4))
    assert r.games == 12 and r.against == ("easy",)


def _paired_run(capsys, *extra):
    code = main(["selfplay", "coins", "--seats", "easy,random,random", "--games", "2",
                 "--jobs", "1", "--seed", "7", *extra])
    return code, capsys.readouterr()


def test_saved_games_pair_with_a_later_run_on_the_same_deals(capsys, tmp_path):
    saved = tmp_path / "before.jsonl"
    code, _ = _paired_run(capsys, "--save", str(saved))
    games = [json.loads(line) for line in saved.read_text().splitlines()]
    assert code == 0 and len(games) == 6
    assert {(g["seed"], g["rotation"]) for g in games} == {(s, r) for s in (7, 8)
                                                          for r in range(3)}
    # The same build on the same games: nothing moves.
    code, out = _paired_run(capsys, "--paired", str(saved))
    assert code == 0
    assert "paired with" in out.out and "easy in the same 6 games (2 deals)" in out.out
    assert "here - there +0.0 +- 0.0\n" in out.out
    assert "another seat type won 0 of 6 games" in out.out
    # One game whose saved winner was a random seat: the paired difference sees it.
    for g in games:
        if g["seed"] == 7 and g["rotation"] == 0:
            easy = g["levels"].index("easy")
            g["ranks"] = [1 if i != easy else 3 for i in range(3)]
            g["ranks"][(easy + 1) % 3] = 2
    saved.write_text("".join(json.dumps(g) + "\n" for g in games))
    code, out = _paired_run(capsys, "--paired", str(saved), "--json")
    paired = json.loads(out.out)["paired"]
    assert paired["changed"] == 1 and paired["games"] == 6
    assert paired["win_diff"][0] > 0 and paired["before"][0] < paired["after"][0]


def test_a_paired_file_that_cannot_be_used_is_refused_before_any_game(capsys, tmp_path):
    code, out = _paired_run(capsys, "--paired", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in out.err and not out.out
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    code, out = _paired_run(capsys, "--paired", str(junk))
    assert code == 2 and "is not a file written by 'parlour selfplay --save'" in out.err
    other = tmp_path / "other.jsonl"
    code, _ = _paired_run(capsys, "--save", str(other))
    code, out = main(["selfplay", "coins", "--seats", "easy,random,random", "--games", "1",
                      "--jobs", "1", "--seed", "50", "--paired", str(other)]), capsys.readouterr()
    assert code == 2 and "holds none of these games" in out.err and not out.out
