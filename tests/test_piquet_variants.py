"""Piquet variants: au cent, normand, à quatre and auction (stacked decks and full games)."""

from __future__ import annotations

import json
import random

import pytest

from games.piquet.scoring import au_cent_result, contract_points
from rules import IllegalAction
from tests.test_piquet_helpers import G, cards, deal_order, do, play_out, rubicon_after_exchange
from tests.test_piquet_helpers import texts as log_of

ELDER_29 = "AH KH QH JH 10H AC KC 9C 8C 7C AD KD"      # point 5 + quint, tierce + two trios
YOUNGER_29 = "9H 8H 7H QC JC 10C QD JD 10D 9D 8D 7D"


def with_totals(state, totals):
    data = json.loads(state.to_json())
    data["state"]["totals"] = totals
    return G.state_from_json(json.dumps(data))


def play_randomly(s, seed):
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))


# --- au cent ------------------------------------------------------------------------------

@pytest.mark.parametrize("younger_total,expected", [(0, 2 * 103), (60, 103 - 60)])
def test_au_cent_stops_the_moment_100_is_reached(younger_total, expected):
    s = rubicon_after_exchange(ELDER_29, YOUNGER_29, variant="au_cent")
    s = with_totals(s, [younger_total, 80])
    do(s, "declare point 5", "good", "declare sequence 5 ace", "good")
    assert s.is_over and s.current_seat is None and s.totals == [younger_total, 103]
    assert "{p1} reaches 103: play stops at once." in log_of(s)
    assert s.result()["scores"] == [-expected, expected]     # sets never declared
    assert au_cent_result(103, 49) == 108 and au_cent_result(103, 50) == 53


def test_au_cent_can_stop_mid_trick_on_the_lead():
    s = rubicon_after_exchange(ELDER_29, YOUNGER_29, variant="au_cent")
    s = with_totals(s, [0, 40])
    do(s, "declare point 5", "good", "declare sequence 5 ace", "good",
       "declare set 3 aces", "good")
    assert s.totals == [0, 69] and not s.is_over
    s = with_totals(s, [0, 99 - 30])          # the pique comes with the lead point
    do(s, "play AH")
    assert s.is_over and len(s.trick) == 1 and s.totals == [0, 100]


def test_au_cent_full_game_ends_at_100():
    s = G.new_state(2, {"variant": "au_cent"}, seed=17)
    play_randomly(s, 4)
    r = s.result()
    assert max(r["totals"]) >= 100
    w, l = max(r["totals"]), min(r["totals"])
    assert sorted(r["scores"]) == [-au_cent_result(w, l), au_cent_result(w, l)]


# --- normand --------------------------------------------------------------------------------

def normand_deck():
    elder = cards("AC KC QC JC 10C AD KD QD JD 10D")
    second = cards("9C 8C 7C 9D 8D 7D AH KH QH JH")
    dealer = cards("10H 9H 8H 7H AS KS QS JS 10S 9S")
    return deal_order([elder, second, dealer], cards("8S 7S"))


def test_normand_only_the_dealer_exchanges():
    s = G.new_state(3, {"variant": "normand"}, seed=4)
    assert s.phase == "exchange" and s.current_seat == 0
    assert [len(h) for h in s.hands] == [10, 10, 10] and len(s.talon) == 2
    forms = s.action_forms(0)
    assert forms == [{"kind": "discard", "cards": s.view(0)["hand"], "min": 1, "max": 2},
                     {"kind": "keep", "choices": ["keep"]}]
    with pytest.raises(IllegalAction, match="between 1 and 2 cards"):
        s.apply(0, "discard " + " ".join(s.view(0)["hand"][:3]))
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "keep")
    s.apply(0, "discard " + s.view(0)["hand"][0])
    assert s.phase == "declare" and s.current_seat == 1
    assert len(s.view(0)["talon"]) == 1 and s.view(1)["talon"] is None
    assert s.view(2)["talon_seen"] == [] and s.view(2)["discards"] == []


def test_normand_twenty_counts_as_ninety_and_all_tricks_score_twenty():
    s = G.new_state(3, {"variant": "normand", "target": 30}, seed=2, deck=normand_deck())
    do(s, "keep", "declare point 5", "good", "good", "declare sequence 5 ace", "good", "good")
    assert s.bonus == [1, "repique"] and s.deal_pts == [0, 5 + 30 + 70, 0]
    do(s, "sink sets", "sink sets", "sink sets")
    play_out(s)
    detail = s.history[-1]["detail"][1]
    assert detail == {"point": 5, "sequences": 30, "repique": 70, "play": 11, "capot": 20}
    assert s.is_over and s.result()["scores"] == [0, 136, 0]   # target 30 reached
    assert s.result()["ranks"] == [2, 1, 2]


