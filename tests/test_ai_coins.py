"""The Coins heuristic: legal, blind to hidden cards, and clearly better than random."""

from __future__ import annotations

import random

import rules
from games.coins.ai import choose, rollout
from games.coins.engine import coins_winner

G = rules.get_game("coins")
D = G.deck.parse_card


def test_only_legal_moves_and_only_what_the_seat_sees():
    rng = random.Random(3)
    for seed in range(4):
        state = G.new_state(3, seed=seed)
        while not state.is_over:
            seat = state.current_seat
            move = choose(state, seat, random.Random(1))
            assert move in state.legal_actions(seat)
            # Re-dealing the cards this seat cannot see never changes its mind.
            world = state.sample_world(seat, rng)
            assert choose(world, seat, random.Random(1)) == move
            assert rollout(state, seat, random.Random(2)) in state.legal_actions(seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_last_to_play_wins_when_it_pays_and_sheds_when_it_cannot():
    state = G.new_state(3, seed=9)
    seat = state.current_seat
    left, right = (seat + 1) % 3, (seat + 2) % 3
    state.hands[seat] = sorted(int(D(c)) for c in ("2E", "3C", "8B", "AO"))
    # KO + 7B: a higher coin takes the trick with both coins; that beats the 8B win.
    state.trick = [[left, int(D("KO"))], [right, int(D("7B"))]]
    move = choose(state, seat, random.Random(0))
    assert str(move) == "play AO"
    assert coins_winner(state.trick + [[seat, int(move.args[0])]]) == seat
    # KO + AO: the ace of coins wins whatever comes; give away the cheapest non-coin.
    state.trick = [[left, int(D("KO"))], [right, int(D("AO"))]]
    state.hands[seat] = sorted(int(D(c)) for c in ("2E", "3C", "8B", "5O"))
    assert str(choose(state, seat, random.Random(0))) == "play 2E"


def test_beats_random_players():
    wins = 0
    games = 30
    for i in range(games):
        state = G.new_state(3, {"target": 10}, seed=500 + i)
        hero = i % 3
        rng = random.Random(i)
        while not state.is_over:
            seat = state.current_seat
            legal = state.legal_actions(seat)
            move = choose(state, seat, rng) if seat == hero else rng.choice(legal)
            state.apply(seat, move)
        wins += state.result()["winner"] == hero
    # Chance is 1/3 (10 of 30); the heuristic should win most games.
    assert wins >= 20, wins


def _by_definition(state, seat: int, rng: random.Random, samples: int = 24) -> int:
    """The heuristic as its docstring states it, written plainly: the card whose average
    outcome over the sampled deals, less its spending cost, is best."""
    from games.coins.ai import _spend_cost
    from rules.cards import OROS
    hand, trick = state.hands[seat], state.trick
    seen = set(hand) | {c for won in state.won for c in won} | {c for _, c in trick}
    unseen = [c for c in G.deck.cards if int(c) not in seen]
    to_come = [(seat + k) % state.n for k in range(1, state.n - len(trick))]
    draws = [rng.sample(unseen, len(to_come)) for _ in range(samples)] if to_come else [[]]
    best, best_score = hand[0], float("-inf")
    for card in hand:
        total = 0.0
        for drawn in draws:
            others = [[s, int(c)] for s, c in zip(to_come, drawn, strict=True)]
            full = trick + [[seat, card]] + others
            coins = sum(1 for _, c in full if c >> 4 == OROS)
            total += coins if coins_winner(full) == seat else -0.5 * coins
        score = total / len(draws) - _spend_cost(card)
        if score > best_score:
            best, best_score = card, score
    return best


def test_the_fast_loop_chooses_what_the_definition_does():
    """``choose`` draws each sample's cards once for all of its cards and counts coins
    ahead (the bot's easy AI makes most moves): the same choice as the plain version."""
    rng = random.Random(7)
    compared = 0
    for seed in range(12):
        state = G.new_state(3, seed=seed)
        while not state.is_over and compared < 600:
            seat = state.current_seat
            if len(state.hands[seat]) > 1:
                fast = choose(state, seat, random.Random(compared), answer=False)
                assert int(fast.cards[0]) == _by_definition(state, seat, random.Random(compared))
                compared += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared == 600


def test_second_to_play_no_coin_for_the_last_hand_to_collect():
    # Issue 48: Basil second on Ada's 2E with NO 6O 5O KE 9E KB JB threw 5O, collected by
    # a cup from the last hand, while 9E and KE take the trick for sure.  The heuristic
    # answers the trick as the last hand sees it, and the search never weighs the coins.
    from games.coins.ai import prune
    from tests.tactics import build
    from tests.tactics.coins import POSITIONS
    pos = next(p for p in POSITIONS if p.name == "coins-issue48-01")
    state = build(pos)
    for k in range(6):
        assert str(choose(state.clone(), pos.seat, random.Random(k))) not in pos.avoid
    kept = {str(a) for a in prune(state, pos.seat, state.legal_actions(pos.seat))}
    assert kept == {"play 9E", "play KE", "play JB", "play KB"}


def _second_by_definition(state, hand, unseen, size, rng, samples):
    """``games.coins.ai._second`` as first written: every sample's every card weighed
    against the trick, card by card."""
    from games.coins.ai import OROS, _spend_cost, winning_place
    lead_card = state.trick[0][1]
    size = min(size, len(unseen))
    hands = [rng.sample(unseen, size) for _ in range(samples)]
    best, best_score = hand[0], float("-inf")
    for card in hand:
        mine = (lead_card >> 4 == OROS) + (card >> 4 == OROS)
        total = 0.0
        for third in hands:
            wins = [c for c in third if winning_place(lead_card, card, c) == 2]
            coin = any(c >> 4 == OROS for c in wins)
            if wins and (mine or coin):
                total -= 0.5 * (mine + coin)
                continue
            dumps = [c for c in third if c not in wins] or third
            plain = [c for c in dumps if c >> 4 != OROS] or dumps
            dump = min(plain, key=lambda c: c & 15)
            coins = mine + (dump >> 4 == OROS)
            total += coins if winning_place(lead_card, card, dump) == 1 else -0.5 * coins
        score = total / len(hands) - _spend_cost(card)
        if score > best_score:
            best, best_score = card, score
    return best


def test_second_to_play_the_fast_answer_chooses_what_the_definition_does():
    """Second to play, which unseen cards take the trick is found once per card for all
    samples: the same choice, drawing the same samples, as the card-by-card version."""
    from games.coins.ai import SAMPLES, _second
    rng = random.Random(11)
    compared = 0
    for seed in range(40):
        state = G.new_state(3, seed=seed)
        while not state.is_over and compared < 300:
            seat = state.current_seat
            if len(state.trick) == 1 and len(state.hands[seat]) > 1:
                hand = state.hands[seat]
                seen = set(hand) | {c for w in state.won for c in w} | {c for _, c in state.trick}
                unseen = [int(c) for c in G.deck.cards if int(c) not in seen]
                size = len(state.hands[(seat + 1) % 3])
                assert _second(state, hand, unseen, size, random.Random(compared), SAMPLES) \
                    == _second_by_definition(state, hand, unseen, size,
                                             random.Random(compared), SAMPLES)
                compared += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared == 300
