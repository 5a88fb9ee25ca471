"""Pinkerton: the seed's examples and every rule, on stacked decks and built positions."""

from __future__ import annotations

import pytest

from games.pinkerton.beats import beat_size, pile_points, total
from rules import IllegalAction
from tests.playout import assert_conserved
from tests.test_pinkerton_helpers import GAME, C, arrange, cs, do, new, public_log, texts

# --- the seed's examples -------------------------------------------------------------


def test_seed_nine_of_spades_answers():
    s = new(2, {1: "10S AH QC JD 5H", 0: "2H 3H 4H 5D 6D"}, "9S")
    assert s.current_seat == 1 and s.pile == [C("9S")] and s.total == -9
    legal = texts(s)
    assert "beat 10S AH" in legal  # -10 + 1 = -9, exactly
    assert "beat QC JD" in legal   # -30 + 20 = -10
    assert "beat JD 5H" not in legal
    do(s, "beat QC JD")
    assert s.discard == cs("QC JD") and s.pile == [C("9S")]
    assert s.current_seat == 0


def test_seed_three_of_hearts_answers():
    s = new(3, {1: "10D JD 2C 3C 4C", 2: "KH QC 5C 6C 7C", 0: "AD 2H 8C 9C 10C"}, "3H")
    assert s.total == 3
    do(s, "beat JD 10D")   # 30
    do(s, "beat KH QC")    # 40 - 30 = 10
    assert "beat 2H AD" in texts(s)  # 1 + 2 = 3, equal is enough
    do(s, "beat 2H AD")
    assert s.phase == 2
    log = public_log(s)
    assert "{p1} beats the centre card (3) with JD 10D (30)." in log
    assert "{p2} beats the centre card (3) with KH QC (10)." in log


def phase_two(n_cards_top: str, second: str) -> object:
    """Two players, both beat the first centre card; the second card makes the pile."""
    return new(2, {1: "KS QS 2H 3H 4H", 0: "KC QC 2D 3D 4D"}, n_cards_top,
               {1: "KD QD 5H", 0: "JH JD 6H"}, second)


def test_seed_pile_ten_of_spades_and_king_of_hearts_is_30():
    s = phase_two("10S", "KH")
    do(s, "beat KS QS", "beat KC QC")
    assert s.phase == 2 and s.pile == cs("10S KH") and s.total == 30
    assert s.view(1)["pile_total"] is None
    s.ask_count(s.current_seat)
    assert s.view(0)["pile_total"] == 30
    assert "{p1} asks for the count: the pile stands at 30." in public_log(s)
    assert "beat KD QD" in texts(s) and "beat 5H 4H" not in texts(s)


def test_seed_pile_minus_eight_and_its_answers():
    s = new(2, {1: "KC 2D 3S 2S 4H", 0: "7S 8H 9H 10H AH"}, "5C",
            {1: "QS 10S JD", 0: "KS 2C 6D"}, "3C")
    do(s, "beat 3S 2S", "beat 7S AH")
    assert s.pile == cs("5C 3C") and s.total == -8
    legal = texts(s)
    for answer in ("beat QS 10S", "beat KC JD", "beat 10S 2D"):  # -40, -20, -8
        assert answer in legal
    assert "beat JD 2D" not in legal and "beat 10S 4H" not in legal
    assert total(cs("JD KC")) == -20 and total(cs("10S 2D")) == -8
    do(s, "beat 10S 2D")
    assert s.current_seat == 0 and s.discard[-2:] == cs("10S 2D")


def test_seed_pile_32_then_four_of_clubs_gives_28():
    s = new(2, {1: "KH KD 2S 3S 4S", 0: "QH QD 5S 6S 7S"}, "2H",
            {1: "KH KD 8S", 0: "QH JH 9S"}, "QD", {1: "AH 2C 3C", 0: "4C 5C 6C"})
    do(s, "beat KH KD", "beat QH QD")
    assert s.pile == cs("2H QD") and s.total == 32
    do(s, "beat KH KD", "beat QH JH")
    assert s.phase == 3 and s.opener == 0 and s.step == "open"  # no points: the dealer
    do(s, "add 4C")
    assert s.pile == cs("2H QD 4C") and s.total == 28
    s.ask_count(1)
    assert s.view(1)["pile_total"] == 28


