"""The terminal on the table core: ``parlour play`` with piped input, then
``parlour leaderboard`` and ``parlour replay`` of the game it recorded."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.cli.saved import kept_bye
from bot.i18n import EN

ROOT = Path(__file__).resolve().parents[1]


def parlour(*args: str, stdin: str = "", cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", *args],
        input=stdin, capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def test_play_coins_with_piped_input_then_leaderboard_and_replay(tmp_path) -> None:
    moves = "flibbertigibbet\nplay ZZ\n\nhelp\n99\n" + "1\n" * 400
    run = parlour("play", "coins", "--seed", "3", "--ai", "random", "--name", "Alice",
                  stdin=moves, cwd=tmp_path)
    out = run.stdout
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in out + run.stderr
    assert "'flibbertigibbet' is not one of your moves now (Play a card)." in out
    assert "'ZZ' is not a card" in out
    assert "There is no move number 99" in out
    assert out.count("Your move\n") >= 3  # shown each turn, and again for ''
    assert "What you can do now" in out     # 'help'
    assert "Your hand (16 cards)" in out and "Result\n  1st " in out
    game_id = int(re.search(r"Game #(\d+) recorded", out).group(1))
    assert "Rating (overall) of Alice: 1500 -> " in out
    assert (tmp_path / "parlour.db").exists()  # the default database, in the working dir

    board = parlour("leaderboard", "coins", cwd=tmp_path)
    assert board.returncode == 0, board.stderr
    lines = board.stdout.splitlines()
    assert lines[0] == "Coins leaderboard (global)"
    row = next(line for line in lines if line.strip().startswith("1 "))
    parts = row.split()  # position, name, rating, games, wins, win%
    assert parts[1] == "Alice" and parts[3] == "1" and parts[-1].endswith("%")
    assert "provisional" in board.stdout
    assert parlour("leaderboard", "coins", "--scope", "12345", cwd=tmp_path).stdout.endswith(
        "No rated games yet.\n")
    russian = parlour("leaderboard", "coins", "--lang", "ru", cwd=tmp_path).stdout
    assert russian.splitlines()[0] == "Монеты: рейтинг (все серверы)", russian
    polish = parlour("leaderboard", "coins", "--lang", "pl", cwd=tmp_path).stdout
    assert polish.splitlines()[0] == "Coins: ranking (wszystkie serwery)", polish
    assert parlour("leaderboard", "coins", "--scope", "12345", "--lang", "pl",
                   cwd=tmp_path).stdout.startswith("Coins: ranking (serwer 12345)")
    assert "игрок" in russian and "предварительный" in russian and "provisional" not in russian
    stats = parlour("leaderboard", "--user", "0", "--lang", "pl", cwd=tmp_path).stdout
    assert stats.startswith("Statystyki użytkownika 0 (wszystkie serwery):"), stats

    replay = parlour("replay", str(game_id), "--hands", cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr
    text = replay.stdout
    assert text.startswith(f"Game #{game_id}: Coins (target=15), seed 3,")
    db = sqlite3.connect(tmp_path / "parlour.db")
    moves_logged = db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?",
                              (game_id,)).fetchone()[0]
    db.close()
    assert len(re.findall(r"^\d+\. ", text, re.M)) == moves_logged
    # An AI seat's moves are its own (its name says AI): no "[AI]" tag after the name.
    assert re.search(r"^\d+\. Ada \(AI, random\): ", text, re.M) and "[AI]" not in text
    assert "hand of Alice: " in text and "hand of Ada (AI, random): " in text
    assert "Final ranks: " in text and "\nResult\n  1st " in text
    listing = parlour("replay", cwd=tmp_path)
    assert listing.stdout.startswith(f"#{game_id} ") and "coins" in listing.stdout
    # In Russian: the frame, the AI seats, the boards and the hands.
    russian = parlour("replay", str(game_id), "--hands", "--lang", "ru", cwd=tmp_path).stdout
    assert russian.startswith(f"Игра №{game_id}: Монеты (target=15), зерно 3,")
    assert "рука игрока Ada (ИИ, случайный): " in russian and "Итоговые места: " in russian
    assert "hand of" not in russian and "(AI," not in russian


def test_quit_and_end_of_input_keep_the_game_without_recording(tmp_path) -> None:
    run = parlour("play", "piquet", "--option", "variant=au_cent", "--db", "t.db",
                  stdin="help\nquit\n", cwd=tmp_path)
    said = " ".join(run.stdout.split())
    assert run.returncode == 0 and said.endswith(kept_bye("piquet", "t.db", EN))
    run = parlour("play", "thirteens", "--players", "4", "--db", "t.db", stdin="",
                  cwd=tmp_path)
    said = " ".join(run.stdout.split())
    assert run.returncode == 0 and said.endswith(kept_bye("thirteens", "t.db", EN))
    assert "(Also kept: Piquet " in said and "'parlour play piquet --db t.db' resumes it" in said
    db = sqlite3.connect(tmp_path / "t.db")
    statuses = [r[0] for r in db.execute("SELECT status FROM tables ORDER BY id")]
    games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    db.close()
    assert statuses == ["playing", "playing"] and games == 0


def test_bad_arguments_are_clear_errors(tmp_path) -> None:
    run = parlour("play", "coins", "--option", "target=lots", "--db", "t.db", cwd=tmp_path)
    assert run.returncode == 2
    assert "Error: Option 'target' needs a whole number, not 'lots'." in run.stdout
    run = parlour("play", "coins", "--players", "5", "--db", "t.db", cwd=tmp_path)
    assert run.returncode == 2 and "is for 3 players, not 5" in run.stdout
    run = parlour("play", "pinkerton", "--players", "9", "--db", "t.db", cwd=tmp_path)
    assert run.returncode == 2 and "is for 2 to 6 players, not 9." in run.stdout, run.stdout
    run = parlour("play", "pinkerton", "--players", "9", "--lang", "pl", "--db", "t.db",
                  cwd=tmp_path)
    assert "jest dla 2–6 graczy, nie 9." in run.stdout, run.stdout
    run = parlour("play", "bridge", "--db", "t.db", cwd=tmp_path)
    assert run.returncode == 2 and "Unknown game 'bridge'" in run.stdout
    run = parlour("replay", "5", "--db", "t.db", cwd=tmp_path)
    assert "No database at t.db" in run.stdout
    assert not (tmp_path / "t.db").exists()  # a bad command creates no database
