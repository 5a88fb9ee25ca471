"""Screenshots of the coach on Discord for docs/AI.md and docs/DISCORD.md:

    python -m tests.fakediscord.coach_screens docs/pictures

plays real games through the fake Discord (the real bot, SQLite in a temporary folder,
the AI's work in a thread as in tests/test_discord_coach.py) and draws what the player
sees (``tests/fakediscord/screenshot.py``, headless Chromium: Debian's chromium):

* ``coach-hint.png``: Alice alone with AI seats at Thirteens, a few tricks in: her hand
  panel with its Hint button, and the hint it answers;
* ``coach-hint-ru.png``: the same in Russian (a Russian player and table, Starshina);
* ``coach-review.png``: that Thirteens game played to its end (Alice plays the first move
  offered) and ``/review``: the costliest decisions, each with its hand picture.

``python -m tests.fakediscord.coach_screens --terminal`` prints a scripted session of
``hint`` and ``parlour review`` in the terminal instead (docs/AI.md quotes it).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.core.ai_runner import ThreadRunner

from .fixtures import build_scene
from .models import Channel, User
from .players import TableDriver, parlour_bot
from .recorder import StoredMessage
from .screenshot import channel_html, screenshot
from .server import FakeDiscord

SEED = 7
HINT_AFTER = 3          # Alice's moves before she asks for a hint: a hand under way
HINT_GAME, HINT_OPTIONS = "thirteens", {"target": 10}
RU_GAME, RU_OPTIONS = "starshina", {"language": "ru"}


def _bot(fake: FakeDiscord, path: Path):
    """The real bot with its AI work in a thread (hints and reviews take seconds: the
    fake Discord, on the same event loop, must go on meanwhile)."""
    bot = parlour_bot(fake, str(path), table_seed=SEED)
    runner = ThreadRunner(1)
    core = bot.core
    core.runner = core.turns.runner = core.daily.runner = runner
    core.reviews.runner = core.hints.runner = runner
    return bot


async def _table(fake: FakeDiscord, bot, channel: Channel, host: User, game: str,
                 options: dict, ais: int) -> TableDriver:
    t = TableDriver(fake, bot, channel)
    await t.open(host, game, options)
    await t.expect_ok(host, "table ai-add", options={"level": "normal", "count": ais})
    await t.expect_ok(host, "table start")
    return t


async def _hint(fake: FakeDiscord, t: TableDriver, user: User) -> list[StoredMessage]:
    """``user``'s panel a few moves in (at a choice: not a forced move), and the answer to
    its Hint button."""
    moves = 0
    while True:
        if await t.human_to_move(timeout=60) is None:
            raise AssertionError("the game ended before the hint")
        if moves >= HINT_AFTER and len(t.core.legal_actions(t.channel.id, user.id)) > 1:
            break
        await t.move(user)
        moves += 1
    panel = await t.open_panel(user)
    hint = next(c for c in panel.custom_ids if c.startswith("pl:hint:"))
    record = await fake.click(user, panel, hint, timeout=120)
    await fake.wait_until(lambda: any(m.text.startswith("💡") for m in record.messages),
                          timeout=120)
    answer = next(m for m in record.messages if m.text.startswith("💡"))
    return [panel, answer]


async def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    async with FakeDiscord() as fake:
        fake.recorder.keep_files = True
        fake.settle_quiet = 0.05
        fake.scene = s = build_scene(fake)
        ru_hall = fake.add_text_channel(s.guild, "старшина")
        dmitri = fake.add_user("dmitri", global_name="Дмитрий")
        dmitri.locale = "ru"           # his Discord speaks Russian, and so does the table
        fake.add_member(s.guild, dmitri)
        with tempfile.TemporaryDirectory() as tmp:
            bot = _bot(fake, Path(tmp) / "parlour.db")
            async with fake.run_bot(bot):
                t = await _table(fake, bot, s.table, s.alice, HINT_GAME, HINT_OPTIONS, ais=2)
                shown = await _hint(fake, t, s.alice)
                made.append(screenshot(channel_html(fake, shown, title=s.table.name),
                                       out / "coach-hint.png", height=2000))

                ru = await _table(fake, bot, ru_hall, dmitri, RU_GAME, RU_OPTIONS, ais=2)
                shown = await _hint(fake, ru, dmitri)
                made.append(screenshot(channel_html(fake, shown, title=ru_hall.name,
                                                    client="ru"),
                                       out / "coach-hint-ru.png", height=2000))

                await t.play_to_end()
                await fake.settle(quiet=0.5)
                record = await fake.slash(s.alice, "review", channel=s.table, timeout=900)
                assert record.message is not None, record.text
                made.append(screenshot(channel_html(fake, [record.message],
                                                    title=s.table.name),
                                       out / "coach-review.png", height=5000))
    return made


def terminal() -> str:
    """A scripted terminal session: ``hint`` at the prompt, then ``parlour review``."""
    import os
    import subprocess

    from tests.cli_driver import ROOT, Session, next_move

    env = {"NO_COLOR": "1"}
    shown: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        s = Session("coins", "--seed", "4", "--ai", "easy", "--name", "Alice",
                    "--option", "target=10", cwd=Path(tmp), env=env)
        board = s.until_prompt()
        for _ in range(HINT_AFTER):
            board = s.send(next_move(board))
        shown.append("$ parlour play coins --seed 4 --ai easy --name Alice --option target=10")
        shown.append("...")
        shown.append(board.rstrip() + " hint")
        shown.append(s.send("hint").rstrip().removesuffix(">").rstrip())
        shown.append("> ...")
        screen = board
        for _ in range(400):
            if not screen.endswith("> "):
                break
            if "Your move" in screen:
                board = screen
            screen = s.send(next_move(board))
        s.finish()
        review = subprocess.run(
            [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())",
             "review"], cwd=tmp, env=dict(os.environ, PYTHONPATH=str(ROOT), **env),
            capture_output=True, text=True, timeout=900, check=True)
        shown.append("$ parlour review")
        shown.append(review.stdout.rstrip())
    return "\n".join(shown)


def main() -> None:
    if "--terminal" in sys.argv:
        print(terminal())
        return
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    for path in asyncio.run(make(target)):
        print(path)


if __name__ == "__main__":
    main()
