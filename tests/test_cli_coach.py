"""The coach in the terminal: ``hint`` at the prompt of ``parlour play`` and
``parlour review`` after the game, in scripted sessions of the real commands."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys

from bot.cli import main
from bot.cli import review as review_cli
from bot.cli.table_view import width_of
from tests.cli_driver import ROOT, Session, play_out

NO_COLOR = {"NO_COLOR": "1"}
GAME = ["coins", "--seed", "4", "--ai", "easy", "--name", "Alice", "--option", "target=10"]
# A seed whose game ends sooner (20 prompts for Alice rather than 34): the review weighs
# every decision of hers, with the hard AI's full budget, twice (her seat and an AI's).
SHORT_GAME = ["coins", "--seed", "10", *GAME[3:]]


def _review(cwd, *args: str) -> subprocess.CompletedProcess:
    # A tiny budget for the game's accuracy and luck (the review's own is the real one).
    env = dict(os.environ, PYTHONPATH=str(ROOT), PARLOUR_SKILL_BUDGET="2", **NO_COLOR)
    return subprocess.run([sys.executable, "-c", "import sys; from bot.cli import main; "
                           "sys.exit(main())", "review", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def test_hint_names_the_hard_move_and_why_and_changes_nothing(tmp_path) -> None:
    s = Session(*GAME, cwd=tmp_path, env=NO_COLOR)
    board = s.until_prompt()
    assert "Your move" in board
    answer = s.send("hint")
    # One sentence, wrapped to the terminal's width.
    line = " ".join(part.strip() for part in answer.split(">")[0].splitlines() if part.strip())
    # The move as the menu shows it, with its number there (what the player may type).
    assert re.fullmatch(r"Hint: \[\d+\] Play \S+\. [A-Z].+\.", line), line
    number, card = re.match(r"Hint: \[(\d+)\] Play (\S+)\.", line).groups()
    assert f"[{number}] {card}" in board, board
    assert "sampled deal" in line or "clearly worse" in line or "the trick" in line, line
    assert "Your move" not in answer            # nothing was played: the same position
    help_text = s.send("help")
    assert "Type hint for the move the hard AI would make, and why." in help_text
    assert s.send("1").count("Your move") <= 1  # the game goes on as before
    s.send("quit")
    assert s.finish() == 0
    assert "Traceback" not in s.text


def test_hint_speaks_the_players_language(tmp_path) -> None:
    s = Session(*GAME, "--lang", "pl", cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    reply = s.send("podpowiedź")
    answer = " ".join(part.strip() for part in reply.split(">")[0].splitlines() if part.strip())
    assert re.match(r"Podpowiedź: \[\d+\] Zagraj ", answer), answer
    assert "losow" in answer or "wyraźnie gorszy" in answer or "lewę" in answer, answer
    s.send("quit")
    assert s.finish() == 0


def test_review_after_a_terminal_game(tmp_path, monkeypatch, capsys) -> None:
    s = Session(*SHORT_GAME, cwd=tmp_path, env=NO_COLOR)
    text = play_out(s, limit=400)
    game = re.search(r"Game #(\d+) recorded", text)
    assert game, text[-500:]
    number = game.group(1)

    first = _review(tmp_path)                      # the last terminal game, for Alice
    assert first.returncode == 0, first.stdout + first.stderr
    out = first.stdout
    assert out.startswith(f"Reviewing game #{number}: the hard AI weighs every decision")
    assert f"Review of game #{number} (Coins) for Alice: " in out
    # The seat's accuracy and luck in that game, under the review's head line.
    assert re.search(r"\nAccuracy \d+ · Luck [+-]\d+%\n", out), out
    decisions = re.findall(r"^\d\. Move (\d+) - Alice: Play \S+\. The hard AI "
                           r"prefers: Play \S+\.$", out, re.M)
    assert decisions, out
    assert "\nThe costliest decisions come first. Move numbers count every player's moves;" \
        in out and "a sure last place.\n\n1. Move " in out
    assert out.count("Estimated cost: about ") == len(decisions)
    assert "Your hand (" in out                    # the position as Alice saw it
    # Wrapped between words to the terminal's 80 columns, as everything it prints.
    assert all(width_of(line) <= 80 for line in out.splitlines()), out
    assert "\n   Estimated cost: about " in out
    assert "Traceback" not in out + first.stderr

    again = _review(tmp_path, number)              # stored: shown at once, the same
    assert again.returncode == 0 and not again.stdout.startswith("Reviewing")
    assert again.stdout == out.split("\n", 1)[1]

    # An AI seat of the game, in this process: who is reviewed is tested here, not how well
    # (at the full budget this second review took most of the test's minute).
    monkeypatch.chdir(tmp_path)
    for name, value in (("PARLOUR_SKILL_BUDGET", "2"), *NO_COLOR.items()):
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(review_cli, "Reviews", functools.partial(review_cli.Reviews, budget=12))
    assert main(["review", number, "--seat", "2"]) == 0
    ai = capsys.readouterr().out
    assert "(AI, easy): " in ai.splitlines()[1], ai

    polish = _review(tmp_path, number, "--lang", "pl")
    assert f"Analiza gry #{number} (Coins) dla gracza Alice: " in polish.stdout, polish.stdout
    assert "Szacowany koszt: około " in polish.stdout

    bad = _review(tmp_path, number, "--seat", "9")
    assert bad.returncode == 2 and bad.stdout.strip() == f"Error: Game #{number} has seats " \
        "1 to 3.", bad.stdout