def test_normand_repique_is_said_against_both_others_in_every_language():
    # Two others have scored nothing: Polish and Russian do not say "the opponent".
    from bot.i18n import lang_for
    from bot.present.messages import plain
    s = G.new_state(3, {"variant": "normand", "target": 30}, seed=2, deck=normand_deck())
    do(s, "keep", "declare point 5", "good", "good", "declare sequence 5 ace", "good", "good")
    said = next(e["text"] for e in s.view(None)["events"] if "repiques" in e["text"])
    names = ["Ada", "Bo", "Cy"]
    assert plain(said, lang_for("en"), names) == \
        "Bo repiques (35 before anything against): +70."
    assert plain(said, lang_for("pl"), names) == \
        "Bo: repique (35, zanim ktokolwiek inny coś zdobył): +70."
    assert plain(said, lang_for("ru"), names) == \
        "Bo: репик (35, пока другие ничего не набрали): +70."


def test_normand_declarations_compare_among_three():
    s = G.new_state(3, {"variant": "normand"}, seed=2, deck=normand_deck())
    do(s, "keep", "declare point 5", "good", "declare point 6")
    assert s.deal_pts == [6, 0, 0] and "{p0}: Not good. Point of six." in log_of(s)


def test_normand_most_tricks_strictly_and_target():
    s = G.new_state(3, {"variant": "normand"}, seed=9)
    play_randomly(s, 6)
    assert max(s.totals) >= 100 and max(sum(d["points"][i] for d in s.history[:-1])
                                        for i in range(3)) < 100
    for d in s.history:
        top = max(d["tricks"])
        leaders = [i for i, t in enumerate(d["tricks"]) if t == top]
        bonus = [det.get("cards", 0) + det.get("capot", 0) for det in d["detail"]]
        if len(leaders) > 1:
            assert bonus == [0, 0, 0]
        else:
            won = bonus[leaders[0]]
            assert won == (20 if top == 10 else 10) and sum(bonus) == won


# --- à quatre -------------------------------------------------------------------------------

def quatre_deck():
    hands = [cards("AH KH QH 9H 7C 8C 7D 8D"),      # seat 1 (elder)
             cards("JH 10H 8H 7H AC KC QC JC"),     # seat 2
             cards("AS KS QS 9S 9C 10C 9D 10D"),    # seat 3
             cards("JS 10S 8S 7S AD KD QD JD")]     # seat 0 (dealer)
    return deal_order(hands)


def test_a_quatre_partner_may_only_improve_and_partner_sequences_count():
    s = G.new_state(4, {"variant": "a_quatre"}, seed=1, deck=quatre_deck())
    assert s.phase == "declare" and [len(h) for h in s.hands] == [8] * 4 and s.talon == []
    do(s, "declare point 4", "good", "declare point 4", "good")
    assert "{p3}: Forty, no better than my partner's: it does not count." in log_of(s)
    assert s.deal_pts == [0, 4]
    do(s, "declare sequence 3 ace", "good", "good", "good")
    assert s.deal_pts == [0, 4 + 3 + 3]
    assert [r["seat"] for r in s.shown] == [1, 1, 3]


def test_a_quatre_partie_for_sides():
    s = G.new_state(4, {"variant": "a_quatre"}, seed=5)
    play_randomly(s, 8)
    r = s.result()
    assert r["teams"] == [[0, 2], [1, 3]] and len(r["deals"]) in (4, 8)
    assert r["scores"][0] == r["scores"][2] and r["scores"][1] == r["scores"][3]
    for d in r["deals"]:
        sides = [d["tricks"][0] + d["tricks"][2], d["tricks"][1] + d["tricks"][3]]
        for side in (0, 1):
            bonus = d["detail"][side].get("cards", 0) + d["detail"][side].get("capot", 0)
            assert bonus == (40 if sides[side] == 8 else 10 if sides[side] >= 5 else 0)


# --- auction ----------------------------------------------------------------------------------

