"""A terminal game is kept between sessions (bot/cli/saved.py): quit, Ctrl-D or Ctrl-C
keep it, the next ``parlour play`` of that game offers it again at the same position with
the same AI, ``--new`` gives it up, and a finished game is never offered."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path

import pytest

from bot.cli import saved
from bot.cli.play import terminal_config
from bot.cli.saved import LOCAL_CHANNEL, kept_bye
from bot.core import Core, CoreConfig, Store
from bot.i18n import EN, lang_for
from tests.cli_driver import Session, ends_with, next_move, play_out

NO_COLOR = {"NO_COLOR": "1"}
STARSHINA = ("starshina", "--seed", "2", "--ai", "easy", "--name", "Alice",
             "--turn-seconds", "900")


def _moves(s: Session, board: str, n: int) -> str:
    """Make ``n`` moves as a newcomer would; the last board shown."""
    for _ in range(n):
        screen = s.send(next_move(board))
        board = screen if "Your move" in screen else board
    return board


def _log(db: Path) -> list[tuple]:
    """Every table of ``db``: its status, channel, settings and the moves it logged."""
    con = sqlite3.connect(db)
    try:
        out = []
        for tid, status, channel, settings, seats, seed in con.execute(
                "SELECT id, status, channel_id, settings, seats, seed FROM tables ORDER BY id"):
            moves = con.execute("SELECT move, seat, actor, action FROM actions "
                                "WHERE table_id = ? ORDER BY move", (tid,)).fetchall()
            out.append((status, channel, json.loads(settings)["turn_seconds"],
                        [(s["name"], s["ai_level"]) for s in json.loads(seats)], seed, moves))
        return out
    finally:
        con.close()


def _hand(board: str) -> list[str]:
    """The hand panel's cards (not its notes of what you did lately)."""
    panel = board[board.rindex("Your hand"):board.rindex("Your move")].splitlines()
    return [line for line in panel if not line.strip().startswith("You ")]


def test_quit_then_play_resumes_the_same_position_and_the_same_ai(tmp_path) -> None:
    # One game played straight through, 10 of your moves ...
    straight = tmp_path / "straight"
    straight.mkdir()
    s = Session(*STARSHINA, cwd=straight, env=NO_COLOR)
    _moves(s, s.until_prompt(), 10)
    s.send("quit")
    assert s.finish() == 0
    # ... and the same game stopped after 4 (quit), then after 7 (Ctrl-D on a terminal).
    broken = tmp_path / "broken"
    broken.mkdir()
    s = Session(*STARSHINA, cwd=broken, env=NO_COLOR)
    before = _moves(s, s.until_prompt(), 4)
    s.send("quit")
    assert s.finish() == 0
    assert ends_with(s.text, kept_bye("starshina", "parlour.db", EN))
    assert "nothing was recorded" not in s.text
    kept = _log(broken / "parlour.db")
    assert [t[0] for t in kept] == ["playing"]
    moves = len(kept[0][5])
    # No seed, players, level or timer given: the kept game has its own.
    s = Session("starshina", cwd=broken, env=NO_COLOR, tty=True)
    offer = " ".join(s.until_prompt().split())
    assert re.search(r"You have a game of Starshina \(Sergeant Major\) in progress from "
                     rf"\d{{4}}-\d\d-\d\d \d\d:\d\d, move {moves} \(3 players, AI: easy, "
                     r"turn timer 900 s\)\. Resume it\? Enter or y: resume; n: give it up", offer)
    again = s.send("")
    assert "Resuming your game of Starshina (Sergeant Major) from " in " ".join(again.split())
    assert _hand(again) == _hand(before)             # the same position, the same hand
    board = _moves(s, again, 3)
    assert s.eof() == 0                              # Ctrl-D keeps it too
    assert ends_with(s.text, kept_bye("starshina", "parlour.db", EN))
    s = Session("starshina", cwd=broken, env=NO_COLOR)
    s.until_prompt()
    again = s.send("y")
    assert _hand(again) == _hand(board)
    _moves(s, again, 3)
    s.send("quit")
    assert s.finish() == 0
    # One table, and its log is the straight game's move for move: the AI seats played
    # the resumed positions exactly as they did without a break.
    got, want = _log(broken / "parlour.db"), _log(straight / "parlour.db")
    assert len(got) == 1 and got[0][1] == LOCAL_CHANNEL   # left where the terminal plays
    assert got[0][2:] == want[0][2:]
    assert got[0][2] == 900


def test_new_gives_the_kept_game_up_and_says_so(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR, tty=True)
    _moves(s, s.until_prompt(), 2)
    assert s.interrupt() == 0                        # Ctrl-C keeps it as well
    assert ends_with(s.text, kept_bye("coins", "parlour.db", EN))
    s = Session("coins", "--new", "--seed", "5", "--ai", "random", "--name", "Alice",
                cwd=tmp_path, env=NO_COLOR)
    board = " ".join(s.until_prompt().split())
    assert re.search(r"^\(Your game of Coins from \S+ \S+, move \d+, was given up: nothing "
                     r"was recorded\.\)", board)
    assert "Resume it?" not in board and "You play as Alice." in board
    s.send("quit")
    s.finish()
    tables = _log(tmp_path / "parlour.db")
    assert [t[0] for t in tables] == ["cancelled", "playing"]
    assert [t[4] for t in tables] == [3, 5]
    con = sqlite3.connect(tmp_path / "parlour.db")
    assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    con.close()


