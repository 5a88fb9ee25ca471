"""The terminal's game-over screen gives each seat's accuracy and luck (issue 49), in the
Discord board's words: "Accuracy and luck: working them out..." while the skills' own
worker process works them out, then "Alice: Accuracy 86 · Luck +12%" a seat, within
80x24.  A player who leaves before then loses nothing: the figures stay pending with the
game and the next 'parlour play' works them out."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import re
import sqlite3
import time
import types
from pathlib import Path
from typing import Any, cast

import pytest

from bot import plugins
from bot.cli.play import LOCAL_CHANNEL, LineReader, Terminal, terminal_config
from bot.cli.table_view import width_of
from bot.core import Core, SkillLine, SkillReady
from bot.core.hub import Hub, Subscription
from bot.core.skills import budget_from
from rules.ai.skill import SKILL_BUDGET
from tests.cli_driver import Session, next_move

SIZE = (80, 24)
TINY = {"NO_COLOR": "1", "PARLOUR_SKILL_BUDGET": "2"}     # a Coins game's figures at once
WORDS = {
    "en": ("Accuracy and luck: working them out...", "Accuracy and luck",
           r"Accuracy \d+ · Luck [+-]\d+%"),
    "ru": ("Точность и везение: идёт подсчёт...", "Точность и везение",
           r"Точность \d+ · Везение [+-]\d+%"),
}


def _to_game_over(s: Session) -> str:
    """Play the first move offered until the last one; what was shown up to it."""
    board = s.until_prompt()
    for _ in range(300):
        screen = s.send(next_move(board))
        if not screen.endswith("> "):
            return screen
        board = screen
    pytest.fail("the game did not end in 300 moves")


def _rows(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT seat, status, accuracy FROM game_skills "
                            "ORDER BY seat").fetchall()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_game_over_screen_gives_accuracy_and_luck(tmp_path, lang: str) -> None:
    working, heading, line = WORDS[lang]
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice", "--lang", lang,
                "--option", "target=10", "--db", "t.db", cwd=tmp_path, env=TINY, size=SIZE)
    final = _to_game_over(s)            # the screen stays until the figures are in
    assert s.finish() == 0
    assert "Traceback" not in s.text
    assert working in final
    after = final[final.index(working):]
    lines = re.findall(rf"^(.+): {line}$", after, re.M)
    assert len(lines) == 3 and lines[0] == "Alice", after   # a line a seat, AI seats too
    assert heading in after.split("\n")
    shown = final.rstrip("\n").split("\n")[-SIZE[1]:]   # what an 80x24 terminal keeps
    assert all(width_of(x) <= SIZE[0] for x in final.split("\n")), final
    assert any(x.startswith("Alice: ") for x in shown), final
    assert "replay 1'" in " ".join(shown), final   # "Game #1 recorded" is on the screen
    assert [r[1] for r in _rows(tmp_path / "t.db")] == ["done"] * 3


def _read_until(s: Session, text: str, timeout: float = 60) -> str:
    """Read until the text since the last mark holds ``text`` or ends with a prompt."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        seen = s.plain(s.raw[s._mark:])
        if text in seen or seen.endswith("> "):
            break
        s._read(0.2)
    seen, s._mark = s.plain(s.raw[s._mark:]), len(s.raw)
    return seen


