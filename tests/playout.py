"""Helpers for tests: random playouts and checks every game must pass."""

from __future__ import annotations

import random
from collections import Counter

from rules import IllegalAction
from rules.base import State


def random_playout(state: State, rng: random.Random, max_steps: int = 200000,
                   on_step=None) -> list[str]:
    """Play random legal moves to the end; return the canonical action texts."""
    actions: list[str] = []
    while not state.is_over:
        assert len(actions) < max_steps, "game did not terminate"
        seat = state.current_seat
        legal = state.legal_actions(seat)
        assert legal, "no legal action but game not over"
        a = rng.choice(legal)
        state.apply(seat, a)
        actions.append(str(a))
        if on_step:
            on_step(state, len(actions))
    return actions


def assert_conserved(state: State) -> None:
    zones = state._zones()
    have = Counter(c for cards in zones.values() for c in cards)
    want = Counter(state._deck_cards())
    assert have == want, f"cards not conserved: extra {have - want}, missing {want - have}"


def assert_unchanged_after_bad_input(state: State) -> None:
    before = state.to_json()
    seat = state.current_seat
    other = (seat + 1) % state.n
    legal = state.legal_actions(seat)
    for bad_seat, bad in ((seat, "flibbertigibbet"), (seat, ""), (other, str(legal[0])),
                          (seat, "play"), (99, str(legal[0]))):
        if bad_seat == seat and bad_seat == other:
            continue
        try:
            state.apply(bad_seat, bad)
        except IllegalAction as e:
            assert str(e), "an IllegalAction needs a message"
        else:
            if bad_seat != seat or bad in ("flibbertigibbet", "", "play"):
                raise AssertionError(f"bad input {bad!r} from seat {bad_seat} was accepted")
        assert state.to_json() == before


def walk_checking_blindness(choose, state: State, rng: random.Random,
                            max_moves: int | None = None) -> int:
    """Random moves through ``state``; at each, ``choose`` (a heuristic taking
    ``state, seat, rng``) must pick a legal move and the same move in a world re-dealt
    from that seat's point of view - it must not use cards the seat cannot see.
    Returns how many positions were checked."""
    checked = 0
    while not state.is_over and (max_moves is None or checked < max_moves):
        seat = state.current_seat
        move = choose(state, seat, random.Random(1))
        assert move in state.legal_actions(seat)
        world = state.sample_world(seat, rng)
        assert choose(world, seat, random.Random(1)) == move
        checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return checked
