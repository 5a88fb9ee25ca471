"""Table core: the per-table stand-in AI level (timed-out moves and seat takeovers)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.core import Core, ManualClock, SeatReplaced, Strike, TableError
from bot.core.ai_runner import InlineRunner
from rules.ai.players import LEVELS
from tests.test_core_helpers import BOB, HOST, Env, config, make_table, play_first_legal

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


class RecordingRunner(InlineRunner):
    """Records the level asked for at each seat, then thinks cheaply (random)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []

    async def choose(self, state, seat, level, seed, time_budget=None) -> str:
        self.asked.append((seat, level))
        return await super().choose(state, seat, "random", seed, time_budget)


@asynccontextmanager
async def recording_core(tmp_path: Path, clock: ManualClock | None = None,
                         **kw) -> AsyncIterator[tuple[Env, RecordingRunner]]:
    path = tmp_path / "parlour.db"
    clock = clock or ManualClock()
    runner = RecordingRunner()
    # Bot-wide defaults that differ from the tables' choices below.
    kw = {"timeout_level": "normal", "replacement_level": "easy", **kw}
    core = Core(config(path, **kw), clock=clock, runner=runner)
    sub = core.subscribe()
    await core.start()
    try:
        yield Env(core, clock, sub, path), runner
    finally:
        await core.stop()


async def _lobby(core: Core, stand_in: str | None, turn_seconds: int = 30):
    info = await core.create_table(1, HOST, "Alice", "coins", {"target": 10},
                                   turn_seconds=turn_seconds, keep_order=True, seed=7,
                                   stand_in=stand_in)
    await core.join(1, BOB, "Bob")
    await core.add_ai(1, HOST, "random")
    return info


async def _to_turn_of(core: Core, user: int) -> None:
    while (info := core.table(1)).seats[info.current_seat].user_id != user:
        other = info.seats[info.current_seat].user_id
        await core.act(1, other, core.legal_actions(1, other)[0], expect_move=info.move)
        await core.settle()


async def _strike_out(env: Env, user: int, seconds: float = 31) -> list:
    got = []
    for _ in range(env.core.config.max_strikes):
        await _to_turn_of(env.core, user)
        await env.clock.advance(seconds)
        got += env.updates()
    return got


async def test_timeout_and_takeover_use_the_tables_stand_in(tmp_path) -> None:
    async with recording_core(tmp_path) as (env, runner):
        core = env.core
        info = await _lobby(core, "HARD ")
        assert info.stand_in == "hard"
        await core.start_game(1, HOST)
        await core.settle()
        seat = core.table(1).seat_of(HOST)
        runner.asked.clear()
        got = await _strike_out(env, HOST)
        assert [s.user_id for s in got if isinstance(s, Strike)] == [HOST, HOST]
        # Both timer moves were asked of the table's level, not the bot's "normal".
        timer_levels = [lvl for s, lvl in runner.asked if s == seat]
        assert timer_levels[:2] == ["hard", "hard"]
        [replaced] = [u for u in got if isinstance(u, SeatReplaced)]
        assert (replaced.user_id, replaced.reason, replaced.level) == (HOST, "strikes", "hard")
        assert core.table(1).seats[seat].ai_level == "hard"
        # From now on the takeover AI plays Alice's seat at that level (Bob finishes).
        ai_seat = next(s.index for s in core.table(1).seats if s.kind == "ai")
        runner.asked.clear()
        await play_first_legal(core, 1)
        assert (seat, "hard") in runner.asked
        assert {lvl for s, lvl in runner.asked if s == seat} == {"hard"}
        # The AI seat that sat down as "random" keeps its own level.
        assert {lvl for s, lvl in runner.asked if s == ai_seat} == {"random"}


async def test_leaving_hands_the_seat_to_the_stand_in(tmp_path) -> None:
    async with recording_core(tmp_path) as (env, runner):
        core = env.core
        await _lobby(core, None)
        await core.configure(1, HOST, stand_in="random")
        await core.start_game(1, HOST)
        await core.settle()
        await core.leave(1, BOB)
        await core.settle()
        [replaced] = env.updates(SeatReplaced)
        assert (replaced.user_id, replaced.reason, replaced.level) == (BOB, "left", "random")
        assert core.table(1).seats[core.table(1).seat_of(BOB)].ai_level == "random"


async def test_without_a_stand_in_the_bot_wide_levels_apply(tmp_path) -> None:
    async with recording_core(tmp_path) as (env, runner):
        core = env.core
        info = await _lobby(core, None)
        assert info.stand_in is None
        await core.start_game(1, HOST)
        await core.settle()
        seat = core.table(1).seat_of(HOST)
        runner.asked.clear()
        got = await _strike_out(env, HOST)
        assert [lvl for s, lvl in runner.asked if s == seat][:2] == ["normal", "normal"]
        [replaced] = [u for u in got if isinstance(u, SeatReplaced)]
        assert replaced.level == "easy"


async def test_a_bad_level_is_refused_and_changes_nothing(tmp_path) -> None:
    async with recording_core(tmp_path) as (env, _):
        core = env.core
        with pytest.raises(TableError) as e:
            await core.create_table(1, HOST, "Alice", "coins", stand_in="grandmaster")
        assert "grandmaster" in str(e.value)
        assert all(level in str(e.value) for level in LEVELS)
        assert core.table(1) is None
        assert await core.store.fetchall("SELECT id FROM tables") == []

        await _lobby(core, "easy")
        before = core.table(1)
        for bad in ("expert", ""):
            with pytest.raises(TableError, match="Levels: random, easy, normal, hard"):
                await core.configure(1, HOST, stand_in=bad, turn_seconds=5,
                                     options={"target": 15})
            assert core.table(1) == before
        row = await core.store.fetchone("SELECT settings, options FROM tables")
        assert json.loads(row["settings"])["stand_in"] == "easy"
        assert json.loads(row["options"])["target"] == 10
        with pytest.raises(TableError, match="Only the host"):
            await core.configure(1, BOB, stand_in="hard")
        assert core.table(1) == before
        info = await core.configure(1, HOST, stand_in="Normal")
        assert info.stand_in == "normal" and info.turn_seconds == before.turn_seconds
        info = await core.configure(1, HOST, turn_seconds=45)  # None: stand-in unchanged
        assert info.stand_in == "normal"


async def test_the_stand_in_survives_a_restart(tmp_path) -> None:
    clock1 = ManualClock()
    async with recording_core(tmp_path, clock=clock1) as (env, _):
        await _lobby(env.core, None)
        await env.core.configure(1, HOST, stand_in="hard")
        await env.core.create_table(2, HOST, "Alice", "coins", stand_in="random")
        await make_table(env.core, "coins", humans=[BOB], ais=["random", "random"],
                         channel=3, turn_seconds=30)
        await env.core.start_game(1, HOST)
        await env.core.settle()
        playing = env.core.table(1)
    async with recording_core(tmp_path, clock=ManualClock(start=clock1.now())) \
            as (env, runner):
        core = env.core
        assert core.table(1).stand_in == "hard" and core.table(1).status == "playing"
        assert core.table(2).stand_in == "random" and core.table(2).status == "lobby"
        assert core.table(3).stand_in is None
        # The resumed game still uses it for a timed-out move.
        user = playing.seats[playing.current_seat].user_id
        seat = playing.current_seat
        runner.asked.clear()
        await env.clock.advance(31)
        assert [u.user_id for u in env.updates(Strike) if u.channel_id == 1][:1] == [user]
        assert (seat, "hard") in runner.asked