def seed_minus_34():
    """The seed's pile QS, 5S, AD = -34; seat 1 has passed once (with 2H)."""
    s = new(2, {1: "2H 3H 4H 5H 6D", 0: "KC JC 7H 8H 9H"}, "QS",
            {1: "QC QS 7D", 0: "KS JS 10H"}, "5S",
            {1: "KC JS KS", 0: "AD 2C 3C"})
    do(s, "pass 2H", "beat KC JC")
    do(s, "beat QS QC", "beat KS JS")
    do(s, "add AD")
    assert s.pile == cs("QS 5S AD") and s.total == -34
    return s


def test_seed_pile_minus_34_answers_and_recovery():
    s = seed_minus_34()
    assert s.passes[1] == 1 and s.pass_cards[1] == [C("2H")]
    legal = texts(s)
    assert "beat KC JS" in legal            # -60
    assert "beat KS 6D" in legal            # -34, exact
    assert "beat KS 6D take 2H" in legal    # exact, so the pass may come back
    assert "beat KC JS take 2H" not in legal
    with pytest.raises(IllegalAction, match="exactly equal"):
        s.apply(1, "beat KC JS take 2H")
    do(s, "beat KS 6D take 2H")
    assert s.passes[1] == 0 and s.pass_cards[1] == [] and C("2H") in s.hands[1]
    assert s.step == "add" and s.current_seat == 1
    assert any("takes back a pass card" in t for t in public_log(s))
    assert not any("2H" in t for t in public_log(s)[-3:])  # which card stays private


def test_recovery_is_optional():
    s = seed_minus_34()
    do(s, "beat KS 6D")
    assert s.passes[1] == 1 and s.pass_cards[1] == [C("2H")]


def test_recovery_needs_one_of_your_pass_cards():
    s = seed_minus_34()
    with pytest.raises(IllegalAction, match="not one of your face-down pass cards"):
        s.apply(1, "beat KS 6D take 3H")


def test_pile_points():
    assert pile_points(7) == 7
    assert pile_points(23) == 43
    assert [pile_points(n) for n in (1, 9, 10, 19, 20, 30)] == [1, 9, 20, 29, 40, 60]


# --- beat size thresholds ---------------------------------------------------------------


@pytest.mark.parametrize("pile,k", [
    ("QH QD JH", 3), ("QS QC JS", 3),                       # exactly 80 / -80
    ("QH QD 10H 9H", 2), ("QS QC 10S 9S", 2),               # 79 / -79
    ("QH QD QH QD", 4), ("QS QC QS QC", 4),                 # 120 / -120
    ("QH QD QH 10D 10H 9H", 3), ("QS QC QS 10C 10S 9S", 3), # 119 / -119
])
def test_beat_size_thresholds(pile, k):
    s = arrange(GAME.new_state(3, seed=2), phase=3, pending=[1, 2, 0], pile=pile,
                hands={1: "KH KH KD KD JD KS KS KC KC JC", 2: "2C 3C 4C", 0: "2D 3D"})
    assert beat_size(s.total) == k and s.view(1)["k"] == k
    beats_ = [a for a in s.legal_actions(1) if a.kind == "beat"]
    assert beats_ and all(len(a.args) == k for a in beats_)
    wrong = "beat " + " ".join("KH KD KS KC".split()[: k - 1])
    with pytest.raises(IllegalAction, match=f"exactly {k} cards"):
        s.apply(1, wrong)


def test_k3_from_exactly_80_in_phase_two():
    s = new(2, {1: "QH QD 2S 3S 4S", 0: "QH QD 5S 6S 7S"}, "KH",
            {1: "JH 10H 5H", 0: "KH JD JH"}, "KD")
    do(s, "beat QH QD", "beat QH QD")
    assert s.total == 80 and s.view(1)["k"] == 3
    with pytest.raises(IllegalAction, match="exactly 3 cards"):
        s.apply(1, "beat JH 10H")
    with pytest.raises(IllegalAction, match="does not beat"):   # 35 < 80
        s.apply(1, "beat JH 10H 5H")
    assert texts(s)[0].startswith("pass")
    do(s, "pass 2S")
    assert texts(s)[0] == "beat KH JH JD"     # 40 + 20 + 20 = 80, exactly enough


# --- passing and being out ---------------------------------------------------------------


def test_cannot_pass_when_a_beat_exists():
    s = new(2, {1: "10S AH QC JD 5H", 0: "2H 3H 4H 5D 6D"}, "9S")
    assert not any(a.startswith("pass") for a in texts(s))
    with pytest.raises(IllegalAction, match="You can beat, so you may not pass."):
        s.apply(1, "pass 5H")


