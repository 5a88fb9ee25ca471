"""Thirteens: stacked-deck tests for every rule of RULINGS section 3."""

from __future__ import annotations

import random

import pytest

import rules
from games.thirteens.engine import hand_size, thirteens_winner
from games.thirteens.scoring import best_combos, describe, trick_points
from rules import IllegalAction
from rules.cards import FRENCH_54
from rules.messages import Msg, said
from tests.playout import assert_conserved

GAME = rules.get_game("thirteens")
ALL = [str(c) for c in FRENCH_54.cards]  # clubs 2..A, diamonds, hearts, spades, X1, X2


def C(text: str) -> int:
    return int(FRENCH_54.parse_card(text))


def deck_for(n: int, hands: dict[int, list[str]], turned: str | None = None,
             undealt: tuple[str, ...] = (), dealer: int = 0,
             void: dict[int, str] | None = None) -> list[str]:
    """A full deck order dealing ``hands`` (padded from the unused cards, lowest clubs
    first, skipping suits in ``void[seat]`` and, if possible, jokers), turning ``turned``."""
    k = hand_size(n)
    void = void or {}
    used = {c for h in hands.values() for c in h} | set(undealt) | ({turned} if turned else set())
    pool = [c for c in ALL if c not in used]
    full: dict[int, list[str]] = {}
    for seat in range(n):
        h = list(hands.get(seat, []))
        assert len(h) <= k
        for jokers_too in (False, True):  # jokers only when nothing else is left
            for c in list(pool):
                if len(h) < k and (jokers_too or c[0] != "X") and \
                        c[-1] not in void.get(seat, ""):
                    h.append(c)
                    pool.remove(c)
        assert len(h) == k, f"could not pad seat {seat}"
        full[seat] = h
    first = (dealer + 1) % n
    order = [full[(first + j) % n][i] for i in range(k) for j in range(n)]
    rest = ([turned] if turned else []) + list(undealt)
    rest += [c for c in pool if c not in rest]
    return order + rest


def new(n: int, hands: dict[int, list[str]], turned: str | None = "2S", options=None,
        **kw) -> rules.State:
    return GAME.new_state(n, options, seed=1, deck=deck_for(n, hands, turned, **kw))


def play(state, *cards: str) -> None:
    for c in cards:
        state.apply(state.current_seat, f"play {c}")


def legal(state) -> set[str]:
    return {str(a.args[0]) for a in state.legal_actions(state.current_seat)}


def first_legal(state) -> None:
    state.apply(state.current_seat, state.legal_actions(state.current_seat)[0])


# --- the deal --------------------------------------------------------------------

@pytest.mark.parametrize("n,size,left", [(3, 17, 3), (4, 13, 2), (5, 10, 4), (6, 8, 6)])
def test_deal_sizes(n, size, left):
    order = ALL[:]
    random.Random(n).shuffle(order)
    state = GAME.new_state(n, seed=2, deck=order)
    view = state.view(None)
    assert view["hand_sizes"] == [size] * n
    assert size * n + left == 54
    # The top card of the rest is turned; the others stay face down.
    assert view["trump_card"] == order[n * size]
    assert view["undealt"] == left - 1
    # Dealt singly from the dealer's (seat 0's) left: seat 1 gets the top card.
    assert C(order[0]) in state.hands[1] and C(order[n - 1]) in state.hands[0]
    assert view["dealer"] == 0 and state.current_seat == 1
    assert_conserved(state)


def test_turned_card_sets_trumps():
    state = new(4, {}, turned="7H")
    v = state.view(2)
    assert v["trump_card"] == "7H" and v["trump"] == "H"
    assert C("7H") not in [c for h in state.hands for c in h]
    assert "hearts are trumps" in said(state.log[-1])


def test_turned_joker_means_no_trumps():
    # Seat 1 leads a club; seat 2 (void in clubs) plays a high spade: with no trumps it
    # cannot win, the highest club does.
    state = new(3, {1: ["5C"], 2: ["AS"], 0: ["9C"]}, turned="X2", void={2: "C"})
    assert state.view(0)["trump"] is None and state.view(0)["trump_card"] == "X2"
    assert "no trumps" in said(state.log[-1])
    play(state, "5C", "AS", "9C")
    assert state.tricks == [1, 0, 0]


