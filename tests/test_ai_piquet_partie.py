"""Piquet's values are the chance of winning the partie (games/piquet/ai_partie.py)."""

from __future__ import annotations

import random

import pytest

from games.piquet import ai_partie, endgame
from games.piquet.ai import choose, value
from rules.ai.endgame import Solver
from tests.test_piquet_helpers import G


def _rubicon(totals: list[int], deal_no: int):
    state = G.new_state(2, {}, seed=3)
    state.totals = list(totals)
    state.deal_no = deal_no
    return state


def test_a_lead_is_worth_more_the_fewer_deals_are_left():
    early, late = _rubicon([140, 100], 1), _rubicon([140, 100], 6)
    assert 0 < value(early, 0) < value(late, 0) < 1
    # One side's chance is the other's loss; level totals are even.
    assert value(late, 1) == pytest.approx(-value(late, 0))
    assert value(_rubicon([70, 70], 4), 0) == 0


def test_a_big_lead_before_the_last_deal_is_nearly_a_win_and_more_adds_little():
    near, far = _rubicon([150, 50], 6), _rubicon([170, 50], 6)
    assert 0.9 < value(near, 0) < value(far, 0) < 1
    assert value(far, 0) - value(near, 0) < 0.05
    # Before the first deal the same hundred points are far from certain.
    assert value(_rubicon([150, 50], 1), 0) < 0.8


def test_once_nothing_is_left_to_play_the_place_is_the_value():
    partie = ai_partie.Partie(38.0, 0, 0, 38.0)
    assert partie.worth([101, 100], 0) == 1
    assert partie.worth([101, 100], 1) == -1
    assert partie.worth([100, 100], 0) == 0
    three = ai_partie.Partie(28.0, None, 100, 18.0)
    assert [three.worth([104, 90, 60], s) for s in range(3)] == [1, 0, -1]


def test_a_race_to_the_target_counts_the_deals_the_leader_needs():
    state = G.new_state(3, {"variant": "normand"}, seed=3)
    state.totals = [90, 40, 40]
    close = value(state, 0)
    state.totals = [30, -20, -20]     # the same lead, further from the target
    assert 0 < value(state, 0) < close
    assert ai_partie.after_deal(state).left([120, 40, 40]) == 0


def test_the_endgame_solvers_value_is_the_value_after_the_deal():
    """The solver's value of the last trick equals the game's value once the deal is
    scored (pique and au cent's stop aside), so solved and rolled-out worlds agree."""
    rng = random.Random(5)
    state = G.new_state(2, {}, seed=11)
    checked = 0
    while not state.is_over and checked < 3:
        seat = state.current_seat
        if state.phase == "play" and len(state.hands[seat]) == 1 and not state.trick:
            deal = state.deal_no
            expect = {}
            for me in (0, 1):
                model, pos = endgame.model(state, me)
                expect[me] = Solver(model).value(pos)
            while state.deal_no == deal and not state.is_over:
                s = state.current_seat
                state.apply(s, choose(state, s, rng))
            for me in (0, 1):
                assert value(state, me) == pytest.approx(expect[me])
            checked += 1
            continue
        state.apply(seat, choose(state, seat, rng))
    assert checked == 3