def test_forced_pass_lays_a_card_face_down_and_second_pass_eliminates():
    s = new(3, {1: "2H 3H 4H 5H 6H", 2: "KC QC 2D 3D 4D", 0: "QS JS 5D 6D 7D"}, "KS",
            {1: "7H 8H 9H", 2: "KC QC 8D", 0: "KS QS 9D"}, "10C",
            {2: "AD AH 2C", 0: "3C 4C 5C"})
    assert texts(s) == ["pass 2H", "pass 3H", "pass 4H", "pass 5H", "pass 6H"]
    with pytest.raises(IllegalAction, match="exactly one card"):
        s.apply(1, "pass")
    do(s, "pass 4H")
    assert s.passes[1] == 1 and s.pass_cards[1] == [C("4H")] and len(s.hands[1]) == 4
    assert s.view(2)["passes"][1] == 1 and "pass_cards" not in s.view(None)
    assert s.view(2)["pass_cards"] == [] and s.view(1)["pass_cards"] == ["4H"]
    mine = "You cannot beat, so you lay 4H face down and pass (1 of 2)."
    assert [e["text"] for e in s.view(1)["events"]][-2:] == [
        "{p1} cannot beat, lays a card face down and passes (1 of 2).", mine]
    assert mine not in [e["text"] for e in s.view(2)["events"]]
    do(s, "beat KC QC", "beat QS JS")
    assert s.phase == 2 and s.total == -50 and len(s.hands[1]) == 7
    do(s, "pass 9H")
    assert s.out[1] and s.passes[1] == 2
    assert any("out of this round" in t for t in public_log(s))
    do(s, "beat KC QC", "beat KS QS")
    assert s.phase == 3 and len(s.hands[1]) == 6   # no more cards for a player who is out
    assert s.pending[0] != 1 and 1 not in s.pending


def test_empty_hand_passes_without_a_card_and_it_counts():
    s = arrange(GAME.new_state(3, seed=3), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "", 2: "KH QH", 0: "2C"}, passes={1: 0})
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalAction, match="hand is empty"):
        s.apply(1, "pass 2C")
    do(s, "pass")
    assert s.passes[1] == 1 and s.pass_cards[1] == [] and s.current_seat == 2


def test_round_ends_in_phase_one_when_only_one_player_is_left():
    s = new(2, {1: "2H 3H 4H 5H 6H", 0: "KS QS 5D 6D 7D"}, "KC", options={"passes": 1})
    do(s, "pass 2H")
    assert s.scores == [1, 0]          # the one-card centre scores 1
    assert s.round_no == 2 and s.dealer == 1 and s.phase == 1
    assert s.current_seat == 0          # left of the new dealer
    assert "{p0} is the last player in and scores 1 for the 1-card pile (1 in all)." \
        in public_log(s)
    assert_conserved(s)


def test_round_ends_mid_cycle_the_moment_one_player_remains():
    s = arrange(GAME.new_state(3, seed=4), phase=3, pending=[1, 0], out=(2,),
                pile="KH KD 2C 3C 4C 5C 6C", hands={1: "2S 3S", 0: "KH QH JH"},
                pass_cards={1: "4S", 2: "4D 5D"}, passes={2: 2})
    assert s.total == 60
    do(s, "pass 2S")                    # seat 1 goes out; seat 0 never gets its turn
    assert s.scores == [7, 0, 0] and s.round_no == 2 and s.dealer == 1
    assert_conserved(s)


