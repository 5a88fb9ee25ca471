"""``parlour replay N`` on a terminal goes a screen at a time ($PAGER, less, else its own
Enter/q); piped, it is printed whole."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from bot.cli.play import LOCAL_CHANNEL, LOCAL_USER, terminal_config
from bot.core import Core
from tests.cli_driver import Session
from tests.test_core_cli import parlour

NO_COLOR = {"NO_COLOR": "1"}
MORE = re.compile(r"-- line (\d+) of (\d+): Enter for more, q to stop -- $")


async def finished_game(db: Path, name: str = "Alice") -> int:
    """A whole terminal game of Coins in ``db`` (``name`` plays the first legal move each
    turn); its number."""
    core = Core(terminal_config(str(db)))
    await core.start(channels=[LOCAL_CHANNEL])
    try:
        await core.create_table(LOCAL_CHANNEL, LOCAL_USER, name, "coins", {"target": 10},
                                keep_order=True, seed=3)
        for _ in range(2):
            await core.add_ai(LOCAL_CHANNEL, LOCAL_USER, "random")
        await core.start_game(LOCAL_CHANNEL, LOCAL_USER)
        table_id = core.table(LOCAL_CHANNEL).table_id
        while True:
            await core.settle()
            info = core.table(LOCAL_CHANNEL)
            if info is None:
                return table_id
            await core.act(LOCAL_CHANNEL, LOCAL_USER,
                           core.legal_actions(LOCAL_CHANNEL, LOCAL_USER)[0])
    finally:
        await core.stop()


def _until(s: Session, pattern: re.Pattern, timeout: float = 30) -> re.Match | None:
    """Read until the text since the last call ends with ``pattern`` (None: the end)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = pattern.search(s.plain(s.raw[s._mark:]))
        if found:
            return found
        if not s._read(0.5):
            return None
    raise TimeoutError(s.plain(s.raw[s._mark:])[-2000:])


def _since(s: Session) -> str:
    out, s._mark = s.plain(s.raw[s._mark:]), len(s.raw)
    return out


async def test_piped_the_replay_is_printed_whole(tmp_path) -> None:
    number = await finished_game(tmp_path / "parlour.db")
    run = parlour("replay", str(number), cwd=tmp_path)
    assert run.returncode == 0
    assert len(run.stdout.splitlines()) > 200 and "Enter for more" not in run.stdout
    assert run.stdout.rstrip().splitlines()[-1].startswith("Final ranks: ")
    assert parlour("replay", str(number), "--no-pager", cwd=tmp_path).stdout == run.stdout


async def test_on_a_terminal_without_a_pager_it_goes_a_screen_at_a_time(tmp_path) -> None:
    number = await finished_game(tmp_path / "parlour.db")
    whole = parlour("replay", str(number), cwd=tmp_path).stdout.splitlines()
    no_less = {"PATH": os.path.dirname(sys.executable), "PAGER": "", **NO_COLOR}
    s = Session(str(number), command="replay", cwd=tmp_path, size=(80, 24), env=no_less)
    found = _until(s, MORE)
    assert found is not None and found.groups() == ("23", str(len(whole)))
    first = _since(s).splitlines()
    assert first[:-1] == whole[:23]                   # 23 lines and the question: 24
    os.write(s.write_fd, b"\n")
    found = _until(s, MORE)
    assert found is not None and found.group(1) == "46"
    assert _since(s).splitlines()[1:-1] == whole[23:46]
    os.write(s.write_fd, b"q\n")
    assert s.finish() == 0
    assert "Final ranks" not in s.text                # stopped: the rest is not printed
    assert "Traceback" not in s.text


async def test_on_a_terminal_the_pager_gets_the_whole_replay(tmp_path) -> None:
    number = await finished_game(tmp_path / "parlour.db")
    whole = parlour("replay", str(number), "--brief", cwd=tmp_path).stdout
    s = Session(str(number), "--brief", command="replay", cwd=tmp_path, size=(80, 24),
                env={"PAGER": "cat > paged.txt", **NO_COLOR})
    assert s.finish() == 0
    assert (tmp_path / "paged.txt").read_text() == whole
    assert "Final ranks" not in s.text                # all of it went to the pager
