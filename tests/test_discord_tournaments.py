"""Tournaments through the fake Discord: sign-up by button, a thread per table with its
players pinged, the standings message, the podium picture, a restart in the middle of a
round, no hidden card in any thread, and the fallback without thread permissions."""

from __future__ import annotations

import asyncio

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES_IN_THREADS,
)
from tests.fakediscord.players import parlour_bot
from tests.fakediscord.privacy import channel_leaks, game_truth
from tests.fakediscord.recorder import message_text
from tests.test_core_tournaments import recomputed

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


def entrants(fake: FakeDiscord, n: int) -> list:
    s = fake.scene
    users = list(s.users)
    for i in range(len(users), n):
        user = fake.add_user(f"player{i}", global_name=f"Player {i}")
        fake.add_member(s.guild, user)
        users.append(user)
    return users[:n]


def playing(bot, channel_id: int) -> bool:
    info = bot.core.table(channel_id)
    return info is not None and info.status == "playing"


async def ok(fake: FakeDiscord, user, command: str, channel, **options) -> str:
    record = await fake.slash(user, command, channel=channel, options=options)
    assert record.acknowledged and not record.text.startswith("⚠️"), record.text
    return record.text


def signup(fake: FakeDiscord, channel, tid: int):
    found = [m for m in fake.channel_messages(channel) if f"pl:tourney:join:{tid}" in m.custom_ids]
    assert found, "no sign-up message"
    return found[-1]


async def play_round(bot, fake: FakeDiscord, thread_ids: set[int], timeout: float = 60.0
                     ) -> None:
    """Humans at the tournament's tables play their first legal move until none is left."""
    core = bot.core
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        live = [core.table(c) for c in thread_ids]
        live = [t for t in live if t is not None and t.status == "playing"]
        if not live:
            return
        moved = False
        for info in live:
            seat = info.seats[info.current_seat]
            if seat.user_id is None or seat.ai_level is not None:
                continue
            legal = core.legal_actions(info.channel_id, seat.user_id)
            await core.act(info.channel_id, seat.user_id, legal[0], expect_move=info.move)
            moved = True
        if not moved:
            await asyncio.sleep(0.005)
        assert loop.time() < deadline, "the round did not end in time"


