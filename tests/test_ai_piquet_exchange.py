"""Two-handed Piquet's exchange by sampled talons (rules/ai/piquet_exchange.py)."""

from __future__ import annotations

from rules.ai import piquet_exchange
from rules.ai.search import SearchPlayer
from rules.cards import PIQUET_32
from tests.test_piquet_helpers import G, cards, deal_order


def ints(text: str) -> list[int]:
    return [int(PIQUET_32.parse_card(t)) for t in text.split()]


def test_value_reckons_each_category_to_the_better_hand_and_repique(monkeypatch):
    mine = ints("AH KH QH JH 10H 9H AS AD 7S 8D 9C 7C")    # point 6, sixième, trio of aces
    theirs = ints("KS QS JS 10S KD QD JD 10C JC 7C 8C 7D")
    with_play = piquet_exchange.value(mine, theirs, True)
    monkeypatch.setattr(piquet_exchange, "PLAY_WEIGHT", 0.0)
    monkeypatch.setattr(piquet_exchange, "CARDS_WEIGHT", 0.0)
    assert piquet_exchange.value(mine, theirs, True) == 6 + 16 + 3   # 25: no repique
    assert with_play > 25                 # the aces and the long suit promise the play too
    # Point 7, septième 17, quatorze of aces 14: 38 against nothing, so repique (+60).
    richer = ints("AH KH QH JH 10H 9H 8H AS AD AC 9S 9D")
    assert piquet_exchange.value(richer, theirs, True) == 7 + 17 + 14 + 60
    # Their point (40 pips), quart and tierce, and trio of jacks: 4 + 7 + 3 against us.
    weak = ints("AH KH QH 9D 7D 8S 9S AC 7C 9C 8C 10D")
    assert piquet_exchange.value(weak, theirs, True) == -14


def test_hard_exchange_keeps_the_sixieme_and_is_deterministic():
    elder = cards("AH KH QH JH 10H 9H 7C 8D 9S 7D 8C 8S")
    younger = cards("AC KC QC JC 10C 9C AD KD QD JD 10D 9D")
    state = G.new_state(2, {}, seed=3, deck=deal_order([elder, younger]))
    player = SearchPlayer("piquet", "hard", seed=5, time_budget=None)
    move = player.choose(state, 1)
    assert state.is_legal(1, move) and move.kind == "discard"
    assert not any(c >> 4 == 2 for c in move.cards)            # the hearts stay
    assert player.last_iterations == 100 and not player.last_capped
    assert SearchPlayer("piquet", "hard", seed=5, time_budget=None).choose(state, 1) == move
