"""Screenshots of ``/puzzle`` on Discord for docs/DISCORD.md:

    python -m tests.fakediscord.puzzle_screens docs/pictures

runs the real bot against the fake Discord (SQLite in a temporary folder), the pool filled
from ``tests/data/puzzles.json`` as the tests fill it (``tests/puzzle_file.py``), and draws
what Alice sees (``tests/fakediscord/screenshot.py``, headless Chromium: Debian's chromium;
Thirteens: the French suits are in its fonts, Coins' emoji suits are not):

* ``puzzle-question.png``: ``/puzzle game:thirteens``: the position, the hand picture and a
  button per candidate move;
* ``puzzle-right.png``: the same message once she clicked the best move;
* ``puzzle-wrong.png``: the next puzzle ("Next puzzle"), answered with another move.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.discordbot import ids
from tests.puzzle_file import fill

from .fixtures import build_scene
from .players import parlour_bot
from .screenshot import channel_html, screenshot
from .server import FakeDiscord

GAME = "thirteens"


def _moves(msg) -> tuple[int, dict[str, str]]:
    found = [m for m in map(ids.PUZZLE.fullmatch, msg.custom_ids) if m]
    return int(found[0]["puzzle"]), {m["action"]: m.string for m in found}


async def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    async with FakeDiscord() as fake:
        fake.recorder.keep_files = True
        fake.settle_quiet = 0.05
        fake.scene = s = build_scene(fake)
        with tempfile.TemporaryDirectory() as tmp:
            bot = parlour_bot(fake, str(Path(tmp) / "parlour.db"))
            async with fake.run_bot(bot):
                pool = await fill(bot.core)

                def shot(msg, name: str) -> None:
                    made.append(screenshot(channel_html(fake, [msg], title=s.table.name),
                                           out / name, height=2400))

                record = await fake.slash(s.alice, "puzzle", channel=s.table,
                                          options={"game": GAME})
                msg = record.message
                assert msg is not None, record.text
                shot(msg, "puzzle-question.png")
                pid, moves = _moves(msg)
                await fake.click(s.alice, msg, moves[pool[pid].answer])
                shot(msg, "puzzle-right.png")
                nxt = next(c for c in msg.custom_ids if c.startswith("pl:pzn:"))
                await fake.click(s.alice, msg, nxt)
                pid, moves = _moves(msg)
                wrong = sorted(set(moves) - {pool[pid].answer})[0]
                await fake.click(s.alice, msg, moves[wrong])
                shot(msg, "puzzle-wrong.png")
    return made


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    for path in asyncio.run(make(target)):
        print(path)


if __name__ == "__main__":
    main()
