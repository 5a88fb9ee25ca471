"""Starshina / Sergeant Major: stacked-deck tests of every rule in RULINGS section 2."""

from __future__ import annotations

import random

import pytest

import rules
from games.starshina.engine import exchange_plan
from rules import IllegalAction
from rules.cards import FRENCH_52

GAME = rules.get_game("starshina")
SUITS = "CDHS"


def card(text: str) -> int:
    return int(FRENCH_52.parse_card(text))


def cards(text: str) -> list[int]:
    return sorted(card(t) for t in text.split())


def deck_for(hands: dict[int, str], kitty: str, dealer: int = 0) -> list[str]:
    """The card order that deals ``hands`` (seat -> 16 cards) and ``kitty``.

    Cards go out one at a time from the dealer's left; the last four form the kitty.
    """
    split = {s: h.split() for s, h in hands.items()}
    assert all(len(h) == 16 for h in split.values())
    order = [split[(dealer + k) % 3][i] for i in range(16) for k in (1, 2, 3)]
    return order + kitty.split()


def dominance(owners: str, dealer: int = 0) -> list[str]:
    """A deal where, in each suit (C D H S), seat ``owners[i]`` holds A K Q J, the next seat
    clockwise 10 9 8 7, the one after 6 5 4 3, and the 2 lies in the kitty.  Everyone holds
    four of every suit, so nobody is ever void and the owner wins all four tricks of its suit."""
    hands: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for suit, owner in zip(SUITS, owners, strict=True):
        top = int(owner)
        for k, ranks in enumerate(("A K Q J", "10 9 8 7", "6 5 4 3")):
            hands[(top + k) % 3] += [r + suit for r in ranks.split()]
    return deck_for({s: " ".join(h) for s, h in hands.items()}, "2C 2D 2H 2S", dealer)


def hand(state, seat: int) -> list[int]:
    return sorted(state.hands[seat])


def lowest(state):
    """The lowest legal card (by rank, then suit)."""
    return min(state.legal_actions(state.current_seat),
               key=lambda a: (a.args[0].rank, a.args[0].suit))


def play_hand(state, policy=lowest) -> None:
    """Play tricks until the current hand is over (or the game)."""
    start = state.hand_no
    while not state.is_over and state.hand_no == start:
        state.apply(state.current_seat, policy(state))


def run(state, *moves: str) -> None:
    for m in moves:
        state.apply(state.current_seat, m)


SPADE_RUN = {  # seat 1 can run twelve spades; used with the exchange below
    1: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C 3C 4C 5C",
    2: "2S AC KC QC JC 10C 9C 2D 3D 4D 5D 6D 7D 8D 9D 10D",
    0: "8C 7C 6C JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H 10H",
}
SPADE_KITTY = "JH QH KH AH"
SPADE_EXCHANGE = ("give 5C", "return 9C", "give 2D", "return JD", "give 2H", "return 2C",
                  "discard 2C 6C 7C 8C")


# --- deal, quotas, options -----------------------------------------------------------------


