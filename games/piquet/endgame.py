"""Piquet's rules as the endgame solver needs them (rules/ai/endgame.py):
``model(world, seat)`` gives ``(model, position)`` for a world in trick play, or None
in another phase.  It reads every hand of ``world``, so the search calls it on sampled
worlds only; the value at the end of the hand mirrors the game's ``AIHooks.value``.
"""

from __future__ import annotations

from games.piquet.scoring import contract_points
from rules.ai.endgame import Acc, Position, TrickModel, follow_suit, position_of
from rules.ai.hooks import lead


class PiquetModel:
    """acc: (the play's points by side, tricks by side).  A point for leading, one for
    taking a trick the other side led, one more for the last (or, without lead points,
    a point a trick); then ten for the cards or the capot - or, in the auction, the
    contract's points for the tricks the declarer took.  (Pique and au cent's stop at
    100 are left to the engine when the line is played out.)"""
    merge = True    # only tricks count
    carries = "points"

    def __init__(self, me: int, n: int, teams: bool, lead_points: bool, capot: int,
                 totals: list[int], contract: dict | None = None) -> None:
        self.me, self.n, self.teams = me, n, teams
        self.lead_points, self.capot, self.totals = lead_points, capot, totals
        self.contract = contract

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        return follow_suit(hand, trick[0] >> 4 if trick else None)

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        # No trumps: the highest card of the led suit (the engine's highest_card, read
        # here without building its seat lists: the solver asks at every trick).
        led = trick[0] >> 4
        best, place = trick[0], 0
        for i in range(1, len(trick)):
            c = trick[i]
            if c >> 4 == led and c > best:
                best, place = c, i
        return (leader + place) % self.n

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        points, tricks = list(acc[0]), list(acc[1])
        if self.teams:
            winner, leader = winner % 2, leader % 2
        tricks[winner] += 1
        if self.lead_points:
            points[leader] += 1
            points[winner] += (winner != leader) + last
        else:
            points[winner] += 1
        return tuple(points), tuple(tricks)

    def over(self, acc: Acc) -> bool:
        return False

    def points(self, acc: Acc) -> None:
        return None     # a point a trick: as in Starshina, ducking may be right

    def value(self, acc: Acc) -> float:
        points, tricks = list(acc[0]), acc[1]
        best = max(tricks)
        c = self.contract
        if c is not None:
            declarer = self.side(c["seat"])
            mine, theirs = contract_points(c["n"], c["negative"], c["mult"], tricks[declarer])
            points[declarer] += mine
            points[1 - declarer] += theirs    # the auction is two-handed
        elif tricks.count(best) == 1:
            side = tricks.index(best)
            points[side] += self.capot if best == sum(tricks) else 10
        totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        me = self.side(self.me)
        return lead(totals[me], [t for i, t in enumerate(totals) if i != me], 100.0)


def model(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over or world.phase != "play":
        return None
    v = world.variant_rules
    sides = len(world.totals)
    tricks = [0] * sides
    for s, t in enumerate(world.tricks):
        tricks[world.side(s)] += t
    contract = world.contract if v.name == "auction" else None
    model = PiquetModel(seat, world.n, v.teams, v.lead_points, v.capot, [0] * sides, contract)
    # The totals as they stand (so positions reached after different moves compare),
    # less the lead point of a trick in progress: the model counts it with the trick.
    points = list(world.totals)
    if world.trick and v.lead_points:
        points[world.side(world.trick[0][0])] -= 1
    return model, position_of(world, (tuple(points), tuple(tricks)))
