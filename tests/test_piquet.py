"""Rubicon Piquet: declarations, exchange, play, pique and repique, partie (stacked decks)."""

from __future__ import annotations

import random

import pytest

from games.piquet import combos
from games.piquet.scoring import rubicon_partie
from rules import IllegalAction
from rules.cards import CARD, PIQUET_32
from tests.test_piquet_helpers import (
    G,
    cards,
    deal_order,
    do,
    ints,
    others,
    play_out,
    rubicon_after_exchange,
    texts,
)

# --- combinations ---------------------------------------------------------------------

def test_point_value_and_sequences_are_maximal_runs():
    hand = ints("AH KH QH JH 10H 9H 7C 8C 9C JD QD AS")
    assert combos.best_point(hand, 6) == (60, 2)
    assert combos.runs(hand) == [(6, 14, 2), (3, 9, 0)]   # a sixième, never quint + something
    scored = combos.sequences_scored(hand, 6, 14)
    assert sum(combos.SEQ_SCORE[n] for n, _, _ in scored) == 16 + 3
    assert (5, 13) in combos.sequence_options(hand)        # part of it may be called (sinking)


def test_sets_from_tens_up_aces_included_and_quatorze_beats_trio():
    hand = ints("9C 9D 9H 9S AC AD AH 10C 10D 10H 10S 7C")
    assert combos.set_options(hand) == [(4, 10), (3, 14), (3, 10)]   # four nines are nothing
    assert (4, 10) > (3, 14)   # quatorze of tens beats a trio of aces
    assert (3, 14) > (3, 13)   # between trios the higher rank wins
    assert combos.is_carte_blanche(hand)


# --- declarations ------------------------------------------------------------------------

def test_point_longer_wins():
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD 9D 7D 8S",
                               "AS KS JS 10S 9S 7S KC QC 10C JD 10D 9H")
    assert "declare point 6" not in [str(a) for a in s.legal_actions(1)]
    do(s, "declare point 5", "declare point 6")
    log = texts(s)
    assert "{p1}: Point of five." in log and "{p0}: Not good. Point of six." in log
    assert s.deal_pts == [6, 0]
    assert s.view(1)["shown"] == [{"seat": 0, "what": "point of six",
                                   "cards": ["AS", "KS", "JS", "10S", "9S", "7S"]}]


@pytest.mark.parametrize("spades,outcome", [
    ("KS QS 9S 8S 7S", "elder"),     # 44 against 46
    ("AS KS QS 8S 7S", "equal"),     # 46 each: nobody
    ("AS KS QS 9S 7S", "younger"),   # 47
])
def test_point_equal_length_pips_decide(spades, outcome):
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD 9D 7D 8C",
                               spades + " KC QC 10C JD 10D 9H JH")
    do(s, "declare point 5", "declare point 5")
    log = texts(s)
    assert "{p0}: Making?" in log and "{p1}: Forty-six." in log
    if outcome == "elder":
        assert log[-2] == "{p0}: Good." and s.deal_pts == [0, 5]
    elif outcome == "equal":
        assert "{p0}: Forty-six. Equal." in log and s.deal_pts == [0, 0]
        assert "The point is equal: nobody scores." in log
    else:
        assert "{p0}: Not good. Forty-seven." in log and s.deal_pts == [5, 0]


ELDER_SEQ = "KH QH JH 10H 9C 8C 7C AD 9D 7D AS 8S"