@pytest.mark.parametrize("rule_set", ["starshina", "classic"])
def test_deal_sixteen_each_and_four_card_kitty(rule_set):
    s = GAME.new_state(3, {"rules": rule_set}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    for seat, text in SPADE_RUN.items():
        assert hand(s, seat) == cards(text)
    assert sorted(s.kitty) == cards(SPADE_KITTY)
    v = s.view(2)
    assert v["hand_sizes"] == [16, 16, 16] and v["kitty_size"] == 4
    assert s.dealer == 0 and v["leader"] == 1
    assert "kitty_cards" not in v and "JH" not in str(s.view(0))  # nobody sees the kitty yet


@pytest.mark.parametrize("quotas,expect", [("8-5-3", [8, 5, 3]), ("9-5-2", [9, 5, 2])])
def test_quotas_follow_the_dealer(quotas, expect):
    s = GAME.new_state(3, {"quotas": quotas}, seed=4)
    assert s.view(None)["quotas"] == expect  # dealer 0, left 1, right 2
    # Nobody reaches 12 in the dominance deal (8-4-4), so the deal passes left.
    s = GAME.new_state(3, {"quotas": quotas, "rules": "classic"}, seed=4,
                       deck=dominance("1102"))
    run(s, "trump spades", "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.dealer == 1 and s.hand_no == 2
    d, left, right = expect
    assert s.view(None)["quotas"] == [right, d, left]


def test_options_are_validated():
    with pytest.raises(ValueError, match="rules"):
        GAME.new_state(3, {"rules": "bridge"})
    with pytest.raises(ValueError, match="quotas"):
        GAME.new_state(3, {"quotas": "7-6-3"})
    with pytest.raises(ValueError, match="players"):
        GAME.new_state(4)


# --- starshina: the give-and-return exchange -------------------------------------------------


def test_exchange_goes_clockwise_from_dealers_left_then_dealer_discards():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    seen = []
    for move in SPADE_EXCHANGE[:6]:
        seen.append((s.view(None)["phase"], s.current_seat))
        s.apply(s.current_seat, move)
    assert seen == [("give", 1), ("return", 2), ("give", 2), ("return", 0),
                    ("give", 0), ("return", 1)]
    assert s.view(None)["phase"] == "discard" and s.current_seat == 0
    assert hand(s, 1) == cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H 3C 4C 9C")
    assert hand(s, 2) == cards("2S AC KC QC JC 10C 5C 3D 4D 5D 6D 7D 8D 9D 10D JD")


def test_return_must_be_a_higher_card_of_the_same_suit():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C")
    legal = {str(a) for a in s.legal_actions(2)}
    assert legal == {"return 9C", "return 10C", "return JC", "return QC", "return KC",
                     "return AC"}  # the receiver's choice among the higher clubs
    before = s.to_json()
    with pytest.raises(IllegalAction, match="higher than the 5C"):
        s.apply(2, "return 2D")
    with pytest.raises(IllegalAction, match="just received"):
        s.apply(2, "return 5C")
    assert s.to_json() == before
    run(s, "return KC")
    assert card("KC") in s.hands[1] and card("5C") in s.hands[2]


def test_return_without_a_higher_card_is_any_card_but_the_one_received():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C", "return 9C", "give 2D", "return JD", "give 2H")
    legal = {str(a) for a in s.legal_actions(1)}
    assert "return 2H" not in legal  # seat 1 has no heart higher than 2H
    assert legal == {f"return {c}" for c in SPADE_RUN[1].split() if c not in ("5C",)} | {
        "return 9C"}
    with pytest.raises(IllegalAction, match="cannot hand back the 2H"):
        s.apply(1, "return 2H")
    run(s, "return AS")  # a legal but silly choice
    assert card("AS") in s.hands[0]


def test_a_received_card_may_be_passed_on():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C", "return 9C")
    assert "give 5C" in {str(a) for a in s.legal_actions(2)}
    run(s, "give 5C")
    assert card("5C") in s.hands[0]


def test_kitty_swap_dealer_takes_four_and_discards_four():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE[:6])
    assert len(s.hands[0]) == 20 and set(cards(SPADE_KITTY)) <= set(s.hands[0])
    assert s.view(0)["kitty_cards"] == ["JH", "QH", "KH", "AH"]
    assert len(s.legal_actions(0)) == 4845  # C(20, 4)
    assert s.action_forms(0) == [{"kind": "discard", "cards": s.view(0)["hand"],
                                  "min": 4, "max": 4}]
    assert s.action_forms(1) == []
    run(s, "discard 8C 2C 7C 6C")  # any order is accepted
    assert s.discards == cards("2C 6C 7C 8C") and len(s.hands[0]) == 16
    assert s.view(0)["discards"] == ["2C", "6C", "7C", "8C"]
    for seat in (1, 2, None):
        v = s.view(seat)
        assert "discards" not in v and "kitty_cards" not in v
        assert "8C" not in str(v["events"])
    assert s.view(None)["phase"] == "play" and s.current_seat == 1


def test_discard_errors_are_explained_and_change_nothing():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE[:6])
    before = s.to_json()
    for bad, why in (("discard 2C 6C 7C", "exactly 4"), ("discard 2C 6C 7C AS", "not hold AS"),
                     ("discard 2C 2C 6C 7C", "same card twice"),
                     ("play 2C", "cannot play a card now")):
        with pytest.raises(IllegalAction, match=why):
            s.apply(0, bad)
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "discard 2C 6C 7C 8C")
    assert s.to_json() == before