def test_leaving_before_the_figures_keeps_them_for_later(tmp_path) -> None:
    """Enter at "working them out" leaves at once; the rows stay pending, and the next
    terminal session's core works them out (the terminal's own games)."""
    working = WORDS["en"][0]
    env = dict(TINY, PARLOUR_SKILL_BUDGET="400")     # far from ready when Enter comes
    s = Session("coins", "--seed", "4", "--ai", "random", "--name", "Alice",
                "--option", "target=10", "--db", "t.db", cwd=tmp_path, env=env)
    board = s.until_prompt()
    for _ in range(300):
        os.write(s.write_fd, (next_move(board) + "\n").encode())
        board = _read_until(s, working)
        if working in board:
            break
    else:
        pytest.fail("the game did not end in 300 moves")
    started = time.monotonic()
    os.write(s.write_fd, b"\n")
    assert s.finish() == 0
    assert time.monotonic() - started < 10          # the worker's work does not hold it
    assert "Traceback" not in s.text
    assert [r[1] for r in _rows(tmp_path / "t.db")] == ["pending"] * 3

    async def next_session() -> int:
        config = dataclasses.replace(terminal_config(str(tmp_path / "t.db"), 2),
                                     skill_executor="inline")
        core = Core(config)
        await core.start(channels=[LOCAL_CHANNEL])
        try:
            taken = await core.skills.resume(channel_id=LOCAL_CHANNEL)
            await core.skills.wait(1)
            return taken
        finally:
            await core.stop()

    assert asyncio.run(next_session()) == 1
    assert [r[1] for r in _rows(tmp_path / "t.db")] == ["done"] * 3


def test_the_budget_setting_is_read_in_one_place(tmp_path) -> None:
    """PARLOUR_SKILL_BUDGET as the bot, 'parlour play' and 'parlour review' read it; a bad
    value is said before any game starts."""
    assert budget_from({}) == SKILL_BUDGET
    assert budget_from({"PARLOUR_SKILL_BUDGET": "0"}) == 0
    assert budget_from({"PARLOUR_SKILL_BUDGET": " 8 "}) == 8
    for bad in ("lots", "-1"):
        with pytest.raises(ValueError, match="PARLOUR_SKILL_BUDGET"):
            budget_from({"PARLOUR_SKILL_BUDGET": bad})
    s = Session("coins", "--lang", "pl", cwd=tmp_path,
                env={"NO_COLOR": "1", "PARLOUR_SKILL_BUDGET": "lots"})
    assert s.finish() == 2
    assert ("Wartość PARLOUR_SKILL_BUDGET musi być liczbą całkowitą (0: wyłączone), a nie "
            "'lots'.") in " ".join(s.text.split()), s.text


class _Skills:
    """The core's skills service as the terminal sees it: ``wait`` ends when the work
    does (``ready``: with a SkillReady published on the hub first, else failed)."""

    def __init__(self, hub: Hub, ready: SkillReady | None) -> None:
        self.budget, self.hub, self.ready = 2, hub, ready

    async def wait(self, game_id: int) -> None:
        await asyncio.sleep(0.01)
        if self.ready is not None:
            self.hub.publish(self.ready)


class _Core:
    def __init__(self, ready: SkillReady | None) -> None:
        self.hub = Hub()
        self.skills = _Skills(self.hub, ready)

    def subscribe(self, channel_id: int) -> Subscription:
        return self.hub.subscribe(channel_id=channel_id)


@pytest.mark.parametrize("works", [True, False])
def test_the_screen_ends_when_the_work_does(tmp_path, works: bool) -> None:
    """Nobody types anything: the figures shown once published - or, when the work
    failed (logged, nothing published), a line saying where the log is, not a screen
    waiting for ever."""
    ready = SkillReady(1, LOCAL_CHANNEL, 1, (SkillLine(0, 86.4, 0.12), SkillLine(1, 50, -0.12)))
    silent, _writer = os.pipe()          # input that never comes

    async def finish() -> str:
        out = io.StringIO()
        core = _Core(ready if works else None)
        term = Terminal(cast(Any, core), plugins.find("coins").game, out,
                        LineReader(os.fdopen(silent)), db=str(tmp_path / "t.db"))
        over = cast(Any, types.SimpleNamespace(game_id=1))
        await asyncio.wait_for(term._skill_lines(over, ["Alice", "Ada (AI, easy)"]), 10)
        return out.getvalue()

    shown = asyncio.run(finish())
    assert "Accuracy and luck: working them out..." in shown
    if works:
        assert shown.endswith("Accuracy and luck\nAlice: Accuracy 86 · Luck +12%\n"
                              "Ada (AI, easy): Accuracy 50 · Luck -12%\n"), shown
    else:
        assert " ".join(shown.split()).endswith(
            f"could not be worked out: {tmp_path / 't.log'} says why."), shown