@pytest.mark.parametrize("younger,answer,pts", [
    ("QS JS 10S 9S AC KC 10C KD QD 8D AH 9H", "declare sequence 4 queen", [0, 7]),
    ("KS QS JS 10S AC KC 10C KD QD 8D AH 9H", "declare sequence 4 king", [0, 0]),
    ("KS QS JS 10S 9S AC KC 10C KD QD 8D 9H", "declare sequence 5 king", [15, 0]),
])
def test_sequences_length_then_top_card_then_equal(younger, answer, pts):
    s = rubicon_after_exchange(ELDER_SEQ, younger)
    do(s, "sink point", "sink point", "declare sequence 4 king", answer)
    assert s.deal_pts == pts
    log = texts(s)
    if pts == [0, 7]:   # the winner scores all their sequences: quart and tierce
        assert "{p0}: Quart to the queen. Good." in log
        assert log[-1].startswith("{p1} scores 7 for the sequences: quart to the king")
    elif pts == [0, 0]:
        assert "{p0}: Quart to the king. Equal." in log
        assert "The sequences are equal: nobody scores." in log
    else:
        assert "{p0}: Not good. Quint to the king." in log


def test_sets_quatorze_beats_trio_and_winner_scores_all():
    s = rubicon_after_exchange("AC AD AH KC KD KH 9C 9D 9H 9S 7C 8D",
                               "10C 10D 10H 10S QC QD QH JS 8C 8H 7D 7H")
    do(s, "sink point", "sink point", "sink sequence", "sink sequence")
    assert sorted(str(a) for a in s.legal_actions(1)) == [
        "declare set 3 aces", "declare set 3 kings", "sink sets"]
    do(s, "declare set 3 aces")
    assert [str(a) for a in s.legal_actions(0)] == ["good", "declare set 4 tens"]
    do(s, "declare set 4 tens")
    assert s.deal_pts == [14 + 3, 0]
    assert "{p0}: Not good. Quatorze of tens." in texts(s)


def test_trio_of_aces_good_scores_all_elders_sets():
    s = rubicon_after_exchange("AC AD AH KC KD KH 9C 9D 9H 9S 7C 8D",
                               "10C 10D 10H 8S QC QD QH JS 8C 8H 7D 7H")
    do(s, "sink point", "sink point", "sink sequence", "sink sequence",
       "declare set 3 aces", "good")
    assert s.deal_pts == [0, 6]


def test_carte_blanche_announced_and_counted_first():
    elder = cards("AC AD AH AS 10C 10D 10H 10S 9C 9D 9H 9S")
    younger = cards("KC QC JC KD QD JD KH QH JH KS QS JS")
    s = G.new_state(2, {}, seed=3, deck=deal_order([elder, younger]))
    assert "{p1} holds carte blanche (no king, queen or jack): 10 points." in texts(s)
    do(s, "discard 9C", "discard JS")
    assert s.detail[1] == {"carte blanche": 10} and s.deal_pts == [0, 10]


# --- the exchange and what each seat sees --------------------------------------------------

def test_exchange_limits_and_talon_visibility():
    s = G.new_state(2, {}, seed=8)
    hand = s.view(1)["hand"]
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"You must discard between 1 and 5 cards; you chose 6"):
        s.apply(1, "discard " + " ".join(hand[:6]))
    not_mine = others(hand)[0]
    with pytest.raises(IllegalAction, match=f"You do not hold {not_mine}"):
        s.apply(1, f"discard {not_mine}")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(0, "discard " + s.view(0)["hand"][0])
    assert s.to_json() == before
    forms = s.action_forms(1)
    assert forms[0]["kind"] == "discard" and (forms[0]["min"], forms[0]["max"]) == (1, 5)

    top = [str(CARD[c]) for c in s.talon[:5]]
    s.apply(1, "discard " + " ".join(hand[:3]))
    assert s.view(1)["talon_seen"] == top[3:]          # the two elder left, seen by elder only
    assert s.view(1)["discards"] == hand[:3]
    assert s.view(0)["discards"] == [] and s.view(0)["talon_seen"] == []
    assert s.view(0)["talon"] is None and s.view(1)["talon"] is None

    forms = s.action_forms(0)                           # younger may take all five left
    assert (forms[0]["min"], forms[0]["max"]) == (1, 5)
    s.apply(0, "discard " + s.view(0)["hand"][0])
    assert len(s.view(0)["talon"]) == 4 and s.view(1)["talon"] is None
    while s.phase == "declare":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[0])
    s.apply(1, s.legal_actions(1)[0])                   # elder's first lead opens the talon
    assert s.view(1)["talon"] == s.view(0)["talon"] and len(s.view(1)["talon"]) == 4
    assert s.view(None).get("talon") is None and "hand" not in s.view(None)