def test_wrong_phase_and_card_errors():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    with pytest.raises(IllegalAction, match="cannot play a card now.*give"):
        s.apply(1, "play AS")
    with pytest.raises(IllegalAction, match="do not hold AH"):
        s.apply(1, "give AH")
    with pytest.raises(IllegalAction, match="cannot name trumps now"):
        s.apply(1, "trump hearts")
    with pytest.raises(IllegalAction, match="Unknown move"):
        s.apply(1, "pass")


# --- play ------------------------------------------------------------------------------------


def test_must_follow_suit_and_voids_are_recorded():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE, "play AS")
    assert {str(a) for a in s.legal_actions(2)} == {"play 2S"}
    with pytest.raises(IllegalAction, match="follow suit: you hold a spade"):
        s.apply(2, "play AC")
    run(s, "play 2S")
    assert len(s.legal_actions(0)) == 16  # no spades: anything goes
    run(s, "play AH")
    assert s.voids[0] == [3] and s.view(None)["voids"][0] == ["spades"]
    assert s.tricks == [0, 1, 0] and s.current_seat == 1


def test_no_trumps_in_starshina_highest_of_led_suit_wins():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE, "play 3S", "play 2S", "play AH")
    assert s.tricks == [0, 1, 0] and s.view(None)["trump"] is None


def spade_runner(state):
    """Seat 1 runs its spades from the top; the others play their lowest legal card."""
    legal = state.legal_actions(state.current_seat)
    if state.current_seat == 1:
        return max(legal, key=lambda a: (a.args[0].suit == 3, a.args[0].rank))
    return lowest(state)


@pytest.mark.parametrize("quotas", ["8-5-3", "9-5-2"])
def test_twelve_tricks_win_the_game_after_the_hand_is_played_out(quotas):
    s = GAME.new_state(3, {"quotas": quotas}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE)
    while s.tricks[1] < 12:
        s.apply(s.current_seat, spade_runner(s))
    assert not s.is_over and s.view(None)["reached_12"] == 1
    assert sum(s.tricks) == 12 and s.legal_actions(s.current_seat)  # hand goes on
    play_hand(s, spade_runner)
    assert s.is_over and s.tricks == [3, 12, 1] and s.hand_no == 1
    r = s.result()
    # Ante 1 each; seat 1 takes the pot and 1 more from each player who missed quota.
    assert r["scores"] == [-2, 4, -2] and r["ranks"] == [2, 1, 2] and r["winner"] == 1
    q = [int(x) for x in quotas.split("-")]
    assert r["winning_hand"] == {"hand": 1, "tricks": [3, 12, 1], "quotas": q,
                                 "missed": [0, 2]}
    assert s.legal_actions(s.current_seat) == [] and s.current_seat is None


