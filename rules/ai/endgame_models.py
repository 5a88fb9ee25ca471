"""Each trick game's rules as the endgame solver needs them (rules/ai/endgame.py).

``MODELS[game](world, seat)`` gives ``(model, position)`` for a world in trick
play, or None when the world is in another phase (or a variant the solver does
does not model).
It reads every hand of ``world``, so the search calls it on sampled worlds only.

The values at the end of the hand mirror the games' own ``AIHooks.value`` (a
lead in the game's currency), with a finished game scored as in
``evaluate``: the winner 1, the others -1.  Pinkerton has no model: it is not
a trick game, its stock is reshuffled and drawn from until the round ends, so
there is no perfect-information finish to solve.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import State
from ..cards import JOKER_SUIT, OROS
from ..games.coins import winning_place
from ..games.piquet.scoring import contract_points
from ..games.starshina import final_ranks
from ..games.thirteens import thirteens_winner
from ..games.thirteens_scoring import NO_TRICK_PENALTY, trick_points
from ..tricks import highest_card
from .endgame import Acc, Position, TrickModel
from .evaluate import by_place
from .hooks import lead

Extract = Callable[[State, int], "tuple[TrickModel, Position] | None"]


def _position(world, acc: Acc) -> Position:
    return Position(tuple(tuple(sorted(h)) for h in world.hands), world.leader,
                    tuple(c for _, c in world.trick), acc)


def _follow(hand: tuple[int, ...], led: int | None) -> list[int]:
    if led is None:
        return list(hand)
    same = [c for c in hand if c >> 4 == led]
    return same or list(hand)


# --- Coins ------------------------------------------------------------------------------

class CoinsModel:
    """acc: every seat's coins; the game stops the moment one reaches the target."""
    n = 3
    merge = True    # a trick's coins depend on the suits only

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


def coins(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over:
        return None
    return CoinsModel(seat, world.target), _position(world, tuple(world.scores))


# --- Thirteens --------------------------------------------------------------------------

class ThirteensModel:
    """acc: (this hand's points by seat, a bit per seat that has taken a trick)."""
    merge = False   # a trick's points depend on every rank (pairs, runs, thirteens)

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
        return _follow(hand, led)

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


def thirteens(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over:
        return None
    took = sum(1 << s for s in range(world.n) if world.tricks[s])
    model = ThirteensModel(seat, world.n, world.trump, world.thirteen_value,
                           list(world.scores), world.target)
    return model, _position(world, (tuple(world.hand_points), took))


# --- Starshina ----------------------------------------------------------------------------

WIN_TRICKS = 12


class StarshinaModel:
    """acc: (tricks by seat, the first seat to reach 12 or -1)."""
    n = 3
    merge = True    # only tricks count

    def __init__(self, me: int, trump: int | None, quotas: list[int], classic: bool,
                 stakes: list[int]) -> None:
        # The seed's rules value a hand as the rollouts do (heuristics/starshina.py; read
        # here, not at the top: the heuristics package imports this module).
        from .heuristics.starshina import game_won, open_hand
        self.me, self.trump, self.quotas = me, trump, quotas
        self.classic, self.stakes = classic, stakes
        self._open, self._won = open_hand, game_won

    def side(self, seat: int) -> int:
        return seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        return _follow(hand, trick[0] >> 4 if trick else None)

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


def starshina(world, seat: int) -> tuple[TrickModel, Position] | None:
    if world.is_over or world.phase != "play":
        return None
    reached = -1 if world.reached is None else world.reached
    model = StarshinaModel(seat, world.trump, list(world.quotas), world.rules == "classic",
                           list(world.stakes))
    return model, _position(world, (tuple(world.tricks), reached))


# --- Piquet -------------------------------------------------------------------------------

class PiquetModel:
    """acc: (the play's points by side, tricks by side).  A point for leading, one for
    taking a trick the other side led, one more for the last (or, without lead points,
    a point a trick); then ten for the cards or the capot - or, in the auction, the
    contract's points for the tricks the declarer took.  (Pique and au cent's stop at
    100 are left to the engine when the line is played out.)"""
    merge = True    # only tricks count

    def __init__(self, me: int, n: int, teams: bool, lead_points: bool, capot: int,
                 totals: list[int], contract: dict | None = None) -> None:
        self.me, self.n, self.teams = me, n, teams
        self.lead_points, self.capot, self.totals = lead_points, capot, totals
        self.contract = contract

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
        return _follow(hand, trick[0] >> 4 if trick else None)

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        n = self.n
        return highest_card([[(leader + i) % n, c] for i, c in enumerate(trick)],
                            trick[0] >> 4, None)

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        points, tricks = list(acc[0]), list(acc[1])
        w, ld = self.side(winner), self.side(leader)
        tricks[w] += 1
        if self.lead_points:
            points[ld] += 1
            if w != ld:
                points[w] += 1
            if last:
                points[w] += 1
        else:
            points[w] += 1
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


def piquet(world, seat: int) -> tuple[TrickModel, Position] | None:
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
    return model, _position(world, (tuple(points), tuple(tricks)))


MODELS: dict[str, Extract] = {"coins": coins, "thirteens": thirteens,
                              "starshina": starshina, "piquet": piquet}
