"""``parlour tournament simulate``: every format runs to its standings; bad input is refused
with a sentence."""

from __future__ import annotations

import pytest

from bot.cli import main


@pytest.mark.parametrize("args, expect", [
    (["piquet", "--players", "6", "--format", "swiss", "--rounds", "2"], "Buchholz"),
    (["coins", "--players", "7", "--format", "knockout"], "Rounds passed"),
    (["thirteens", "--players", "5", "--format", "round-robin", "--table-size", "3"],
     "Sonneborn-Berger"),
    (["coins", "--players", "6", "--format", "swiss", "--duplicate", "--levels",
      "easy,random"], "Duplicate deals: every table"),
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


@pytest.mark.parametrize(("lang", "points", "tiebreak"), [
    ("en", "Points: at each table the first takes 1 point, the last 0, and the places "
           "between take equal steps", "Buchholz, the tiebreak: the final points of a "
                                        "player's opponents added up"),
    ("pl", "Punkty: przy każdym stole pierwszy dostaje 1 punkt", "Buchholz, punktacja "
                                                                  "pomocnicza: suma"),
    ("ru", "Очки: за каждым столом первый получает 1 очко", "Бухгольц, дополнительный "
                                                            "показатель: сумма"),
])
def test_simulate_says_what_points_and_the_tiebreak_mean(capsys, lang, points,
                                                         tiebreak) -> None:
    """Swiss points like 3.25 and a Buchholz of 7.38 were printed unexplained."""
    assert main(["tournament", "simulate", "coins", "--players", "5", "--rounds", "2",
                 "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split("Standings" if lang == "en" else "\n\n")[-1]
                   .split())
    assert points in out and tiebreak in out, out


@pytest.mark.parametrize("args, said", [
    (["chess"], "Error:"),
    (["piquet", "--players", "1"], "at least 2"),
    (["coins", "--table-size", "4"], "not 4"),
    (["coins", "--levels", "genius"], "--levels"),
])
def test_simulate_refuses_bad_input(capsys, args, said) -> None:
    assert main(["tournament", "simulate", *args]) == 2
    assert said in capsys.readouterr().out