async def test_a_swiss_of_piquet_in_threads_with_a_restart_mid_round(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    players = entrants(fake, 12)
    host = players[0]
    channel = s.lobby
    db = tmp_path / "parlour.db"
    async with fake.run_bot(parlour_bot(fake, db)) as bot:
        await ok(fake, host, "tournament new", channel, game="piquet", format="swiss",
                 rounds=2)
        info = await bot.core.tournaments.in_channel(channel.id)
        await fake.wait_until(lambda: any(f"pl:tourney:join:{info.id}" in m.custom_ids
                                          for m in fake.channel_messages(channel)))
        for user in players:
            record = await fake.click(user, signup(fake, channel, info.id),
                                      f"pl:tourney:join:{info.id}")
            assert record.ephemeral and record.text.startswith("🏆"), record.text
        again = await fake.click(players[1], signup(fake, channel, info.id),
                                 f"pl:tourney:join:{info.id}")
        assert again.text.startswith("⚠️") and "already" in again.text
        await fake.wait_until(lambda: "12" in signup(fake, channel, info.id).text)
        await ok(fake, host, "tournament start", channel)
        await fake.wait_until(lambda: len(fake.threads(channel)) == 6, timeout=20)
        threads = fake.threads(channel)
        await fake.wait_until(lambda: all(playing(bot, t.id) for t in threads), timeout=20)
        # The players are pinged in their thread by a new message.
        for thread in threads:
            seats = bot.core.table(thread.id).seats
            await fake.wait_until(lambda seats=seats, thread=thread: all(
                fake.notifications(seat.user_id, thread) for seat in seats))
        # Half the round, then the bot stops and a new one starts on the same database.
        for thread in threads[:3]:
            await play_round(bot, fake, {thread.id})
        ended_before = {t.id for t in threads if bot.core.table(t.id) is None}
        assert len(ended_before) == 3
    async with fake.run_bot(parlour_bot(fake, db)) as bot:
        await play_round(bot, fake, {t.id for t in threads})
        await fake.wait_until(lambda: len(fake.threads(channel)) == 12, timeout=30)
        assert len(fake.threads(channel)) == 12   # round two: six new threads, none twice
        round_two = fake.threads(channel)[6:]
        await fake.wait_until(lambda: all(playing(bot, t.id) for t in round_two), timeout=20)
        await play_round(bot, fake, {t.id for t in round_two})
        await fake.wait_until(lambda: any("podium.png" in str(m.payload.get("attachments"))
                                          for m in fake.channel_messages(channel)), timeout=20)
        final = await bot.core.tournaments.get(info.id)
        assert final.status == "finished"
        assert [r.points for r in final.state.standings()] == \
            [r.points for r in (await recomputed(bot.core, info.id)).standings()]
        standings = fake.message(final.standings_message_id)
        await fake.wait_until(lambda: "Final standings" in standings.text, timeout=20)
        assert "Buchholz" in standings.text
        # No card a player could not see, in any thread.
        rows = await bot.core.store.fetchall(
            "SELECT channel_id, table_id FROM tournament_tables WHERE tournament_id = ?",
            (info.id,))
        for row in rows:
            truth = [await game_truth(bot.core, row["table_id"])]
            texts = [message_text(v) for m in fake.channel_messages(row["channel_id"])
                     for v in m.versions]
            assert texts and channel_leaks(texts, truth) == []
        # The tournament is a set of ordinary rated games of the server, and its result
        # is in each player's /stats.
        games = await bot.core.recent_games(guild_id=s.guild.id, limit=20)
        assert len(games) == 12
        winner = final.state.standings()[0].entrant
        record = await fake.slash(fake.world.users[int(winner.id)], "stats", channel=channel)
        assert "Tournaments here: 1 played, 1 won, 1 on the podium" in record.text, record.text


async def test_without_thread_permissions_the_tables_play_in_the_channel(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    threads = CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
    for role in s.guild.roles.values():   # the bot's own role and @everyone
        role.permissions = (ALL_PERMISSIONS & ~ADMINISTRATOR if role.managed
                            else role.permissions) & ~threads
    players = entrants(fake, 6)
    channel = s.lobby
    async with fake.run_bot(parlour_bot(fake, tmp_path / "parlour.db")) as bot:
        await ok(fake, players[0], "tournament new", channel, game="coins",
                 format="round-robin", options="target=10")
        info = await bot.core.tournaments.in_channel(channel.id)
        await fake.wait_until(lambda: any(f"pl:tourney:join:{info.id}" in m.custom_ids
                                          for m in fake.channel_messages(channel)))
        for user in players[:3]:
            await fake.click(user, signup(fake, channel, info.id), f"pl:tourney:join:{info.id}")
        await ok(fake, players[0], "tournament start", channel)
        await fake.wait_until(lambda: playing(bot, channel.id), timeout=20)
        assert fake.threads(channel) == []
        await play_round(bot, fake, {channel.id})
        await fake.wait_until(
            lambda: any("podium.png" in str(m.payload.get("attachments"))
                        for m in fake.channel_messages(channel)), timeout=20)
        assert (await bot.core.tournaments.get(info.id)).status == "finished"


async def test_refusals_are_clear_and_change_nothing(fake_discord: FakeDiscord, tmp_path
                                                     ) -> None:
    fake, s = fake_discord, fake_discord.scene
    channel = s.lobby
    async with fake.run_bot(parlour_bot(fake, tmp_path / "parlour.db")) as bot:
        record = await fake.slash(s.alice, "tournament start", channel=channel)
        assert record.text.startswith("⚠️") and "no tournament" in record.text
        await ok(fake, s.alice, "tournament new", channel, game="coins", format="swiss")
        info = await bot.core.tournaments.in_channel(channel.id)
        record = await fake.slash(s.alice, "tournament start", channel=channel)
        assert record.text.startswith("⚠️") and "at least 3 entrants" in record.text
        record = await fake.slash(s.bob, "tournament cancel", channel=channel)
        assert record.text.startswith("⚠️") and "host" in record.text
        record = await fake.slash(s.alice, "tournament new", channel=channel,
                                  options={"game": "piquet", "format": "knockout"})
        assert record.text.startswith("⚠️") and "already" in record.text
        record = await fake.slash(s.bob, "tournament withdraw", channel=channel)
        assert record.text.startswith("⚠️") and "not entered" in record.text
        assert (await bot.core.tournaments.get(info.id)).state.to_json() == \
            info.state.to_json()
        text = await ok(fake, s.alice, "tournament status", channel)
        assert "Coins tournament" in text and "0 entrants" in text
        await ok(fake, s.alice, "tournament cancel", channel)
        assert (await bot.core.tournaments.get(info.id)).status == "cancelled"
