"""Table core: openskill ratings, AI virtual players, abandonment, leaderboards, scopes."""

from __future__ import annotations

import pytest

from bot.core import GameOver, Store
from bot.core.leaderboard import leaderboard, recent_games, user_stats
from bot.core.ratings import AI_RATINGS, DEFAULT_MU, ai_entrant, sides_and_ranks
from bot.core.records import record_game
from bot.core.seats import Seat
from tests.backends import db_for
from tests.test_core_helpers import BOB, CAROL, DAVE, HOST, make_table, play_first_legal
from tests.test_core_helpers import running_core as running

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

NAMES = {HOST: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


def _seats(*who) -> list[Seat]:
    """Users by id, AI levels by name, "!id" for a user who abandoned."""
    out = []
    for w in who:
        if isinstance(w, str) and w.startswith("!"):
            uid = int(w[1:])
            out.append(Seat(NAMES[uid], uid, "easy", abandoned=True))
        elif isinstance(w, str):
            out.append(Seat(f"AI ({w})", None, w))
        else:
            out.append(Seat(NAMES[w], w))
    return out


async def _record(store: Store, game_id: int, game: str, seats: list[Seat], ranks, *,
                  teams=None, guild=None, reason="complete"):
    result = None
    if ranks is not None:
        result = {"scores": [-r for r in ranks], "ranks": list(ranks),
                  "winners": [i for i, r in enumerate(ranks) if r == 1]}
        if teams:
            result["teams"] = teams
    async with store.transaction() as conn:
        return await record_game(conn, table_id=game_id, game=game, options={}, seed=1,
                                 guild_id=guild, channel_id=50, seats=seats, result=result,
                                 reason=reason, moves=10, started=float(game_id),
                                 finished=float(game_id) + 0.5)


@pytest.fixture
async def store(tmp_path):
    s = Store(db_for(tmp_path / "ratings.db"))
    await s.open()
    yield s
    await s.close()


def test_sides_and_ranks_put_abandoners_last() -> None:
    assert sides_and_ranks(3, [1, 2, 3], set()) == ([[0], [1], [2]], [1, 2, 3])
    assert sides_and_ranks(3, [1, 2, 3], {0}) == ([[0], [1], [2]], [4, 2, 3])
    assert sides_and_ranks(4, [1, 3, 1, 3], set(), [[0, 2], [1, 3]]) == (
        [[0, 2], [1, 3]], [1, 3])
    assert sides_and_ranks(4, [1, 3, 1, 3], {2}, [[0, 2], [1, 3]])[1] == [4, 3]
    assert sides_and_ranks(3, None, {1}) == ([[0], [1], [2]], [1, 2, 1])  # no result


async def test_free_for_all_winner_gains_loser_loses(store) -> None:
    changes = await _record(store, 1, "coins", _seats(HOST, BOB, CAROL), [1, 2, 3])
    by_user = {c.user_id: c for c in changes}
    assert by_user[HOST].after > by_user[HOST].before
    assert by_user[CAROL].after < by_user[CAROL].before
    assert by_user[HOST].mu > by_user[BOB].mu > by_user[CAROL].mu
    board = await leaderboard(store, "coins")
    assert [r.name for r in board] == ["Alice", "Bob", "Carol"]
    assert [(r.games, r.wins) for r in board] == [(1, 1), (1, 0), (1, 0)]


async def test_team_game_rates_partners_together(store) -> None:
    seats = _seats(HOST, BOB, CAROL, DAVE)
    changes = await _record(store, 1, "piquet", seats, [1, 3, 1, 3], teams=[[0, 2], [1, 3]])
    by_user = {c.user_id: c for c in changes}
    assert by_user[HOST].mu == pytest.approx(by_user[CAROL].mu)
    assert by_user[BOB].mu == pytest.approx(by_user[DAVE].mu)
    assert by_user[HOST].mu > DEFAULT_MU > by_user[BOB].mu
    assert {r.name: r.wins for r in await leaderboard(store, "piquet")} == {
        "Alice": 1, "Carol": 1, "Bob": 0, "Dave": 0}


async def test_ai_players_are_fixed_and_count_by_strength(store) -> None:
    fixed = dict(AI_RATINGS)
    vs_random = await _record(store, 1, "coins", _seats(HOST, "random", "random"), [1, 2, 3])
    vs_hard = await _record(store, 2, "coins", _seats(BOB, "hard", "hard"), [1, 2, 3])
    gain_random = vs_random[0].after - vs_random[0].before
    gain_hard = vs_hard[0].after - vs_hard[0].before
    assert gain_hard > gain_random > 0  # beating strong AI is worth more
    for game_id in range(3, 13):  # farming the random AI
        await _record(store, game_id, "coins", _seats(HOST, "random", "random"), [1, 2, 3])
    assert AI_RATINGS == fixed and ai_entrant("hard").mu == fixed["hard"][0]
    rows = await store.fetchall("SELECT DISTINCT user_id FROM ratings")
    assert {r[0] for r in rows} == {HOST, BOB}  # the AI never gets a rating row
    alice = (await user_stats(store, HOST))[0]
    gains = []
    for game_id in range(13, 16):
        [c] = await _record(store, game_id, "coins", _seats(HOST, "random", "random"),
                            [1, 2, 3])
        gains.append(c.after - c.before)
    assert gains[-1] < gain_random and alice.games == 11  # diminishing returns


async def test_abandoning_ranks_last_even_when_ahead(store) -> None:
    changes = await _record(store, 1, "coins", _seats(f"!{HOST}", BOB, CAROL), [1, 2, 3])
    by_user = {c.user_id: c for c in changes}
    assert by_user[HOST].after < by_user[HOST].before
    assert by_user[HOST].mu < by_user[CAROL].mu
    row = (await user_stats(store, HOST))[0]
    assert (row.games, row.wins, row.abandons) == (1, 0, 1)
    [game] = await recent_games(store)
    assert game.ranks == [3, 1, 2] and game.players[0]["abandoned"] is True


async def test_leaderboard_order_provisional_and_scopes(store) -> None:
    # Guild 1: Alice beats Bob five times.  Guild 2: Carol beats Dave once.
    for game_id in range(1, 6):
        await _record(store, game_id, "coins", _seats(HOST, BOB, "easy"), [1, 3, 2], guild=1)
    await _record(store, 6, "coins", _seats(CAROL, DAVE, "easy"), [1, 3, 2], guild=2)
    g1 = await leaderboard(store, "coins", 1)
    assert [r.name for r in g1] == ["Alice", "Bob"]
    assert [r.position for r in g1] == [1, 2]
    assert g1[0].rating > g1[1].rating and not g1[0].provisional  # 5 games: established
    assert (g1[0].games, g1[0].wins, g1[0].win_rate) == (5, 5, 1.0)
    g2 = await leaderboard(store, "coins", "2")
    assert [(r.name, r.provisional) for r in g2] == [("Carol", True), ("Dave", True)]
    world = await leaderboard(store, "coins", "global")
    assert {r.name for r in world} == {"Alice", "Bob", "Carol", "Dave"}
    ratings = [r.rating for r in world]
    assert ratings == sorted(ratings, reverse=True)
    assert len(await leaderboard(store, "coins", "global", limit=2)) == 2
    assert await leaderboard(store, "piquet", 1) == []
    stats = await user_stats(store, CAROL, 2)
    assert [(s.game, s.position, s.games) for s in stats] == [("coins", 1, 1)]
    assert [g.game_id for g in await recent_games(store, guild_id=2)] == [6]
    assert [g.game_id for g in await recent_games(store, channel_id=50, limit=3)] == [6, 5, 4]


async def test_a_quatre_through_the_core_rates_teams(tmp_path) -> None:
    async with running(tmp_path) as env:
        core = env.core
        await make_table(core, "piquet", humans=[HOST, BOB], ais=["random", "random"],
                         options={"variant": "a_quatre"}, guild=77)
        # keep_order: Alice 0, Bob 1, AIs 2 and 3 -> teams [Alice + AI] v [Bob + AI]
        await play_first_legal(core, 1)
        [over] = env.updates(GameOver)
        assert over.result["teams"] == [[0, 2], [1, 3]]
        scopes = {(c.scope, c.user_id) for c in over.rating_changes}
        assert scopes == {("global", HOST), ("global", BOB), ("77", HOST), ("77", BOB)}
        won = over.result["ranks"][0] == 1
        alice = next(c for c in over.rating_changes if c.user_id == HOST)
        assert (alice.after > alice.before) == won
        board = await core.leaderboard("piquet", 77)
        assert {r.user_id for r in board} == {HOST, BOB}


def test_a_seat_is_written_with_every_field_and_read_back_the_same() -> None:
    import dataclasses
    for seat in [Seat("Alice", HOST), Seat("AI (easy)", None, "easy"),
                 Seat("Bob", BOB, "hard", strikes=2, abandoned=True)]:
        assert seat.to_dict() == dataclasses.asdict(seat)   # no field left out
        assert Seat.from_dict(seat.to_dict()) == seat