def test_starshina_stakes_spare_a_loser_who_made_quota():
    # Seat 0 (dealer, quota 8) runs three suits: 12 tricks; seat 2 (quota 3) takes hearts: 4.
    s = GAME.new_state(3, {}, seed=2, deck=dominance("0020"))
    # No receiver holds a higher card of the suit given, so each returns a card of its choice.
    run(s, "give 10C", "return 6C", "give JH", "return 10H", "give 7H", "return 3H")
    assert s.view(None)["phase"] == "discard"
    run(s, "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.is_over and s.tricks == [12, 0, 4]
    r = s.result()
    assert r["winning_hand"]["missed"] == [1]
    assert r["scores"] == [3, -2, -1]


# --- classic: trumps, up/down exchange, settlement ---------------------------------------------

SUIT_BLOCKS = {  # seat 2 holds no spades, so it can ruff
    1: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 2C 3C 4C",
    2: "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H 5C 6C 7C",
    0: "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D 8C 9C 10C",
}


def test_classic_dealer_names_trumps_then_takes_kitty():
    s = GAME.new_state(3, {"rules": "classic"}, seed=3,
                       deck=deck_for(SUIT_BLOCKS, "JC QC KC AC"))
    assert s.view(None)["phase"] == "trump" and s.current_seat == 0
    assert len(s.hands[0]) == 16
    assert {str(a) for a in s.legal_actions(0)} == {
        "trump clubs", "trump diamonds", "trump hearts", "trump spades"}
    with pytest.raises(IllegalAction, match="No-trump is not allowed"):
        s.apply(0, "trump none")
    assert GAME.parse_action("trump H") == GAME.parse_action("TRUMP ♥")
    run(s, "trump H")
    v = s.view(1)
    assert v["trump"] == "hearts" and v["phase"] == "discard" and len(s.hands[0]) == 20
    run(s, "discard JC QC KC AC", "play AS", "play 2H", "play 2D")
    assert s.tricks == [0, 0, 1]  # the lowest trump beats the ace led


def test_classic_return_is_automatic():
    s = GAME.new_state(3, {"rules": "classic"}, seed=3)
    with pytest.raises(IllegalAction, match="comes back by itself"):
        s.apply(0, f"return {s.view(0)['hand'][0]}")


def two_hands(first_owners: str, second: list[str]) -> list[list[str]]:
    return [dominance(first_owners), second]


def test_classic_settles_every_hand_and_two_up_give_most_up_first():
    # Hand 1: seat 1 takes clubs and diamonds (8, quota 5: +3), seat 2 hearts (4, quota 3: +1),
    # dealer seat 0 spades (4, quota 8: -4).
    s = GAME.new_state(3, {"rules": "classic"}, seed=5, deck=two_hands("1120", dominance(
        "0120", dealer=1)))
    assert s.view(None)["exchange_plan"] == []  # never an exchange before the first hand
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.stakes == [-4, 3, 1] and s.last_hand["diffs"] == [-4, 3, 1]
    v = s.view(2)
    assert v["phase"] == "exchange" and v["exchange_plan"] == [[1, 0, 3], [2, 0, 1]]
    assert s.current_seat == 1 and s.dealer == 1
    # Hand 2 (dealer 1): clubs A-J with seat 0, 10-7 seat 1, 6-3 seat 2; hearts 10-7 seat 0.
    assert {str(a) for a in s.legal_actions(1)} == {f"give {c}" for c in s.view(1)["hand"]}
    run(s, "give 7C")  # seat 0 must return its highest club
    assert card("AC") in s.hands[1] and card("7C") in s.hands[0]
    run(s, "give 3H", "give AD")
    assert card("10H") in s.hands[1] and card("AD") in s.hands[1]  # AD came straight back
    assert s.current_seat == 2 and s.view(None)["exchange_plan"] == [[2, 0, 1]]
    run(s, "give 3C")
    assert card("KC") in s.hands[2] and card("3C") in s.hands[0]
    assert s.view(None)["phase"] == "trump" and s.current_seat == 1
    assert [len(h) for h in s.hands] == [16, 16, 16]


def test_classic_same_card_comes_back_when_nothing_higher():
    s = GAME.new_state(3, {"rules": "classic"}, seed=5, deck=two_hands("1120", dominance(
        "0120", dealer=1)))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    # Seat 0 holds 6 5 4 3 of diamonds in hand 2; seat 1 gives its AD: nothing higher.
    assert card("AD") in s.hands[1]
    run(s, "give AD")
    assert card("AD") in s.hands[1] and card("AD") not in s.hands[0]
    assert s.exchanges[-1] == [1, 0, card("AD"), card("AD")]
    assert "it comes back" in s.view(1)["events"][-1]["text"]
    assert "it goes back" in s.view(0)["events"][-1]["text"]
    # The third player sees that cards moved but not which.
    assert s.view(2)["exchanges"][-1] == {"from": 1, "to": 0, "given": None, "returned": None}
    assert s.view(0)["exchanges"][-1]["given"] == "AD"


def test_classic_one_up_two_down_gives_to_each_as_many_as_they_were_down():
    # Seat 2 takes two suits (8, quota 3: +5); seats 0 and 1 one each (-4 and -1).
    s = GAME.new_state(3, {"rules": "classic"}, seed=6, deck=dominance("2201"))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.stakes == [-4, -1, 5]
    assert s.view(None)["exchange_plan"] == [[2, 0, 4], [2, 1, 1]]
    for _ in range(5):
        assert s.current_seat == 2
        s.apply(2, s.legal_actions(2)[0])
    assert s.view(None)["phase"] == "trump"
    assert [e[1] for e in s.exchanges] == [0, 0, 0, 0, 1]


def test_exchange_plan_cases():
    assert exchange_plan([0, 2, -2], first=1) == [[1, 2, 2]]
    assert exchange_plan([0, 0, 0], first=1) == []
    assert exchange_plan([-1, 4, -3], first=1) == [[1, 2, 3], [1, 0, 1]]
    assert exchange_plan([2, -4, 2], first=1) == [[2, 1, 2], [0, 1, 2]]  # tie: from dealer's left
    assert exchange_plan([-2, 1, 1], first=0) == [[1, 0, 1], [2, 0, 1]]


@pytest.mark.parametrize("quotas,stakes", [("8-5-3", [4, -1, -3]), ("9-5-2", [3, -1, -2])])
def test_classic_twelve_tricks_win_with_settlement(quotas, stakes):
    s = GAME.new_state(3, {"rules": "classic", "quotas": quotas}, seed=7,
                       deck=dominance("0010"))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.is_over and s.tricks == [12, 4, 0]
    r = s.result()
    assert r["scores"] == stakes and r["winner"] == 0 and r["ranks"] == [1, 2, 3]


def test_classic_winner_ranks_first_even_with_fewer_stakes():
    # Hand 1: seat 2 is up 5 (+5 stakes); hand 2 seat 1 (dealer) wins with 12 tricks.
    second = dominance("1011", dealer=1)
    s = GAME.new_state(3, {"rules": "classic"}, seed=8, deck=[dominance("2201"), second])
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    # Seat 2 gives its four low diamonds to seat 0 (getting A K Q J back), then JD to seat 1,
    # who holds no higher diamond, so it comes back.
    run(s, "give 3D", "give 4D", "give 5D", "give 6D", "give JD")
    assert s.hands[2] == sorted(s.hands[2]) and cards("AD KD QD JD") == [
        c for c in s.hands[2] if c >> 4 == 1]
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    assert s.is_over and s.winner == 1 and s.tricks == [0, 12, 4]
    r = s.result()
    # Hand 1: [-4, -1, +5]; hand 2 (dealer 1 quota 8, seat 2 quota 5, seat 0 quota 3).
    assert r["scores"] == [-7, 3, 4] and r["ranks"] == [3, 1, 2]
    assert r["winning_hand"]["hand"] == 2


# --- private knowledge and sampled worlds ------------------------------------------------------


def test_views_show_exchanged_cards_only_to_the_two_players():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C")
    assert s.view(1)["exchanges"] == [{"from": 1, "to": 2, "given": "5C", "returned": None}]
    assert s.view(0)["exchanges"] == [{"from": 1, "to": 2, "given": None, "returned": None}]
    assert s.view(None)["exchanges"][0]["given"] is None
    assert any("You give 5C to {p2}" in e["text"] for e in s.view(1)["events"])
    assert not any("5C" in e["text"] for e in s.view(0)["events"])
    run(s, "return 9C")
    assert s.view(2)["exchanges"][0]["returned"] == "9C"


def test_sampled_worlds_keep_what_each_seat_knows():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C", "return 9C")
    rng = random.Random(1)
    for _ in range(20):
        w1 = s.sample_world(1, rng)  # the giver knows 5C is with seat 2
        assert card("5C") in w1.hands[2]
        w2 = s.sample_world(2, rng)  # the receiver knows 9C is with seat 1
        assert card("9C") in w2.hands[1]
        w0 = s.sample_world(0, rng)  # seat 0 knows neither, and its world holds no secret
        assert w0.exchanges == [[1, 2, None, None]] and w0.known[1] == w0.known[2] == []
        assert w0.view(0) == s.view(0)


def test_knowledge_blurs_when_the_card_may_have_moved_on():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C", "return 9C", "give 2D")  # seat 1 cannot tell 5C was not passed on
    rng = random.Random(2)
    where = set()
    for _ in range(60):
        w = s.sample_world(1, rng)
        where.add(next(z for z in (0, 2) if card("5C") in w.hands[z]))
        assert card("5C") not in w.kitty
        assert w.pending in w.hands[0]  # seat 0 holds whatever it was given
    assert where == {0, 2}


def test_sampled_world_during_return_is_playable():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, "give 5C")
    rng = random.Random(3)
    for _ in range(10):
        w = s.sample_world(0, rng)
        assert w.pending in w.hands[2]
        w.apply(2, w.legal_actions(2)[0])
        assert w.view(None)["phase"] == "give"


