"""The saved text of a state (``State.to_json``) and the memo of typed moves.

``to_json`` writes with orjson when it can (the bot saves the state on every move);
the text must stay exactly what ``json.dumps`` wrote, so saved games and their
digests read the same whichever wrote them.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GAMES, IllegalAction, get_game
from rules.cards import FRENCH_54
from rules.lang import canonical_move


def _json_text(state) -> str:
    data = {k: v for k, v in vars(state).items() if not k.startswith("_")}
    return json.dumps({"game": state.game.name, "state": data}, separators=(",", ":"),
                      sort_keys=True)


def _players(game) -> int:
    counts = game.player_counts() if callable(game.player_counts) else game.player_counts
    return min(counts)


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_to_json_is_json_dumps_text_along_random_play(name: str, seed: int, steps: int) -> None:
    game = get_game(name)
    state = game.new_state(_players(game), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        assert state.to_json() == _json_text(state)
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = state.to_json()
    assert text == _json_text(state)
    assert game.state_from_json(text).to_json() == text   # exact round trip


@pytest.mark.parametrize("extra", ["dama kier ♥", 2**70, {3: "int key"}])
def test_to_json_falls_back_to_json_text_where_orjson_differs(extra) -> None:
    """Non-ASCII text (json escapes it), an int over 64 bits, an int key: json's text."""
    game = get_game("coins")
    state = game.new_state(_players(game), seed=1)
    state.extra = extra
    assert state.to_json() == _json_text(state)
    assert json.loads(state.to_json())["state"]["extra"] == json.loads(json.dumps(extra))


def test_typed_moves_read_alike_from_the_memo_and_refusals_repeat() -> None:
    for _ in range(2):   # the second time from the memo
        assert canonical_move("zagraj damę kier", ("play",), FRENCH_54) == "play QH"
        assert canonical_move("play QH", ("play",), FRENCH_54) == "play QH"
        with pytest.raises(IllegalAction, match="needs its suit"):
            canonical_move("zagraj damę", ("play",), FRENCH_54)
    long = "play " + " ".join(["dama kier"] * 12)   # past the memo's length: read afresh
    assert canonical_move(long, ("play",), FRENCH_54) == "play " + " ".join(["QH"] * 12)
