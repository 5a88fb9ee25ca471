"""Inference (issue 39): sampled worlds weighed by how likely the others' plays to the
current trick were under the easy policy."""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai.players import make_player
from rules.ai.search import SearchPlayer


def _mid_trick(game: str, n: int, opts: dict, seed: int):
    """A seeded deal played by easy until the last seat of a trick is to play."""
    state = rules.get_game(game).new_state(n, opts, seed=seed)
    easy = [make_player("easy", game, seed * 10 + i) for i in range(n)]
    for _ in range(2000):
        seat = state._mover
        trick = getattr(state, "trick", [])
        if getattr(state, "phase", "play") == "play" and len(trick) == n - 1 \
                and len(state.legal_actions(seat)) > 1 and sum(map(len, state.hands)) < 30:
            return state
        state.apply(seat, easy[seat].choose(state, seat))
    raise AssertionError("no such position")


@pytest.mark.parametrize("game,n,opts", [("thirteens", 3, {}), ("starshina", 3, {}),
                                         ("piquet", 3, {"variant": "normand"})])
def test_worlds_lean_to_the_plays_easy_would_have_made(game, n, opts):
    hits = {"plain": 0, "weighed": 0}
    for seed in range(4):
        state = _mid_trick(game, n, opts, seed)
        seat = state._mover
        player = SearchPlayer(game, "hard", seed)
        trick = state.trick
        rng = random.Random(seed)
        for _ in range(25):
            for kind, world in (("plain", state.sample_world(seat, rng)),
                                ("weighed", player._sample(state, seat, rng))):
                hits[kind] += all(player._would_play(world, trick, k)
                                  for k in range(len(trick)))
    assert hits["weighed"] > hits["plain"] * 1.1, hits


def test_the_real_plays_of_easy_seats_look_likely():
    """Taken back to before each play, easy plays the card it played in the real deal
    (so the likelihood is a real signal, not noise)."""
    agree = total = 0
    for seed in range(3):
        state = _mid_trick("starshina", 3, {}, seed)
        player = SearchPlayer("starshina", "hard", seed)
        for k in range(len(state.trick)):
            total += 1
            agree += player._would_play(state.clone(), state.trick, k)
    assert agree == total
