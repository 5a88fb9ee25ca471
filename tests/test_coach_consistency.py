"""The coach agrees with itself (issue 48): one seat plays a whole deal by the hints, as
the bot asks for them (the table's state through JSON, the seed of the table and move),
then the review of that deal (the bot's ``review_game``) lists no hinted move as a costly
decision - the hint and the review are one judgement (``coach.assess``) - and where a
hint says the next best move is clearly worse, the review of that move says it is costly,
with the same interval.  Every game and variant, one deal each, at small budgets."""

from __future__ import annotations

import random

import pytest

import rules
from bot.core.hints import hint_from_json
from bot.core.reviews import review_game
from rules.ai import evaluate
from rules.ai.coach import assess, decision_seed, judge
from rules.ai.hooks import hooks_for

BUDGET, WORLDS = 16, 8      # small: the whole suite runs in CI's budget
# The review's rounds of more worlds, and the hint's (its first round): small, like the
# bot's (192, 768) and (192,) in shape.
MORE, HINT_MORE = (16, 32), (16,)
SEED = 11
# Each game's first configuration, and every variant of Piquet (auction's bids, normand's
# three hands, à quatre's partners are decisions of their own).
CONFIGS = [(g, n, o) for g in sorted(rules.GAMES)
           for k, (n, o) in enumerate(rules.get_game(g).configurations())
           if k == 0 or g == "piquet"]


def _hinted_deal(game: str, n: int, options: dict) -> list[tuple[int, str]]:
    """The first deal, seat 0 playing the coach's hints, the others the game's heuristic."""
    state = rules.get_game(game).new_state(n, options, seed=SEED)
    hand = evaluate.hand_counter(state)
    rng = random.Random(SEED)
    log: list[tuple[int, str]] = []
    while not state.is_over and evaluate.hand_counter(state) == hand:
        s = state.current_seat
        assert s is not None
        if s == 0:
            # The Hints service's own call: the table's move count is len(log).
            action, _reasons = hint_from_json(game, state.to_json(), 0, BUDGET,
                                              decision_seed(SEED, len(log) + 1), WORLDS,
                                              HINT_MORE)
        else:
            action = str(hooks_for(game).choose(state, s, rng))
        state.apply(s, action)
        log.append((s, action))
    return log


@pytest.mark.parametrize("game,n,options", CONFIGS,
                         ids=[f"{g}-{o.get('variant', n)}" for g, n, o in CONFIGS])
def test_no_hinted_move_is_reviewed_as_costly(game: str, n: int, options: dict) -> None:
    log = _hinted_deal(game, n, options)
    body = review_game(game, n, options, SEED, log, 0, BUDGET, WORLDS, MORE)
    assert body["judged"] > 0, game
    mine = {i for i, (s, _) in enumerate(log, start=1) if s == 0}
    costly = [d for d in body["decisions"] if d["move"] in mine]
    assert costly == [], costly     # every move of seat 0 was the hint's


def test_a_clearly_worse_runner_up_is_reviewed_as_costly_with_the_same_interval() -> None:
    # Both say so: where the hint's judgement (its rounds) prices its runner-up as clearly
    # worse, the review of that move (more rounds) gives the same cost and interval: the
    # hint's sample is the first part of the review's, stopped by the same rule - unless
    # the review's second opinion (coach._second_opinion) found a move that the runner-up
    # loses clearly more against, and then it is at least as costly.
    said = 0
    for seed in range(6):
        state = rules.get_game("coins").new_state(3, {}, seed=seed)
        rng = random.Random(seed)
        for move in range(1, 30):
            s = state.current_seat
            assert s is not None
            got = assess(state, s, decision_seed(seed, move), BUDGET, WORLDS, more=HINT_MORE)
            if got is not None and len(got.prices) > 1 and got.prices[1].clear:
                runner = got.prices[1]
                j = judge(state, s, runner.action, BUDGET, decision_seed(seed, move),
                          check=WORLDS, more=MORE)
                assert j is not None and j.clear
                if j.best == got.best:
                    assert (j.cost, j.spread) == (runner.cost, runner.error)
                else:
                    # The review's second opinion found a move it loses more against.
                    assert j.cost > runner.cost
                said += 1
            state.apply(s, hooks_for("coins").choose(state, s, rng))
        if said >= 3:
            break
    assert said >= 3
