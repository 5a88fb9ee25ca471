"""An exact perfect-information solver for the end of a hand of tricks.

The search plays each root move in sampled worlds (``state.sample_world``);
once few enough cards remain in a world, the rest of the hand is played by
this solver instead of heuristic rollouts - PIMC with a double-dummy solver,
as the strongest bridge and skat programs do.  The solver sees every hand of
the world it is given, so it is only ever given sampled worlds (the search
never passes it the real state; tests/test_ai_endgame.py checks that).

The position is a compact copy of the trick play (``Position``); what differs
between games - who must follow, who wins a trick, what a trick scores, how
the end of the hand is valued - is a ``TrickModel`` (each game's ``endgame.py``, ``games/<game>/``).
More than two players are searched *paranoid*: the searching seat's side
maximises its value, every other seat minimises it, which keeps the search a
two-sided alpha-beta.

What makes it fast enough for a few hundred calls a move:

* alpha-beta with a transposition table of value bounds, keyed on the hands,
  the leader, the trick so far and the score-relevant part of what has been
  won (``acc``: e.g. tricks for quotas, coins for the target);
* equivalent cards merged: cards of one hand with no other live card of their
  suit between them win and lose the same tricks, so they are one move (only
  in games whose trick scores do not depend on the rank: ``model.merge``);
* the table's best move tried first, then high cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

Hands = tuple[tuple[int, ...], ...]
Acc = tuple

INF = math.inf


class TrickModel(Protocol):
    """One game's trick play, as the solver needs it."""

    n: int          # players
    me: int         # the seat whose value is maximised (with its side)
    merge: bool     # whether adjacent live cards of a suit in one hand are one move
    # What ``points`` counts, in the game's terms, for the coach's reasons: "coins"
    # (Coins) or "points" (Thirteens); a game without trick points leaves "points".
    carries: str

    def side(self, seat: int) -> int: ...

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]: ...

    def winner(self, trick: tuple[int, ...], leader: int) -> int:
        """The seat that wins a complete trick led by ``leader``."""
        ...

    def score(self, acc: Acc, trick: tuple[int, ...], leader: int, winner: int,
              last: bool) -> Acc:
        """What has been won after this trick (``last``: the hand's final trick)."""
        ...

    def over(self, acc: Acc) -> bool:
        """Whether the play stops here (a target reached mid-hand)."""
        ...

    def value(self, acc: Acc) -> float:
        """The end of the hand (or the stop) from ``me``'s side's point of view."""
        ...

    def points(self, acc: Acc) -> tuple[int, ...] | None:
        """Points by side that a trick's cards carry (coins, Thirteens' combinations), or
        None where a trick is only a trick (then no trick can be a plain gift)."""
        ...


