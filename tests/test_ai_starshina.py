"""The Starshina "easy" heuristic: always legal, blind to hidden cards, far better than random."""

from __future__ import annotations

import random

import pytest

import rules
from games.starshina.ai import choose

GAME = rules.get_game("starshina")
RULE_SETS = ["starshina", "classic"]


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_only_legal_moves_in_random_positions(rule_set):
    checked = set()
    for seed in range(6):
        state = GAME.new_state(3, {"rules": rule_set, "quotas": "9-5-2" if seed % 2 else
                                   "8-5-3"}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 600:
            seat = state.current_seat
            action = choose(state, seat, rng)
            assert state.is_legal(seat, action)
            if state.phase != "discard":  # the discard is checked directly: 4845 options
                assert action in state.legal_actions(seat)
            checked.add(state.phase)
            # Mix in random moves so the heuristic meets all sorts of positions.
            if rng.random() < 0.3:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            steps += 1
    phases = {"give", "return", "discard", "play"} if rule_set == "starshina" else \
        {"exchange", "trump", "discard", "play"}
    assert phases <= checked


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_deterministic_given_rng_and_blind_to_hidden_cards(rule_set):
    state = GAME.new_state(3, {"rules": rule_set}, seed=21)
    rng = random.Random(4)
    for _ in range(120):
        if state.is_over:
            break
        seat = state.current_seat
        first = choose(state, seat, random.Random(9))
        assert choose(state, seat, random.Random(9)) == first
        # Re-dealing every card this seat cannot see must not change its choice.
        for _ in range(2):
            world = state.sample_world(seat, rng)
            assert choose(world, seat, random.Random(9)) == first
        state.apply(seat, first if rng.random() < 0.7 else
                    rng.choice(state.legal_actions(seat)))


def _play_game(rule_set: str, seed: int, hero: int) -> tuple[dict, int, int]:
    state = GAME.new_state(3, {"rules": rule_set}, seed=seed)
    rng = random.Random(seed)
    hero_tricks = other_tricks = 0
    while not state.is_over:
        seat = state.current_seat
        action = choose(state, seat, rng) if seat == hero else \
            rng.choice(state.legal_actions(seat))
        hand_no = state.hand_no
        state.apply(seat, action)
        if state.hand_no != hand_no or state.is_over:
            tricks = state.last_hand["tricks"]
            hero_tricks += tricks[hero]
            other_tricks += sum(tricks) - tricks[hero]
    return state.result(), hero_tricks, other_tricks


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_beats_random_players(rule_set):
    games = 30
    wins = hero_tricks = other_tricks = stakes = 0
    for seed in range(games):
        hero = seed % 3  # every seat, so every role at the table
        result, mine, theirs = _play_game(rule_set, 1000 + seed, hero)
        wins += result["winner"] == hero
        stakes += result["scores"][hero]
        hero_tricks += mine
        other_tricks += theirs
    # Against two random players the heuristic should win nearly every game (chance: 1/3).
    assert wins >= 25, wins
    assert stakes > 0
    assert hero_tricks > other_tricks  # more than both random players together
