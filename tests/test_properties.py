"""Properties every game and configuration must hold over random play (hypothesis)."""

from __future__ import annotations

import gc
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from tests.playout import assert_conserved, assert_unchanged_after_bad_input, random_playout

CONFIGS = [(name, n, opts) for name, g in sorted(rules.GAMES.items())
           for n, opts in g.configurations()]
IDS = [f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default")
       for name, n, o in CONFIGS]

seeds = st.integers(min_value=0, max_value=2**40)

# Restoring a state from JSON and rendering its view read its whole log, so checking
# them at every step of a game costs the square of its length: a Starshina game is
# thousands of moves. They are checked at every step of the first FULL_STEPS, at every
# step that offers a move other than a card play (deals, exchanges, trumps, discards:
# where the phases change), at every STRIDE-th step after (the offset varies with the
# example) and at the end; the cheap invariants are checked at every step.
FULL_STEPS = 600
STRIDE = 9


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
@given(seed=seeds, play_seed=seeds)
def test_random_game_invariants(name, n, opts, seed, play_seed):
    game = rules.get_game(name)
    state = game.new_state(n, opts, seed=seed)
    rng = random.Random(play_seed)
    sample_rng = random.Random(seed ^ play_seed)
    offset = play_seed % STRIDE
    checkpoints: list[tuple[str, int]] = []

    def check(s, step):
        assert_conserved(s)
        if s.is_over:
            assert s.legal_actions(s.current_seat) == []
            assert s.current_seat is None
            legal = []
        else:
            legal = s.legal_actions(s.current_seat)
            assert legal, "not over but nothing legal"
            for other in range(s.n):
                if other != s.current_seat:
                    assert s.legal_actions(other) == []
        if (step <= FULL_STEPS or s.is_over or step % STRIDE == offset
                or any(a.kind != "play" for a in legal)):
            text = s.to_json()
            restored = game.state_from_json(text)
            assert restored.to_json() == text
            view = s.view(None)
            assert restored.view(None) == view
            json.dumps(view)
        if step % 7 == 1 and not s.is_over:
            checkpoints.append((s.to_json(), step))
            for seat in range(s.n):
                world = s.sample_world(seat, sample_rng)
                assert world.view(seat) == s.view(seat), f"sample_world leaks/changes seat {seat}"
                assert_conserved(world)
                assert world.current_seat == s.current_seat
                assert world.legal_actions(seat) == s.legal_actions(seat)

    check(state, 1)
    actions = random_playout(state, rng, on_step=check)
    assert state.is_over
    result = state.result()
    assert len(result["scores"]) == n and len(result["ranks"]) == n
    assert min(result["ranks"]) == 1
    json.dumps(result)
    final = state.to_json()

    # Same seed + same actions -> same state.
    again = game.new_state(n, opts, seed=seed)
    for a in actions:
        again.apply(again.current_seat, a)
    assert again.to_json() == final

    # A state restored mid-game continues identically.
    if checkpoints:
        text, step = checkpoints[len(checkpoints) // 2]
        restored = game.state_from_json(text)
        for a in actions[step:]:
            restored.apply(restored.current_seat, a)
        assert restored.to_json() == final


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
def test_bad_input_changes_nothing(name, n, opts):
    game = rules.get_game(name)
    state = game.new_state(n, opts, seed=7)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over:
            break
        assert_unchanged_after_bad_input(state)
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
def test_sampled_worlds_vary(name, n, opts):
    game = rules.get_game(name)
    state = game.new_state(n, opts, seed=11)
    rng = random.Random(5)
    # Early in the game every seat has hidden information to resample.
    for _ in range(2):
        if not state.is_over:
            state.apply(state.current_seat, rng.choice(state.legal_actions(state.current_seat)))
    for seat in range(n):
        worlds = {state.sample_world(seat, rng).to_json() for _ in range(8)}
        assert len(worlds) > 1, f"seat {seat}: sampled worlds never vary"


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_options_validated(name):
    game = rules.get_game(name)
    with pytest.raises(ValueError, match="Unknown option"):
        game.new_state(game.player_counts({})[0], {"no_such_option": 1})
    for opt in game.options.values():
        assert opt.default == opt.coerce(opt.default)
        if opt.choices:
            with pytest.raises(ValueError, match=opt.name):
                game.validate_options({opt.name: "not-a-valid-value"})
    bad_n = max(game.player_counts({})) + 5
    with pytest.raises(ValueError, match="players"):
        game.new_state(bad_n)


def _positions(name: str, moves: int, play_seed: int):
    """A seeded game of ``name`` (its first configuration), played at random: the one
    state, yielded before each of up to ``moves`` moves."""
    game = rules.get_game(name)
    n, opts = game.configurations()[0]
    state = game.new_state(n, opts, seed=5)
    rng = random.Random(play_seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        state.apply(state.current_seat, rng.choice(state.legal_actions(state.current_seat)))


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_actions_round_trip_through_text(name):
    game = rules.get_game(name)
    for state in _positions(name, 60, play_seed=1):
        for a in state.legal_actions(state.current_seat):
            assert game.parse_action(str(a)) == a
            assert game.parse_action(str(a).upper()) == a
            assert game.parse_action(a.pretty()) == a


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_rules_text_present(name):
    game = rules.get_game(name)
    text = game.rules_text()
    assert len(text) > 500 and game.summary()


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_view_of_a_seat_outside_the_table_is_refused(name):
    game = rules.get_game(name)
    n = game.player_counts({})[0]
    s = game.new_state(n, seed=4)
    for bad in (-1, n, "0", True):
        with pytest.raises(ValueError, match=f"seat 0 to {n - 1}"):
            s.view(bad)
    assert s.view(None)["seat"] is None and s.view(n - 1)["seat"] == n - 1


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_the_kept_log_is_not_tracked_by_the_garbage_collector(name):
    # A bot keeps up to LOG_KEEP entries for each of thousands of tables: entries the
    # collector tracks lengthen every full collection.  Restored states keep them so too.
    game = rules.get_game(name)
    *_, state = _positions(name, 30, play_seed=5)   # the one state, after the moves
    restored = game.state_from_json(state.to_json())
    assert restored.log == state.log and state.log
    # A message's parameters are nested plain tuples (rules/messages.py): the collector
    # untracks a level of them per full collection, the innermost first.
    for _ in range(10):   # deeper than any message nests (a claim in a list in an event)
        gc.collect()
    for s in (state, restored):
        assert not any(gc.is_tracked(entry) for entry in s.log)