def test_dealer_discards_are_hidden_from_others_in_sampled_worlds():
    s = GAME.new_state(3, {}, seed=1, deck=deck_for(SPADE_RUN, SPADE_KITTY))
    run(s, *SPADE_EXCHANGE)
    rng = random.Random(4)
    assert all(s.sample_world(0, rng).discards == cards("2C 6C 7C 8C") for _ in range(5))
    others = {tuple(s.sample_world(1, rng).discards) for _ in range(10)}
    assert len(others) > 1
    # Seat 1 gave 5C to seat 2 and got 9C; the 2H came in from the dealer, who got 2C.
    for _ in range(10):
        w = s.sample_world(1, rng)
        assert card("2C") in w.hands[0] or card("2C") in w.discards


def test_json_round_trip_mid_exchange():
    s = GAME.new_state(3, {"rules": "classic"}, seed=5, deck=two_hands("1120", dominance(
        "0120", dealer=1)))
    run(s, "trump clubs", "discard 2C 2D 2H 2S")
    play_hand(s)
    run(s, "give 7C")
    t = GAME.state_from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.view(1) == s.view(1)
    run(s, "give 3H")
    run(t, "give 3H")
    assert t.to_json() == s.to_json()


def test_bad_trump_word_lists_only_accepted_spellings():
    s = GAME.new_state(3, {"rules": "classic"}, seed=3, deck=deck_for(SUIT_BLOCKS, "JC QC KC AC"))
    before = s.to_json()
    for text in ("trump roses", "trump", "trump no trump"):
        with pytest.raises(IllegalAction) as e:
            s.apply(0, text)
        message = str(e.value)
        assert "'trump hearts'" in message
        assert not any(w in message.split() for w in ("none", "nt", "notrump"))
    assert s.to_json() == before
    assert GAME.parse_action("trump ♣️") == GAME.parse_action("trump clubs")
