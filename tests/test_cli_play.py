"""``parlour play`` as a newcomer plays it: scripted games of every game through the
real command (pipes or a pseudo-terminal), the table view, colour, help, moves as
players say them, bad input, and the ways out."""

from __future__ import annotations

import re

import pytest

from bot.cli import build_parser
from bot.cli.saved import kept_bye
from bot.i18n import EN
from tests.cli_driver import Session, ends_with, next_move, play_out

NO_COLOR = {"NO_COLOR": "1"}
ESC = "\x1b["


def _labels_of_a_table_view(text: str) -> None:
    for label in ("Player", "Cards", "On the table", "Recent", "Your hand (", "Your move"):
        assert label in text, label
    assert re.search(r"^▶ +Alice \(you\)", text, re.M), "the seat to move is marked"
    # nothing of the old debug dump, no Python values, the name never "You"
    for dump in ("deal no:", "discarded:", "voids:", "hand_sizes", "None", "True", "False",
                 "You takes", "You wins", "You has"):
        assert dump not in text, dump


GAMES = [
    pytest.param("coins", [], id="coins"),
    pytest.param("thirteens", [], id="thirteens"),
    pytest.param("pinkerton", [], id="pinkerton"),
    pytest.param("piquet", [], id="piquet-rubicon"),
    pytest.param("piquet", ["--option", "variant=normand"], id="piquet-normand"),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_whole_game_through_the_terminal(tmp_path, game: str, options: list[str]) -> None:
    s = Session(game, "--seed", "4", "--ai", "random", "--name", "Alice", *options,
                cwd=tmp_path, env=NO_COLOR)
    text = play_out(s, limit=1500)
    assert s.proc.returncode == 0
    assert "Traceback" not in text
    assert ESC not in text                     # NO_COLOR: plain text only
    _labels_of_a_table_view(text)
    assert "Result" in text.splitlines()
    assert re.search(r"Game #\d+ recorded: see it again with 'parlour replay \d+'\.", text)


def test_starshina_first_moves_then_end_of_input(tmp_path) -> None:
    s = Session("starshina", "--seed", "2", "--ai", "easy", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    for _ in range(12):
        _labels_of_a_table_view(board)
        assert "Quota" in board
        screen = s.send(next_move(board))
        board = screen if "Your move" in screen else board
    assert "Quota" in s.text and "The kitty" in s.text
    assert s.eof() == 0
    assert ends_with(s.text, kept_bye("starshina", "parlour.db", EN))


def test_a_terminal_gets_colour_and_no_color_turns_it_off(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                tty=True)
    s.until_prompt()
    assert s.eof() == 0
    assert ESC in s.raw and "\x1b[1;7m▶" in s.raw          # colour, the seat to move lit
    assert re.search(r"\x1b\[1;3[1-4]m[0-9JNKA]{1,2}[COEB]\x1b\[0m", s.raw)  # a Spanish card
    assert ends_with(s.text, kept_bye("coins", "parlour.db", EN))
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", "--new",
                cwd=tmp_path, tty=True, env=NO_COLOR)
    s.until_prompt()
    assert s.eof() == 0
    assert ESC not in s.raw and "Your move" in s.raw
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", "--color",
                "never", "--new", cwd=tmp_path, tty=True)
    s.until_prompt()
    s.eof()
    assert ESC not in s.raw


