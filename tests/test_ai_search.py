"""AI levels: legal, deterministic, within their time budget, and search beats random.

Search levels run here with tiny iteration budgets (and no time cap, so the
results do not depend on the machine) to keep the file fast.
"""

from __future__ import annotations

import math
import random
import time

import pytest

import rules
from rules.ai import evaluate, search
from rules.ai.players import LEVELS, make_player
from rules.ai.search import SearchPlayer

CONFIGS = [(name, n, opts) for name in sorted(rules.GAMES)
           for n, opts in rules.get_game(name).configurations()]
IDS = [f"{name}-{n}p-" + "-".join(f"{k}={v}" for k, v in opts.items())
       for name, n, opts in CONFIGS]


@pytest.fixture
def tiny_budgets(monkeypatch):
    monkeypatch.setitem(search.LEVEL_ITERATIONS, "normal", 3)
    monkeypatch.setitem(search.LEVEL_ITERATIONS, "hard", 6)


def _player(level: str, game: str, seed: int):
    if level in ("normal", "hard"):
        return SearchPlayer(game, level, seed, time_budget=None)
    return make_player(level, game, seed)


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
def test_every_level_plays_only_legal_moves(name, n, opts, tiny_budgets):
    game = rules.get_game(name)
    for start, level in enumerate(LEVELS):
        # Each level takes a different seat and deal; the other seats play random moves.
        state = game.new_state(n, opts, seed=100 + start)
        ai = _player(level, name, seed=start)
        rng = random.Random(start)
        seat_ai = start % n
        decisions = 0
        while not state.is_over and decisions < 40:
            seat = state.current_seat
            if seat == seat_ai:
                move = ai.choose(state, seat)
                assert state.is_legal(seat, move), (level, str(move))
                decisions += 1
            else:
                move = rng.choice(state.legal_actions(seat))
            state.apply(seat, move)
        assert decisions > 0 or state.is_over


def _play_out(name: str, n: int, opts: dict, levels: list[str], seed: int,
              max_moves: int = 150) -> list[str]:
    game = rules.get_game(name)
    state = game.new_state(n, opts, seed=seed)
    players = [_player(lvl, name, seed + i) for i, lvl in enumerate(levels)]
    moves = []
    while not state.is_over and len(moves) < max_moves:
        seat = state.current_seat
        move = players[seat].choose(state, seat)
        moves.append(str(move))
        state.apply(seat, move)
    return moves


DET_CASES = [("coins", 3, {}), ("thirteens", 4, {}), ("starshina", 3, {"rules": "classic"}),
             ("piquet", 2, {}), ("piquet", 2, {"variant": "auction"}), ("pinkerton", 3, {})]


@pytest.mark.parametrize("name,n,opts", DET_CASES, ids=[c[0] for c in DET_CASES])
def test_same_seed_same_game(name, n, opts, tiny_budgets):
    levels = (["hard", "normal", "easy", "random"] * 2)[:n]
    first = _play_out(name, n, opts, levels, seed=7)
    assert _play_out(name, n, opts, levels, seed=7) == first


@pytest.mark.parametrize("name,n,opts", DET_CASES, ids=[c[0] for c in DET_CASES])
def test_same_position_same_move_after_a_restart(name, n, opts, tiny_budgets):
    game = rules.get_game(name)
    state = game.new_state(n, opts, seed=11)
    rng = random.Random(3)
    for _ in range(25):  # a position some way into the game
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.current_seat
    restored = game.state_from_json(state.to_json())
    for level in LEVELS:
        a = _player(level, name, seed=5).choose(state, seat)
        b = _player(level, name, seed=5).choose(restored, seat)
        assert a == b, level


@pytest.mark.parametrize("name,n,opts", [("piquet", 2, {}), ("pinkerton", 4, {}),
                                         ("starshina", 3, {})], ids=["piquet", "pinkerton",
                                                                     "starshina"])
def test_time_budget_caps_a_huge_iteration_count(name, n, opts):
    state = rules.get_game(name).new_state(n, opts, seed=3)
    seat = state.current_seat
    player = SearchPlayer(name, "hard", seed=1, iterations=10**9)
    t0 = time.perf_counter()
    move = player.choose(state, seat, time_budget=0.05)
    elapsed = time.perf_counter() - t0
    print(f"{name}: {elapsed * 1000:.0f} ms for a 50 ms budget, "
          f"{player.last_iterations} iterations")
    assert state.is_legal(seat, move)
    assert player.last_capped
    assert elapsed < 5.0


# --- hard beats random on duplicate deals -----------------------------------------------------

def _hand_result(state, n: int, before: list[float]) -> list[float]:
    """Each seat's gain in the hand just played, in the game's own currency."""
    name = state.game.name
    if name == "starshina":
        h = state.win_hand if state.is_over else state.last_hand
        return [float(t - q) for t, q in zip(h["tricks"], h["quotas"], strict=True)]
    return [a - b for a, b in zip(_score_now(state, n), before, strict=True)]


def _score_now(state, n: int) -> list[float]:
    if state.game.name == "piquet":
        return [float(state.totals[state.side(i)]) for i in range(n)]
    if state.game.name == "starshina":
        return [0.0] * n
    return [float(x) for x in state.scores]


def _one_hand(name: str, n: int, seed: int, levels: list[str], iterations: int,
              options: dict) -> list[float]:
    """Play one hand (with ``options``: the whole game) and return each seat's gain."""
    state = rules.get_game(name).new_state(n, options, seed=seed)
    players = [SearchPlayer(name, "hard", seed, iterations=iterations, time_budget=None,
                            max_candidates=6) if lvl == "hard" else make_player(lvl, name, seed)
               for lvl in levels]
    before = _score_now(state, n)
    hand = evaluate.hand_counter(state)
    while not state.is_over and (options or evaluate.hand_counter(state) == hand):
        seat = state.current_seat
        state.apply(seat, players[seat].choose(state, seat))
    return _hand_result(state, n, before)


def sign_test_p(wins: int, losses: int) -> float:
    """One-sided sign test: the chance of at least ``wins`` of ``wins + losses`` by luck."""
    m = wins + losses
    return sum(math.comb(m, k) for k in range(wins, m + 1)) / 2 ** m


# One Pinkerton round is nearly all luck, even for the heuristic against random moves:
# Pinkerton plays whole (short) games to 30 points instead, on more deals.
@pytest.mark.parametrize("name,n,deals,options", [
    ("coins", 3, 12, {}), ("thirteens", 3, 12, {}), ("starshina", 3, 12, {}),
    ("piquet", 2, 12, {}), ("pinkerton", 2, 20, {"target": 30})])
def test_hard_beats_random_on_duplicate_deals(name, n, deals, options):
    wins = losses = 0
    for deal in range(deals):
        hard_gain = random_gain = 0.0
        for rot in range(n):   # hard sits in every seat of the same deal
            levels = ["hard" if i == rot else "random" for i in range(n)]
            gains = _one_hand(name, n, 500 + deal, levels, 12, options)
            hard_gain += gains[rot]
            random_gain += (sum(gains) - gains[rot]) / (n - 1)
        wins += hard_gain > random_gain
        losses += hard_gain < random_gain
    p = sign_test_p(wins, losses)
    print(f"{name}: hard better on {wins} deals, worse on {losses}; sign test p = {p:.5f}")
    assert p < 0.01