@dataclass(frozen=True)
class Position:
    hands: Hands            # every seat's cards, sorted
    leader: int
    trick: tuple[int, ...]  # cards played to the current trick, from the leader on
    acc: Acc

    @property
    def mover(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def cards_left(self) -> int:
        return sum(len(h) for h in self.hands)

    def after(self, model: TrickModel, card: int) -> Position:
        """The position once the mover has played ``card``."""
        mover = self.mover
        hands = self.hands[:mover] + (_without(self.hands[mover], card),) + \
            self.hands[mover + 1:]
        trick = self.trick + (card,)
        if len(trick) < model.n:
            return Position(hands, self.leader, trick, self.acc)
        winner = model.winner(trick, self.leader)
        acc = model.score(self.acc, trick, self.leader, winner, not any(hands))
        return Position(hands, winner, (), acc)


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


class Solver:
    """Exact (paranoid) minimax values of trick endings for one model; the table is
    kept between calls, so solving the positions along one line costs little more
    than solving its first."""

    def __init__(self, model: TrickModel, merge: bool | None = None) -> None:
        self.model = model
        self.merge = model.merge if merge is None else merge
        self.my_side = model.side(model.me)
        self.table: dict[tuple, tuple[float, float, int]] = {}
        self.nodes = 0
        # Whether each seat plays for the searching side (read at every node).
        self._maxing = tuple(model.side(s) == self.my_side for s in range(model.n))

    # --- public -----------------------------------------------------------------------

    def value(self, pos: Position) -> float:
        return self._ab(pos.hands, pos.leader, pos.trick, pos.acc, -INF, INF)

    def best(self, pos: Position) -> tuple[int, float]:
        """The mover's best card (for its own side: paranoid) and the position's value."""
        hands, leader, trick, acc = pos.hands, pos.leader, pos.trick, pos.acc
        mover = pos.mover
        maxing = self._maxing[mover]
        best_card, best_v = -1, -INF if maxing else INF
        alpha, beta = -INF, INF
        for c in self._moves(hands, mover, trick,
                             self.table.get((hands, leader, trick, acc))):
            v = self._child(hands, leader, trick, acc, mover, c, alpha, beta)
            if (v > best_v) if maxing else (v < best_v):
                best_card, best_v = c, v
                if maxing:
                    alpha = v
                else:
                    beta = v
        return best_card, best_v

    # --- search -------------------------------------------------------------------------

    def _moves(self, hands: Hands, mover: int, trick: tuple[int, ...],
               hit: tuple[float, float, int] | None) -> list[int]:
        """The mover's cards to try: equivalent ones merged (where the model allows), the
        table's best move (``hit``: the position's entry) first, then high cards."""
        legal = self.model.legal(hands[mover], trick)[::-1]   # hands are sorted: high first
        if len(legal) > 1:
            kept = [legal[0]]
            others = -1       # the live cards of other seats and the trick: built on demand
            for c in legal[1:]:
                prev = kept[-1]
                if c == prev:
                    continue      # a second copy of a card (two decks)
                if self.merge and prev >> 4 == c >> 4:
                    if others < 0:
                        others = 0
                        for s, h in enumerate(hands):
                            if s != mover:
                                for x in h:
                                    others |= 1 << x
                        for x in trick:
                            others |= 1 << x
                    # Live cards of other seats (and the trick) split a run of equivalent
                    # cards; with none between, c is the same as the higher card kept.
                    if not others >> (c + 1) & ((1 << (prev - c - 1)) - 1):
                        continue
                kept.append(c)
            legal = kept
        if hit is not None and hit[2] in legal:
            legal.remove(hit[2])
            legal.insert(0, hit[2])
        return legal

    def _child(self, hands: Hands, leader: int, trick: tuple[int, ...], acc: Acc,
               mover: int, card: int, alpha: float, beta: float) -> float:
        model = self.model
        hands = hands[:mover] + (_without(hands[mover], card),) + hands[mover + 1:]
        trick = trick + (card,)
        if len(trick) < model.n:
            return self._ab(hands, leader, trick, acc, alpha, beta)
        winner = model.winner(trick, leader)
        last = not any(hands)
        acc = model.score(acc, trick, leader, winner, last)
        if last or model.over(acc):
            self.nodes += 1
            return model.value(acc)
        return self._ab(hands, winner, (), acc, alpha, beta)

    def _ab(self, hands: Hands, leader: int, trick: tuple[int, ...], acc: Acc,
            alpha: float, beta: float) -> float:
        self.nodes += 1
        key = (hands, leader, trick, acc)
        hit = self.table.get(key)
        if hit is not None:
            lo, hi, _ = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        mover = (leader + len(trick)) % self.model.n
        best_card = -1
        moves = self._moves(hands, mover, trick, hit)
        if self._maxing[mover]:
            v = -INF
            for c in moves:
                w = self._child(hands, leader, trick, acc, mover, c, alpha, beta)
                if w > v:
                    v, best_card = w, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            v = INF
            for c in moves:
                w = self._child(hands, leader, trick, acc, mover, c, alpha, beta)
                if w < v:
                    v, best_card = w, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        lo, hi = (-INF, INF) if hit is None else (hit[0], hit[1])
        if v <= a0:
            hi = min(hi, v)       # failed low: an upper bound
        elif v >= b0:
            lo = max(lo, v)       # failed high: a lower bound
        else:
            lo = hi = v
        self.table[key] = (lo, hi, best_card)
        return v


def position_of(world, acc: Acc) -> Position:
    """A trick world's position for the solver: its hands, leader and trick, with ``acc``."""
    return Position(tuple(tuple(sorted(h)) for h in world.hands), world.leader,
                    tuple(c for _, c in world.trick), acc)


def follow_suit(hand: tuple[int, ...], led: int | None) -> list[int]:
    """The cards of ``hand`` that may follow a trick led in suit ``led`` (must follow)."""
    if led is None:
        return list(hand)
    same = [c for c in hand if c >> 4 == led]
    return same or list(hand)


def minimax(model: TrickModel, pos: Position) -> float:
    """The same value by plain minimax over every legal card (no table, no pruning, no
    merging): the reference the solver is tested against."""
    hands, leader, trick, acc = pos.hands, pos.leader, pos.trick, pos.acc
    mover = pos.mover
    maxing = model.side(mover) == model.side(model.me)
    values = []
    for c in set(model.legal(hands[mover], trick)):
        h2 = hands[:mover] + (_without(hands[mover], c),) + hands[mover + 1:]
        t2 = trick + (c,)
        if len(t2) < model.n:
            values.append(minimax(model, Position(h2, leader, t2, acc)))
            continue
        winner = model.winner(t2, leader)
        last = not any(h2)
        a2 = model.score(acc, t2, leader, winner, last)
        if last or model.over(a2):
            values.append(model.value(a2))
        else:
            values.append(minimax(model, Position(h2, winner, (), a2)))
    return max(values) if maxing else min(values)
