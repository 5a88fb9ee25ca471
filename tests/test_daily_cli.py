"""``parlour daily GAME`` in the terminal: a whole daily, quitting keeps the attempt,
the result against par and the field, and one attempt a day."""

from __future__ import annotations

import io

from bot.cli import build_parser
from bot.cli.daily import run
from bot.core import ManualClock

# Noon UTC: the three runs of a test fall on one day whenever the suite runs.
NOON = 1_795_435_200.0   # 2026-11-23 12:00 UTC


def _daily(tmp_path, game: str, lines: str) -> tuple[int, str]:
    args = build_parser().parse_args(["daily", game, "--db", str(tmp_path / "d.db"),
                                      "--name", "Alice", "--color", "never"])
    out = io.StringIO()
    code = run(args, stdin=io.StringIO(lines), out=out, clock=ManualClock(NOON))
    return code, out.getvalue()


def test_quit_keeps_the_attempt_then_play_it_out_and_see_the_result(tmp_path) -> None:
    code, text = _daily(tmp_path, "pinkerton", "1\nquit\n")
    assert code == 0
    assert "Pinkerton daily #" in text and "Your move" in text
    assert "Your attempt is saved; run the same command again to go on." in text
    code, text = _daily(tmp_path, "pinkerton", "1\n" * 300)
    assert code == 0, text
    assert "Traceback" not in text and "None" not in text
    assert "You finished Pinkerton daily #" in text
    assert "Par, what the hard AI scored from your seat, is" in text
    assert "You are 1st of 1 overall." in text
    assert "To share: Pinkerton daily #" in text and ", 1st of 1 overall" in text
    assert "Your daily streak: 1 day." in text
    # One attempt a day: the second run shows the result instead of a new deal.
    code, text = _daily(tmp_path, "pinkerton", "1\n")
    assert code == 0
    assert "You have played Pinkerton daily #" in text and "midnight UTC" in text
    assert "Your move" not in text and "You finished Pinkerton daily #" in text


def test_an_unknown_game_is_refused(tmp_path) -> None:
    code, text = _daily(tmp_path, "bridge", "")
    assert code == 2
    assert "There is no daily deal of 'bridge'. Daily games: coins, pinkerton, piquet, " \
           "starshina, thirteens." in " ".join(text.split())


def test_hint_is_answered_the_daily_has_none_and_nothing_changes(tmp_path) -> None:
    code, text = _daily(tmp_path, "pinkerton", "hint\npodpowiedź\n\nquit\n")
    assert code == 0
    said = " ".join(text.split())
    assert said.count("The daily deal has no hints: everyone plays the same deal on their "
                      "own. 'parlour play' games have them.") == 2
    assert "is not one of your moves" not in said
    # What quit does is what the screen says: the attempt is kept.
    assert "quit saves." in said and "quit stops" not in said
    assert "nothing is recorded" not in said
    assert said.endswith("Your attempt is saved; run the same command again to go on.")


def test_a_whole_game_daily_ends_without_a_hand_on_the_screen(tmp_path) -> None:
    # Coins' daily is a whole game: it ends when someone reaches 10, cards still in hand.
    code, text = _daily(tmp_path, "coins", "1\n" * 300)
    assert code == 0, text
    last = text[text.rindex("\n> "):text.index("Working out par...")]
    assert "Game over" in last and "Result" in last
    assert "Your hand" not in last and "Your move" not in last