def test_nobody_can_be_left_out_all_at_once():
    # Only the player to move can go out, so a round always ends with one player in.
    import random
    for seed in range(8):
        s = GAME.new_state(2 + seed % 5, {"passes": 1}, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            before = s.round_no
            s.apply(s.current_seat, rng.choice(s.legal_actions(s.current_seat)))
            if s.round_no == before and not s.is_over:
                assert sum(not o for o in s.out) >= 2


# --- phase III: adding, face cards, zero, free passes ---------------------------------------


@pytest.mark.parametrize("pile,faces_ok", [
    ("AH AS JH", True), ("AH AS JS", True),        # exactly 20 / -20
    ("AH 10H 8H", False), ("AS 10S 8S", False),    # 19 / -19
    ("KH KS", False), ("5H 3S", False),            # 0, 2
])
def test_face_cards_only_from_twenty_either_way(pile, faces_ok):
    s = arrange(GAME.new_state(3, seed=5), phase=3, step="add", pending=[1, 2, 0],
                pile=pile, hands={1: "KD QC JD 5H", 2: "2C", 0: "3C"})
    legal = texts(s)
    for face in ("KD", "QC", "JD"):
        assert (f"add {face}" in legal) == faces_ok
    assert "add 5H" in legal
    if not faces_ok:
        with pytest.raises(IllegalAction, match="between -20 and 20"):
            s.apply(1, "add QC")
    else:
        do(s, "add QC")
        assert s.total == total(cs(pile)) - 30


def test_opener_with_only_faces_on_a_small_pile_passes_free():
    s = arrange(GAME.new_state(3, seed=6), phase=3, step="open", pending=[0, 1, 2],
                pile="5H 3S", hands={0: "KH QS JD", 1: "2C", 2: "3C"})
    assert texts(s) == ["pass"]
    do(s, "pass")
    assert s.passes[0] == 0 and s.pass_cards[0] == [] and len(s.hands[0]) == 3
    assert s.current_seat == 1


def test_free_pass_after_beating_with_no_card_to_add():
    s = arrange(GAME.new_state(3, seed=7), phase=3, pending=[1, 2, 0], pile="5H 4S",
                hands={1: "KH QH JC", 2: "2C 3C", 0: "4C"}, dealer=0)
    do(s, "beat KH QH")
    assert s.step == "add" and s.current_seat == 1
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalAction, match="just 'pass'"):
        s.apply(1, "pass JC")
    do(s, "pass")
    assert s.passes[1] == 0 and s.pass_cards[1] == [] and s.hands[1] == [C("JC")]
    assert s.current_seat == 2 and s.pile == cs("5H 4S")
    assert any("passes without penalty" in t for t in public_log(s))


def test_must_add_after_beating_when_a_card_may_be_added():
    s = arrange(GAME.new_state(3, seed=7), phase=3, pending=[1, 2, 0], pile="5H 4S",
                hands={1: "KH QH JC 2D", 2: "2C 3C", 0: "4C"})
    do(s, "beat KH QH")
    assert texts(s) == ["add 2D"]
    with pytest.raises(IllegalAction, match="may not pass"):
        s.apply(1, "pass")
    with pytest.raises(IllegalAction, match="already beaten"):
        s.apply(1, "beat JC 2D")
    do(s, "add 2D")
    assert s.total == 3 and s.current_seat == 2


def test_skip_the_beat_at_zero():
    s = arrange(GAME.new_state(3, seed=8), phase=3, pending=[1, 2, 0], pile="5H 5S",
                hands={1: "KS QS 3H", 2: "2C 3C", 0: "4C"})
    assert s.total == 0
    assert texts(s) == ["add 3H"]     # no beat: KS, QS and 3H sum below 0
    do(s, "add 3H")
    assert s.pile == cs("5H 5S 3H") and s.total == 3 and s.current_seat == 2
    assert any("skips the beat at 0" in t for t in public_log(s))


def test_zero_pile_skip_or_beat_and_when_passing_is_allowed():
    s = arrange(GAME.new_state(3, seed=8), phase=3, pending=[1, 2, 0], pile="5H 5S",
                hands={1: "KH QS 3H", 2: "2C 3C", 0: "4C"})
    legal = texts(s)
    assert "beat KH QS" in legal and "add 3H" in legal and "beat KH QS take 3H" not in legal
    with pytest.raises(IllegalAction, match="may not pass"):
        s.apply(1, "pass 3H")
    s = arrange(GAME.new_state(3, seed=8), phase=3, pending=[1, 2, 0], pile="5H 5S",
                hands={1: "KS QS", 2: "2C 3C", 0: "4C"})
    assert texts(s) == ["pass QS", "pass KS"]     # no beat, no card to add
    with pytest.raises(IllegalAction, match="Beat the pile first"):
        arrange(GAME.new_state(3, seed=8), phase=3, pending=[1, 2, 0], pile="5H 4S",
                hands={1: "KH QH 3H", 2: "2C", 0: "4C"}).apply(1, "add 3H")


def test_no_adding_before_phase_three():
    s = new(2, {1: "10S AH QC JD 5H", 0: "2H 3H 4H 5D 6D"}, "9S")
    with pytest.raises(IllegalAction, match="only in phase III"):
        s.apply(1, "add 5H")


# --- the opener --------------------------------------------------------------------------


