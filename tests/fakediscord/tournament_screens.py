"""Screenshots of a tournament on Discord for docs/DISCORD.md:

    python -m tests.fakediscord.tournament_screens docs/pictures

runs a six-player Swiss of Piquet through the fake Discord (the real bot, SQLite in a
temporary folder), the players making their first legal move, and draws what a member of
the server sees: the sign-up, the round's announcement with its threads, a table's thread,
the final standings and the podium (``tournament-*.png``).  Needs Debian's chromium.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from .fixtures import build_scene
from .players import parlour_bot
from .screenshot import channel_html, screenshot
from .server import FakeDiscord

NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Edyta", "Fiona")


async def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    async with FakeDiscord() as fake:
        fake.recorder.keep_files = True
        fake.scene = build_scene(fake)
        s = fake.scene
        users = [s.alice, s.bob, s.carol]
        for name in NAMES[3:]:
            user = fake.add_user(name.lower(), global_name=name)
            fake.add_member(s.guild, user)
            users.append(user)
        hall = fake.add_text_channel(s.guild, "piquet-night")
        with tempfile.TemporaryDirectory() as tmp:
            bot = parlour_bot(fake, str(Path(tmp) / "parlour.db"))
            async with fake.run_bot(bot):
                await fake.slash(users[0], "tournament new", channel=hall,
                                 options={"game": "piquet", "format": "swiss", "rounds": 2})
                info = await bot.core.tournaments.in_channel(hall.id)
                join = f"pl:tourney:join:{info.id}"
                await fake.wait_until(lambda: any(join in m.custom_ids
                                                  for m in fake.channel_messages(hall)))
                for user in users:
                    signup = next(m for m in fake.channel_messages(hall) if join in m.custom_ids)
                    await fake.click(user, signup, join)
                await fake.settle()
                signup = next(m for m in fake.channel_messages(hall) if join in m.custom_ids)
                made.append(screenshot(channel_html(fake, [signup], title=hall.name),
                                       out / "tournament-signup.png"))
                await fake.slash(users[0], "tournament start", channel=hall)
                await fake.wait_until(lambda: len(fake.threads(hall)) == 3, timeout=30)
                await fake.wait_until(lambda: all(
                    (t := bot.core.table(c.id)) is not None and t.status == "playing"
                    for c in fake.threads(hall)), timeout=30)
                await fake.settle(quiet=0.5)
                threads = fake.threads(hall)
                recent = [m for m in fake.channel_messages(hall) if m.id != signup.id]
                made.append(screenshot(channel_html(fake, recent, title=hall.name,
                                                    threads=[t.name for t in threads]),
                                       out / "tournament-round.png"))
                first = threads[0]
                await asyncio.sleep(1.0)
                await fake.settle(quiet=0.5)
                made.append(screenshot(channel_html(fake, fake.channel_messages(first)[:3],
                                                    title=first.name),
                                       out / "tournament-thread.png", height=1400))
                for _ in range(2):
                    await _play_round(bot, fake, hall)
                    await fake.settle(quiet=0.5)
                await fake.wait_until(lambda: any(
                    "podium.png" in str(m.payload.get("attachments"))
                    for m in fake.channel_messages(hall)), timeout=30)
                await fake.settle(quiet=0.5)
                final = await bot.core.tournaments.get(info.id)
                standings = fake.message(final.standings_message_id)
                await fake.wait_until(lambda: "Final standings" in standings.text, timeout=30)
                made.append(screenshot(channel_html(fake, [standings], title=hall.name),
                                       out / "tournament-standings.png"))
                podium = [m for m in fake.channel_messages(hall)
                          if "podium.png" in str(m.payload.get("attachments"))]
                made.append(screenshot(channel_html(fake, podium, title=hall.name),
                                       out / "tournament-podium.png", height=1000))
    return made


async def _play_round(bot, fake: FakeDiscord, hall) -> None:
    core = bot.core
    for _ in range(20000):
        live = [core.table(t.id) for t in fake.threads(hall)]
        live = [t for t in live if t is not None and t.status == "playing"]
        if not live:
            break
        for info in live:
            seat = info.seats[info.current_seat]
            if seat.user_id is None or seat.ai_level is not None:
                continue
            legal = core.legal_actions(info.channel_id, seat.user_id)
            await core.act(info.channel_id, seat.user_id, legal[0], expect_move=info.move)
        await asyncio.sleep(0.001)
    await fake.wait_until(lambda: all(
        (t := core.table(c.id)) is not None and t.status == "playing"
        for c in fake.threads(hall)[-3:]) or
        bot.core.table(fake.threads(hall)[-1].id) is None, timeout=30)


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    for path in asyncio.run(make(target)):
        print(path)


if __name__ == "__main__":
    main()
