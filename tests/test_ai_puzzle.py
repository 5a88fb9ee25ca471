"""Puzzles mined from finished games (rules/ai/puzzle.py, issue 49), at small budgets: a
found puzzle's answer is the move its own re-check found best and every other legal move
is costly there; the same seed finds the same puzzles; a position with one legal move or
more than MAX_MOVES is never one."""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai import puzzle
from rules.ai.coach import assess, costly, decision_seed
from rules.ai.hooks import hooks_for
from rules.ai.puzzle import MAX_MOVES, check, check_seed, mine

from .test_ai_gifts import _endgame

BUDGET, CHECK = 8, 16      # small: seconds for a whole deal


def _deal(game: str, n: int, seed: int) -> tuple[rules.State, list[tuple[int, str]]]:
    """The first deal of a seeded game, half the moves the game's heuristic, half random
    (a seeded stream): some decisions with a clearly best move, some without."""
    state = rules.get_game(game).new_state(n, {}, seed=seed)
    start = state.clone()
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not state.is_over and state.deal_no == start.deal_no:
        s = state.mover
        a = rng.choice(state.legal_actions(s)) if rng.random() < 0.5 \
            else hooks_for(game).choose(state, s, rng)
        state.apply(s, str(a))
        log.append((s, str(a)))
    return start, log


def _gift(seed: int = 1) -> rules.State:
    """Coins, three cards each, last to play to K+3 of clubs: the 5 of cups is best (as
    test_ai_coach_pricing's gift; the ace takes the trick, the 2 of coins gives a coin)."""
    state = _endgame({0: ["AB", "2O", "5C"], 1: ["KB", "4E", "6C"], 2: ["3B", "8E", "9C"]},
                     (4, 5, 2), seed=seed)
    state.leader = state.current_seat = 1
    state.apply(1, "play KB")
    state.apply(2, "play 3B")
    return state


def test_a_stacked_position_is_a_puzzle_whose_answer_its_recheck_found_best() -> None:
    state = _gift()
    got = check(state, 0, 0, 16, 48, move=7)
    assert got is not None
    assert str(got.answer) == "play 5C" and got.move == 7 and got.seat == 0
    assert sorted(str(p.action) for p in got.candidates) == ["play 2O", "play AB"]
    assert all(p.clear for p in got.candidates)
    # The re-check's own judgement, run again: the same best move.
    again = assess(state, 0, check_seed(0), 48, 48, more=())
    assert again is not None and again.best == got.answer
    assert got.reasons and {r.kind for r in got.reasons} <= {
        "only", "best_in", "margin", "wins_trick", "loses_trick", "trick_coins"}
    assert got.state.to_json() == state.to_json() and got.state is not state


@pytest.mark.parametrize(("game", "n", "seed"), [("coins", 3, 1), ("piquet", 2, 1)])
def test_mined_puzzles_are_clear_deterministic_and_between_two_and_eight_moves(
        game: str, n: int, seed: int) -> None:
    start, log = _deal(game, n, seed)
    found = mine(start, seed, log, BUDGET, CHECK)
    assert found, "these seeded deals hold puzzles at these budgets"
    assert len(found) <= puzzle.KEEP
    again = mine(start, seed, log, BUDGET, CHECK)
    assert [(f.move, f.answer, f.candidates, f.reasons) for f in again] == \
        [(f.move, f.answer, f.candidates, f.reasons) for f in found]
    state = start.clone()
    positions = {}
    for i, (s, a) in enumerate(log, start=1):
        positions[i] = state.clone()
        state.apply(s, a)
    for f in found:
        before = positions[f.move]
        assert before.to_json() == f.state.to_json()
        assert log[f.move - 1][0] == f.seat == before.current_seat
        legal = before.legal_actions(f.seat)
        assert 2 <= len(legal) <= MAX_MOVES
        assert {p.action for p in f.candidates} == set(legal) - {f.answer}
        assert all(costly(p.cost, p.error) for p in f.candidates)
        recheck = assess(before, f.seat, check_seed(decision_seed(seed, f.move)), CHECK,
                         CHECK, more=())
        assert recheck is not None and recheck.best == f.answer
    assert [f.move for f in found] == sorted(f.move for f in found)


def test_keep_takes_the_clearest() -> None:
    start, log = _deal("piquet", 2, 1)
    every = mine(start, 1, log, BUDGET, CHECK, keep=99)
    one = mine(start, 1, log, BUDGET, CHECK, keep=1)
    assert len(every) >= 2 and len(one) == 1
    assert one[0].clearness == max(f.clearness for f in every)


def test_one_legal_move_or_more_than_eight_is_never_looked_at(monkeypatch) -> None:
    def no_search(*args, **kwargs):
        raise AssertionError("searched a position that cannot be a puzzle")

    monkeypatch.setattr(puzzle, "assess", no_search)
    forced = _endgame({0: ["AB", "2O", "5C"], 1: ["KB", "4E", "6C"], 2: ["3B", "8E", "9C"]},
                      (4, 5, 2), seed=1)
    forced.leader = forced.current_seat = 1
    forced.apply(1, "play KB")
    forced.apply(2, "play 3B")
    forced.apply(0, "play 5C")      # the next trick: seat 1 leads... play it down to one card
    while not forced.is_over and len(forced.legal_actions(forced.mover)) != 1:
        s = forced.mover
        forced.apply(s, forced.legal_actions(s)[0])
    assert len(forced.legal_actions(forced.mover)) == 1
    assert check(forced, forced.mover, 0, BUDGET, CHECK) is None
    wide = rules.get_game("coins").new_state(3, {}, seed=3)   # a full hand to lead from
    assert len(wide.legal_actions(wide.mover)) > MAX_MOVES
    assert check(wide, wide.mover, 0, BUDGET, CHECK) is None
    # A whole logged game of such positions only: nothing searched, nothing found.
    assert mine(wide, 3, [], BUDGET, CHECK) == []