def test_undealt_cards_hidden_turned_card_public():
    state = new(5, {}, turned="QD", undealt=("3H", "4H", "5H"))
    for seat in (None, 0, 3):
        text = str(state.view(seat))
        assert "QD" in text and "'3H'" not in text and "'4H'" not in text
    rng = random.Random(4)
    piles = set()
    for _ in range(10):
        world = state.sample_world(2, rng)
        assert world.turned == C("QD") and world.view(2) == state.view(2)
        piles.add(tuple(world.undealt))
    assert len(piles) > 1, "the face-down undealt cards should be resampled"


# --- play ----------------------------------------------------------------------------

def test_must_follow_suit_with_clear_error():
    state = new(6, {1: ["KH"], 2: ["3H", "9S", "X1"]}, turned="2S")
    play(state, "KH")
    assert legal(state) == {"3H"}
    before = state.to_json()
    with pytest.raises(IllegalAction, match="must follow suit: you hold a heart"):
        state.apply(2, "play 9S")
    with pytest.raises(IllegalAction, match="joker may be played only when"):
        state.apply(2, "play X1")
    with pytest.raises(IllegalAction, match="do not hold AD"):
        state.apply(2, "play AD")
    assert state.to_json() == before


def test_joker_when_void_or_leading():
    state = new(6, {1: ["X1", "KH"], 2: ["3C", "X2"]}, turned="2S", void={2: "H"})
    assert {"X1", "KH"} <= legal(state)  # leading: anything, a joker too
    play(state, "KH")
    assert "X2" in legal(state) and "3C" in legal(state)  # void in hearts: any card
    play(state, "X2")
    assert 2 in state.voids[2]  # playing the joker showed the heart void


def test_joker_led_first_plain_card_sets_suit():
    hands = {1: ["X1"], 2: ["X2", "4C"], 3: ["5D", "AC"], 4: ["9D", "KS"], 5: ["QS"],
             0: ["2H"]}
    state = new(6, hands, turned="8H", void={5: "D", 0: "D"})
    play(state, "X1")
    assert "X2" in legal(state) and "4C" in legal(state)  # no suit yet: anything goes
    play(state, "X2")
    assert "AC" in legal(state)  # still no suit
    play(state, "5D")
    assert legal(state) == {"9D"}  # diamonds now led
    play(state, "9D", "QS", "2H")  # 2H is a trump, but jokers cancel trumps
    assert state.tricks[4] == 1
    assert state.hand_points[4] == 1 - 8
    assert "jokers -8 = -7" in said(state.log[-1])


def test_trump_beats_led_suit():
    state = new(6, {1: ["AS"], 2: ["KS"], 3: ["2H"], 4: ["3S"], 5: ["4S"], 0: ["5S"]},
                turned="9H", void={3: "S"})
    play(state, "AS", "KS", "2H", "3S", "4S", "5S")
    assert state.tricks[3] == 1 and state.current_seat == 3


def test_joker_cancels_trumps():
    state = new(6, {1: ["AS"], 2: ["KS"], 3: ["2H"], 4: ["X1"], 5: ["4S"], 0: ["5S"]},
                turned="9H", void={3: "S", 4: "S"})
    play(state, "AS", "KS", "2H", "X1", "4S", "5S")
    assert state.tricks[1] == 1 and state.current_seat == 1
    assert "joker -4" in said(state.log[-1])


def test_trumps_led_with_joker_are_the_led_suit():
    state = new(6, {1: ["3H"], 2: ["AH"], 3: ["X1"], 4: ["AS"], 5: ["4H"], 0: ["5H"]},
                turned="9H", void={3: "H", 4: "H"})
    play(state, "3H", "AH", "X1", "AS", "4H", "5H")
    assert state.tricks[2] == 1


def test_winner_of_a_trick_without_led_suit_is_its_leader():
    # Impossible with 3+ players and two jokers, but the rule is defined.
    assert thirteens_winner([[4, C("X1")], [5, C("X2")]], trump=2) == 4


def test_deal_passes_left_and_left_of_dealer_leads():
    state = GAME.new_state(3, {"target": 200}, seed=5)
    assert state.dealer == 0 and state.current_seat == 1
    while state.hand_no == 1:
        first_legal(state)
    assert state.dealer == 1 and state.current_seat == 2 and state.leader == 2
    while state.hand_no == 2:
        first_legal(state)
    assert state.dealer == 2 and state.current_seat == 0


# --- scoring -----------------------------------------------------------------------

