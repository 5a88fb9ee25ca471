"""The core's count request (Pinkerton, RULINGS 6): not a move, asked out of turn,
saved with the state, published to the board."""

from __future__ import annotations

import pytest

from bot.core import BoardChanged, TableError
from tests.test_core_helpers import BOB, CAROL, DAVE, HOST, make_table, running_core

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL (tests/backends.py)


async def _to_phase_two(core) -> None:
    """Humans play their first legal move until the count may be asked."""
    while not core.public_view(1)["count_askable"]:
        info = core.table(1)
        user = info.seats[info.current_seat].user_id
        await core.act(1, user, core.legal_actions(1, user)[0], expect_move=info.move)


async def test_count_asked_out_of_turn_is_saved_and_published(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "pinkerton", humans=[HOST, BOB, CAROL], seed=5)
        await _to_phase_two(core)
        info = core.table(1)
        dealer = core.public_view(1)["dealer"]
        asker = next(s for s in range(3) if s not in (dealer, info.current_seat))
        user = info.seats[asker].user_id
        env.updates()
        with pytest.raises(TableError, match="dealer may not ask"):
            await core.ask_count(1, info.seats[dealer].user_id)
        with pytest.raises(TableError, match="not playing at this table"):
            await core.ask_count(1, DAVE)
        assert core.table(1).move == info.move and env.updates() == []  # refusals change nothing
        events = await core.ask_count(1, user)
        name = info.seats[asker].name
        assert len(events) == 1 and events[0].startswith(f"{name} asks for the count: the pile "
                                                         "stands at ")
        after = core.table(1)
        assert after.move == info.move and after.current_seat == info.current_seat
        [board] = env.updates(BoardChanged)
        assert board.new_events == events and board.move == info.move  # not a move
        shown = env.core.public_view(1)["pile_total"]
        assert shown is not None
        with pytest.raises(TableError, match=f"already shown: {shown}"):
            await core.ask_count(1, user)
    async with running_core(tmp_path) as env:       # a restart keeps the asked count
        view = env.core.public_view(1)
        assert view["pile_total"] == shown and view["events"][-1]["text"].endswith(
            f"the pile stands at {shown}.")
        assert env.core.table(1).move == info.move


def test_old_move_logs_with_count_still_replay() -> None:
    # Before RULINGS 6 the count was a move ("count") in the action log.
    import rules
    from bot.core.leaderboard import GameSummary
    from bot.core.replay import Replay
    game = rules.get_game("pinkerton")
    state = game.new_state(3, seed=5)
    actions = []
    while not state.view(None)["count_askable"] or state.current_seat == state.dealer:
        seat = state.current_seat
        move = str(state.legal_actions(seat)[0])
        state.apply(seat, move)
        actions.append((seat, "human", move))
    actions.append((state.current_seat, "human", "count"))
    players = [{"name": n, "user_id": None} for n in ("A", "B", "C")]
    record = GameSummary(1, "pinkerton", game.validate_options({}), 5, None, 1, players,
                         None, [1, 1, 1], "abandoned", 0.0, 0.0, len(actions))
    last = list(Replay(record, tuple(actions)).steps())[-1]
    assert last.events[-1].endswith(f"asks for the count: the pile stands at "
                                    f"{state.total}.")
