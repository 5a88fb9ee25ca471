"""How a review prices a move (rules/ai/coach.py ``judge``): the move played and the hard
AI's choice are played again, paired, in fresh sampled worlds (``SearchPlayer.play_out``),
not on the worlds the search chose its move by."""

from __future__ import annotations

import random

import rules
from rules.actions import Action
from rules.ai.coach import CHECK_WORLDS, judge
from rules.ai.search import SearchPlayer

from .test_ai_gifts import _endgame


def _mid_hand(game: str, seed: int, moves: int):
    """A seeded hand of ``game`` after ``moves`` moves of the game's heuristic."""
    from rules.ai.hooks import hooks_for
    g = rules.get_game(game)
    state = g.new_state(g.player_counts()[0], {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        s = state.current_seat
        assert s is not None
        state.apply(s, hooks_for(game).choose(state, s, rng))
    return state


def test_play_out_pairs_the_moves_on_the_same_worlds() -> None:
    state = _mid_hand("coins", 3, 7)
    seat = state.current_seat
    assert seat is not None
    a, b = state.legal_actions(seat)[:2]
    player = SearchPlayer("coins", "hard", 1, iterations=50, time_budget=None)
    same = player.play_out(state, seat, [a, a, b], 9, random.Random(5))
    assert [len(v) for v in same] == [9, 9, 9]
    assert same[0] == same[1]                    # the same world and rollout seed: paired
    again = SearchPlayer("coins", "hard", 1, iterations=50, time_budget=None).play_out(
        state, seat, [a, a, b], 9, random.Random(5))
    assert again == same                         # deterministic given the rng
    assert state.legal_actions(seat)[:2] == [a, b]   # the real state is untouched


def test_a_gift_is_priced_in_fresh_worlds_and_the_ai_move_costs_nothing() -> None:
    # The Coins gift of issue 39 (as in test_ai_gifts): last to play to K+3 of clubs while
    # holding the ace of clubs, the 2 of coins hands the king's seat a coin.
    state = _endgame({0: ["AB", "2O", "5C"], 1: ["KB", "4E", "6C"], 2: ["3B", "8E", "9C"]},
                     (4, 5, 2), seed=1)
    state.leader = state.current_seat = 1
    state.apply(1, "play KB")
    state.apply(2, "play 3B")
    seat = 0
    best = SearchPlayer("coins", "hard", 0, iterations=150, time_budget=None,
                        common_worlds=12).choose(state, seat)
    legal = state.legal_actions(seat)
    for seed in range(3):
        mine = judge(state, seat, best, seed=seed)
        assert mine is not None and mine.cost == 0.0
    worse = [j for a in legal if a != best
             if (j := judge(state, seat, a, seed=1)) is not None and j.cost > 0]
    assert "play 2O" in {str(j.played) for j in worse}
    for j in worse:
        # At least the fresh worlds; more where a second opinion confirmed the choice.
        assert j.worlds >= CHECK_WORLDS and 0.0 < j.cost <= 2.0 and j.spread >= 0.0
        assert 0 <= j.disagree <= j.worlds
    # The old measure (the search's own worlds) is still there for the benchmark's oracle.
    old = judge(state, seat, worse[0].played, seed=1, check=0)
    assert old is not None and old.worlds >= 12


def test_an_unsettled_loss_is_priced_again_in_rounds_and_stops_once_settled(monkeypatch
                                                                            ) -> None:
    # The review's rounds (coach.MORE_WORLDS, small here): a loss whose interval straddles
    # MATTERS gets more fresh worlds, STEP at a time, until it no longer does or the rounds
    # run out; a hint's fewer rounds are the first part of the same sample, so where the
    # hint's price is settled the review's is the same price.
    from rules.ai import coach
    monkeypatch.setattr(coach, "STEP", 4)
    budget, worlds, rounds, hint_rounds = 16, 8, (8, 16), (8,)
    grown = settled = 0
    for moves in range(2, 30):
        state = _mid_hand("coins", 5, moves)
        seat = state.current_seat
        assert seat is not None
        first = coach.assess(state, seat, moves, budget, worlds, more=())
        if first is None or len(first.prices) < 2:
            continue
        runner = first.prices[1]
        full = coach.assess(state, seat, moves, budget, worlds, more=rounds)
        hinted = coach.assess(state, seat, moves, budget, worlds, more=hint_rounds)
        assert full is not None and hinted is not None
        assert full.best == hinted.best == first.best
        p, h = full.prices[1], hinted.prices[1]
        assert p.action == h.action == runner.action
        if not runner.unsettled:
            assert p == h == runner                     # settled: no more worlds
            continue
        grown += 1
        assert worlds < p.worlds <= worlds + sum(rounds)
        assert (p.worlds - worlds) % coach.STEP == 0
        # Stopped early only because the interval no longer straddles the line.
        assert p.worlds == worlds + sum(rounds) or not p.unsettled
        if not h.unsettled:
            settled += 1
            assert p == h                               # the hint's verdict is the review's
        else:
            assert h.worlds == worlds + sum(hint_rounds) and p.worlds >= h.worlds
        if grown >= 3 and settled:
            break
    assert grown >= 3 and settled >= 1


def _four_move_position():
    """A Coins position with at least four legal moves, its seat, and the hard search's
    choice there (the coach's first search, as ``assess`` runs it)."""
    from rules.ai import coach
    for moves in range(3, 30):
        state = _mid_hand("coins", 11, moves)
        seat = state.current_seat
        assert seat is not None
        if len(state.legal_actions(seat)) >= 4:
            first = coach.assess(state, seat, 0, 16, 8, more=())
            assert first is not None and len(first.prices) >= 2
            return state, seat, first
    raise AssertionError("no position with four moves")


def _scored(score: dict, noisy: str = ""):
    """A stand-in for the pricing's play-outs: every move's value in world w is its
    ``score`` plus a luck of the world shared by every move (what pairing cancels); the
    move ``noisy`` has a luck of its own on top, so its loss is uncertain."""
    def values(state, seat, seed, budget, moves, worlds, rng):
        return [[score.get(str(m), 0.0) + 0.3 * ((w * 7) % 5 - 2) / 2
                 + (0.15 * ((w * 3) % 7 - 3) / 3 if str(m) == noisy else 0.0)
                 for w in range(worlds)]
                for m in moves]
    return values


def test_a_runner_up_clearly_better_on_the_fresh_worlds_is_the_choice(monkeypatch) -> None:
    # The search chose its move on its own few worlds; where its runner-up is clearly
    # better on the fresh ones, the coach names the runner-up, in a hint and a review
    # alike: the hinted move costs nothing and the search's first choice is the costly one.
    from rules.ai import coach
    state, seat, first = _four_move_position()
    searched, runner = first.best, first.prices[1].action
    monkeypatch.setattr(coach, "_values", _scored({str(runner): 0.1}))
    got = coach.assess(state, seat, 0, 16, 8, more=())
    assert got is not None and got.best == runner
    assert got.prices[1].action == searched and got.prices[1].clear
    assert coach.hint(state, seat, 16, 0, 8, more=()).action == runner
    j = coach.judge(state, seat, runner, 16, 0, check=8, more=())
    assert j is not None and j.best == runner and j.cost == 0.0 and not j.clear
    j = coach.judge(state, seat, searched, 16, 0, check=8, more=())
    assert j is not None and j.best == runner and j.clear and abs(j.cost - 0.1) < 1e-9
    # Not clearly better (within MATTERS): the search's choice stands.
    monkeypatch.setattr(coach, "_values", _scored({str(runner): 0.01}))
    again = coach.assess(state, seat, 0, 16, 8, more=())
    assert again is not None and again.best == searched


def test_a_loss_in_doubt_gets_a_second_opinion_that_never_blames_the_hinted_move(
        monkeypatch) -> None:
    # A review's second opinion: where the loss of the move played may matter, every
    # legal move of a short list is played out on fresh worlds, and the move played is
    # priced against the best of them where it loses clearly more there.
    from rules.ai import coach
    state, seat, first = _four_move_position()
    searched, runner = first.best, first.prices[1].action
    played, better = [a for a in state.legal_actions(seat) if a not in (searched, runner)
                      ][:2]
    # The move played loses about 0.01 against the search's choice, with noise enough
    # that 0.02 is inside its interval: in doubt.  Every other move is as good as the
    # search's choice or worse, so a wider look finds nothing clearly better.
    monkeypatch.setattr(coach, "_values", _scored({str(searched): 0.0, str(played): -0.01,
                                                   str(better): -0.03}, str(played)))
    seconds: list[Action] = []
    real = coach._second_opinion

    def second(*args, **kwargs):
        seconds.append(args[7])
        return real(*args, **kwargs)
    monkeypatch.setattr(coach, "_second_opinion", second)
    doubt = coach.judge(state, seat, played, 16, 0, check=8, more=(), second=0)
    assert doubt is not None and doubt.best == searched and not doubt.clear
    assert doubt.cost + coach.Z * doubt.spread > coach.MATTERS and not seconds
    same = coach.judge(state, seat, played, 16, 0, check=8, more=())
    assert seconds == [played] and same is not None
    assert not same.clear and same.cost <= doubt.cost + coach.MATTERS
    # A move clearly better than the search's choice: the move played is priced against it.
    monkeypatch.setattr(coach, "_values", _scored({str(searched): 0.0, str(played): -0.01,
                                                   str(better): 0.1}, str(played)))
    again = coach.judge(state, seat, played, 16, 0, check=8, more=())
    assert again is not None and again.best == better and again.clear
    assert again.cost > doubt.cost
    # A list too long to play out whole: a bigger search's choice instead.
    monkeypatch.setattr(coach, "WIDE", 2)
    searches: list[int] = []
    real_player = coach._player

    def player(state, seed, budget, worlds=0):
        got = real_player(state, seed, budget, worlds)
        if budget == coach.SECOND_OPINION * 16:
            searches.append(budget)
            got.choose = lambda *_a, **_k: better      # type: ignore[method-assign]
        return got
    monkeypatch.setattr(coach, "_player", player)
    wide = coach.judge(state, seat, played, 16, 0, check=8, more=())
    assert searches and wide == again
    # The search's own choice - what a hint names - never gets a second opinion.
    seconds.clear()
    mine = coach.judge(state, seat, searched, 16, 0, check=8, more=())
    assert mine is not None and mine.cost == 0.0 and not seconds
