"""Screenshots of accuracy and luck on Discord for docs/AI.md:

    python -m tests.fakediscord.skill_screens docs/pictures

plays two games of Thirteens to 10 points through the fake Discord (the real bot, SQLite
in a temporary folder; Alice and Bob make the first legal move offered, the third seat is
the `hard` AI), the figures worked out at the bot's budget (``rules.ai.skill.SKILL_BUDGET``,
in a thread as the bot's worker would, so the fake Discord goes on meanwhile), and draws
what the players see (``tests/fakediscord/screenshot.py``, headless Chromium: Debian's
chromium; Thirteens: the French suits are in its fonts, Coins' emoji suits are not):

* ``skill-board.png``: the second game's final board, edited to carry a line per seat;
* ``skill-stats.png``: ``/stats`` of Alice, her mean accuracy beside her rating;
* ``skill-leaderboard.png``: ``/leaderboard game:thirteens by:accuracy`` (the board's
  minimum of games, ``accuracy_min_games``, set to 2 for the picture: the bot's is 5).

``python -m tests.fakediscord.skill_screens --terminal`` prints instead what an 80x24
terminal shows at the end of a game of ``parlour play`` once the figures are in (docs/AI.md
quotes it).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.core.ai_runner import ThreadRunner
from rules.ai.skill import SKILL_BUDGET

from .fixtures import build_scene
from .players import TableDriver, parlour_bot
from .screenshot import channel_html, screenshot
from .server import FakeDiscord

SEED = 7
GAME, OPTIONS = "thirteens", {"target": 10}
GAMES = 2
TERMINAL = ("coins", "--seed", "4", "--ai", "easy", "--name", "Alice", "--option", "target=10")


def _bot(fake: FakeDiscord, path: Path):
    """The real bot, its accuracy and luck at the bot's budget in a thread (seconds a
    game: the fake Discord, on the same event loop, goes on meanwhile)."""
    bot = parlour_bot(fake, str(path), table_seed=SEED)
    skills = bot.core.skills
    skills.runner = ThreadRunner(1)
    skills.budget = SKILL_BUDGET
    skills.min_games = GAMES
    return bot


async def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    async with FakeDiscord() as fake:
        fake.recorder.keep_files = True
        fake.settle_quiet = 0.05
        fake.scene = s = build_scene(fake)
        with tempfile.TemporaryDirectory() as tmp:
            bot = _bot(fake, Path(tmp) / "parlour.db")
            async with fake.run_bot(bot):
                for _ in range(GAMES):
                    t = TableDriver(fake, bot, s.table)
                    await t.open(s.alice, GAME, OPTIONS)
                    await t.expect_ok(s.bob, "table join")
                    await t.expect_ok(s.alice, "table ai-add",
                                      options={"level": "hard", "count": 1})
                    await t.expect_ok(s.alice, "table start")
                    await t.play_to_end()
                    await bot.core.settle()
                    board = await t.wait_board(lambda b: "Accuracy and luck" in b.text,
                                               timeout=900)
                made.append(screenshot(channel_html(fake, [board], title=s.table.name),
                                       out / "skill-board.png", height=3000))
                stats = await fake.slash(s.alice, "stats", channel=s.table)
                assert stats.message is not None, stats.text
                made.append(screenshot(channel_html(fake, [stats.message],
                                                    title=s.table.name),
                                       out / "skill-stats.png", height=1400))
                top = await fake.slash(s.bob, "leaderboard", channel=s.table,
                                       options={"game": GAME, "by": "accuracy"})
                assert top.message is not None, top.text
                made.append(screenshot(channel_html(fake, [top.message], title=s.table.name),
                                       out / "skill-leaderboard.png", height=1400))
    return made


def terminal() -> str:
    """The last 24 lines of ``parlour play`` (80x24) once the figures are in."""
    import os

    from tests.cli_driver import PROMPT, Session, next_move

    env = {"NO_COLOR": "1", "PARLOUR_SKILL_BUDGET": str(SKILL_BUDGET)}
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(*TERMINAL, "--db", "t.db", cwd=Path(tmp), env=env, size=(80, 24))
        board = s.until_prompt()
        for _ in range(400):
            os.write(s.write_fd, (next_move(board) + "\n").encode())
            while True:    # to the next prompt, or the game-over screen's end
                seen = s.plain(s.raw[s._mark:])
                if seen.endswith(PROMPT) or not s._read(0.5):
                    break
            board, s._mark = s.plain(s.raw[s._mark:]), len(s.raw)
            if not board.endswith(PROMPT):
                break
        s.finish(timeout=900)
        final = s.plain(s.raw)
    return "\n".join(final.rstrip("\n").split("\n")[-24:])


def main() -> None:
    if "--terminal" in sys.argv:
        print("$ parlour play " + " ".join(TERMINAL))
        print(terminal())
        return
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    for path in asyncio.run(make(target)):
        print(path)


if __name__ == "__main__":
    main()
