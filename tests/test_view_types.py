"""The view fields every game shares are typed (rules/views.py): every game's views,
all along a random game, have them, with the types the ``TypedDict``s say."""

from __future__ import annotations

import random

import pytest

import rules
from rules.tricks import TrickState
from rules.views import HandView, TrickView, View, ViewEvent

CONFIGS = [(name, n, opts) for name in sorted(rules.GAMES)
           for n, opts in rules.get_game(name).configurations()[:2]]


def _check_shared(view: dict, seat: int | None, over: bool) -> None:
    assert View.__required_keys__ <= view.keys()
    assert isinstance(view["game"], str) and isinstance(view["players"], int)
    assert view["seat"] == seat and isinstance(view["over"], bool) and view["over"] == over
    assert isinstance(view["options"], dict)
    assert (view["current_seat"] is None) == over
    assert isinstance(view["deal_no"], int)
    assert ("result" in view) == over
    for e in view["events"]:
        assert ViewEvent.__required_keys__ <= e.keys() <= ViewEvent.__required_keys__ | \
            ViewEvent.__optional_keys__
        assert isinstance(e["n"], int) and isinstance(e["text"], str)


@pytest.mark.parametrize("game,n,opts", CONFIGS)
def test_every_view_has_the_shared_fields(game, n, opts):
    state = rules.get_game(game).new_state(n, opts, seed=7)
    rng = random.Random(7)
    for step in range(400):
        for seat in (None, *range(n)):
            view = state.view(seat)
            _check_shared(dict(view), seat, state.is_over)
            if isinstance(state, TrickState):
                assert TrickView.__required_keys__ <= view.keys()
                assert len(view["hand_sizes"]) == len(view["tricks"]) == n
                assert ("hand" in view) == (seat is not None)
                assert HandView.__optional_keys__ == {"hand"}
        if state.is_over or step == 399:
            break
        state.apply(state.mover, rng.choice(state.legal_actions(state.mover)))
