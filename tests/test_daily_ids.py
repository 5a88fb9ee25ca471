"""A daily deal's controls name their game by its fixed code (``DailyRule.code``), not by
the order games registered in: the custom ids a556011 wrote (``DAILY_BASE`` + day * 16 +
the game's place in that build's order: coins, pinkerton, piquet, starshina, thirteens)
name the same daily whatever order the games are loaded in now."""

from __future__ import annotations

import pytest

from bot import plugins
from bot.core.daily import DailyError
from bot.core.daily_rules import DailyRule, check_code, daily_rules
from bot.discordbot import ids
from bot.seat import DailyKey

A556011_ORDER = ("coins", "pinkerton", "piquet", "starshina", "thirteens")
DAY = 20_500


def _old_number(game: str, day: int) -> int:
    """The daily's place number as a556011 wrote it."""
    return ids.DAILY_BASE + day * 16 + A556011_ORDER.index(game)


def _check_old_ids() -> None:
    for game in A556011_ORDER:
        number = _old_number(game, DAY)
        assert ids.place_key(number) == DailyKey(game, DAY)
        assert ids.field(DailyKey(game, DAY)) == number
        button = ids.do(number, 3, "play 7C")
        assert button is not None
        match = ids.DO.fullmatch(button)
        assert match is not None and ids.place_key(int(match["channel"])) == DailyKey(game, DAY)


def test_old_daily_ids_name_the_same_game() -> None:
    _check_old_ids()


def test_old_daily_ids_survive_a_new_registration_order() -> None:
    """Coins and Piquet registered again after the others (as a reordered ``PARLOUR_GAMES``
    would load them), and a game with a daily of its own registered between: the old
    buttons still name their games."""
    moved = [plugins.get("coins"), plugins.get("piquet")]
    for p in moved:
        plugins.unregister(p.name)
    try:
        assert tuple(daily_rules())[:3] == ("pinkerton", "starshina", "thirteens")
        for p in reversed(moved):
            plugins.register(p)
        assert tuple(daily_rules()) != A556011_ORDER
        _check_old_ids()
    finally:
        for p in moved:
            plugins.unregister(p.name)
        for p in moved:   # back in their own order for the other tests
            plugins.register(p)


def test_a_code_is_one_games_and_a_missing_one_is_refused() -> None:
    taken = daily_rules()
    with pytest.raises(ValueError, match="same code"):
        check_code(DailyRule("duel", 2, code=taken["coins"].code), taken)
    with pytest.raises(ValueError, match="needs a code"):
        check_code(DailyRule("duel", 2), taken)
    check_code(DailyRule("duel", 2, code=15), taken)   # a free one
    # A code no game has now is no daily: the click is refused, not sent elsewhere.
    with pytest.raises(DailyError):
        ids.place_key(ids.DAILY_BASE + DAY * 16 + 15)
