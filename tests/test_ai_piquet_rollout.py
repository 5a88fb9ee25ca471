"""The searching seat's own cards in the Piquet play search's rollouts: the open play-out's
rules (games/piquet/ai_playout.py ``open_card``), in sampled worlds only."""

from __future__ import annotations

from games.piquet import ai_playout
from rules.ai.search import SearchPlayer
from tests.test_piquet_helpers import (
    G,
    cards,
    deal_order,
    do,
    ints,
    rubicon_after_exchange,
)

SINK_ALL = ("sink point", "sink point", "sink sequence", "sink sequence", "sink sets",
            "sink sets")

# Elder's spades are headed by the ace over younger's best spade; nothing else is void.
SPADE_MASTERS = ("AS KS QS 7H 8H 9D 8D 7D 9C 8C 7C 10C",
                 "JS 10S 9S AH KH QH AD KD QD AC KC QC")


def _in_play(elder: str, younger: str):
    """A rubicon deal in the play with these hands (elder is seat 1, to lead)."""
    s = rubicon_after_exchange(elder, younger)
    do(s, *SINK_ALL)
    assert s.phase == "play" and s.current_seat == 1
    return s


def test_open_card_leads_where_the_other_hand_is_void_and_low():
    # Younger holds no club: any club wins, so elder gives the lowest.
    s = _in_play("AH KH QH AS KS QS AD KD QD 9C 8C 7C",
                 "JH 10H 9H 8H JS 10S 9S 8S JD 10D 9D 8D")
    assert ai_playout.open_card(s, 1) == ints("7C")[0]


def test_open_card_cashes_a_master_before_leading_low():
    s = _in_play(*SPADE_MASTERS)
    assert ai_playout.open_card(s, 1) == ints("AS")[0]


def test_open_card_follows_with_the_cheapest_winner_else_the_lowest():
    s = _in_play(*SPADE_MASTERS)
    do(s, "play 8H")
    assert ai_playout.open_card(s, 0) == ints("QH")[0]
    s = _in_play(*SPADE_MASTERS)
    do(s, "play AS")
    assert ai_playout.open_card(s, 0) == ints("9S")[0]


def test_open_card_discards_from_a_suit_that_wins_nothing():
    # Younger has no heart: its clubs win nothing against elder's, its diamonds hold.
    s = _in_play("AH KH QH JH 10H 9H AC KC QC JC 10C 9C",
                 "AS KS QS JS 10S 9S AD KD QD 8C 7C 8S")
    do(s, "play AH")
    assert ai_playout.open_card(s, 0) == ints("7C")[0]


def test_open_card_is_only_for_two_handed_play_without_a_contract():
    s = rubicon_after_exchange("AH KH QH AS KS QS AD KD QD 9C 8C 7C",
                               "JH 10H 9H 8H JS 10S 9S 8S JD 10D 9D 8D")
    assert ai_playout.open_card(s, 1) is None                  # the declarations
    elder = cards("AH KH QH JH 10H AS KS QS AD KD 7C 8C")
    younger = cards("9H 8H 7H JS 10S 9S QD JD 10D 9D AC KC")
    s = G.new_state(2, {"variant": "auction"}, seed=1, deck=deal_order([elder, younger]))
    do(s, "bid 7", "pass")
    while s.phase != "play":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[-1])
    assert s.contract is not None and ai_playout.open_card(s, s.current_seat) is None
    s = G.new_state(3, {"variant": "normand"}, seed=1)
    while s.phase != "play":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[0])
    assert ai_playout.open_card(s, s.current_seat) is None


def test_the_search_plays_open_cards_for_itself_only_and_only_in_sampled_worlds(monkeypatch):
    s = _in_play(*SPADE_MASTERS)
    before = s.to_json()
    calls: list[tuple[int, int]] = []
    real = ai_playout.open_card

    def spy(world, seat):
        calls.append((id(world), seat))
        return real(world, seat)

    monkeypatch.setattr(ai_playout, "open_card", spy)
    move = SearchPlayer("piquet", "normal", seed=3).choose(s, 1)
    assert s.is_legal(1, move) and s.to_json() == before
    assert calls, "the rollouts never asked for the searching seat's card"
    assert {seat for _, seat in calls} == {1}                 # the other plays easy's cards
    assert id(s) not in {w for w, _ in calls}                 # never the real deal