def test_the_offers_answers_n_q_and_nonsense(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    s.until_prompt()
    s.send("quit")
    s.finish()
    s = Session("coins", cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    assert s.send("perhaps").startswith("Type y to resume the game, n to start a new one, "
                                        "or q to quit.")
    s.send("q")
    assert s.finish() == 0
    assert ends_with(s.text, kept_bye("coins", "parlour.db", EN))
    assert [t[0] for t in _log(tmp_path / "parlour.db")] == ["playing"]
    s = Session("coins", "--seed", "4", cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    board = " ".join(s.send("n").split())
    assert board.startswith("(Your game of Coins from ") and "was given up" in board
    s.eof()
    assert [t[0] for t in _log(tmp_path / "parlour.db")] == ["cancelled", "playing"]


def test_a_kept_game_waits_while_another_game_is_played(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    before = _moves(s, s.until_prompt(), 2)
    s.eof()
    s = Session("thirteens", "--seed", "1", "--ai", "random", "--name", "Alice",
                cwd=tmp_path, env=NO_COLOR)
    board = " ".join(s.until_prompt().split())
    assert board.startswith("(Also kept: Coins from ") and \
        "'parlour play coins' resumes it.)" in board
    s.eof()
    s = Session("coins", cwd=tmp_path, env=NO_COLOR)
    assert "You have a game of Coins in progress" in s.until_prompt()
    assert _hand(s.send("y")) == _hand(before)
    s.eof()


def test_a_finished_game_is_not_offered(tmp_path) -> None:
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", "--option",
                "target=10", cwd=tmp_path, env=NO_COLOR)
    text = play_out(s, limit=1500)
    assert "Game #1 recorded" in text
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", cwd=tmp_path,
                env=NO_COLOR)
    board = s.until_prompt()
    assert "in progress" not in board and "You play as Alice." in board
    s.eof()


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_the_offer_and_the_kept_line_in_polish_and_russian(tmp_path, code: str) -> None:
    lang = lang_for(code)
    s = Session("coins", "--seed", "3", "--ai", "random", "--name", "Alice", "--lang", code,
                cwd=tmp_path, env=NO_COLOR)
    s.until_prompt()
    s.send("quit")
    s.finish()
    assert ends_with(s.text, kept_bye("coins", "parlour.db", lang))
    s = Session("coins", "--lang", code, cwd=tmp_path, env=NO_COLOR)
    offer = s.until_prompt()
    assert lang._("Resume it? Enter or y: resume; n: give it up and start a new game (it is "
                  "not recorded); q: quit and keep it.").split(";")[0] in " ".join(offer.split())
    assert lang.n_("{n} player", "{n} players", 3) in offer
    board = s.send("t" if code == "pl" else "да")
    assert lang._("Your move") in board
    s.eof()


async def test_a_bot_on_the_same_database_leaves_terminal_games_alone(tmp_path) -> None:
    db = str(tmp_path / "shared.db")
    terminal = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=0))
    await terminal.start(channels=[LOCAL_CHANNEL])
    await terminal.create_table(LOCAL_CHANNEL, 0, "Alice", "coins", {}, keep_order=True,
                                seed=3)
    await terminal.add_ai(LOCAL_CHANNEL, 0, "random")
    await terminal.add_ai(LOCAL_CHANNEL, 0, "random")
    await terminal.start_game(LOCAL_CHANNEL, 0)
    await terminal.stop()
    bot = Core(CoreConfig(db_path=db, ai_executor="inline", ai_delay=0))
    resumed = await bot.start()
    try:
        assert resumed == [] and bot.table(LOCAL_CHANNEL) is None
    finally:
        await bot.stop()


async def test_a_resumed_turn_gets_a_fresh_timer_not_the_one_that_ran_out_meanwhile(
        tmp_path) -> None:
    db = str(tmp_path / "t.db")
    core = Core(terminal_config(db))
    await core.start(channels=[LOCAL_CHANNEL])
    await core.create_table(LOCAL_CHANNEL, 0, "Alice", "coins", {}, turn_seconds=30,
                            keep_order=True, seed=4)   # seed 4: Alice leads the first trick
    await core.add_ai(LOCAL_CHANNEL, 0, "random")
    await core.add_ai(LOCAL_CHANNEL, 0, "random")
    await core.start_game(LOCAL_CHANNEL, 0)
    await core.settle()
    info = core.table(LOCAL_CHANNEL)
    assert info is not None and info.current_seat == info.seat_of(0)
    move = info.move
    await core.stop()
    store = Store(db)
    await store.open()
    # An hour away: the saved deadline ran out long ago.
    await store.write(("UPDATE tables SET deadline = ?, reminder_at = ?",
                       (time.time() - 3600, time.time() - 3610)))
    await saved.shelve_left(store)
    [kept] = await saved.kept_games(store)
    assert kept.turn_seconds == 30 and kept.move == move
    await saved.unshelve(store, kept, 2 / 3)
    row = await store.fetchone("SELECT deadline, channel_id FROM tables WHERE id = ?",
                               (kept.table_id,))
    await store.close()
    assert row["channel_id"] == LOCAL_CHANNEL and row["deadline"] > time.time() + 25
    core = Core(terminal_config(db))
    await core.start(channels=[LOCAL_CHANNEL])
    try:
        await core.settle()
        info = core.table(LOCAL_CHANNEL)
        assert info is not None and info.move == move     # no move made by the timer
        assert info.deadline is not None and info.deadline > time.time() + 25
    finally:
        await core.stop()