def opener_after_phase_two(scores, dealer=0, out=()):
    s = GAME.new_state(4, {"passes": 1}, seed=9)
    last = (dealer) % 4
    while last in out:
        last = (last - 1) % 4
    return arrange(s, phase=2, pending=[last], pile="5H 3H", dealer=dealer, out=out,
                   hands={i: h for i, h in enumerate(("KH QH", "KD QD", "JH JD", "10H 10D"))},
                   scores=scores)


@pytest.mark.parametrize("scores,dealer,out,opener", [
    ([0, 0, 0, 0], 0, (), 0),        # nobody has points: the dealer
    ([0, 0, 0, 0], 2, (), 2),
    ([3, 9, 4, 0], 0, (), 1),        # most points
    ([9, 0, 0, 9], 1, (), 3),        # tie: first from the dealer clockwise (1, 2, 3, 0)
    ([9, 0, 0, 9], 0, (), 0),        # tie including the dealer: the dealer
    ([0, 0, 0, 0], 0, (0,), 1),      # the dealer is out: next from the dealer
    ([0, 0, 0, 0], 2, (2, 3), 0),    # RULINGS 6: dealer out, nobody has points: the first
                                     # player still in clockwise from the dealer
    ([0, 9, 0, 9], 0, (1,), 3),      # most points among players still in
])
def test_phase_three_opener(scores, dealer, out, opener):
    s = opener_after_phase_two(scores, dealer, out)
    beat = [a for a in s.legal_actions(s.current_seat) if a.kind == "beat"][0]
    s.apply(s.current_seat, beat)
    assert s.phase == 3 and s.opener == opener and s.current_seat == opener
    assert s.step == "open"
    assert f"{{p{opener}}} opens the bidding." in public_log(s)


def test_opener_adds_without_beating_and_play_goes_clockwise():
    s = opener_after_phase_two([0, 0, 0, 0], dealer=0)
    s.apply(0, "beat KH QH")
    assert s.step == "open" and not any(a.startswith("beat") for a in texts(s))
    add = [t for t in texts(s) if t.startswith("add")][0]
    do(s, add)
    assert s.current_seat == 1 and s.step == "turn" and s.pending == [1, 2, 3]


# --- cycles and deals ----------------------------------------------------------------------


@pytest.mark.parametrize("pile,dealt", [("KH 5D", 3), ("KH KD 5D", 4), ("KS KC QS QC", 5)])
def test_cycle_end_deals_k_plus_one(pile, dealt):
    s = arrange(GAME.new_state(3, seed=10), phase=3, pending=[2], pile=pile,
                hands={2: "2C 2S", 0: "3C", 1: "4C"}, passes={2: 0})
    k = beat_size(s.total)
    assert k + 1 == dealt
    sizes = [len(h) for h in s.hands]
    do(s, "pass 2S")                               # cannot beat: the cycle ends
    assert [len(h) for h in s.hands] == [sizes[0] + dealt, sizes[1] + dealt, sizes[2] - 1 + dealt]
    assert s.cycle == 2 and s.current_seat == 0 and s.pending == [0, 1, 2]
    assert f"Cycle 2: everyone still in gets {dealt} more cards." in public_log(s)


def test_next_cycle_starts_after_the_last_mover_and_skips_the_out():
    s = arrange(GAME.new_state(4, seed=10), phase=3, pending=[3], pile="KH 5D",
                hands={3: "2C 2S", 0: "3C", 1: "4C", 2: "5C"}, out=(0,), passes={0: 2})
    do(s, "pass 2S")
    assert s.pending == [1, 2, 3] and len(s.hands[0]) == 1


def test_deals_are_one_card_at_a_time_from_the_dealers_left():
    s = new(3, {1: "AH 2H 3H 4H 5H", 2: "AD 2D 3D 4D 5D", 0: "AC 2C 3C 4C 5C"}, "KS",
            dealer=0)
    assert s.hands[1] == sorted(cs("AH 2H 3H 4H 5H"))
    assert s.hands[2] == sorted(cs("AD 2D 3D 4D 5D"))
    assert s.hands[0] == sorted(cs("AC 2C 3C 4C 5C"))
    assert s.pile == [C("KS")] and len(s.stock) == 104 - 16


# --- the stock -------------------------------------------------------------------------------


