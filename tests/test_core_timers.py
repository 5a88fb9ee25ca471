"""Table core: turn timers, reminders, strikes, seats handed to the AI (no real sleeping)."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.core import (
    BoardChanged,
    GameOver,
    Reminder,
    SeatReplaced,
    Strike,
    TableError,
    YourTurn,
)
from tests.test_core_helpers import BOB, HOST, make_table, play_first_legal, running_core

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


async def _to_turn_of(env, user: int) -> None:
    """Let the other human play first-legal moves until it is ``user``'s turn."""
    core = env.core
    while (info := core.table(1)).seats[info.current_seat].user_id != user:
        other = info.seats[info.current_seat].user_id
        await core.act(1, other, core.legal_actions(1, other)[0], expect_move=info.move)
        await core.settle()


async def test_reminder_then_automatic_move_and_strike(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core, clock = env.core, env.clock
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"],
                                turn_seconds=60)
        await _to_turn_of(env, HOST)
        info = core.table(1)
        start = clock.now()
        assert info.deadline == pytest.approx(start + 60)  # absolute: survives restarts
        env.updates()
        await clock.advance(39)
        assert env.updates() == [] and core.table(1).move == info.move
        await clock.advance(2)  # 2/3 of 60 s
        reminders = env.updates(Reminder)
        assert len(reminders) == 1 and reminders[0].user_id == HOST
        assert reminders[0].seconds_left == pytest.approx(20)
        assert reminders[0].deadline == pytest.approx(start + 60)
        await clock.advance(18.5)
        assert core.table(1).move == info.move  # not yet
        await clock.advance(1)
        got = env.updates()
        strikes = [u for u in got if isinstance(u, Strike)]
        assert [(s.user_id, s.strikes, s.max_strikes) for s in strikes] == [(HOST, 1, 2)]
        board = next(u for u in got if isinstance(u, BoardChanged) and u.last_actor == "timer")
        assert board.last_action == strikes[0].action
        after = core.table(1)
        assert after.move > info.move
        alice = after.seats[info.seat_of(HOST)]
        assert alice.strikes == 1 and alice.ai_level is None  # still hers
        rows = await core.store.load_actions(info.table_id)
        timer_rows = [r for r in rows if r["actor"] == "timer"]
        assert [(r["move"], r["action"]) for r in timer_rows] == [(info.move + 1,
                                                                   strikes[0].action)]


