"""Normand Piquet's exchange by sampled talons (games/piquet/ai_exchange_normand.py)."""

from __future__ import annotations

import random

from games.piquet import ai_exchange_normand as normand
from games.piquet.ai import choose as easy
from rules.ai import coach
from rules.ai.hooks import hooks_for
from rules.ai.search import SearchPlayer
from rules.cards import PIQUET_32
from tests.test_piquet_helpers import G, cards, deal_order, ints

NORMAND = {"variant": "normand"}


# Elder (seat 1): point of five, quint to the ace, tierce to the nine.  Middle (seat 2): trios
# of aces and kings.  Dealer (seat 0): trios of jacks and tens, tierces.  Talon: 9H QC.
ELDER = "AH KH QH JH 10H 9S 8S 7S 7D 8D"
MIDDLE = "AS KS QS AD KD 9D AC KC 9C 8C"
DEALER = "JS 10S QD JD 10D JC 10C 7C 7H 8H"


def test_declarations_reckon_in_order_to_the_one_best_holding_with_the_repique():
    held = {1: normand.holding(ints(ELDER)), 2: normand.holding(ints(MIDDLE)),
            0: normand.holding(ints(DEALER))}
    order = [1, 2, 0]
    # Elder: point 5, then quint and tierce 18 make 23 with nobody else scored: repique
    # (+70).  Middle's trio of aces beats the dealer's trio of jacks: both its trios count.
    assert normand.declarations(held, order, [], (20, 70)) == {1: 93, 2: 6, 0: 0}
    # A carte blanche is reckoned first of all, so elder's 23 no longer comes first.
    assert normand.declarations(held, order, [0], (20, 70)) == {1: 23, 2: 6, 0: 10}
    # Two equal best sequences: nobody scores the sequences (the middle's trios still do).
    held[2] = (held[2][0], held[1][1], 18, held[2][3], held[2][4])
    assert normand.declarations(held, order, [], (20, 70)) == {1: 5, 2: 6, 0: 0}


def test_declarations_agree_with_the_engine_on_random_deals():
    """The easy players declare in full, as the estimate assumes: after the declarations
    the engine's deal points are exactly what ``declarations`` reckons."""
    checked = 0
    for seed in range(60):
        state = G.new_state(3, NORMAND, seed=seed)
        rng = random.Random(seed)
        while state.phase == "exchange":
            state.apply(state.current_seat, easy(state, state.current_seat, rng))
        held = {s: normand.holding(state.hands[s]) for s in range(3)}
        expected = normand.declarations(held, list(state.order), list(state.blanche),
                                        state._v.repique)
        while state.phase == "declare":
            state.apply(state.current_seat, easy(state, state.current_seat, rng))
        assert {s: state.deal_pts[s] for s in range(3)} == expected, seed
        checked += sum(expected.values()) > 0
    assert checked > 50


def test_value_counts_against_the_others_average_and_the_play():
    held = {1: normand.holding(ints(ELDER)), 2: normand.holding(ints(MIDDLE)),
            0: normand.holding(ints(DEALER))}
    even = dict.fromkeys(range(3), 3.0)
    # Elder's 93 against the others' 6 and 0: 90; even trick estimates add nothing.
    assert normand.value(held, even, [1, 2, 0], 1, []) == 90
    assert normand.value(held, even, [1, 2, 0], 0, []) == -49.5
    stronger = {0: 5.0, 1: 3.0, 2: 3.0}
    assert normand.value(held, stronger, [1, 2, 0], 0, []) > -49.5 + 2 * normand.PLAY_WEIGHT


def test_the_exchange_search_is_the_normand_dealers_only():
    hooks = hooks_for("piquet")
    assert hooks.exchange is not None
    state = G.new_state(3, NORMAND, seed=4)
    assert state.phase == "exchange" and normand.applies(state) and hooks.exchange.applies(state)
    two = G.new_state(2, {}, seed=4)
    assert not normand.applies(two) and hooks.exchange.applies(two)


def test_hard_dealer_keeps_the_quint_weighs_every_choice_and_is_deterministic():
    # The dealer (seat 0) holds a quint to the king in hearts and a point of six.
    elder = cards("AS KS QS JS AD KD QD AC KC QC")
    middle = cards("10S 9S 8S 7S JD 10D 9D JC 10C 9C")
    dealer = cards("KH QH JH 10H 9H 7H AH 8D 7D 8C")
    talon = cards("8H 7C")
    state = G.new_state(3, NORMAND, seed=3, deck=deal_order([elder, middle, dealer], talon))
    assert state.current_seat == 0 and len(state.legal_actions(0)) == 56
    player = SearchPlayer("piquet", "hard", seed=5, time_budget=None)
    move = player.choose(state, 0)
    assert state.is_legal(0, move)
    assert not any(c >> 4 == int(PIQUET_32.parse_card("AH")) >> 4 for c in move.cards)
    assert player.last_iterations == 100 and not player.last_capped
    assert SearchPlayer("piquet", "hard", seed=5, time_budget=None).choose(state, 0) == move


def test_a_review_prices_the_normand_dealers_exchange_on_the_same_talons():
    elder = cards("AS KS QS JS AD KD QD AC KC QC")
    middle = cards("10S 9S 8S 7S JD 10D 9D JC 10C 9C")
    dealer = cards("KH QH JH 10H 9H 7H AH 8D 7D 8C")
    state = G.new_state(3, NORMAND, seed=3,
                        deck=deal_order([elder, middle, dealer], cards("8H 7C")))
    hearts = int(PIQUET_32.parse_card("AH")) >> 4
    throw = next(a for a in state.legal_actions(0)
                 if len(a.cards) == 2 and all(c >> 4 == hearts for c in a.cards))
    j = coach.judge(state, 0, throw)
    # Two cards of the seven-card point and sequence thrown: priced, and far above the best.
    assert j is not None and j.played == throw and j.best != throw and j.cost > 0.05
    again = coach.judge(state, 0, j.best)
    assert again is not None and again.cost == 0 and again.best == j.best
