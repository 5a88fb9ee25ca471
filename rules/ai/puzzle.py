"""Puzzles from finished games (issue 49): decisions where one move is clearly best.

``mine`` replays a logged game and, at each decision with 2..``MAX_MOVES`` legal moves,
asks the coach (``coach.assess``, the judgement behind hints and reviews):

1. at the cheap ``budget`` (search iterations; the moves are priced on as many fresh
   worlds): the search's runner-up must be costly (``coach.costly``: its whole loss
   interval above MATTERS) - most decisions stop here, for the price of one hint;
2. then every other legal move is priced against the choice on fresh worlds: all
   costly;
3. re-checked at ``check_budget`` with another seed stream: the same best move, and
   every other legal move still costly.  The hint's reasons come from that budget.

At most ``keep`` per game, the clearest: the largest lower end of the runner-up's loss
(the least costly alternative's).  Pure and deterministic given the seed: budgets are
counts, never wall-clock time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..base import State
from .coach import Price, Reason, assess, decision_seed, hint, price_moves

MAX_MOVES = 8          # a button per candidate: more is no puzzle
PUZZLE_BUDGET = 48     # the cheap first look (iterations, and fresh worlds priced on)
CHECK_BUDGET = 150     # the re-check (coach.COACH_BUDGET: a hint's own budget)
KEEP = 3               # puzzles kept per game


@dataclass(frozen=True)
class Found:
    move: int                        # 1-based number of the move in the game's log
    seat: int
    state: State                     # the position before the move (a clone)
    answer: Action
    candidates: tuple[Price, ...]    # every legal move but the answer, priced against it
    reasons: tuple[Reason, ...]

    @property
    def clearness(self) -> float:
        """The lower end of the least costly alternative's loss (what ``keep`` sorts by)."""
        return min(p.low for p in self.candidates)


def check_seed(seed: int) -> int:
    """The re-check's seed: another stream than the first look's ``seed``."""
    return (seed * 7919 + 104_729) % (1 << 61)


def _clear_best(state: State, seat: int, legal: list[Action], seed: int, budget: int
                ) -> tuple[Action, tuple[Price, ...]] | None:
    """The coach's choice at ``budget`` and every other legal move priced against it, if
    every one of them is costly; else None."""
    got = assess(state, seat, seed, budget, budget, more=())
    if got is None or len(got.prices) < 2 or not got.prices[1].clear:
        return None     # the search's runner-up is close: no puzzle (the cheap test)
    others = [a for a in legal if a != got.best]
    prices = price_moves(state, seat, got.best, others, seed, budget, budget, "puzzle")
    if not all(p.clear for p in prices):
        return None
    return got.best, prices


def check(state: State, seat: int, seed: int, budget: int, check_budget: int, move: int = 0
          ) -> Found | None:
    """The puzzle at this decision (``seed``: the decision's), or None: fewer than 2 or
    more than MAX_MOVES legal moves, a close alternative, or a re-check that disagrees."""
    legal = state.legal_actions(seat)
    if not 2 <= len(legal) <= MAX_MOVES:
        return None
    first = _clear_best(state, seat, legal, seed, budget)
    if first is None:
        return None
    again = check_seed(seed)
    second = _clear_best(state, seat, legal, again, check_budget)
    if second is None or second[0] != first[0]:
        return None
    reasons = hint(state, seat, check_budget, again, worlds=check_budget).reasons
    return Found(move, seat, state.clone(), second[0], second[1], reasons)


def mine(start: State, seed: int, actions: list[tuple[int, str]], budget: int = PUZZLE_BUDGET,
         check_budget: int = CHECK_BUDGET, keep: int = KEEP) -> list[Found]:
    """The puzzles of the game dealt as ``start`` (seeded ``seed``) and logged as
    ``actions`` ((seat, action) per move): at most ``keep``, the clearest, in the order
    of the game.  Each decision is looked at with the seed a hint there uses
    (``coach.decision_seed``)."""
    state = start.clone()
    found: list[Found] = []
    for i, (s, action) in enumerate(actions, start=1):
        if state.is_over:
            break
        if s == state.current_seat:
            got = check(state, s, decision_seed(seed, i), budget, check_budget, i)
            if got is not None:
                found.append(got)
        state.apply(s, action)
    found.sort(key=lambda f: (-f.clearness, f.move))
    return sorted(found[:keep], key=lambda f: f.move)