def test_sampled_worlds_respect_what_a_seat_knows():
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD 9D 7D 8S",
                               "AS KS JS 10S 9S 7S KC QC 10C JD 10D 9H")
    do(s, "declare point 5", "declare point 6")
    rng = random.Random(4)
    shown = set(ints("AS KS JS 10S 9S 7S"))
    for _ in range(20):
        w = s.sample_world(1, rng)
        assert shown <= set(w.hands[0])                     # the good point was shown
        v = s.sample_world(0, rng)
        assert combos.longest_suit(v.hands[1]) >= 5         # "point of five" was said aloud
        assert v.view(0) == s.view(0)


def test_worlds_keep_an_unshown_claim_when_its_cards_are_pinned(monkeypatch):
    # Rejection re-deals usually find a hand holding each claim; when they keep failing
    # the claim's cards are pinned. Force that path: every world must still hold the
    # claim and play on to the end of the deal (it once raised IndexError instead).
    from games.piquet import knowledge
    from rules.ai.players import heuristic

    monkeypatch.setattr(knowledge, "REJECT", 0)
    s = rubicon_after_exchange("AH QH 10H 8H 7H AC JC 9C KD QD JD 8S",
                               "AS QS 10S 9S 7S KC 10C 8C 10D 8D 7D 9H")
    do(s, "sink point", "sink point", "declare sequence 3 king")
    elder = s.current_seat ^ 1
    policy, rng = heuristic("piquet"), random.Random(2)
    suits = set()
    for _ in range(20):
        w = s.sample_world(s.current_seat, rng)
        assert (3, 13) in combos.sequence_options(w.hands[elder])
        suits.update(c >> 4 for c in w.hands[elder] if c & 15 in (11, 12, 13))
        assert w.view(s.current_seat) == s.view(s.current_seat)
        while w.deal_no == 1 and not w.is_over:
            w.apply(w.current_seat, policy(w, w.current_seat, rng))
    assert len(suits) > 1        # a different suit may hold it in different worlds


def test_elder_knows_which_left_cards_younger_drew():
    s = G.new_state(2, {}, seed=21)
    s.apply(1, "discard " + " ".join(s.view(1)["hand"][:2]))   # leaves three
    seen = [int(PIQUET_32.parse_card(c)) for c in s.view(1)["talon_seen"]]
    s.apply(0, "discard " + " ".join(s.view(0)["hand"][:2]))   # draws the first two of them
    rng = random.Random(1)
    for _ in range(10):
        w = s.sample_world(1, rng)
        assert set(seen[:2]) <= set(w.hands[0]) and w.talon[0] == seen[2]


# --- play ------------------------------------------------------------------------------------

def test_lead_win_last_trick_and_the_cards():
    s = rubicon_after_exchange("AH KH QH AS KS QS AD KD QD 9C 8C 7C",
                               "JH 10H 9H JS 10S 9S JD 10D 9D AC KC QC")
    do(s, *["sink point", "sink point", "sink sequence", "sink sequence", "sink sets",
            "sink sets"])
    for card in "AH KH QH AS KS QS AD KD QD 9C".split():
        do(s, f"play {card}")
        do(s, str(s.legal_actions(0)[-1]))
    do(s, "play KC", "play 8C", "play QC", "play 7C")
    assert s.history[-1]["detail"] == [{"play": 4}, {"play": 10, "cards": 10}]
    assert s.history[-1]["points"] == [4, 20]
    assert "{p1} wins the cards with 9 tricks: +10." in texts(s)