async def test_moving_in_time_cancels_the_timer(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core, clock = env.core, env.clock
        await make_table(core, "coins", humans=[HOST, BOB], ais=["random"], turn_seconds=60)
        for _ in range(4):  # each human turn answered after 50 s: never a strike
            await clock.advance(50)
            info = core.table(1)
            user = info.seats[info.current_seat].user_id
            await core.act(1, user, core.legal_actions(1, user)[0], expect_move=info.move)
            await core.settle()
        await clock.advance(59)
        assert env.updates(Strike) == []
        assert all(s.strikes == 0 for s in core.table(1).seats)


async def test_two_strikes_hand_the_seat_to_the_ai(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core, clock = env.core, env.clock
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"],
                                turn_seconds=30)
        got = []
        for expected in (1, 2):
            await _to_turn_of(env, HOST)
            await clock.advance(31)
            got += env.updates()
            strikes = [u for u in got if isinstance(u, Strike) and u.user_id == HOST]
            assert strikes[-1].strikes == expected
        replaced = [u for u in got if isinstance(u, SeatReplaced)]
        assert [(r.user_id, r.reason, r.level) for r in replaced] == [(HOST, "strikes", "easy")]
        seat = core.table(1).seats[info.seat_of(HOST)]
        assert seat.ai_level == "easy" and seat.abandoned and seat.strikes == 2
        with pytest.raises(TableError, match="The AI plays your seat now"):
            await core.act(1, HOST, "play 1O")
        assert core.table(1).host_id == BOB  # the host role moved to a playing human
        # Alice's seat now moves by itself: Bob alone finishes the game.
        await play_first_legal(core, 1)
        over = env.updates(GameOver)[0]
        assert over.reason == "complete" and over.abandoned == (info.seat_of(HOST),)
        row = await core.store.fetchone("SELECT ranks FROM games WHERE id = ?", (info.table_id,))
        ranks = json.loads(row["ranks"])
        assert ranks[info.seat_of(HOST)] == max(ranks) > ranks[info.seat_of(BOB)]  # last


async def test_strike_out_of_the_last_human_ends_the_game_as_abandoned(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core, clock = env.core, env.clock
        info = await make_table(core, "coins", humans=[HOST], ais=["random", "random"],
                                turn_seconds=20)
        await clock.advance(21)
        await clock.advance(21)
        got = env.updates()
        kinds = [type(u).__name__ for u in got]
        assert kinds.count("Strike") == 2 and "SeatReplaced" in kinds
        over = [u for u in got if isinstance(u, GameOver)][0]
        assert over.reason == "abandoned" and over.result is None
        assert over.abandoned == (0,)
        assert core.table(1) is None
        [change] = over.rating_changes
        assert change.user_id == HOST and change.after < change.before  # ranked last
        assert clock.pending() == []  # no timer left behind
        row = await core.store.fetchone("SELECT status FROM tables WHERE id = ?",
                                        (info.table_id,))
        assert row["status"] == "finished"


async def test_leaving_mid_game_is_replaced_by_the_ai(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"],
                                turn_seconds=60)
        await _to_turn_of(env, BOB)
        env.updates()
        await core.leave(1, BOB)  # on Bob's turn: the AI moves for him at once
        await core.settle()
        got = env.updates()
        replaced = [u for u in got if isinstance(u, SeatReplaced)]
        assert [(r.user_id, r.reason) for r in replaced] == [(BOB, "left")]
        bob_seat = info.seat_of(BOB)
        assert any(isinstance(u, BoardChanged) and u.last_seat == bob_seat
                   and u.last_actor == "ai" for u in got)
        assert not any(isinstance(u, YourTurn) and u.user_id == BOB for u in got)
        with pytest.raises(TableError, match="already left"):
            await core.leave(1, BOB)
        await play_first_legal(core, 1)
        over = env.updates(GameOver)[0]
        assert over.abandoned == (bob_seat,)
        assert {c.user_id for c in over.rating_changes} == {HOST, BOB}


async def test_ai_seats_wait_their_delay(tmp_path) -> None:
    async with running_core(tmp_path, ai_delay=2.5) as env:
        core, clock = env.core, env.clock
        info = await make_table(core, "coins", humans=[], ais=["random"] * 3)
        assert core.table(1).move == 0
        await clock.advance(2.4)
        assert core.table(1).move == 0
        await clock.advance(0.1)
        assert core.table(1).move == 1
        await clock.advance(25)
        assert core.table(1).move == 11
        assert info.deadline is None  # AI seats have no turn timer


async def test_an_ai_move_waits_for_its_background_turn(tmp_path) -> None:
    """An AI move is background work (core/background.py): it starts when the loop gives
    it a turn, so an answer in flight goes first."""
    async with running_core(tmp_path) as env:
        core = env.core
        gate = asyncio.Event()
        asked: list[int] = []

        async def held_step() -> None:
            asked.append(1)
            await gate.wait()
        core.background.step = held_step   # type: ignore[method-assign]
        await make_table(core, "coins", humans=[], ais=["random"] * 3, start=False)
        await core.start_game(1, HOST)
        for _ in range(20):
            await asyncio.sleep(0)
        assert asked and core.table(1).move == 0   # waiting for its turn
        gate.set()
        await core.settle()
        after = core.table(1)
        assert after is None or after.move > 0   # the AIs played (to the end, even)
        assert len(asked) > 1
