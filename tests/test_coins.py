"""Coins, rule by rule (RULINGS section 1), on stacked decks."""

from __future__ import annotations

import pytest

import rules
from games.coins.engine import coins_winner
from rules import IllegalAction

GAME = rules.get_game("coins")
D = GAME.deck.parse_card


def deck_for(hands: list[list[str]], dealer: int = 0) -> list[str]:
    """Deck order dealing ``hands`` one card at a time from the dealer's left."""
    order = []
    first = (dealer + 1) % 3
    for i in range(16):
        for k in range(3):
            order.append(hands[(first + k) % 3][i])
    return order


def full_hands(*prefixes: list[str]) -> list[list[str]]:
    """Complete each seat's hand to 16 cards with unused cards, in deck order."""
    used = {c for p in prefixes for c in p}
    spare = [str(c) for c in GAME.deck.cards if str(c) not in used]
    hands = []
    for p in prefixes:
        need = 16 - len(p)
        hands.append(list(p) + spare[:need])
        spare = spare[need:]
    return hands


def trick(*cards: str) -> list[list[int]]:
    return [[seat, int(D(c))] for seat, c in enumerate(cards)]


# --- trick types --------------------------------------------------------------------

@pytest.mark.parametrize("cards,missing,winner", [
    # Cups (C), Coins (O), Swords (E) present, Clubs (B) missing: Clubs beat Cups -> Cups.
    (("2C", "AO", "KE"), "clubs", 0),
    # Clubs missing again, order shuffled: the Cups card wins wherever it sits.
    (("AE", "KO", "2C"), "clubs", 2),
    # Cups missing: Cups beat Coins -> Coins win.
    (("2O", "AE", "AB"), "cups", 0),
    # Coins missing: Coins beat Swords -> Swords win.
    (("AC", "3E", "AB"), "coins", 1),
    # Swords missing: Swords beat Clubs -> Clubs win.
    (("AC", "AO", "2B"), "swords", 2),
])
def test_missing_suit(cards, missing, winner):
    assert coins_winner(trick(*cards)) == winner, missing


@pytest.mark.parametrize("cards,winner", [
    (("3O", "KO", "AE"), 1),   # two coins + a sword: higher coin wins, ace of swords ignored
    (("AB", "2E", "5E"), 2),   # the odd card leads and is an ace: still loses
    (("NC", "AO", "JC"), 0),   # knight beats knave
])
def test_two_of_a_suit(cards, winner):
    assert coins_winner(trick(*cards)) == winner


@pytest.mark.parametrize("cards,winner", [
    (("2E", "9E", "7E"), 1),
    (("KB", "NB", "AB"), 2),
    (("JO", "9O", "8O"), 0),   # knave (sota) outranks 9
])
def test_three_of_a_suit(cards, winner):
    assert coins_winner(trick(*cards)) == winner


def test_rank_order_spanish():
    ranks = ["A", "K", "N", "J", "9", "8", "7", "6", "5", "4", "3", "2"]
    codes = [int(D(r + "C")) for r in ranks]
    assert codes == sorted(codes, reverse=True)


# --- dealing, leading, no duty to follow ----------------------------------------------

def test_deal_and_first_lead():
    state = GAME.new_state(3, seed=1)
    assert [len(h) for h in state.hands] == [16, 16, 16]
    assert state.dealer == 0 and state.current_seat == 1
    all_cards = sorted(c for h in state.hands for c in h)
    assert all_cards == sorted(int(c) for c in GAME.deck.cards)


def test_stacked_deal_goes_one_at_a_time_from_dealers_left():
    hands = full_hands(["AO", "KO"], ["2C", "3C"], ["4E", "5E"])
    state = GAME.new_state(3, seed=1, deck=deck_for(hands))
    v1 = state.view(1)
    assert "2C" in v1["hand"] and "3C" in v1["hand"]
    assert "AO" in state.view(0)["hand"]


def test_any_card_may_be_played():
    hands = full_hands(["AO"], ["2C", "3C"], ["4E"])
    state = GAME.new_state(3, seed=1, deck=deck_for(hands))
    state.apply(1, "play 2C")
    # Seat 2 holds cups? No matter: any card is legal, there is no duty to follow.
    assert len(state.legal_actions(2)) == 16


def test_trick_winner_scores_coins_and_leads():
    hands = full_hands(["AO", "KO"], ["2O", "3C"], ["4O", "5E"])
    state = GAME.new_state(3, seed=1, deck=deck_for(hands))
    state.apply(1, "play 2O")
    state.apply(2, "play 4O")
    state.apply(0, "play AO")  # three coins: ace wins, 3 points
    assert state.scores == [3, 0, 0]
    assert state.current_seat == 0
    assert "takes the trick" in state.view(None)["events"][-1]["text"]


