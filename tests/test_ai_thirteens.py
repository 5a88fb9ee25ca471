"""The Thirteens "easy" heuristic: legal, honest about hidden cards, and better than random."""

from __future__ import annotations

import random

import pytest

import rules
from games.thirteens.ai import choose
from tests.playout import walk_checking_blindness

GAME = rules.get_game("thirteens")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_only_legal_moves(n):
    rng = random.Random(n)
    for game_no in range(3):
        state = GAME.new_state(n, {"target": 30}, seed=100 * n + game_no)
        while not state.is_over:
            seat = state.current_seat
            legal = state.legal_actions(seat)
            move = choose(state, seat, rng)
            assert move in legal
            # Random and heuristic seats mixed, so positions vary.
            state.apply(seat, move if seat % 2 else rng.choice(legal))


def test_uses_only_what_the_seat_sees():
    # Re-dealing the hidden cards (other hands, the face-down pile) never changes its mind.
    state = GAME.new_state(4, seed=21)
    assert walk_checking_blindness(choose, state, random.Random(7), max_moves=60) == 60


def test_dumps_a_joker_it_cannot_win_with():
    # Seat 1 leads KH; seat 2 has no heart and holds a joker: a joker never wins, so off it goes.
    hands = {1: ["KH"], 2: ["X1", "2C", "3C"], 3: ["AH"], 0: ["QH"]}
    state = GAME.new_state(4, seed=3, deck=_deck(4, hands, void={2: "H"}))
    state.apply(1, "play KH")
    assert str(choose(state, 2, random.Random(0))) == "play X1"


def test_takes_a_rich_last_trick_and_avoids_a_joker_trick():
    hands = {1: ["KH"], 2: ["QH"], 3: ["6H"], 0: ["AH", "2H"]}
    state = GAME.new_state(4, seed=3, deck=_deck(4, hands, turned="X2"))
    for c in ("KH", "QH", "6H"):
        state.apply(state.current_seat, f"play {c}")
    # A thirteen (K Q 6) is on the table: seat 0 wins it with the ace.
    assert str(choose(state, 0, random.Random(0))) == "play AH"

    hands = {1: ["KH"], 2: ["X1"], 3: ["6H"], 0: ["AH", "2H"]}
    state = GAME.new_state(4, seed=3, deck=_deck(4, hands, turned="X2", void={2: "H"}))
    for c in ("KH", "X1", "6H"):
        state.apply(state.current_seat, f"play {c}")
    assert str(choose(state, 0, random.Random(0))) == "play 2H"  # let seat 1 eat the joker


def test_beats_random_play():
    """One heuristic seat against random seats: it should win far more than its share."""
    rng = random.Random(2024)
    wins = 0.0
    games = 0
    margin = 0.0
    for n in (3, 4, 5, 6):
        for g in range(40):
            state = GAME.new_state(n, {"target": 30}, seed=1000 * n + g)
            ai = g % n
            while not state.is_over:
                seat = state.current_seat
                if seat == ai:
                    move = choose(state, seat, rng)
                else:
                    move = rng.choice(state.legal_actions(seat))
                state.apply(seat, move)
            result = state.result()
            if ai in result["winners"]:
                wins += 1 / len(result["winners"])
            others = [s for i, s in enumerate(result["scores"]) if i != ai]
            margin += result["scores"][ai] - sum(others) / len(others)
            games += 1
    fair_share = sum(40 / n for n in (3, 4, 5, 6))  # about 42 wins out of 160
    assert wins > 2 * fair_share, (wins, fair_share)
    assert margin / games > 10, margin / games


def _deck(n: int, hands: dict[int, list[str]], turned: str = "2S",
          void: dict[int, str] | None = None) -> list[str]:
    from tests.test_thirteens import deck_for

    return deck_for(n, hands, turned, void=void)