def ranks(*texts: str) -> tuple[int, ...]:
    return tuple(sorted(C(t) & 15 for t in texts))


def test_two_thirteens_in_one_trick():
    points, combos, jokers = trick_points([C(c) for c in "KH QS 6D 10C 3D".split()], 3)
    assert points == 3 + 3 + 1 and jokers == 0
    assert sorted(k for k, _ in combos) == ["thirteen", "thirteen"]


def test_thirteen_of_many_cards_beats_a_run():
    # A 2 3 7 count 1+2+3+7 = 13: one thirteen (+3) beats the run A-2-3 (+1).
    assert best_combos(ranks("AC", "2D", "3H", "7S"), 3) == (3, (("thirteen", (2, 3, 7, 14)),))


def test_best_partition_not_greedy():
    # K Q 6 7 7: thirteen K Q 6 and a pair of 7s (4) - not thirteen 7 6 alone (3).
    value, combos = best_combos(ranks("KC", "QC", "6C", "7D", "7H"), 3)
    assert value == 4
    assert set(combos) == {("thirteen", (6, 12, 13)), ("pair", (7, 7))}


def test_thirteen_value_option_changes_the_best_partition():
    # 3 4 5 8 8: thirteen 8 5 (+v), or a run 3 4 5 and a pair of 8s (+2).
    r = ranks("3C", "4C", "5C", "8C", "8D")
    assert best_combos(r, 3) == (3, (("thirteen", (5, 8)),))
    value, combos = best_combos(r, 1)
    assert value == 2 and sorted(combos) == [("pair", (8, 8)), ("run", (3, 4, 5))]
    assert best_combos(r, 10)[0] == 10


def test_pairs():
    assert best_combos(ranks("9C", "9D", "9H", "9S"), 3) == (2, (("pair", (9, 9)),) * 2)
    assert best_combos(ranks("JC", "JD", "JH"), 3)[0] == 1  # three of a kind: one pair
    assert best_combos(ranks("QC", "QD", "7H"), 3)[0] == 3  # Q Q 7 is a thirteen


def test_runs_ace_low_and_high_no_wrap():
    assert best_combos(ranks("AC", "2D", "3H"), 3)[0] == 1
    assert best_combos(ranks("QC", "KD", "AH"), 3)[0] == 1
    assert best_combos(ranks("KC", "AD", "2H"), 3) == (0, ())
    assert best_combos(ranks("7C", "8D", "9H", "10S"), 3)[0] == 1  # a run is three cards
    # A 2 3 and Q K A in one trick: two runs (+2), or all but one ace make a thirteen.
    r = ranks("AC", "2D", "3H", "QS", "KS", "AS")
    value, combos = best_combos(r, 1)
    assert value == 2 and sorted(combos) == [("run", (2, 3, 14)), ("run", (12, 13, 14))]
    assert best_combos(r, 3) == (3, (("thirteen", (2, 3, 12, 13, 14)),))


def test_log_explains_the_trick_score():
    text = Msg.of(describe(*trick_points([C(c) for c in "KH QS 6D 7C 7H".split()], 3)[1:],
                           3, 5))
    assert text == "thirteen (K Q 6) +3, pair of 7s +1, trick +1 = 5"
    text = Msg.of(describe((("run", (2, 3, 14)),), 1, 3, -2))
    assert text == "run (A 2 3) +1, trick +1, joker -4 = -2"


def test_trick_scored_in_game_and_logged():
    hands = {1: ["KH"], 2: ["QH"], 3: ["6H"], 4: ["7C"], 5: ["7S"], 0: ["5D"]}
    state = new(6, hands, turned="3D", void={4: "H", 5: "H", 0: "H"})
    play(state, "KH", "QH", "6H", "7C", "7S", "5D")  # 5D trumps it
    assert state.tricks[0] == 1
    assert state.hand_points[0] == 5
    assert said(state.log[-1]) == ("{p0} takes the trick (KH QH 6H 7C 7S 5D): "
                                "thirteen (K Q 6) +3, pair of 7s +1, trick +1 = 5.")


