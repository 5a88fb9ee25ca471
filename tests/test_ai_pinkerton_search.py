"""Hard Pinkerton's beats: more of the search for a choice between beats, whose candidates
differ in what they leave for the rest of the round, and a rollout policy that stays legal."""

from __future__ import annotations

import dataclasses
import random

from rules.ai.heuristics import pinkerton as pk
from rules.ai.search import SearchPlayer
from tests.test_pinkerton_helpers import GAME, arrange


def _beat_choice():
    # Three players, phase II, pile 8: seat 1 holds several pairs that beat it.
    return arrange(GAME.new_state(3, seed=5), phase=2, pending=[1, 2, 0], pile="5H 3H",
                   hands={1: "KH QD 9D 5D 4H 2S 7H 6D", 0: "2C 3C 4C 5C 6C 7C 8C 9C",
                          2: "2D 3D 4D 6H 7D 8D 9H 10C"})


def test_a_choice_of_beats_gets_the_beat_budget():
    s = _beat_choice()
    assert sum(a.kind == "beat" for a in s.legal_actions(1)) >= 2
    assert pk.budget_scale(s, 1) == pk.BEAT_BUDGET


def test_one_beat_an_add_or_a_pass_get_the_level_budget():
    one = arrange(GAME.new_state(3, seed=5), phase=2, pending=[1, 2, 0], pile="KH QH",
                  hands={1: "KD QD 2S 3S", 0: "2C", 2: "3C"})
    assert [a.kind for a in one.legal_actions(1)] == ["beat"]
    assert pk.budget_scale(one, 1) == 1.0
    add = arrange(GAME.new_state(3, seed=5), phase=3, step="add", pending=[1, 2, 0],
                  pile="KH QD", hands={1: "9H 2H 3S", 0: "2C", 2: "3C"})
    assert {a.kind for a in add.legal_actions(1)} == {"add"}
    assert pk.budget_scale(add, 1) == 1.0
    stuck = arrange(GAME.new_state(3, seed=5), phase=2, pending=[1, 2, 0], pile="KS QC",
                    hands={1: "KH QD 5D 2S", 0: "2C", 2: "3C"})
    assert {a.kind for a in stuck.legal_actions(1)} == {"pass"}
    assert pk.budget_scale(stuck, 1) == 1.0


def test_the_search_spends_the_scaled_work_on_a_beat():
    # Budgets are counts: with the time cap lifted the iterations are exact, and the beat
    # gets more of them than the same search without the scale.
    s = _beat_choice()
    scaled = SearchPlayer("pinkerton", "hard", seed=3, time_budget=None)
    plain = SearchPlayer("pinkerton", "hard", seed=3, time_budget=None)
    plain.hooks = dataclasses.replace(plain.hooks, budget_scale=None)
    a = scaled.choose(s, 1)
    b = plain.choose(s, 1)
    assert a in s.legal_actions(1) and b in s.legal_actions(1)
    assert scaled.last_iterations > plain.last_iterations
    again = SearchPlayer("pinkerton", "hard", seed=3, time_budget=None)
    assert again.choose(s, 1) == a and again.last_iterations == scaled.last_iterations


def test_rollout_policy_is_legal_and_blind_to_the_discard():
    # The rollout guesses the big cards out from the whole deck, so its choice does not
    # change with what the discard pile holds; it stays legal in every step.
    rng = random.Random(7)
    for seed in range(6):
        s = GAME.new_state(3, seed=40 + seed)
        steps = 0
        while not s.is_over and steps < 300:
            seat = s.current_seat
            a = pk.rollout(s, seat, random.Random(steps))
            assert a in s.legal_actions(seat), str(a)
            s.apply(seat, a if rng.random() < 0.7 else rng.choice(s.legal_actions(seat)))
            steps += 1
    add = arrange(GAME.new_state(3, seed=5), phase=3, step="add", pending=[1, 2, 0],
                  pile="KH QD", hands={1: "9H 2H 3S", 0: "2C", 2: "3C"}, discard="KD KH KC KS")
    bare = arrange(GAME.new_state(3, seed=5), phase=3, step="add", pending=[1, 2, 0],
                   pile="KH QD", hands={1: "9H 2H 3S", 0: "2C", 2: "3C"})
    assert pk.rollout(add, 1, random.Random(0)) == pk.rollout(bare, 1, random.Random(0))
