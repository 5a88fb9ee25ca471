"""``python -m benchmarks.compare``: the comparison runs with or without the bench extra."""

from __future__ import annotations

import importlib.util
import sys

from benchmarks import compare as bench_compare
from bot.cli import main

TINY = 0.01  # every playout loop still finishes at least one game


def _ours() -> dict:
    # A fabricated figure keeps the test fast; only the ratio arithmetic depends on it.
    return {"coins": {"games": 10, "actions": 1350, "seconds": 0.01, "players": 3,
                      "games_per_s": 1000.0, "actions_per_s": 135_000.0}}


def _run(capsys) -> tuple[dict, str]:
    res = bench_compare.run(TINY, 1, ours=_ours(), openspiel_games=("hearts",),
                            rlcard_games=("bridge",))
    return res, capsys.readouterr().out


def test_compare_with_whatever_is_installed(capsys) -> None:
    res, out = _run(capsys)
    assert "parlour    coins" in out
    for engine, module, game in (("openspiel", "pyspiel", "hearts"),
                                 ("rlcard", "rlcard", "bridge")):
        if importlib.util.find_spec(module) is not None:
            r = res[engine][game]
            assert r["games"] > 0 and r["actions"] > 0
            assert r["games_per_s"] > 0 and r["actions_per_s"] > 0
            assert f"{engine:<11}{game:<13}" in out
            assert f"coins vs {engine} {game}: " in out and "x actions/s" in out
        else:
            assert res[engine] == {}
            assert f"{engine:<11}not installed" in out and bench_compare.INSTALL_HINT in out


def test_compare_prints_install_hint_when_missing(capsys, monkeypatch) -> None:
    # None in sys.modules makes the import raise ImportError, as if not installed.
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.setitem(sys.modules, "rlcard", None)
    res, out = _run(capsys)
    assert res["openspiel"] == {} and res["rlcard"] == {}
    assert "openspiel  not installed (import pyspiel failed); install with: " \
           "pip install -e '.[bench]'" in out
    assert "rlcard     not installed (import rlcard failed); install with: " \
           "pip install -e '.[bench]'" in out
    assert "coins vs openspiel hearts: not measured" in out


def test_our_trick_games_measured_when_not_passed_in() -> None:
    got = bench_compare.our_trick_results({"pinkerton": {}}, TINY, 1)
    assert "coins" in got and "pinkerton" not in got
    assert all(r["actions_per_s"] > 0 for r in got.values())


def test_bench_engine_coins_line(capsys) -> None:
    assert main(["bench", "engine", "--seconds", "0.2", "--game", "coins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    coins = [line for line in lines if line.split()[:1] == ["coins"]]
    assert len(coins) == 1
    fields = coins[0].split()
    assert fields[1] == "3" and float(fields[2]) > 0 and float(fields[3].replace(",", "")) > 0


def test_compare_command_line(capsys) -> None:
    assert bench_compare.main(["--seconds", str(TINY)]) == 0
    assert "parlour    coins" in capsys.readouterr().out


def test_parlour_bench_engine_compare_hands_over(capsys, monkeypatch) -> None:
    # The product CLI's --compare runs the benchmarks package's comparison, nothing else.
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.setitem(sys.modules, "rlcard", None)
    assert main(["bench", "engine", "--compare", "--seconds", str(TINY)]) == 0
    out = capsys.readouterr().out
    assert "parlour    coins" in out and " vs openspiel hearts: not measured" in out
