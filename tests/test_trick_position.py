"""The engine's public position API for the AI (issue 46): ``TrickPosition``,
``before_play``, ``mover``, ``deal_no`` and Piquet's ``variant_rules``."""

from __future__ import annotations

import random

import pytest

import rules
from games.piquet.variants import VARIANTS
from rules.base import State
from rules.tricks import TrickPosition, TrickState, trick_position

TRICK_GAMES = [(name, n, opts) for name in ("coins", "thirteens", "starshina", "piquet")
               for n, opts in rules.get_game(name).configurations()]


def _snapshot(state: State) -> dict:
    position = trick_position(state)
    assert position is not None
    return {"hands": [list(h) for h in position.hands],
            "trick": [list(p) for p in position.trick],
            "current_seat": state.current_seat,
            "legal": state.legal_actions(state.current_seat),
            "played": [list(p) for p in getattr(state, "played", [])]}


def _in_play(state: State) -> bool:
    return getattr(state, "phase", "play") == "play" and not state.is_over


@pytest.mark.parametrize("game,n,opts", TRICK_GAMES)
def test_before_play_is_the_position_before_that_play(game, n, opts):
    """At every play of a random game, each earlier play of the trick in progress taken
    back gives the very position that was there (hands, trick, seat, legal moves, Piquet's
    record of the cards played), and the position itself is left as it was."""
    checked = 0
    for seed in range(3):
        state = rules.get_game(game).new_state(n, opts, seed=seed)
        rng = random.Random(seed)
        before: list[dict] = []   # the snapshots before each play of the trick in progress
        while not state.is_over:
            position = trick_position(state)
            assert position is not None
            if _in_play(state):
                assert len(before) == len(position.trick)
                now = _snapshot(state)
                for k, then in enumerate(before):
                    assert _snapshot(position.before_play(k)) == then, (seed, k)
                    checked += 1
                assert _snapshot(state) == now     # nothing taken back in the position
                before.append(now)
            seat = state.mover
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            position = trick_position(state)
            if position is None or not position.trick:
                before = []
    assert checked > 50


def test_before_play_refuses_a_play_that_is_not_there():
    state = rules.get_game("coins").new_state(3, seed=1)
    assert isinstance(state, TrickState)
    state.apply(state.mover, state.legal_actions(state.mover)[0])
    with pytest.raises(ValueError, match="No play 1 in a trick of 1 cards"):
        state.before_play(1)
    with pytest.raises(ValueError, match="No play -1"):
        state.before_play(-1)


def test_only_trick_games_are_trick_positions():
    for name, game in rules.GAMES.items():
        state = game.new_state(game.player_counts()[0], seed=3)
        assert (trick_position(state) is not None) == isinstance(state, TrickState), name
        assert isinstance(state, TrickPosition) == isinstance(state, TrickState), name
    assert trick_position(rules.get_game("pinkerton").new_state(3, seed=3)) is None


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_deal_no_and_mover_are_public(name):
    game = rules.get_game(name)
    state = game.new_state(game.player_counts()[0], seed=5)
    rng = random.Random(5)
    for _ in range(200):
        if state.is_over:
            break
        assert state.mover == state.current_seat
        assert state.deal_no == getattr(state, state.deal_field) == state.view(None)["deal_no"]
        state.apply(state.mover, rng.choice(state.legal_actions(state.mover)))
    assert "deal_no" not in vars(state) or state.deal_field == "deal_no"   # not saved twice
    again = game.state_from_json(state.to_json())
    assert again.deal_no == state.deal_no


def test_a_finished_game_has_no_mover():
    state = rules.get_game("coins").new_state(3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(state.mover, rng.choice(state.legal_actions(state.mover)))
    with pytest.raises(AssertionError, match="no seat is to move"):
        state.mover   # noqa: B018 - the property raises


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_piquet_variant_rules_are_public(variant):
    state = rules.get_game("piquet").new_state(VARIANTS[variant].players,
                                              {"variant": variant}, seed=1)
    assert state.variant_rules is VARIANTS[variant]
    assert state.variant == variant
    again = rules.get_game("piquet").state_from_json(state.to_json())
    assert again.variant_rules is VARIANTS[variant]
