"""``parlour bench engine --against REV``: earlier builds side by side, interleaved."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bot.cli import bench_builds
from bot.cli.bench_builds import (
    HEARTS,
    BenchError,
    measure,
    measure_solver,
    report,
    report_solver,
    run_against,
    run_solver,
)


def test_batches_are_interleaved_and_the_builds_take_turns_going_first() -> None:
    calls = []

    def child(tree: Path, game: str, seconds: float, seed: int) -> dict:
        calls.append((str(tree), game))
        return {"actions": 1000, "seconds": 0.5}

    builds = [("a", Path("A")), ("b", Path("B"))]
    got = measure(builds, ["coins", "piquet"], 0.5, 1, rounds=2, hearts=True, child=child)
    assert calls == [("A", "coins"), ("B", "coins"), ("A", "piquet"), ("B", "piquet"),
                     ("A", HEARTS),
                     ("B", "coins"), ("A", "coins"), ("B", "piquet"), ("A", "piquet"),
                     ("A", HEARTS)]
    assert got["coins"] == {"a": [2000.0, 2000.0], "b": [2000.0, 2000.0]}
    assert got[HEARTS] == {"openspiel": [2000.0, 2000.0]}


def test_the_report_gives_each_build_its_ratio_to_the_first_and_to_hearts() -> None:
    lines: list[str] = []
    figures = {"coins": {"new": [300e3, 310e3, 290e3], "old": [150e3, 160e3, 140e3]},
               "piquet": {"new": [20e3], "old": []},
               HEARTS: {"openspiel": [300e3, 300e3, 300e3]}}
    report(figures, ["new", "old"], lines.append)
    text = "\n".join(lines)
    assert "300,000 (290-310k)" in text and "150,000 (140-160k)" in text
    assert "new / old: coins 2.00x" in text     # piquet: the old build had no figure
    assert "piquet" in text and text.count("-") >= 1
    assert "coins / OpenSpiel hearts: new 1.00x, old 0.50x" in text


def test_without_openspiel_the_report_says_so() -> None:
    lines: list[str] = []
    report({"coins": {"new": [1.0]}}, ["new"], lines.append)
    assert lines[-1] == "OpenSpiel hearts: not measured (pip install open-spiel)"


def _worktrees(tree: Path) -> str:
    return subprocess.run(["git", "-C", str(tree), "worktree", "list"], capture_output=True,
                          text=True, check=True).stdout


def test_a_revision_that_is_no_commit_is_refused_and_nothing_is_checked_out() -> None:
    tree = bench_builds.source_tree()
    before = _worktrees(tree)
    with pytest.raises(BenchError, match="'no-such-rev-xyz' is not a commit"):
        run_against(["no-such-rev-xyz"], ["coins"], 0.01, 1, 1, print_=lambda s: None)
    assert _worktrees(tree) == before


def test_this_build_against_its_own_commit_in_one_run() -> None:
    tree = bench_builds.source_tree()
    before = _worktrees(tree)
    lines: list[str] = []
    figures = run_against(["HEAD"], ["coins"], 0.05, 1, 1, print_=lines.append, cpu=True)
    labels = list(figures["coins"])
    assert labels[0].startswith("this (") and labels[1].startswith("HEAD (")
    assert all(len(xs) == 1 and xs[0] > 0 for xs in figures["coins"].values())
    assert any(line.startswith(f"{labels[0]} / {labels[1]}: coins ") for line in lines)
    assert _worktrees(tree) == before   # the checkout is removed


def test_cpu_divides_by_the_childs_cpu_seconds() -> None:
    def child(tree: Path, game: str, seconds: float, seed: int) -> dict:
        return {"actions": 1000, "seconds": 2.0, "cpu": 0.5}

    got = measure([("a", Path("A"))], ["coins"], 2.0, 1, rounds=1, hearts=True, child=child,
                  cpu=True)
    assert got == {"coins": {"a": [2000.0]}, HEARTS: {"openspiel": [2000.0]}}
    assert measure([("a", Path("A"))], ["coins"], 2.0, 1, rounds=1, hearts=False,
                   child=child) == {"coins": {"a": [500.0]}}


# --- parlour bench solver ---------------------------------------------------------------

def _solves(cpu: float, nodes: int = 400, values: str = "abc") -> dict:
    return {"positions": 4, "nodes": nodes, "cpu": cpu, "values": values}


def test_solver_batches_interleave_on_the_same_endings() -> None:
    calls = []

    def child(tree: Path, game: str, positions: int, seed: int) -> dict:
        calls.append((str(tree), game, positions, seed))
        return _solves(0.004)

    builds = [("a", Path("A")), ("b", Path("B"))]
    got = measure_solver(builds, ["piquet"], 4, 7, rounds=2, child=child)
    assert calls == [("A", "piquet", 4, 7), ("B", "piquet", 4, 7),
                     ("B", "piquet", 4, 7), ("A", "piquet", 4, 7)]
    assert [x["cpu"] for x in got["piquet"]["a"]] == [0.004, 0.004]


def test_the_solver_report_gives_time_a_solve_ratios_and_whether_the_values_agree() -> None:
    lines: list[str] = []
    figures = {"piquet": {"new": [_solves(0.004), _solves(0.006)],
                          "old": [_solves(0.010), _solves(0.010)]},
               "coins": {"new": [_solves(0.002, values="x")], "old": [_solves(0.002)]}}
    report_solver(figures, ["new", "old"], lines.append)
    text = "\n".join(lines)
    assert "1.25 ms (1.00-1.50)" in text and "2.50 ms" in text    # median, range, ms a solve
    assert "old / new (time a solve): piquet 2.00x, coins 1.00x" in text
    assert "100" in text                                          # nodes a solve
    assert lines[-1] == "values: differ between builds in coins"


def test_bench_solver_refuses_a_game_without_a_solver(capsys: pytest.CaptureFixture) -> None:
    from bot.cli import main

    assert main(["bench", "solver", "--game", "pinkerton"]) == 2
    out = capsys.readouterr().out
    assert "No endgame solver for pinkerton." in out and "piquet" in out


def test_the_solver_against_its_own_commit_in_one_run() -> None:
    tree = bench_builds.source_tree()
    before = _worktrees(tree)
    lines: list[str] = []
    figures = run_solver(["HEAD"], ["piquet"], 3, 1, 1, print_=lines.append)
    labels = list(figures["piquet"])
    assert labels[0].startswith("this (") and labels[1].startswith("HEAD (")
    assert all(len(xs) == 1 and xs[0]["positions"] == 3 for xs in figures["piquet"].values())
    assert lines[-1] == "values: the same on every build"
    assert _worktrees(tree) == before   # the checkout is removed
