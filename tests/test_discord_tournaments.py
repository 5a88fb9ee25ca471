"""Tournaments through the fake Discord: sign-up by button, a thread per table with its
players pinged, the standings message, the podium picture, a restart in the middle of a
round, no hidden card in any thread, the fallback without thread permissions, a table
played out by the AI after its last person withdraws, and round announcements that link
every thread and name the AI entrants as they play."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.present.tournament import escape
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
        # The round is announced once, before its first table in the channel.
        await fake.wait_until(lambda: any("Round 1 of" in m.text
                                          for m in fake.channel_messages(channel)))
        notes = [m for m in fake.channel_messages(channel) if "Round 1 of" in m.text]
        assert len(notes) == 1 and "<#" not in notes[0].text
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


async def open_tournament(fake: FakeDiscord, bot, host, channel, humans: list, ai: int,
                          **options):
    await ok(fake, host, "tournament new", channel, **options)
    info = await bot.core.tournaments.in_channel(channel.id)
    await fake.wait_until(lambda: any(f"pl:tourney:join:{info.id}" in m.custom_ids
                                      for m in fake.channel_messages(channel)))
    for user in humans:
        await fake.click(user, signup(fake, channel, info.id), f"pl:tourney:join:{info.id}")
    if ai:
        await ok(fake, host, "tournament ai-add", channel, level="easy", count=ai)
    await ok(fake, host, "tournament start", channel)
    return await bot.core.tournaments.get(info.id)


async def test_the_last_person_at_a_table_withdraws_and_the_ai_plays_it_to_the_end(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    channel = s.lobby
    async with fake.run_bot(parlour_bot(fake, tmp_path / "parlour.db")) as bot:
        info = await open_tournament(fake, bot, s.alice, channel, [s.alice], 2, game="coins",
                                     format="swiss", rounds=1, options="target=10")
        await fake.wait_until(lambda: len(fake.threads(channel)) == 1, timeout=20)
        thread = fake.threads(channel)[0]
        await fake.wait_until(lambda: playing(bot, thread.id), timeout=20)
        table_id = bot.core.table(thread.id).table_id
        await ok(fake, s.alice, "tournament withdraw", channel)
        # The AI takes the seat and plays the game out: an ordinary result, then the podium.
        await fake.wait_until(lambda: bot.core.table(thread.id) is None, timeout=60)
        await fake.wait_until(lambda: any("podium.png" in str(m.payload.get("attachments"))
                                          for m in fake.channel_messages(channel)), timeout=20)
        game = await bot.core.store.load_game(table_id)
        assert game["reason"] == "complete"
        seats = [p["user_id"] for p in json.loads(game["players"])]
        assert game["moves"] > 8
        assert json.loads(game["abandoned"]) == [seats.index(s.alice.id)]
        texts = [m.text for m in fake.channel_messages(thread)]
        assert not any("abandoned" in t for t in texts), texts
        final = await bot.core.tournaments.get(info.id)
        assert final.status == "finished"
        assert final.state.standings()[-1].entrant.id == str(s.alice.id)


async def test_a_normal_table_whose_last_person_leaves_still_ends_as_abandoned(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    channel = s.lobby
    async with fake.run_bot(parlour_bot(fake, tmp_path / "parlour.db")) as bot:
        await bot.core.create_table(channel.id, s.alice.id, "Alice", "coins")
        await bot.core.add_ai(channel.id, s.alice.id, "easy")
        await bot.core.add_ai(channel.id, s.alice.id, "easy")
        await bot.core.start_game(channel.id, s.alice.id)
        table_id = bot.core.table(channel.id).table_id
        await bot.core.leave(channel.id, s.alice.id)
        game = await bot.core.store.load_game(table_id)
        assert game["reason"] == "abandoned"


async def test_round_announcements_link_every_thread_and_ai_entrants_keep_their_names(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    channel = s.lobby
    humans = entrants(fake, 2)
    async with fake.run_bot(parlour_bot(fake, tmp_path / "parlour.db")) as bot:
        info = await open_tournament(fake, bot, humans[0], channel, humans, 7, game="coins",
                                     format="swiss", rounds=2, options="target=10")
        names = {e.id: e.name for e in info.state.entrants}
        for round_no in (1, 2):
            await fake.wait_until(lambda n=round_no: any(f"Round {n} of 2" in m.text
                                                         for m in fake.channel_messages(channel)),
                                  timeout=60)
            current = (await bot.core.tournaments.get(info.id)).state.rounds[round_no - 1]
            places = await bot.core.tournaments.places(info.id, round_no)
            assert sorted(places) == [t.number for t in current.tables]
            note = next(m for m in fake.channel_messages(channel)
                        if f"Round {round_no} of 2" in m.text)
            assert len(note.versions) == 1   # posted once the threads exist, not edited
            for table in current.tables:
                line = next(x for x in note.text.splitlines() if f"Table {table.number}:" in x)
                assert f"<#{places[table.number]}>" in line, note.text
                # The table seats each entrant under the name the round announced.
                row = await bot.core.store.fetchone(
                    "SELECT table_id FROM tournament_tables WHERE tournament_id = ? AND "
                    "round = ? AND number = ?", (info.id, round_no, table.number))
                seated = await seat_names(bot, places[table.number], row["table_id"])
                assert seated[:len(table.players)] == [names[p] for p in table.players]
                for p in table.players:
                    assert escape(names[p]) in line
            await play_round(bot, fake, set(places.values()))
        await fake.wait_until(lambda: any("podium.png" in str(m.payload.get("attachments"))
                                          for m in fake.channel_messages(channel)), timeout=30)
        for row in await bot.core.store.fetchall(
                "SELECT round, number, table_id FROM tournament_tables WHERE tournament_id = ?",
                (info.id,)):
            table = info_table(await bot.core.tournaments.get(info.id), row["round"],
                               row["number"])
            game = await bot.core.store.load_game(row["table_id"])
            stored = [p["name"] for p in json.loads(game["players"])]
            assert stored[:len(table.players)] == [names[p] for p in table.players]


async def seat_names(bot, channel_id: int, table_id: int | None) -> list[str]:
    live = bot.core.table(channel_id)
    if live is not None and live.table_id == table_id:
        return [seat.name for seat in live.seats]
    game = await bot.core.store.load_game(table_id)
    return [p["name"] for p in json.loads(game["players"])]


def info_table(info, round_no: int, number: int):
    return next(t for t in info.state.rounds[round_no - 1].tables if t.number == number)
