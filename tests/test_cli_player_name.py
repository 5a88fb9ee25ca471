"""One terminal user is one player: without a login name the default name does not
follow ``--lang`` (it is the name the database already has for the terminal's player),
so the leaderboard shows one player under one name."""

from __future__ import annotations

from bot.i18n import lang_for
from tests.cli_driver import Session
from tests.test_cli_replay_pager import finished_game
from tests.test_core_cli import parlour

NO_COLOR = {"NO_COLOR": "1"}
NO_LOGIN = {"USER": "root", "LOGNAME": "root", "LNAME": "root", "USERNAME": "root"}


async def test_the_default_name_stays_the_same_in_every_language(tmp_path) -> None:
    # A game recorded before, by a Polish session under the default name of the time.
    await finished_game(tmp_path / "parlour.db", name=lang_for("pl")._("Player"))
    for code in ("ru", "en"):
        s = Session("coins", "--seed", "3", "--ai", "random", "--lang", code, "--new",
                    cwd=tmp_path, env={**NO_COLOR, **NO_LOGIN})
        board = s.until_prompt()
        assert lang_for(code)._("You play as {name}. Type a move, its number, or help; quit "
                                "(or Ctrl-D, Ctrl-C) keeps the game for later.",
                                name="Gracz").split(".")[0] in board, board
        assert lang_for(code)._("Player") + " (" not in board
        s.eof()
    board = parlour("leaderboard", "coins", "--lang", "ru", cwd=tmp_path).stdout
    assert "Gracz" in board and "Игрок" not in board and "Player" not in board

