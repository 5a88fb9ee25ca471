"""Table core: lobby rules, permissions, the one way in for moves, races."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import (
    STALE,
    BoardChanged,
    LobbyChanged,
    SeatReplaced,
    StaleMove,
    TableClosed,
    TableError,
    YourTurn,
    fill_names,
)
from tests.test_core_helpers import BOB, CAROL, DAVE, HOST, make_table, running_core

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL


async def test_create_validates_game_and_options(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        with pytest.raises(TableError, match="Unknown game 'bridge'"):
            await core.create_table(1, HOST, "Alice", "bridge")
        with pytest.raises(TableError, match="Unknown option 'colour' for Piquet"):
            await core.create_table(1, HOST, "Alice", "piquet", {"colour": "red"})
        with pytest.raises(TableError, match="Option 'variant' must be one of"):
            await core.create_table(1, HOST, "Alice", "piquet", {"variant": "grand"})
        with pytest.raises(TableError, match="cannot be negative"):
            await core.create_table(1, HOST, "Alice", "coins", turn_seconds=-5)
        assert core.table(1) is None  # nothing half-made
        info = await core.create_table(1, HOST, "Alice", "piquet", {"variant": "A_Quatre"})
        assert info.options["variant"] == "a_quatre" and info.player_counts == (4,)
        assert info.turn_seconds == 120  # the game's default turn time
        assert [type(u) for u in env.updates()] == [LobbyChanged]


async def test_busy_channel_names_the_running_game(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await env.core.create_table(5, HOST, "Alice", "piquet")
        with pytest.raises(TableError) as e:
            await env.core.create_table(5, BOB, "Bob", "coins")
        assert str(e.value) == ("A game of Piquet is already running here (host: Alice). "
                                "Finish or cancel it first.")
        await env.core.create_table(6, BOB, "Bob", "coins")  # another channel is free
        assert {t.channel_id for t in env.core.tables()} == {5, 6}


async def test_join_leave_and_player_counts(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "piquet")  # rubicon: exactly 2
        with pytest.raises(TableError, match="needs 2 players; there is 1"):
            await core.start_game(1, HOST)
        await core.join(1, BOB, "Bob")
        with pytest.raises(TableError, match="already at this table"):
            await core.join(1, BOB, "Bob")
        with pytest.raises(TableError, match=r"The table is full \(2 players\)"):
            await core.join(1, CAROL, "Carol")
        with pytest.raises(TableError, match="not at this table"):
            await core.leave(1, CAROL)
        info = await core.configure(1, HOST, options={"variant": "normand"})
        assert info.player_counts == (3,)
        with pytest.raises(TableError, match="needs 3 players; there are 2"):
            await core.start_game(1, HOST)
        await core.join(1, CAROL, "Carol")
        info = await core.leave(1, BOB)
        assert [s.name for s in info.seats] == ["Alice", "Carol"]
        await core.add_ai(1, HOST, "random")
        info = await core.start_game(1, HOST)
        assert info.status == "playing" and len(info.seats) == 3
        with pytest.raises(TableError, match="already started"):
            await core.join(1, DAVE, "Dave")
        with pytest.raises(TableError, match="already started"):
            await core.add_ai(1, HOST, "easy")


async def test_coins_needs_exactly_three_and_a_quatre_four(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "coins")
        await core.add_ai(1, HOST, "random")
        with pytest.raises(TableError, match="Coins with these options needs 3 players"):
            await core.start_game(1, HOST)
        await core.create_table(2, HOST, "Alice", "piquet", {"variant": "a_quatre"})
        for _ in range(3):
            await core.add_ai(2, HOST, "random")
        with pytest.raises(TableError, match=r"full \(4 players\)"):
            await core.add_ai(2, HOST, "random")
        info = await core.start_game(2, HOST)
        assert info.status == "playing"


async def test_ai_seats_levels_and_names(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "thirteens")
        with pytest.raises(TableError, match="Unknown AI level 'genius'"):
            await core.add_ai(1, HOST, "genius")
        await core.add_ai(1, HOST, "easy")
        info = await core.add_ai(1, HOST, "EASY")
        assert [s.name for s in info.seats] == ["Alice", "Ada (AI, easy)", "Basil (AI, easy)"]
        assert [s.kind for s in info.seats] == ["human", "ai", "ai"]
        info = await core.remove_ai(1, HOST)
        assert len(info.seats) == 2
        with pytest.raises(TableError, match="not an AI seat"):
            await core.remove_ai(1, HOST, seat=0)


async def test_seat_order_is_seeded_unless_fixed(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        orders = []
        for channel in (1, 2, 3):
            await core.create_table(channel, HOST, "Alice", "thirteens", seed=42,
                                    keep_order=channel == 3)
            await core.join(channel, BOB, "Bob")
            await core.join(channel, CAROL, "Carol")
            await core.join(channel, DAVE, "Dave")
            info = await core.start_game(channel, HOST)
            orders.append([s.name for s in info.seats])
        assert orders[0] == orders[1]  # same seed, same shuffle
        assert sorted(orders[0]) == ["Alice", "Bob", "Carol", "Dave"]
        assert orders[2] == ["Alice", "Bob", "Carol", "Dave"]  # kept in joining order


async def test_only_host_or_moderator_manages_cancels_and_kicks(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "thirteens")
        await core.join(1, BOB, "Bob")
        await core.join(1, CAROL, "Carol")
        for call in (core.add_ai(1, BOB, "easy"), core.start_game(1, BOB), core.cancel(1, BOB),
                     core.kick(1, BOB, CAROL), core.configure(1, BOB, turn_seconds=5)):
            with pytest.raises(TableError, match=r"Only the host \(Alice\) or a moderator"):
                await call
        info = await core.kick(1, BOB, CAROL, moderator=True)
        assert [s.name for s in info.seats] == ["Alice", "Bob"]
        info = await core.kick(1, HOST, BOB)
        assert [s.name for s in info.seats] == ["Alice"]
        await core.join(1, BOB, "Bob")
        env.updates()
        await core.cancel(1, DAVE, moderator=True)
        closed = env.updates(TableClosed)
        assert closed[0].reason == "cancelled" and closed[0].by_user == DAVE
        assert core.table(1) is None
        await core.create_table(1, BOB, "Bob", "coins")  # the channel is free again


async def test_host_leaving_the_lobby_hands_over_or_closes(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "thirteens")
        await core.join(1, BOB, "Bob")
        info = await core.leave(1, HOST)
        assert info.host_id == BOB and info.host_name == "Bob"
        await core.add_ai(1, BOB, "easy")
        env.updates()
        await core.leave(1, BOB)
        assert env.updates(TableClosed)[0].reason == "empty"
        assert core.table(1) is None


async def test_only_the_seat_holder_moves_and_errors_are_readable(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        seat = info.current_seat
        mover = info.seats[seat].user_id
        other = BOB if mover == HOST else HOST
        legal = core.legal_actions(1, mover)
        assert legal and core.legal_actions(1, other) == []
        before = core.registry.live[1].state.to_json()
        with pytest.raises(TableError, match="You are not playing at this table"):
            await core.act(1, DAVE, legal[0])
        with pytest.raises(TableError) as e:
            await core.act(1, other, legal[0])
        assert str(e.value) == f"It is not your turn: waiting for {info.seats[seat].name}."
        for bad in ("flibbertigibbet", "", "play", "play ZZ", "play"):
            with pytest.raises(TableError) as e:
                await core.act(1, mover, bad)
            assert "{p" not in str(e.value) and str(e.value)
        hand = core.private_view(1, mover)["hand"]
        missing = next(c for c in ("1O", "2O", "3O", "4O", "5O", "6O", "7O") if c not in hand)
        with pytest.raises(TableError):
            await core.act(1, mover, f"play {missing}")
        assert core.registry.live[1].state.to_json() == before  # bad input changed nothing
        assert core.table(1).move == info.move
        rows = await core.store.load_actions(info.table_id)
        assert all(r["actor"] == "ai" for r in rows)  # nothing of the bad input was logged


async def test_stale_and_concurrent_submissions_apply_once(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        mover = info.seats[info.current_seat].user_id
        move = core.legal_actions(1, mover)[0]
        results = await asyncio.gather(core.act(1, mover, move, expect_move=info.move),
                                       core.act(1, mover, move, expect_move=info.move),
                                       return_exceptions=True)
        errors = [r for r in results if isinstance(r, TableError)]
        assert len(errors) == 1 and isinstance(errors[0], StaleMove) and str(errors[0]) == STALE
        ok = next(r for r in results if not isinstance(r, Exception))
        assert ok.move == info.move + 1 and ok.action == move
        rows = await core.store.load_actions(info.table_id)
        assert [(r["move"], r["action"]) for r in rows if r["actor"] == "human"] == [
            (info.move + 1, move)]  # logged once; an AI may have moved after it
        await core.settle()
        # Without expect_move, the second click fails on the moved-on position instead.
        info = core.table(1)
        mover = info.seats[info.current_seat].user_id
        move = core.legal_actions(1, mover)[0]
        results = await asyncio.gather(core.act(1, mover, move), core.act(1, mover, move),
                                       return_exceptions=True)
        assert sum(isinstance(r, TableError) for r in results) == 1
        with pytest.raises(StaleMove) as e:
            await core.act(1, mover, move, expect_move=info.move)
        assert str(e.value) == STALE


async def test_updates_carry_moves_turns_and_names(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "coins", humans=[HOST, BOB], ais=["random"], start=False)
        env.updates()
        await core.start_game(1, HOST)
        await core.settle()
        got = env.updates()
        assert isinstance(got[0], BoardChanged) and got[0].table.status == "playing"
        boards = [u for u in got if isinstance(u, BoardChanged)]
        info = core.table(1)
        # Thin updates: where the table is, never a view; the views are asked for.
        assert boards and boards[-1].move == info.move and boards[-1].deal == 1
        assert not any(hasattr(b, "view") for b in boards)
        assert "hand" not in core.public_view(1) and "hand" in core.private_view(1, HOST)
        board = core.board(1)
        assert board.view == core.public_view(1) and board.table.move == info.move
        turn = [u for u in got if isinstance(u, YourTurn)][-1]
        assert turn.seat == info.current_seat and turn.move == info.move
        assert turn.user_id == info.seats[info.current_seat].user_id
        assert turn.deadline is None  # no timer at this table
        assert all("{p" not in t for b in boards for t in b.new_events + board.recent_events)
        assert core.fill_names(1, "{p0} deals to {p2}.") == "Alice deals to Ada (AI, random)."
        assert fill_names("{p1} and {p9}", ["A", "B"]) == "B and seat 9"


async def test_kick_during_play_hands_the_seat_to_the_ai(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        info = await make_table(core, "coins", humans=[HOST, BOB], ais=["random"])
        env.updates()
        await core.kick(1, HOST, BOB)
        await core.settle()
        replaced = env.updates(SeatReplaced)
        assert [(r.user_id, r.reason, r.level) for r in replaced] == [(BOB, "kicked", "easy")]
        bob = core.table(1).seats[info.seat_of(BOB)]
        assert bob.ai_level == "easy" and bob.abandoned
        with pytest.raises(TableError, match="The AI plays your seat now"):
            await core.act(1, BOB, "play 1O")
        with pytest.raises(TableError, match="already left"):
            await core.kick(1, HOST, BOB)
