"""Starshina classic: an exchange card is never spent on a card that comes straight back
(issue 39: 'it spent one of its four exchange cards on the ace of diamonds')."""

from __future__ import annotations

import random

import pytest

import rules
from games.starshina.ai import comes_straight_back
from games.starshina.engine import StarshinaState
from rules.ai.players import make_player
from rules.ai.search import SearchPlayer
from rules.cards import CARD

G = rules.get_game("starshina")
D = G.deck.parse_card


def test_cards_that_come_straight_back():
    hand = [int(D(c)) for c in ("AD", "KD", "JD", "QS", "AH", "2C")]
    # A♦ and K♦ (the ace is ours), A♥; not J♦ (Q♦ is out) nor Q♠ nor 2♣.
    assert {str(CARD[c]) for c in comes_straight_back(hand)} == {"AD", "KD", "AH"}


def _exchanges(seed: int, count: int):
    """Classic positions where a player who was up gives a card: seeded deals played by
    the easy player into the second hand's exchange."""
    found = []
    rng = random.Random(seed)
    for k in range(40):
        state = G.new_state(3, {"rules": "classic"}, seed=seed * 100 + k)
        assert isinstance(state, StarshinaState)
        easy = make_player("easy", "starshina", k)
        while not state.is_over and state.phase != "exchange" and state.hand_no < 3:
            seat = state._mover
            state.apply(seat, easy.choose(state, seat))
        if state.phase == "exchange":
            seat = state._mover
            if comes_straight_back(state.hands[seat]):
                found.append(state)
        if len(found) == count:
            break
    rng.shuffle(found)
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_exchange_card_spent_on_one_that_comes_straight_back(level):
    positions = _exchanges(1, 4)
    assert positions
    for state in positions:
        seat = state._mover
        back = comes_straight_back(state.hands[seat])
        player = (SearchPlayer("starshina", level, 3) if level != "easy"
                  else make_player("easy", "starshina", 3))
        given = int(player.choose(state, seat).args[0])
        assert given not in back
        # And it does come straight back, by the engine's own rule, when given.
        world = state.clone()
        card = next(iter(back))
        world.apply(seat, f"give {CARD[card]}")
        assert card in world.hands[seat]


def test_the_seed_exchange_never_weighs_giving_a_suits_top_card():
    """The seed's rules: a card with every higher one of its suit in the giver's hand is
    kept by the receiver (who can hold nothing higher) for any card they like, so the
    search never weighs giving it; every other card stays a candidate."""
    from games.starshina.ai import prune
    with_tops = 0
    for seed in range(8):
        state = G.new_state(3, {"rules": "starshina"}, seed=seed)
        assert state.phase == "give"
        seat = state._mover
        tops = comes_straight_back(state.hands[seat])
        with_tops += bool(tops)   # a hand may hold no ace and no top card at all
        legal = state.legal_actions(seat)
        kept = {int(a.args[0]) for a in prune(state, seat, legal)}
        assert kept == set(state.hands[seat]) - tops
    assert with_tops >= 4
