"""No visible gifts (issue 39): the search never plays a move that ends worse than another
in every sampled world, and the Coins examples the issue reported are not repeated."""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai.search import SearchPlayer, visible_gifts
from rules.cards import OROS

G = rules.get_game("coins")
D = G.deck.parse_card


def _stacked(hands: dict[int, list[str]], seed: int):
    """A Coins deal (dealer 0, seat 1 leads) where each seat holds the named cards and the
    rest is dealt by a seeded shuffle: a stacked deck through the public engine."""
    named = {int(D(c)) for cards in hands.values() for c in cards}
    rest = [int(c) for c in G.deck.cards if int(c) not in named]
    random.Random(seed).shuffle(rest)
    full = {s: [int(D(c)) for c in hands.get(s, [])] for s in range(3)}
    for s in range(3):
        while len(full[s]) < 16:
            full[s].append(rest.pop())
    # One card at a time from the dealer's left: seat 1, seat 2, seat 0, ...
    order = [full[(1 + i) % 3][k] for k in range(16) for i in range(3)]
    return G.new_state(3, seed=seed, deck=order)


def _endgame(hands: dict[int, list[str]], coins: tuple[int, int, int], seed: int):
    """The same with three cards each left: the other 39 in tricks already taken, holding
    ``coins`` coins for each seat."""
    state = _stacked(hands, seed)
    keep = {s: {int(D(c)) for c in hands[s]} for s in range(3)}
    gone = [c for s in range(3) for c in state.hands[s] if c not in keep[s]]
    random.Random(seed).shuffle(gone)
    golds = [c for c in gone if c >> 4 == OROS]
    plain = [c for c in gone if c >> 4 != OROS]
    assert len(golds) == sum(coins)
    state.won = []
    for s, size in enumerate((15, 12, 12)):
        pile = [golds.pop() for _ in range(coins[s])]
        state.won.append(pile + [plain.pop() for _ in range(size - len(pile))])
    for s in range(3):
        state.hands[s] = sorted(keep[s])
    state.tricks = [5, 4, 4]
    state.scores = list(coins)
    return state


def _choose(level: str, state, seat: int, seed: int = 1):
    return str(SearchPlayer("coins", level, seed).choose(state, seat))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_coins_no_coin_onto_a_trick_the_ace_of_clubs_takes(level, seed):
    """Issue 39: 'it threw 2 of coins onto K♣+3♣ while holding the ace of clubs'.  Last
    to play, the ace takes the trick; the 2 of coins hands a coin to the king."""
    state = _stacked({0: ["AB", "2O", "5C", "7E"], 1: ["KB"], 2: ["3B"]}, seed)
    state.apply(1, "play KB")
    state.apply(2, "play 3B")
    assert _choose(level, state, 0) != "play 2O"


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_coins_no_coin_onto_the_ace_of_coins(level, seed):
    """Issue 39: 'played 9 of coins onto the ace of coins and K♣'.  The ace of coins takes
    that trick whatever comes (with a knave of swords the missing suit is cups, which
    beat coins: the coins card still wins - so the issue's 'would have won' is not so),
    so a coin played there is a coin given away; a sword or a low card costs nothing."""
    state = _stacked({0: ["9O", "JE", "4C", "2E"], 1: ["AO"], 2: ["KB"]}, seed)
    state.apply(1, "play AO")
    state.apply(2, "play KB")
    assert _choose(level, state, 0) != "play 9O"


@pytest.mark.parametrize("seed", range(4))
def test_coins_endgame_gift_is_filtered_even_when_the_heuristic_wants_it(seed):
    """Three tricks left: the worlds are solved exactly, and the 2 of coins onto K♣+3♣
    loses to the ace of clubs in every one of them (the king's seat is the rival in
    coins).  Even with a first guess that plays it, normal does not."""
    state = _endgame({0: ["AB", "2O", "5C"], 1: ["KB", "4E", "6C"], 2: ["3B", "8E", "9C"]},
                     (4, 5, 2), seed)
    state.leader = state.current_seat = 1
    state.apply(1, "play KB")
    state.apply(2, "play 3B")
    player = SearchPlayer("coins", "normal", seed)
    gift = G.parse_action("play 2O")
    player._policy = _always(gift)
    assert str(player.choose(state, 0)) != "play 2O"
    assert gift in player.last_gifts


def test_visible_gifts_needs_a_loss_in_every_common_world():
    values = [[0.1, 0.2, 0.3], [0.0, 0.1, 0.2], [0.2, 0.0, 0.4], [0.5]]
    # Move 1 is worse than move 0 in all three worlds; move 2 beats move 0 only in two;
    # move 3 has too few worlds to judge or be judged by.
    assert visible_gifts(values, 3) == {1}
    assert visible_gifts(values, 4) == set()


@pytest.mark.parametrize("game,n,opts", [("piquet", 2, {"variant": "rubicon"}),
                                         ("starshina", 3, {"rules": "classic"})])
def test_a_move_worse_in_every_solved_world_is_never_played(game, n, opts):
    """Endings of seeded random deals, solved in every sampled world: whichever move the
    heuristic would have played, one the search finds worse than another in every common
    world is not the answer - and such moves do occur (the test is not empty)."""
    from tests.test_ai_endgame import _random_ending
    seen = 0
    for seed in range(12):
        state = _random_ending(game, n, opts, seed, cards_left=3 * n)
        if state is None:
            continue
        seat = state._mover
        for forced in state.legal_actions(seat):
            player = SearchPlayer(game, "normal", seed)
            player._policy = _always(forced)
            move = player.choose(state, seat)
            if forced in player.last_gifts:
                seen += 1
                assert move != forced
            assert move not in player.last_gifts
    assert seen


def _always(action):
    """A stand-in heuristic that always guesses ``action``."""
    return lambda state, seat, rng: action
