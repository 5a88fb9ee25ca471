"""Commands as a newcomer types them (issue 42): the terminal's turn timer, the leaderboard
without a game, game names players use, migrate-db to a server that is not there, the
README's placeholder token, and the daily's last screen."""

from __future__ import annotations

import io
import socket

import pytest

import rules
from bot import plugins
from bot.cli import build_parser, main
from bot.cli.daily import run as run_daily
from bot.cli.play import LOCAL_CHANNEL, LOCAL_USER, terminal_config
from bot.core import Core, ManualClock, SeatReplaced, Strike
from tests.cli_driver import Session
from tests.test_daily_cli import NOON


async def test_terminal_timeouts_play_the_move_and_never_take_the_seat(tmp_path) -> None:
    # On Discord two expiries hand the seat to the AI and count as abandoning (rating
    # 1500 -> 1484); alone at a terminal, the timer only makes the move that ran out.
    clock = ManualClock()
    core = Core(terminal_config(str(tmp_path / "t.db")), clock=clock)
    sub = core.subscribe(channel_id=LOCAL_CHANNEL)
    await core.start(channels=[LOCAL_CHANNEL])
    try:
        await core.create_table(LOCAL_CHANNEL, LOCAL_USER, "Alice", "coins", {},
                                turn_seconds=30, keep_order=True, seed=3)
        for _ in range(2):
            await core.add_ai(LOCAL_CHANNEL, LOCAL_USER, "random")
        await core.start_game(LOCAL_CHANNEL, LOCAL_USER)
        strikes = 0
        for _ in range(40):
            await core.settle()
            info = core.table(LOCAL_CHANNEL)
            if info is None or strikes >= 4:
                break
            await clock.advance(31)
            got = sub.drain()
            assert not any(isinstance(u, SeatReplaced) for u in got)
            strikes += sum(isinstance(u, Strike) for u in got)
        assert strikes >= 4
        info = core.table(LOCAL_CHANNEL)
        assert info is not None
        alice = info.seats[info.seat_of(LOCAL_USER)]
        assert alice.ai_level is None and not alice.abandoned   # still hers, not deserted
    finally:
        await core.stop()


def test_help_says_what_a_timeout_does(capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert ("When it runs out the AI (level easy) makes that one move for you and the game "
            "goes on: the seat stays yours, and the game is recorded as usual when it ends"
            in out)
    assert "--wide" in out


def test_leaderboard_without_a_game_shows_every_game(tmp_path, capsys) -> None:
    db = tmp_path / "l.db"
    s = Session("coins", "--seed", "1", "--db", str(db), "--name", "Alice", cwd=tmp_path)
    s.until_prompt()
    s.eof()                                    # the database exists, no game recorded
    assert main(["leaderboard", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    for game in rules.GAMES.values():
        assert f"{game.title} leaderboard (global)" in out
    assert "Error" not in out


@pytest.mark.parametrize("typed", ["sergeant-major", "Sergeant Major", "sergeant_major",
                                   "старшина", "Starszyna"])
def test_game_names_players_type(typed: str) -> None:
    assert plugins.find(typed).name == "starshina"


def test_play_sergeant_major(tmp_path) -> None:
    s = Session("sergeant-major", "--seed", "1", "--name", "Alice", cwd=tmp_path,
                env={"NO_COLOR": "1"})
    board = s.until_prompt()
    assert "━━ Starshina" in board
    assert s.eof() == 0


def test_migrate_db_to_an_unreachable_server_says_so(tmp_path, capsys) -> None:
    source = tmp_path / "m.db"
    s = Session("coins", "--seed", "1", "--db", str(source), "--name", "Alice", cwd=tmp_path)
    s.until_prompt()
    s.eof()
    with socket.socket() as sock:              # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code = main(["migrate-db", "--db", str(source), "--to",
                 f"postgresql://parlour:secret@127.0.0.1:{port}/parlour"])
    out = capsys.readouterr().out
    assert code == 1
    assert out.startswith(f"Error: cannot reach the PostgreSQL server of 127.0.0.1:{port} (")
    assert "Is it running, and are the host and port right?" in out
    assert "[Errno" not in out and "secret" not in out


def test_run_refuses_the_readme_placeholder_token(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "your-bot-token")
    assert main(["run", "--db", str(tmp_path / "r.db")]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is 'your-bot-token', the README's placeholder" in err
    assert not (tmp_path / "r.db").exists()


def test_the_daily_ends_without_drawing_a_hand_never_played(tmp_path) -> None:
    args = build_parser().parse_args(["daily", "thirteens", "--db", str(tmp_path / "d.db"),
                                      "--name", "Alice", "--color", "never"])
    out = io.StringIO()
    assert run_daily(args, stdin=io.StringIO("1\n" * 60), out=out,
                     clock=ManualClock(NOON)) == 0
    text = out.getvalue()
    last = text[text.rfind("> "):text.index("Working out par...")]
    assert "━━ " in last and "Daily deal over" in last
    assert "Your hand" not in last and "Hand 2:" not in last
    assert "End of hand 1" in last


def test_the_daily_names_the_player_as_play_does(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("getpass.getuser", lambda: "root")   # no login name to borrow
    args = build_parser().parse_args(["daily", "coins", "--db", str(tmp_path / "d.db"),
                                      "--lang", "ru", "--color", "never"])
    out = io.StringIO()
    assert run_daily(args, stdin=io.StringIO("quit\n"), out=out,
                     clock=ManualClock(NOON)) == 0
    text = out.getvalue()
    assert "Игрок" in text and "Player" not in text, text


@pytest.mark.parametrize("command", ["doctor", "run", "health"])
def test_a_commands_help_shows_no_markup(command: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert "``" not in text and "parlour doctor``" not in text, text
    assert text.split("\n\n")[1][:1].isupper(), text