def test_no_trick_penalty_and_hand_total():
    # Seat 3 holds only 2s and 3s and never leads; with no trumps it cannot win.
    hands = {3: ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S"]}
    state = new(6, hands, turned="X1", undealt=("X2",), options={"target": 200})
    while state.hand_no == 1:
        first_legal(state)
    assert state.last_hand[3] == -3 and state.scores[3] == -3
    assert any(said(e) == "{p3} took no trick this hand: -3." for e in state.log)
    # Everyone who took a trick is spared the penalty.
    for seat in range(6):
        if seat != 3 and state.last_hand[seat] > 0:
            assert f"{{p{seat}}} took no trick this hand: -3." not in [said(e) for e in state.log]


def test_joker_penalty_each():
    hands = {1: ["AS"], 2: ["X1"], 3: ["X2"], 4: ["4S"], 5: ["5S"], 0: ["6S"]}
    state = new(6, hands, turned="9H", void={2: "S", 3: "S"})
    play(state, "AS", "X1", "X2", "4S", "5S", "6S")
    # 4 5 6 is a run (+1) and no thirteen (A counts 1); trick +1, two jokers -8.
    assert state.hand_points[1] == 1 + 1 - 8


# --- the whole game ------------------------------------------------------------------

def test_hands_repeat_until_target_reached():
    state = GAME.new_state(4, {"target": 40}, seed=12)
    totals = [0] * 4
    hands_seen = 0
    while not state.is_over:
        hand = state.hand_no
        assert max(state.scores) < 40  # never over the target while play goes on
        while state.hand_no == hand and not state.is_over:
            first_legal(state)
        hands_seen += 1
        totals = [t + p for t, p in zip(totals, state.last_hand, strict=True)]
        assert state.scores == totals
    assert hands_seen >= 2
    result = state.result()
    assert max(result["scores"]) >= 40
    best = max(result["scores"])
    assert result["winners"] == [s for s in range(4) if result["scores"][s] == best]
    assert result["hands"] == hands_seen


def test_tie_is_shared():
    order = ALL[:]
    random.Random(9).shuffle(order)
    probe = GAME.new_state(3, {"target": 200}, seed=3, deck=order)
    while probe.hand_no == 1:
        first_legal(probe)
    points = probe.last_hand
    # Start the real game with totals that put seats 0 and 2 level on 60 after hand 1.
    state = GAME.new_state(3, {"target": 50}, seed=3, deck=order)
    state.scores = [60 - points[0], 40 - points[1], 60 - points[2]]
    while not state.is_over:
        first_legal(state)
    result = state.result()
    assert result["scores"][0] == result["scores"][2] == 60
    assert result["ranks"] == [1, 3, 1] and result["winners"] == [0, 2]
    assert said(state.log[-1]) == "{p0} and {p2} share the win with 60 points."


def test_options_validated():
    for bad in ({"thirteen_value": 0}, {"thirteen_value": 11}, {"target": 5},
                {"target": "lots"}):
        with pytest.raises(ValueError):
            GAME.new_state(4, bad)
    assert GAME.new_state(4, {"thirteen_value": "5"}).thirteen_value == 5
    with pytest.raises(ValueError, match="3-6 players"):
        GAME.new_state(2)


def test_views_show_the_table():
    state = new(4, {1: ["KH"]}, turned="7D")
    play(state, "KH")
    v = state.view(2)
    for key in ("trump_card", "trump", "scores", "hand_points", "tricks", "trick",
                "last_trick", "hand_sizes", "undealt", "hand", "dealer", "target"):
        assert key in v
    assert v["trick"] == [[1, "KH"]] and v["hand_sizes"] == [13, 12, 13, 13]
    assert "hand" not in state.view(None)


def test_equal_scores_share_a_rank():
    # RULINGS 6: players rank by score; equal scores share a rank (the win and below it).
    import json
    s = GAME.new_state(4, {"target": 20}, seed=2)
    probe = GAME.state_from_json(s.to_json())
    moves = []
    while probe.hand_no == 1 and not probe.is_over:
        a = probe.legal_actions(probe.current_seat)[0]
        moves.append(str(a))
        probe.apply(probe.current_seat, a)
    gained = probe.last_hand
    final = [25, 3, 25, 3]
    data = json.loads(s.to_json())
    data["state"]["scores"] = [f - g for f, g in zip(final, gained, strict=True)]
    s = GAME.state_from_json(json.dumps(data))
    for m in moves:
        s.apply(s.current_seat, m)
    r = s.result()
    assert s.is_over and r["scores"] == final
    assert r["ranks"] == [1, 3, 1, 3] and r["winners"] == [0, 2]
    assert "{p0} and {p2} share the win with 25 points." in [e["text"] for e in
                                                             s.view(None)["events"]]