def test_bad_play_is_refused_clearly():
    s = rubicon_after_exchange("AH KH QH AS KS QS AD KD QD 9C 8C 7C",
                               "JH 10H 9H JS 10S 9S JD 10D 9D AC KC QC")
    do(s, "sink point", "sink point")
    with pytest.raises(IllegalAction, match="You do not hold a quint to the king: your best "
                                            "sequence is a tierce major"):
        s.apply(1, "declare sequence 5 king")
    do(s, "sink sequence", "sink sequence", "sink sets", "sink sets", "play AH")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="You must follow suit: you hold a heart"):
        s.apply(0, "play AC")
    with pytest.raises(IllegalAction, match="You do not hold 8H"):
        s.apply(0, "play 8H")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "play KH")
    assert s.to_json() == before


def test_declaration_errors_leave_state_unchanged():
    s = rubicon_after_exchange(ELDER_SEQ, "QS JS 10S 9S AC KC 10C KD QD 8D AH 9H")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="You do not hold a point of six: your longest suit"):
        s.apply(1, "declare point 6")
    with pytest.raises(IllegalAction, match="declaring the point now"):
        s.apply(1, "declare sequence 4 king")
    with pytest.raises(IllegalAction, match="Nobody has declared a point yet"):
        s.apply(1, "good")
    with pytest.raises(IllegalAction, match="declaration like"):
        s.apply(1, "declare flush 5")
    assert s.to_json() == before
    do(s, "declare point 4")
    with pytest.raises(IllegalAction, match="answer 'good' or declare a better one"):
        s.apply(0, "sink point")
    assert str(s.legal_actions(0)[0]) == "good"


def test_capot_scores_forty_and_never_counts_towards_pique():
    s = rubicon_after_exchange("AC KC QC AD KD QD AH KH QH AS KS QS",
                               "JC 10C 9C JD 10D 9D JH 10H 9H JS 10S 9S")
    do(s, "declare point 3", "good", "declare sequence 3 ace", "good", "sink sets", "sink sets")
    assert s.deal_pts == [0, 3 + 12]
    play_out(s)
    assert s.history[-1]["detail"][1] == {"point": 3, "sequences": 12, "play": 13, "capot": 40}
    assert s.history[-1]["points"] == [0, 68]   # 28 before the capot: no pique
    assert "{p1} wins every trick: capot, +40." in texts(s)


# --- pique and repique -----------------------------------------------------------------------

def test_younger_repiques_and_elders_lead_never_blocks_it():
    s = rubicon_after_exchange("QC JC 10C 9C 8C 7C QD JD 10D QS JS 10S",
                               "AH KH QH JH 10H 9H AC AD AS KC KD KS")
    do(s, "declare point 6", "declare point 6", "declare sequence 6 queen",
       "declare sequence 6 ace", "declare set 3 queens", "declare set 4 aces")
    assert s.bonus == [0, "repique"]
    assert s.deal_pts == [6 + 16 + 28 + 60, 0]
    assert "{p0} repiques (50 before anything against): +60." in texts(s)
    do(s, "play QC")
    assert s.deal_pts[1] == 1 and s.bonus == [0, "repique"]


def test_twenty_nine_in_hand_is_no_repique_but_the_lead_makes_a_pique():
    s = rubicon_after_exchange("AH KH QH JH 10H AC KC 9C 8C 7C AD KD",
                               "9H 8H 7H QC JC 10C QD JD 10D 9D 8D 7D")
    do(s, "declare point 5", "good", "declare sequence 5 ace", "good",
       "declare set 3 aces", "good")
    assert s.deal_pts == [0, 29] and s.bonus is None
    do(s, "play AH")
    assert s.bonus == [1, "pique"] and s.deal_pts == [0, 29 + 1 + 30]