def test_help_is_short_and_help_all_lists_every_move(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    short = s.send("help")
    assert short.startswith("What you can do now\n")
    assert "Play a card: type its number (1-16) or the card, e.g. '" in " ".join(short.split())
    assert "Suit cycle:" in short and "Suit letters:" in short   # the deck legend, in full
    full = s.send("help all")
    assert full.startswith("Every move now\n")
    assert len(full.splitlines()) > len(short.splitlines())
    assert re.search(r"^\s+16  Play \w+$", full, re.M)      # said once, not "Play 5B  play 5B"
    s.eof()


def test_piquet_exchange_help_summarises_instead_of_listing_combinations(tmp_path) -> None:
    s = Session("piquet", "--seed", "1", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    assert "The exchange" in board
    short = s.send("help")
    assert "type 'discard' and 1 to 3 cards from your hand, or just the cards, e.g. " in " ".join(
        short.split())
    full = s.send("help all")
    assert "choose 1 to 3 cards of: " in " ".join(full.split())
    assert len(full.splitlines()) < 8                  # not hundreds of combinations
    s.eof()


def test_piquet_answers_typed_as_players_say_them(tmp_path) -> None:
    s = Session("piquet", "--seed", "1", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    board = s.send(next_move(board))             # the exchange, as the view suggests
    assert "[2] Not good - point of six" in board
    said = " ".join(s.send("not good").split())  # fits four answers: say which
    assert said.startswith("'not good' fits several moves: Not good - point of six [2], ")
    assert "Type more of it, or its number." in said
    board = s.send("Not good - point of SIX")
    assert "Alice: Point of six." in board or "point of six" in board.lower()
    assert "Not good" not in board[board.rfind("Your move"):] or "[1]" in board
    s.eof()
    s = Session("piquet", "--seed", "1", "--ai", "random", "--name", "Alice", "--new",
                cwd=tmp_path, env=NO_COLOR)
    board = s.until_prompt()
    board = s.send(next_move(board))
    after = s.send("GOOD")                       # any case
    assert "concedes" in after.lower() or "good" in after.lower()
    assert "fits several" not in after and "not one of your moves" not in after
    s.eof()


def test_bad_input_gets_a_message_and_changes_nothing(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    hand = board[board.index("Your hand"):board.index("Your move")]
    said = s.send("flibbertigibbet")             # wrapped to the terminal, between words
    assert said.startswith("'flibbertigibbet' is not one of your moves now (Play a card). "
                           "Type help to see\nhow to move.")
    assert s.send("play ZZ").startswith("'ZZ' is not a card")
    assert s.send("99").startswith("There is no move number 99: the moves are numbered 1 to 16.")
    assert s.send("play").startswith("'play' fits several moves: Play ")
    again = s.send("")                           # an empty line shows the moves again
    assert again.startswith("Your move\n")
    board = s.send("1")                          # and the table is as it was until then
    assert "Your hand (15 cards)" in board and "Your hand (16 cards)" in hand
    s.eof()


@pytest.mark.parametrize("how", ["eof", "ctrl-c", "quit"])
def test_every_way_out_keeps_the_game_with_the_same_message(tmp_path, how: str) -> None:
    s = Session("piquet", "--seed", "1", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                tty=True, env=NO_COLOR)
    s.until_prompt()
    if how == "eof":
        code = s.eof()
    elif how == "ctrl-c":
        code = s.interrupt()
    else:
        s.send("quit")
        code = s.finish()
    assert code == 0
    assert ends_with(s.text, kept_bye("piquet", "parlour.db", EN))
    assert "Traceback" not in s.text and "KeyboardInterrupt" not in s.text


def test_ctrl_c_while_the_ai_thinks_ends_the_same_way(tmp_path) -> None:
    s = Session("thirteens", "--players", "4", "--seed", "1", "--ai", "random", "--name",
                "Alice", cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    s.proc.stdin.write(b"1\n")
    s.proc.stdin.flush()
    assert s.interrupt() == 0
    assert ends_with(s.text, kept_bye("thirteens", "parlour.db", EN))
    assert "Traceback" not in s.text


def test_defaults_a_newcomer_sees_in_help(tmp_path, capsys) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "level of the AI seats (default: normal)" in out
    assert ("(default: your login name; without one, the name you last played under, or "
            "Player)") in out
    args = parser.parse_args(["play", "coins"])
    assert args.ai == "normal"
    s = Session("coins", "--name", "you", cwd=tmp_path)
    assert s.finish() == 2
    assert 'With --name you the game would say "you takes the trick"' in s.text


def test_pinkerton_count_is_asked_for_not_played(tmp_path) -> None:
    s = Session("pinkerton", "--players", "3", "--seed", "2", "--ai", "random", "--name",
                "Alice", cwd=tmp_path, env=NO_COLOR)
    board = s.until_prompt()
    assert re.search(r"Alice \(you\)\s+dealer", board)
    refused = s.send("count")
    assert refused.startswith("The dealer may not ask for the count; another player has to ask.")
    assert s.send("").startswith("Your move\n")          # still Alice's move, nothing changed
    assert s.eof() == 0


def test_a_second_terminal_game_on_the_same_database_is_refused(tmp_path):
    # Terminal tables share one channel: a second game at once must not cancel the first.
    from bot.cli.play import _terminal_lock

    db = str(tmp_path / "parlour.db")
    first = _terminal_lock(db)
    assert first is not None
    assert _terminal_lock(db) is None
    first.close()                       # the first game ended (or its process died)
    again = _terminal_lock(db)
    assert again is not None
    again.close()


@pytest.mark.parametrize("code", ["en", "pl"])
def test_the_second_games_refusal_is_wrapped_between_words(tmp_path, code: str) -> None:
    from bot.cli.play import _terminal_lock
    lock = _terminal_lock(str(tmp_path / "parlour.db"))
    assert lock is not None
    try:
        s = Session("coins", "--lang", code, cwd=tmp_path, env={"NO_COLOR": "1"},
                    size=(80, 24))
        assert s.finish() == 2
    finally:
        lock.close()
    lines = s.text.strip().splitlines()
    assert len(lines) >= 2 and all(len(line) <= 80 for line in lines), lines
    assert " ".join(lines).endswith(".db."), lines     # whole words on every line
