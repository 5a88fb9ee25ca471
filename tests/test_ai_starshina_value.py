"""How the search values a Starshina hand under the seed's rules (games/starshina/
starshina.py): only 12 tricks in a hand win; a hand that leaves the game open is worth
a small guide towards 12 (raw tricks, not tricks over quota), a game another seat wins
is worse than any open hand, and rollouts and the endgame solver agree on all of it."""

from __future__ import annotations

import random
from itertools import product

import pytest

import rules
from games.starshina.ai import STARSHINA_SHAPE, game_won, open_hand
from rules.ai import evaluate
from rules.ai.hooks import hooks_for

GAME = rules.get_game("starshina")
QUOTAS = [8, 5, 3]   # dealer (seat 0 in hand 1), left of dealer, right of dealer

# Every way 16 tricks can split among three seats with nobody on 12 or more.
OPEN_SPLITS = [t for t in product(range(12), repeat=3) if sum(t) == 16]


def test_the_seat_nearest_twelve_is_the_one_to_stop():
    # Seat 2 lets the last trick go to the dealer (10 tricks, 2 over quota 8) or to the
    # left seat (7 tricks, 2 over quota 5).  Over quota they are level; in tricks the
    # dealer is two from a win and the left seat five, so feeding the dealer is worse.
    assert open_hand((10, 6, 0), 2) < open_hand((9, 7, 0), 2)
    # And a trick more for a seat is worth more the nearer it brings it to 12.
    assert open_hand((11, 3, 2), 0) - open_hand((10, 4, 2), 0) > \
        open_hand((6, 5, 5), 0) - open_hand((5, 6, 5), 0) > 0


def test_an_open_hand_is_a_small_guide():
    values = [open_hand(t, s) for t in OPEN_SPLITS for s in range(3)]
    assert all(abs(v) <= STARSHINA_SHAPE for v in values)
    assert max(values) > 0 > min(values)


def test_a_lost_game_is_worse_than_any_open_hand():
    worst_open = min(open_hand(t, s) for t in OPEN_SPLITS for s in range(3))
    for tricks in [(12, 3, 1), (13, 0, 3), (2, 12, 2), (1, 3, 12), (0, 4, 12)]:
        winner = max(range(3), key=lambda s: tricks[s])
        for seat in range(3):
            v = game_won(tricks, QUOTAS, seat, winner)
            if seat == winner:
                assert v == 1.0
            else:
                assert -1.0 <= v < worst_open
    # Second place (quota made, a stake less to pay) is still a loss, but a smaller one.
    assert game_won((12, 1, 3), QUOTAS, 2, 0) > game_won((12, 3, 1), QUOTAS, 2, 0)


def _hand_ends(seeds: range):
    """Hands of the seed's game played at random from 8 cards before their end: the
    solver's model at that point, and the state once the hand is over."""
    for seed in seeds:
        state = GAME.new_state(3, {"rules": "starshina"}, seed=seed)
        rng = random.Random(seed)
        got = None
        while not state.is_over and state.hand_no == 1:
            if got is None:
                got = hooks_for("starshina").endgame(state, 0)
                if got is not None and got[1].cards_left() > 8:
                    got = None
            seat = state._mover
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if got is not None:
            yield got, state


def test_rollouts_and_the_solver_value_a_hand_alike():
    checked = 0
    for (model, _), state in _hand_ends(range(40)):
        tricks = tuple(state.last_hand["tricks"])
        reached = next((s for s in range(3) if tricks[s] >= 12), -1)
        for seat in range(3):
            model.me = seat
            assert model.value((tricks, reached)) == pytest.approx(evaluate.value(state, seat))
        checked += 1
    assert checked >= 30


def test_a_won_game_scores_by_game_won():
    """A played game of the seed's rules, finished: the winner 1, the others below any
    open hand (the rank-based default would call a sole second place 0)."""
    state = GAME.new_state(3, {"rules": "starshina"}, seed=5)
    rng = random.Random(5)
    from games.starshina.ai import choose
    while not state.is_over:
        seat = state._mover
        state.apply(seat, choose(state, seat, rng))
    winner = state.result()["winner"]
    tricks, quotas = state.win_hand["tricks"], state.win_hand["quotas"]
    for seat in range(3):
        assert evaluate.value(state, seat) == game_won(tricks, quotas, seat, winner)
    assert evaluate.value(state, winner) == 1.0
    assert all(evaluate.value(state, s) < -STARSHINA_SHAPE for s in range(3) if s != winner)


def test_classic_rollouts_and_the_solver_value_every_hand_alike():
    """Classic rules: at the end of each hand, and of the game (12 tricks: by place, the
    others ranked by their stakes once the hand is settled), the solver's value is the
    rollouts'."""
    from games.starshina.ai import choose
    checked = won = 0
    for seed in range(6):
        state = GAME.new_state(3, {"rules": "classic"}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_no <= 12:
            hand, got = state.hand_no, None
            while not state.is_over and state.hand_no == hand:
                if got is None and state.phase == "play":
                    got = hooks_for("starshina").endgame(state, 0)
                    if got is not None and got[1].cards_left() > 8:
                        got = None
                seat = state._mover
                state.apply(seat, choose(state, seat, rng))
            if got is None:
                continue
            model = got[0]
            tricks = tuple(state.last_hand["tricks"] if state.last_hand else
                           state.win_hand["tricks"])
            reached = next((s for s in range(3) if tricks[s] >= 12), -1)
            for seat in range(3):
                model.me = seat
                assert model.value((tricks, reached)) == \
                    pytest.approx(evaluate.value(state, seat)), (seed, hand, seat)
            checked += 1
            won += state.is_over
    assert checked >= 20 and won >= 3, (checked, won)
