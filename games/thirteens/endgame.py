"""Thirteens's rules as the endgame solver needs them (rules/ai/endgame.py):
``model(world, seat)`` gives ``(model, position)`` for a world in trick play, or None
in another phase.  It reads every hand of ``world``, so the search calls it on sampled
worlds only; the value at the end of the hand mirrors the game's ``AIHooks.value``.
"""

from __future__ import annotations

from games.thirteens.engine import thirteens_winner
from games.thirteens.scoring import NO_TRICK_PENALTY, trick_points
from rules.ai.endgame import Acc, Position, TrickModel, follow_suit, position_of
from rules.ai.hooks import lead
from rules.cards import JOKER_SUIT


class ThirteensModel:
    """acc: (this hand's points by seat, a bit per seat that has taken a trick)."""
    merge = False   # a trick's points depend on every rank (pairs, runs, thirteens)
    carries = "points"

    def __init__(self, me: int, n: int, trump: int | None, thirteen_value: int,
                 scores: list[int], target: int) -> None:
        self.me, self.n, self.trump = me, n, trump
        self.thirteen_value = thirteen_value
        self.scores, self.target = scores, target
        # The solver meets the same tricks and ends again and again: remember them.
        self._winners: dict[tuple, int] = {}
        self._points: dict[tuple, int] = {}
        self._values: dict[Acc, float] = {}

    def side(self, seat: int) -> int:
        return seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        led = next((c >> 4 for c in trick if c >> 4 != JOKER_SUIT), None)
        return follow_suit(hand, led)

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        key = (trick, leader)
        w = self._winners.get(key)
        if w is None:
            n = self.n
            w = self._winners[key] = thirteens_winner(
                [[(leader + i) % n, c] for i, c in enumerate(trick)], self.trump)
        return w

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        points, took = acc
        gained = self._points.get(trick)
        if gained is None:
            gained = self._points[trick] = trick_points(list(trick), self.thirteen_value)[0]
        points = points[:winner] + (points[winner] + gained,) + points[winner + 1:]
        return points, took | 1 << winner

    def over(self, acc: Acc) -> bool:
        return False

    def points(self, acc: Acc) -> tuple[int, ...]:
        return acc[0]

    def value(self, acc: Acc) -> float:
        v = self._values.get(acc)
        if v is None:
            v = self._values[acc] = self._value(acc)
        return v

    def _value(self, acc: Acc) -> float:
        points, took = acc
        totals = [s + p - (0 if took >> i & 1 else NO_TRICK_PENALTY)
                  for i, (s, p) in enumerate(zip(self.scores, points, strict=True))]
        others = [t for i, t in enumerate(totals) if i != self.me]
        if max(totals) >= self.target:
            return 1.0 if totals[self.me] > max(others) else -1.0
        return lead(totals[self.me], others, 30.0)


def model(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over:
        return None
    took = sum(1 << s for s in range(world.n) if world.tricks[s])
    model = ThirteensModel(seat, world.n, world.trump, world.thirteen_value,
                           list(world.scores), world.target)
    return model, position_of(world, (tuple(world.hand_points), took))
