"""``parlour tournament simulate``: every format runs to its standings; bad input is refused
with a sentence."""

from __future__ import annotations

import pytest

from bot.cli import main


@pytest.mark.parametrize("args, expect", [
    (["piquet", "--players", "6", "--format", "swiss", "--rounds", "2"], "buchholz"),
    (["coins", "--players", "7", "--format", "knockout"], "rounds passed"),
    (["thirteens", "--players", "5", "--format", "round-robin", "--table-size", "3"],
     "sonneborn-berger"),
    (["coins", "--players", "6", "--format", "swiss", "--duplicate", "--levels",
      "easy,random"], "duplicate"),
])
def test_simulate_prints_rounds_and_standings(capsys, args, expect) -> None:
    assert main(["tournament", "simulate", *args]) == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and "Standings" in out and expect in out
    # Every entrant is in the standings once.
    players = int(args[args.index("--players") + 1])
    table = [line for line in out.split("Standings", 1)[1].splitlines()
             if line.strip()[:1].isdigit()]
    assert len(table) == players


@pytest.mark.parametrize("args, said", [
    (["chess"], "Error:"),
    (["piquet", "--players", "1"], "at least 2"),
    (["coins", "--table-size", "4"], "not 4"),
    (["coins", "--levels", "genius"], "--levels"),
])
def test_simulate_refuses_bad_input(capsys, args, said) -> None:
    assert main(["tournament", "simulate", *args]) == 2
    assert said in capsys.readouterr().out