def test_auction_bidding_order_double_and_redouble():
    s = G.new_state(2, {"variant": "auction"}, seed=3)
    assert s.phase == "bid" and s.current_seat == 1 and len(s.talon) == 8
    assert [str(a) for a in s.legal_actions(1)][:3] == ["pass", "bid 7", "bid -7"]
    do(s, "bid 8")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="higher than the last .8.; the lowest you can "
                                            "make is 'bid -8'"):
        s.apply(0, "bid 8")
    with pytest.raises(IllegalAction, match="redouble when your own bid"):
        s.apply(0, "redouble")
    with pytest.raises(IllegalAction, match="from 7 to 12"):
        s.apply(0, "bid 13")
    assert s.to_json() == before
    do(s, "double")
    assert [str(a) for a in s.legal_actions(1)][:2] == ["pass", "redouble"]
    do(s, "redouble", "pass")
    assert s.contract == {"seat": 1, "n": 8, "negative": False, "mult": 4}
    assert s.phase == "declare"


def test_auction_both_pass_redeal_by_same_dealer():
    s = G.new_state(2, {"variant": "auction"}, seed=3)
    hands = [h[:] for h in s.hands]
    do(s, "pass", "pass")
    assert "Both pass: {p0} deals again." in log_of(s)
    assert s.deal_no == 1 and s.dealer == 0 and s.phase == "bid" and s.hands != hands


def test_auction_contract_points():
    assert contract_points(8, False, 1, 10) == (20, 0)
    assert contract_points(8, False, 2, 6) == (0, 40)
    assert contract_points(8, True, 1, 2) == (20, 0)     # at most 4: two under
    assert contract_points(8, True, 4, 5) == (0, 40)
    assert contract_points(8, False, 1, 8) == (0, 0)


@pytest.mark.parametrize("bid", ["bid 7", "bid -7"])
def test_auction_pique_and_repique_thresholds(bid):
    deck = deal_order([cards(ELDER_29), cards(YOUNGER_29)])
    s = G.new_state(2, {"variant": "auction"}, seed=1, deck=deck)
    do(s, bid, "pass", "declare point 5", "good", "declare sequence 5 ace", "good",
       "declare set 3 aces", "good")
    if bid == "bid 7":     # plus contract: repique needs 30, pique 29
        assert s.bonus is None and s.deal_pts == [0, 29]
        do(s, "play AH", "play 9H")
        assert s.bonus == [1, "pique"] and s.deal_pts == [0, 29 + 1 + 30]
    else:                  # minus contract: 21 for either
        assert s.bonus == [1, "repique"] and s.deal_pts == [0, 29 + 60]


def test_auction_deal_scores_tricks_and_contract_only():
    s = G.new_state(2, {"variant": "auction"}, seed=14)
    do(s, "bid 7", "pass")
    while s.phase == "declare":
        s.apply(s.current_seat, s.legal_actions(s.current_seat)[-1])   # sink or best claim
    play_out(s)
    d = s.history[-1]
    for side in (0, 1):
        assert d["detail"][side].get("play", 0) == d["tricks"][side]
        assert "cards" not in d["detail"][side] and "capot" not in d["detail"][side]
    mine, theirs = contract_points(7, False, 1, d["tricks"][1])
    assert d["detail"][1].get("contract", 0) == mine and d["detail"][0].get("contract", 0) == theirs


def test_auction_partie_rubicon_150():
    s = G.new_state(2, {"variant": "auction"}, seed=2)
    play_randomly(s, 3)
    r = s.result()
    w, l = max(r["totals"]), min(r["totals"])
    assert r["partie"] == (w - l + 150 if l >= 150 else w + l + 150)


def test_au_cent_deal_stopped_at_100_is_in_the_breakdown():
    # RULINGS 6: the deal in progress when play stops is listed, and the deals add up.
    s = rubicon_after_exchange(ELDER_29, YOUNGER_29, variant="au_cent")
    s = with_totals(s, [0, 99 - 30])
    do(s, "declare point 5", "good", "declare sequence 5 ace", "good",
       "declare set 3 aces", "good", "play AH")
    r = s.result()
    last = r["deals"][-1]
    assert last["deal"] == 1 and last["stopped"] and last["points"] == s.deal_pts
    assert last["points"] == [0, 60]  # 29 declared, then the lead point and the pique (30)
    for seed in range(5):
        g = G.new_state(2, {"variant": "au_cent"}, seed=seed)
        play_randomly(g, seed)
        deals = g.result()["deals"]
        assert [sum(d["points"][i] for d in deals) for i in range(2)] == g.result()["totals"]
        assert deals[-1]["stopped"] and all("stopped" not in d for d in deals[:-1])


