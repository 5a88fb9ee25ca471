"""The commands around the games in Polish and in Russian through the fake Discord
(issue 16): ``/daily`` played to its result and standings, ``/mygames``, ``/season``,
``/leaderboard``, ``/stats``, ``/recent``, ``/settings`` and ``/table status``, with the
refusals they give.  Every reply, panel version, public message and DM is checked
against English words (names, mentions, links and backticked command names taken out),
as the whole games of ``test_i18n_discord.py`` are.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from bot.core import ManualClock
from bot.core.daily_rules import DAY_SECONDS
from tests.fakediscord import FakeDiscord, message_text
from tests.fakediscord.players import confirm_button, panel_control, parlour_bot
from tests.test_discord_seasons import _rated_game
from tests.test_i18n_discord import english_words

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

# English words of the texts around the games (the whole-game test has the games' own).
AROUND = frozenset("""
daily deal today played par streak overall server share spoilers finished attempt season
seasons lasts months days calendar ratings rating leaderboard rated games time all this
tables waiting board your turn table mine only see settings pings pictures on off nobody
yet recent none here everywhere above below level quota tricks points november december
nov dec thirteens
""".split())
NOV_10 = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()
DAILY = "coins"
DUMP = False   # True prints every text seen (to read them)


def _english(text: str, names: list[str]) -> set[str]:
    found = english_words(text, names)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"<[@#]!?\d+>|<t:\d+(?::\w)?>|\(https?://[^)]*\)|`[^`]*`", " ", text)
    return found | {w for w in re.findall(r"[a-z']+", text.lower()) if w in AROUND}


async def _play_daily(fake: FakeDiscord, bot, user) -> None:
    record = await fake.slash(user, "daily", channel=fake.scene.table, options={"game": DAILY})
    assert record.acknowledged and record.ephemeral and record.message is not None, record
    panel = record.message
    for _ in range(400):
        attempt = await bot.core.daily.attempt(DAILY, user.id)
        if attempt.finished:
            break
        target = panel_control(panel, attempt.legal_actions()[0])
        assert target is not None, panel.custom_ids
        custom_id, values = target
        versions = len(panel.versions)
        if values is None:
            await fake.click(user, panel, custom_id)
        else:
            await fake.select(user, panel, custom_id, values)
            if custom_id.startswith(("pl:cc:", "pl:pc:")):
                await fake.wait_until(lambda: confirm_button(panel) is not None)
                await fake.click(user, panel, confirm_button(panel))
        await fake.wait_until(lambda v=versions: len(panel.versions) > v)
    await fake.wait_until(lambda: "#" in message_text(panel.versions[-1]))


@pytest.mark.parametrize("lang", ["pl", "ru"])
async def test_commands_around_the_games_speak_the_users_language(
        fake_discord: FakeDiscord, tmp_path, lang: str) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    s.guild.locale = lang
    owner = fake.world.owner
    for user in (s.alice, s.bob, owner):
        user.locale = lang
    clock = ManualClock(NOV_10)
    bot = parlour_bot(fake, tmp_path / "p.db", clock=clock)
    bot.core.daily.ai_level = bot.core.daily.par_level = "easy"
    texts: list[str] = []

    async def run(user, command: str, **options) -> str:
        record = await fake.slash(user, command, channel=s.table, options=options or None)
        texts.append(record.text)
        return record.text

    async with fake.run_bot(bot):
        # Before anything is played: refusals and empty answers.
        await run(s.alice, "mygames")
        await run(s.alice, "stats")
        await run(s.alice, "recent")
        await run(s.alice, "leaderboard", game="thirteens")
        await run(s.alice, "season info")
        await run(s.bob, "season length", days=14)          # not a manager
        await run(owner, "season length", days=3)           # out of range
        await run(owner, "season length", days=14)
        await run(owner, "season length", days=0)
        await run(s.alice, "settings")
        # The daily: played to the end on its panel, then asked again.
        await _play_daily(fake, bot, s.alice)
        await run(s.alice, "daily", game=DAILY)
        await run(s.bob, "daily", game="thirteens")
        # A rated game (made by the core in another channel: its board has no /table new
        # language), then the boards and stats that show it, this season and all time.
        await _rated_game(fake, bot, 1, s.lobby.id)
        await run(s.alice, "leaderboard", game="thirteens")
        await run(s.alice, "leaderboard", game="thirteens", season="current")
        await run(s.alice, "leaderboard", game="thirteens", season="2020-01-01")
        await run(s.alice, "stats")
        await run(s.alice, "recent")
        await clock.advance(25 * DAY_SECONDS)
        await run(s.alice, "leaderboard", game="thirteens", season="2026-11-01")
        # A lobby: /mygames lists it, /table status describes it.
        await run(s.alice, "table new thirteens")
        await run(s.alice, "mygames")
        await run(s.alice, "table status")
        await fake.settle()

        for user in (s.alice, s.bob, owner):
            for m in fake.ephemerals(user) + fake.dms(user):
                texts += [message_text(v) for v in m.versions] or [m.text]
        for message in fake.channel_messages(s.table):
            texts += [message_text(v) for v in message.versions]
        names = ["Alice", "Bob", getattr(owner, "username", "owner"), "Daily", "Parlour"]
        names += [seat.name for info in bot.core.tables() for seat in info.seats]
        bad = [line for text in texts for line in text.splitlines() if _english(line, names)]
        assert len(texts) > 15
        if __debug__ and DUMP:
            print("\n".join(dict.fromkeys(texts)))
        assert not bad, bad[:12]
