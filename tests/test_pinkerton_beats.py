"""Pinkerton beat search against brute force; legality checks against the legal list;
random games to the end."""

from __future__ import annotations

import itertools
import random

import pytest

from games.pinkerton.beats import (
    VALUE,
    beat_size,
    beats,
    beats_value,
    can_beat,
    cheapest_beat,
    value,
)
from games.pinkerton.engine import beat_action
from rules.actions import Action
from rules.cards import CARD, DOUBLE_104
from tests.playout import assert_conserved
from tests.test_pinkerton_helpers import GAME, arrange, cs

DECK = [int(c) for c in DOUBLE_104.cards]
COST = [abs(VALUE[c]) + (c & 3) for c in range(64)]  # any non-negative prices will do


def brute(hand: list[int], k: int, v: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(combo)) for combo in itertools.combinations(hand, k)
            if beats_value(sum(VALUE[c] for c in combo), v)}


def test_card_values():
    assert [value(c) for c in cs("AH 2D 10H JD QH KD")] == [1, 2, 10, 20, 30, 40]
    assert [value(c) for c in cs("AS 2C 10S JC QS KC")] == [-1, -2, -10, -20, -30, -40]
    assert sum(VALUE[c] for c in DECK) == 0


@pytest.mark.parametrize("k", [2, 3, 4])
def test_beats_agree_with_brute_force(k):
    rng = random.Random(k)
    for _ in range(250):
        hand = rng.sample(DECK, rng.randint(0, 14 if k == 4 else 16))
        v = rng.choice([0, rng.randint(-60, 60), rng.randint(-40 * k, 40 * k),
                        rng.randint(-200, 200)])
        got = beats(hand, k, v)
        assert len(got) == len(set(tuple(sorted(b)) for b in got)), "duplicates"
        want = brute(hand, k, v)
        assert {tuple(sorted(b)) for b in got} == want
        assert can_beat(hand, k, v) == bool(want)
        cheap = cheapest_beat(hand, k, v)
        if want:
            margin = min(abs(sum(VALUE[c] for c in b) - v) for b in want)
            assert cheap is not None and tuple(sorted(cheap)) in want
            assert abs(sum(VALUE[c] for c in cheap) - v) == margin
        else:
            assert cheap is None
        exact = cheapest_beat(hand, k, v, COST, exact=True)
        exacts = [b for b in want if sum(VALUE[c] for c in b) == v]
        if exacts:
            assert tuple(sorted(exact)) in exacts
            assert sum(COST[c] for c in exact) == min(sum(COST[c] for c in b) for b in exacts)
        else:
            assert exact is None
        priced = cheapest_beat(hand, k, v, COST)
        if want:
            assert sum(COST[c] for c in priced) == min(sum(COST[c] for c in b) for b in want)


def test_beats_on_twenty_card_hands_are_exact():
    rng = random.Random(99)
    for k in (3, 4):
        for v in (0, 80, -95, 130, -150):
            hand = rng.sample(DECK, 20)
            assert {tuple(sorted(b)) for b in beats(hand, k, v)} == brute(hand, k, v)


def test_equal_cards_give_one_beat():
    hand = cs("KH KH KD 2S")
    assert sorted(beats(hand, 2, 50)) == sorted([(CARD[45], CARD[45]), (CARD[45], CARD[29])])


def legal_position_actions(state) -> list[Action]:
    """Legal actions plus plausible illegal ones for the current seat."""
    seat = state.current_seat
    hand = state.hands[seat]
    rng = random.Random(len(state.log))
    cands = list(state.legal_actions(seat))
    cands += [Action("pass", (CARD[c],)) for c in set(hand)]
    cands += [Action("add", (CARD[c],)) for c in set(hand)]
    cands += [Action("pass", ())]
    for _ in range(12):
        k = rng.choice([1, 2, 3, 4])
        pick = rng.sample(hand, min(k, len(hand)))
        if pick:
            cands.append(beat_action(pick))
            for t in set(state.pass_cards[seat]) | {rng.choice(DECK)}:
                cands.append(beat_action(pick, t))
    return cands


def test_is_legal_agrees_with_the_legal_list():
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        s = GAME.new_state(2 + seed % 5, {"passes": 3} if seed % 2 else {}, seed=seed)
        for _ in range(150):
            if s.is_over:
                break
            legal = set(s.legal_actions(s.current_seat))
            for a in legal_position_actions(s):
                assert s.is_legal(s.current_seat, a) == (a in legal), (str(a), s.step)
                checked += 1
            s.apply(s.current_seat, rng.choice(sorted(legal, key=Action.sort_key)))
    assert checked > 5000


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_terminate(n):
    for seed in range(3):
        opts = [{}, {"passes": 1, "target": 50}, {"passes": 5, "show_total": True}][seed]
        s = GAME.new_state(n, opts, seed=seed * 7 + n)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over:
            s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))
            steps += 1
            assert steps < 50000
        assert_conserved(s)
        r = s.result()
        assert max(r["scores"]) >= opts.get("target", 100)
        assert r["winners"] == [r["winner"]]


def test_big_hand_legal_generation_matches_brute_force():
    s = GAME.new_state(3, seed=21)
    rng = random.Random(2)
    for v_cards, k in (("QH QD JH", 3), ("QH QD QH QD", 4)):
        hand = " ".join(str(CARD[c]) for c in rng.sample(
            [c for c in DECK if c not in cs("QH QD JH")], 20))
        arrange(s, phase=3, pending=[1, 2, 0], pile=v_cards, hands={1: hand})
        assert beat_size(s.total) == k
        got = {tuple(sorted(a.args)) for a in s.legal_actions(1) if a.kind == "beat"}
        assert got == brute(s.hands[1], k, s.total)