def test_stock_runs_out_mid_deal_and_the_discard_is_reshuffled():
    s = arrange(GAME.new_state(3, seed=11), phase=3, pending=[2], pile="KH 5D",
                hands={2: "2C 2S", 0: "3C", 1: "4C"}, stock_top="6H 7H", stock_size=2)
    pile_before, passed = list(s.pile), C("2S")
    do(s, "pass 2S")
    assert "The stock is used up: the discard pile is shuffled into a new stock." \
        in public_log(s)
    assert s.discard == [] and s.pile == pile_before and passed in s.pass_cards[2]
    assert C("6H") in s.hands[1] and C("7H") in s.hands[2]   # the old stock went first
    assert all(len(h) >= 3 for h in s.hands)
    assert_conserved(s)


def test_reshuffle_follows_the_next_stacked_order():
    s = GAME.new_state(3, seed=12, deck=[[], ["AH", "AD", "AS"]])
    arrange(s, phase=3, pending=[2], pile="KH 5D", hands={2: "2C 2S", 0: "3C", 1: "4C"},
            stock_size=0, discard="AH AD AS 9C")
    do(s, "pass 2S")
    assert C("AH") in s.hands[1] and C("AD") in s.hands[2] and C("AS") in s.hands[0]
    assert s.stack == []


def test_fresh_deck_when_stock_and_discard_are_empty():
    s = arrange(GAME.new_state(3, seed=13), phase=3, pending=[1], pile="KH 5D",
                hands={1: "2C 2S", 0: "3C"}, out=(2,), passes={2: 2})
    # Everything else lies dead in the hand of seat 2, who is out.
    s.hands[2] = sorted(s.hands[2] + s.stock + s.discard)
    s.stock, s.discard = [], []
    do(s, "pass 2S")
    assert s.extra_decks == 1 and len(s._deck_cards()) == 156
    assert any("a fresh 52-card deck is shuffled in" in t for t in public_log(s))
    assert len(s.stock) == 52 - 6 and len(s.hands[0]) == 4
    assert_conserved(s)
    # The next round starts again from the two original decks.
    s.turns = 299
    while s.round_no == 1:
        do(s, texts(s)[0])
    assert s.extra_decks == 0 and len(s._deck_cards()) == 104
    assert_conserved(s)


# --- the count -----------------------------------------------------------------------------


def test_count_rules():
    s = phase_two("10S", "KH")
    assert s.view(1)["pile_total"] == -10 and not s.view(None)["count_askable"]
    with pytest.raises(IllegalAction, match="only one card"):   # phase I: value shown
        s.ask_count(1)
    do(s, "beat KS QS", "beat KC QC")
    assert s.view(None)["count_askable"]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="dealer may not ask for the count"):
        s.ask_count(0)
    for nobody in (-1, 2, None):
        with pytest.raises(IllegalAction, match="do not have a seat"):
            s.ask_count(nobody)
    assert s.to_json() == before
    with pytest.raises(IllegalAction, match="not a move"):
        s.apply(1, "count")
    assert "count" not in {a.kind for a in s.legal_actions(1)}


def test_count_asked_out_of_turn_is_shown_to_all_and_uses_no_turn():
    # RULINGS 6: any seated player but the dealer, at any moment, on their turn or not.
    s = arrange(GAME.new_state(3, seed=14), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "KD QD 3H", 2: "KD QD 2H", 0: "4C"})
    assert s.view(2)["pile_total"] is None
    legal, turns = texts(s), s.turns
    events = s.ask_count(2)                      # seat 2 asks while seat 1 is to play
    assert events[-1]["text"] == "{p2} asks for the count: the pile stands at 45."
    assert events[-1]["to"] is None
    assert s.current_seat == 1 and s.turns == turns and texts(s) == legal
    assert all(s.view(seat)["pile_total"] == 45 for seat in (None, 0, 1, 2))
    assert not s.view(None)["count_askable"]
    restored = GAME.state_from_json(s.to_json())
    assert restored.to_json() == s.to_json() and restored.view(2) == s.view(2)
    with pytest.raises(IllegalAction, match="already shown: 45"):
        s.ask_count(1)
    do(s, "beat KD QD")
    assert s.view(2)["pile_total"] == 45                 # beating leaves the pile alone
    do(s, "add 3H")
    assert s.view(2)["pile_total"] is None and s.view(None)["count_askable"]
    s.ask_count(1)                                       # out of turn again: seat 2 to play
    assert s.view(0)["pile_total"] == 48 and s.current_seat == 2