# --- end of game and next dealer ------------------------------------------------------

def test_game_ends_immediately_at_target_mid_hand():
    # Seat 0 (dealer) has ten coins; seat 1 swords, seat 2 clubs.  Sword + club + coin:
    # cups are missing, cups beat coins, so the coin wins: seat 0 scores 1 per trick.
    coins = ["AO", "KO", "NO", "JO", "9O", "8O", "7O", "6O", "5O", "4O"]
    cups = [r + "C" for r in ("A", "K", "N", "J", "9", "8", "7", "6", "5", "4", "3", "2")]
    swords = [r + "E" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "J", "N", "K", "A")]
    clubs = [r + "B" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "J", "N", "K", "A")]
    hands = [coins + cups[:6], swords + ["3O"] + cups[6:9], clubs + ["2O"] + cups[9:]]
    state = GAME.new_state(3, {"target": 10}, seed=2, deck=deck_for(hands))
    for t in range(10):
        for seat in [state.current_seat, (state.current_seat + 1) % 3,
                     (state.current_seat + 2) % 3]:
            card = {0: coins[t], 1: swords[t], 2: clubs[t]}[seat]
            state.apply(seat, f"play {card}")
        if t < 9:
            assert not state.is_over and state.scores == [t + 1, 0, 0]
    assert state.is_over
    assert state.scores == [10, 0, 0]
    assert [len(h) for h in state.hands] == [6, 6, 6], "the game ended mid-hand"
    result = state.result()
    assert result["winner"] == 0 and result["ranks"] == [1, 2, 2]
    assert state.legal_actions(0) == [] and state.current_seat is None
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "play AC")


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_next_hand_dealt_by_player_right_of_last_trick_winner(seed):
    # 12 coins per hand < target 20: nobody can win the first hand.
    state = GAME.new_state(3, {"target": 20}, seed=seed)
    while state.hand_no == 1:
        seat = state.current_seat
        state.apply(seat, state.legal_actions(seat)[0])
    last_winner = coins_winner(state.last_trick)
    assert state.dealer == (last_winner - 1) % 3
    assert state.current_seat == last_winner == (state.dealer + 1) % 3
    assert [len(h) for h in state.hands] == [16, 16, 16]


def test_bad_inputs_leave_state_unchanged():
    state = GAME.new_state(3, seed=3)
    before = state.to_json()
    hand = state.view(1)["hand"]
    not_held = next(str(c) for c in GAME.deck.cards if str(c) not in hand)
    for seat, text in ((1, f"play {not_held}"), (1, "play"), (1, "dance"), (0, f"play {hand[0]}"),
                       (1, "play QH"), (1, "play 7 zz")):
        with pytest.raises(IllegalAction) as e:
            state.apply(seat, text)
        assert str(e.value)
        assert state.to_json() == before


def test_parse_spellings():
    assert str(GAME.parse_action("play 7 coins")) == "play 7O"
    assert str(GAME.parse_action("PLAY knight of cups")) == "play NC"
    assert str(GAME.parse_action("play 1 swords")) == "play AE"
    assert str(GAME.parse_action("play sota bastos")) == "play JB"
    assert GAME.parse_action("play N🪙") == GAME.parse_action("play NO")


def test_target_option_validated():
    with pytest.raises(ValueError, match="target"):
        GAME.new_state(3, {"target": 12})
    with pytest.raises(ValueError, match="3 players"):
        GAME.new_state(4)


def test_a_card_not_held_is_named_and_state_untouched():
    s = GAME.new_state(3, seed=1)
    seat = s.current_seat
    missing = next(c for c in GAME.deck.cards if int(c) not in s.hands[seat])
    before = s.to_json()
    with pytest.raises(IllegalAction, match=f"^You do not hold the {missing.name}.$"):
        s.apply(seat, f"play {missing}")
    assert s.to_json() == before


def test_spanish_phrasings_and_french_suits_in_moves():
    assert str(GAME.parse_action("play rey de oros")) == "play KO"
    assert str(GAME.parse_action("play 7 de bastos")) == "play 7B"
    assert str(GAME.parse_action("play as de copas")) == "play AC"
    assert str(GAME.parse_action("play horse of swords")) == "play NE"
    assert str(GAME.parse_action("play jack of cups")) == "play JC"
    with pytest.raises(IllegalAction, match=r"Hearts correspond to cups: did you mean the "
                                            r"king of cups \(KC\)\?"):
        GAME.parse_action("play K♥️")
    with pytest.raises(IllegalAction, match="Spanish suits coins"):
        GAME.parse_action("play K hearts")
