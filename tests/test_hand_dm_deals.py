"""Hand DMs: whether a deal's DM is due is decided from the view's deal count alone, so
the moves of a deal already DM'd build no scene."""

from __future__ import annotations

import pytest

from bot.discordbot.hand_dms import HandDms
from bot.present import present
from bot.present.art.positions import NAMES, positions

GAMES = ("coins", "pinkerton", "piquet", "starshina", "thirteens")


@pytest.mark.parametrize("game", GAMES)
def test_the_views_deal_count_is_the_scenes(game: str) -> None:
    for state in positions(game, 300, seed=5):
        for seat in range(state.n):
            view = state.view(seat)
            assert int(view.get("deal_no") or 0) == present(view, NAMES).deal_no


def test_a_deal_is_due_until_its_dm_is_queued_or_sent() -> None:
    dms = HandDms.__new__(HandDms)   # the bookkeeping alone: no bot, store or Discord
    dms.sent, dms.queued, dms.closed = {(1, 7): 2}, {}, set()
    assert not dms.due(1, 7, 2)                    # sent already
    assert dms.due(1, 7, 3)
    assert dms.due(1, 7, 3)                        # asking does not queue it...
    assert dms.wants(1, 7, 3) and not dms.due(1, 7, 3)   # ...wanting it does
    dms.closed.add((1, 8))
    assert not dms.due(1, 8, 1)                    # DMs refused
