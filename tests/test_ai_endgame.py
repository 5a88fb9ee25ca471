"""The endgame solver (rules/ai/endgame.py): exact, faithful to the engine, and fed only
sampled worlds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.ai import endgame
from rules.ai.endgame import Position, Solver, minimax
from rules.ai.hooks import hooks_for
from rules.ai.search import SearchPlayer

# (game, players, options) for every trick game the solver models.
TRICK_CONFIGS = [
    ("coins", 3, {}),
    ("thirteens", 3, {}),
    ("thirteens", 4, {"target": 20, "thirteen_value": 1}),
    ("starshina", 3, {"rules": "starshina"}),
    ("starshina", 3, {"rules": "classic"}),
    ("piquet", 2, {"variant": "rubicon"}),
    ("piquet", 3, {"variant": "normand"}),
    ("piquet", 4, {"variant": "a_quatre"}),
]


def _random_ending(game: str, n: int, opts: dict, seed: int, cards_left: int):
    """A real game played at random until at most ``cards_left`` cards remain in the hands
    during trick play (or None if the game never got there)."""
    state = rules.get_game(game).new_state(n, opts, seed=seed)
    rng = random.Random(seed)
    extract = hooks_for(game).endgame
    for _ in range(3000):
        if state.is_over:
            return None
        got = extract(state, 0)
        if got is not None and got[1].cards_left() <= cards_left:
            return state
        seat = state._mover
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TRICK_CONFIGS), st.integers(0, 10**6), st.integers(0, 3))
def test_solver_agrees_with_brute_force(config, seed, me):
    game, n, opts = config
    state = _random_ending(game, n, opts, seed, cards_left=3 * n + 1)
    if state is None:
        return
    got = hooks_for(game).endgame(state, me % n)
    assert got is not None
    model, pos = got
    exact = minimax(model, pos)
    solver = Solver(model)
    assert solver.value(pos) == exact
    # Asked again (the table full of bounds), and for the best move: the same value.
    card, v = solver.best(pos)
    assert v == exact
    assert card in model.legal(pos.hands[pos.mover], pos.trick)
    # Without merging equivalent cards: the same value.
    assert Solver(model, merge=False).value(pos) == exact


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TRICK_CONFIGS), st.integers(0, 10**6))
def test_the_model_plays_like_the_engine(config, seed):
    """Along random play to the end of a hand: the model's legal cards, trick winners and
    end-of-hand tricks are the engine's."""
    game, n, opts = config
    state = _random_ending(game, n, opts, seed, cards_left=60)
    if state is None:
        return
    rng = random.Random(seed)
    got = hooks_for(game).endgame(state, 0)
    assert got is not None
    model, pos = got
    hand_no = getattr(state, state.deal_field)
    while not state.is_over and getattr(state, state.deal_field) == hand_no:
        seat = state.current_seat
        legal = sorted(int(a.args[0]) for a in state.legal_actions(seat))
        assert seat == pos.mover
        assert sorted(model.legal(pos.hands[seat], pos.trick)) == legal
        card = rng.choice(legal)
        # The engine's own rule for this trick (read before a new hand may change trumps).
        full = len(state.trick) == n - 1
        engine_winner = state._trick_winner(state.trick + [[seat, card]]) if full else -1
        state.apply(seat, rules.get_game(game).parse_action(f"play {_text(card)}"))
        hands = tuple(h if s != seat else endgame._without(h, card)
                      for s, h in enumerate(pos.hands))
        trick = pos.trick + (card,)
        if len(trick) < n:
            pos = Position(hands, pos.leader, trick, pos.acc)
            continue
        winner = model.winner(trick, pos.leader)
        assert [s for s, _ in state.last_trick] == [(pos.leader + i) % n for i in range(n)]
        assert winner == engine_winner
        acc = model.score(pos.acc, trick, pos.leader, winner, not any(hands))
        pos = Position(hands, winner, (), acc)
        if model.over(acc):
            assert state.is_over
            return


def _text(card: int) -> str:
    from rules.cards import CARD
    return str(CARD[card])


def test_the_search_solves_only_sampled_worlds():
    """Every world the solver is given is a sample: never the real state, the searching
    seat's own cards as they are, and the others' cards dealt again."""
    game = rules.get_game("starshina")
    state = _random_ending("starshina", 3, {"rules": "starshina"}, seed=7, cards_left=18)
    assert state is not None
    seat = state.current_seat
    real = [sorted(h) for h in state.hands]
    seen: list = []
    original = hooks_for("starshina").endgame

    def spy(world, s):
        seen.append((world, [sorted(h) for h in world.hands], s))
        return original(world, s)

    player = SearchPlayer("starshina", "hard", seed=1, iterations=30, time_budget=None,
                          endgame_tricks=6)
    player._endgame = spy
    player.choose(state, seat)
    assert seen, "the solver was not used"
    assert all(world is not state for world, _, _ in seen)
    assert all(s == seat for _, _, s in seen)
    # The searching seat's own hand is the real one (less what it played in that world).
    assert all(set(hands[seat]) <= set(real[seat]) for _, hands, _ in seen)
    others = [s for s in range(3) if s != seat]
    resampled = [any(set(hands[o]) - set(real[o]) for o in others) for _, hands, _ in seen]
    assert any(resampled), "the hidden cards were never dealt again"
    assert game.name == "starshina"