@pytest.mark.parametrize("variant,moves", [
    ("rubicon", "'discard', 'keep', 'declare', 'sink', 'good', 'play'"),
    ("au_cent", "'discard', 'keep', 'declare', 'sink', 'good', 'play'"),
    ("normand", "'discard', 'keep', 'declare', 'sink', 'good', 'play'"),
    ("a_quatre", "'declare', 'sink', 'good', 'play'"),
    ("auction", "'declare', 'sink', 'good', 'play', 'bid', 'pass', 'double', 'redouble'")])
def test_unknown_move_lists_only_this_variants_moves(variant, moves):
    s = G.new_state(G.player_counts({"variant": variant})[0], {"variant": variant}, seed=2)
    for text in ("dance", "bid 7" if variant != "auction" else "keep"):
        with pytest.raises(IllegalAction) as e:
            s.apply(s.current_seat, text)
        assert str(e.value) == f"Unknown move '{text.split()[0]}'. Moves here: {moves}."


# --- RULINGS 6: carte blanche as dealt in normand and à quatre; à quatre's tie rule ------------

def test_normand_carte_blanche_of_ten_as_dealt_counts_first():
    elder = cards("AC 10C 9C 8C 7C AD 10D 9D 8D 7D")          # no king, queen or jack
    second = cards("KC QC JC KD QD JD AH KH QH JH")
    dealer = cards("10H 9H 8H 7H AS KS QS JS 10S 9S")
    s = G.new_state(3, {"variant": "normand"}, seed=4,
                    deck=deal_order([elder, second, dealer], cards("8S 7S")))
    assert "{p1} holds carte blanche (no king, queen or jack): 10 points." in log_of(s)
    do(s, "keep")                                           # only the dealer exchanges
    assert s.phase == "declare"
    do(s, "sink point")                                     # the blanche is reckoned first
    assert s.detail[1]["carte blanche"] == 10 and s.deal_pts[1] == 10


def test_a_quatre_carte_blanche_of_eight_as_dealt():
    hands = [cards("AH 10H 9H 7H 7C 8C 7D 8D"),     # seat 1 (elder): no face card
             cards("JH KH 8H QH AC KC QC JC"),      # seat 2
             cards("AS KS QS 9S 9C 10C 9D 10D"),    # seat 3
             cards("JS 10S 8S 7S AD KD QD JD")]     # seat 0 (dealer)
    s = G.new_state(4, {"variant": "a_quatre"}, seed=1, deck=deal_order(hands))
    assert "{p1} holds carte blanche (no king, queen or jack): 10 points." in log_of(s)
    assert s.phase == "declare"                              # no exchange in à quatre
    do(s, "sink point")
    assert s.detail[1]["carte blanche"] == 10 and s.deal_pts[1] == 10


def test_a_quatre_four_deals_then_one_more_round_on_a_tie_then_drawn():
    s = G.new_state(4, {"variant": "a_quatre"}, seed=5)
    rng = random.Random(3)

    def to_last_deal_play(state):
        while not (state.deal_no == state.deals_planned and state.phase == "play"):
            state.apply(state.current_seat, rng.choice(state.legal_actions(state.current_seat)))

    def tie_the_deal(state):
        """Play the deal out twice: first to learn the gap, then with totals evened."""
        probe = G.state_from_json(state.to_json())
        moves, deal = [], probe.deal_no
        while probe.deal_no == deal and not probe.is_over:
            a = probe.legal_actions(probe.current_seat)[0]
            moves.append(str(a))
            probe.apply(probe.current_seat, a)
        tied = with_totals(state, [state.totals[0] + probe.totals[1] - probe.totals[0],
                                   state.totals[1]])
        for m in moves:
            tied.apply(tied.current_seat, m)
        return tied

    to_last_deal_play(s)
    assert s.deal_no == 4 and s.deals_planned == 4
    s = tie_the_deal(s)
    assert not s.is_over and s.deal_no == 5 and s.deals_planned == 8
    assert "The scores are tied: one more deal each." in log_of(s)
    to_last_deal_play(s)
    s = tie_the_deal(s)
    r = s.result()
    assert s.is_over and r["drawn"] and r["scores"] == [0, 0, 0, 0] and r["ranks"] == [1] * 4
