"""``parlour play`` on PostgreSQL while the server restarts: the game goes on, a move made
while the database is away is refused with a sentence, every acknowledged move is
stored, and what the libraries log (asyncpg reconnecting) goes to the log file, never
to the player's screen."""

from __future__ import annotations

import time

import asyncpg
import pytest

from bot.core.errors import NOT_SAVED
from tests.cli_driver import Session, next_move
from tests.pgserver import PgServer

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]

FLOOR = "Failed to restore the pool connection floor"


async def _stored_moves(db: str) -> list[int]:
    conn = await asyncpg.connect(db)
    try:
        return [r["move"] for r in await conn.fetch(
            "SELECT a.move FROM actions a JOIN tables t ON t.id = a.table_id "
            "WHERE t.channel_id = 0 ORDER BY a.move")]
    finally:
        await conn.close()


def _wait_for(predicate, what: str, timeout: float = 30) -> None:
    """A hang guard while the bot's background work happens."""
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.1)


async def test_a_database_restart_mid_game_stays_off_the_screen(
        own_pg_server: PgServer, tmp_path) -> None:
    db = own_pg_server.create_database()
    log = tmp_path / "parlour.log"   # parlour play on PostgreSQL logs in its directory
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", "--db", db,
                cwd=tmp_path, env={"NO_COLOR": "1"})
    try:
        board = s.until_prompt()
        moves = 0
        for _ in range(3):   # a few moves before the outage
            screen = s.send(next_move(board))
            board = screen if "Your move" in screen else board
            moves += 1

        own_pg_server.pause()
        refused = s.send(next_move(board))
        assert NOT_SAVED in " ".join(refused.split()), refused
        # The pool tries to reconnect meanwhile and asyncpg logs it, with a traceback.
        _wait_for(lambda: log.exists() and FLOOR in log.read_text(), "asyncpg's warning logged")
        own_pg_server.resume()

        answered = 0
        for _ in range(40):   # the game goes on: moves are taken again
            screen = s.send(next_move(board))
            if "Your move" in screen:
                board = screen
            if NOT_SAVED not in " ".join(screen.split()):
                answered += 1
            if answered >= 3:
                break
            time.sleep(0.2)
        assert answered >= 3, s.text[-3000:]
        s.eof()
    finally:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait(10)

    assert "Traceback" not in s.text and "asyncpg" not in s.text and FLOOR not in s.text, \
        s.text[-3000:]
    text = log.read_text()
    assert "Traceback" in text and FLOOR in text
    stored = await _stored_moves(db)
    assert stored == list(range(1, len(stored) + 1)) and len(stored) >= moves + 3