def test_show_total_option():
    s = arrange(GAME.new_state(3, {"show_total": True}, seed=14), phase=3,
                pending=[1, 2, 0], pile="KH 5D", hands={1: "KD QD 3H", 2: "2H", 0: "4C"})
    assert s.view(2)["pile_total"] == 45 and not s.view(None)["count_askable"]
    with pytest.raises(IllegalAction, match="already shown"):
        s.ask_count(2)
    do(s, "beat KD QD", "add 3H")
    assert s.view(0)["pile_total"] == 48
    assert "{p1} adds 3H to the pile: the pile stands at 48." in public_log(s)


def test_hidden_total_never_in_the_log():
    s = arrange(GAME.new_state(3, seed=14), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "KD QD 3H", 2: "2H", 0: "4C"})
    do(s, "beat KD QD", "add 3H")
    log = public_log(s)
    assert "{p1} beats the pile with KD QD (70)." in log
    assert "{p1} adds 3H to the pile." in log
    assert not any("45" in t or "48" in t for t in log)


# --- messages ---------------------------------------------------------------------------------


def test_failed_beat_messages():
    s = arrange(GAME.new_state(3, {"show_total": True}, seed=15), phase=3,
                pending=[1, 2, 0], pile="5H 7D", hands={1: "3H 2D KH", 2: "2C", 0: "4C"})
    with pytest.raises(IllegalAction) as e:
        s.apply(1, "beat 3H 2D")
    assert str(e.value) == "3H + 2D = 5 does not beat the pile (12): you need 12 or more."
    s = arrange(GAME.new_state(3, seed=15), phase=3, pending=[1, 2, 0], pile="5H 7D",
                hands={1: "3H 2D KH", 2: "2C", 0: "4C"})
    with pytest.raises(IllegalAction) as e:
        s.apply(1, "beat 3H 2D")
    assert "12" not in str(e.value) and "does not beat the pile" in str(e.value)
    assert "count" in str(e.value)
    with pytest.raises(IllegalAction, match="You do not hold QS"):
        s.apply(1, "beat KH QS")
    with pytest.raises(IllegalAction, match="You hold only one KH"):
        s.apply(1, "beat KH KH")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(2, "pass 2C")
    with pytest.raises(IllegalAction, match="not a card"):
        s.apply(1, "beat KH xx")


def test_bad_input_changes_nothing():
    s = seed_minus_34()
    before = s.to_json()
    for bad in ("beat KC", "beat KC JS take 2H", "pass 3H", "add KC", "count count",
                "beat KS 6D take 9D", "beat AD AD", "pass"):
        with pytest.raises(IllegalAction):
            s.apply(1, bad)
        assert s.to_json() == before


# --- rounds, scoring, game end ---------------------------------------------------------------


def test_scoring_and_dealer_rotation():
    s = arrange(GAME.new_state(2, seed=16), phase=3, pending=[1, 0],
                pile="KH 5D 2C 3C 4C 5C 6C", hands={1: "2S", 0: "KH QH JH"},
                pass_cards={1: "4S"})
    do(s, "pass 2S")
    assert s.scores == [7, 0] and s.round_no == 2 and s.dealer == 1
    assert s.current_seat == 0 and s.phase == 1 and s.pile and len(s.hands[0]) == 5
    assert s.passes == [0, 0] and s.out == [False, False] and s.turns == 0
    s = arrange(s, phase=3, pending=[0, 1], pile=" ".join(["2H"] * 2 + ["3H"] * 2 + ["4H"] * 2
                + ["5H"] * 2 + ["6H"] * 2 + ["7H"] * 2 + ["8H"] * 2 + ["9H"] * 2
                + ["10H"] * 2 + ["2D"] * 2 + ["3D"] * 2 + ["4D"]),
                hands={0: "2S", 1: "KD"}, pass_cards={0: "3S"})
    assert len(s.pile) == 23
    do(s, "pass 2S")
    assert s.scores == [7, 43] and s.round_no == 3 and s.dealer == 0
    assert s.current_seat == 1


def test_game_ends_at_the_target():
    s = arrange(GAME.new_state(3, {"target": 50}, seed=17), phase=3, pending=[1, 2],
                pile="KH 5D 2C 3C 4C 5C 6C", hands={1: "2S", 2: "KH QH JH"},
                pass_cards={1: "4S"}, out=(0,), passes={0: 2}, scores=[49, 40, 44])
    do(s, "pass 2S")
    assert s.is_over and s.current_seat is None and s.legal_actions(2) == []
    r = s.result()
    assert r["scores"] == [49, 40, 51] and r["winner"] == 2 and r["winners"] == [2]
    assert r["ranks"] == [2, 3, 1]
    assert "{p2} reaches the target of 50 with 51 points and wins the game." in public_log(s)


