"""A tournament run by ``parlour run`` processes (shards 0 and 1 of 2 on PostgreSQL) against
the fake Discord: a 9-entrant Swiss of Coins in a guild of shard 1, played by /play in the
tables' threads; shard 1's process is SIGKILLed in the middle of round one and restarted:
the round goes on, no table is opened twice, the standings equal a recomputation from the
stored games, and no thread ever showed a card its readers could not see."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace

import asyncpg
import pytest

import rules
from bot.core.replay import load_replay
from bot.core.store import Store
from bot.core.tournament.model import Result
from bot.core.tournament.state import Tournament
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.privacy import channel_leaks, game_truth
from tests.fakediscord.recorder import message_text
from tests.load.botproc import BOARDS_IN_A_THREAD, BotProcess
from tests.test_sharded_processes import _connected

pytestmark = [pytest.mark.usefixtures("backend"), pytest.mark.postgresql_only]


async def _query(db: str, sql: str, *args):
    conn = await asyncpg.connect(db)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def _human_turns(db: str, channel_ids: set[int]) -> list[tuple[int, int, str]]:
    """(channel, user, first legal move) at every tournament table waiting on a human."""
    rows = await _query(db, "SELECT channel_id, game, state, seats FROM tables WHERE "
                            "status = 'playing' AND channel_id = ANY($1::bigint[])",
                        list(channel_ids))
    out = []
    for row in rows:
        state = rules.get_game(row["game"]).state_from_json(row["state"])
        seat = json.loads(row["seats"])[state.current_seat]
        if seat["user_id"] is not None and not seat.get("ai_level"):
            out.append((row["channel_id"], seat["user_id"],
                        str(state.legal_actions(state.current_seat)[0])))
    return out


async def _play(fake: FakeDiscord, db: str, threads: set[int], *, moves: int | None = None,
                until_done: bool = False) -> int:
    """Humans play first legal moves by /play in their threads: ``moves`` of them, or
    until no table of ``threads`` is left in play."""
    made = 0
    deadline = time.monotonic() + 180
    while moves is None or made < moves:
        turns = await _human_turns(db, threads)
        if not turns:
            live = await _query(db, "SELECT count(*) AS n FROM tables WHERE status IN "
                                    "('lobby', 'playing') AND channel_id = ANY($1::bigint[])",
                                list(threads))
            if until_done and live[0]["n"] == 0:
                return made
            await asyncio.sleep(0.05)
        for channel_id, user_id, action in turns:
            record = await fake.slash(fake.world.users[user_id], "play",
                                      channel=fake.world.channels[channel_id],
                                      options={"move": action}, timeout=15)
            if record.text.startswith("✅"):
                made += 1
        assert time.monotonic() < deadline, "the tables did not finish"
    return made


async def _wait(predicate, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not await predicate():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.1)


async def test_a_tournament_survives_a_sigkill_of_its_shard(tmp_path) -> None:
    db = db_for(tmp_path / "shared.db")
    fake = FakeDiscord(patch=False)
    fake.settle_after = False
    await fake.start()
    bots: list[BotProcess] = []
    try:
        guild = fake.add_guild("Shard 1 guild", shard=(1, 2))
        hall = fake.add_text_channel(guild, "tournament")
        users = [fake.add_user(f"p{i}", global_name=f"Player {i}") for i in range(9)]
        for user in users:
            fake.add_member(guild, user)
        bots = [BotProcess(fake.api_url, fake.gateway_url, fake.token, db,
                           tmp_path / f"shard{k}.log", pin=False,
                           env={"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": str(k),
                                **BOARDS_IN_A_THREAD})
                for k in (0, 1)]
        for k, bot in enumerate(bots):
            before = len(fake.gateway_sessions)
            bot.start(sync=k == 0)
            await _connected(fake, k, bot, before)
        while not fake.commands.listing(None):
            await asyncio.sleep(0.1)
        record = await fake.slash(users[0], "tournament new", channel=hall, timeout=15,
                                  options={"game": "coins", "format": "swiss", "rounds": 2,
                                           "options": "target=10"})
        assert record.text.startswith("🏆"), record.text

        async def signed_up() -> bool:
            return any("pl:tourney:join:" in " ".join(m.custom_ids)
                       for m in fake.channel_messages(hall))
        await _wait(signed_up, "no sign-up message")
        signup = next(m for m in fake.channel_messages(hall)
                      if any(c.startswith("pl:tourney:join:") for c in m.custom_ids))
        join = next(c for c in signup.custom_ids if c.startswith("pl:tourney:join:"))
        for user in users:
            clicked = await fake.click(user, signup, join, timeout=15)
            assert clicked.text.startswith("🏆"), clicked.text
        record = await fake.slash(users[0], "tournament start", channel=hall, timeout=15)
        assert record.text.startswith("🔔"), record.text

        async def dealt(n: int) -> bool:
            rows = await _query(db, "SELECT count(*) AS n FROM tournament_tables tt JOIN tables t "
                                    "ON t.id = tt.table_id WHERE t.status <> 'lobby'")
            return rows[0]["n"] >= n
        await _wait(lambda: dealt(3), "round one's tables were not dealt")
        threads = {t.id for t in fake.threads(hall)}
        assert len(threads) == 3
        await _play(fake, db, threads, moves=12)

        bots[1].kill()   # SIGKILL in the middle of round one
        before = len(fake.gateway_sessions)
        bots[1].start(sync=False)
        await _connected(fake, 1, bots[1], before)
        await _play(fake, db, threads, until_done=True)
        await _wait(lambda: dealt(6), "round two's tables were not dealt")
        assert len(fake.threads(hall)) == 6   # three a round: none opened twice
        round_two = {t.id for t in fake.threads(hall)} - threads
        await _play(fake, db, round_two, until_done=True)

        async def finished() -> bool:
            rows = await _query(db, "SELECT status FROM tournaments")
            return rows[0]["status"] == "finished"
        await _wait(finished, "the tournament did not finish")
        [row] = await _query(db, "SELECT state FROM tournaments")
        state = Tournament.from_json(row["state"])
        tables = await _query(db, "SELECT tt.round, tt.number, g.players, g.ranks, g.scores "
                                  "FROM tournament_tables tt JOIN games g ON g.id = tt.table_id")
        fresh = Tournament(state.game, state.fmt, state.allowed, state.seed,
                           state.rounds_planned, state.duplicate, state.preferred,
                           list(state.entrants))
        for rnd in state.rounds:
            fresh.rounds.append(type(rnd)(rnd.number, rnd.tables, rnd.byes, rnd.deal_seed))
            for t in (x for x in tables if x["round"] == rnd.number):
                table = next(x for x in rnd.tables if x.number == t["number"])
                seats = {str(p["user_id"]): i for i, p in enumerate(json.loads(t["players"]))}
                order = [seats[p] for p in table.players]
                ranks, scores = json.loads(t["ranks"]), json.loads(t["scores"])
                fresh.record(Result(table, tuple(ranks[i] for i in order),
                                    tuple(float(scores[i]) for i in order)))
        assert [(r.entrant.id, r.points) for r in state.standings()] == \
            [(r.entrant.id, r.points) for r in fresh.standings()]

        # No thread ever showed a card that was never public in its game.
        store = Store(db)
        await store.open()
        try:
            reader = SimpleNamespace(replay=lambda gid: load_replay(store, gid))
            placed = await _query(db, "SELECT channel_id, table_id FROM tournament_tables")
            for row in placed:
                truth = [await game_truth(reader, row["table_id"])]
                texts = [message_text(v) for m in fake.channel_messages(row["channel_id"])
                         for v in m.versions]
                assert texts and channel_leaks(texts, truth) == []
        finally:
            await store.close()
        assert bots[0].alive() and bots[1].alive()
    finally:
        for bot in bots:
            await asyncio.to_thread(bot.stop)
        await fake.stop()
