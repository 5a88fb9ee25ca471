"""A hint's reasons as a player reads them (bot/present/coach.py), in en/pl/ru: a forced
move is called forced, and "every one of the sampled deals" is not said as "10 of 10"."""

from __future__ import annotations

import random

import pytest

import rules
from bot.i18n import lang_for
from bot.present.coach import hint_text, why
from rules.ai.coach import Reason, hint


def _forced_position() -> tuple[rules.State, int]:
    """A Thirteens position where the player to move has one legal move (following suit)."""
    state = rules.get_game("thirteens").new_state(3, {}, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        seat = state.current_seat
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return state, seat
        state.apply(seat, rng.choice(legal))
    raise AssertionError("no forced move in this game")


@pytest.mark.parametrize("code,said", [
    ("en", "It is your only legal move."),
    ("pl", "To twój jedyny dozwolony ruch."),
    ("ru", "Это ваш единственный возможный ход.")])
def test_a_forced_move_is_called_forced(code: str, said: str) -> None:
    state, seat = _forced_position()
    got = hint(state, seat, budget=20, seed=1)
    assert str(got.action) == str(state.legal_actions(seat)[0])
    assert got.reasons == (Reason("forced"),)
    text = hint_text("Play X", got.reasons, lang_for(code))
    assert text.endswith(" " + said), text
    assert "worse" not in text and "gorszy" not in text and "хуже" not in text


@pytest.mark.parametrize("code,every,some", [
    ("en", "It takes the trick in all 10 sampled deals; it does at least as well as the next "
           "best move in all 6 sampled deals.",
     "It takes the trick in 7 of 10 sampled deals; it does at least as well as the next best "
     "move in 4 of 6 sampled deals."),
    ("pl", "Bierze lewę w każdym z 10 losowych rozdań; wypada nie gorzej niż następny "
           "najlepszy ruch w każdym z 6 losowych rozdań.",
     "Bierze lewę w 7 z 10 losowych rozdań; wypada nie gorzej niż następny najlepszy ruch w "
     "4 z 6 losowych rozdań."),
    ("ru", "Берёт взятку в каждой из 10 пробных сдач; не хуже следующего лучшего хода в "
           "каждой из 6 пробных сдач.",
     "Берёт взятку в 7 из 10 пробных сдач; не хуже следующего лучшего хода в 4 из 6 пробных "
     "сдач.")])
def test_every_sampled_deal_is_said_as_all(code: str, every: str, some: str) -> None:
    lang = lang_for(code)
    assert why((Reason("wins_trick", 10, 10), Reason("best_in", 6, 6)), lang) == every
    assert why((Reason("wins_trick", 7, 10), Reason("best_in", 4, 6)), lang) == some
    left = why((Reason("loses_trick", 10, 10),), lang)
    assert "10 of 10" not in left and "10 z 10" not in left and "10 из 10" not in left