def test_below_target_play_goes_on():
    s = arrange(GAME.new_state(3, {"target": 50}, seed=17), phase=3, pending=[1, 2],
                pile="KH 5D", hands={1: "2S", 2: "KH QH JH"},
                pass_cards={1: "4S"}, out=(0,), passes={0: 2}, scores=[0, 0, 47])
    do(s, "pass 2S")
    assert not s.is_over and s.scores == [0, 0, 49] and s.round_no == 2


def test_safety_valve_at_300_turns():
    s = arrange(GAME.new_state(3, seed=18), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "KD QD 3H", 2: "2H", 0: "4C"}, scores=[5, 0, 0])
    s.turns = 298
    do(s, "beat KD QD", "add 3H")
    assert s.turns == 299 and s.round_no == 1
    do(s, "pass 2H")
    assert s.round_no == 2 and s.scores == [5, 0, 0] and s.dealer == 1
    assert "The round reaches 300 turns and is abandoned: no score." in public_log(s)
    assert s.rounds_unscored == 1 and not s.is_over


def test_count_is_not_a_turn():
    s = arrange(GAME.new_state(3, seed=18), phase=3, pending=[1, 2, 0], pile="KH 5D",
                hands={1: "KD QD 3H", 2: "2H", 0: "4C"})
    s.ask_count(2)
    assert s.turns == 0 and s.current_seat == 1


# --- views and hidden information --------------------------------------------------------------


def test_views_show_only_what_a_seat_may_see():
    s = seed_minus_34()
    v1, v0, spectator = s.view(1), s.view(0), s.view(None)
    assert v1["pass_cards"] == ["2H"] and v0["pass_cards"] == []
    assert "hand" not in spectator and "pass_cards" not in spectator
    assert v0["hand_sizes"] == [len(s.hands[0]), len(s.hands[1])]
    assert v0["passes"] == [0, 1] and v0["pile"] == ["QS", "5S", "AD"]
    assert v0["discard"] == ["KC", "JC", "QS", "QC", "KS", "JS"]
    assert v0["phase"] == "phase III (bidding)" and v0["dealer"] == 0 and v0["opener"] == 0
    text = str(v0)
    assert "stack" not in v0 and "seed" not in text


def test_sample_world_keeps_public_cards_and_own_hand():
    import random
    s = seed_minus_34()
    rng = random.Random(1)
    for seat in (0, 1):
        w = s.sample_world(seat, rng)
        assert w.view(seat) == s.view(seat)
        assert w.pile == s.pile and w.discard == s.discard
        assert w.hands[seat] == s.hands[seat] and w.pass_cards[seat] == s.pass_cards[seat]
        assert_conserved(w)


def test_action_forms_offer_a_multi_select_for_beats():
    s = seed_minus_34()
    forms = s.action_forms(1)
    beat = forms[0]
    assert beat["kind"] == "beat" and beat["min"] == beat["max"] == 2
    assert set(beat["cards"]) == set(s.view(1)["hand"]) and beat["take"] == ["2H"]
    assert {"kind": "beat", "choices": ["beat KS 6D take 2H", "beat KC 6D take 2H"]} in forms
    assert "count" not in {f["kind"] for f in forms}
    do(s, "beat KS 6D")
    assert {f["kind"] for f in s.action_forms(1)} == {"add"}


def test_parse_normalises_card_order():
    assert GAME.parse_action("beat qd kh") == GAME.parse_action("BEAT KH QD")
    assert str(GAME.parse_action("b 6d ks take 2h")) == "beat KS 6D take 2H"
    assert str(GAME.parse_action("beat K♠ 6♦ take 2♥")) == "beat KS 6D take 2H"
    assert str(GAME.parse_action("p")) == "pass"
    with pytest.raises(IllegalAction, match="not a card"):
        GAME.parse_action("pass take")


def test_hand_built_bad_actions_are_refused_cleanly():
    from rules.actions import Action
    from rules.cards import CARD
    s = seed_minus_34()
    before = s.to_json()
    for bad in (Action("add", ()), Action("beat", ("take",)), Action("pass", (1, 2)),
                Action("beat", (CARD[C("KS")], CARD[C("6D")], "take")),
                Action("count", (CARD[C("KS")],)), Action("beat", (999, 998)),
                Action("add", ("x",)), Action("play", ())):
        assert not s.is_legal(1, bad)
        with pytest.raises(IllegalAction):
            s.apply(1, bad)
        assert s.to_json() == before
