"""Names and numbers people read: AI seat names, the rating scale, the pings setting."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core import (
    PROVISIONAL_GAMES,
    PROVISIONAL_NOTE,
    ai_seat_name,
    display_rating,
    rating_text,
)
from bot.core.ratings import (
    AI_RATINGS,
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Entrant,
    ai_entrant,
    ordinal,
    rate,
)
from tests.test_core_helpers import BOB, HOST, make_table, running_core


def test_ai_seat_names_are_distinct_first_names_without_digits() -> None:
    taken = ["Alice"]
    for level in ("easy", "hard", "easy", "normal", "random"):
        taken.append(ai_seat_name(level, taken))
    assert taken[1:] == ["Ada (AI, easy)", "Basil (AI, hard)", "Clara (AI, easy)",
                         "Dmitri (AI, normal)", "Edith (AI, random)"]
    assert not any(re.search(r"\d", name) for name in taken)
    # A human called Ada (any case) keeps the name to themselves.
    assert ai_seat_name("hard", ["ada", "Basil (AI, easy)"]) == "Clara (AI, hard)"


@pytest.mark.usefixtures("backend")
async def test_lobby_names_ai_seats_uniquely(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        info = await make_table(env.core, "starshina", ais=["easy", "easy"], start=False)
        assert [s.name for s in info.seats] == ["Alice", "Ada (AI, easy)", "Basil (AI, easy)"]
        # Removing Ada frees her name for the next AI; names stay unique.
        await env.core.remove_ai(1, HOST, 1)
        info = await env.core.add_ai(1, HOST, "hard")
        assert [s.name for s in info.seats] == ["Alice", "Basil (AI, easy)", "Ada (AI, hard)"]


def test_display_scale() -> None:
    assert display_rating(ordinal(DEFAULT_MU, DEFAULT_SIGMA)) == 1500   # a newcomer
    assert display_rating(1.0) == 1520 and display_rating(-2.5) == 1450
    assert display_rating(-1000.0) == 0                                  # never negative
    assert rating_text(2.0, 12) == "1540"
    assert rating_text(2.0, PROVISIONAL_GAMES - 1) == \
        f"1540 (provisional: fewer than {PROVISIONAL_GAMES} games)"
    assert PROVISIONAL_NOTE.startswith("? provisional: fewer than 5 games")


@settings(max_examples=200, deadline=None)
@given(opponents=st.lists(st.sampled_from(["new", *AI_RATINGS]), min_size=1, max_size=5),
       rank=st.integers(1, 6), data=st.data())
def test_one_game_never_gives_a_negative_or_odd_number(opponents: list[str], rank: int,
                                                       data: st.DataObject) -> None:
    """A newcomer's number after one game, whatever the table and result: near 1500."""
    entrants = [Entrant(1, None, DEFAULT_MU, DEFAULT_SIGMA)]
    for i, who in enumerate(opponents):
        entrants.append(Entrant(i + 2, None, DEFAULT_MU, DEFAULT_SIGMA) if who == "new"
                        else ai_entrant(who))
    n = len(entrants)
    ranks = [min(rank, n)] + [data.draw(st.integers(1, n)) for _ in opponents]
    mu, sigma = rate(entrants, [[i] for i in range(n)], ranks)[0]
    shown = display_rating(ordinal(mu, sigma))
    assert 1300 <= shown <= 1800, (opponents, ranks, shown)


@pytest.mark.usefixtures("backend")
async def test_pings_setting_is_kept_with_the_table(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        info = await env.core.create_table(1, HOST, "Alice", "coins", pings=False)
        assert info.pings is False
        assert (await env.core.create_table(2, BOB, "Bob", "coins")).pings is True
        with pytest.raises(Exception, match="Only the host"):
            await env.core.configure(1, BOB, pings=True)
    async with running_core(tmp_path) as env:   # restarted: still off
        assert env.core.table(1).pings is False and env.core.table(2).pings is True
        info = await env.core.configure(1, HOST, pings=True)
        assert info.pings is True
