"""Coins's rules as the endgame solver needs them (rules/ai/endgame.py):
``model(world, seat)`` gives ``(model, position)`` for a world in trick play, or None
in another phase.  It reads every hand of ``world``, so the search calls it on sampled
worlds only; the value at the end of the hand mirrors the game's ``AIHooks.value``.
"""

from __future__ import annotations

from games.coins.engine import winning_place
from rules.ai.endgame import Acc, Position, TrickModel, position_of
from rules.ai.hooks import lead
from rules.cards import OROS


class CoinsModel:
    """acc: every seat's coins; the game stops the moment one reaches the target."""
    n = 3
    merge = True    # a trick's coins depend on the suits only
    carries = "coins"

    def __init__(self, me: int, target: int) -> None:
        self.me = me
        self.target = target

    def side(self, seat: int) -> int:
        return seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        return list(hand)     # no duty to follow suit

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        return (leader + winning_place(*trick)) % 3

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        coins = sum(1 for c in trick if c >> 4 == OROS)
        if not coins:
            return acc
        return acc[:winner] + (acc[winner] + coins,) + acc[winner + 1:]

    def over(self, acc: Acc) -> bool:
        return max(acc) >= self.target

    def points(self, acc: Acc) -> tuple[int, ...]:
        return acc

    def value(self, acc: Acc) -> float:
        if max(acc) >= self.target:
            return 1.0 if acc[self.me] >= self.target else -1.0
        return lead(acc[self.me], [v for i, v in enumerate(acc) if i != self.me],
                    self.target)


def model(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over:
        return None
    return CoinsModel(seat, world.target), position_of(world, tuple(world.scores))
