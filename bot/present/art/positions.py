"""Sample positions of every game for the render benchmark and the screenshots.

Seeded random legal moves from a fresh game; ``showcase`` stops at a moment a
spectator would find telling (a trick half played, a pile in the middle).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.base import State

from ... import plugins
from .. import seat_scene
from ..scene import Scene

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Edith", "Finn")


def scene_of(state: State, seat: int | None) -> Scene:
    return seat_scene(state, seat, NAMES)[0]


def _step(state: State, rng: random.Random) -> None:
    seat = state.current_seat
    assert seat is not None  # stepped only while the game is not over
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


def positions(game: str, count: int, seed: int = 1) -> Iterator[State]:
    """``count`` successive positions, one move apart, of seeded random games of ``game``
    (a new game when one ends): the pictures a board shows move after move."""
    plugin = plugins.get(game)
    g, n = plugin.game, plugin.players
    rng = random.Random(seed)
    state = g.new_state(n, {}, seed=seed)
    for _ in range(count):
        if state.is_over:
            state = g.new_state(n, {}, seed=rng.getrandbits(40))
        _step(state, rng)
        yield state


def finished(game: str, seed: int = 4) -> State:
    """A seeded random game played to its end: the final table, with its result."""
    rng = random.Random(seed)
    plugin = plugins.get(game)
    state = plugin.game.new_state(plugin.players, {}, seed=seed)
    while not state.is_over:
        _step(state, rng)
    return state


def showcase(game: str, seed: int = 4) -> State:
    """A position worth a screenshot: mid-deal, the trick half played (or piles out)."""
    plugin = plugins.get(game)
    g, n = plugin.game, plugin.players
    rng = random.Random(seed)
    state = g.new_state(n, {}, seed=seed)
    want = min(2, n - 1)
    for k in range(3000):
        if state.is_over:   # a short game (a plug-in's) ended first: look in another
            state = g.new_state(n, {}, seed=rng.getrandbits(40))
        scene = scene_of(state, None)
        c = scene.centre
        if k > 20 and c.trick is not None and c.last_trick is not None \
                and len(c.trick.plays) >= want:
            break
        if k > 20 and c.trick is None and sum(len(p.cards) for p in c.piles) >= 6:
            break
        _step(state, rng)
    return state
