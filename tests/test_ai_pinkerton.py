"""The easy Pinkerton player: always legal, sees only its own seat's view, beats random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.pinkerton.ai import choose
from rules.cards import CARD, DOUBLE_104
from tests.test_pinkerton_helpers import GAME, arrange, cs

DECK = [int(c) for c in DOUBLE_104.cards]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_only_legal_moves_and_blind_to_hidden_cards(n):
    rng = random.Random(n)
    checked = 0
    for seed in range(4):
        opts = [{}, {"passes": 1}, {"passes": 4, "show_total": True}, {"target": 50}][seed]
        s = GAME.new_state(n, opts, seed=100 * n + seed)
        steps = 0
        while not s.is_over and steps < 400:
            seat = s.current_seat
            a = choose(s, seat, random.Random(steps))
            assert a in s.legal_actions(seat), str(a)
            if steps % 9 == 0:
                # The same choice in any world this seat cannot tell apart.
                world = s.sample_world(seat, rng)
                assert choose(world, seat, random.Random(steps)) == a
            checked += 1
            # Mix in random moves so the AI meets all kinds of positions.
            s.apply(seat, a if rng.random() < 0.5 else rng.choice(s.legal_actions(seat)))
            steps += 1
    assert checked > 300


def test_legal_with_big_hands_in_every_step():
    rng = random.Random(3)
    s = GAME.new_state(3, seed=4)
    for pile in ("5H 5S", "5H 4D", "JS QS", "KH KD", "QH QD JH", "QS QC QS QC", "KH QD 9H"):
        free = Counter(DECK)
        free.subtract(cs(pile + " 2C"))
        for step in ("turn", "add", "open"):
            hand = rng.sample(sorted(free.elements()), 22)
            arrange(s, phase=3, step=step, pending=[1, 2, 0], pile=pile,
                    hands={1: " ".join(str(CARD[c]) for c in hand)}, pass_cards={1: "2C"})
            a = choose(s, 1, rng)
            assert a in s.legal_actions(1), (pile, step, str(a))


def test_deterministic_given_the_rng():
    s = GAME.new_state(4, seed=9)
    for _ in range(60):
        if s.is_over:
            break
        seat = s.current_seat
        a = choose(s, seat, random.Random(1))
        assert choose(s, seat, random.Random(1)) == a
        s.apply(seat, a)


def test_recovers_a_pass_with_an_exact_beat():
    s = arrange(GAME.new_state(2, seed=1), phase=3, pending=[1, 0], pile="QS 5S AD",
                hands={1: "KC JS KS 6D 3H", 0: "2C"}, pass_cards={1: "2H 9D"})
    assert str(choose(s, 1, random.Random(0))) == "beat KS 6D take 9D"


def test_beats_cheaply_and_keeps_big_cards():
    s = arrange(GAME.new_state(2, seed=1), phase=2, pending=[1, 0], pile="5H 3H",
                hands={1: "KH QD 5D 4H 2S", 0: "2C"})
    assert str(choose(s, 1, random.Random(0))) == "beat 5D 4H"


def test_passes_its_least_useful_card():
    s = arrange(GAME.new_state(2, seed=1), phase=2, pending=[1, 0], pile="KS QC",
                hands={1: "KH QD 5D 2S", 0: "2C"})
    assert str(choose(s, 1, random.Random(0))) == "pass 2S"


def test_skips_the_beat_at_zero():
    s = arrange(GAME.new_state(2, seed=1), phase=3, pending=[1, 0], pile="5H 5S",
                hands={1: "KH QD 5D 4H 2S", 0: "2C"})
    assert choose(s, 1, random.Random(0)).kind == "add"


def test_adds_to_leave_the_pile_just_below_a_threshold():
    # Pile 70: adding 9H makes 79, which only two plus kings can beat.
    s = arrange(GAME.new_state(2, seed=1), phase=3, step="add", pending=[1, 0],
                pile="KH QD", hands={1: "9H 2H 3S", 0: "2C"})
    assert str(choose(s, 1, random.Random(0))) == "add 9H"


def _play(n: int, seed: int, ai: int) -> int:
    s = GAME.new_state(n, seed=seed)
    rng = random.Random(seed * 31 + 7)
    while not s.is_over:
        seat = s.current_seat
        a = choose(s, seat, rng) if seat == ai else rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
    return s.result()["winner"]


@pytest.mark.parametrize("n,games,need", [(2, 30, 24), (3, 30, 18), (5, 30, 13)])
def test_beats_random_play(n, games, need):
    wins = sum(_play(n, seed, seed % n) == seed % n for seed in range(games))
    # A random player would win games / n; demand far more.
    assert wins >= need, f"{wins}/{games} wins with {n} players"