def test_equal_blocks_nothing():
    s = rubicon_after_exchange("AH KH QH JH 10H AC KC QC JC 10C AD KD",
                               "AS KS QS JS 10S 9H 8H 7H 9C 8C 7C QD")
    do(s, "declare point 5", "declare point 5")
    assert "{p0}: Fifty-one. Equal." in texts(s)
    do(s, "declare sequence 5 ace", "good")
    assert s.bonus == [1, "repique"] and s.deal_pts == [0, 30 + 60]


def test_opponents_earlier_score_blocks_repique():
    # Younger's point reckons before elder's sequences, so elder's 30 is no repique.
    s = rubicon_after_exchange("AH KH QH JH 10H AC KC QC JC 10C AD KD",
                               "AS KS QS JS 10S 9S 8H 7H 9C 8C 7C QD")
    do(s, "declare point 5", "declare point 6", "declare sequence 5 ace", "good")
    assert s.deal_pts == [6, 30] and s.bonus is None


# --- the partie ----------------------------------------------------------------------------------

def test_rubicon_partie_values():
    assert rubicon_partie(120, 99, 100) == 319
    assert rubicon_partie(120, 101, 100) == 119


def _play_randomly(s, rng, stop=lambda s: False):
    while not s.is_over and not stop(s):
        s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))


def test_partie_of_six_deals_alternating_dealer():
    s = G.new_state(2, {}, seed=12)
    _play_randomly(s, random.Random(5))
    r = s.result()
    assert [d["dealer"] for d in r["deals"]] == [0, 1, 0, 1, 0, 1]
    w, l = max(r["totals"]), min(r["totals"])
    assert r["partie"] == rubicon_partie(w, l, 100)
    win = r["totals"].index(w)
    assert r["scores"][win] == r["partie"] and r["scores"][1 - win] == -r["partie"]
    assert r["ranks"][win] == 1 and sum(d["points"][0] for d in r["deals"]) == r["totals"][0]


def _tie_last_deal(s, rng):
    """From the start of the last planned deal's play, replay it with totals adjusted so the
    deal ends in a tie; returns the state after that deal."""
    _play_randomly(s, rng, lambda s: s.deal_no == s.deals_planned and s.phase == "play")
    probe = G.state_from_json(s.to_json())
    moves = []
    deal = probe.deal_no
    while probe.deal_no == deal and not probe.is_over:
        a = probe.legal_actions(probe.current_seat)[0]
        moves.append(str(a))
        probe.apply(probe.current_seat, a)
    gap = probe.totals[1] - probe.totals[0]
    tied = G.state_from_json(s.to_json())
    tied.totals[0] += gap
    for m in moves:
        tied.apply(tied.current_seat, m)
    return tied


def test_tie_after_six_deals_means_one_more_deal_each_then_draw():
    s = _tie_last_deal(G.new_state(2, {}, seed=31), random.Random(2))
    assert not s.is_over and s.deal_no == 7 and s.deals_planned == 8
    assert "The scores are tied: one more deal each." in texts(s)
    s = _tie_last_deal(s, random.Random(3))
    assert s.is_over and s.result()["drawn"] and s.result()["scores"] == [0, 0]
    assert s.result()["ranks"] == [1, 1] and len(s.history) == 8
    assert "The partie is drawn." in texts(s)


def test_parse_forms_round_trip():
    for text, canon in [("declare seq 5 to the K", "declare sequence 5 king"),
                        ("DECLARE SET 4 ACES", "declare set 4 aces"),
                        ("call point 6", "declare point 6"),
                        ("sink set", "sink sets"), ("bid 8-", "bid -8"),
                        ("bid minus 9", "bid -9"), ("discard 9h 7c", "discard 7C 9H")]:
        a = G.parse_action(text)
        assert str(a) == canon and G.parse_action(str(a)) == a
    with pytest.raises(IllegalAction, match="cannot top a sequence"):
        G.parse_action("declare sequence 5 nine")
