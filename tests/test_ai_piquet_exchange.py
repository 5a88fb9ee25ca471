"""Two-handed Piquet's exchange by sampled talons (games/piquet/ai_exchange.py)."""

from __future__ import annotations

import random

from games.piquet import ai_exchange as piquet_exchange
from games.piquet.ai_playout import play_out
from rules.actions import Action
from rules.ai import coach
from rules.ai.search import SearchPlayer
from rules.cards import PIQUET_32
from tests.test_piquet_helpers import G, cards, deal_order, ints, others


def test_declarations_reckon_each_category_to_the_better_hand_and_repique():
    mine = ints("AH KH QH JH 10H 9H AS AD 7S 8D 9C 7C")    # point 6, sixième, trio of aces
    theirs = ints("KS QS JS 10S KD QD JD 10C JC 7C 8C 7D")
    assert piquet_exchange.declared(mine, theirs) == (6 + 16 + 3, 0)   # 25: no repique
    assert piquet_exchange.value(mine, theirs, True) > 25   # the aces and the sixième play too
    # Point 7, septième 17, quatorze of aces 14: 38 against nothing, so repique (+60).
    richer = ints("AH KH QH JH 10H 9H 8H AS AD AC 9S 9D")
    assert piquet_exchange.declared(richer, theirs) == (7 + 17 + 14 + 60, 0)
    # Their point (40 pips), quart and tierce, and trio of jacks: 4 + 7 + 3 against us.
    weak = ints("AH KH QH 9D 7D 8S 9S AC 7C 9C 8C 10D")
    assert piquet_exchange.declared(weak, theirs) == (0, 4 + 7 + 3)


def test_the_play_out_keeps_a_guarded_king_alive():
    # King and a small spade against the ace: the king takes the last trick.
    assert play_out(ints("AS 9S AC"), ints("KS 7S 7C")) == (3, 2, 2, 3)
    # Bared (a club kept instead), the king falls under the ace: elder takes every trick.
    assert play_out(ints("AS 9S AC"), ints("KS 7C 8C")) == (4, 0, 3, 4)


def test_the_play_out_discards_from_a_hopeless_suit_before_a_guard():
    # Younger, void in hearts and never on lead, throws the diamond (nothing to win
    # there), then the clubs, and keeps K-7 of spades under the ace: the king takes the
    # last trick.  Throwing the 7S would have let elder take every trick.
    assert play_out(ints("AH KH AS 9S 8D"), ints("KS 7S 7D 9C 8C")) == (5, 2, 4, 5)


def discard(text: str) -> Action:
    return Action("discard", tuple(PIQUET_32.parse_card(t) for t in text.split()))


def test_the_planned_exchange_keeps_the_guarded_king_the_trick_estimate_threw(monkeypatch):
    # Elder keeps the spade quart and the diamonds; the last card to go is the king of
    # hearts (leaving the jack bare) or the eight of spades (K-J of hearts stay, a guard
    # against the ace).  Each hand's own trick estimate does not see the guard and throws
    # the king; the play-out sees the trick it takes once the ace has fallen.
    elder = cards("JC 8C JD 10D 7D KH JH 7H KS QS 10S 8S")
    rest = others(elder)
    state = G.new_state(2, {}, seed=3, deck=deal_order([elder, rest[:12]], rest[12:]))
    king, eight = discard("8C 7D 10D 7H KH"), discard("8C 7D 10D 7H 8S")
    move, _, values = piquet_exchange.choose(state, 1, [king, eight], random.Random(1), 1000)
    gain = 100 * (sum(values[1]) - sum(values[0])) / len(values[0])   # deal points
    assert move == eight and gain > 1
    monkeypatch.setattr(piquet_exchange, "PLAYOUT_WEIGHT", 0.0)       # the estimate alone
    assert piquet_exchange.choose(state, 1, [king, eight], random.Random(1), 1000)[0] == king


def test_value_counts_the_cards_capot_and_pique(monkeypatch):
    monkeypatch.setattr(piquet_exchange, "PLAYOUT_WEIGHT", 1.0)       # the play-out alone
    top = ints("AH KH QH JH AS KS QS JS AD KD QD JD")
    low = ints("10H 9H 8H 7H 10S 9S 8S 7S 10D 9D 8D 7D")
    e_pts, y_pts, e_tricks, run = play_out(top, low)
    assert (e_pts, y_pts, e_tricks, run) == (13, 0, 12, 13)
    me, op = piquet_exchange.declared(top, low)
    # Elder's declarations and 13 points of play before younger scores: pique (+30) when
    # they reach 30 but not repique, and capot (+40) for every trick.
    bonus = 30 if me < 30 and me + 13 >= 30 and not op else 0
    assert piquet_exchange.value(top, low, True) == me - op + 13 + 40 + bonus
    assert piquet_exchange.value(low, top, False) == -piquet_exchange.value(top, low, True)


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


def test_a_review_prices_a_discard_on_the_exchange_search_s_own_talons():
    elder = cards("AH KH QH JH 10H 9H 7C 8D 9S 7D 8C 8S")
    younger = cards("AC KC QC JC 10C 9C AD KD QD JD 10D 9D")
    state = G.new_state(2, {}, seed=3, deck=deal_order([elder, younger]))
    sixieme = Action("discard", tuple(PIQUET_32.parse_card(t) for t in "AH KH QH JH 10H".split()))
    j = coach.judge(state, 1, sixieme)
    assert j is not None and j.played == sixieme and j.best != sixieme
    # Throwing the sixième gives up its point, sequence and play: a tenth of a game and
    # more, in (almost) every one of the talons the discards were compared on.
    assert j.cost > 0.1 and j.worlds == coach.PRICE_WORLDS and j.disagree <= j.worlds // 10
    again = coach.judge(state, 1, j.best)
    assert again is not None and again.cost == 0 and again.best == j.best
    hint = coach.hint(state, 1)
    assert state.is_legal(1, hint.action) and not any(c >> 4 == 2 for c in hint.action.cards)
    plan = hint.reasons[0]       # weighed on the hint's sampled talons, against the runner-up
    assert plan.kind == "plan" and plan.of == coach.PRICE_WORLDS and 0 <= plan.count <= plan.of
