"""Starshina's rules as the endgame solver needs them (rules/ai/endgame.py):
``model(world, seat)`` gives ``(model, position)`` for a world in trick play, or None
in another phase.  It reads every hand of ``world``, so the search calls it on sampled
worlds only; the value at the end of the hand mirrors the game's ``AIHooks.value``.
"""

from __future__ import annotations

from games.starshina.engine import final_ranks
from rules.ai.endgame import Acc, Position, TrickModel, follow_suit, position_of
from rules.ai.evaluate import by_place
from rules.ai.hooks import lead
from rules.tricks import highest_card

WIN_TRICKS = 12


class StarshinaModel:
    """acc: (tricks by seat, the first seat to reach 12 or -1)."""
    n = 3
    merge = True    # only tricks count
    carries = "points"

    def __init__(self, me: int, trump: int | None, quotas: list[int], classic: bool,
                 stakes: list[int]) -> None:
        # The seed's rules value a hand as the rollouts do (games/starshina/ai.py; read
        # here, not at the top: that module imports this one for its hooks).
        from games.starshina.ai import game_won, open_hand
        self.me, self.trump, self.quotas = me, trump, quotas
        self.classic, self.stakes = classic, stakes
        self._open, self._won = open_hand, game_won

    def side(self, seat: int) -> int:
        return seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        return follow_suit(hand, trick[0] >> 4 if trick else None)

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        return highest_card([[(leader + i) % 3, c] for i, c in enumerate(trick)],
                            trick[0] >> 4, self.trump)

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        tricks, reached = acc
        tricks = tricks[:winner] + (tricks[winner] + 1,) + tricks[winner + 1:]
        if reached < 0 and tricks[winner] == WIN_TRICKS:
            reached = winner
        return tricks, reached

    def over(self, acc: Acc) -> bool:
        return False

    def points(self, acc: Acc) -> None:
        return None     # only tricks: winning one with a high card is not always better

    def value(self, acc: Acc) -> float:
        tricks, reached = acc
        me = self.me
        if not self.classic:
            return self._open(tricks, me) if reached < 0 else \
                self._won(tricks, self.quotas, me, reached)
        over = [t - q for t, q in zip(tricks, self.quotas, strict=True)]
        if reached >= 0:
            # The game ends with this hand: valued by place, as the rollouts value it
            # (evaluate.by_place), the hand's overtricks settled first.
            final = [s + d for s, d in zip(self.stakes, over, strict=True)]
            return by_place(final_ranks(final, reached), me)
        mine = max(-1.0, min(1.0, (over[me] - max(o for i, o in enumerate(over) if i != me))
                             / 8.0))
        stakes = [s + d for s, d in zip(self.stakes, over, strict=True)]
        return 0.5 * lead(stakes[me], [x for i, x in enumerate(stakes) if i != me],
                          10.0) + 0.3 * mine


def model(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over or world.phase != "play":
        return None
    reached = -1 if world.reached is None else world.reached
    model = StarshinaModel(seat, world.trump, list(world.quotas), world.rules == "classic",
                           list(world.stakes))
    return model, position_of(world, (tuple(world.tricks), reached))
